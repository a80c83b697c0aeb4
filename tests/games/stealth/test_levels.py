"""Acts 2 and 3 (docs/rules/stealth.md): the design thresholds met, every mechanic needed somewhere, rising curves,
act 3's combined mechanics and conflicting stars, and tables that are the solver's."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from meeple.games.stealth.analysis import MECHANICS, difficulty, figures, score
from meeple.games.stealth.measures import measure
from meeple.games.stealth.shipped import load_shipped_level, shipped_level_ids
from meeple.games.stealth.validator import THRESHOLDS, design_applies, threshold_broken

DOC = Path(__file__).resolve().parents[3] / "docs" / "rules" / "stealth.md"
ACT_2 = [level_id for level_id in shipped_level_ids() if level_id.startswith("2-")]
ACT_3 = [level_id for level_id in shipped_level_ids() if level_id.startswith("3-")]
ENEMY_CODES = {"sentry", "pivot", "pivot-turn", "patrol", "patrol-walk", "tracker", "tracker-alert"}
"""The mechanics of the enemies themselves; the others are the player's tools and the map's (stone, hideouts…)."""


@pytest.mark.parametrize("level_id", [level_id for level_id in shipped_level_ids() if not level_id.startswith("1-")])
def test_every_level_beyond_act_1_meets_the_design_thresholds_or_waives_them_with_a_reason(level_id: str) -> None:
    level = load_shipped_level(level_id)
    assert design_applies(level)
    broken = threshold_broken(level, measure(level))
    assert set(broken) <= set(level.waivers), {code: str(found) for code, found in broken.items()}
    assert set(level.waivers) <= set(broken) and set(level.waivers) <= set(THRESHOLDS)  # no waiver for nothing
    assert all(reason.fr.strip() and reason.en.strip() for reason in level.waivers.values())


def test_act_2_needs_every_mechanic_somewhere() -> None:
    # each level's teaches is checked needed by validate (test_every_shipped_level_validates)
    taught = {code for level_id in ACT_2 for code in load_shipped_level(level_id).teaches}
    assert taught == {mechanic.code for mechanic in MECHANICS}
    assert 12 <= len(ACT_2) <= 15


@pytest.mark.parametrize("act", [ACT_2, ACT_3])
def test_each_act_rises_level_after_level(act: list[str]) -> None:
    found = [figures(load_shipped_level(level_id)) for level_id in act]
    scores = [score(each) for each in found]
    assert scores == sorted(scores) and len(set(scores)) == len(scores), scores
    levels = [difficulty(each) for each in found]
    # a level a greedy player or a random walk cannot win scores at least 3.3: no act beyond the first starts at 1
    assert levels == sorted(levels) and levels[0] <= 2 + (act is ACT_3) * 2 and levels[-1] >= 4


def test_act_3_combines_mechanics_and_its_stars_conflict_in_at_least_half() -> None:
    assert len(ACT_3) == 15
    conflicts = 0
    for level_id in ACT_3:
        level = load_shipped_level(level_id)
        taught = set(level.teaches)
        # three mechanics or more, a tool's or the map's among them, working on enemies (validate checks each is needed)
        assert len(taught) >= 3 and taught - ENEMY_CODES and level.enemies, (level_id, taught)
        found = measure(level)
        conflicts += found.stars_conflict
    assert conflicts * 2 >= len(ACT_3), conflicts


@pytest.mark.parametrize(("heading", "act"), [("## Levels (act 2)", ACT_2), ("## Levels (act 3)", ACT_3)])
def test_the_tables_of_the_docs_are_the_solvers(heading: str, act: list[str]) -> None:
    text = DOC.read_text(encoding="utf-8")
    section = text[text.index(heading):]
    section = section[:section.index("\n## ", 3)]
    rows = {row.split("|")[1].strip(): [cell.strip() for cell in row.split("|")[3:-1]]
            for row in section.splitlines() if re.match(r"\| \d-\d+ \|", row)}
    assert list(rows) == act
    for level_id, cells in rows.items():
        level = load_shipped_level(level_id)
        found, measured = figures(level), measure(level)
        excluded = ", ".join(b for a, b in measured.exclusive if a == "par") or "—"
        assert cells == [", ".join(level.teaches), str(found.par), str(found.reachable), str(found.optimal_solutions),
                         f"{measured.random_cautious * 100:.0f} %", excluded, f"{score(found):.2f}",
                         str(difficulty(found))], level_id
