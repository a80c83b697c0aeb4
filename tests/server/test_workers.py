"""The computer players think in worker processes, never in the server's own process."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import threading
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from meeple.core.errors import IllegalMoveError
from meeple.core.i18n import Msg
from meeple.server.service import RoomService, RoomSpec, SeatSpec
from meeple.server.store import Store
from meeple.server.workers import AiWorkers, SearchFailed
from tests.server.conftest import test_registry


def _die_outside(parent: int) -> str:
    """Kill the worker process it runs in; in the parent process (the fallback), just answer."""
    if os.getpid() != parent:
        os._exit(1)
    return "answered"


def _refuse(move: int) -> None:
    raise IllegalMoveError(move, Msg("interdit", "forbidden"))  # does not unpickle: must not break the pool


def _with_pid(function: Callable[..., Any], *args: Any) -> tuple[int, Any]:
    return os.getpid(), function(*args)


class RecordingWorkers(AiWorkers):
    """Workers that note the process each search ran in."""

    def __init__(self) -> None:
        super().__init__(processes=1)
        self.pids: list[int] = []

    async def run(self, function: Callable[..., Any], *args: Any) -> Any:
        pid, result = await super().run(_with_pid, function, *args)
        self.pids.append(pid)
        return result


def _with_workers(check: Callable[[AiWorkers], Awaitable[None]]) -> None:
    """Run ``check`` with a pool of one worker, closed afterwards."""
    async def scenario() -> None:
        workers = AiWorkers(processes=1)
        try:
            await check(workers)
        finally:
            workers.close()

    asyncio.run(scenario())


def test_a_search_runs_in_another_process_and_a_local_function_in_a_thread() -> None:
    async def check(workers: AiWorkers) -> None:
        assert await workers.run(os.getpid) != os.getpid()
        assert await workers.run(sum, [1, 2, 3]) == 6
        main_thread = threading.get_ident()

        def local() -> tuple[int, int]:  # cannot be pickled: runs in a thread of this process
            return os.getpid(), threading.get_ident()

        pid, thread = await workers.run(local)
        assert pid == os.getpid() and thread != main_thread

    _with_workers(check)


def test_an_error_in_a_search_comes_back_as_text_and_the_worker_stays() -> None:
    async def check(workers: AiWorkers) -> None:
        first = await workers.run(os.getpid)
        with pytest.raises(SearchFailed) as caught:
            await workers.run(_refuse, 7)
        assert "IllegalMoveError" in str(caught.value) and "forbidden" in str(caught.value)
        assert await workers.run(os.getpid) == first  # the same worker, still there

    _with_workers(check)


def test_a_dead_worker_is_replaced_and_its_search_still_answers() -> None:
    async def check(workers: AiWorkers) -> None:
        assert await workers.run(_die_outside, os.getpid()) == "answered"
        assert await workers.run(os.getpid) != os.getpid()  # a fresh pool

    _with_workers(check)


def _gone(pid: int, seconds: float = 60.0) -> bool:
    """Whether process ``pid`` ends within ``seconds`` (generous: a loaded machine is slow to reap)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        time.sleep(0.1)
    return False


@pytest.mark.parametrize("wait", [0.0, 1.0])
def test_closing_stops_a_worker_in_the_middle_of_a_search(wait: float) -> None:
    async def scenario() -> None:
        workers = AiWorkers(processes=1)
        worker = await workers.run(os.getpid)
        search = asyncio.ensure_future(workers.run(time.sleep, 600))
        await asyncio.sleep(wait)  # the search is queued, or (most likely) under way: both end the same
        workers.close()
        with pytest.raises(SearchFailed):
            await search
        assert _gone(worker)
        with pytest.raises(SearchFailed):
            await workers.run(os.getpid)

    asyncio.run(scenario())


WORKER_OWNER = """
import asyncio, os, sys, time
from meeple.server.workers import AiWorkers

async def main():
    workers = AiWorkers(processes=1)
    print(await workers.run(os.getpid), flush=True)
    await workers.run(time.sleep, 600)

asyncio.run(main())
"""


def test_workers_end_when_the_server_is_killed() -> None:
    owner = subprocess.Popen([sys.executable, "-c", WORKER_OWNER], stdout=subprocess.PIPE, text=True)
    try:
        assert owner.stdout is not None
        worker = int(owner.stdout.readline())
    finally:
        owner.kill()  # SIGKILL: the server cannot tell its workers anything
        owner.wait(timeout=60)
    assert _gone(worker)


def test_an_ai_seat_thinks_in_a_worker_process(tmp_path: Path) -> None:
    async def scenario() -> None:
        workers = RecordingWorkers()
        service = RoomService(Store(f"sqlite:///{tmp_path / 'rooms.sqlite3'}"), test_registry(), ai_delay=0.0,
                              workers=workers)
        room, _token = await service.create_room(
            RoomSpec(game="take", options={"pile": 7}, seats=[SeatSpec("human"), SeatSpec("ai")]))
        await service.play(room, (0,), 0, 1)
        assert room.ai_task is not None
        await asyncio.wait_for(room.ai_task, timeout=120)
        assert room.version == 2 and room.game.position_json()["pile"] == 4  # the greedy reply: leave 4
        assert len(workers.pids) == 1 and workers.pids[0] != os.getpid()
        await service.close()

    asyncio.run(scenario())
