"""Several `meeple serve` processes over one throwaway PostgreSQL and one throwaway Redis serve the same
rooms: a move made on one process reaches a spectator on another, a race between two processes has one
winner, the computer plays each of its turns once, and a process killed mid-game changes nothing stored."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from tests.server.cluster_parts import cluster_parts, two_cluster_servers
from tests.server.live import LiveServer
from tests.server.redis_server import TempRedis

TIMEOUT = 60.0
"""Generous: these tests check who sees what and what is stored, never how fast."""

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module", name="cluster_parts")
def _cluster_parts() -> Iterator[tuple[str, str]]:
    """(database URL, bus URL) of a fresh PostgreSQL and a fresh Redis for this module."""
    with cluster_parts() as parts:
        yield parts


@pytest.fixture
def two_servers(cluster_parts: tuple[str, str]) -> Iterator[tuple[LiveServer, LiveServer]]:
    with two_cluster_servers(*cluster_parts) as servers:
        yield servers


def _create(server: LiveServer, **fields: Any) -> dict[str, Any]:
    reply = httpx.post(f"{server.url}/api/rooms", json={"game": "take", "options": {"pile": 12}, **fields},
                       timeout=TIMEOUT)
    assert reply.status_code == 200, reply.text
    return dict(reply.json())


def _move(server: LiveServer, code: str, token: str, version: int, move: int) -> httpx.Response:
    return httpx.post(f"{server.url}/api/rooms/{code}/moves", json={"token": token, "version": version, "move": move},
                      timeout=TIMEOUT)


def _state(server: LiveServer, code: str) -> dict[str, Any]:
    return dict(httpx.get(f"{server.url}/api/rooms/{code}", timeout=TIMEOUT).json())


class Spectator:
    """A websocket watcher of a room on one server, keeping every state it receives."""

    def __init__(self, server: LiveServer, code: str) -> None:
        self.states: list[dict[str, Any]] = []
        self._open = ExitStack()  # websockets wants its connection entered as a context
        self._socket = self._open.enter_context(
            connect(f"ws://127.0.0.1:{server.port}/ws/rooms/{code}", open_timeout=TIMEOUT))
        self._socket.send(json.dumps({"type": "hello", "token": None}))  # a watcher holds no seat
        self._thread = threading.Thread(target=self._read, daemon=True)
        self._thread.start()

    def _read(self) -> None:
        try:
            for text in self._socket:
                message = json.loads(text)
                if message.get("type") == "state":
                    self.states.append(message)
        except Exception:  # closed
            return

    def wait_for(self, version: int, timeout: float = TIMEOUT) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for state in self.states:
                if state["version"] >= version:
                    return state
            time.sleep(0.05)
        raise AssertionError(f"no state at version {version}; saw {[s['version'] for s in self.states]}")

    def close(self) -> None:
        self._open.close()


def test_a_move_on_one_process_reaches_a_spectator_on_the_other(two_servers: tuple[LiveServer, LiveServer]) -> None:
    first, second = two_servers
    room = _create(first, mode="online")
    code = room["code"]
    joined = httpx.post(f"{second.url}/api/rooms/{code}/join", json={"name": "Bea"}, timeout=TIMEOUT).json()
    assert joined["state"]["version"] == 1  # taking the seat is a change every process re-reads
    watcher = Spectator(second, code)
    try:
        assert _move(first, code, room["token"], 1, 3).status_code == 200
        assert watcher.wait_for(2)["view"]["pile"] == 9
        # the other player answers through the other process, which learnt of the move by the bus
        assert _move(second, code, joined["token"], 2, 2).status_code == 200
        assert _state(first, code)["view"]["pile"] == 7
        assert [p["name"] for p in watcher.wait_for(3)["players"]][1] == "Bea"
    finally:
        watcher.close()


def test_the_same_version_sent_to_both_processes_is_accepted_once(two_servers: tuple[LiveServer, LiveServer]) -> None:
    first, second = two_servers
    room = _create(first)
    code, token = room["code"], room["token"]
    _state(second, code)  # both processes hold the room in memory
    replies: list[httpx.Response] = []
    threads = [threading.Thread(target=lambda s=server, m=move: replies.append(_move(s, code, token, 0, m)))
               for server, move in ((first, 1), (second, 2))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    statuses = sorted(reply.status_code for reply in replies)
    assert statuses == [200, 409], [reply.text for reply in replies]
    stale = next(reply for reply in replies if reply.status_code == 409).json()
    assert stale["error"] == "stale"
    winner = next(reply for reply in replies if reply.status_code == 200)
    assert winner.json()["version"] == 1
    for server in (first, second):
        state = _state(server, code)
        assert state["version"] == 1 and state["view"]["pile"] in (11, 10)
    assert _state(first, code)["view"] == _state(second, code)["view"]


def test_the_computer_plays_each_turn_once_and_a_killed_process_loses_nothing(
        two_servers: tuple[LiveServer, LiveServer]) -> None:
    first, second = two_servers
    room = _create(first, seats=[{"kind": "human"}, {"kind": "ai"}])
    code, token = room["code"], room["token"]
    watcher = Spectator(second, code)  # the second process holds the room and would play the AI too
    try:
        assert _move(first, code, token, 0, 1).status_code == 200
        after_ai = watcher.wait_for(2)
        assert after_ai["view"]["pile"] == 8, "the AI (greedy) took 3 once, leaving a multiple of four"
        assert _move(second, code, token, 2, 1).status_code == 200
        first.kill()  # mid-game, possibly while it was about to play the AI's turn
        state = watcher.wait_for(4)
        assert state["view"]["pile"] == 4 and state["to_move"] == 0
        time.sleep(1.5)  # any second play of the same turn would show as a fifth version
        assert _state(second, code)["version"] == 4
    finally:
        watcher.close()


def test_a_lost_redis_stops_no_process_and_the_bus_comes_back(cluster_parts: tuple[str, str]) -> None:
    """Redis stopped while two processes serve a game: each goes on serving its own clients and says so in
    its log; the other process's clients catch up from the database by version; once Redis is back both
    processes listen again and a move made on one reaches the other's spectator."""
    redis_module = pytest.importorskip("redis")
    db_url, _shared_bus = cluster_parts
    redis = TempRedis()  # this test's own Redis: it is stopped in the middle
    bus_url = redis.start()
    servers = [LiveServer(db_url, extra_args=("--bus", bus_url)) for _ in range(2)]
    watchers: list[Spectator] = []
    try:
        first, second = (server.start() for server in servers)
        room = _create(first, mode="online")
        code = room["code"]
        joined = httpx.post(f"{second.url}/api/rooms/{code}/join", json={"name": "Bea"}, timeout=TIMEOUT).json()
        watchers = [Spectator(first, code), Spectator(second, code)]
        redis.pause()
        assert _move(first, code, room["token"], 1, 3).status_code == 200, "the database, not Redis, decides"
        assert watchers[0].wait_for(2)["view"]["pile"] == 9, "its own clients see it at once"
        assert watchers[1].wait_for(2)["view"]["pile"] == 9, "the other process's clients, by the version catch-up"
        assert redis.start() == bus_url
        listeners = redis_module.Redis.from_url(bus_url)
        deadline = time.monotonic() + 2 * TIMEOUT  # redis-py's own retries back off for seconds between tries
        while dict(listeners.pubsub_numsub("meeple:rooms")).get(b"meeple:rooms", 0) < 2:
            assert time.monotonic() < deadline, "the processes did not subscribe to the bus again"
            time.sleep(0.2)
        listeners.close()
        assert _move(second, code, joined["token"], 2, 2).status_code == 200
        assert watchers[0].wait_for(3)["view"]["pile"] == 7
        assert _state(first, code)["version"] == 3
    finally:
        for watcher in watchers:
            watcher.close()
        processes = [server.process for server in servers]
        for server in servers:
            server.stop()
        redis.stop()
    logged = processes[0].stderr.read().decode(errors="replace") if processes[0] and processes[0].stderr else ""
    assert "bus: cannot publish" in logged, logged[-2000:]  # the move made while Redis was away


