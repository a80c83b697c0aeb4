"""Design measures of a level: how much it asks of a player beyond "keep out of sight and head for the exit".

All of them are counted on one exploration of the level (:func:`~meeple.games.stealth.solver.state_graph`),
with the rules' own :func:`~meeple.games.stealth.rules.step` (docs/rules/stealth.md, R26):

* :func:`random_cautious` — the chance that a player who picks at random among the moves that do not get
  them caught wins within :func:`horizon` moves (computed exactly, not sampled);
* :func:`greedy_run` — whether a player who always takes the safe step nearest the exit wins;
* the number of **optimal solutions** (move sequences of length par that win);
* **filler** — back-and-forth steps in optimal solutions: a step that changes nothing but where the leader
  stands (no key taken, nobody neutralised), followed at once by the step back;
* the **share of nodes on some optimal solution**, and the **dead stubs** (dead-end or lone nodes no
  shortest solution of any declared objective walks to or throws a stone onto, holding nothing);
* per star, whether the **par run** (a shortest solution) earns it, and which declared stars **exclude**
  each other (no single winning run earns both).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from meeple.games.stealth.level import Level
from meeple.games.stealth.rules import CAUGHT, GO, PLAY, THROW, WON, State, initial_state, legal_actions, step
from meeple.games.stealth.solver import DEFAULT_BUDGET, StateGraph, state_graph

BONUS_STARS = ("ghost", "sweep")


def horizon(par: int) -> int:
    """The moves a random or greedy player gets before giving up: three times the par (R26)."""
    return 3 * par


# --- the random cautious player ----------------------------------------------------------------------------
def random_cautious(graph: StateGraph, moves: int) -> float:
    """The chance of winning within ``moves`` moves for a player who, at every turn, picks uniformly at random
    among the legal actions (steps and throws) that do not end in a capture; with none left, it is lost.

    Exact: the chance is computed for every state and every number of moves left (value iteration over the
    level's states), so the same level always gives the same figure.
    """
    states = graph.states
    safe = [[child for _action, child in graph.moves[index] if states[child].status != CAUGHT]
            if state.status == PLAY else [] for index, state in enumerate(states)]
    chance = [1.0 if state.status == WON else 0.0 for state in states]
    playing = [index for index, state in enumerate(states) if state.status == PLAY and safe[index]]
    for _ in range(moves):
        following = chance[:]
        for index in playing:
            children = safe[index]
            following[index] = sum(chance[child] for child in children) / len(children)
        if following == chance:  # nothing changes any more: more moves would not either
            break
        chance = following
    return chance[0]


# --- the greedy exit-seeker --------------------------------------------------------------------------------
@dataclass
class GreedyRun:
    """What the greedy exit-seeker did: whether it won, and its moves (node names)."""

    won: bool
    path: list[str]


def _distances_to_exit(level: Level, keys: int) -> list[int]:
    """The leader's walking distance from every node to the exit (closed doors are walls; -1: no way)."""
    size = len(level.node_ids)
    distance = [-1] * size
    distance[level.exit] = 0
    frontier = [level.exit]
    while frontier:
        following = []
        for node in frontier:
            for before in level.graph.predecessors(node):
                if distance[before] < 0 and level.passable(before, node, keys):
                    distance[before] = distance[node] + 1
                    following.append(before)
        frontier = following
    return distance


def greedy_run(level: Level, moves: int) -> GreedyRun:
    """The player who never steps into a capture and always takes the step that brings it nearest the exit.

    Each turn it looks at the steps (it throws no stone) whose outcome is not a capture — the move preview
    tells it that — and takes the one to the node nearest the exit by the map (closed doors are walls),
    ties going to the node it has visited least, then to the first in the level's order; it stops after
    ``moves`` moves, or when no safe step is left.
    """
    tables: dict[int, list[int]] = {}
    state = initial_state(level)
    visits = {state.leader: 1}
    path: list[str] = []
    for _ in range(moves):
        options: list[tuple[tuple[int, int, int], State]] = []
        for order, action in enumerate(legal_actions(level, state)):
            if action[0] != GO:
                continue
            child = step(level, state, action)
            if child.status == CAUGHT:
                continue
            distance = tables.setdefault(child.keys, _distances_to_exit(level, child.keys))[child.leader]
            options.append(((distance if distance >= 0 else len(level.node_ids), visits.get(child.leader, 0), order),
                            child))
        if not options:
            break
        state = min(options, key=lambda option: option[0])[1]
        visits[state.leader] = visits.get(state.leader, 0) + 1
        path.append(level.name(state.leader))
        if state.status == WON:
            return GreedyRun(True, path)
    return GreedyRun(False, path)


# --- shortest solutions ------------------------------------------------------------------------------------
def on_shortest(graph: StateGraph, goal: Callable[[State], bool]) -> tuple[int | None, list[bool]]:
    """The length of a shortest winning run whose final state meets ``goal``, and which states lie on one.

    A shortest run's i-th state is at depth i (else a shorter run would exist), so these are the states a
    goal state at that depth is reached from along moves that each go one depth down.
    """
    states, depth = graph.states, graph.depth
    targets = [index for index in graph.won() if goal(states[index])]
    best = min((depth[index] for index in targets), default=None)
    on = [False] * len(states)
    for index in targets:
        on[index] = depth[index] == best
    for here in range(len(states) - 1, -1, -1):  # deeper states come later in breadth-first order
        if not on[here]:
            on[here] = any(on[child] and depth[child] == depth[here] + 1 for _action, child in graph.moves[here])
    return best, on


def star_goal(level: Level, star: str) -> Callable[[State], bool]:
    """What the final state of a run that earns ``star`` (``finish``, ``ghost`` or ``sweep``) looks like."""
    if star == "ghost":
        return lambda state: state.tray == 0
    if star == "sweep":
        everyone = len(level.enemies)
        return lambda state: state.tray == everyone
    return lambda _state: True


@dataclass
class Filler:
    """Back-and-forth steps in the optimal solutions."""

    solutions: int
    """Optimal solutions with at least one filler step."""
    least: int
    """The fewest filler steps an optimal solution has (0: some optimal solution has none)."""


def filler(graph: StateGraph, on: list[bool]) -> Filler:
    """Count the optimal solutions (the runs along ``on``) that step somewhere only to step straight back.

    A step is *filler* when it changes nothing but the leader's node (no key taken, nobody neutralised, no
    stone) and the next step walks back to where it came from: the pair only passes two turns. The count
    walks the optimal runs forward, remembering for each state where a filler-candidate step came from.
    """
    states, depth, moves = graph.states, graph.depth, graph.moves
    # per state: {node the last plain step came from (-1: none): (runs, runs with filler, least filler)}
    runs: list[dict[int, tuple[int, int, int]]] = [{} for _ in states]
    if not on or not on[0]:
        return Filler(0, 0)
    runs[0][-1] = (1, 0, 0)
    for here, state in enumerate(states):
        if not on[here] or not runs[here]:
            continue
        for action, child in moves[here]:
            if not on[child] or depth[child] != depth[here] + 1:
                continue
            after = states[child]
            plain = action[0] == GO and after.keys == state.keys and after.tray == state.tray
            for came_from, (count, padded, least) in runs[here].items():
                back = action[0] == GO and after.leader == came_from
                key = state.leader if plain and not back else -1
                if back:
                    padded, least = count, least + 1
                total, with_filler, fewest = runs[child].get(key, (0, 0, least))
                runs[child][key] = (total + count, with_filler + padded, min(fewest, least))
    ends = [entry for index, state in enumerate(states) if on[index] and state.status == WON
            for entry in runs[index].values()]
    return Filler(sum(padded for _count, padded, _least in ends), min((least for *_rest, least in ends), default=0))


# --- the measures together ---------------------------------------------------------------------------------
@dataclass
class StarMeasure:
    """One bonus star: its shortest run and whether a par run earns it too."""

    star: str
    declared: bool
    shortest: int | None
    """The shortest winning run that earns it (None: it cannot be earned)."""
    by_par_run: bool
    """Some shortest solution of the level earns it: the par run needs no replay for it."""

    def to_json(self) -> dict[str, Any]:
        """The star's figures as JSON."""
        return {"star": self.star, "declared": self.declared, "shortest": self.shortest, "by_par_run": self.by_par_run}


@dataclass
class Measures:
    """The design measures of one level (R26)."""

    par: int | None
    horizon: int
    random_cautious: float
    greedy: GreedyRun
    optimal_solutions: int
    filler: Filler
    node_share: float
    """Share of the level's nodes some optimal solution walks through (start and exit included)."""
    dead_stubs: list[str]
    stars: list[StarMeasure] = field(default_factory=list)
    exclusive: list[tuple[str, str]] = field(default_factory=list)
    """Pairs of declared stars no single winning run earns together."""

    @property
    def stars_conflict(self) -> bool:
        """A declared bonus star the par run cannot earn: taking the par star and this one needs two runs."""
        return any(pair[0] == "par" for pair in self.exclusive)

    def to_json(self) -> dict[str, Any]:
        """The measures as JSON (``meeple stealth analyse --json``, key ``measures``)."""
        return {"par": self.par, "horizon": self.horizon, "random_cautious": round(self.random_cautious, 4),
                "greedy_wins": self.greedy.won, "greedy_path": self.greedy.path,
                "optimal_solutions": self.optimal_solutions,
                "filler_solutions": self.filler.solutions, "least_filler": self.filler.least,
                "node_share": round(self.node_share, 4), "dead_stubs": self.dead_stubs,
                "stars": [star.to_json() for star in self.stars],
                "exclusive": [list(pair) for pair in self.exclusive], "stars_conflict": self.stars_conflict}


def _used_nodes(graph: StateGraph, on: list[bool]) -> set[int]:
    """The nodes the runs along ``on`` use: where the leader stands, and where its stones land."""
    used = {graph.states[index].leader for index, here in enumerate(on) if here}
    for here, row in enumerate(graph.moves):
        if on[here]:
            used.update(action[1] for action, child in row
                        if action[0] == THROW and on[child] and graph.depth[child] == graph.depth[here] + 1)
    return used


def _dead_stubs(level: Level, graph: StateGraph, visited: set[int]) -> list[str]:
    used = {level.start, level.exit, *level.keys_at, *level.caravan}
    for spec in level.enemies:
        used.update((spec.node, *spec.route))
    return [level.name(node) for node in range(len(level.node_ids))
            if len(level.neighbours(node)) <= 1 and node not in used and node not in visited]


def measure(level: Level, max_states: int = DEFAULT_BUDGET, graph: StateGraph | None = None) -> Measures:
    """Every design measure of ``level`` (an exploration of its states; ``graph`` when already made)."""
    graph = graph or state_graph(level, max_states)
    par, on = on_shortest(graph, star_goal(level, "finish"))
    moves = horizon(par or 0)
    visited = _used_nodes(graph, on)
    optimal = _count_runs(graph, on)
    stars: list[StarMeasure] = []
    par_wins = [graph.states[index] for index in graph.won() if on[index]]
    for star in BONUS_STARS:
        goal = star_goal(level, star)
        shortest, star_on = on_shortest(graph, goal)
        if star in level.stars:
            visited |= _used_nodes(graph, star_on)
        by_par = any(goal(state) for state in par_wins)
        stars.append(StarMeasure(star, star in level.stars, shortest, by_par))
    exclusive: list[tuple[str, str]] = []
    declared = {star.star: star for star in stars if star.declared}
    if "par" in level.stars:
        exclusive += [("par", name) for name, star in declared.items() if not star.by_par_run]
    if len(declared) == 2 and level.enemies:  # nobody neutralised and everybody: never one run
        exclusive.append(("ghost", "sweep"))
    return Measures(par, moves, random_cautious(graph, moves) if par is not None else 0.0,
                    greedy_run(level, moves), optimal, filler(graph, on),
                    len({graph.states[index].leader for index, here in enumerate(on) if here}) / len(level.node_ids),
                    _dead_stubs(level, graph, visited), stars, exclusive)


def _count_runs(graph: StateGraph, on: list[bool]) -> int:
    """The number of distinct move sequences along ``on`` from the start to a won state (the optimal solutions)."""
    ways = [0] * len(graph.states)
    ways[0] = 1 if on and on[0] else 0
    for here in range(len(graph.states)):
        if ways[here]:
            for _action, child in graph.moves[here]:
                if on[child] and graph.depth[child] == graph.depth[here] + 1:
                    ways[child] += ways[here]
    return sum(ways[index] for index in graph.won() if on[index])
