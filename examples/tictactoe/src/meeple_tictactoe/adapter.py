"""What meeple's server needs from tic-tac-toe beyond the Game protocol: the computer's levels.

A game with no adapter at all gets a computer that plays a random legal move; this one adds a perfect
player. An adapter may also give a turn timer's time-out, queries a page asks about a room's position,
and catalogue questions (see ``meeple.server.registry.GameAdapter``).
"""

from __future__ import annotations

from typing import Any

from meeple.core.game import Game
from meeple.core.i18n import Msg
from meeple.core.rng import make_rng
from meeple.server.registry import RANDOM_LEVEL, GameAdapter, Level, random_move


def perfect_move(game: Game[Any], seat: int, level: str | None, seed: int) -> Any:
    """``random``: any legal move; ``perfect``: one of the moves that keep the best value, drawn by seed."""
    if level == "random":
        return random_move(game, seat, level, seed)
    from meeple_tictactoe.game import solve

    _value, best = solve(game)  # type: ignore[arg-type]
    return make_rng(seed).choice(best)


def make_adapter() -> GameAdapter:
    """The adapter ``game.toml`` names."""
    return GameAdapter(choose_move=perfect_move, levels=(RANDOM_LEVEL, Level("perfect", Msg("Parfait", "Perfect"))),
                       default_level="perfect", public_view=True)
