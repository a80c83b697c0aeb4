"""Skirmish for the server: the scenario list, and the adjudicator's ``reachable``/``check`` as queries;
the scenario rules (R6's ZOC, R10's shortest path) described for the sandbox's form
(:mod:`meeple.server.options`), each scenario's own JSON to edit and export, and the played one.

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
from meeple.server.options import Choice, OptionSpec, options_catalog
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


def played_scenario(game: Game[Any], _seat: int | None, _params: JSON) -> JSON:
    """The room's scenario in its file format, rules included (to show them and to export it)."""
    result: JSON = game.scenario.to_json()  # type: ignore[attr-defined]
    return result


def scenarios(_params: JSON) -> JSON:
    """The shipped scenarios with their titles, descriptions and rules."""
    from meeple.games.skirmish.scenario import shipped_scenario, shipped_scenarios

    found = []
    for name in shipped_scenarios():
        scenario = shipped_scenario(name)
        found.append({"name": name, "title": scenario.title.to_json(), "description": scenario.description.to_json(),
                      "rounds": scenario.rounds, "fighters": len(scenario.fighters),
                      "rules": {"zoc": scenario.ground.zoc, "shortest": scenario.ground.shortest}})
    return found


def scenario(params: JSON) -> JSON:
    """A shipped scenario in its file format (``params.name``), for the sandbox to change and export."""
    from meeple.games.skirmish.scenario import shipped_scenario

    name = params.get("name") if isinstance(params, dict) else None
    if not isinstance(name, str):
        raise FormatError("params", "name", Msg("un nom de scénario est attendu", "a scenario name is expected"))
    result: JSON = shipped_scenario(name, "params.name").to_json()
    return result


def rule_specs() -> list[OptionSpec]:
    """The two readings a scenario's ``rules`` choose (R6, R10), with the engine's defaults."""
    from meeple.games.skirmish.battlefield import Ground

    default = Ground.parse(["."])
    return [
        OptionSpec("zoc", Msg("Zone de contrôle", "Zone of control"), default.zoc, choices=(
            Choice("walk", Msg("par la marche", "by walking")), Choice("sight", Msg("à vue", "by sight"))),
            help=Msg("Par la marche : la ZdC contourne les murs, jamais au travers ; à vue : elle va partout où "
                     "l'œil porte sans traverser un mur.",
                     "By walking: a ZOC goes round walls, never through them; by sight: it reaches every cell "
                     "the eye sees without crossing a wall."), rule="R6"),
        OptionSpec("shortest", Msg("Plus court chemin vers l'adversaire", "Shortest path toward the opponent"),
                   default.shortest, choices=(
                       Choice("length", Msg("en cases", "in cells")), Choice("cost", Msg("en points de mouvement", "in movement points"))),
                   help=Msg("En cases, le pas direct sur un terrain difficile reste permis ; en points, le chemin le "
                            "moins coûteux seul compte.",
                            "In cells, the direct step onto difficult ground stays allowed; in points, only the "
                            "cheapest path counts."), rule="R10"),
    ]


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
    """Skirmish: reach, check and scenario queries, the scenarios and their rules, and the package's AI."""
    return GameAdapter(public_view=True, choose_move=_choose_move, levels=LEVELS, queries={"reach": reach, "check": check, "scenario": played_scenario, **history_queries(describe)},
                       catalog={"scenarios": scenarios, "scenario": scenario, "scenario_rules": options_catalog(rule_specs)}, send_legal_moves=False,
                       inline_content={"scenario": SCENARIO_LIMITS})
