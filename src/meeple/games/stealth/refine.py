"""Refining a drawn level until it asks for a plan: a local search on the level document (R24, R26).

A level drawn at random is usually solved by walking the obvious way (the greedy exit-seeker wins) or by
wandering (a random cautious player wins often). :func:`refine` changes the drawing one small step at a time
— an enemy turned or moved, an edge added or taken away, a hideout, the key or a one-way arrow moved — and
keeps a change when the level stays solvable, every requested mechanic stays needed (R23), and its
:func:`cost` does not grow. The cost counts how far the level is from what the generator accepts: the greedy
player wins, the random cautious player's wins above the threshold, optimal solutions beyond the threshold,
filler steps, dead stubs, and the distance of the difficulty score from the requested difficulty.

Every change keeps the nodes on their grid points and adds only edges between grid neighbours, so the
drawing still has no two edges crossing; the document is read again by the ordinary reader after each one.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Sequence
from typing import Any

from meeple.core.errors import BudgetExceededError, FormatError
from meeple.games.stealth.analysis import SCORE_STEPS, figures, mechanic_needed, score
from meeple.games.stealth.level import Level, parse_level
from meeple.games.stealth.measures import measure
from meeple.games.stealth.solver import solve, state_graph
from meeple.games.stealth.validator import DESIGN_FROM, MAX_OPTIMAL_SOLUTIONS, MAX_RANDOM_WIN

REFINE_BUDGET = 20_000
"""States a refinement step may explore (a larger variant is not kept)."""
REFINE_STEPS = 40
"""Changes tried on one drawn level before the generator draws another."""

Doc = dict[str, Any]


def score_gap(value: float, level: int, at_least: bool = False) -> float:
    """How far a difficulty score lies outside the band of difficulty ``level`` (0 inside it; ``at_least``: the
    band runs on to the hardest)."""
    low = SCORE_STEPS[level - 2] if level > 1 else float("-inf")
    high = SCORE_STEPS[level - 1] if level <= len(SCORE_STEPS) and not at_least else float("inf")
    return max(0.0, low - value, value - high + 1e-9) if not low <= value < high else 0.0


def cost(level: Level, mechanics: Sequence[str], difficulty: int, budget: int = REFINE_BUDGET,
         conflict: bool = False, at_least: bool = False) -> float | None:
    """How far ``level`` is from what the generator accepts (0: nothing left to fix); None when it is unsolvable,
    a requested mechanic is not needed, or it is larger than ``budget`` states. ``conflict``: a level whose par
    run earns every bonus star it could offer is one step further."""
    try:
        shortest = solve(level, "finish", budget)
        if not shortest.found:
            return None
        if not all(mechanic_needed(level, code, shortest.length, budget).needed for code in mechanics):
            return None
        graph = state_graph(level, budget)
        level.stars = ("finish", "par", "ghost", "sweep")  # every star it could offer, for the conflict
        found = measure(level, budget, graph)
        value = score(figures(level, budget, graph=graph))
    except BudgetExceededError:
        return None
    held = difficulty >= DESIGN_FROM  # the first act's tier is not held to the thresholds
    return (held * (3.0 * found.greedy.won + 4.0 * max(0.0, found.random_cautious - MAX_RANDOM_WIN)
                    + 0.3 * min(10, max(0, found.optimal_solutions - MAX_OPTIMAL_SOLUTIONS)))
            + 1.0 * bool(found.filler.solutions)
            + 0.2 * len(found.dead_stubs) + 2.0 * score_gap(value, difficulty, at_least)
            + 1.0 * (conflict and not any(star.shortest is not None and not star.by_par_run for star in found.stars)))


# --- the changes ----------------------------------------------------------------------------------------------
def _ends(edge: Any) -> tuple[str, str]:
    return (edge[0], edge[1]) if isinstance(edge, list) else (edge["a"], edge["b"])


def _neighbours(doc: Doc, name: str) -> list[str]:
    return [b if a == name else a for a, b in map(_ends, doc["edges"]) if name in (a, b)]


def _occupied(doc: Doc) -> set[str]:
    """Nodes that hold something: start, exit, caravan, an enemy, a patrol's route, a hideout."""
    taken = {doc["start"], doc["exit"], *doc.get("caravan", [])}
    for enemy in doc["enemies"]:
        taken.update([enemy["node"]] if "node" in enemy else enemy["route"])
    return taken | {node["id"] for node in doc["nodes"] if node.get("hide")}


def _turn_enemy(doc: Doc, rng: random.Random) -> bool:
    """A sentry or a tracker faces another neighbour; a pivot gets other orientations."""
    enemies = [enemy for enemy in doc["enemies"] if enemy["kind"] != "patrol"]
    if not enemies:
        return False
    enemy = rng.choice(enemies)
    around = _neighbours(doc, enemy["node"])
    if not around:
        return False
    if enemy["kind"] == "pivot":
        if len(around) < 2:
            return False
        enemy["cycle"] = rng.sample(around, rng.randint(2, min(3, len(around))))
    else:
        enemy["facing"] = rng.choice(around)
    return True


