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

from meeple.core.errors import FormatError, IllegalMoveError, MeepleError
from meeple.core.i18n import Msg
from meeple.games import discover
from meeple.games.murder import MurderGame
from meeple.server.errors import ServerError
from meeple.server.registry import GameAdapter, GameRegistry, UnknownGameError, adapter_for
from meeple.server.rooms import RoomSpec, SeatSpec
from meeple.server.service import RoomService
from meeple.server.store import Store
from meeple.server.workers import AiWorkers, SearchFailed, TimedWorkers, WorkersBusy
from tests.server import take_plugin
from tests.server.conftest import test_registry
from tests.server.live import process_gone


def _die_outside(parent: int) -> str:
    """Kill the worker process it runs in; in the parent process (the fallback), just answer."""
    if os.getpid() != parent:
        os._exit(1)
    return "answered"


def _refuse(move: int) -> None:
    raise IllegalMoveError(move, Msg("interdit", "forbidden"))  # a game's error: crosses back as itself


def _misread(field: str) -> None:
    raise FormatError("params", field, Msg("un entier est attendu", "an integer is expected"))


def _unknown(name: str) -> None:
    raise UnknownGameError(name)


class _Unportable(MeepleError):
    """A game error with an attribute that does not pickle: it cannot cross back as itself."""

    def __init__(self) -> None:
        super().__init__(Msg("pas transportable", "not portable"))
        self.callback = threading.Lock()


def _unportable() -> None:
    raise _Unportable()


def _crash() -> None:
    raise ValueError("broken engine")


def _pile_in_worker(game: Any, seat: int | None, params: Any) -> Any:
    """A heavy query of the test game: the pile and the process that answered; a bad parameter is an error."""
    if not isinstance(params, dict) or not isinstance(params.get("at_least"), int):
        _misread("at_least")
    return {"pile": game.position_json()["pile"], "pid": os.getpid()}


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
            await workers.run(_crash)
        assert "ValueError" in str(caught.value) and "broken engine" in str(caught.value)
        with pytest.raises(SearchFailed) as unportable:  # a game error that cannot cross: text, as any other
            await workers.run(_unportable)
        assert "_Unportable" in str(unportable.value) and "pas transportable" in str(unportable.value)
        assert await workers.run(os.getpid) == first  # the same worker, still there

    _with_workers(check)


def test_a_game_error_comes_back_from_a_worker_as_itself() -> None:
    async def check(workers: AiWorkers) -> None:
        first = await workers.run(os.getpid)
        with pytest.raises(IllegalMoveError) as illegal:
            await workers.run(_refuse, 7)
        assert illegal.value.move == 7 and illegal.value.message == Msg("coup illégal 7 : interdit",
                                                                          "illegal move 7: forbidden")
        with pytest.raises(FormatError) as misread:
            await workers.run(_misread, "size")
        assert (misread.value.field, misread.value.text("fr")) == ("size", "params : size : un entier est attendu")
        with pytest.raises(UnknownGameError) as unknown:  # a one-argument constructor, other attributes
            await workers.run(_unknown, "chess")
        assert unknown.value.name == "chess" and unknown.value.message == UnknownGameError("chess").message
        assert await workers.run(os.getpid) == first

    _with_workers(check)


def test_a_dead_worker_is_replaced_and_its_search_still_answers() -> None:
    async def check(workers: AiWorkers) -> None:
        assert await workers.run(_die_outside, os.getpid()) == "answered"
        assert await workers.run(os.getpid) != os.getpid()  # a fresh pool

    _with_workers(check)



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
        assert process_gone(worker)
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
    assert process_gone(worker)


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


def _service(tmp_path: Path, registry: GameRegistry, game_workers: AiWorkers) -> RoomService:
    """A service whose heavy game calls go to ``game_workers``."""
    return RoomService(Store(f"sqlite:///{tmp_path / 'rooms.sqlite3'}"), registry, ai_delay=0.0,
                       game_workers=game_workers)


