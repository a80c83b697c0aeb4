"""Hive for the server: the AI at five strengths (:func:`meeple.games.hive.ai.best_move` and baselines),
the targets of a piece as a query, and the game types for the new-game page."""

from __future__ import annotations

from typing import Any

from meeple.core.errors import FormatError
from meeple.core.game import JSON, Game
from meeple.core.i18n import Msg
from meeple.core.rng import make_rng
from meeple.server.history import history_queries
from meeple.server.registry import GameAdapter, Level

LEVELS = (
    Level("random", Msg("Débutant (hasard)", "Beginner (random)")),
    Level("greedy", Msg("Facile", "Easy")),
    Level("medium", Msg("Moyen", "Medium")),
    Level("hard", Msg("Difficile", "Hard")),
    Level("expert", Msg("Expert", "Expert")),
)
GAME_TYPES = ("Base", "Base+M", "Base+L", "Base+P", "Base+MLP", "Base+C", "Base+MLPC")


def choose_move(game: Game[Any], seat: int, level: str | None, seed: int) -> Any:
    """The computer's move at ``level``: random, one-ply greedy, or alpha-beta search (2 plies, 1 s, 2.5 s)."""
    from meeple.games.hive import ai

    rng = make_rng(seed)
    if level == "random":
        return ai.random_move(game, rng)  # type: ignore[arg-type]
    if level == "greedy":
        return ai.greedy_move(game, rng)  # type: ignore[arg-type]
    if level == "medium":
        return ai.best_move(game, depth=2)  # type: ignore[arg-type]
    if level == "hard":
        return ai.best_move(game, time_limit=1.0)  # type: ignore[arg-type]
    return ai.best_move(game, time_limit=2.5)  # type: ignore[arg-type]


def targets(game: Game[Any], _seat: int | None, params: JSON) -> JSON:
    """Where a piece (``wA1``) or the next piece of a reserve kind (``wA``) may go now."""
    from meeple.games.hive import legal_targets

    piece = params.get("piece") if isinstance(params, dict) else None
    if not isinstance(piece, str):
        raise FormatError("params", "piece", Msg("un nom de pièce est attendu (wA1)", "a piece name is expected (wA1)"))
    return legal_targets(game, piece)  # type: ignore[arg-type]


def game_types(_params: JSON) -> JSON:
    """The game types the new-game page offers (UHP GameTypeStrings, C for the Centipede)."""
    return list(GAME_TYPES)


def describe(game: Game[Any], move: Any) -> Msg:
    """A move in words for the history (:func:`meeple.games.hive.describe.describe_move`)."""
    from meeple.games.hive.describe import describe_move

    return describe_move(game, move)  # type: ignore[arg-type]


def make_adapter() -> GameAdapter:
    """Hive: the view already lists every piece's targets, so no legal-move list is sent."""
    return GameAdapter(public_view=True, choose_move=choose_move, levels=LEVELS, default_level="medium", queries={"targets": targets, **history_queries(describe)},
                       catalog={"game_types": game_types}, send_legal_moves=False)
