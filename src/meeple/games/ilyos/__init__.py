"""ILYOS: islands placed each turn, guardians that move and push, crowns carried to the villages.

The rules are in ``docs/rules/ilyos.md``; the engine in :mod:`meeple.games.ilyos.engine`; the click
helpers for the browser in :mod:`meeple.games.ilyos.interface`; the AI in :mod:`meeple.games.ilyos.ai`.
"""

from __future__ import annotations

from collections.abc import Mapping

from meeple.core.game import JSON, GameInfo
from meeple.core.i18n import Msg
from meeple.games.ilyos.engine import Action, IlyosGame


def make_game(options: Mapping[str, JSON] | None, seed: int | None) -> IlyosGame:
    """The factory the conformance kit, the CLI and the server use."""
    return IlyosGame.new(options, seed)


INFO = GameInfo(
    name="ilyos",
    title=Msg("ILYOS", "ILYOS"),
    summary=Msg(
        "Posez une île par tour, déplacez et poussez vos gardiens, ramenez trois couronnes au village.",
        "Place an island each turn, move and push your guardians, bring three crowns home.",
    ),
    factory=make_game,
    conformance_options=[
        {},
        {"mode": "2v2"},
        {"mode": "2v2", "team_diagonal": True, "islands": 12, "guardians": 4},
        {"islands": 4, "guardians": 1, "sacrificed_guardian": True, "time_per_turn": 2},
    ],
    max_playout_moves=150,
)

__all__ = ["INFO", "Action", "IlyosGame", "make_game"]