def _join_at_once(servers: tuple[LiveServer, LiveServer], code: str) -> list[httpx.Response]:
    """Both processes asked for the room's one open seat at the same moment, by two people."""
    barrier = threading.Barrier(2)
    replies: dict[int, httpx.Response] = {}

    def join(index: int, server: LiveServer) -> None:
        barrier.wait()
        replies[index] = httpx.post(f"{server.url}/api/rooms/{code}/join", json={"name": f"player {index}"},
                                    timeout=TIMEOUT)

    threads = [threading.Thread(target=join, args=pair) for pair in enumerate(servers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return [replies[0], replies[1]]


def _one_winner(replies: list[httpx.Response]) -> dict[str, Any]:
    """Exactly one join got the seat and its token; the other a 409 that says so, and no token."""
    assert sorted(reply.status_code for reply in replies) == [200, 409], [reply.text for reply in replies]
    loser = next(reply for reply in replies if reply.status_code == 409).json()
    assert loser["error"] in ("seat_taken", "room_full") and "token" not in loser
    assert loser["message"]["fr"] and loser["message"]["en"]
    return dict(next(reply for reply in replies if reply.status_code == 200).json())


def test_one_open_seat_asked_through_two_processes_at_once_goes_to_one_person(
        two_servers: tuple[LiveServer, LiveServer]) -> None:
    for _attempt in range(8):
        room = _create(two_servers[0], mode="online")
        code = room["code"]
        for server in two_servers:  # both processes hold the room in memory, its seat open
            assert _state(server, code)["waiting"] == [1]
        winner = _one_winner(_join_at_once(two_servers, code))
        for server in two_servers:  # and both say who holds it
            players = _state(server, code)["players"]
            assert players[1]["name"] == winner["state"]["players"][1]["name"] and _state(server, code)["waiting"] == []
        assert _move(two_servers[1], code, winner["token"], 1, 1).status_code == 403  # not its turn: seat 0's
        assert _move(two_servers[1], code, room["token"], 1, 1).status_code == 200


def test_with_the_bus_down_the_store_still_gives_one_seat_to_one_person(cluster_parts: tuple[str, str]) -> None:
    """Redis is away, so neither process hears of the other's join: the conditional write in the database
    decides, and the loser's process re-reads the room before it answers."""
    db_url, _shared_bus = cluster_parts
    redis = TempRedis()
    bus_url = redis.start()
    servers = [LiveServer(db_url, extra_args=("--bus", bus_url)) for _ in range(2)]
    try:
        pair = (servers[0].start(), servers[1].start())
        codes = [_create(pair[0], mode="online")["code"] for _ in range(4)]
        for code in codes:
            for server in pair:
                assert _state(server, code)["waiting"] == [1]
        redis.pause()
        for code in codes:
            winner = _one_winner(_join_at_once(pair, code))
            holder = winner["state"]["players"][1]["name"]
            for server in pair:  # each process, asked for the room, names the same holder for good
                state = _state(server, code)
                assert state["players"][1]["name"] == holder and state["waiting"] == [] and state["version"] == 1
    finally:
        for server in servers:
            server.stop()
        redis.stop()
