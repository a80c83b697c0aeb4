"""Skirmish for the server: the scenario list, and the adjudicator's ``reachable``/``check`` as queries.

The legal moves are not sent with each state (every end cell of every fighter, with a path): the page
asks ``reach`` for the fighter the player selects instead.
"""

from __future__ import annotations

from typing import Any

from meeple.core.errors import FormatError
from meeple.core.game import JSON, Game
from meeple.core.i18n import Msg
from meeple.core.modules import import_optional
from meeple.games.skirmish.scenario import SCENARIO_LIMITS
from meeple.server.history import history_queries
from meeple.server.registry import RANDOM_LEVEL, GameAdapter, Level, random_move


def _fighter_param(params: JSON) -> str:
    fighter = params.get("fighter") if isinstance(params, dict) else None
    if not isinstance(fighter, str):
        raise FormatError("params", "fighter", Msg("un identifiant de combattant est attendu", "a fighter id is expected"))
    return fighter


def reach(game: Game[Any], _seat: int | None, params: JSON) -> JSON:
    """Every legal end cell of a fighter now, with one path, its cost and its outcome (any fighter: a sandbox)."""
    result: JSON = game.reachable(_fighter_param(params)).to_json()  # type: ignore[attr-defined]
    return result


def check(game: Game[Any], _seat: int | None, params: JSON) -> JSON:
    """Whether a path is legal for a fighter, or its first illegal step and the rule it breaks."""
    path = params.get("path") if isinstance(params, dict) else None
    if not isinstance(path, list) or not all(isinstance(cell, list) and len(cell) == 2 for cell in path):
        raise FormatError("params", "path", Msg("une liste de cases [x, y] est attendue", "a list of [x, y] cells is expected"))
    result: JSON = game.check(_fighter_param(params), [(int(x), int(y)) for x, y in path]).to_json()  # type: ignore[attr-defined]
    return result


def scenarios(_params: JSON) -> JSON:
    """The shipped scenarios with their titles and descriptions."""
    from meeple.games.skirmish.scenario import shipped_scenario, shipped_scenarios

    found = []
    for name in shipped_scenarios():
        scenario = shipped_scenario(name)
        found.append({"name": name, "title": scenario.title.to_json(), "description": scenario.description.to_json(),
                      "rounds": scenario.rounds, "fighters": len(scenario.fighters)})
    return found


LEVELS = (Level("greedy", Msg("Normal (glouton)", "Normal (greedy)")),
          Level("tactical", Msg("Difficile (tactique)", "Hard (tactical)")), RANDOM_LEVEL)


def _choose_move(game: Game[Any], seat: int, level: str | None, seed: int) -> Any:
    """The package's computer (:func:`meeple.games.skirmish.api.ai_move`), or a random legal move."""
    api = import_optional("meeple.games.skirmish.api")
    choose = getattr(api, "ai_move", None)
    if choose is None or level == RANDOM_LEVEL.key:
        return random_move(game, seat, level, seed)
    return choose(game, seed=seed, level=level)


def describe(game: Game[Any], move: Any) -> Msg:
    """A move in words for the history (:func:`meeple.games.skirmish.describe.describe_move`)."""
    from meeple.games.skirmish.describe import describe_move

    return describe_move(game, move)  # type: ignore[arg-type]


def make_adapter() -> GameAdapter:
    """Skirmish: reach and check queries, the scenario list, and the package's AI when it has one."""
    return GameAdapter(public_view=True, choose_move=_choose_move, levels=LEVELS, queries={"reach": reach, "check": check, **history_queries(describe)},
                       catalog={"scenarios": scenarios}, send_legal_moves=False,
                       inline_content={"scenario": SCENARIO_LIMITS})
