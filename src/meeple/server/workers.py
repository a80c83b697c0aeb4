"""The computer players think in worker processes, never in the server's own process.

An AI search is pure CPU (an Expert turn takes up to a few seconds). In a thread of the server it would
hold Python's global lock for most of that time and slow every other room's moves; in a worker process it
runs beside the event loop, on another core when there is one. The other long game calls go there too:
a game factory that may generate (a new murder case) and the heavy queries an adapter names
(:attr:`meeple.server.registry.GameAdapter.worker_queries`). The workers run at a lower priority
(``nice``), so that on a busy machine the server's short, interactive work goes first.

A search is sent to a worker as the pickled ``(function, arguments)``: the function must be importable by
name (a module-level function, as the game adapters' are) and the game copy picklable (the five engines
are). What cannot be sent — a function made inside another, say — runs in a thread instead, as before.
A game's own error (a :class:`~meeple.core.errors.MeepleError`: a bad option, a bad query parameter)
comes back as itself, with its bilingual message, so the client gets the same reply as from a thread;
any other error comes back as :class:`SearchFailed`. The workers start from a fork server (spawned where there is none), so, as for any use of
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
import threading
import time
import traceback
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from multiprocessing.connection import Connection
from typing import Any, TypeVar

from meeple.core.errors import MeepleError

log = logging.getLogger("meeple.server")

T = TypeVar("T")

WORKER_NICENESS = 5
"""How much lower the workers' priority is than the server's (Unix ``nice``)."""

WATCH_SECONDS = 1.0
"""How often a worker checks that the server that started it still runs."""


def _start_worker(niceness: int, server_pid: int) -> None:
    """In each worker: a lower priority; Ctrl-C is the server's to handle, not the workers'; and a watch
    that ends the worker once the server is gone (killed with SIGKILL, it could not say so)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if niceness and hasattr(os, "nice"):
        with contextlib.suppress(OSError):  # not allowed here: the worker keeps the server's priority
            os.nice(niceness)
    threading.Thread(target=_watch_server, args=(server_pid,), name="meeple-watch", daemon=True).start()


def _watch_server(server_pid: int) -> None:
    while True:
        time.sleep(WATCH_SECONDS)
        try:
            os.kill(server_pid, 0)
        except (ProcessLookupError, PermissionError):  # gone (or its number now belongs to another user)
            os._exit(0)


def preload_in_workers(modules: Iterable[str]) -> None:
    """Load ``modules`` (the games, their adapters) once, in the fork server every worker is forked from, so
    that a new worker starts with them loaded: a worker stopped mid-call (its client left, its time was up)
    is replaced in tens of milliseconds instead of the seconds a fresh import of every game takes (measured
    2.1 s against 0.06 s a worker, load 11). Takes effect if called before the first worker starts; a module
    that cannot be imported there is skipped (each call imports what it needs anyway)."""
    if "forkserver" in multiprocessing.get_all_start_methods():
        multiprocessing.get_context("forkserver").set_forkserver_preload(sorted(set(modules)))


class SearchFailed(Exception):
    """A search that raised in a worker, with the error's type, text and traceback as one string (an error
    other than a game's own may not cross back: exceptions whose constructor takes several arguments do not
    unpickle)."""


def _restore(kind: type[MeepleError], args: tuple[Any, ...], state: dict[str, Any]) -> MeepleError:
    """In the server: a game's error as it was in the worker, without calling its constructor again."""
    error = kind.__new__(kind)
    error.args = args
    error.__dict__.update(state)
    return error


class _Carried(Exception):
    """A game's error on its way back from a worker: unpickled, it is that error again (same type, same
    attributes, same bilingual message), whatever its constructor takes."""

    def __init__(self, error: MeepleError) -> None:
        super().__init__(str(error))
        self.error = error

    def __reduce__(self) -> tuple[Any, ...]:
        return (_restore, (type(self.error), self.error.args, dict(self.error.__dict__)))


def _carried(error: MeepleError) -> _Carried | None:
    """``error`` ready to cross back, or None if it cannot (an attribute that does not pickle)."""
    carried = _Carried(error)
    try:
        back = pickle.loads(pickle.dumps(carried, protocol=pickle.HIGHEST_PROTOCOL))
    except Exception:
        return None
    return carried if type(back) is type(error) and back.message == error.message else None


def _call(payload: bytes) -> Any:
    """In a worker: unpickle ``(function, args)`` and call it."""
    function, args = pickle.loads(payload)
    try:
        return function(*args)
    except Exception as error:
        carried = _carried(error) if isinstance(error, MeepleError) else None
        if carried is not None:
            raise carried from None
        raise SearchFailed(f"{type(error).__name__}: {error}\n{traceback.format_exc()}") from None


