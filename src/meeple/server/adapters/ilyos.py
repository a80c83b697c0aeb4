"""ILYOS for the server: the AI's four levels, the turn timer's time-out (rule 16), and the click helpers
of :mod:`meeple.games.ilyos.interface` as queries (rules 3, 8, 10, 15).

The queries answer only the seat to move: a guardian's targets reveal which cards its player can spend
(push forces, moves), which nobody else may learn.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from meeple.core.errors import FormatError
from meeple.core.game import JSON, Game
from meeple.core.i18n import Msg
from meeple.core.rng import make_rng
from meeple.server.history import history_queries
from meeple.server.registry import GameAdapter, Level

LEVELS = (
    Level("easy", Msg("Facile", "Easy")),
    Level("medium", Msg("Moyen", "Medium")),
    Level("hard", Msg("Difficile", "Hard")),
    Level("expert", Msg("Expert", "Expert")),
)


def choose_move(game: Game[Any], seat: int, level: str | None, seed: int) -> Any:
    """:func:`meeple.games.ilyos.ai.choose_move` at ``level`` (default Medium)."""
    from meeple.games.ilyos import ai

    return ai.choose_move(game, seat, level or "medium", make_rng(seed))  # type: ignore[arg-type]


def timeout_moves(game: Game[Any]) -> Sequence[Any]:
    """Rule 16 at 0:00: an island placed automatically if none was, then the end of the turn."""
    moves: Sequence[Any] = game.timeout_moves()  # type: ignore[attr-defined]
    return moves


def turn_seconds(options: Mapping[str, JSON]) -> int | None:
    """The "Time per turn" option (minutes; 0 is untimed) in seconds."""
    minutes = options.get("time_per_turn", 0)
    return minutes * 60 if isinstance(minutes, int) and not isinstance(minutes, bool) and minutes > 0 else None


def _mover_only(game: Game[Any], seat: int | None) -> bool:
    return seat is not None and seat == game.to_move()


def _cell(params: JSON, key: str) -> tuple[int, int]:
    value = params.get(key) if isinstance(params, dict) else None
    if not (isinstance(value, list) and len(value) == 2 and all(isinstance(v, int) for v in value)):
        raise FormatError("params", key, Msg("une case [x, y] est attendue", "a cell [x, y] is expected"))
    return value[0], value[1]


def select(game: Game[Any], seat: int | None, params: JSON) -> JSON:
    """The first click on a guardian: its targets with their actions, its drop button, its cancel cell."""
    from meeple.games.ilyos import interface

    guardian = params.get("guardian") if isinstance(params, dict) else None
    if not isinstance(guardian, int) or isinstance(guardian, bool):
        raise FormatError("params", "guardian", Msg("un numéro de gardien est attendu", "a guardian number is expected"))
    if not _mover_only(game, seat):
        return {"guardian": guardian, "targets": [], "drop": None, "cancel": None}
    return interface.selection(game, guardian)  # type: ignore[arg-type]


def magic(game: Game[Any], seat: int | None, params: JSON) -> JSON:
    """The rotations the mover may cast on the island under a cell."""
    from meeple.games.ilyos import interface

    cell = _cell(params, "cell")
    return interface.magic_targets(game, cell) if _mover_only(game, seat) else []  # type: ignore[arg-type]


def placements(game: Game[Any], seat: int | None, _params: JSON) -> JSON:
    """Where the mover may place its island, with the orientations that fit."""
    from meeple.games.ilyos import interface

    return interface.placement_targets(game) if _mover_only(game, seat) else []  # type: ignore[arg-type]


def describe(game: Game[Any], move: Any) -> Msg:
    """A move in words for the history (:func:`meeple.games.ilyos.describe.describe_move`)."""
    from meeple.games.ilyos.describe import describe_move

    return describe_move(game, move)  # type: ignore[arg-type]


def make_adapter() -> GameAdapter:
    """ILYOS: AI seats, the turn timer, and the click helpers; no legal-move list is sent."""
    return GameAdapter(choose_move=choose_move, levels=LEVELS, default_level="medium", timeout_moves=timeout_moves,
                       turn_seconds=turn_seconds,
                       queries={"select": select, "magic": magic, "placements": placements, **history_queries(describe)},
                       send_legal_moves=False)
