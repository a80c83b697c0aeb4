"""Batch jobs: many independent, seeded computations — a book of murder cases, the games of a tournament —
run in this process, on every core of this machine, or on a Ray cluster, with the same results wherever
they run.

Each task is a key and the arguments of one module-level function that returns JSON. Results come back
as they finish (their order depends on the backend; their values do not: every task carries its own
seed). A journal (JSON lines) records each result the moment it arrives, so an interrupted run — Ctrl-C, a
lost machine — keeps what it finished, and the same command with the same journal resumes where it
stopped: finished tasks are read back, not run again. The journal's first line names the job and its
parameters; resuming with other parameters is refused instead of mixing two runs.
"""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from meeple.core.errors import FormatError, MeepleError
from meeple.core.game import JSON
from meeple.core.i18n import Msg
from meeple.core.interrupts import first_stops_second_kills, ignore_in_worker
from meeple.core.modules import require_optional

Task = tuple[str, tuple[Any, ...]]
"""``(key, args)``: one computation of a batch, named by a key unique within it."""

IN_FLIGHT_PER_WORKER = 4
"""Tasks handed out ahead per worker: enough to keep every worker busy, few enough that a huge batch
never sits whole in memory as pending futures."""
INTERRUPT_POLL_SECONDS = 0.1
MANAGER_JOIN_SECONDS = 1.0
"""How often the process that waits for results looks whether Ctrl-C was pressed (docs/cli.md: an
interrupted batch exits within 2 s)."""


@dataclass(frozen=True)
class Backend:
    """Where a batch runs: ``local`` with ``processes`` worker processes (1: in this process), or ``ray``
    on the cluster at ``address`` (None: a Ray already started in this process, else a new local one)."""

    kind: str = "local"
    processes: int = 1
    address: str | None = None

    @classmethod
    def choose(cls, ray: bool, ray_address: str | None, jobs: int | None) -> Backend:
        """The backend a command line asks for: ``--ray [--ray-address A]`` or ``--jobs N`` (default: all cores)."""
        if ray or ray_address:
            return cls("ray", address=ray_address)
        return cls("local", processes=jobs if jobs is not None else (os.cpu_count() or 1))


def run_batch(function: Callable[..., JSON], tasks: Sequence[Task], backend: Backend = Backend(),
              journal: Path | None = None, header: Mapping[str, JSON] | None = None) -> Iterator[tuple[str, JSON]]:
    """Run ``function(*args)`` for every task; yield ``(key, result)`` as results arrive.

    With a ``journal``, results already in it (from an interrupted run with the same ``header``) are yielded
    first without being run again, and each new result is appended the moment it arrives."""
    keys = [key for key, _args in tasks]
    if len(set(keys)) != len(keys):
        raise MeepleError(Msg("tâches en double dans le lot", "duplicate tasks in the batch"))
    done = read_journal(journal, header) if journal is not None else {}
    for key in keys:
        if key in done:
            yield key, done[key]
    pending = [task for task in tasks if task[0] not in done]
    sink = _open_journal(journal, header, fresh=not done) if journal is not None else None
    try:
        for key, result in _execute(function, pending, backend):
            if sink is not None:
                sink.write(json.dumps({"key": key, "result": result}, ensure_ascii=False) + "\n")
                sink.flush()
            yield key, result
    finally:
        if sink is not None:
            sink.close()


def read_journal(journal: Path, header: Mapping[str, JSON] | None) -> dict[str, JSON]:
    """The results a journal holds (none if it does not exist). A last line cut short by an interruption is
    ignored; a journal of another job or other parameters is refused."""
    if not journal.exists():
        return {}
    lines = journal.read_text(encoding="utf-8").splitlines()
    if not lines:
        return {}
    first = _journal_line(journal, lines, 0)
    if header is not None and first.get("batch") != dict(header):
        raise FormatError(str(journal), "batch", Msg(
            "ce journal vient d'un autre travail ou d'autres paramètres : choisissez un autre fichier",
            "this journal comes from another job or other parameters: choose another file"))
    results: dict[str, JSON] = {}
    for index in range(1, len(lines)):
        entry = _journal_line(journal, lines, index)
        if entry:
            results[str(entry["key"])] = entry["result"]
    return results


def _journal_line(journal: Path, lines: list[str], index: int) -> dict[str, Any]:
    try:
        entry = json.loads(lines[index])
    except json.JSONDecodeError:
        if index == len(lines) - 1:
            return {}  # the line being written when the run stopped
        raise FormatError(str(journal), f"ligne {index + 1}", Msg("JSON illisible", "unreadable JSON")) from None
    if not isinstance(entry, dict) or (index > 0 and not {"key", "result"} <= set(entry)) \
            or (index == 0 and "batch" not in entry):
        raise FormatError(str(journal), f"ligne {index + 1}", Msg("pas une ligne de journal", "not a journal line"))
    return entry