def test_a_murder_case_and_its_hints_are_made_in_a_worker_and_its_errors_are_unchanged(tmp_path: Path) -> None:
    registry = GameRegistry().with_game(discover()["murder"], adapter_for("murder"))

    async def scenario() -> None:
        workers = RecordingWorkers()
        service = _service(tmp_path, registry, workers)
        room, _token = await service.create_room(RoomSpec(game="murder", options={"size": 4, "difficulty": 1}))
        assert len(workers.pids) == 1 and workers.pids[0] != os.getpid()  # the case was generated there
        assert room.game.view(0) == MurderGame.new({"size": 4, "difficulty": 1}, room.row.seed).view(0)
        hint = await service.query(room, (0,), "hint", None)
        assert isinstance(hint, dict) and hint["status"] == "hint" and len(workers.pids) == 2
        await service.query(room, (0,), "check", None)  # quick: stays in the server
        assert len(workers.pids) == 2 and workers.pids[1] != os.getpid()

        with pytest.raises(FormatError) as direct:
            MurderGame.new({"size": 99}, 1)
        with pytest.raises(FormatError) as from_worker:
            await service.create_room(RoomSpec(game="murder", options={"size": 99}))
        assert len(workers.pids) == 2  # the factory ran in the worker and raised there
        assert from_worker.value.message == direct.value.message and from_worker.value.field == "size"
        await service.close()

        again = RecordingWorkers()  # a restarted server rebuilds the case in a worker too
        restarted = _service(tmp_path, registry, again)
        rebuilt = await restarted.room(room.code)
        assert rebuilt.game.view(0) == room.game.view(0) and len(again.pids) == 1
        await restarted.close()

    asyncio.run(scenario())


def test_a_heavy_query_runs_in_a_worker_and_a_bad_parameter_gives_the_same_reply(tmp_path: Path) -> None:
    def registry(heavy: bool) -> GameRegistry:
        adapter = GameAdapter(queries={"pile": _pile_in_worker}, worker_queries=frozenset({"pile"} if heavy else ()))
        return GameRegistry().with_game(take_plugin.INFO, adapter)

    async def ask(heavy: bool, params: Any) -> Any:
        service = _service(tmp_path / str(heavy), registry(heavy), AiWorkers(processes=1))
        try:
            room, _token = await service.create_room(RoomSpec(game="take", options={"pile": 7}))
            try:
                return await service.query(room, (0,), "pile", params)
            except ServerError as error:
                return error.to_json()
        finally:
            await service.close()

    async def scenario() -> None:
        answer = await ask(True, {"at_least": 1})
        assert answer["pile"] == 7 and answer["pid"] != os.getpid()
        assert (await ask(False, {"at_least": 1}))["pid"] == os.getpid()
        refused = await ask(True, {"at_least": "x"})
        assert refused == await ask(False, {"at_least": "x"})
        assert refused["error"] == "bad_query" and refused["message"]["en"] == "params: at_least: an integer is expected"
        assert refused["message"]["fr"] == "params : at_least : un entier est attendu"

    for name in ("True", "False"):
        (tmp_path / name).mkdir()
    asyncio.run(scenario())


def test_timed_workers_give_errors_back_as_they_are_and_never_run_in_the_server() -> None:
    async def scenario() -> None:
        workers = TimedWorkers(processes=1, time_limit=60.0)
        try:
            first = await workers.run(os.getpid)
            assert first != os.getpid()
            with pytest.raises(FormatError) as misread:
                await workers.run(_misread, "depth")
            assert misread.value.field == "depth"  # a game's error crosses back as itself
            with pytest.raises(SearchFailed, match="broken engine"):
                await workers.run(_crash)
            assert await workers.run(os.getpid) == first and workers.replaced == 0  # the worker stayed

            def local() -> int:
                return os.getpid()

            with pytest.raises(SearchFailed, match="cannot go to a worker"):
                await workers.run(local)  # refused, not run in a thread of the server
        finally:
            workers.close()

    asyncio.run(scenario())


def test_timed_workers_refuse_calls_beyond_the_queue_and_stop_with_the_server() -> None:
    async def scenario() -> None:
        workers = TimedWorkers(processes=1, time_limit=600.0, max_waiting=1)
        worker = await workers.run(os.getpid)
        running = asyncio.ensure_future(workers.run(time.sleep, 600))
        await asyncio.sleep(0.5)
        waiting = asyncio.ensure_future(workers.run(os.getpid))
        await asyncio.sleep(0.1)
        with pytest.raises(WorkersBusy):
            await workers.run(os.getpid)  # one already waits: refused at once
        workers.close()
        for call in (running, waiting):
            with pytest.raises(SearchFailed):
                await call
        assert process_gone(worker)

    asyncio.run(scenario())
