"""The stealth solver, on :func:`meeple.core.search.bfs` / ``explore`` with a budget.

Every search runs the rules' own :func:`~meeple.games.stealth.rules.step` on immutable states, so what it
finds is exactly what a player can do.

* :func:`solve` — a shortest solution for an objective: ``finish``, ``ghost`` (neutralise nobody) or
  ``sweep`` (neutralise every enemy); ``par`` uses the ``finish`` solution.
* :func:`state_graph` — every reachable state once, numbered breadth-first, with its moves: what the
  figures (:mod:`.analysis`) and the design measures (:mod:`.measures`) are counted on.
* :func:`doubling_check` — the page's claim that each neutralisable enemy at most doubles the reachable
  states, measured as ``R(level) ≤ 2 × max(R(enemy untouchable), R(enemy removed))`` for each one.

The validator that uses them is :mod:`.validator`; this module imports none of the others but the rules
and the level (the dependencies point one way: level → rules → solver → measures → analysis → validator).
"""

from __future__ import annotations

import dataclasses
import gc
from collections.abc import Callable, Hashable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from meeple.core.errors import BudgetExceededError
from meeple.core.i18n import Msg
from meeple.core.search import SearchStats, bfs, explore
from meeple.games.stealth.level import Level
from meeple.games.stealth.rules import (
    ALL_NEUTRALISABLE,
    GO,
    OUT,
    PLAY,
    WON,
    Action,
    State,
    initial_state,
    legal_actions,
    step,
)

DEFAULT_BUDGET = 300_000
"""States a search may visit before it gives up (the page's "solver budget")."""
OBJECTIVES = ("finish", "ghost", "sweep")
STAR_WORDS = {"finish": Msg("sortie", "finish"), "par": Msg("par", "par"), "ghost": Msg("fantôme", "ghost"),
              "sweep": Msg("rafle", "sweep")}
"""The stars and objectives as a player reads them (the level file keeps the codes)."""


@dataclass
class Solution:
    """A shortest solution for one objective (``actions`` empty and ``found`` false when none exists)."""

    objective: str
    found: bool
    actions: list[Action]
    stats: SearchStats
    final: State | None = None

    @property
    def length(self) -> int:
        """The number of moves."""
        return len(self.actions)


Transitions = dict[State, list[tuple[Action, State]]]
"""Successor lists already computed, by state (shared by the searches of one validation)."""


def successors(level: Level, neutralisable: int = ALL_NEUTRALISABLE,
               keep: Callable[[State], bool] | None = None,
               cache: Transitions | None = None) -> Callable[[State], Iterable[tuple[Action, State]]]:
    """The successor function of the search: every legal action and the state it leads to.

    ``keep`` filters the children; ``cache`` remembers successor lists across searches of one level
    (only for the same ``neutralisable`` mask).
    """

    def expand(state: State) -> Iterable[tuple[Action, State]]:
        children = cache.get(state) if cache is not None else None
        if children is None:
            children = [(action, step(level, state, action, None, neutralisable))
                        for action in legal_actions(level, state)]
            if cache is not None:
                cache[state] = children
        return children if keep is None else [(action, child) for action, child in children if keep(child)]

    return expand


