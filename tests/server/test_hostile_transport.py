"""The server's doors against a hostile client (issue 11, part A): one test per attack on the transport.

Each test was written first against the unprotected server, where it failed, then the server was fixed.
What an in-process test client cannot show (a peer that stops reading, a chunked body) runs against
uvicorn itself (:func:`tests.server.hostile_client.thread_server`).
"""

from __future__ import annotations

import asyncio
import gc
import json
import logging
import re
import time
import tracemalloc
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from meeple.cli import main
from meeple.core.i18n import set_language
from meeple.server import websocket as websocket_module
from meeple.server.app import create_app
from meeple.server.clients import MAX_OUTBOX_MESSAGES, Client
from meeple.server.transport import MAX_BODY_BYTES, MAX_JSON_DEPTH, ORIGINS_ENV, ClientLog, client_log
from tests.server.conftest import as_seat, create, room_socket, test_registry
from tests.server.hostile_client import RawSocket, thread_server


@pytest.fixture(autouse=True)
def _fresh_log_limiter() -> Iterator[None]:
    """Each test starts with no log lines counted against its client."""
    client_log.forget()
    yield
    client_log.forget()


def _server_records(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [record for record in caplog.records if record.name.startswith(("meeple", "uvicorn"))]


def _wait_for(condition: Callable[[], bool], seconds: float = 60.0) -> bool:
    """Whether ``condition`` came true within ``seconds`` (a bound for a hung server, not a speed test)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return False


# --- a client that never reads ---------------------------------------------------------------------
def test_a_client_that_never_reads_is_disconnected_and_its_memory_comes_back(tmp_path: Path) -> None:
    with thread_server(tmp_path) as server:
        room = httpx.post(f"{server.url}/api/rooms", json={"game": "take", "options": {"pile": 9}}).json()
        service = server.app.state.service
        tracemalloc.start()
        try:
            before = tracemalloc.get_traced_memory()[0]
            attacker = RawSocket(server.port, f"/ws/rooms/{room['code']}")
            attacker.send_text('{"type": "hello", "token": null}')
            # pings whose 8 kB ids come back in the pongs, 200 at a time (1.6 MB of replies) until the server
            # lets go of the client (on a loaded machine the server reads them slowly: no fixed count)
            pings = RawSocket.frame(json.dumps({"type": "ping", "id": "x" * 8000}).encode()) * 200
            attached = lambda: bool(service.rooms[room["code"]].clients)  # noqa: E731
            assert _wait_for(attached), "the hello did not attach the client"
            deadline = time.monotonic() + 60
            while attached() and time.monotonic() < deadline:
                attacker.send_many(pings, seconds=1)
            assert _wait_for(lambda: not attached(), 10), "the silent client is still attached"
            gc.collect()
            grown = tracemalloc.get_traced_memory()[0] - before
        finally:
            tracemalloc.stop()
        assert grown < 4 * 1024 * 1024, f"the server kept {grown / 1e6:.1f} MB for a client it dropped"
        code, reason, _frames = attacker.close_code()  # what it missed, then the close frame
        assert code == 1008 and "unread" in reason
        attacker.close()
        # the room itself is unharmed
        assert httpx.get(f"{server.url}/api/rooms/{room['code']}").json()["view"]["pile"] == 9


def test_an_outbox_keeps_only_the_newest_state_and_drops_a_client_too_far_behind() -> None:
    async def scenario() -> None:
        sent: list[str] = []
        gate = asyncio.Event()

        async def slow_send(text: str) -> None:
            await gate.wait()
            sent.append(text)

        client = Client((0,), slow_send)
        writer = asyncio.create_task(client.run_writer())
        client.push_state('{"type":"state","version":0}')
        await asyncio.sleep(0)  # the writer takes state 0 and waits for the reader
        for version in range(1, 2000):  # a burst of moves while the reader is slow
            client.push_state(f'{{"type":"state","version":{version}}}')
        client.push({"type": "ack", "id": 1, "version": 1999})
        assert client.queued[0] == 2 and not client.overflowed.is_set()
        gate.set()
        client.close()
        await writer
        assert [json.loads(text)["version"] for text in sent] == [0, 1999, 1999]
        assert json.loads(sent[1])["type"] == "state"  # never an ack before a state as new as it

        stuck = Client((), lambda text: asyncio.Event().wait())
        for number in range(MAX_OUTBOX_MESSAGES + 1):
            stuck.push({"type": "pong", "id": number})
        assert stuck.overflowed.is_set() and stuck.queued == (0, 0)

    asyncio.run(scenario())


# --- HTTP bodies -----------------------------------------------------------------------------------
def test_a_body_over_the_limit_is_refused_before_it_is_parsed(client: TestClient) -> None:
    body = json.dumps({"game": "take", "options": {"pad": "x" * MAX_BODY_BYTES}}).encode()
    response = client.post("/api/rooms", content=body, headers={"content-type": "application/json"})
    assert response.status_code == 413
    assert response.json()["error"] == "too_large"
    kib = MAX_BODY_BYTES // 1024
    assert f"{kib} kio" in response.json()["message"]["fr"] and f"{kib} KiB" in response.json()["message"]["en"]
    assert client.post("/api/rooms", json={"game": "take"}).status_code == 200  # a normal body still goes


def test_a_chunked_body_without_length_is_cut_at_the_limit(tmp_path: Path) -> None:
    def chunks() -> Iterator[bytes]:
        yield b'{"game": "take", "options": {"pad": "'
        for _ in range(2 * MAX_BODY_BYTES // 65536):
            yield b"x" * 65536
        yield b'"}}'

    with thread_server(tmp_path) as server:
        response = httpx.post(f"{server.url}/api/rooms", content=chunks(), headers={"content-type": "application/json"})
        assert "content-length" not in response.request.headers
        assert response.status_code == 413 and response.json()["error"] == "too_large"


# --- binary frames and absurd JSON -----------------------------------------------------------------
def test_a_binary_frame_gets_a_clean_close_and_one_log_line(client: TestClient,
                                                            caplog: pytest.LogCaptureFixture) -> None:
    room = create(client, game="take")
    with room_socket(client, room["code"]) as socket:
        assert socket.receive_json()["type"] == "state"
        socket.send_bytes(b"\x00\x01 not text")
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:
                socket.receive_text()
    assert closed.value.code == 1003
    records = _server_records(caplog)
    assert len(records) == 1 and "binary" in records[0].getMessage() and not records[0].exc_info


@pytest.mark.parametrize(("text", "words"), [
    ("[" * 20000 + "]" * 20000, "nested too deep"),
    ('{"type": "ping", "id": ' + "[" * (MAX_JSON_DEPTH + 1) + "]" * (MAX_JSON_DEPTH + 1) + "}", "nested too deep"),
    ('{"type": "move", "version": ' + "9" * 5000 + ', "move": 1}', "integer too large"),
    ('{"type": "move", "version": 0, "move": NaN}', "not a JSON number"),
    ('{"type": "move", "version": 0, "move": 1e999}', "number out of range"),
])
def test_absurd_json_on_the_websocket_gets_an_error_reply_not_a_traceback(
        client: TestClient, caplog: pytest.LogCaptureFixture, text: str, words: str) -> None:
    room = create(client, game="take")
    with room_socket(client, room["code"], room["token"]) as socket:
        assert socket.receive_json()["type"] == "state"
        socket.send_text(text)
        reply = socket.receive_json()
        assert reply["error"] == "malformed" and words in reply["message"]["en"], reply
        socket.send_json({"type": "ping", "id": 7})  # the connection goes on
        assert socket.receive_json() == {"type": "pong", "id": 7}
    assert not any(record.exc_info for record in caplog.records)
    assert client.get(f"/api/rooms/{room['code']}").json()["version"] == 0


def test_log_lines_about_one_client_are_rate_limited(client: TestClient, caplog: pytest.LogCaptureFixture) -> None:
    room = create(client, game="take")
    with room_socket(client, room["code"]) as socket:
        assert socket.receive_json()["type"] == "state"
        for _ in range(50):
            socket.send_text("[" * 20000)
            assert socket.receive_json()["error"] == "malformed"
    assert 1 <= len(_server_records(caplog)) <= client_log.burst


def test_the_log_limiter_says_how_many_lines_it_left_out(caplog: pytest.LogCaptureFixture) -> None:
    now = [0.0]
    limiter = ClientLog(logging.getLogger("meeple.server"), burst=2, period=60.0, clock=lambda: now[0])
    written = [limiter.warning("1.2.3.4", "line %d", number) for number in range(5)]
    assert written == [True, True, False, False, False]
    assert limiter.warning("5.6.7.8", "another client")  # every client has its own share
    now[0] = 61.0
    assert limiter.warning("1.2.3.4", "later")
    assert "3 similar line(s)" in caplog.records[-1].getMessage()


@pytest.mark.parametrize("depth", [20000, 500, MAX_JSON_DEPTH + 1])
def test_deeply_nested_json_over_http_is_a_clean_client_error(client: TestClient, caplog: pytest.LogCaptureFixture,
                                                              depth: int) -> None:
    body = '{"game": "take", "options": {"x": ' + '{"a": ' * depth + "1" + "}" * depth + "}}"
    response = client.post("/api/rooms", content=body, headers={"content-type": "application/json"})
    assert response.status_code in (400, 422)
    error = response.json()
    assert error["type"] == "error" and error["error"] == "malformed"
    assert error["message"]["fr"] != error["message"]["en"] and "nested too deep" in error["message"]["en"]
    assert not any(record.exc_info for record in caplog.records)


def test_numbers_out_of_range_over_http_are_refused(client: TestClient) -> None:
    huge = client.post("/api/rooms", content='{"game": "take", "seed": ' + "9" * 5000 + "}",
                       headers={"content-type": "application/json"})
    assert huge.status_code == 400 and huge.json()["error"] == "malformed"
    big = client.post("/api/rooms", json={"game": "take", "options": {"pile": 10**30}})
    assert big.status_code == 422 and "integer too large" in big.json()["message"]["en"]


# --- headers ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("path", ["/", "/static/app.js", "/static/app.css", "/api/games", "/api/rooms/NOPE",
                                  "/no/such/page"])
def test_every_response_carries_the_security_headers(client: TestClient, path: str) -> None:
    headers = client.get(path).headers
    policy = headers["content-security-policy"]
    assert "script-src 'self'" in policy and "unsafe-inline" not in policy and "frame-ancestors 'none'" in policy
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["x-frame-options"] == "DENY"
    assert headers["referrer-policy"] == "no-referrer"



# --- origins ---------------------------------------------------------------------------------------
def _first_reply_and_close(socket: Any) -> tuple[dict[str, Any], int]:
    """The one error a refused connection gets, and its close code."""
    error = socket.receive_json()
    with pytest.raises(WebSocketDisconnect) as closed:
        socket.receive_json()
    return error, closed.value.code


def test_a_page_of_another_site_cannot_open_a_room_socket(client: TestClient, caplog: pytest.LogCaptureFixture) -> None:
    room = create(client, game="take")
    with client.websocket_connect(f"/ws/rooms/{room['code']}", headers={"origin": "https://evil.example"}) as socket:
        error, code = _first_reply_and_close(socket)
    assert code == 4403 and error["error"] == "origin_refused" and "evil.example" in error["message"]["en"]
    assert "--allow-origin" in error["message"]["fr"]
    assert [record.getMessage() for record in _server_records(caplog) if "origin" in record.getMessage()]


@pytest.mark.parametrize("origin", ["http://testserver", "HTTP://TESTSERVER", "https://testserver"])
def test_the_servers_own_origin_is_accepted(client: TestClient, origin: str) -> None:
    room = create(client, game="take")
    with room_socket(client, room["code"], room["token"], headers={"origin": origin}) as socket:
        assert socket.receive_json()["seats"] == [0, 1]


def test_a_configured_origin_is_accepted(db_url: str, clock: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ORIGINS_ENV, "https://games.example.org, https://other.example")
    app = create_app(db_url, test_registry(), ai_delay=0.0, clock=clock, origins=["https://play.example:8443"])
    with TestClient(app) as client:
        room = create(client, game="take")
        for origin in ("https://play.example:8443", "https://games.example.org", "https://other.example"):
            with room_socket(client, room["code"], headers={"origin": origin}) as socket:
                assert socket.receive_json()["type"] == "state"
        for origin in ("https://play.example", "http://games.example.org", "null"):
            with client.websocket_connect(f"/ws/rooms/{room['code']}", headers={"origin": origin}) as socket:
                assert _first_reply_and_close(socket)[1] == 4403


def test_serve_refuses_a_malformed_origin_in_one_line(capsys: pytest.CaptureFixture[str],
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "250")
    try:
        assert main(["--lang", "en", "serve", "--allow-origin", "evil.example/path"]) == 2
    finally:
        set_language("fr")
    error = capsys.readouterr().err.strip()
    assert "invalid origin 'evil.example/path'" in error and len(error.splitlines()) == 1


def test_one_address_holds_a_bounded_number_of_websockets(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(websocket_module, "MAX_SOCKETS_PER_ADDRESS", 3)
    room = create(client, game="take")
    with ExitStack() as stack:
        for _ in range(3):
            socket = stack.enter_context(room_socket(client, room["code"]))
            assert socket.receive_json()["type"] == "state"
        with client.websocket_connect(f"/ws/rooms/{room['code']}") as fourth:
            error, code = _first_reply_and_close(fourth)
        assert code == 4429 and error["error"] == "too_many_connections" and error["retry_after"] > 0
        assert "3" in error["message"]["en"]
    with room_socket(client, room["code"]) as again:  # closing them gave the places back
        assert again.receive_json()["type"] == "state"


# --- the seat token ----------------------------------------------------------------------------------
def test_a_token_in_the_websocket_address_is_refused(client: TestClient) -> None:
    room = create(client, game="take")
    with client.websocket_connect(f"/ws/rooms/{room['code']}?token={room['token']}") as socket:
        error, code = _first_reply_and_close(socket)
    assert code == 4400 and error["error"] == "token_in_url" and "hello" in error["message"]["en"]


def test_the_token_in_the_first_message_gives_the_seat(client: TestClient) -> None:
    room = create(client, game="take", options={"pile": 5})
    with room_socket(client, room["code"], room["token"]) as socket:
        state = socket.receive_json()
        assert state["seats"] == [0, 1] and state["legal"] == [1, 2, 3]
        socket.send_json({"type": "move", "id": 1, "version": 0, "move": 2})
        while (reply := socket.receive_json())["type"] == "state":
            pass
        assert reply == {"type": "ack", "id": 1, "version": 1}
    with room_socket(client, room["code"]) as watcher:  # no token: a spectator
        assert watcher.receive_json()["seats"] == []
    with room_socket(client, room["code"], "not-a-token") as stranger:
        assert stranger.receive_json()["error"] == "bad_token"


def test_reading_a_room_over_http_takes_the_token_in_a_header_never_in_the_address(client: TestClient) -> None:
    room = create(client, game="take", options={"pile": 5})
    in_url = client.get(f"/api/rooms/{room['code']}", params={"token": room["token"]})
    assert in_url.status_code == 400 and in_url.json()["error"] == "token_in_url"
    assert "Authorization" in in_url.json()["message"]["en"]
    seated = client.get(f"/api/rooms/{room['code']}", headers=as_seat(room["token"])).json()
    assert seated["seats"] == [0, 1] and seated["legal"] == [1, 2, 3]
    assert client.get(f"/api/rooms/{room['code']}").json()["seats"] == []


@pytest.mark.parametrize("first", [{"type": "ping", "id": 1}, {"type": "hello", "token": 42},
                                   {"type": "hello", "token": "x" * 1000}, [1, 2], "not json {"])
def test_a_connection_that_does_not_start_with_a_hello_is_closed(client: TestClient, first: Any) -> None:
    room = create(client, game="take")
    with client.websocket_connect(f"/ws/rooms/{room['code']}") as socket:
        socket.send_text(first if isinstance(first, str) else json.dumps(first))
        error, code = _first_reply_and_close(socket)
    assert code == 4400 and error["error"] == "hello_expected"


# --- the API's documentation ------------------------------------------------------------------------
def test_the_docs_page_loads_nothing_from_another_site(client: TestClient) -> None:
    page = client.get("/docs")
    assert page.status_code == 200
    sources = re.findall(r'(?:src|href)="([^"]+)"', page.text)
    assert sources and all(source.startswith(("/", "data:")) for source in sources), sources
    assert "<script>" not in page.text  # no inline script: the policy allows none
    assert "script-src 'self'" in page.headers["content-security-policy"]
    for source in sources:
        if source.startswith("/"):
            assert client.get(source).status_code == 200, source
    assert client.get("/openapi.json").json()["info"]["title"] == "meeple"
    assert client.get("/redoc").status_code == 404  # ReDoc would load from a CDN: not served


def test_the_docs_can_be_switched_off(db_url: str, clock: Any) -> None:
    with TestClient(create_app(db_url, test_registry(), ai_delay=0.0, clock=clock, docs=False)) as client:
        assert client.get("/docs").status_code == 404
        assert client.get("/openapi.json").status_code == 404
        assert client.get("/api/games").status_code == 200
