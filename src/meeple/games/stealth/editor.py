"""The level editor's live check: a level sent inline, read, validated and analysed within a small budget.

The browser's editor (``web/games/stealth-editor.js``) asks the server's ``analyse`` catalogue question
(run in a worker process) after each edit; :func:`editor_report` is that question. A level that cannot
be read is not an error here but an answer — ``format_error`` with the field (``enemies[1].facing``) the
editor points at — since a draft is usually incomplete. Limits: the document's size (``LEVEL_LIMITS``,
checked before anything else by :func:`parse_level`) and :data:`EDITOR_BUDGET` states per search.
"""

from __future__ import annotations

from typing import Any

from meeple.core.errors import BudgetExceededError, FormatError
from meeple.core.i18n import Msg
from meeple.games.stealth.analysis import BY_CODE, analyse
from meeple.games.stealth.level import parse_level
from meeple.games.stealth.validator import validate

EDITOR_BUDGET = 20_000
"""States a search of the editor's check may visit (a level past it is reported as too large to check)."""


def editor_report(params: Any) -> dict[str, Any]:
    """``{"ok", "format_error", "problems", "par", "figures", "mechanics", "stars", "level"}`` for
    ``params["level_data"]``.

    ``ok``: the level validates (it may be played and shared). ``format_error``: ``{"field", "reason"}`` when
    the document cannot be read (then nothing else is filled). ``problems``: the validator's reasons, each
    ``{fr, en}``. ``mechanics``: R23's rows for the mechanics present, each with its ``name`` in both
    languages. ``stars``: the stars the level can offer (``finish``, ``par`` and whichever of ``ghost`` and
    ``sweep`` can be earned); ``level``: the document completed with its ``par`` and those stars — the one
    « Jouer ce niveau » plays (a draft needs no par nor stars of its own).
    """
    data = params.get("level_data") if isinstance(params, dict) else None
    answer: dict[str, Any] = {"ok": False, "format_error": None, "problems": [], "par": None, "figures": None,
                              "mechanics": [], "stars": [], "level": None}
    try:
        level = parse_level(data, "level_data")
    except FormatError as error:
        answer["format_error"] = {"field": error.field, "reason": error.reason.to_json()}
        return answer
    try:
        report = validate(level, EDITOR_BUDGET)
        answer["problems"] = [problem.to_json() for problem in report.problems]
        answer["ok"] = report.ok
        finish = report.solutions.get("finish")
        if finish is not None and finish.found:
            result = analyse(level, EDITOR_BUDGET)
            answer["par"] = finish.length
            answer["figures"] = result.figures.to_json()
            answer["mechanics"] = [{**row.to_json(), "name": BY_CODE[row.code].name.to_json()}
                                   for row in result.mechanics if row.present]
            # a level without enemies offers no bonus star: nobody to spare, nobody to neutralise
            answer["stars"] = ["finish", "par"] + [star for star in ("ghost", "sweep")
                                                   if level.enemies and report.solutions[star].found]
            if report.ok:
                answer["level"] = {**level.data, "par": finish.length, "stars": answer["stars"]}
    except BudgetExceededError:
        answer["ok"] = False
        answer["problems"] = [Msg(f"trop grand pour être vérifié ici (plus de {EDITOR_BUDGET} états)",
                                  f"too large to be checked here (more than {EDITOR_BUDGET} states)").to_json()]
    return answer
