"""Mechanic analysis: which of a level's mechanics are *needed*, and the solver's figures of the level.

For every mechanic a level contains, :func:`analyse` solves the level again with that mechanic taken
away by a documented transformation (docs/rules/stealth.md, R23) and compares: the mechanic is
*needed* when the transformed level has no solution or its shortest solution has another length than
the level's par. Taking a capability away (the stone, neutralising a kind of enemy, the
diverted-from-the-front rule, hide nodes) can only lengthen the shortest solution; lifting a constraint
(one-way edges made two-way, doors open from the start, no caravan, trackers that never turn alert,
pivots that stop turning, patrols that stand still) can make it shorter or longer — either way the
level's answer depends on it.

The transformations are made on the level document and read again by :func:`parse_level`, so a
transformed level is checked like any other; only "untouchable" (a mask the rules already take) and the
diverted-from-the-front switch (:attr:`Level.diverted_any_side`) act below the file format.

:func:`figures` explores the whole level once: reachable states, par, the number of distinct shortest
solutions (move sequences), the share of dead ends (positions still in play from which the exit can no
longer be reached) and the mean branching (legal actions per position in play).
"""

from __future__ import annotations

import copy
import dataclasses
import math
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from meeple.core.i18n import Msg
from meeple.games.stealth.level import MECHANIC_CODES, Level, parse_level
from meeple.games.stealth.measures import Measures, measure
from meeple.games.stealth.rules import ALL_NEUTRALISABLE, PLAY
from meeple.games.stealth.solver import DEFAULT_BUDGET, StateGraph, Transitions, solve, state_graph


@dataclass(frozen=True)
class Mechanic:
    """A mechanic a level can contain, and the transformation that takes it away."""

    code: str
    name: Msg
    without: Msg
    """What the transformation does, as the table and the docs say it."""


MECHANICS: tuple[Mechanic, ...] = (
    Mechanic("sentry", Msg("neutraliser une sentinelle", "neutralising a sentry"),
             Msg("les sentinelles ne peuvent pas être neutralisées", "sentries cannot be neutralised")),
    Mechanic("pivot", Msg("neutraliser une sentinelle pivotante", "neutralising a pivoting sentry"),
             Msg("les sentinelles pivotantes ne peuvent pas être neutralisées", "pivoting sentries cannot be neutralised")),
    Mechanic("pivot-turn", Msg("le pivotement", "pivoting"),
             Msg("les sentinelles pivotantes ne tournent plus (première orientation)",
                 "pivoting sentries stop turning (first orientation)")),
    Mechanic("patrol", Msg("neutraliser une patrouille", "neutralising a patrol"),
             Msg("les patrouilles ne peuvent pas être neutralisées", "patrols cannot be neutralised")),
    Mechanic("patrol-walk", Msg("la marche des patrouilles", "patrols walking"),
             Msg("les patrouilles restent au premier nœud de leur parcours", "patrols stay on the first node of their route")),
    Mechanic("tracker", Msg("neutraliser un traqueur", "neutralising a tracker"),
             Msg("les traqueurs ne peuvent pas être neutralisés", "trackers cannot be neutralised")),
    Mechanic("tracker-alert", Msg("l'alerte des traqueurs (alerte, retour)", "trackers' states (alert, returning)"),
             Msg("les traqueurs ne passent jamais en alerte", "trackers never turn alert")),
    Mechanic("stone", Msg("la pierre sonore et le détournement", "the noise stone and diversion"),
             Msg("aucune pierre", "no stone")),
    Mechanic("diverted-front", Msg("neutraliser un ennemi détourné par l'avant", "neutralising a diverted enemy from its front"),
             Msg("arriver par l'avant d'un ennemi détourné est une capture", "arriving from a diverted enemy's front captures")),
    Mechanic("hide", Msg("les cachettes", "hide nodes"),
             Msg("les cachettes deviennent des nœuds ordinaires", "hide nodes become ordinary nodes")),
    Mechanic("door", Msg("les clés et les portes", "keys and doors"),
             Msg("les portes sont ouvertes dès le départ", "doors are open from the start")),
    Mechanic("oneway", Msg("les arêtes à sens unique", "one-way edges"),
             Msg("les arêtes à sens unique deviennent à double sens", "one-way edges become two-way")),
    Mechanic("caravan", Msg("la caravane", "the caravan"),
             Msg("pas de caravane", "no caravan")),
)
assert tuple(mechanic.code for mechanic in MECHANICS) == MECHANIC_CODES  # one list, in the file format
BY_CODE = {mechanic.code: mechanic for mechanic in MECHANICS}
KIND_OF = {"sentry": "sentry", "pivot": "pivot", "patrol": "patrol", "tracker": "tracker"}
"""The mechanics that are "neutralising an enemy of this kind"."""