@contextmanager
def paused_gc() -> Iterator[None]:
    """Pause the cyclic garbage collector during a search, then restore it.

    A search builds tens of thousands of immutable tuples and no reference cycle; the collector would
    only walk them again and again (about a fifth of the search time). Memory is freed by reference
    counting as usual.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _goal(level: Level, objective: str) -> Callable[[State], bool]:
    if objective == "ghost":
        return lambda state: state.status == WON and state.tray == 0
    if objective == "sweep":
        everyone = len(level.enemies)
        return lambda state: state.status == WON and state.tray == everyone
    if objective in ("finish", "par"):
        return lambda state: state.status == WON
    raise ValueError(f"unknown objective {objective!r}")


def solve(level: Level, objective: str = "finish", max_states: int = DEFAULT_BUDGET,
          time_limit: float | None = None, cache: Transitions | None = None, start: State | None = None,
          neutralisable: int = ALL_NEUTRALISABLE) -> Solution:
    """A shortest solution of ``level`` for ``objective`` (breadth-first, within the budget).

    ``start`` is the level's start unless given (to solve from a position reached in play);
    ``neutralisable`` masks the enemies that may be neutralised (the others capture like an alert tracker).
    Raises :class:`BudgetExceededError` when the budget ran out before an answer.
    """
    keep = (lambda state: state.tray == 0) if objective == "ghost" else None
    origin = initial_state(level) if start is None else start
    with paused_gc():
        result = bfs(origin, successors(level, neutralisable, keep=keep, cache=cache), _goal(level, objective),
                     max_states=max_states, time_limit=time_limit)
    if result.stats.budget_exhausted and not result.found:
        raise BudgetExceededError(Msg(
            f"{level.id} : budget de {max_states} états épuisé (objectif {STAR_WORDS[objective].fr})",
            f"{level.id}: budget of {max_states} states exhausted ({STAR_WORDS[objective].en} objective)"))
    return Solution(objective, result.found, list(result.actions), result.stats, result.goal)


def hint(level: Level, state: State, max_states: int = DEFAULT_BUDGET) -> Action | None:
    """The first move of a shortest way to the exit from ``state``, or None when the exit is out of reach."""
    solution = solve(level, "finish", max_states, start=state)
    return solution.actions[0] if solution.found and solution.actions else None


@dataclass
class StateGraph:
    """Every state reachable from a level's start, numbered in breadth-first order (0 is the start).

    ``moves[i]`` lists ``(action, j)`` for each legal action of state ``i`` (empty once won or lost);
    ``depth[i]`` is the fewest moves that reach state ``i``.
    """

    states: list[State]
    moves: list[list[tuple[Action, int]]]
    depth: list[int]

    def won(self) -> list[int]:
        """The won states."""
        return [index for index, state in enumerate(self.states) if state.status == WON]

    def par(self) -> int | None:
        """The length of a shortest solution (None: the level has no solution)."""
        return min((self.depth[index] for index in self.won()), default=None)

    def optimal(self) -> list[bool]:
        """Which states lie on some shortest solution: a solution's i-th state is at depth i, so these are
        the states a won state at depth ``par`` is reached from along moves that each go one depth down."""
        par = self.par()
        on = [False] * len(self.states)
        if par is None:
            return on
        for index in self.won():
            on[index] = self.depth[index] == par
        for here in range(len(self.states) - 1, -1, -1):  # deeper states come later in breadth-first order
            if not on[here]:
                on[here] = any(on[child] and self.depth[child] == self.depth[here] + 1 for _a, child in self.moves[here])
        return on


def state_graph(level: Level, max_states: int = DEFAULT_BUDGET, cache: Transitions | None = None) -> StateGraph:
    """Explore every state of ``level`` once, breadth-first, keeping the moves between them.

    States are numbered as they are found: a State is a deep tuple whose hash Python does not keep, so each
    one is hashed once here. Raises :class:`BudgetExceededError` past ``max_states`` states.
    """
    expand = successors(level, cache=cache)
    start = initial_state(level)
    number: dict[State, int] = {start: 0}
    graph = StateGraph([start], [], [0])
    with paused_gc():
        for here, state in enumerate(graph.states):  # grows while it is walked: breadth-first order
            row: list[tuple[Action, int]] = []
            graph.moves.append(row)
            if state.status != PLAY:
                continue
            for action, child in expand(state):
                index = number.get(child)
                if index is None:
                    if len(graph.states) >= max_states:
                        raise BudgetExceededError(Msg(f"{level.id} : plus de {max_states} états atteignables",
                                                      f"{level.id}: more than {max_states} reachable states"))
                    index = number[child] = len(graph.states)
                    graph.states.append(child)
                    graph.depth.append(graph.depth[here] + 1)
                row.append((action, index))
    return graph


def reachable(level: Level, neutralisable: int = ALL_NEUTRALISABLE, max_states: int = DEFAULT_BUDGET,
              cache: Transitions | None = None) -> tuple[dict[Hashable, State], SearchStats]:
    """Every state reachable from the start of ``level`` (captures and wins included)."""
    return _explored(level, successors(level, neutralisable, cache=cache), max_states)


def _explored(level: Level, expand: Callable[[State], Iterable[tuple[Action, State]]],
              max_states: int) -> tuple[dict[Hashable, State], SearchStats]:
    """Every state ``expand`` reaches from the start of ``level``; running out of budget is an error."""
    with paused_gc():
        states, stats = explore(initial_state(level), expand, max_states=max_states)
    if stats.budget_exhausted:
        raise BudgetExceededError(Msg(
            f"{level.id} : plus de {max_states} états atteignables", f"{level.id}: more than {max_states} reachable states"))
    return states, stats


def neutralisable_enemies(states: Iterable[State]) -> set[int]:
    """Enemies (indices) that some reachable play neutralises."""
    found: set[int] = set()
    for state in states:
        if state.tray:
            found.update(i for i, foe in enumerate(state.foes) if foe.mode == OUT)
    return found


@dataclass
class DoublingCheck:
    """The reachable-state counts behind the doubling claim for one neutralisable enemy."""

    enemy: str
    reachable: int
    untouchable: int
    removed: int

    @property
    def holds(self) -> bool:
        """Whether R(level) ≤ 2 × max(R(untouchable), R(removed)) — what the validator's test enforces (R22)."""
        return self.reachable <= 2 * max(self.untouchable, self.removed)

    @property
    def ratio(self) -> float:
        """R(level) / max(R(untouchable), R(removed)): the ratio the test bounds by 2."""
        return self.reachable / max(self.untouchable, self.removed, 1)

    @property
    def seed_ratio(self) -> float:
        """R(level) / R(untouchable): the seed's own wording ("fait au plus doubler"), reported beside."""
        return self.reachable / max(self.untouchable, 1)


