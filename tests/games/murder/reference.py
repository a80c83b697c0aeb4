"""The ten reference cases, read from ``../shared/reference/murder-cases/`` beside the repository.

They are not project files: the tests read them where they live and convert their neutral form into the
project's case format here (objects as a dict → a list; rooms get a name and a floor, which the neutral
form lacks: floors are coloured so that neighbouring rooms differ, as rule R2 of the page requires).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from meeple.games.murder.caseio import CASE_FORMAT, CASE_VERSION, case_from_json
from meeple.games.murder.model import Case

from .builders import colour_floors

REPO_ROOT = Path(__file__).resolve().parents[3]


def _find_reference_dir() -> Path:
    """``shared/reference/murder-cases`` beside the clone, or beside a folder above it (a git worktree kept
    in a subfolder, ``work/wt/NAME``, sees the ``work/shared`` of its main clone)."""
    for folder in REPO_ROOT.parents:
        candidate = folder / "shared" / "reference" / "murder-cases"
        if candidate.is_dir():
            return candidate
    return REPO_ROOT.parent / "shared" / "reference" / "murder-cases"


REFERENCE_DIR = _find_reference_dir()


MISSING_REASON = "the reference murder cases are not beside this clone"


def reference_files() -> list[Path]:
    """The reference case files (empty when ``shared/`` is not beside the clone)."""
    return sorted(REFERENCE_DIR.glob("*.json")) if REFERENCE_DIR.is_dir() else []


def require_reference() -> None:
    """Skip the calling test, naming what is missing, when ``../shared`` is not beside the clone — a person
    who clones the repository alone has no reference cases. Under CI (``CI=true``), where ``shared/`` is
    always laid beside the clone, its absence is a failure instead."""
    if REFERENCE_DIR.is_dir():
        return
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"{MISSING_REASON} ({REFERENCE_DIR})")
    pytest.skip(f"{MISSING_REASON} ({REFERENCE_DIR})")


def convert(neutral: dict[str, Any]) -> dict[str, Any]:
    """The neutral reference form as a ``meeple-murder-case`` JSON value (the answer as its solution)."""
    grid = neutral["rooms"]
    floors = colour_floors(grid)
    return {
        "format": CASE_FORMAT,
        "version": CASE_VERSION,
        "size": neutral["size"],
        "grid": grid,
        "rooms": [
            {"id": room, "name": {"fr": f"la pièce {room}", "en": f"room {room}"}, "preposition": "dans", "floor": floor}
            for room, floor in floors.items()
        ],
        "objects": [
            {"cell": [int(part) for part in key.split(",")], "kind": kind} for key, kind in neutral["objects"].items()
        ],
        "people": [
            {"id": p["id"], "name": p["id"], "gender": p["gender"], "victim": p["victim"]} for p in neutral["people"]
        ],
        "clues": neutral["clues"],
        "solution": neutral["answer"],
    }


def load_reference(path: Path) -> Case:
    """One reference case in the project's model."""
    return case_from_json(convert(json.loads(path.read_text(encoding="utf-8"))), str(path))
