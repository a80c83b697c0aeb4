"""``--json`` for the commands that report something: one option, one way to print.

A command given ``--json`` writes exactly one JSON document (one line, UTF-8) on standard output and
nothing else there; errors still go to standard error with the usual exit code (docs/cli.md). The field
names of each command's document are listed in docs/cli.md and are part of the command line's interface.
"""

from __future__ import annotations

import json
from typing import Annotated

import typer

from meeple.core.cli_i18n import cli_help
from meeple.core.game import JSON

JsonOpt = Annotated[bool, typer.Option("--json", help=cli_help(
    "écrit un seul document JSON sur la sortie standard (champs : docs/cli.md)",
    "write one JSON document on standard output (fields: docs/cli.md)",
))]
"""The ``--json`` flag, the same on every command."""


def print_json(document: JSON) -> None:
    """Write ``document`` as one line of JSON on standard output."""
    typer.echo(json.dumps(document, ensure_ascii=False))
