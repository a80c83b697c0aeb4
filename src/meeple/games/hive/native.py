"""The native Hive core (C++ in ``src/meeple/games/hive/cpp``, built by ``pip install``): move generation,
make/unmake, hashes, perft, the evaluation and the search, behind the same rules as :mod:`state`.

The Python engine (:mod:`meeple.games.hive.state`) stays the authority: the server and the UHP engine
check every move with it, and the tests prove the native move generator equal to it
(tests/games/hive/test_native.py). A native position is made by replaying a game's moves, each checked
against the native move list, so nothing the Python rules accept can put it in an undefined state::

    position = native_position(game.state)       # the same position, in the native core
    position.moves()                             # the same moves as game.state.moves() (in another order)
    searcher().search(position, time_limit=1.0)  # {"move", "score", "depth", "pv", "nodes", ...}

A missing core (a source tree not built, a machine without a compiler) is one line naming the fix.
"""

from __future__ import annotations

import importlib
import threading
from types import ModuleType
from typing import Any

from meeple.core.errors import MeepleError
from meeple.core.i18n import Msg
from meeple.games.hive.state import HiveState

TABLE_MEGABYTES = 32
"""The size of a searcher's transposition table (one searcher per thread, kept between searches)."""


class NativeCoreMissing(MeepleError):
    """The compiled Hive core is not there: the message says how to build it."""

    def __init__(self) -> None:
        super().__init__(Msg(
            "le cœur natif de Hive (meeple.games.hive._engine) n'est pas compilé : relancer "
            "« pip install -e . » (ou « bash scripts/setup.sh ») sur une machine qui a un compilateur C++ (g++)",
            "the Hive native core (meeple.games.hive._engine) is not built: run 'pip install -e .' "
            "(or 'bash scripts/setup.sh') again on a machine with a C++ compiler (g++)",
        ))


def engine() -> Any:
    """The compiled module ``meeple.games.hive._engine``, or :class:`NativeCoreMissing`."""
    try:
        module: ModuleType = importlib.import_module("meeple.games.hive._engine")
    except ImportError as error:
        raise NativeCoreMissing() from error
    return module


def available() -> bool:
    """Whether the native core is built."""
    try:
        engine()
    except NativeCoreMissing:
        return False
    return True


def native_position(state: HiveState) -> Any:
    """A native ``Position`` after the same moves as ``state`` (which is left unchanged)."""
    position = engine().Position(state.game_type.expansions)
    for move, *_ in state.history:
        try:
            position.play(*move)
        except ValueError as error:  # the two engines disagree: a bug, said as such
            raise MeepleError(Msg(f"le cœur natif de Hive refuse un coup de la partie : {error}",
                                  f"the Hive native core refuses a move of the game: {error}")) from error
    return position


_LOCAL = threading.local()


def searcher() -> Any:
    """This thread's native ``Searcher`` (its transposition table is kept from one search to the next)."""
    found = getattr(_LOCAL, "searcher", None)
    if found is None:
        found = _LOCAL.searcher = engine().Searcher(TABLE_MEGABYTES)
    return found
