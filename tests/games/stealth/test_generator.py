"""The level generator (R24): same seed same level, every level it keeps validates and needs what was asked."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from meeple.games.stealth.analysis import SCORE_STEPS, Figures, analyse, difficulty, score
from meeple.games.stealth.generator import (
    RequestError,
    check_request,
    crossings,
    generate,
    segments_cross,
)
from meeple.games.stealth.level import parse_level
from meeple.games.stealth.measures import measure
from meeple.games.stealth.shipped import load_level_file, load_shipped_level, shipped_level_ids
from meeple.games.stealth.validator import threshold_broken, validate
from tests.games.stealth.helpers import Done

GOLDEN = Path(__file__).parent / "golden" / "generated-7-sentry-stone-2.json"


def test_same_seed_same_level_golden() -> None:
    made = next(generate(check_request(7, ["sentry", "stone"], 2)))
    assert made.document == json.loads(GOLDEN.read_text(encoding="utf-8"))


def test_same_request_twice_gives_the_same_levels_and_another_seed_others() -> None:
    first = [made.document for made in generate(check_request(3, ["door"], 1, count=2))]
    again = [made.document for made in generate(check_request(3, ["door"], 1, count=2))]
    other = [made.document for made in generate(check_request(4, ["door"], 1, count=2))]
    assert first == again and first != other
    assert [doc["id"] for doc in first] == ["g3-1", "g3-2"] and first[0]["nodes"] != first[1]["nodes"]


@pytest.mark.parametrize(("mechanics", "level"), [
    (["sentry"], 1), (["stone"], 1), (["door"], 1), (["oneway"], 2), (["caravan"], 2), (["pivot-turn"], 1),
])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_generated_level_validates_needs_what_was_asked_and_is_drawn_without_crossings(
        mechanics: list[str], level: int, seed: int) -> None:
    made = next(generate(check_request(seed, mechanics, level)))
    lv = parse_level(made.document, "generated")
    report = validate(lv)
    assert report.ok, [problem.en for problem in report.problems]
    result = analyse(lv)
    assert set(mechanics) <= set(result.needed())
    assert difficulty(result.figures) == level == made.difficulty
    assert len(report.neutralisable) <= 4 and lv.par == result.figures.par
    assert crossings(lv) == []
    assert list(lv.teaches) == mechanics and "finish" in lv.stars and "par" in lv.stars
    found = measure(lv)
    assert found.filler.solutions == 0 and found.dead_stubs == []
    assert (threshold_broken(lv, found) == {}) or level == 1  # the first act's tier is not held to them


def test_generated_levels_meet_the_thresholds_and_have_no_filler_nor_dead_stub() -> None:
    made = next(generate(check_request(2, ["stone", "patrol-walk", "door"], 4, conflict=True)))
    lv = parse_level(made.document, "generated")
    found = measure(lv)
    assert threshold_broken(lv, found) == {} and found.filler.solutions == 0 and found.dead_stubs == []
    assert found.stars_conflict  # --conflict: the par run cannot earn a bonus star the level offers
    assert validate(lv, design=True).ok and made.difficulty == 4


def test_difficulty_is_the_documented_function_of_the_figures() -> None:
    figures = Figures(reachable=100, par=8, optimal_solutions=2, dead_ends=0.25, branching=2.0, in_play=80)
    assert score(figures) == pytest.approx(8 / 4 + 2 + 2 * 0.25 + 1 / 2)
    assert difficulty(figures) == 1 + sum(score(figures) >= step for step in SCORE_STEPS) == 4  # score 5.0
    easy = Figures(reachable=10, par=3, optimal_solutions=4, dead_ends=0.0, branching=1.5, in_play=8)
    assert difficulty(easy) == 1
    hard = Figures(reachable=8000, par=16, optimal_solutions=1, dead_ends=0.2, branching=3.0, in_play=7000)
    assert difficulty(hard) == 5


def test_segments_cross_and_shipped_drawings_have_no_crossing() -> None:
    assert segments_cross((0, 0), (2, 2), (0, 2), (2, 0))
    assert not segments_cross((0, 0), (1, 0), (1, 0), (2, 1))  # a shared end is no crossing
    assert segments_cross((0, 0), (2, 0), (1, 0), (1, 1))  # an edge through a node
    assert not segments_cross((0, 0), (1, 0), (0, 1), (1, 1))
    for level_id in shipped_level_ids():
        assert crossings(load_shipped_level(level_id)) == [], level_id


@pytest.mark.parametrize(("args", "option", "reason"), [
    ((1, ["lockpick"], 1), "--mechanics", "unknown mechanic 'lockpick'"),
    ((1, [], 1), "--mechanics", "at least one mechanic"),
    ((1, ["stone", "stone"], 1), "--mechanics", "a mechanic listed twice"),
    ((1, ["stone"], 6), "--difficulty", "1 to 5 (not 6)"),
    ((1, ["stone", "door", "hide"], 1), "--mechanics", "3 mechanics, difficulty 1 allows at most 2"),
    ((1, ["sentry", "pivot", "patrol"], 5), "--mechanics", "more than 4 neutralisable enemies"),
    ((1, ["diverted-front"], 1), "--difficulty", "diverted-front needs difficulty 2 at least"),
    ((1, ["stone"], 1, 0), "--count", "1 to 50 (not 0)"),
    ((1, ["stone"], 1, 1, 0), "--attempts", "1 to 100000 (not 0)"),
    ((-1, ["stone"], 1), "--seed", "0 to"),
])
def test_a_bad_request_names_the_option_and_the_reason(args: tuple, option: str, reason: str) -> None:  # type: ignore[type-arg]
    with pytest.raises(RequestError) as caught:
        check_request(*args)
    assert caught.value.option == option and reason in caught.value.reason.en


def test_running_out_of_attempts_is_one_clear_error() -> None:
    with pytest.raises(Exception, match="no level accepted in 1 attempts"):
        list(generate(check_request(1, ["tracker-alert", "hide"], 1, attempts=1)))


def test_cli_generate_writes_valid_levels_and_reports_them(cli: Callable[..., Done], tmp_path: Path) -> None:
    done = cli("generate", "--seed", "5", "--mechanics", "sentry", "--count", "2", "--out", str(tmp_path / "out"))
    assert done.returncode == 0, done.stderr
    files = sorted((tmp_path / "out").glob("*.json"))
    assert [file.name for file in files] == ["g5-1.json", "g5-2.json"]
    assert "difficulty 1, par" in done.stdout and "2 levels in" in done.stdout and "Written: " in done.stdout
    for file in files:
        assert validate(load_level_file(file)).ok
    assert cli("validate", str(tmp_path / "out")).returncode == 0


def test_cli_generate_bad_options_are_one_line_usage_errors(cli: Callable[..., Done], tmp_path: Path) -> None:
    done = cli("generate", "--mechanics", "sentry,bogus", "--out", str(tmp_path))
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and "--mechanics" in done.stderr
    assert "unknown mechanic 'bogus'" in done.stderr
    french = cli("generate", "--mechanics", "sentry", "--difficulty", "9", "--out", str(tmp_path), lang=None)
    assert french.returncode == 2 and "de 1 à 5 (pas 9)" in french.stderr
    (tmp_path / "file").write_text("x")
    assert cli("generate", "--mechanics", "sentry", "--out", str(tmp_path / "file")).returncode == 2
    assert not list(tmp_path.glob("*.json"))  # nothing written


@settings(max_examples=6, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=10**9), mechanic=st.sampled_from(["sentry", "stone", "door", "caravan"]))
def test_any_seed_gives_a_valid_level_that_needs_the_requested_mechanic(seed: int, mechanic: str) -> None:
    made = next(generate(check_request(seed, [mechanic], 1)))
    lv = parse_level(made.document, "generated")
    assert validate(lv).ok and mechanic in analyse(lv).needed() and crossings(lv) == []
    assert made.document == next(generate(check_request(seed, [mechanic], 1))).document  # same seed, same level