class AiWorkers:
    """A pool of worker processes for AI searches and heavy game calls, started when the first is asked for."""

    def __init__(self, processes: int | None = None, niceness: int = WORKER_NICENESS) -> None:
        self.processes = processes or max(1, os.cpu_count() or 1)
        self.niceness = niceness
        self._pool: ProcessPoolExecutor | None = None
        self._closed = False

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            methods = multiprocessing.get_all_start_methods()
            # forkserver: workers are forked from a small clean process, never from the threaded server
            context = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
            self._pool = ProcessPoolExecutor(self.processes, mp_context=context, initializer=_start_worker,
                                             initargs=(self.niceness, os.getpid()))
        return self._pool

    async def run(self, function: Callable[..., T], *args: Any) -> T:
        """``function(*args)`` computed in a worker process (in a thread if it cannot be sent to one).

        An error of the function is raised here as :class:`SearchFailed` (as itself when it ran in a thread,
        or when it is a game's :class:`~meeple.core.errors.MeepleError`), and so is any search asked for or
        under way once the workers are closed.
        """
        if self._closed:
            raise SearchFailed("the AI workers were stopped")
        try:
            payload = pickle.dumps((function, args), protocol=pickle.HIGHEST_PROTOCOL)
        except (pickle.PicklingError, TypeError, AttributeError) as error:
            log.debug("%r cannot go to a worker process (%s): it runs in a thread", function, error)
            return await asyncio.to_thread(function, *args)
        try:
            result: T = await asyncio.wrap_future(self._executor().submit(_call, payload))
        except asyncio.CancelledError:
            task = asyncio.current_task()
            if self._closed and task is not None and not task.cancelling():  # dropped by close(), not cancelled
                raise SearchFailed("the AI workers were stopped") from None
            raise
        except BrokenProcessPool:  # a worker died (killed, out of memory): new workers next time
            if self._closed:
                raise SearchFailed("the AI workers were stopped") from None
            log.error("an AI worker process died; the pool is restarted and this search runs in a thread")
            self._stop_pool()
            return await asyncio.to_thread(function, *args)
        return result

    def close(self) -> None:
        """Stop the workers now; a search still running is stopped too (nobody waits for its result).

        They must not outlive the server: a worker in the middle of a search would otherwise wait for its
        next order forever once the server's process is gone."""
        self._closed = True
        self._stop_pool()

    def _stop_pool(self) -> None:
        if self._pool is None:
            return
        running = list(getattr(self._pool, "_processes", None) or {})  # (Python 3.14 has terminate_workers)
        self._pool.shutdown(wait=False, cancel_futures=True)
        self._pool = None
        for pid in running:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGTERM)


GAME_CALL_SECONDS = 20.0
"""How long one heavy game call may take in a :class:`TimedWorkers` pool (a new murder case, a hint, a game
built from a level, scenario or case sent inline): a generated 9×9 case takes under a second, a level at the
format's limits a few milliseconds, so only hostile content or a runaway search reaches it."""
START_SECONDS = 120.0
"""How long a new game worker may take to start and load the games (not counted in any call's time limit)."""
MAX_WAITING = 64
"""How many calls may wait for a worker of a :class:`TimedWorkers` pool; more are refused at once."""


class TimeLimitExceeded(Exception):
    """A call that did not finish within its pool's time limit: its worker was killed and replaced."""

    def __init__(self, seconds: float) -> None:
        super().__init__(f"no answer within {seconds:g} s: the worker was stopped")
        self.seconds = seconds


class WorkersBusy(Exception):
    """Too many calls already wait for a worker (:data:`MAX_WAITING`)."""


def _serve(connection: Connection, niceness: int, server_pid: int) -> None:
    """A timed worker's life: load the games, say so, then answer each pickled ``(function, args)`` with a
    pickled ``(ok, value)``."""
    _start_worker(niceness, server_pid)
    from meeple.games import discover

    discover()  # the games' modules are loaded before the first call, so its time limit is its own work's
    connection.send_bytes(b"ready")
    while True:
        try:
            payload = connection.recv_bytes()
        except (EOFError, OSError):  # the server closed its end: nothing more to do
            return
        try:
            reply: tuple[bool, Any] = (True, _call(payload))
        except (_Carried, SearchFailed) as error:
            reply = (False, error)
        try:
            answer = pickle.dumps(reply, protocol=pickle.HIGHEST_PROTOCOL)
        except Exception as error:
            answer = pickle.dumps((False, SearchFailed(f"the answer cannot be sent back: {error}")))
        connection.send_bytes(answer)


def _exchange(connection: Connection, payload: bytes, seconds: float) -> bytes | None:
    """In a thread of the server: send one call, wait for its answer at most ``seconds`` (None: no answer)."""
    connection.send_bytes(payload)
    if not connection.poll(seconds):
        return None
    return connection.recv_bytes()


class _Worker:
    """One process of a :class:`TimedWorkers` pool and the server's end of its pipe."""

    def __init__(self, context: Any, niceness: int) -> None:
        self.connection, child = context.Pipe()
        self.process = context.Process(target=_serve, args=(child, niceness, os.getpid()), daemon=True,
                                       name="meeple-game-worker")
        self.process.start()
        child.close()
        if not self.connection.poll(START_SECONDS):
            self.stop()
            raise SearchFailed(f"a game worker did not start within {START_SECONDS} s")
        try:
            self.connection.recv_bytes()  # "ready"
        except (EOFError, OSError) as error:
            self.stop()
            raise SearchFailed(f"a game worker died at start-up: {error!r}") from None

    def stop(self) -> None:
        """Kill the process now (SIGKILL: a search stuck in C code never sees a gentler signal)."""
        with contextlib.suppress(Exception):
            self.process.kill()
            self.process.join(timeout=5)
        with contextlib.suppress(Exception):
            self.connection.close()


