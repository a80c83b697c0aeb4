"""Stealth for the server: the level catalogue (act and level select), the daily level, the move preview and
hint queries, and levels sent inline (``level_data``, within the format's limits, built in a worker)."""

from __future__ import annotations

from typing import Any

from meeple.core.errors import FormatError
from meeple.core.game import JSON, Game
from meeple.core.i18n import Msg
from meeple.games.stealth.daily import daily_answer
from meeple.games.stealth.editor import editor_report
from meeple.games.stealth.level import LEVEL_LIMITS
from meeple.server.history import history_queries
from meeple.server.registry import GameAdapter


def levels(_params: JSON) -> JSON:
    """Every shipped level in play order, with what the level select shows."""
    from meeple.games.stealth.shipped import load_shipped_level, shipped_level_ids

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
    """The level being played: title, hint, par, declared stars, what the map draws beside the position (the
    patrols' routes, the trackers' posts) and the room's options (to play the same level again)."""
    level = getattr(game, "level", None)
    if level is None:
        raise FormatError("query", "level", Msg("pas un niveau d'infiltration", "not a stealth level"))
    return {"id": level.id, "title": level.title.to_json(), "hint": level.hint.to_json(), "teaches": level.teaches,
            "par": level.par, "stars": list(level.stars), "enemies": len(level.enemies),
            "stone_range": level.stone_range,
            "patrols": [{"id": spec.id, "route": [level.name(node) for node in spec.route], "loop": spec.loop}
                        for spec in level.enemies if spec.kind == "patrol"],
            "posts": {spec.id: level.name(spec.node) for spec in level.enemies if spec.kind == "tracker"},
            "options": dict(getattr(game, "options", {}))}


HINT_BUDGET = 100_000
"""States the hint's search may visit (a shipped level has at most a few thousand)."""


def hint(game: Game[Any], _seat: int | None, _params: JSON) -> JSON:
    """The next move of a shortest way out from the room's position (``{"move": null}``: none is left)."""
    from meeple.games.stealth.solver import hint as next_move

    level, state = getattr(game, "level", None), getattr(game, "state", None)
    if level is None or state is None:
        raise FormatError("query", "hint", Msg("pas un niveau d'infiltration", "not a stealth level"))
    action = next_move(level, state, HINT_BUDGET) if game.outcome() is None else None
    return {"move": None if action is None else game.move_to_json(game.move_of(action))}  # type: ignore[attr-defined]


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
    return GameAdapter(public_view=True,
                       queries={"preview": preview, "level": level_info, "hint": hint, **history_queries(describe)},
                       # analyse: the level editor's live check; daily: the day's generated level
                       catalog={"levels": levels, "analyse": editor_report, "daily": daily_answer},
                       worker_queries=frozenset({"analyse", "hint", "daily"}), inline_content={"level_data": LEVEL_LIMITS})
