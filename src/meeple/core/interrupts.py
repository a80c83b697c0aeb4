"""Ctrl-C that always works, for long jobs (:mod:`meeple.core.batch`).

The first Ctrl-C asks the job to stop: it keeps what it finished (a tournament prints its table, a batch's
journal keeps every result), stops what is running and exits 130 with no traceback. The second Ctrl-C, for
someone who will not wait, ends the process at once (its workers too), also with 130.

A terminal sends Ctrl-C's SIGINT to the whole foreground process group, workers included: the workers of a
batch ignore it (:func:`ignore_in_worker`) and are stopped by the process that runs the batch, so that no
worker dies in the middle of a write with a traceback of its own.
"""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any

EXIT_CODE = 130
"""What an interrupted command exits with (128 + SIGINT, as a shell reports it), docs/cli.md."""

_process: list[bool] = [False]
"""Whether this process is the ``meeple`` command (:func:`in_command_line`), which ends after an interrupt."""


def in_command_line() -> None:
    """Say that this process is the ``meeple`` command: once a job is interrupted the process is on its way
    out, and any later Ctrl-C ends it at once. (A program that uses meeple as a library — a notebook — gets
    its own Ctrl-C handling back when an interrupted job returns.)"""
    _process[0] = True


def ignore_in_worker() -> None:
    """A worker process's first act: leave Ctrl-C to the process that started it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _end_now(kill: Callable[[], None]) -> None:
    try:
        kill()
    finally:
        os.write(2, b"\n")  # the terminal's ^C stays on its own line
        os._exit(EXIT_CODE)


@contextmanager
def first_stops_second_kills(kill: Callable[[], None] = lambda: None,
                             raise_at_once: bool = False) -> Iterator[threading.Event]:
    """While the block runs, the first Ctrl-C sets the event it yields (and raises ``KeyboardInterrupt`` at
    once when ``raise_at_once``, for work done in this very thread); a second one calls ``kill`` (stop the
    workers) and ends the process with exit code 130. Once interrupted, the ``meeple`` command stays that way
    until it exits (:func:`in_command_line`): any later Ctrl-C ends it at once; elsewhere the handler of
    before comes back. Outside the main thread (where no signal handler can be set) the block runs with
    Ctrl-C as it was."""
    stop = threading.Event()
    if threading.current_thread() is not threading.main_thread():
        yield stop
        return

    def handle(signum: int, frame: FrameType | None) -> None:
        if stop.is_set():
            _end_now(kill)
        stop.set()
        if raise_at_once:
            raise KeyboardInterrupt

    previous: Any = signal.signal(signal.SIGINT, handle)
    interrupted = False
    try:
        yield stop
    except KeyboardInterrupt:
        interrupted = True
        raise
    finally:
        if (interrupted or stop.is_set()) and _process[0]:
            signal.signal(signal.SIGINT, lambda signum, frame: _end_now(kill))
        else:
            signal.signal(signal.SIGINT, previous)
