"""The rules document's traceability table names only tests that exist."""

from __future__ import annotations

import re
from pathlib import Path

HERE = Path(__file__).resolve().parent
DOC = HERE.parents[2] / "docs" / "rules" / "murder.md"


def test_traceability_table_names_real_tests() -> None:
    text = DOC.read_text(encoding="utf-8")
    table = text[text.index("## Traceability"):]
    named = re.findall(r"`(test_[a-z_]+\.py)::(test_[a-z0-9_]+)`", table)
    assert len(named) >= 30
    for file_name, test_name in named:
        source = (HERE / file_name).read_text(encoding="utf-8")
        assert f"def {test_name}(" in source, f"{file_name}::{test_name} does not exist"
