"""Shared fixtures: generated cases are made once per test session (generation is deterministic)."""

from __future__ import annotations

from functools import cache

from meeple.games.murder.generate import generate_case
from meeple.games.murder.model import Case


@cache
def generated(size: int, difficulty: int, seed: int = 1) -> Case:
    """The generated case for these arguments (cached)."""
    return generate_case(size, difficulty, seed)
