"""docs/rules/skirmish.md: its traceability table names only tests that exist, and every seed-sentence test."""

from __future__ import annotations

import re
from pathlib import Path

HERE = Path(__file__).resolve().parent
DOC = HERE.parents[2] / "docs" / "rules" / "skirmish.md"


def _defined(paths: list[Path]) -> set[str]:
    names: set[str] = set()
    for path in paths:
        names.update(re.findall(r"^def (test_[a-z0-9_]+)\(", path.read_text(encoding="utf-8"), re.MULTILINE))
    return names


def test_traceability_table_names_real_tests_and_every_seed_sentence_test() -> None:
    text = DOC.read_text(encoding="utf-8")
    table = text[text.index("## 7. Traceability"):]
    named = set(re.findall(r"`(test_[a-z0-9_]+)`", table))
    missing = sorted(named - _defined(sorted(HERE.glob("test_*.py"))))
    assert not missing, f"docs/rules/skirmish.md names tests that do not exist: {missing}"
    untraced = sorted(_defined([HERE / "test_seed.py", HERE / "test_rules.py", HERE / "test_ai.py"]) - named)
    assert not untraced, f"tests of the seed, the rules and the AI missing from the table: {untraced}"
    for paragraph in ("¶1", "¶2", "¶3", "¶4", "¶5"):
        assert f"| {paragraph} " in table
