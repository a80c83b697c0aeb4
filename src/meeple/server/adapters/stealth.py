"""Stealth for the server: the level catalogue (act and level select), the move preview query, and levels sent
inline (``level_data``, within the format's limits, built in a worker)."""

from __future__ import annotations

from typing import Any

from meeple.core.errors import FormatError
from meeple.core.game import JSON, Game
from meeple.core.i18n import Msg
from meeple.games.stealth.editor import editor_report
from meeple.games.stealth.level import LEVEL_LIMITS
from meeple.server.history import history_queries
from meeple.server.registry import GameAdapter


def levels(_params: JSON) -> JSON:
    """Every shipped level in play order, with what the level select shows."""
    from meeple.games.stealth.level import load_shipped_level, shipped_level_ids

    found = []
    for level_id in shipped_level_ids():
        level = load_shipped_level(level_id)
        found.append({
            "id": level.id, "act": level.id.split("-")[0], "title": level.title.to_json(),
            "hint": level.hint.to_json(), "teaches": level.teaches, "tutorial": level.tutorial,
            "par": level.par, "stars": list(level.stars), "enemies": len(level.enemies),
        })
    return found


def level_info(game: Game[Any], _seat: int | None, _params: JSON) -> JSON:
    """The level being played (title, hint, par, declared stars)."""
    level = getattr(game, "level", None)
    if level is None:
        raise FormatError("query", "level", Msg("pas un niveau d'infiltration", "not a stealth level"))
    return {"id": level.id, "title": level.title.to_json(), "hint": level.hint.to_json(), "teaches": level.teaches,
            "par": level.par, "stars": list(level.stars), "enemies": len(level.enemies),
            "stone_range": level.stone_range}


def preview(game: Game[Any], _seat: int | None, params: JSON) -> JSON:
    """The engine's ``preview(move)``: what the move would do, from the same resolution code."""
    move = game.move_from_json(params.get("move") if isinstance(params, dict) else None)
    result: JSON = game.preview(move)  # type: ignore[attr-defined]
    return result


def describe(game: Game[Any], move: Any) -> Msg:
    """A move in words for the history (:func:`meeple.games.stealth.describe.describe_move`)."""
    from meeple.games.stealth.describe import describe_move

    return describe_move(game, move)  # type: ignore[arg-type]


def make_adapter() -> GameAdapter:
    """Stealth is a one-player puzzle: no computer player, no timer."""
    return GameAdapter(public_view=True, queries={"preview": preview, "level": level_info, **history_queries(describe)},
                       catalog={"levels": levels, "analyse": editor_report},  # analyse: the level editor's live check
                       worker_queries=frozenset({"analyse"}), inline_content={"level_data": LEVEL_LIMITS})
