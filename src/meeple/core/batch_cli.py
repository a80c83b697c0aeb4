"""The command-line options of every batch job (:mod:`meeple.core.batch`): where it runs (``--jobs``,
``--ray``, ``--ray-address``) and its journal (``--journal``, ``--resume``), one definition for all games."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from meeple.core.cli_i18n import cli_help
from meeple.core.i18n import Msg

JobsOpt = Annotated[int | None, typer.Option("--jobs", min=1, help=cli_help(
    "processus de calcul sur cette machine (défaut : un par cœur)", "worker processes on this machine (default: one per core)",
))]
RayOpt = Annotated[bool, typer.Option("--ray", help=cli_help(
    "calcule sur Ray (un Ray local, ou celui de RAY_ADDRESS / --ray-address)",
    "compute on Ray (a local Ray, or the one of RAY_ADDRESS / --ray-address)",
))]
RayAddressOpt = Annotated[str | None, typer.Option("--ray-address", help=cli_help(
    "adresse d'une grappe Ray (ray://HÔTE:10001 ou auto)", "address of a Ray cluster (ray://HOST:10001 or auto)",
))]
JournalOpt = Annotated[Path | None, typer.Option("--journal", help=cli_help(
    "fichier JSON lines où chaque résultat est écrit dès qu'il arrive", "JSON-lines file where each result is written as it arrives",
))]
ResumeOpt = Annotated[bool, typer.Option("--resume", help=cli_help(
    "reprend le travail interrompu enregistré dans --journal", "resume the interrupted job recorded in --journal",
))]


def check_journal(journal: Path | None, resume: bool) -> None:
    """``--resume`` needs a ``--journal``; a journal that exists is only continued when ``--resume`` says so
    (never overwritten by mistake)."""
    if resume and journal is None:
        raise typer.BadParameter(Msg("--resume demande --journal FICHIER", "--resume needs --journal FILE").text(),
                                 param_hint="--resume")
    if journal is not None and not resume and journal.exists() and journal.stat().st_size > 0:
        raise typer.BadParameter(Msg(f"{journal} existe déjà : --resume pour le continuer, ou un autre fichier",
                                     f"{journal} already exists: --resume to continue it, or another file").text(),
                                 param_hint="--journal")
