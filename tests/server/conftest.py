"""Fixtures: an in-process server over the test games, with its own SQLite file."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from meeple.server.app import create_app
from meeple.server.clock import Clock
from meeple.server.registry import GameRegistry
from tests.server import hidden_cards, take_plugin


def test_registry() -> GameRegistry:
    """The two test games, and nothing else."""
    return (
        GameRegistry()
        .with_game(take_plugin.INFO, take_plugin.ADAPTER)
        .with_game(hidden_cards.INFO, hidden_cards.ADAPTER)
    )


test_registry.__test__ = False  # type: ignore[attr-defined]


class ManualClock(Clock):
    """A clock that moves only when the test says so: turn timers fire exactly when it is advanced past
    their deadline, however slow the machine is."""

    def __init__(self, start: float = 1_000_000.0) -> None:
        self.moment = start

    def now(self) -> float:
        return self.moment

    def advance(self, seconds: float) -> None:
        """Move time on (from the test's thread; the server's loop sees it at its next look)."""
        self.moment += seconds

    async def sleep_until(self, moment: float) -> None:
        while self.moment < moment:
            await asyncio.sleep(0.01)


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'rooms.sqlite3'}"


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
def client(db_url: str, clock: ManualClock) -> Iterator[TestClient]:
    with TestClient(create_app(db_url, test_registry(), ai_delay=0.0, clock=clock)) as test_client:
        yield test_client


@contextmanager
def room_socket(client: TestClient, code: str, token: str | None = None, **options: Any) -> Iterator[Any]:
    """The websocket of room ``code``, opened as every client opens it: its first message is the hello,
    with the seat ``token`` (or none, to watch)."""
    with client.websocket_connect(f"/ws/rooms/{code}", **options) as socket:
        socket.send_json({"type": "hello", "token": token})
        yield socket


def as_seat(token: str) -> dict[str, str]:
    """The headers of a request made for the seat of ``token`` (a token never goes in an address)."""
    return {"Authorization": f"Bearer {token}"}


def create(client: TestClient, **body: Any) -> dict[str, Any]:
    """Create a room; fails the test on an error."""
    response = client.post("/api/rooms", json=body)
    assert response.status_code == 200, response.text
    return dict(response.json())
