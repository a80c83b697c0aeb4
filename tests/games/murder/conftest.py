"""Shared fixtures: generated cases are made once per test session (generation is deterministic)."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from meeple.games.murder.generate import generate_case
from meeple.games.murder.model import Case
from meeple.server.app import create_app
from meeple.server.registry import GameRegistry


@cache
def generated(size: int, difficulty: int, seed: int = 1) -> Case:
    """The generated case for these arguments (cached)."""
    return generate_case(size, difficulty, seed)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[TestClient]:
    """The real app on a throwaway SQLite file (the case editor's questions through HTTP)."""
    with TestClient(create_app(f"sqlite:///{tmp_path / 'murder.sqlite3'}", GameRegistry.from_environment(),
                               ai_delay=0.0)) as client:
        yield client