def present(level: Level) -> list[str]:
    """The codes of the mechanics ``level`` contains, in the order of :data:`MECHANICS`."""
    kinds = {spec.kind for spec in level.enemies}
    has = {
        "sentry": "sentry" in kinds, "pivot": "pivot" in kinds, "pivot-turn": "pivot" in kinds,
        "patrol": "patrol" in kinds, "patrol-walk": "patrol" in kinds,
        "tracker": "tracker" in kinds, "tracker-alert": "tracker" in kinds,
        "stone": level.stones > 0 and bool(level.enemies),
        "diverted-front": level.stones > 0 and bool(level.enemies),
        "hide": bool(level.hide), "door": bool(level.doors),
        "oneway": any(not level.graph.has_edge(b, a) for a in range(len(level.node_ids))
                      for b in level.graph.successors(a)),
        "caravan": bool(level.caravan),
    }
    return [code for code in MECHANIC_CODES if has[code]]


# --- the transformations -------------------------------------------------------------------------------
def _reparse(level: Level, change: Callable[[dict[str, Any]], None]) -> Level:
    doc = copy.deepcopy(level.data)
    change(doc)
    # the transformed level keeps no par nor stars: only its shortest solution is compared
    doc.pop("par", None)
    doc["stars"] = ["finish"]
    return parse_level(doc, f"{level.source} (analyse)")


def _as_sentries(kind: str, doc: dict[str, Any]) -> None:
    """Every enemy of ``kind`` becomes a sentry where it starts, facing where it first faces."""
    enemies = []
    for enemy in doc.get("enemies", []):
        if enemy.get("kind") == kind:
            if kind == "patrol":
                node, facing = enemy["route"][0], enemy["route"][1]
            elif kind == "pivot":
                node, facing = enemy["node"], enemy["cycle"][0]
            else:
                node, facing = enemy["node"], enemy["facing"]
            enemy = {"id": enemy["id"], "kind": "sentry", "node": node, "facing": facing}
        enemies.append(enemy)
    doc["enemies"] = enemies


def _two_way(doc: dict[str, Any]) -> None:
    doc["edges"] = [{**edge, "oneway": False} if isinstance(edge, dict) else edge for edge in doc["edges"]]


def _open_doors(doc: dict[str, Any]) -> None:
    doc["edges"] = [{k: v for k, v in edge.items() if k != "door"} if isinstance(edge, dict) else edge
                    for edge in doc["edges"]]


def _no_hide(doc: dict[str, Any]) -> None:
    doc["nodes"] = [{k: v for k, v in node.items() if k != "hide"} for node in doc["nodes"]]


def transformed(level: Level, code: str) -> tuple[Level, int]:
    """``level`` with mechanic ``code`` taken away, and the mask of enemies that may be neutralised."""
    mask = ALL_NEUTRALISABLE
    if code in KIND_OF:
        for index, spec in enumerate(level.enemies):
            if spec.kind == KIND_OF[code]:
                mask &= ~(1 << index)
        return _reparse(level, lambda doc: None), mask
    if code == "diverted-front":
        return dataclasses.replace(_reparse(level, lambda doc: None), diverted_any_side=False), mask
    changes: dict[str, Callable[[dict[str, Any]], None]] = {
        "pivot-turn": lambda doc: _as_sentries("pivot", doc),
        "patrol-walk": lambda doc: _as_sentries("patrol", doc),
        "tracker-alert": lambda doc: _as_sentries("tracker", doc),
        "stone": lambda doc: doc.update(stones=0),
        "hide": _no_hide,
        "door": _open_doors,
        "oneway": _two_way,
        "caravan": lambda doc: doc.update(caravan=[]),
    }
    if code not in changes:
        raise ValueError(f"unknown mechanic {code!r}")
    return _reparse(level, changes[code]), mask


# --- figures -------------------------------------------------------------------------------------------
@dataclass
class Figures:
    """What one full exploration of a level says about it."""

    reachable: int
    par: int | None
    """Length of the shortest solution (None: no solution)."""
    optimal_solutions: int
    """Distinct move sequences of length ``par`` that win."""
    dead_ends: float
    """Share of the positions in play from which the exit can no longer be reached."""
    branching: float
    """Mean number of legal actions over the positions in play."""
    in_play: int

    def to_json(self) -> dict[str, Any]:
        """The figures as JSON."""
        return {"reachable": self.reachable, "par": self.par, "optimal_solutions": self.optimal_solutions,
                "dead_ends": round(self.dead_ends, 4), "branching": round(self.branching, 3), "in_play": self.in_play}


