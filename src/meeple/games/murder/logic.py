"""The logical solver: solves a case step by step without guessing, and rates its difficulty.

Each person has a set of possible cells. A *deduction* is a named pattern that removes cells for sure;
deductions form a ladder from the simplest to the hardest (:data:`DEDUCTIONS`). The solver always applies
the lowest applicable deduction, then starts again from the bottom (the method of Simon Tatham's puzzle
collection and of Sudoku Explainer), so each step is the easiest one the board offers. There is no trial and
error anywhere: when no deduction applies before the board is filled, the case *needs a guess*.

Every step carries a sentence in French and English. Because every deduction is sound, a case the solver
finishes has exactly one solution (the exact solver proves it independently).

The rungs, their weights and the grade (the level of the hardest step, raised by the effort) are in
:mod:`meeple.games.murder.ladder`: 1 facile (a decor cell; a clue; a placement one clue, several clues or the
rows and columns of up to two placed people show; a row or column someone is confined to), 2 moyen (a
placement that takes three lines or more; a row or column only one person can reach), 3 difficile (room rules:
« seul », the victim's room, « avec un autre homme », room capacity), 4 expert (a cross that blocks someone;
closed groups of 2-4 people; the room census; the crowded room). ``docs/rules/murder.md`` rule 15 lists them.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Mapping
from dataclasses import dataclass
from functools import partial

from meeple.core.i18n import Msg
from meeple.games.murder.ladder import LEVEL_NAMES, MAX_LEVEL, RUNGS, Grade, grade, parse_difficulty
from meeple.games.murder.line_rules import _clue, _decor, _line_claimed, _line_single, _taken
from meeple.games.murder.model import Case, Cell, is_solution
from meeple.games.murder.room_rules import (
    _alone,
    _closed_group,
    _cross,
    _crowded_room,
    _room_census,
    _victim_room,
    _with_other,
)
from meeple.games.murder.steps import SolverState, Step

__all__ = ["DEDUCTIONS", "LEVEL_NAMES", "MAX_LEVEL", "Deduction", "LogicResult", "Step", "iterate_steps",
           "parse_difficulty", "solve_logically", "start_domains"]

Rule = Callable[[SolverState], Step | None]


@dataclass
class LogicResult:
    """What the logical solver reached."""

    steps: list[Step]
    domains: list[int]
    solved: bool
    contradiction: bool
    solution: dict[str, Cell] | None = None
    difficulty: int | None = None
    """The grade's level (:func:`meeple.games.murder.ladder.grade`), when solved."""
    grade: Grade | None = None
    """The level, the hardest step, the effort, when solved."""

    @property
    def needs_guess(self) -> bool:
        """Stuck before the end, without a contradiction: only a guess would go on."""
        return not self.solved and not self.contradiction


@dataclass(frozen=True)
class Deduction:
    """A rung of the ladder: its key, level and name."""

    key: str
    level: int
    name: Msg
    rule: Rule


DEDUCTIONS: tuple[Deduction, ...] = (
    Deduction("decor", 1, Msg("décor bloquant", "blocking decor"), _decor),
    Deduction("clue", 1, Msg("un indice élimine des cases", "a clue removes cells"), _clue),
    Deduction("taken", 1, Msg("une personne placée : un indice, des indices croisés, une ou deux lignes prises",
                              "a person placed: one clue, clues crossed, one or two lines taken"),
              partial(_taken, heaviest=RUNGS["last_place"].weight_for(2))),
    Deduction("line_claimed", 1, Msg("une personne confinée à une rangée ou colonne", "a person confined to a row or column"), _line_claimed),
    Deduction("taken_far", 2, Msg("une personne placée par trois lignes prises ou plus", "a person placed by three lines taken or more"),
              partial(_taken, heaviest=RUNGS["last_place"].most)),
    Deduction("line_single", 2, Msg("rangée ou colonne à une seule personne", "row or column with one person left"), _line_single),
    Deduction("alone", 3, Msg("seul dans la pièce", "alone in the room"), _alone),
    Deduction("victim_room", 3, Msg("la pièce de la victime", "the victim's room"), _victim_room),
    Deduction("with_other", 3, Msg("avec un autre homme / une autre femme", "with another man / woman"), _with_other),
    Deduction("cross", 4, Msg("croix qui bloque une personne", "a cross that blocks someone"), _cross),
    Deduction("closed_group", 4, Msg("groupe fermé de rangées ou de colonnes", "closed group of rows or columns"), _closed_group),
    Deduction("room_census", 4, Msg("recensement des pièces", "room census"), _room_census),
    Deduction("crowded_room", 4, Msg("pièce trop pleine", "crowded room"), _crowded_room),
)
"""The ladder, simplest first."""


def _apply(state: SolverState, step: Step) -> None:
    for person, mask in step.updates.items():
        state.domains[person] = mask


def iterate_steps(case: Case, domains: list[int], max_level: int = MAX_LEVEL,
                  given: Collection[int] = ()) -> Iterator[Step]:
    """Yield deductions one by one (the lightest rung of the ladder first), applying each to ``domains`` in
    place; ``given`` are the indices of people the player already placed (their placement weighs nothing)."""
    state = SolverState(case, domains, given)
    ladder = [d for d in DEDUCTIONS if d.level <= max_level]
    while True:
        if any(d == 0 for d in state.domains):
            return
        for deduction in ladder:
            step = deduction.rule(state)
            if step is not None:
                _apply(state, step)
                yield step
                break
        else:
            return


def start_domains(case: Case, given: Mapping[str, Cell] | None = None) -> list[int]:
    """Every person may start anywhere on the board; ``given`` people are fixed to their cell."""
    domains = [case.full_mask for _ in case.people]
    for pid, cell in (given or {}).items():
        domains[[p.id for p in case.people].index(pid)] = 1 << case.index(cell)
    return domains


def given_indices(case: Case, given: Mapping[str, Cell] | None) -> frozenset[int]:
    """The indices of the people of ``given``."""
    ids = [p.id for p in case.people]
    return frozenset(ids.index(pid) for pid in (given or {}))


def solve_logically(
    case: Case, max_level: int = MAX_LEVEL, given: Mapping[str, Cell] | None = None, keep_steps: bool = True
) -> LogicResult:
    """Solve ``case`` by deductions up to ``max_level``; see :class:`LogicResult`."""
    domains = start_domains(case, given)
    steps: list[Step] = []
    weights: list[tuple[str, float]] = []
    for step in iterate_steps(case, domains, max_level, given_indices(case, given)):
        weights.append((step.technique, step.weight))
        if keep_steps:
            steps.append(step)
    if any(d == 0 for d in domains):
        return LogicResult(steps, domains, False, True)
    if any(d & (d - 1) for d in domains):
        return LogicResult(steps, domains, False, False)
    board = {p.id: case.cell(d.bit_length() - 1) for p, d in zip(case.people, domains, strict=True)}
    if not is_solution(case, board):
        return LogicResult(steps, domains, False, True)
    rated = grade(weights, len(case.people))
    return LogicResult(steps, domains, True, False, board, rated.level, rated)
