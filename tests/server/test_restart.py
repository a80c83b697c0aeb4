"""A server killed with SIGKILL mid-game loses no acknowledged move; the game resumes after a restart."""

from __future__ import annotations

import json
from pathlib import Path

import httpx
from websockets.sync.client import connect

from tests.server.conftest import as_seat
from tests.server.live import LiveServer

TIMEOUT = 60.0
"""Generous: the test checks what is stored, never how fast."""


def _play(ws_url: str, token: str, version: int, move: int) -> dict[str, object]:
    """Send a move for the seat of ``token`` and return the ack (the move is durable once it arrives)."""
    with connect(ws_url, open_timeout=TIMEOUT) as socket:
        socket.send(json.dumps({"type": "hello", "token": token}))
        socket.send(json.dumps({"type": "move", "id": version, "version": version, "move": move}))
        while True:
            message = json.loads(socket.recv(timeout=TIMEOUT))
            if message["type"] in ("ack", "error"):
                return dict(message)


def test_sigkill_loses_no_acknowledged_move(tmp_path: Path) -> None:
    server = LiveServer(tmp_path / "rooms.sqlite3").start()
    try:
        room = httpx.post(f"{server.url}/api/rooms", json={"game": "take", "options": {"pile": 20},
                                                            "mode": "online"}, timeout=TIMEOUT).json()
        code = room["code"]
        joined = httpx.post(f"{server.url}/api/rooms/{code}/join", json={"name": "Bea"}, timeout=TIMEOUT).json()
        ws = f"ws://127.0.0.1:{server.port}/ws/rooms/{code}"
        assert _play(ws, room["token"], 1, 3)["type"] == "ack"  # version 1: the seat taken was change 1
        assert _play(ws, joined["token"], 2, 2)["type"] == "ack"
        server.kill()
        server.start()
        state = httpx.get(f"{server.url}/api/rooms/{code}", headers=as_seat(room["token"]), timeout=TIMEOUT).json()
        assert state["view"]["pile"] == 15 and state["version"] == 3 and state["legal"] == [1, 2, 3]
        assert state["players"][1]["name"] == "Bea"
        assert _play(ws, joined["token"], 3, 1)["error"] == "not_your_turn"
        assert _play(ws, room["token"], 3, 1) == {"type": "ack", "id": 3, "version": 4}
        resumed = httpx.post(f"{server.url}/api/resume", json={"tokens": [joined["token"]]}, timeout=TIMEOUT).json()
        assert resumed["rooms"][0]["code"] == code and resumed["rooms"][0]["moves"] == 3
    finally:
        server.stop()
