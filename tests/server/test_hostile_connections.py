"""Slow and half-open clients (issue 26, item 3) against real uvicorn: request heads and bodies that never
end, one address holding every connection, a server with no descriptor left.

The attackers connect from addresses of their own in 127.0.0.0/8 (all loopback on Linux), the honest
client from 127.0.0.1, so per-address caps are seen as a server on the internet sees them. The limits are
shortened (a second instead of ten) so that each test waits seconds, not minutes; ``meeple serve`` itself
is tested once with its defaults (:func:`test_meeple_serve_caps_the_connections_of_one_address`).
"""

from __future__ import annotations

import contextlib
import json
import socket
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest

from meeple.server.connections import ConnectionLimits, default_total, open_files_limit
from meeple.server.transport import client_log
from tests.server.hostile_client import RawSocket, ThreadServer, thread_server
from tests.server.live import LiveServer

SHORT = ConnectionLimits(head_seconds=1.0, body_seconds=1.0, per_address=8, total=500)


@pytest.fixture(autouse=True)
def _fresh_log_limiter() -> Iterator[None]:
    client_log.forget()
    yield
    client_log.forget()


@contextmanager
def server(tmp_path: Path, **limits: Any) -> Iterator[ThreadServer]:
    """The app under uvicorn with :data:`SHORT` limits, changed by ``limits``."""
    chosen = ConnectionLimits(**{**SHORT.__dict__, **limits})
    with thread_server(tmp_path, connections=chosen) as running:
        yield running


def connect(port: int, source: str = "127.0.0.2", first: bytes = b"") -> socket.socket:
    """A TCP connection from ``source`` that sends ``first`` and then nothing."""
    sock = socket.socket()
    sock.bind((source, 0))
    sock.settimeout(30)
    sock.connect(("127.0.0.1", port))
    if first:
        sock.sendall(first)
    return sock


def reply(sock: socket.socket) -> tuple[int, dict[str, str], dict[str, Any] | None, float]:
    """Everything the server sends until it closes: status, headers, JSON body, and when it closed
    (seconds from now)."""
    started = time.monotonic()
    data = b""
    while chunk := sock.recv(65536):
        data += chunk
    closed = time.monotonic() - started
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = dict(line.lower().split(": ", 1) for line in lines[1:] if ": " in line)
    return int(lines[0].split()[1]), headers, json.loads(body) if body else None, closed


def honest(base: str) -> float:
    """One honest request from 127.0.0.1; its time (it must succeed)."""
    started = time.monotonic()
    response = httpx.get(f"{base}/api/games", timeout=30)
    assert response.status_code == 200
    return time.monotonic() - started


# --- time limits -----------------------------------------------------------------------------------
@pytest.mark.parametrize("first", [b"", b"GET /api/games HTTP/1.1\r\nHost: x\r\n", b"GE"])
def test_a_request_head_that_never_ends_is_cut_at_its_time_limit(tmp_path: Path, first: bytes) -> None:
    with server(tmp_path) as running:
        sock = connect(running.port, first=first)
        status, headers, body, closed = reply(sock)
        assert status == 408 and headers["connection"] == "close"
        assert body is not None and body["error"] == "too_slow"
        assert "1 s" in body["message"]["en"] and "1 s" in body["message"]["fr"]
        assert 0.8 <= closed < 10  # the limit (1 s), not the machine's whim
        honest(running.url)


