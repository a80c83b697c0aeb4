"""Moves, undos and stale moves have a rate (issue 26, item 4): a socket that replays changes as fast as it
can (3 000 in 20 s, each drawing every client's view) meets a per-seat limit, then a per-address one;
every message counts, whether it is played, stale or illegal; the refusal says when to come back and
changes nothing; another seat, another room and another address are not touched."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from fastapi.testclient import TestClient

from meeple.server.app import create_app
from meeple.server.fairuse import Limits, Rate
from tests.server.conftest import ManualClock, create, room_socket, test_registry


@contextmanager
def server(db_url: str, clock: ManualClock, **limits: Any) -> Iterator[TestClient]:
    """A server whose limits differ from the defaults by ``limits``; the test client is a trusted proxy,
    so that ``X-Forwarded-For`` chooses the address a request comes from."""
    chosen = Limits(**{"trusted_proxies": ("testclient",), **limits})
    with TestClient(create_app(db_url, test_registry(), ai_delay=0.0, clock=clock, limits=chosen)) as client:
        yield client


def replies(socket: Any, count: int) -> list[dict[str, Any]]:
    """The next ``count`` replies (acks and errors; states skipped)."""
    found: list[dict[str, Any]] = []
    while len(found) < count:
        message = socket.receive_json()
        if message["type"] != "state":
            found.append(message)
    return found


def test_a_socket_flooding_moves_meets_its_seats_limit(db_url: str, clock: ManualClock) -> None:
    limit = Limits().moves
    with server(db_url, clock) as client:
        room = create(client, game="take", options={"pile": 500})
        with room_socket(client, room["code"], room["token"]) as socket:
            for version in range(limit.count + 20):  # sent at once, each for the version it will find
                socket.send_json({"type": "move", "id": version, "version": version, "move": 1})
            got = replies(socket, limit.count + 20)
            assert [reply["type"] for reply in got[:limit.count]] == ["ack"] * limit.count
            refused = got[limit.count:]
            assert {reply["error"] for reply in refused} == {"rate_limited"}
            assert all(reply["retry_after"] >= 1 for reply in refused)
            assert "pour cette place" in refused[0]["message"]["fr"] and "for this seat" in refused[0]["message"]["en"]
            assert client.get(f"/api/rooms/{room['code']}").json()["version"] == limit.count  # nothing else played
            clock.advance(limit.seconds / limit.count)  # one token back
            socket.send_json({"type": "move", "id": "later", "version": limit.count, "move": 1})
            assert replies(socket, 1)[0] == {"type": "ack", "id": "later", "version": limit.count + 1}


def test_stale_and_illegal_moves_count_too(db_url: str, clock: ManualClock) -> None:
    with server(db_url, clock, moves=Rate(5, 10)) as client:
        room = create(client, game="take", options={"pile": 50})
        with room_socket(client, room["code"], room["token"]) as socket:
            for index in range(3):
                socket.send_json({"type": "move", "id": index, "version": 99, "move": 1})  # stale
            socket.send_json({"type": "move", "id": 3, "version": 0, "move": 7})  # illegal: take 1-3
            socket.send_json({"type": "undo", "id": 4, "version": 0})  # nothing to undo
            socket.send_json({"type": "move", "id": 5, "version": 0, "move": 1})  # the sixth message
            got = replies(socket, 6)
            assert [reply.get("error") for reply in got] == ["stale", "stale", "stale", "illegal", "no_undo",
                                                             "rate_limited"]


def test_another_room_is_not_touched_but_the_address_has_a_limit_of_its_own(db_url: str, clock: ManualClock) -> None:
    with server(db_url, clock, moves=Rate(10, 10), moves_per_address=Rate(15, 60)) as client:
        first = create(client, game="take", options={"pile": 100})
        second = create(client, game="take", options={"pile": 100})
        other = create(client, game="take", options={"pile": 100})
        address = {"X-Forwarded-For": "198.51.100.1"}

        def move(room: dict[str, Any], version: int, headers: dict[str, str]) -> Any:
            return client.post(f"/api/rooms/{room['code']}/moves", json={"token": room["token"], "version": version,
                                                                         "move": 1}, headers=headers)

        assert [move(first, version, address).status_code for version in range(11)] == [200] * 10 + [429]
        # the same address in another room: its seat has tokens, the address 5 more
        statuses = [move(second, version, address).status_code for version in range(6)]
        assert statuses == [200] * 5 + [429]
        refused = move(second, 5, address)
        assert "depuis votre adresse" in refused.json()["message"]["fr"] and int(refused.headers["Retry-After"]) >= 1
        # another address is served as usual
        assert move(other, 0, {"X-Forwarded-For": "203.0.113.50"}).status_code == 200


def test_an_undo_over_http_spends_the_seats_tokens(db_url: str, clock: ManualClock) -> None:
    with server(db_url, clock, moves=Rate(3, 60)) as client:
        room = create(client, game="take", options={"pile": 20})
        body = {"token": room["token"]}
        assert client.post(f"/api/rooms/{room['code']}/moves", json={**body, "version": 0, "move": 1}).status_code == 200
        assert client.post(f"/api/rooms/{room['code']}/undo", json={**body, "version": 1}).status_code == 200
        assert client.post(f"/api/rooms/{room['code']}/moves", json={**body, "version": 2, "move": 2}).status_code == 200
        refused = client.post(f"/api/rooms/{room['code']}/undo", json={**body, "version": 3})
        assert refused.status_code == 429 and refused.json()["error"] == "rate_limited"
        assert client.get(f"/api/rooms/{room['code']}").json()["version"] == 3  # the refused undo changed nothing
