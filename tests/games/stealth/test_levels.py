"""Act 2 (docs/rules/stealth.md): every mechanic needed somewhere, a rising curve, a table that is the solver's."""

from __future__ import annotations

import re
from pathlib import Path

from meeple.games.stealth.analysis import MECHANICS, difficulty, figures, score
from meeple.games.stealth.shipped import load_shipped_level, shipped_level_ids

DOC = Path(__file__).resolve().parents[3] / "docs" / "rules" / "stealth.md"
ACT_2 = [level_id for level_id in shipped_level_ids() if level_id.startswith("2-")]


def test_act_2_needs_every_mechanic_somewhere() -> None:
    # each level's teaches is checked needed by validate (test_every_shipped_level_validates)
    taught = {code for level_id in ACT_2 for code in load_shipped_level(level_id).teaches}
    assert taught == {mechanic.code for mechanic in MECHANICS}
    assert 12 <= len(ACT_2) <= 15


def test_act_2_difficulty_rises_level_after_level() -> None:
    found = [figures(load_shipped_level(level_id)) for level_id in ACT_2]
    scores = [score(each) for each in found]
    assert scores == sorted(scores) and len(set(scores)) == len(scores), scores
    levels = [difficulty(each) for each in found]
    assert levels == sorted(levels) and levels[0] == 1 and levels[-1] >= 4


def test_the_act_2_table_of_the_docs_is_the_solvers() -> None:
    text = DOC.read_text(encoding="utf-8")
    section = text[text.index("## Levels (act 2)"):text.index("## Commands")]
    rows = {row.split("|")[1].strip(): [cell.strip() for cell in row.split("|")[3:-1]]
            for row in section.splitlines() if re.match(r"\| 2-\d+ \|", row)}
    assert list(rows) == ACT_2
    for level_id, cells in rows.items():
        level = load_shipped_level(level_id)
        found = figures(level)
        assert cells == [", ".join(level.teaches), str(found.par), str(found.reachable), str(found.optimal_solutions),
                         f"{found.dead_ends * 100:.0f} %", f"{score(found):.2f}", str(difficulty(found))], level_id