def test_a_body_that_trickles_in_is_cut_at_its_time_limit(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    with server(tmp_path) as running:
        sock = connect(running.port, first=b"POST /api/rooms HTTP/1.1\r\nHost: x\r\nContent-Type: application/json"
                                            b"\r\nContent-Length: 1000\r\n\r\n{\"game\": ")
        status, _headers, body, closed = reply(sock)
        assert status == 408 and body is not None and "body" in body["message"]["en"]
        assert closed < 10
        assert any("body not received within 1 s" in record.getMessage() for record in caplog.records)
        assert running.app.state.service.rooms == {}  # nothing half-read reached the game


def test_an_honest_request_sent_slowly_within_the_limits_is_answered(tmp_path: Path) -> None:
    with server(tmp_path, head_seconds=3.0) as running:
        sock = connect(running.port)
        for piece in (b"GET /api/games HTTP/1.1\r\n", b"Host: x\r\n", b"Connection: close\r\n", b"\r\n"):
            sock.sendall(piece)
            time.sleep(0.3)
        status, _headers, body, _closed = reply(sock)
        assert status == 200 and body is not None and body["games"]


def test_a_kept_alive_connection_gets_a_new_head_limit_after_each_response(tmp_path: Path) -> None:
    with server(tmp_path, head_seconds=1.0, keep_alive_seconds=30) as running, \
            httpx.Client(base_url=running.url) as client:
        for _ in range(3):  # spaced beyond the head limit: each new request is on time from its response
            assert client.get("/api/games").status_code == 200
            time.sleep(0.5)
        sock = connect(running.port, first=b"GET /api/games HTTP/1.1\r\nHost: x\r\n\r\n")
        data = b""
        while b"\r\n\r\n" not in data:
            data += sock.recv(65536)
        assert data.startswith(b"HTTP/1.1 200")
        head, _, body = data.partition(b"\r\n\r\n")
        length = int(next(line for line in head.split(b"\r\n") if line.lower().startswith(b"content-length"))
                     .split(b":")[1])
        while len(body) < length:  # the whole answer, so that what follows is the next reply
            body += sock.recv(65536)
        status, _headers, _body, closed = reply(sock)  # no next head within its limit after the response
        assert status == 408 and closed < 10


def test_a_request_head_over_its_size_is_refused(tmp_path: Path) -> None:
    with server(tmp_path, head_bytes=8 * 1024) as running:
        sock = connect(running.port, first=b"GET /api/games HTTP/1.1\r\nHost: x\r\n")
        with_room = b"X-Pad: " + b"a" * 4000 + b"\r\n"
        try:
            for _ in range(4):
                sock.sendall(with_room)
        except OSError:  # closed while sending: the reply was written first
            pass
        status, _headers, body, _closed = reply(sock)
        assert status == 431 and body is not None and body["error"] == "head_too_large"
        assert "8 KiB" in body["message"]["en"]


# --- caps ------------------------------------------------------------------------------------------
def test_one_address_holds_a_bounded_number_of_http_connections(tmp_path: Path) -> None:
    with server(tmp_path, head_seconds=30.0) as running:
        held = [connect(running.port, first=b"GET / HTTP/1.1\r\n") for _ in range(SHORT.per_address)]
        time.sleep(0.2)
        extra = connect(running.port)
        status, headers, body, closed = reply(extra)
        assert status == 429 and int(headers["retry-after"]) >= 1 and closed < 5
        assert body is not None and body["error"] == "too_many_connections" and "8" in body["message"]["fr"]
        assert honest(running.url) < 10  # another address is served meanwhile
        held.pop().close()  # a place comes back once a connection closes
        time.sleep(0.2)
        again = connect(running.port, first=b"GET /api/games HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        assert reply(again)[0] == 200
        for sock in held:
            sock.close()


def test_websockets_leave_the_http_count_once_upgraded(tmp_path: Path) -> None:
    with server(tmp_path, per_address=2) as running:
        room = httpx.post(f"{running.url}/api/rooms", json={"game": "take"}).json()
        sockets = [RawSocket(running.port, f"/ws/rooms/{room['code']}") for _ in range(4)]
        assert [sock.status for sock in sockets] == [101] * 4  # the app's own cap (64) applies to them
        for sock in sockets:
            sock.send_text('{"type": "hello", "token": null}')
            assert sock.next_frame()[0] == 1  # a state: the socket lives past the HTTP head limit
        time.sleep(1.5)
        assert honest(running.url) < 10
        for sock in sockets:
            sock.send_text('{"type": "ping", "id": 1}')
        for sock in sockets:
            sock.close()


def test_a_trusted_proxy_is_not_capped_as_one_address(tmp_path: Path) -> None:
    with server(tmp_path, per_address=2, head_seconds=30.0, trusted=("127.0.0.2/32",)) as running:
        held = [connect(running.port, source="127.0.0.2", first=b"GET / HTTP/1.1\r\n") for _ in range(6)]
        last = connect(running.port, source="127.0.0.2",
                       first=b"GET /api/games HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        assert reply(last)[0] == 200
        for sock in held:
            sock.close()


def test_the_server_keeps_descriptors_in_reserve_past_its_total(tmp_path: Path) -> None:
    with server(tmp_path, total=12, head_seconds=30.0) as running:
        held = [connect(running.port, source=f"127.0.1.{index}", first=b"GET / HTTP/1.1\r\n") for index in range(12)]
        time.sleep(0.2)
        status, headers, body, _closed = reply(connect(running.port, source="127.0.2.1"))
        assert status == 503 and body is not None and body["error"] == "server_full" and headers["retry-after"]
        for sock in held:
            sock.close()
        time.sleep(0.3)
        assert honest(running.url) < 10  # and it serves again once they are gone


def test_the_default_total_follows_the_open_files_limit() -> None:
    assert default_total() == max(64, open_files_limit() - 256)
    assert ConnectionLimits().total == default_total()


def test_meeple_serve_caps_the_connections_of_one_address(tmp_path: Path) -> None:
    """The real ``meeple serve``, its defaults: a slowloris from one address gets 64 connections, the rest
    are refused at once, and another address is served as usual meanwhile."""
    live = LiveServer(tmp_path / "rooms.sqlite3").start()
    try:
        held, refused = [], 0
        for _ in range(200):
            sock = connect(live.port, source="127.0.0.3", first=b"GET /api/games HTTP/1.1\r\nHost: x\r\n")
            held.append(sock)
        time.sleep(0.5)
        for sock in held:
            sock.setblocking(False)
            with contextlib.suppress(BlockingIOError):  # still held, waiting for the rest of its head
                refused += sock.recv(64).startswith(b"HTTP/1.1 429")
        assert refused == 200 - 64
        assert honest(live.url) < 10
        for sock in held:
            sock.close()
    finally:
        live.stop()