def _open_journal(journal: Path, header: Mapping[str, JSON] | None, fresh: bool) -> IO[str]:
    if fresh:
        sink = journal.open("w", encoding="utf-8")
        sink.write(json.dumps({"batch": dict(header or {})}, ensure_ascii=False) + "\n")
        sink.flush()
        return sink
    text = journal.read_text(encoding="utf-8")
    if text and not text.endswith("\n"):  # drop the line cut short, so the next result starts a line
        journal.write_text(text[: text.rfind("\n") + 1], encoding="utf-8")
    return journal.open("a", encoding="utf-8")


def _execute(function: Callable[..., JSON], tasks: Sequence[Task], backend: Backend) -> Iterator[tuple[str, JSON]]:
    if not tasks:
        return
    if backend.kind == "ray":
        with first_stops_second_kills(raise_at_once=True):
            yield from _on_ray(function, tasks, backend.address)
    elif backend.kind == "local" and backend.processes <= 1:
        with first_stops_second_kills(raise_at_once=True):  # the work runs in this thread: stop it there
            for key, args in tasks:
                yield key, function(*args)
    elif backend.kind == "local":
        yield from _in_processes(function, tasks, backend.processes)
    else:
        raise MeepleError(Msg(f"exécution inconnue « {backend.kind} »", f"unknown backend '{backend.kind}'"))


def _in_processes(function: Callable[..., JSON], tasks: Sequence[Task], processes: int) -> Iterator[tuple[str, JSON]]:
    """The tasks on ``processes`` worker processes. The workers ignore Ctrl-C; at the first one, the results
    already finished are still given, then the workers are stopped at once (what they were computing is
    lost, and is run again by a resumed run) and ``KeyboardInterrupt`` is raised here, between two results:
    never in the middle of a journal line or a progress bar."""
    queue = iter(tasks)
    pool = ProcessPoolExecutor(max_workers=processes, initializer=ignore_in_worker)
    running: dict[Future[JSON], str] = {}
    with first_stops_second_kills(kill=lambda: _kill_workers(pool)) as stop:
        try:
            while True:
                while not stop.is_set() and len(running) < processes * IN_FLIGHT_PER_WORKER \
                        and (task := next(queue, None)) is not None:
                    running[pool.submit(function, *task[1])] = task[0]
                if not running:
                    break
                finished, _ = wait(running, timeout=INTERRUPT_POLL_SECONDS, return_when=FIRST_COMPLETED)
                for future in finished:
                    yield running.pop(future), future.result()
                if stop.is_set():
                    raise KeyboardInterrupt
        except BaseException:
            _stop_workers(pool)
            raise
    pool.shutdown(wait=True)


def _kill_workers(pool: ProcessPoolExecutor) -> None:
    """SIGKILL every worker of ``pool`` (the second Ctrl-C: nothing else)."""
    for worker in dict(getattr(pool, "_processes", None) or {}).values():  # the executor's table of its processes
        with suppress(OSError, ValueError):  # already gone
            worker.kill()


def _stop_workers(pool: ProcessPoolExecutor) -> None:
    """Stop a pool's workers now, whatever they are doing, then the pool without waiting for their work."""
    manager = getattr(pool, "_executor_manager_thread", None)  # (shutdown forgets it)
    _kill_workers(pool)
    pool.shutdown(wait=False, cancel_futures=True)
    # The pool's manager thread sees its workers gone and closes its pipes; wait for it (an instant), or
    # Python 3.11's exit hook may write to a pipe it is closing and print a traceback (EBADF) at exit.
    if manager is not None and manager is not threading.current_thread():
        manager.join(timeout=MANAGER_JOIN_SECONDS)


def _on_ray(function: Callable[..., JSON], tasks: Sequence[Task], address: str | None) -> Iterator[tuple[str, JSON]]:
    ray = require_optional("ray", "ray", Msg("le calcul sur Ray (--ray)", "computing on Ray (--ray)"))
    started_here = not ray.is_initialized()
    if started_here:
        ray.init(address=address, include_dashboard=False, log_to_driver=False, configure_logging=False)
    try:
        remote = ray.remote(function)
        width = max(1, int(ray.cluster_resources().get("CPU", 1))) * IN_FLIGHT_PER_WORKER
        queue = iter(tasks)
        running: dict[Any, str] = {}
        while True:
            while len(running) < width and (task := next(queue, None)) is not None:
                running[remote.remote(*task[1])] = task[0]
            if not running:
                return
            ready, _ = ray.wait(list(running), num_returns=1)
            for ref in ready:
                yield running.pop(ref), ray.get(ref)
    finally:
        if started_here:
            ray.shutdown()
