"""The case editor's live check: a draft case sent inline, read, then proved by both solvers within a budget.

The browser's case editor (``web/games/murder-editor.js``) asks the server's ``analyse`` catalogue
question (run in a worker process) after each edit, ``{"case": <meeple-murder-case v1 draft>}``;
:func:`editor_report` is that question (decisions: ``docs/rules/murder.md``, « L'éditeur de cas »).
The answer, every text ``{fr, en}``:

- ``ok``: the draft reads, has exactly one solution and the logical solver reaches it without a guess;
- ``format_error``: ``{"field": "clues[3].room", "reason"}`` when the draft cannot be read yet (a draft is
  usually incomplete: an answer, not an error); then nothing else is filled;
- ``problems``: what keeps it from ``ok``; ``solutions``: 0, 1 or 2 (two or more; ``None`` when the
  budget ran out); ``unique``; ``no_guess`` (``None`` unless unique);
- when unique: ``solution`` and ``murderer``, ``steps`` (logical steps taken), ``difficulty`` (1-4, when
  no guess is needed) or ``stuck`` ``{"step", "placed", "message"}`` (the step that would need a guess,
  who is placed for sure by then); with two solutions, ``witness``: a second board;
- ``clue_texts``: each clue's card sentence, in the draft's order.

A draft over :data:`~meeple.games.murder.caseio.CASE_LIMITS` is refused whole
(:class:`~meeple.core.limits.TooLargeError`, 413 through the server) before any other work. The exact
solver is bounded by :data:`EDITOR_NODES` search nodes (past it: "too large to be checked here"); the
logical solver needs no bound (each step removes a cell: at most N³ steps).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from meeple.core.errors import BudgetExceededError, FormatError
from meeple.core.i18n import Msg
from meeple.core.limits import TooLargeError
from meeple.games.murder.caseio import case_from_json
from meeple.games.murder.exact import answer_board, count_solutions
from meeple.games.murder.logic import LogicResult, solve_logically
from meeple.games.murder.model import Case, Cell, murderer
from meeple.games.murder.render import sheet, sheet_options
from meeple.games.murder.text import clue_sentence

EDITOR_NODES = 20_000
"""Search nodes the exact solver may visit for one check. Generated cases and the 2 000 random cases of the
stress set need at most a few hundred (``benchmarks/murder.py --adversarial``); 20 000 nodes take a few
seconds on a loaded machine, well inside the worker's 20 s limit (the last resort)."""

NO_SOLUTION = Msg("aucune solution : les indices se contredisent", "no solution: the clues contradict each other")
SEVERAL = Msg("2 solutions au moins : il manque un indice", "2 solutions or more: a clue is missing")


def _empty_answer() -> dict[str, Any]:
    return {"ok": False, "format_error": None, "problems": [], "solutions": None, "unique": False, "no_guess": None,
            "difficulty": None, "steps": None, "stuck": None, "murderer": None, "solution": None, "witness": None,
            "clue_texts": None}


def _board(board: Mapping[str, Cell]) -> dict[str, list[int]]:
    return {pid: list(cell) for pid, cell in board.items()}


def editor_report(params: Any) -> dict[str, Any]:
    """The check of ``params["case"]`` (a ``meeple-murder-case`` v1 document), as the contract describes.

    Raises :class:`TooLargeError` for a document over :data:`CASE_LIMITS` (nothing else is done); any
    other unreadable draft is answered with ``format_error`` ``{"field", "reason"}`` and nothing else.
    """
    data = params.get("case") if isinstance(params, dict) else None
    answer = _empty_answer()
    try:
        case = case_from_json(data, "case")  # checks CASE_LIMITS first
    except TooLargeError:
        raise  # over a limit is not a draft: the server answers 413
    except FormatError as error:
        answer["format_error"] = {"field": error.field, "reason": error.reason.to_json()}
        return answer
    answer["clue_texts"] = [clue_sentence(case, clue).to_json() for clue in case.clues]
    try:
        found = count_solutions(case, 2, max_nodes=EDITOR_NODES)
    except BudgetExceededError:
        answer["problems"] = [Msg(f"trop grand pour être vérifié ici (plus de {EDITOR_NODES} nœuds de recherche)",
                                  f"too large to be checked here (more than {EDITOR_NODES} search nodes)").to_json()]
        return answer
    answer["solutions"] = found.count
    if found.count == 0:
        answer["problems"] = [NO_SOLUTION.to_json()]
    elif found.count >= 2:
        answer["problems"] = [SEVERAL.to_json()]
        answer["witness"] = _board(_witness(case, found.solutions))
    else:
        _unique(case, found.solutions[0], answer)
    return answer


