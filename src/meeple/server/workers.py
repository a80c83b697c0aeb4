"""The computer players think in worker processes, never in the server's own process.

An AI search is pure CPU (an Expert turn takes up to a few seconds). In a thread of the server it would
hold Python's global lock for most of that time and slow every other room's moves; in a worker process it
runs beside the event loop, on another core when there is one. The workers run at a lower priority
(``nice``), so that on a busy machine the server's short, interactive work goes first.

A search is sent to a worker as the pickled ``(function, arguments)``: the function must be importable by
name (a module-level function, as the game adapters' are) and the game copy picklable (the five engines
are). What cannot be sent — a function made inside another, say — runs in a thread instead, as before.
The workers start from a fork server (spawned where there is none), so, as for any use of
:mod:`multiprocessing`, a script that embeds the server must guard its main code with
``if __name__ == "__main__":`` (``meeple serve`` and ``python -m meeple serve`` are safe).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import pickle
import signal
import traceback
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

log = logging.getLogger("meeple.server")

T = TypeVar("T")

WORKER_NICENESS = 5
"""How much lower the workers' priority is than the server's (Unix ``nice``)."""


def _start_worker(niceness: int) -> None:
    """In each worker: a lower priority; Ctrl-C is the server's to handle, not the workers'."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if niceness and hasattr(os, "nice"):
        with contextlib.suppress(OSError):  # not allowed here: the worker keeps the server's priority
            os.nice(niceness)


class SearchFailed(Exception):
    """A search that raised in a worker, with the error's type, text and traceback as one string (the
    error itself may not cross back: exceptions whose constructor takes several arguments do not unpickle)."""


def _call(payload: bytes) -> Any:
    """In a worker: unpickle ``(function, args)`` and call it."""
    function, args = pickle.loads(payload)
    try:
        return function(*args)
    except Exception as error:
        raise SearchFailed(f"{type(error).__name__}: {error}\n{traceback.format_exc()}") from None


class AiWorkers:
    """A pool of worker processes for AI searches, started when the first search is asked for."""

    def __init__(self, processes: int | None = None, niceness: int = WORKER_NICENESS) -> None:
        self.processes = processes or max(1, os.cpu_count() or 1)
        self.niceness = niceness
        self._pool: ProcessPoolExecutor | None = None

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            methods = multiprocessing.get_all_start_methods()
            # forkserver: workers are forked from a small clean process, never from the threaded server
            context = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
            self._pool = ProcessPoolExecutor(self.processes, mp_context=context, initializer=_start_worker,
                                             initargs=(self.niceness,))
        return self._pool

    async def run(self, function: Callable[..., T], *args: Any) -> T:
        """``function(*args)`` computed in a worker process (in a thread if it cannot be sent to one).

        An error of the function is raised here as :class:`SearchFailed` (as itself when it ran in a thread).
        """
        try:
            payload = pickle.dumps((function, args), protocol=pickle.HIGHEST_PROTOCOL)
        except (pickle.PicklingError, TypeError, AttributeError) as error:
            log.debug("%r cannot go to a worker process (%s): it runs in a thread", function, error)
            return await asyncio.to_thread(function, *args)
        try:
            result: T = await asyncio.wrap_future(self._executor().submit(_call, payload))
        except BrokenProcessPool:  # a worker died (killed, out of memory): new workers next time
            log.error("an AI worker process died; the pool is restarted and this search runs in a thread")
            self.close()
            return await asyncio.to_thread(function, *args)
        return result

    def close(self) -> None:
        """Stop the workers (a search still running is left to finish; its result is dropped)."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
