"""Group commit in a short window (issue 26, item 5): on a busy server the moves that arrive within a few
milliseconds share one transaction (one disk flush), each still acknowledged only once it is committed; an
idle server commits a lone move at once."""

from __future__ import annotations

import asyncio
import threading
import time
from typing import Any, cast

import pytest

from meeple.server import database as database_module
from meeple.server.database import COMMIT_WINDOW, Database
from meeple.server.store import Store, Write


class SlowStore:
    """A store whose commit takes ``seconds`` (a disk flush) and records each transaction's size."""

    def __init__(self, seconds: float = 0.001) -> None:
        self.seconds = seconds
        self.transactions: list[int] = []
        self.committed: set[str] = set()
        self.lock = threading.Lock()

    def write(self, writes: list[Write]) -> None:
        time.sleep(self.seconds)
        with self.lock:
            self.transactions.append(len(writes))
            self.committed.update(write.code for write in writes)

    def close(self) -> None:
        pass


def transactions(window: float, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The sizes of the transactions of 200 moves arriving every 0.5 ms (2 000 a second: a busy server)."""
    monkeypatch.setattr(database_module, "COMMIT_WINDOW", window)
    store = SlowStore()
    database = Database(cast(Store, store))

    async def scenario() -> None:
        async def move(index: int) -> None:
            code = f"R{index}"
            await database.write(Write(code, 1, None))
            assert code in store.committed  # never acknowledged before its commit

        tasks: list[asyncio.Task[Any]] = []
        for index in range(200):
            tasks.append(asyncio.create_task(move(index)))
            await asyncio.sleep(0.0005)
        await asyncio.gather(*tasks)

    asyncio.run(scenario())
    database.close()
    assert sum(store.transactions) == 200
    return store.transactions


def test_moves_arriving_together_share_a_flush_and_are_acknowledged_once_committed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    without = transactions(0.0, monkeypatch)  # only the moves that arrive during a commit share it
    with_window = transactions(COMMIT_WINDOW, monkeypatch)
    assert len(with_window) < 0.75 * len(without), (len(with_window), len(without))


def test_an_idle_server_commits_a_lone_move_at_once() -> None:
    store = SlowStore(seconds=0.0)
    database = Database(cast(Store, store))

    async def scenario() -> float:
        await database.write(Write("A", 1, None))
        await asyncio.sleep(0.2)  # idle since
        started = time.perf_counter()
        await database.write(Write("B", 1, None))
        return time.perf_counter() - started

    took = asyncio.run(scenario())
    database.close()
    assert store.transactions == [1, 1]
    assert took < COMMIT_WINDOW * 50  # no window waited (a bound for a loaded machine, not a speed test)