def _witness(case: Case, solutions: list[dict[str, Cell]]) -> dict[str, Cell]:
    """A board that shows the case is not unique: one that differs from the designer's own answer when the
    draft carries one, else the second board found."""
    for board in solutions:
        if case.solution is not None and board != dict(case.solution):
            return board
    return solutions[1]


def _unique(case: Case, board: dict[str, Cell], answer: dict[str, Any]) -> None:
    """Fill what a unique draft shows: its answer and murderer, then how far logic goes without guessing."""
    killer = murderer(case, board)
    answer.update(unique=True, solution=_board(board), murderer=killer.id if killer else None)
    logic = solve_logically(case)
    answer["steps"] = len(logic.steps)
    answer["no_guess"] = logic.solved
    if logic.solved:
        answer["difficulty"] = logic.difficulty
        answer["ok"] = True
        return
    stuck = _stuck(case, logic)
    answer["stuck"] = stuck
    answer["problems"] = [Msg(f"il faut deviner à l'étape {stuck['step']}",
                              f"a guess is needed at step {stuck['step']}").to_json()]


def _stuck(case: Case, logic: LogicResult) -> dict[str, Any]:
    """Where logic stops: the number of the step that would need a guess, who is placed by then, and why."""
    step = len(logic.steps) + 1
    placed = {person.id: list(case.cell(domain.bit_length() - 1))
              for person, domain in zip(case.people, logic.domains, strict=True) if domain & (domain - 1) == 0}
    total = len(case.people)
    message = Msg(f"Étape {step} : aucune déduction ne s'applique plus (personnes placées : {len(placed)} sur {total}), "
                  "il faudrait deviner.",
                  f"Step {step}: no deduction applies any more (people placed: {len(placed)} of {total}), "
                  "a guess would be needed.")
    return {"step": step, "placed": placed, "message": message.to_json()}


def print_sheet(params: Any) -> dict[str, Any]:
    """The editor's ``print`` catalogue question: the sheet ``meeple murder render`` makes, of the draft
    ``params["case"]``, as :func:`~meeple.games.murder.render.sheet` answers it (``format`` pdf by default,
    ``paper`` a4|letter, ``lang`` fr|en); ``answer: true`` draws the answer on the board (the draft's own when
    it holds, else one the exact solver finds within :data:`EDITOR_NODES`).

    Unlike ``analyse``, a draft that cannot be read is an error here (there is nothing to print): the
    :class:`FormatError` names the field; over :data:`CASE_LIMITS`, :class:`TooLargeError` (413)."""
    options = params if isinstance(params, dict) else {}
    language, paper, fmt = sheet_options(options, "pdf")
    want_answer = options.get("answer", False)
    if not isinstance(want_answer, bool):
        raise FormatError("params", "answer", Msg("vrai ou faux attendu", "true or false expected"))
    case = case_from_json(options.get("case"), "case")
    board = None
    if want_answer:
        try:
            board = answer_board(case, max_nodes=EDITOR_NODES)
        except BudgetExceededError as error:
            raise FormatError("case", "", Msg("trop grand pour trouver la réponse ici",
                                              "too large to find the answer here")) from error
        if board is None:
            raise FormatError("case", "clues", NO_SOLUTION)
    return sheet(case, board, language, paper, fmt)