def doubling_check(level: Level, max_states: int = DEFAULT_BUDGET) -> list[DoublingCheck]:
    """For each neutralisable enemy, compare the reachable states with and without neutralising it.

    The level's own exploration is shared: a variant where enemy *e* cannot be neutralised plays every
    move exactly as the level does, except the moves that neutralise *e*, which :func:`untouchable_successors`
    plays again with *e* untouchable.
    """
    cache: Transitions = {}
    states, _stats = reachable(level, max_states=max_states, cache=cache)
    total = len(states)
    checks = []
    for index in sorted(neutralisable_enemies(states.values())):
        untouchable, _ = _explored(level, untouchable_successors(level, index, cache), max_states)
        removed, _ = reachable(without_enemy(level, index), max_states=max_states)
        checks.append(DoublingCheck(level.enemies[index].id, total, len(untouchable), len(removed)))
    return checks


def untouchable_successors(level: Level, index: int,
                           cache: Transitions) -> Callable[[State], Iterable[tuple[Action, State]]]:
    """The successors of ``level`` when enemy ``index`` cannot be neutralised, reusing ``cache``.

    Only the moves that neutralise that enemy change (they capture instead); those are played again by
    :func:`step` with the enemy's bit cleared from ``neutralisable``, every other move is taken from the cache.
    """
    mask = ALL_NEUTRALISABLE & ~(1 << index)
    expand = successors(level, cache=cache)

    def expand_untouchable(state: State) -> list[tuple[Action, State]]:
        return [(action, step(level, state, action, None, mask) if child.foes[index].mode == OUT
                 and state.foes[index].mode != OUT else child) for action, child in expand(state)]

    return expand_untouchable


def without_enemy(level: Level, index: int) -> Level:
    """The same level with enemy ``index`` taken off the board."""
    enemies = level.enemies[:index] + level.enemies[index + 1:]
    return dataclasses.replace(level, enemies=enemies, stars=("finish",), par=None)


def action_text(level: Level, action: Action) -> str:
    """An action as the command line writes it: ``b`` or ``throw c``."""
    kind, node = action
    return level.name(node) if kind == GO else f"throw {level.name(node)}"


def is_playing(state: State) -> bool:
    """Whether the game goes on in ``state``."""
    return state.status == PLAY
