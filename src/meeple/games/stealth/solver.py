"""The stealth solver and level validator, on :func:`meeple.core.search.bfs` / ``explore`` with a budget.

Both run the rules' own :func:`~meeple.games.stealth.rules.step` on immutable states, so what they find
is exactly what a player can do.

* :func:`solve` — a shortest solution for an objective: ``finish``, ``ghost`` (neutralise nobody) or
  ``sweep`` (neutralise every enemy); ``par`` uses the ``finish`` solution.
* :func:`validate` — the page's validation rules: solvable; at most four neutralisable enemies; in a
  tutorial level no solution that neutralises nobody within three moves of the shortest; every declared
  star achievable; the recorded par equals the shortest solution length; every mechanic the level claims
  to teach is needed (:mod:`.analysis`).
* :func:`doubling_check` — the page's claim that each neutralisable enemy at most doubles the reachable
  states, measured as ``R(level) ≤ 2 × max(R(enemy untouchable), R(enemy removed))`` for each one.
"""

from __future__ import annotations

import dataclasses
import gc
from collections.abc import Callable, Hashable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

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
MAX_NEUTRALISABLE = 4
TUTORIAL_MARGIN = 3
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


@dataclass
class Report:
    """What :func:`validate` found: problems (empty when the level is valid) and the figures."""

    level: Level
    problems: list[Msg] = field(default_factory=list)
    solutions: dict[str, Solution] = field(default_factory=dict)
    reachable: int = 0
    neutralisable: list[str] = field(default_factory=list)
    states_explored: int = 0
    seconds: float = 0.0

    @property
    def ok(self) -> bool:
        """Whether the level passes every rule."""
        return not self.problems


def validate(level: Level, max_states: int = DEFAULT_BUDGET) -> Report:
    """Check ``level`` against the validation rules; every broken rule is one problem with its reason.

    A search that runs out of budget is reported as a problem, not raised.
    """
    report = Report(level)
    cache: Transitions = {}
    try:
        states, stats = reachable(level, max_states=max_states, cache=cache)
        report.reachable = len(states)
        report.states_explored += stats.states_seen
        report.seconds += stats.seconds
        report.neutralisable = [level.enemies[i].id for i in sorted(neutralisable_enemies(states.values()))]
        for objective in OBJECTIVES:
            solution = solve(level, objective, max_states, cache=cache)
            report.solutions[objective] = solution
            report.states_explored += solution.stats.states_seen
            report.seconds += solution.stats.seconds
    except BudgetExceededError as error:
        report.problems.append(error.message)
        return report
    _check(report)
    _check_lessons(report, max_states)
    return report


def _check_lessons(report: Report, max_states: int) -> None:
    """Every mechanic the level claims to teach must be needed (R23): taking it away changes the answer."""
    from meeple.games.stealth.analysis import BY_CODE, mechanic_needed  # the analysis builds on this module

    finish = report.solutions["finish"]
    if not finish.found:
        return
    for code in report.level.teaches:
        try:
            row = mechanic_needed(report.level, code, finish.length, max_states)
        except BudgetExceededError as error:
            report.problems.append(error.message)
            continue
        name = BY_CODE[code].name
        if not row.present:
            report.problems.append(Msg(f"enseigne « {code} » ({name.fr}), absent du niveau",
                                       f"teaches '{code}' ({name.en}), which the level does not contain"))
        elif not row.needed:
            report.problems.append(Msg(
                f"enseigne « {code} » ({name.fr}), qui n'est pas nécessaire : sans lui, "
                f"la plus courte solution fait toujours {row.par_without} coups",
                f"teaches '{code}' ({name.en}), which is not needed: without it the shortest solution "
                f"is still {row.par_without} moves"))


def _check(report: Report) -> None:
    level, problems = report.level, report.problems
    finish = report.solutions["finish"]
    if not finish.found:
        problems.append(Msg("le niveau n'a pas de solution", "the level has no solution"))
        return
    count = len(report.neutralisable)
    if count > MAX_NEUTRALISABLE:
        names = ", ".join(report.neutralisable)  # which ones: the editor and the command line point at them
        problems.append(Msg(f"{count} ennemis neutralisables (au plus {MAX_NEUTRALISABLE}) : {names}",
                            f"{count} neutralisable enemies (at most {MAX_NEUTRALISABLE}): {names}"))
    ghost = report.solutions["ghost"]
    if level.tutorial and ghost.found and ghost.length < finish.length + TUTORIAL_MARGIN:
        problems.append(Msg(
            f"niveau tutoriel : une solution sans neutralisation en {ghost.length} coups, "
            f"à moins de {TUTORIAL_MARGIN} coups de la plus courte ({finish.length})",
            f"tutorial level: a solution neutralising nobody in {ghost.length} moves, "
            f"within {TUTORIAL_MARGIN} moves of the shortest ({finish.length})"))
    if level.par is not None and level.par != finish.length:
        problems.append(Msg(f"par {level.par} enregistré, mais la plus courte solution fait {finish.length} coups",
                            f"par {level.par} recorded, but the shortest solution is {finish.length} moves"))
    for star in ("ghost", "sweep"):
        if star in level.stars and not report.solutions[star].found:
            problems.append(Msg(f"l'étoile « {star} » est déclarée mais inatteignable",
                                f"the '{star}' star is declared but cannot be earned"))


def action_text(level: Level, action: Action) -> str:
    """An action as the command line writes it: ``b`` or ``throw c``."""
    kind, node = action
    return level.name(node) if kind == GO else f"throw {level.name(node)}"


def is_playing(state: State) -> bool:
    """Whether the game goes on in ``state``."""
    return state.status == PLAY
