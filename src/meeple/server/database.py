"""The store, seen from the event loop: every operation on one database thread, and the group commit.

The store's methods are synchronous (SQLAlchemy); run here, on one dedicated thread and in order, the event
loop never waits for the database or the disk. A room's change (a move, an undo) is committed by
:meth:`Database.write`, which returns only once the transaction holding it is committed: only then may the
change be acknowledged. Changes that arrive while a commit is under way share the next transaction (group
commit: one disk flush for all of them).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from meeple.server.store import Store, Write

T = TypeVar("T")


class Database:
    """The server's :class:`Store`, used from the event loop."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="meeple-db")
        self._pending: list[tuple[Write, asyncio.Future[None]]] = []
        self._writer: asyncio.Task[None] | None = None

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
        while self._pending:
            batch, self._pending = self._pending, []
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
                continue
            for _write, done in batch:
                done.set_result(None)

    def close(self) -> None:
        """Finish the operations under way, then release the database."""
        self._thread.shutdown(wait=True)
        self.store.close()