class TimedWorkers:
    """Worker processes whose every call has a time limit: a call still running when the limit comes is
    stopped by killing its worker, which is replaced by a fresh one; the caller gets :class:`TimeLimitExceeded`.

    For the heavy game calls (:attr:`meeple.server.registry.GameAdapter.factory_in_worker`, the adapters'
    ``worker_queries``, games built from content a client sent): unlike the AI, whose searches have budgets
    of their own, these run on what a client chose. What cannot be sent to a worker is refused
    (:class:`SearchFailed`), never run in the server instead. At most :data:`MAX_WAITING` calls wait for a
    worker; beyond that :class:`WorkersBusy` is raised at once.
    """

    def __init__(self, processes: int = 1, time_limit: float = GAME_CALL_SECONDS,
                 niceness: int = WORKER_NICENESS, max_waiting: int = MAX_WAITING) -> None:
        self.processes = max(1, processes)
        self.time_limit = time_limit
        self.niceness = niceness
        self.max_waiting = max_waiting
        self.replaced = 0
        """How many workers were killed for running past the limit (or died) and replaced."""
        self._idle: list[_Worker] = []
        self._running: set[_Worker] = set()
        self._slots: asyncio.Semaphore | None = None
        self._waiting = 0
        self._closed = False
        methods = multiprocessing.get_all_start_methods()
        self._context = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")

    def pids(self) -> list[int]:
        """The process ids of the workers alive now (idle or busy)."""
        return [worker.process.pid for worker in [*self._idle, *self._running] if worker.process.pid is not None]

    async def run(self, function: Callable[..., T], *args: Any) -> T:
        """``function(*args)`` computed in a worker process within :attr:`time_limit` seconds.

        Raises :class:`TimeLimitExceeded` past the limit, :class:`WorkersBusy` when too many calls wait, a
        game's :class:`~meeple.core.errors.MeepleError` as itself, any other error as :class:`SearchFailed`.
        """
        if self._closed:
            raise SearchFailed("the game workers were stopped")
        try:
            payload = pickle.dumps((function, args), protocol=pickle.HIGHEST_PROTOCOL)
        except (pickle.PicklingError, TypeError, AttributeError) as error:
            raise SearchFailed(f"{function!r} cannot go to a worker process: {error}") from None
        if self._slots is None:
            self._slots = asyncio.Semaphore(self.processes)
        if self._waiting >= self.max_waiting:
            raise WorkersBusy(f"{self._waiting} calls already wait for a game worker")
        self._waiting += 1
        try:
            await self._slots.acquire()
        finally:
            self._waiting -= 1
        try:
            if self._closed:  # closed while this call waited
                raise SearchFailed("the game workers were stopped")
            result: T = await self._run_on_a_worker(payload)
        finally:
            self._slots.release()
        return result

    async def _run_on_a_worker(self, payload: bytes) -> Any:
        worker = self._idle.pop() if self._idle else await self._start_worker()
        self._running.add(worker)
        healthy = False
        try:
            try:
                answer = await asyncio.to_thread(_exchange, worker.connection, payload, self.time_limit)
            except (EOFError, OSError) as error:  # the worker died (out of memory, killed) or was stopped
                if self._closed:
                    raise SearchFailed("the game workers were stopped") from None
                log.error("a game worker process died (%s); it is replaced", error)
                raise SearchFailed(f"the game worker died: {error!r}") from None
            if answer is None:
                log.warning("a game call ran past %g s: its worker is killed and replaced", self.time_limit)
                raise TimeLimitExceeded(self.time_limit)
            healthy = True
        finally:
            self._running.discard(worker)
            if healthy and not self._closed:
                self._idle.append(worker)
            else:  # dead, late, or cancelled while under way: never reuse it
                self.replaced += 0 if self._closed else 1
                await asyncio.to_thread(worker.stop)
        ok, value = pickle.loads(answer)
        if ok:
            return value
        raise value

    async def _start_worker(self) -> _Worker:
        """A new worker process (started in a thread: it takes a moment). A call cancelled meanwhile (its
        client left) does not lose it: the worker joins the idle ones, so no process is ever left behind."""
        starting = asyncio.ensure_future(asyncio.to_thread(_Worker, self._context, self.niceness))
        try:
            return await asyncio.shield(starting)
        except asyncio.CancelledError:
            starting.add_done_callback(self._keep_started)
            raise

    def _keep_started(self, started: asyncio.Future[_Worker]) -> None:
        if started.cancelled() or started.exception() is not None:
            return
        if self._closed:
            started.result().stop()
        else:
            self._idle.append(started.result())

    def close(self) -> None:
        """Stop every worker now; a call under way gets :class:`SearchFailed` (its pipe closes)."""
        self._closed = True
        for worker in [*self._idle, *self._running]:
            worker.stop()
        self._idle.clear()
