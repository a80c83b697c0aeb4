"""docs/rules/stealth.md: its traceability table names only tests that exist, and covers the seed's Behaviour."""

from __future__ import annotations

import re
from pathlib import Path

HERE = Path(__file__).resolve().parent
DOC = HERE.parents[2] / "docs" / "rules" / "stealth.md"
SOURCES = [*HERE.glob("test_*.py"), HERE.parents[1] / "test_conformance.py", *HERE.parents[1].glob("web/test_stealth_*.py")]

BEHAVIOUR = (
    "vous le retirez du plateau", "traqueur en alerte", "nœud voisin qu'il regarde", "Sentinelle:",
    "Sentinelle pivotante:", "L'anneau interrompu", "Patrouille:", "Traqueur:", "Ennemi détourné:",
    "Un seul ennemi", "ne prend part ni à la phase ennemie", "ne met pas les autres en alerte", "Cachette:",
    "ne marchent jamais sur un nœud de cachette", "Pierre:", "porte fermée", "Seul le chef de caravane",
    "est d'annuler", "une mauvaise approche coûte un clic",
)
"""Every sentence of the seed's Behaviour section, by a phrase its row quotes."""


def _table() -> str:
    text = DOC.read_text(encoding="utf-8")
    return text[text.index("## Traceability"):]


def test_traceability_table_names_real_tests() -> None:
    defined = set()
    for source in SOURCES:
        defined.update(re.findall(r"^def (test_\w+)\(", source.read_text(encoding="utf-8"), re.MULTILINE))
    named = set(re.findall(r"`(?:test_\w+\.py::)?(test_\w+)`", _table()))
    assert len(named) >= 60
    assert not named - defined, f"named in the table but not defined: {sorted(named - defined)}"


def test_every_behaviour_sentence_of_the_seed_has_a_row_with_tests() -> None:
    rows = [line for line in _table().splitlines() if line.startswith("| ")]
    for phrase in BEHAVIOUR:
        row = next((line for line in rows if phrase in line), None)
        assert row is not None, f"no row quotes {phrase!r}"
        assert re.search(r"`(?:test_\w+\.py::)?test_\w+`", row.split("|")[-2]), f"row of {phrase!r} names no test"
