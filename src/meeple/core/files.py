"""Reading JSON documents (levels, scenarios, cases, records) with errors that name the file and line."""

from __future__ import annotations

import json
import re
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
        reason_fr = _JSON_REASONS_FR.get(error.msg, error.msg)
        raise FormatError(
            source,
            "",
            Msg(f"ligne {error.lineno} : JSON invalide : {reason_fr}", f"line {error.lineno}: invalid JSON: {error.msg}"),
        ) from error


_JSON_REASONS_FR = {
    "Expecting value": "valeur attendue",
    "Expecting property name enclosed in double quotes": "nom de propriété entre guillemets doubles attendu",
    "Expecting ',' delimiter": "virgule attendue",
    "Expecting ':' delimiter": "deux-points attendu",
    "Extra data": "données en trop après la fin",
    "Unterminated string starting at": "chaîne non terminée",
    "Invalid control character at": "caractère de contrôle interdit",
    "Invalid \\escape": "échappement invalide",
    "Illegal trailing comma before end of object": "virgule en trop avant la fin de l'objet",
    "Illegal trailing comma before end of array": "virgule en trop avant la fin du tableau",
}
"""The messages of the :mod:`json` module in French (the English ones are Python's own)."""


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


def natural_key(name: str) -> tuple[tuple[int, int | str], ...]:
    """A sort key that puts numbers in number order: ``1-2`` before ``1-10``, ``act2/1-1`` before ``act10``.

    >>> sorted(["1-10", "1-2", "1-1"], key=natural_key)
    ['1-1', '1-2', '1-10']
    """
    return tuple((0, int(part)) if part.isdigit() else (1, part) for part in re.split(r"(\d+)", name) if part)
