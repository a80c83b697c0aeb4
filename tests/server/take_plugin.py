"""The tiny Take game of the core tests, as a server plug-in with a turn timer and a query.

At 0:00 the player to move takes one stone. The query ``pile`` answers how many stones remain; the query
``broken`` fails like a buggy game would (not with a MeepleError).
"""

from __future__ import annotations

from typing import Any

from meeple.core.game import JSON, Game, GameInfo
from meeple.core.i18n import Msg
from meeple.server.registry import GameAdapter, Level
from tests.core.tiny_games import Take


def _timeout(game: Game[Any]) -> list[int]:
    return [1]


def _pile(game: Game[Any], seat: int | None, params: JSON) -> JSON:
    return {"pile": game.position_json()["pile"], "asked_by": seat}


def _broken(game: Game[Any], seat: int | None, params: JSON) -> JSON:
    raise ZeroDivisionError("a bug in the game")


def _greedy(game: Game[Any], seat: int, level: str | None, seed: int) -> int:
    """Take to leave a multiple of four when possible (the winning strategy)."""
    pile = game.position_json()["pile"]
    return pile % 4 if pile % 4 else 1


INFO = GameInfo(
    name="take",
    title=Msg("Prendre", "Take"),
    summary=Msg("Prenez 1 à 3 pierres ; la dernière gagne", "Take 1 to 3 stones; the last one wins"),
    factory=Take.new,
)
ADAPTER = GameAdapter(
    choose_move=_greedy,
    levels=(Level("perfect", Msg("Parfait", "Perfect")),),
    timeout_moves=_timeout,
    queries={"pile": _pile, "broken": _broken},
)
