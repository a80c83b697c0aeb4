"""Importing parts that may not exist yet (a game without a command line, the web app)."""

from __future__ import annotations

import importlib
from types import ModuleType


def import_optional(name: str) -> ModuleType | None:
    """The module ``name``, or ``None`` if it does not exist (errors inside it still propagate)."""
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as error:
        if error.name is not None and name.startswith(error.name):
            return None
        raise
