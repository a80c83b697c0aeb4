"""Sudoku Murder for the server: check, hint and print queries from :mod:`meeple.games.murder.api`, and the
case editor's ``analyse`` and ``print`` catalogue questions (:mod:`meeple.games.murder.editor`, in a worker).

Every query works on the room's current board (the people the player placed); the case's answer
never leaves the server (``check`` lists wrong placements only when the player asks to see them).
"""

from __future__ import annotations

from typing import Any

from meeple.core.errors import FormatError
from meeple.core.game import JSON, Game
from meeple.core.i18n import Msg
from meeple.games.murder.caseio import CASE_LIMITS
from meeple.games.murder.editor import editor_report, print_sheet
from meeple.server.history import history_queries
from meeple.server.registry import GameAdapter


def _case_and_board(game: Game[Any]) -> tuple[Any, dict[str, list[int]]]:
    case = getattr(game, "case", None)
    board = getattr(game, "board", None)
    if case is None or board is None:
        raise FormatError("query", "game", Msg("pas une enquête", "not a murder case"))
    return case, {person: list(cell) for person, cell in board.items()}


def check(game: Game[Any], _seat: int | None, params: JSON) -> JSON:
    """The rules the board breaks for sure; with ``{"reveal": true}``, also who is misplaced."""
    from meeple.games.murder.api import check_board
    from meeple.games.murder.caseio import case_to_json

    case, board = _case_and_board(game)
    result = check_board(case_to_json(case), board)
    if not (isinstance(params, dict) and params.get("reveal") is True):
        result.pop("wrong", None)
    return result


def hint(game: Game[Any], _seat: int | None, _params: JSON) -> JSON:
    """The logical solver's next step from the current board, explained."""
    from meeple.games.murder.api import next_hint
    from meeple.games.murder.caseio import case_to_json

    case, board = _case_and_board(game)
    result: JSON = next_hint(case_to_json(case, with_solution=False), board)
    return result


def print_room(game: Game[Any], _seat: int | None, params: JSON) -> JSON:
    """The printable case (board and cards), never with the answer, as the editor's ``print`` question makes
    it (:func:`meeple.games.murder.render.sheet`): SVG by default (``{"svg"}``), or ``format: "pdf"`` on
    ``paper`` a4|letter; in the asked language."""
    from meeple.games.murder.render import sheet, sheet_options

    case, _board = _case_and_board(game)
    language, paper, fmt = sheet_options(params, "svg")
    result: JSON = sheet(case, None, language, paper, fmt)
    return result


def difficulties(_params: JSON) -> JSON:
    """The difficulty levels and the board sizes a new case may have."""
    from meeple.games.murder.logic import LEVEL_NAMES
    from meeple.games.murder.model import MAX_SIZE, MIN_SIZE

    return {"sizes": list(range(MIN_SIZE, MAX_SIZE + 1)),
            "difficulties": [{"key": level, "title": name.to_json()} for level, name in LEVEL_NAMES.items()]}


def daily(params: JSON) -> JSON:
    """Today's daily case (UTC), or ``params.date``'s: its date, size, difficulty, title and the room options
    that play it (``{"daily": "YYYY-MM-DD"}``), the same for everyone."""
    from meeple.core.errors import MeepleError
    from meeple.games.murder.daily import daily_case, parse_day, today

    asked = params.get("date") if isinstance(params, dict) else None
    try:
        day = today() if asked is None else parse_day(asked)
    except MeepleError as error:
        raise FormatError("params", "date", error.message) from error
    result: JSON = daily_case(day).to_json()
    return result


def describe(game: Game[Any], move: Any) -> Msg:
    """A move in words for the history (:func:`meeple.games.murder.describe.describe_move`)."""
    from meeple.games.murder.describe import describe_move

    return describe_move(game, move)  # type: ignore[arg-type]


def recorded_options(game: Game[Any]) -> dict[str, JSON]:
    """A murder room stores its case (with its answer, which never leaves the server), not only the size,
    difficulty and seed it was generated from: the room replays the same case whatever the generator becomes."""
    from meeple.games.murder.caseio import case_to_json

    case, _board = _case_and_board(game)
    options: dict[str, JSON] = {key: value for key, value in game.options.items() if key != "case"}
    options["case"] = case_to_json(case)
    return options


def make_adapter() -> GameAdapter:
    """Murder is a one-player puzzle: no computer player; check, hint and print queries.

    A new case is generated (seconds of search for a large, hard one), a hint runs the logical solver and
    the editor's ``analyse`` both solvers, its ``print`` draws a draft (a PDF conversion: tenths of a second):
    they run in a worker process. ``print`` is both a room query (the room's case) and a catalogue question
    (the editor's draft, inline): one sheet, :func:`meeple.games.murder.render.sheet`."""
    return GameAdapter(public_view=True, queries={"check": check, "hint": hint, "print": print_room, **history_queries(describe)},
                       catalog={"difficulties": difficulties, "daily": daily, "analyse": editor_report, "print": print_sheet}, send_legal_moves=False,
                       factory_in_worker=True, worker_queries=frozenset({"hint", "analyse", "print"}),
                       inline_content={"case": CASE_LIMITS}, recorded_options=recorded_options)
