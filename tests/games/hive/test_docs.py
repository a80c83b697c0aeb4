"""The rules document's traceability table names only tests that exist in tests/games/hive."""

from __future__ import annotations

import re
from pathlib import Path

HERE = Path(__file__).resolve().parent
DOC = HERE.parents[2] / "docs" / "rules" / "hive.md"


def test_traceability_table_names_real_tests() -> None:
    text = DOC.read_text(encoding="utf-8")
    table = text[text.index("## Traceability") :]
    named = set(re.findall(r"`(test_[a-z0-9_]+)`", table))
    assert len(named) >= 40
    defined = set()
    for path in HERE.glob("test_*.py"):
        defined.update(re.findall(r"^def (test_[a-z0-9_]+)\(", path.read_text(encoding="utf-8"), re.MULTILINE))
    missing = sorted(named - defined)
    assert not missing, f"docs/rules/hive.md names tests that do not exist: {missing}"
