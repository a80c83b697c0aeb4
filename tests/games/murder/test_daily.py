"""The daily case (issue 29): the same case for everyone on a date, its size and difficulty by weekday."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from meeple.core.errors import FormatError, MeepleError
from meeple.games.murder.caseio import case_to_json
from meeple.games.murder.daily import WEEK, daily_case, parse_day, today
from meeple.games.murder.game import MurderGame
from meeple.games.murder.logic import solve_logically
from meeple.server.adapters.murder import daily


def test_a_date_gives_one_case_whatever_the_rooms_seed() -> None:
    first = MurderGame.new({"daily": "2026-12-02"}, seed=1)
    again = MurderGame.new({"daily": "2026-12-02"}, seed=99)
    assert case_to_json(first.case) == case_to_json(again.case)
    other = MurderGame.new({"daily": "2026-12-03"}, seed=1)
    assert case_to_json(other.case) != case_to_json(first.case)
    view = first.view(0)
    assert view["daily"]["date"] == "2026-12-02" and view["title"]["fr"].startswith("Enquête du jour — mercredi")


def test_size_and_difficulty_follow_the_weekday_and_the_grade_is_the_days() -> None:
    monday = date(2026, 11, 30)
    assert monday.weekday() == 0
    assert [(daily_case(monday + timedelta(days)).size, daily_case(monday + timedelta(days)).difficulty)
            for days in range(7)] == list(WEEK)
    assert WEEK[0] == (5, 1) and WEEK[-1] == (9, 4)  # easy on Monday, the hardest on Sunday
    for days in (0, 3):
        day = daily_case(monday + timedelta(days))
        case = MurderGame.new({"daily": day.day.isoformat()}).case
        assert case.size == day.size and solve_logically(case).difficulty == day.difficulty


def test_the_catalogue_answers_today_or_the_date_asked_and_refuses_a_bad_one() -> None:
    answer = daily({"date": "2026-12-06"})
    assert answer["options"] == {"daily": "2026-12-06"} and answer["size"] == 9 and answer["level"]["fr"] == "expert"
    assert daily({})["date"] == today().isoformat()  # UTC
    for bad in ("2026-13-01", "yesterday", 20261202, "1999-12-31"):
        with pytest.raises(FormatError, match=r"^params : date : "):
            daily({"date": bad})
    with pytest.raises(MeepleError):
        parse_day("2026-02-30")
    with pytest.raises(FormatError, match="daily"):
        MurderGame.new({"daily": "not a date"})
