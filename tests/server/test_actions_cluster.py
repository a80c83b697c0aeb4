"""Game actions across two `meeple serve` processes over one PostgreSQL and one Redis: a resignation or a draw
agreed through one process is seen by a watcher of the other and stored once, and the rematch's new seat
reaches a player connected to the other process."""

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

TIMEOUT = 60.0
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def servers() -> Iterator[tuple[LiveServer, LiveServer]]:
    with cluster_parts() as parts, two_cluster_servers(*parts) as both:
        yield both


class Socket:
    """A room's websocket on one server (a seat's, or a watcher's), keeping every message it receives."""

    def __init__(self, server: LiveServer, code: str, token: str | None = None) -> None:
        self.messages: list[dict[str, Any]] = []
        self._open = ExitStack()
        self._socket = self._open.enter_context(connect(f"ws://127.0.0.1:{server.port}/ws/rooms/{code}",
                                                        open_timeout=TIMEOUT))
        self._socket.send(json.dumps({"type": "hello", "token": token}))
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        try:
            for text in self._socket:
                self.messages.append(json.loads(text))
        except Exception:  # closed
            return

    def wait_for(self, kind: str, test: Any = lambda _m: True) -> dict[str, Any]:
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            for message in list(self.messages):
                if message.get("type") == kind and test(message):
                    return message
            time.sleep(0.05)
        raise AssertionError(f"no {kind} message; saw {[m.get('type') for m in self.messages]}")

    def close(self) -> None:
        self._open.close()


def _post(server: LiveServer, path: str, **body: Any) -> httpx.Response:
    return httpx.post(f"{server.url}{path}", json=body, timeout=TIMEOUT)


def _started(first: LiveServer, second: LiveServer) -> tuple[str, str, str]:
    """An online game of Take made on ``first``, its second seat taken on ``second``."""
    made = _post(first, "/api/rooms", game="take", options={"pile": 12}, mode="online", seats=[{"name": "Ana"}]).json()
    joined = _post(second, f"/api/rooms/{made['code']}/join", name="Bea").json()
    return made["code"], made["token"], joined["token"]


def test_a_resignation_on_one_process_is_seen_on_the_other_and_stored_once(
        servers: tuple[LiveServer, LiveServer]) -> None:
    first, second = servers
    code, ana, bea = _started(first, second)
    watcher = Socket(second, code)
    try:
        watcher.wait_for("state", lambda m: m["version"] == 1)
        # both players resign at once, each through a process: one resignation is stored
        replies: list[httpx.Response] = []
        threads = [threading.Thread(target=lambda s=server, t=token: replies.append(
            _post(s, f"/api/rooms/{code}/resign", token=t, version=1))) for server, token in ((first, ana), (second, bea))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert sorted(reply.status_code for reply in replies) == [200, 409], [reply.text for reply in replies]
        winner = next(reply for reply in replies if reply.status_code == 200)
        assert winner.json()["version"] == 2
        seen = watcher.wait_for("state", lambda m: m["result"] is not None)
        assert seen["version"] == 2 and seen["to_move"] is None
        for server in servers:
            state = httpx.get(f"{server.url}/api/rooms/{code}", timeout=TIMEOUT).json()
            assert state["version"] == 2 and state["result"] == seen["result"]
    finally:
        watcher.close()


def test_a_draw_offered_on_one_process_and_accepted_on_the_other_then_a_rematch(
        servers: tuple[LiveServer, LiveServer]) -> None:
    first, second = servers
    code, ana, bea = _started(first, second)
    ana_socket, bea_socket = Socket(first, code, ana), Socket(second, code, bea)
    try:
        bea_socket.wait_for("state", lambda m: m["version"] == 1)
        assert _post(first, f"/api/rooms/{code}/offer", token=ana, version=1, offer="draw").status_code == 200
        offered = bea_socket.wait_for("state", lambda m: m["version"] == 2)
        assert offered["offer"]["kind"] == "draw" and "accept" in offered["actions"]
        assert _post(second, f"/api/rooms/{code}/accept", token=bea, version=2).status_code == 200
        drawn = ana_socket.wait_for("state", lambda m: m["version"] == 3)
        assert drawn["result"]["reason"] == "agreed_draw" and drawn["outcome"]["draw"] is True
        # the rematch agreed through the second process: Ana, on the first, gets her new seat
        assert _post(first, f"/api/rooms/{code}/offer", token=ana, version=3, offer="rematch").status_code == 200
        accepted = _post(second, f"/api/rooms/{code}/accept", token=bea, version=4).json()
        for_ana = ana_socket.wait_for("rematch")
        assert for_ana["code"] == accepted["rematch"]["code"] and for_ana["seats"] == [1]
        assert accepted["rematch"]["seats"] == [0] and for_ana["token"] != accepted["rematch"]["token"]
        move = _post(first, f"/api/rooms/{for_ana['code']}/moves", token=accepted["rematch"]["token"], version=0, move=1)
        assert move.status_code == 200  # Bea moves first in the rematch, through the other process
    finally:
        ana_socket.close()
        bea_socket.close()
