"""The daily level (R27): the same level for a date, validated and held to the design thresholds; the server
answers only for a date within a day of its own; ``meeple stealth daily``."""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from meeple.core.errors import FormatError
from meeple.games.stealth import daily
from meeple.games.stealth.daily import (
    WEEK,
    check_server_date,
    daily_answer,
    daily_request,
    make_daily,
    parse_date,
)
from meeple.games.stealth.level import parse_level
from meeple.games.stealth.measures import measure
from meeple.games.stealth.validator import threshold_broken, validate
from tests.games.stealth.helpers import Done

DAY = dt.date(2025, 6, 9)
"""A Monday: a sentry and one-way edges (WEEK[0]); its level is made in a tenth of a second."""


@pytest.fixture(scope="module")
def made() -> dict[str, Any]:
    """DAY's level, made once for the module."""
    return make_daily(DAY).document


def test_the_daily_level_is_the_same_for_a_date_and_another_on_another(made: dict[str, Any]) -> None:
    first = make_daily(DAY)
    assert first.document == made  # made twice from nothing: the same level
    level = parse_level(first.document, "daily")
    assert level.id == "daily-2025-06-09" and level.title.en == "Daily level · 2025-06-09"
    mechanics, difficulty, seed = daily_request(DAY)
    assert (mechanics, difficulty, seed) == (WEEK[0][0], WEEK[0][1], 20250609)
    assert list(level.teaches) == list(mechanics) and first.difficulty >= difficulty
    assert validate(level, design=True).ok and threshold_broken(level, measure(level)) == {}
    assert make_daily(DAY + dt.timedelta(days=7)).document["nodes"] != made["nodes"]  # next Monday


def test_the_server_answers_the_daily_level_for_today_only_within_a_day(monkeypatch: pytest.MonkeyPatch,
                                                                       made: dict[str, Any]) -> None:
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
    monkeypatch.setattr(daily, "_CACHE", daily.OrderedDict())
    answer = daily_answer({"date": "2025-06-09"})
    assert answer == {"date": "2025-06-09", "level": made} and list(daily._CACHE) == ["2025-06-09"]  # remembered
    assert daily_answer({"date": "2025-06-09"})["level"] is answer["level"]  # not made again


def test_cli_daily_writes_the_level_of_a_date_and_refuses_a_bad_date(cli: Callable[..., Done], tmp_path: Path,
                                                                     made: dict[str, Any]) -> None:
    target = tmp_path / "today.json"
    done = cli("daily", "--date", "2025-06-09", "--out", str(target), "--json")
    assert done.returncode == 0 and json.loads(target.read_text(encoding="utf-8")) == made
    as_json = json.loads(done.stdout)
    assert as_json["date"] == "2025-06-09" and as_json["mechanics"] == list(WEEK[0][0]) and as_json["level"] == made
    text = cli("daily", "--date", "2025-06-09")
    assert text.returncode == 0 and "Daily level · 2025-06-09" in text.stdout and "difficulty" in text.stdout
    bad = cli("daily", "--date", "2025-13-01")
    assert bad.returncode == 2 and "--date" in bad.stderr and "Traceback" not in bad.stderr
    assert parse_date("2025-06-09") == DAY
