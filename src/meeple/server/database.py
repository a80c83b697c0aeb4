"""The store, seen from the event loop: every operation on one database thread, and the group commit.

The store's methods are synchronous (SQLAlchemy); run here, on one dedicated thread and in order, the event
loop never waits for the database or the disk. A room's change (a move, an undo) is committed by
:meth:`Database.write`, which returns only once the transaction holding it is committed: only then may the
change be acknowledged. Changes that arrive while a commit is under way share the next transaction (group
commit: one disk flush for all of them). On a busy server (a commit ended within :data:`BUSY_SECONDS`) a new
batch also waits :data:`COMMIT_WINDOW` for the changes about to arrive, so that each flush carries several
moves (issue 26: a commit alone costs 0.61 ms of CPU, 0.08 ms a move when ten share it); an idle server
commits at once.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from meeple.server.store import Store, Write

T = TypeVar("T")

COMMIT_WINDOW = 0.002
"""Seconds a new batch waits for more changes when the server is busy: at most this much added to a move's
round trip, several moves per disk flush past about 500 moves a second."""
FULL_BATCH = 8
"""A batch of this many changes already waiting is committed without the window."""
BUSY_SECONDS = 0.05
"""A commit that ended this recently means the server is busy: the next batch waits :data:`COMMIT_WINDOW`."""


class Database:
    """The server's :class:`Store`, used from the event loop."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="meeple-db")
        self._pending: list[tuple[Write, asyncio.Future[None]]] = []
        self._writer: asyncio.Task[None] | None = None
        self._last_commit = float("-inf")
        """When the last batch was committed (the event loop's clock)."""
        self.batches = 0
        """Transactions committed by :meth:`write` so far (with :attr:`writes`: moves per flush)."""
        self.writes = 0

    async def run(self, function: Callable[..., T], *args: Any) -> T:
        """``function(*args)`` (a store operation) on the database thread, one at a time, in order."""
        return await asyncio.get_running_loop().run_in_executor(self._thread, function, *args)

    async def write(self, write: Write) -> None:
        """Commit a room's change, sharing the transaction of the changes that arrive meanwhile.

        Returns once the transaction holding this change is committed; raises what the store raised for it
        (:class:`~meeple.server.store.StaleWriteError` when another process changed the room first)."""
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._pending.append((write, done))
        if self._writer is None or self._writer.done():
            self._writer = asyncio.create_task(self._write_batches())
        await done

    async def _write_batches(self) -> None:
        loop = asyncio.get_running_loop()
        while self._pending:
            if loop.time() - self._last_commit < BUSY_SECONDS and len(self._pending) < FULL_BATCH:
                await asyncio.sleep(COMMIT_WINDOW)  # busy: the moves about to arrive share this flush
            batch, self._pending = self._pending, []
            self.batches += 1
            self.writes += len(batch)
            try:
                await self.run(self.store.write, [write for write, _ in batch])
            except Exception:
                for write, done in batch:  # one by one, so that one bad write fails alone
                    try:
                        await self.run(self.store.write, [write])
                    except Exception as error:
                        done.set_exception(error)
                    else:
                        done.set_result(None)
                self._last_commit = loop.time()
                continue
            self._last_commit = loop.time()
            for _write, done in batch:
                done.set_result(None)

    def close(self) -> None:
        """Finish the operations under way, then release the database."""
        self._thread.shutdown(wait=True)
        self.store.close()
