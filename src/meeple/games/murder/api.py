"""The functions the browser app calls (beside the Game protocol), all JSON in, JSON out.

- :func:`check_board` — ``(case JSON, board) -> {"violations", "complete", "solved", "murderer", "wrong"}``:
  the rules a partial or full board breaks for sure; ``wrong`` lists people placed off the case's answer
  when the case carries one (the browser may show it on demand).
- :func:`next_hint` — ``(case JSON, board) -> {"status", "steps", "placement", "message"}``: the logical
  solver's next deductions from a partly filled board, up to the first one that fixes a person who is not
  on the board yet. ``status`` is ``"hint"``, ``"solved"``, ``"broken"`` (the board breaks a rule, or
  the exact solver finds no solution that extends it: someone is misplaced) or ``"needs_guess"``.
- :func:`generate` — ``(size, difficulty, seed) -> case JSON`` with its solution (omit it before sending a
  case to a player: :func:`meeple.games.murder.caseio.case_to_json` with ``with_solution=False``).

A *board* is ``{person id: [row, col]}`` (rows and columns from 0); people off the board are left out.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from meeple.core.errors import FormatError
from meeple.core.i18n import Msg
from meeple.games.murder.caseio import case_from_json, case_to_json
from meeple.games.murder.exact import count_solutions
from meeple.games.murder.generate import generate_case
from meeple.games.murder.logic import Step, iterate_steps, parse_difficulty, start_domains
from meeple.games.murder.model import Case, Cell, murderer, violations
from meeple.games.murder.text import cell_name


def read_board(case: Case, data: Any, source: str = "board") -> dict[str, Cell]:
    """A board from JSON ``{person: [row, col]}``; bad data raises :class:`FormatError`."""
    if not isinstance(data, dict):
        raise FormatError(source, "", Msg("un objet {personne: [rangée, colonne]} est attendu", "an object {person: [row, col]} is expected"))
    board: dict[str, Cell] = {}
    for pid, cell in data.items():
        if pid not in case.person_by_id:
            raise FormatError(source, str(pid), Msg("personne inconnue", "unknown person"))
        ok = isinstance(cell, list | tuple) and len(cell) == 2 and all(isinstance(v, int) and not isinstance(v, bool) for v in cell)
        if not ok or not case.in_bounds((cell[0], cell[1])):
            raise FormatError(source, pid, Msg("case [rangée, colonne] du plateau attendue", "a cell [row, col] on the board is expected"))
        board[pid] = (cell[0], cell[1])
    return board


def check_board(case_json: Any, board_json: Any) -> dict[str, Any]:
    """What the board breaks, whether it is complete and solved, and who the murderer is when solved."""
    case = case_from_json(case_json)
    board = read_board(case, board_json)
    broken = violations(case, board)
    solved = len(board) == len(case.people) and not broken
    killer = murderer(case, board) if solved else None
    wrong = sorted(pid for pid, cell in board.items() if case.solution and case.solution[pid] != cell)
    return {
        "violations": [v.to_json() for v in broken],
        "complete": len(board) == len(case.people),
        "solved": solved,
        "murderer": killer.id if killer else None,
        "wrong": wrong,
    }


@dataclass
class Hint:
    """The next deductions from a board: status, the chain of steps, and the person it places."""

    status: str
    steps: list[Step]
    placement: tuple[str, Cell] | None
    message: Msg

    def to_json(self, case: Case) -> dict[str, Any]:
        """For the browser."""
        return {
            "status": self.status,
            "steps": [step.to_json(case) for step in self.steps],
            "placement": None if self.placement is None else {"person": self.placement[0], "cell": list(self.placement[1])},
            "message": self.message.to_json(),
        }


def hint_for(case: Case, board: Mapping[str, Cell]) -> Hint:
    """The logical solver's next deductions from ``board`` (see :func:`next_hint`)."""
    if len(board) == len(case.people) and not violations(case, board):
        return Hint("solved", [], None, Msg("L'enquête est résolue.", "The case is solved."))
    broken = violations(case, board)
    if broken:
        return Hint("broken", [], None, Msg(f"Le plateau enfreint une règle : {broken[0].message.fr}.",
                                            f"The board breaks a rule: {broken[0].message.en}."))
    if count_solutions(case, 1, given=board).count == 0:
        return Hint("broken", [], None, Msg(
            "Ce plateau ne mène à aucune solution : quelqu'un est mal placé.",
            "This board leads to no solution: someone is misplaced."))
    domains = start_domains(case, board)
    ids = [p.id for p in case.people]
    steps: list[Step] = []
    for step in iterate_steps(case, domains):
        steps.append(step)
        for person in step.updates:
            domain = domains[person]
            if ids[person] not in board and domain and domain & (domain - 1) == 0:
                cell = case.cell(domain.bit_length() - 1)
                name = case.people[person].name
                return Hint("hint", steps, (ids[person], cell), Msg(
                    f"{name} ne peut être qu'en {cell_name(cell)}.", f"{name} can only be at {cell_name(cell)}."))
    if any(d == 0 for d in domains):
        return Hint("broken", steps, None, Msg(
            "Le plateau contredit les indices : quelqu'un est mal placé.",
            "The board contradicts the clues: someone is misplaced."))
    return Hint("needs_guess", steps, None, Msg(
        "Aucune déduction ne place une personne de plus : il faudrait deviner.",
        "No deduction places one more person: a guess would be needed."))


def next_hint(case_json: Any, board_json: Any) -> dict[str, Any]:
    """JSON in, JSON out: :func:`hint_for` for the browser."""
    case = case_from_json(case_json)
    return hint_for(case, read_board(case, board_json)).to_json(case)


def generate(size: int, difficulty: int | str, seed: int) -> dict[str, Any]:
    """A new case as JSON (with its solution), the same for the same arguments."""
    return case_to_json(generate_case(size, parse_difficulty(difficulty), seed))
