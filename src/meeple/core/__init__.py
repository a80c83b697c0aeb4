"""The shared core every game builds on: the Game protocol, errors, boards, search, seeded RNG, i18n.

Nothing in ``meeple.core`` imports a game, the server or the web app. The names below are imported on
first use, so that a command line that needs only one module of the core (``meeple --help``) loads only it.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from meeple.core.errors import FormatError, IllegalMoveError, MeepleError
    from meeple.core.game import Game, GameInfo, Outcome
    from meeple.core.i18n import Msg, get_language, set_language
    from meeple.core.rng import SeededRandom, make_rng

_HOMES = {
    "FormatError": "errors", "IllegalMoveError": "errors", "MeepleError": "errors",
    "Game": "game", "GameInfo": "game", "Outcome": "game",
    "Msg": "i18n", "get_language": "i18n", "set_language": "i18n",
    "SeededRandom": "rng", "make_rng": "rng",
}

__all__ = [
    "FormatError",
    "Game",
    "GameInfo",
    "IllegalMoveError",
    "MeepleError",
    "Msg",
    "Outcome",
    "SeededRandom",
    "get_language",
    "make_rng",
    "set_language",
]


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"meeple.core.{home}"), name)
