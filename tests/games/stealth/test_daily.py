"""The daily level (R27): the same level for a date, validated and held to the design thresholds; the server
answers only for a date within a day of its own; ``meeple stealth daily``."""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable
from pathlib import Path

import pytest

from meeple.core.errors import FormatError
from meeple.games.stealth import daily
from meeple.games.stealth.daily import WEEK, check_server_date, daily_answer, daily_request, make_daily, parse_date
from meeple.games.stealth.level import parse_level
from meeple.games.stealth.measures import measure
from meeple.games.stealth.validator import threshold_broken, validate
from tests.games.stealth.helpers import Done

DAY = dt.date(2025, 6, 4)
"""A Wednesday: a pivoting sentry and a stone (WEEK[2])."""


def test_the_daily_level_is_the_same_for_a_date_and_another_on_another() -> None:
    first, again = make_daily(DAY), make_daily(DAY)
    assert first.document == again.document  # made twice from nothing: the same level
    level = parse_level(first.document, "daily")
    assert level.id == "daily-2025-06-04" and level.title.en == "Daily level · 2025-06-04"
    mechanics, difficulty, seed = daily_request(DAY)
    assert (mechanics, difficulty, seed) == (WEEK[2][0], WEEK[2][1], 20250604)
    assert list(level.teaches) == list(mechanics) and first.difficulty >= difficulty
    assert validate(level, design=True).ok and threshold_broken(level, measure(level)) == {}
    assert make_daily(DAY + dt.timedelta(days=7)).document["nodes"] != first.document["nodes"]  # next Wednesday


def test_the_server_answers_the_daily_level_for_today_only_within_a_day(monkeypatch: pytest.MonkeyPatch) -> None:
    today = DAY
    assert check_server_date(DAY - dt.timedelta(days=1), today) and check_server_date(DAY + dt.timedelta(days=1), today)
    with pytest.raises(FormatError) as far:
        check_server_date(DAY + dt.timedelta(days=2), today)
    assert far.value.field == "date" and "yesterday, today and tomorrow" in far.value.reason.en
    with pytest.raises(FormatError) as bad:
        daily_answer({"date": "2025-02-30"})
    assert bad.value.field == "date" and bad.value.reason.en == "no such date '2025-02-30'"
    with pytest.raises(FormatError):
        daily_answer({"date": 20250604})
    monkeypatch.setattr(daily, "check_server_date", lambda date: check_server_date(date, today))
    answer = daily_answer({"date": "2025-06-04"})
    assert answer["date"] == "2025-06-04" and answer["level"] == make_daily(DAY).document
    assert daily_answer({"date": "2025-06-04"}) is not answer and "2025-06-04" in daily._CACHE  # remembered


def test_cli_daily_writes_the_level_of_a_date_and_refuses_a_bad_date(cli: Callable[..., Done], tmp_path: Path) -> None:
    target = tmp_path / "today.json"
    done = cli("daily", "--date", "2025-06-04", "--out", str(target))
    assert done.returncode == 0 and "Daily level · 2025-06-04" in done.stdout and "difficulty" in done.stdout
    assert json.loads(target.read_text(encoding="utf-8")) == make_daily(DAY).document
    as_json = json.loads(cli("daily", "--date", "2025-06-04", "--json").stdout)
    assert as_json["date"] == "2025-06-04" and as_json["mechanics"] == list(WEEK[2][0])
    bad = cli("daily", "--date", "2025-13-01")
    assert bad.returncode == 2 and "--date" in bad.stderr and "Traceback" not in bad.stderr
    assert parse_date("2025-06-04") == DAY
