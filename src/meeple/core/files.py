"""Reading JSON documents (levels, scenarios, cases, records) with errors that name the file and line."""

from __future__ import annotations

import json
from pathlib import Path

from meeple.core.errors import FormatError, os_error_reason
from meeple.core.game import JSON
from meeple.core.i18n import Msg


def parse_json(text: str, source: str) -> JSON:
    """The JSON value in ``text``; bad JSON raises :class:`FormatError` naming ``source`` and the line.

    >>> parse_json('{"a": 1}', "x.json")
    {'a': 1}
    >>> try:
    ...     parse_json('{"a": }', "x.json")
    ... except FormatError as error:
    ...     print(error.text("en"))
    x.json: line 1: invalid JSON: Expecting value
    """
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise FormatError(
            source,
            f"line {error.lineno}",
            Msg(f"JSON invalide : {error.msg}", f"invalid JSON: {error.msg}"),
        ) from error


def read_json(path: str | Path) -> JSON:
    """The JSON value in the file at ``path``; an unreadable file or bad JSON raises :class:`FormatError`."""
    source = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as error:
        reason = os_error_reason(error)
        raise FormatError(source, "", Msg(f"lecture impossible : {reason.fr}", f"cannot read: {reason.en}")) from error
    except UnicodeDecodeError as error:
        raise FormatError(source, "", Msg("le fichier n'est pas en UTF-8", "the file is not UTF-8")) from error
    return parse_json(text, source)