def _move_enemy(doc: Doc, rng: random.Random) -> bool:
    """A sentry, pivot or tracker moves to a free node, facing one of its neighbours."""
    enemies = [enemy for enemy in doc["enemies"] if enemy["kind"] != "patrol"]
    free = [node["id"] for node in doc["nodes"] if node["id"] not in _occupied(doc)]
    if not enemies or not free:
        return False
    enemy, node = rng.choice(enemies), rng.choice(free)
    around = _neighbours(doc, node)
    if not around:
        return False
    if enemy["kind"] == "pivot":
        if len(around) < 2:
            return False
        enemy["cycle"] = rng.sample(around, 2)
    else:
        enemy["facing"] = rng.choice(around)
    enemy["node"] = node
    return True


def _add_edge(doc: Doc, rng: random.Random) -> bool:
    """Join two grid neighbours that are not joined yet (a grid edge never crosses another)."""
    at = {(node["x"], node["y"]): node["id"] for node in doc["nodes"]}
    joined = {frozenset(_ends(edge)) for edge in doc["edges"]}
    spare = [(name, at[(x + dx, y + dy)]) for (x, y), name in at.items() for dx, dy in ((1, 0), (0, 1))
             if (x + dx, y + dy) in at and frozenset((name, at[(x + dx, y + dy)])) not in joined]
    if not spare:
        return False
    doc["edges"].append(list(rng.choice(spare)))
    return True


def _connected(doc: Doc) -> bool:
    names = [node["id"] for node in doc["nodes"]]
    seen, frontier = {names[0]}, [names[0]]
    while frontier:
        frontier = [other for name in frontier for other in _neighbours(doc, name) if other not in seen]
        seen.update(frontier)
    return len(seen) == len(names)


def _remove_edge(doc: Doc, rng: random.Random) -> bool:
    """Take away a plain edge that leaves the drawing in one piece; the reader and the search refuse what else it
    breaks (a route, a facing, the way out)."""
    plain = [index for index, edge in enumerate(doc["edges"]) if isinstance(edge, list)]
    if not plain:
        return False
    doc["edges"].pop(rng.choice(plain))
    return _connected(doc)


def _move_hide(doc: Doc, rng: random.Random) -> bool:
    """A hideout moves to another free node."""
    hides = [node for node in doc["nodes"] if node.get("hide")]
    free = [node for node in doc["nodes"] if node["id"] not in _occupied(doc)]
    if not hides or not free:
        return False
    rng.choice(hides).pop("hide")
    rng.choice(free)["hide"] = True
    return True


def _move_key(doc: Doc, rng: random.Random) -> bool:
    """The key lies on another node (never the start)."""
    holders = [node for node in doc["nodes"] if "key" in node]
    others = [node for node in doc["nodes"] if "key" not in node and node["id"] != doc["start"]]
    if not holders or not others:
        return False
    colour = holders[0].pop("key")
    rng.choice(others)["key"] = colour
    return True


def _move_oneway(doc: Doc, rng: random.Random) -> bool:
    """A one-way arrow turns round, or moves to another plain edge."""
    arrows = [index for index, edge in enumerate(doc["edges"]) if isinstance(edge, dict) and edge.get("oneway")]
    if not arrows:
        return False
    index = rng.choice(arrows)
    edge = doc["edges"][index]
    plain = [i for i, other in enumerate(doc["edges"]) if isinstance(other, list)]
    if plain and rng.random() < 0.5:
        other = rng.choice(plain)
        a, b = doc["edges"][other]
        doc["edges"][other] = {"a": a, "b": b, "oneway": True} if rng.random() < 0.5 else {"a": b, "b": a, "oneway": True}
        doc["edges"][index] = [edge["a"], edge["b"]] if "door" not in edge else {"a": edge["a"], "b": edge["b"],
                                                                                "door": edge["door"]}
    else:
        edge["a"], edge["b"] = edge["b"], edge["a"]
    return True


CHANGES: tuple[Callable[[Doc, random.Random], bool], ...] = (
    _turn_enemy, _turn_enemy, _move_enemy, _add_edge, _remove_edge, _move_hide, _move_key, _move_oneway)
"""The small changes a refinement step picks from (turning an enemy twice as often: the cheapest lever)."""


def refine(doc: Doc, rng: random.Random, mechanics: Sequence[str], difficulty: int,
           steps: int = REFINE_STEPS, conflict: bool = False, at_least: bool = False,
           budget: int = REFINE_BUDGET) -> Doc | None:
    """``doc`` changed step by step toward a level the generator accepts (its :func:`cost` 0), or None when the
    drawn level is not worth refining (unsolvable, a requested mechanic not needed) or no change brought
    the cost to 0 within ``steps`` changes. A change is kept when the cost does not grow (ties too: the
    search may walk across a plateau)."""
    try:
        current = cost(parse_level(doc, "generated"), mechanics, difficulty, budget, conflict, at_least)
    except FormatError:
        return None
    if current is None:
        return None
    for _ in range(steps):
        if current == 0:
            return doc
        trial = copy.deepcopy(doc)
        if not rng.choice(CHANGES)(trial, rng):
            continue
        try:
            value = cost(parse_level(trial, "generated"), mechanics, difficulty, budget, conflict, at_least)
        except FormatError:
            continue
        if value is not None and value <= current:
            doc, current = trial, value
    return doc if current == 0 else None
