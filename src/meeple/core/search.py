"""Generic search: breadth-first and A* over states (puzzles), with a state budget and statistics.

The game-tree searches (negamax alpha-beta, MCTS) live in :mod:`meeple.core.ai`.

>>> # count up from 0 to 5 by +1 or +2: the shortest path has three steps
>>> result = bfs(0, lambda n: [("+1", n + 1), ("+2", n + 2)], lambda n: n == 5)
>>> result.found, len(result.actions)
(True, 3)
"""

from __future__ import annotations

import heapq
import itertools
import time
from collections import deque
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field
from typing import Generic, TypeVar

S = TypeVar("S")
A = TypeVar("A")


@dataclass
class SearchStats:
    """What a search did: states seen (distinct), states expanded, seconds, and whether it ran out."""

    states_seen: int = 0
    states_expanded: int = 0
    seconds: float = 0.0
    budget_exhausted: bool = False

    @property
    def states_per_second(self) -> float:
        """Distinct states seen per second."""
        return self.states_seen / self.seconds if self.seconds > 0 else float(self.states_seen)


@dataclass
class PathResult(Generic[S, A]):
    """A search's answer: the actions from the start to a goal (if found), the goal state and its cost."""

    found: bool
    actions: list[A] = field(default_factory=list)
    goal: S | None = None
    cost: float = 0.0
    stats: SearchStats = field(default_factory=SearchStats)


def _identity(state: S) -> Hashable:
    return state


def _path(parents: dict[Hashable, tuple[Hashable, A] | None], key: Hashable) -> list[A]:
    actions: list[A] = []
    while (link := parents[key]) is not None:
        key, action = link
        actions.append(action)
    return actions[::-1]


class _Budget:
    def __init__(self, max_states: int | None, time_limit: float | None) -> None:
        self.max_states = max_states
        self.deadline = None if time_limit is None else time.perf_counter() + time_limit

    def exhausted(self, stats: SearchStats) -> bool:
        if self.max_states is not None and stats.states_seen >= self.max_states:
            return True
        return self.deadline is not None and stats.states_expanded % 256 == 0 and time.perf_counter() > self.deadline


def bfs(
    start: S,
    successors: Callable[[S], Iterable[tuple[A, S]]],
    is_goal: Callable[[S], bool],
    key: Callable[[S], Hashable] = _identity,
    max_states: int | None = None,
    time_limit: float | None = None,
) -> PathResult[S, A]:
    """Breadth-first search: a path with the fewest actions from ``start`` to a goal state.

    ``successors(state)`` yields ``(action, next_state)``; ``key(state)`` identifies states that are the
    same. The search stops with ``stats.budget_exhausted`` once ``max_states`` distinct states were seen
    or ``time_limit`` seconds passed.
    """
    began = time.perf_counter()
    stats = SearchStats(states_seen=1)
    budget = _Budget(max_states, time_limit)
    parents: dict[Hashable, tuple[Hashable, A] | None] = {key(start): None}
    queue: deque[tuple[S, Hashable]] = deque([(start, key(start))])
    result: PathResult[S, A] = PathResult(found=False, stats=stats)
    while queue:
        state, state_key = queue.popleft()
        if is_goal(state):
            result = PathResult(True, _path(parents, state_key), state, 0.0, stats)
            result.cost = len(result.actions)
            break
        if budget.exhausted(stats):
            stats.budget_exhausted = True
            break
        stats.states_expanded += 1
        for action, child in successors(state):
            child_key = key(child)
            if child_key not in parents:
                parents[child_key] = (state_key, action)
                stats.states_seen += 1
                queue.append((child, child_key))
    stats.seconds = time.perf_counter() - began
    return result


def astar(
    start: S,
    successors: Callable[[S], Iterable[tuple[A, S, float]]],
    is_goal: Callable[[S], bool],
    heuristic: Callable[[S], float] = lambda _state: 0.0,
    key: Callable[[S], Hashable] = _identity,
    max_states: int | None = None,
    time_limit: float | None = None,
) -> PathResult[S, A]:
    """A* search: a cheapest path when ``heuristic`` never overestimates (Dijkstra with the default).

    ``successors(state)`` yields ``(action, next_state, step_cost)`` with non-negative costs.
    """
    began = time.perf_counter()
    stats = SearchStats(states_seen=1)
    budget = _Budget(max_states, time_limit)
    start_key = key(start)
    parents: dict[Hashable, tuple[Hashable, A] | None] = {start_key: None}
    best_cost: dict[Hashable, float] = {start_key: 0.0}
    tie = itertools.count()
    frontier: list[tuple[float, int, float, Hashable, S]] = [(heuristic(start), next(tie), 0.0, start_key, start)]
    closed: set[Hashable] = set()
    result: PathResult[S, A] = PathResult(found=False, stats=stats)
    while frontier:
        _priority, _order, cost, state_key, state = heapq.heappop(frontier)
        if state_key in closed:
            continue
        closed.add(state_key)
        if is_goal(state):
            result = PathResult(True, _path(parents, state_key), state, cost, stats)
            break
        if budget.exhausted(stats):
            stats.budget_exhausted = True
            break
        stats.states_expanded += 1
        for action, child, step in successors(state):
            child_key = key(child)
            child_cost = cost + step
            if child_key in closed or child_cost >= best_cost.get(child_key, float("inf")):
                continue
            if child_key not in best_cost:
                stats.states_seen += 1
            best_cost[child_key] = child_cost
            parents[child_key] = (state_key, action)
            heapq.heappush(frontier, (child_cost + heuristic(child), next(tie), child_cost, child_key, child))
    stats.seconds = time.perf_counter() - began
    return result


def explore(
    start: S,
    successors: Callable[[S], Iterable[tuple[A, S]]],
    key: Callable[[S], Hashable] = _identity,
    max_states: int | None = None,
    time_limit: float | None = None,
) -> tuple[dict[Hashable, S], SearchStats]:
    """Every state reachable from ``start`` (by key), breadth-first, within the budget."""
    began = time.perf_counter()
    stats = SearchStats(states_seen=1)
    budget = _Budget(max_states, time_limit)
    seen: dict[Hashable, S] = {key(start): start}
    queue: deque[S] = deque([start])
    while queue:
        if budget.exhausted(stats):
            stats.budget_exhausted = True
            break
        state = queue.popleft()
        stats.states_expanded += 1
        for _action, child in successors(state):
            child_key = key(child)
            if child_key not in seen:
                seen[child_key] = child
                stats.states_seen += 1
                queue.append(child)
    stats.seconds = time.perf_counter() - began
    return seen, stats
