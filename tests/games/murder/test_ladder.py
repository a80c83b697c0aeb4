"""The difficulty ladder (docs/rules/murder.md rule 15): named deductions with weights, the hardest step sets
the level, the effort per person moves it up; the published cases spread over the four levels."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from meeple.games.murder.ladder import (
    EFFORT_BUDGETS,
    LEVEL_BANDS,
    LEVEL_NAMES,
    RUNGS,
    grade,
    level_of,
    lines_to_cover,
)
from meeple.games.murder.logic import DEDUCTIONS, solve_logically

from .conftest import generated
from .reference import REFERENCE_DIR, load_reference, require_reference

DOC = Path(__file__).resolve().parents[3] / "docs" / "rules" / "murder.md"

PUBLISHED_LEVELS = {
    "community_aporius_der_einfache_fall_im_hotel": 1,
    "community_aporius_mord_im_dunkeln": 1,
    "community_aporius_arbeitskollegen": 2,
    "community_aporius_der_buchladen": 2,
    "community_aporius_fr_hst_cksmord": 2,
    "garand_web_the_beach": 2,
    "community_aporius_studentenwohnung": 3,
    "garand_book_08_die_wohnung": 3,
    "garand_book_12_das_familienanwesen": 3,
    "community_aporius_hotelzimmer_13_check_in": 4,
}
"""The grade of each published case (before the ladder: nine « facile », Hotelzimmer 13 « difficile»)."""


def test_the_ladder_is_ordered_and_each_rung_sits_in_its_weights_band() -> None:
    weights = [rung.weight for rung in RUNGS.values()]
    assert weights == sorted(weights)
    assert [level_of(w) for w in (0.0, 2.0, 2.01, 3.0, 3.01, 4.0, 4.01, 7.0)] == [1, 1, 2, 2, 3, 3, 4, 4]
    assert len(LEVEL_BANDS) == len(LEVEL_NAMES) - 1 and set(EFFORT_BUDGETS) == {1, 2, 3}
    assert RUNGS["crossed"].weight_for(1) == 1.5 and RUNGS["crossed"].weight_for(2) == 1.8
    assert [RUNGS["last_place"].weight_for(k) for k in (1, 2, 3, 4)] == [1.5, 2.0, 2.5, 2.5]
    assert [RUNGS["closed_group"].weight_for(k - 1) for k in (2, 3, 4)] == [5.0, 5.5, 6.0]
    levels = [d.level for d in DEDUCTIONS]
    assert levels == sorted(levels) and set(levels) == set(LEVEL_NAMES)


def test_the_hardest_step_sets_the_level_and_the_effort_moves_it_up() -> None:
    easy = [("direct", 1.0), ("crossed", 1.5), ("last_place", 2.0), ("last_person", 0.5)]
    assert grade(easy, 4).level == 1 and grade(easy, 4).hardest == 2.0 and grade(easy, 4).effort == 5.0
    heavy = easy + [("line_claimed", 2.0)] * 2  # 9.0 for 4 people: 2.25 a person, past facile's 2.0
    assert grade(heavy, 4).level == 2 and grade(heavy, 4).hardest_rung in ("last_place", "line_claimed")
    assert grade(heavy, 5).level == 1  # the same work shared by five people is within the budget
    assert grade([("room_census", 6.0)], 4).level == 4  # expert is the top: nothing moves it further
    assert grade([("alone", 3.2)] * 20, 4).level == 4  # one level up, never two
    assert grade([("line_single", 2.5)] * 20, 4).level == 3


def test_a_placement_is_rated_by_the_fewest_lines_that_show_it() -> None:
    row, column, other = 0b0000_1111, 0b0001_0001, 0b1000_0000
    assert lines_to_cover(0, [row]) == 0
    assert lines_to_cover(0b0000_0110, [row, column]) == 1
    assert lines_to_cover(0b0001_0010, [row, column]) == 2
    assert lines_to_cover(0b1000_0010, [row, column]) is None  # a cell no line takes: another deduction did
    assert lines_to_cover(0b1001_0010, [row, column, other, 0b1, 0b10], most=2) == 3  # more than two: "3 or more"
    assert lines_to_cover(0b1001_0010, [row, column, other], most=3) == 3


@pytest.mark.parametrize(("stem", "level"), sorted(PUBLISHED_LEVELS.items()))
def test_each_published_case_gets_its_grade(stem: str, level: int) -> None:
    require_reference()
    result = solve_logically(load_reference(REFERENCE_DIR / f"{stem}.json"))
    assert result.solved and result.grade is not None
    assert result.difficulty == level, (stem, result.grade)


def test_the_published_cases_spread_over_the_levels_and_the_docs_say_so() -> None:
    require_reference()
    assert sorted(set(PUBLISHED_LEVELS.values())) == [1, 2, 3, 4]
    assert sum(1 for level in PUBLISHED_LEVELS.values() if level == 1) <= 3  # no longer sitting at the bottom
    text = DOC.read_text(encoding="utf-8")
    table = text[text.index("| published case |"):].split("\n\n")[0]
    for stem, level in PUBLISHED_LEVELS.items():
        row = next(line for line in table.splitlines() if f"`{stem}`" in line)
        assert f"| {LEVEL_NAMES[level].fr} |" in row, row
    for key, rung in RUNGS.items():  # the ladder's table names every rung with its weight
        assert re.search(rf"\| `{key}` \| [^|]+ \| [^|]+ \| {rung.weight:.1f}", text), key


def test_generated_steps_never_pass_the_level_of_the_deduction_that_made_them() -> None:
    level_of_rule = {}
    for deduction in DEDUCTIONS:
        level_of_rule.setdefault(deduction.key.replace("_far", ""), 0)
        level_of_rule[deduction.key.replace("_far", "")] = max(level_of_rule[deduction.key.replace("_far", "")],
                                                               deduction.level)
    level_of_rule["row_single"] = level_of_rule["column_single"] = level_of_rule["line_single"]
    for difficulty in (1, 2, 3, 4):
        for size in (5, 8):
            for step in solve_logically(generated(size, difficulty)).steps:
                assert step.level <= level_of_rule[step.rule], step
