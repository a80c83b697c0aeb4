"""The heavy game calls (a game built from content sent inline, a new murder case, a hint, an editor's check)
are shared fairly between client addresses: one address's flood neither fills the queue the others wait
in nor keeps a worker busy once its client has gone (issue 26, item 1)."""

from __future__ import annotations

import asyncio
import os
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn

from meeple.server.app import create_app
from meeple.server.fairuse import FairQueue, Limits, QueueFull, RateLimited
from meeple.server.registry import GameRegistry
from meeple.server.rooms import RoomSpec
from meeple.server.service import RoomService
from meeple.server.store import Store
from meeple.server.workers import TimedWorkers
from tests.server import slow_levels
from tests.server.live import free_port, process_gone

ATTACKER, HONEST = "203.0.113.9", "192.0.2.44"


def _registry() -> GameRegistry:
    return GameRegistry().with_game(slow_levels.INFO, slow_levels.ADAPTER)


def _slow_room(release: Path) -> RoomSpec:
    """A room whose level is built in a game worker once the file ``release`` exists."""
    return RoomSpec(game="slow-stealth", options={"level_data": slow_levels.level(), "wait_for": str(release)})



async def _until(condition: Any, seconds: float = 120.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "the condition never came"
        await asyncio.sleep(0.01)


def test_the_fair_queue_bounds_each_owners_calls_under_way_and_the_whole_waiting_room() -> None:
    async def scenario() -> None:
        queue = FairQueue(slots=1, per_owner=1, per_owner_in_flight=3, max_waiting=4)
        gate = asyncio.Event()

        async def job() -> None:
            await gate.wait()

        flood = [asyncio.ensure_future(queue.run("a", job)) for _ in range(3)]
        await asyncio.sleep(0)
        with pytest.raises(QueueFull) as mine:  # a's fourth call: one runs, two wait, the cap is 3
            await queue.run("a", job)
        assert mine.value.whose == "owner"
        others = [asyncio.ensure_future(queue.run(owner, job)) for owner in ("b", "c")]
        await asyncio.sleep(0)
        with pytest.raises(QueueFull) as everyone:  # four wait in all: nobody else may wait
            await queue.run("d", job)
        assert everyone.value.whose == "all"
        server_own = asyncio.ensure_future(queue.run("", job))  # the server's own work is never refused…
        await asyncio.sleep(0)
        assert queue.waiting() == 5 and not server_own.done()
        gate.set()
        await asyncio.gather(*flood, *others, server_own)
        assert queue.counters.to_json() == {"granted": 6, "refused": 2, "left_waiting": 0, "cancelled_running": 0}

    asyncio.run(scenario())


def test_another_address_is_served_next_and_a_flood_beyond_its_share_is_refused_at_once(tmp_path: Path) -> None:
    async def scenario() -> None:
        service = RoomService(Store(f"sqlite:///{tmp_path / 'rooms.sqlite3'}"), _registry(),
                              game_workers=TimedWorkers(processes=1), limits=Limits(game_calls_per_client=4))
        gates = [tmp_path / f"attacker-{index}" for index in range(4)]
        finished: list[str] = []

        async def make(spec: RoomSpec, owner: str, label: str) -> None:
            await service.create_room(spec, owner)
            finished.append(label)

        try:
            flood = [asyncio.ensure_future(make(_slow_room(gate), ATTACKER, f"attacker {index}"))
                     for index, gate in enumerate(gates)]
            await _until(lambda: service.game_queue.running.get(ATTACKER) == 1
                         and service.game_queue.waiting(ATTACKER) == 3)
            with pytest.raises(RateLimited) as refused:  # a fifth call under way: refused, nothing queued
                await service.create_room(_slow_room(gates[0]), ATTACKER)
            assert refused.value.code == "too_many_calls" and refused.value.retry_after >= 1
            assert "4 calculs en cours" in refused.value.message.fr
            assert service.game_queue.waiting(ATTACKER) == 3
            honest = asyncio.ensure_future(make(_slow_room(tmp_path / "honest"), HONEST, "honest"))
            (tmp_path / "honest").touch()
            for gate in gates:
                gate.touch()
            await asyncio.gather(*flood, honest)
            # one slot: the attacker's call under way finished first, then the other address, not the flood
            assert finished == ["attacker 0", "honest", "attacker 1", "attacker 2", "attacker 3"], finished
        finally:
            await service.close()

    asyncio.run(scenario())


def test_calls_whose_client_left_leave_the_queue_and_a_running_one_stops_its_worker(tmp_path: Path) -> None:
    async def scenario() -> None:
        workers = TimedWorkers(processes=1)
        service = RoomService(Store(f"sqlite:///{tmp_path / 'rooms.sqlite3'}"), _registry(), game_workers=workers)
        never = tmp_path / "never"
        try:
            calls = [asyncio.ensure_future(service.create_room(_slow_room(never), ATTACKER)) for _ in range(3)]
            await _until(lambda: service.game_queue.running.get(ATTACKER) == 1 and workers.pids())
            busy_worker = workers.pids()[0]
            for call in calls:  # the client hung up
                call.cancel()
            await asyncio.gather(*calls, return_exceptions=True)
            counters = service.game_queue.counters
            assert counters.left_waiting == 2 and counters.cancelled_running == 1
            assert process_gone(busy_worker), "the worker of the abandoned call is stopped, not left waiting"
            assert service.game_queue.waiting() == 0 and not service.game_queue.running
            release = tmp_path / "go"
            release.touch()
            room, _token = await service.create_room(_slow_room(release), HONEST)  # a fresh worker serves
            assert room.row.options["built_in"] not in (busy_worker, os.getpid())
            assert not service.rooms.keys() - {room.code}, "no abandoned call made a room"
        finally:
            await service.close()

    asyncio.run(scenario())


class _InProcessServer:
    """The real app on real uvicorn in a thread of the test (its service is at hand), on a free port."""

    def __init__(self, tmp_path: Path) -> None:
        limits = Limits(trusted_proxies=("127.0.0.1/32",), game_calls_per_client=4)
        self.app = create_app(f"sqlite:///{tmp_path / 'rooms.sqlite3'}", _registry(), limits=limits)
        self.port = free_port()
        self.server = uvicorn.Server(uvicorn.Config(self.app, host="127.0.0.1", port=self.port, log_level="warning"))
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    @property
    def service(self) -> RoomService:
        service: RoomService = self.app.state.service
        return service

    def __enter__(self) -> _InProcessServer:
        self.thread.start()
        deadline = time.monotonic() + 60
        while not self.server.started:
            assert time.monotonic() < deadline and self.thread.is_alive(), "the server did not start"
            time.sleep(0.02)
        return self

    def __exit__(self, *_exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=60)


@pytest.fixture
def live(tmp_path: Path) -> Iterator[_InProcessServer]:
    with _InProcessServer(tmp_path) as server:
        yield server


def test_a_flood_of_heavy_requests_that_hang_up_does_not_hold_another_address(live: _InProcessServer,
                                                                              tmp_path: Path) -> None:
    """The attack of issue 26: heavy requests sent in a burst from one address, the sender hanging up at
    once. Their work stops (queued calls dropped, the running one's worker stopped), and another address's
    room is made at once, although the attacker's builds would have waited two minutes each."""
    url = f"http://127.0.0.1:{live.port}/api/rooms"
    never = str(tmp_path / "never")
    body = {"game": "slow-stealth", "options": {"level_data": slow_levels.level(), "wait_for": never}}

    async def attack() -> list[str]:
        async with httpx.AsyncClient(headers={"X-Forwarded-For": ATTACKER}, timeout=2.0) as attacker:
            async def one() -> str:
                try:
                    return str((await attacker.post(url, json=body)).status_code)
                except httpx.TimeoutException:  # the attacker hangs up before any answer
                    return "hung up"

            return list(await asyncio.gather(*(one() for _ in range(12))))

    statuses = asyncio.run(attack())
    assert sorted(statuses) == ["429"] * 8 + ["hung up"] * 4, statuses  # beyond 4 under way: refused at once
    queue = live.service.game_queue
    deadline = time.monotonic() + 60
    while queue.running.get(ATTACKER) or queue.waiting(ATTACKER):
        assert time.monotonic() < deadline, f"the attacker's calls are still under way: {queue.counters}"
        time.sleep(0.05)
    counters = queue.counters
    assert counters.left_waiting + counters.cancelled_running == 4 and counters.cancelled_running >= 1
    honest = {"game": "slow-stealth", "options": {"level_data": slow_levels.level()}}
    reply = httpx.post(url, json=honest, headers={"X-Forwarded-For": HONEST}, timeout=60)
    assert reply.status_code == 200, reply.text
    assert reply.json()["state"]["view"]["enemies"] == []