def figures(level: Level, max_states: int = DEFAULT_BUDGET, cache: Transitions | None = None,
            graph: StateGraph | None = None) -> Figures:
    """Explore every state of ``level`` once (breadth-first) and count what :class:`Figures` holds.

    ``graph`` is that exploration when the caller already has it. Raises :class:`BudgetExceededError` when
    more than ``max_states`` states are reachable.
    """
    graph = graph or state_graph(level, max_states, cache)
    states, moves, depth = graph.states, graph.moves, graph.depth
    ways = [0] * len(states)
    ways[0] = 1
    parents: list[list[int]] = [[] for _ in states]
    in_play = played = 0
    for here, state in enumerate(states):  # breadth-first order: a state's ways are complete when it is reached
        if state.status != PLAY:
            continue
        in_play += 1
        played += len(moves[here])
        for _action, child in moves[here]:
            if depth[child] == depth[here] + 1:
                ways[child] += ways[here]
            parents[child].append(here)
    won = graph.won()
    best = graph.par()
    optimal = sum(ways[index] for index in won if depth[index] == best)
    alive = _can_win(won, parents)
    dead = sum(1 for index, state in enumerate(states) if state.status == PLAY and not alive[index])
    return Figures(len(states), best, optimal, dead / in_play if in_play else 0.0,
                   played / in_play if in_play else 0.0, in_play)


def _can_win(won: list[int], parents: list[list[int]]) -> list[bool]:
    """Which states some play leads from to one of ``won`` (walking the moves backwards)."""
    alive = [False] * len(parents)
    queue = deque(won)
    for index in won:
        alive[index] = True
    while queue:
        for parent in parents[queue.popleft()]:
            if not alive[parent]:
                alive[parent] = True
                queue.append(parent)
    return alive


# --- difficulty ---------------------------------------------------------------------------------------
SCORE_STEPS = (3.3, 4.0, 4.8, 5.6)
"""Scores at which the difficulty goes up by one (calibrated on act 1: docs/rules/stealth.md, R24)."""


def score(found: Figures) -> float:
    """The difficulty score of a level from its solver figures (R24).

    ``par / 4 + log10(reachable states) + 2 × dead-end share + 1 / distinct optimal solutions``:
    a long shortest solution, a large space of positions, many positions with no way out and a single
    right way are what make a level hard.
    """
    par = found.par or 0
    return par / 4 + math.log10(max(found.reachable, 1)) + 2 * found.dead_ends + 1 / max(found.optimal_solutions, 1)


def difficulty(found: Figures) -> int:
    """1 (easiest) to 5: how many steps of :data:`SCORE_STEPS` the :func:`score` passes, plus one."""
    value = score(found)
    return 1 + sum(value >= step for step in SCORE_STEPS)



# --- the analysis --------------------------------------------------------------------------------------
@dataclass
class MechanicResult:
    """One row of the table: a mechanic, whether the level contains it, and the par with and without it."""

    code: str
    present: bool
    par_with: int | None
    par_without: int | None = None
    """Shortest solution of the transformed level (None: unsolvable or not analysed)."""
    solvable_without: bool = True

    @property
    def needed(self) -> bool:
        """Taking the mechanic away makes the level unsolvable or changes its par."""
        return self.present and (not self.solvable_without or self.par_without != self.par_with)

    def to_json(self) -> dict[str, Any]:
        """The row as JSON."""
        return {"mechanic": self.code, "present": self.present, "needed": self.needed,
                "par_with": self.par_with, "par_without": self.par_without if self.solvable_without else None,
                "solvable_without": self.solvable_without}


@dataclass
class Analysis:
    """The mechanic table and the figures of one level."""

    level: Level
    figures: Figures
    mechanics: list[MechanicResult] = field(default_factory=list)
    measures: Measures | None = None
    """The design measures (R26); None when the level has no solution."""

    def needed(self) -> list[str]:
        """The codes of the needed mechanics."""
        return [row.code for row in self.mechanics if row.needed]

    def to_json(self) -> dict[str, Any]:
        """The analysis as JSON (``meeple stealth analyse --json``)."""
        return {"level": self.level.id, "teaches": list(self.level.teaches), "figures": self.figures.to_json(),
                "mechanics": [row.to_json() for row in self.mechanics],
                "measures": self.measures.to_json() if self.measures is not None else None}


def mechanic_needed(level: Level, code: str, par: int | None, max_states: int = DEFAULT_BUDGET) -> MechanicResult:
    """Solve ``level`` with mechanic ``code`` taken away and compare with ``par`` (its shortest solution)."""
    if code not in present(level):
        return MechanicResult(code, False, par)
    variant, mask = transformed(level, code)
    without = solve(variant, "finish", max_states, neutralisable=mask)
    return MechanicResult(code, True, par, without.length if without.found else None, without.found)


def analyse(level: Level, max_states: int = DEFAULT_BUDGET, codes: tuple[str, ...] = MECHANIC_CODES) -> Analysis:
    """The figures and design measures of ``level`` and, for each mechanic of ``codes``, whether it is present
    and needed."""
    graph = state_graph(level, max_states)
    found = figures(level, max_states, graph=graph)
    analysis = Analysis(level, found, measures=measure(level, max_states, graph) if found.par is not None else None)
    for code in codes:
        analysis.mechanics.append(mechanic_needed(level, code, found.par, max_states))
    return analysis
