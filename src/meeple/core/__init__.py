"""The shared core every game builds on: the Game protocol, errors, boards, search, seeded RNG, i18n.

Nothing in ``meeple.core`` imports a game, the server or the web app.
"""

from meeple.core.errors import FormatError, IllegalMoveError, MeepleError
from meeple.core.game import Game, GameInfo, Outcome
from meeple.core.i18n import Msg, get_language, set_language
from meeple.core.rng import SeededRandom, make_rng

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
