"""Rooms over HTTP and websockets: moves checked by the engine, bad messages refused, views per seat."""

from __future__ import annotations

import json
from typing import Any

from fastapi.testclient import TestClient

from tests.server.conftest import ManualClock, create, room_socket
from tests.server.hidden_cards import deal


def _receive_state(socket: Any, version: int | None = None) -> dict[str, Any]:
    """The next state message (at ``version`` if given), skipping acks and answers."""
    while True:
        message = socket.receive_json()
        if message["type"] == "state" and (version is None or message["version"] == version):
            return dict(message)


def _receive(socket: Any, kind: str) -> dict[str, Any]:
    while True:
        message = socket.receive_json()
        if message["type"] == kind:
            return dict(message)


def test_lobby_lists_the_registered_games(client: TestClient) -> None:
    games = client.get("/api/games").json()["games"]
    assert [game["name"] for game in games] == ["take", "hidden-cards"]
    assert games[0]["title"] == {"fr": "Prendre", "en": "Take"}
    assert games[0]["timer"] is True


def test_a_local_game_is_played_to_the_end_over_the_websocket(client: TestClient) -> None:
    room = create(client, game="take", options={"pile": 5})
    assert len(room["code"]) == len("ABCD-EFGH-JK") and room["seats"] == [0, 1]
    with room_socket(client, room["code"], room["token"]) as socket:
        state = _receive_state(socket)
        assert state["view"] == {"pile": 5, "to_move": 0} and state["legal"] == [1, 2, 3]
        socket.send_json({"type": "move", "id": 1, "version": 0, "move": 3})
        assert _receive(socket, "ack") == {"type": "ack", "id": 1, "version": 1}
        socket.send_json({"type": "move", "id": 2, "version": 1, "move": 2})
        final = _receive_state(socket, 2)
        assert final["outcome"]["winners"] == [1] and final["to_move"] is None and final["legal"] is None


def test_bad_messages_get_an_error_and_change_nothing(client: TestClient) -> None:
    room = create(client, game="take", options={"pile": 9}, mode="online")
    joined = client.post(f"/api/rooms/{room['code']}/join", json={"name": "Bea"}).json()
    with room_socket(client, room["code"], room["token"]) as first, \
            room_socket(client, room["code"], joined["token"]) as second:
        _receive_state(first)
        _receive_state(second)
        cases = [
            (first, "{not json", "malformed"),
            (first, json.dumps([1, 2]), "malformed"),
            (first, json.dumps({"type": "dance"}), "malformed"),
            (first, json.dumps({"type": "move", "version": 1}), "malformed"),
            (second, json.dumps({"type": "move", "version": 1, "move": 1}), "not_your_turn"),
            (first, json.dumps({"type": "move", "version": 1, "move": 4}), "illegal"),
            (first, json.dumps({"type": "move", "version": 1, "move": "two"}), "illegal"),
            (first, json.dumps({"type": "move", "version": 0, "move": 1}), "stale"),  # before the seat was taken
            (first, json.dumps({"type": "move", "version": "1", "move": 1}), "malformed"),
            (first, json.dumps({"type": "undo", "version": 1}), "no_undo"),
        ]
        for socket, text, code in cases:
            socket.send_text(text)
            error = _receive(socket, "error")
            assert error["error"] == code, (text, error)
            assert error["message"]["fr"] and error["message"]["en"]
        first.send_json({"type": "move", "id": 7, "version": 1, "move": 1})
        assert _receive(first, "ack")["version"] == 2
        first.send_json({"type": "move", "id": 7, "version": 1, "move": 1})  # the same message, replayed
        assert _receive(first, "error")["error"] == "stale"
    state = client.get(f"/api/rooms/{room['code']}").json()
    assert state["view"]["pile"] == 8 and state["version"] == 2 and state["moves"] == 1


def test_http_moves_are_checked_like_websocket_ones(client: TestClient) -> None:
    room = create(client, game="take", options={"pile": 6})
    code, token = room["code"], room["token"]
    assert client.post(f"/api/rooms/{code}/moves", json={"token": "nope", "version": 0, "move": 1}).status_code == 403
    assert client.post(f"/api/rooms/{code}/moves", json={"token": token, "version": 0, "move": 9}).status_code == 400
    assert client.post(f"/api/rooms/{code}/moves", json={"token": token, "version": 0, "move": 2}).json() == {"version": 1}
    assert client.get(f"/api/rooms/{code}").json()["view"]["pile"] == 4
    missing = client.get("/api/rooms/ZZZZZZ")
    assert missing.status_code == 404 and missing.json()["error"] == "unknown_room"
    bad = client.post("/api/rooms", json={"game": "chess"})
    assert bad.status_code == 404 and "chess" in bad.json()["message"]["en"]
    bad_option = client.post("/api/rooms", json={"game": "take", "options": {"pile": -2}})
    assert bad_option.status_code == 400 and "pile" in bad_option.json()["message"]["en"]


def test_joining_fills_open_seats_then_refuses(client: TestClient) -> None:
    room = create(client, game="take", mode="online")
    code = room["code"]
    joined = client.post(f"/api/rooms/{code}/join", json={"name": "Bea"}).json()
    assert joined["seat"] == 1
    assert joined["state"]["players"][1]["name"] == "Bea"
    full = client.post(f"/api/rooms/{code}/join", json={})
    assert full.status_code == 409 and full.json()["error"] == "room_full"
    taken = client.post(f"/api/rooms/{code}/join", json={"seat": 0})
    assert taken.status_code == 409 and taken.json()["error"] == "seat_taken"
    lower = client.post(f"/api/rooms/{code.lower()}/join", json={})
    assert lower.json()["error"] == "room_full"  # codes are read case-insensitively


def test_no_seat_ever_sees_another_seats_hidden_cards(client: TestClient) -> None:
    room = create(client, game="hidden-cards", mode="online")
    code = room["code"]
    joined = client.post(f"/api/rooms/{code}/join", json={}).json()
    seed_hands = None
    with room_socket(client, code, room["token"]) as first, \
            room_socket(client, code, joined["token"]) as second, \
            room_socket(client, code) as watcher:
        texts: dict[str, list[str]] = {"first": [], "second": [], "watcher": []}
        sockets = {"first": first, "second": second, "watcher": watcher}
        states = {name: _receive_state(socket) for name, socket in sockets.items()}
        seed_hands = [states["first"]["view"]["hand"], states["second"]["view"]["hand"]]
        assert states["watcher"]["view"]["hand"] is None and states["watcher"]["legal"] is None
        assert states["second"]["legal"] is None  # not its turn: no list of its options either
        for turn in range(6):
            mover, name = (first, "first") if turn % 2 == 0 else (second, "second")
            card = states[name]["view"]["hand"][0]
            mover.send_json({"type": "move", "version": turn + 1, "move": card})  # the seat taken was change 1
            version = turn + 2
            for other, socket in sockets.items():
                while True:
                    text = socket.receive_text()
                    texts[other].append(text)
                    message = json.loads(text)
                    if message["type"] == "state" and message["version"] == version:
                        states[other] = message
                        break
        for name, own_hand in (("first", 0), ("second", 1), ("watcher", None)):
            played = set(states[name]["view"]["played"])
            for text in texts[name]:
                message = json.loads(text)
                visible_played = set(message.get("view", {}).get("played", []))
                hidden = [h for i, h in enumerate(seed_hands) if i != own_hand]
                for card in (c for hand in hidden for c in hand if c not in visible_played):
                    assert str(card) not in text, f"{name} saw card {card} before it was played"
            assert played == {c for hand in seed_hands for c in hand}
    answer = client.post(f"/api/rooms/{code}/query/my_hand", json={"token": joined["token"]}).json()
    assert answer == {"result": {"my_hand": []}}
    spectator = client.get(f"/api/rooms/{code}").json()
    assert spectator["view"]["hand"] is None and "seed" not in json.dumps(spectator)


def test_the_seed_never_reaches_a_client(client: TestClient) -> None:
    room = create(client, game="hidden-cards", mode="online")
    hands = room["state"]["view"]["hand"]
    assert "seed" not in json.dumps(room)
    # local games may choose their seed (to replay a deal), online ones may not
    assert client.post("/api/rooms", json={"game": "hidden-cards", "mode": "online", "seed": 4}).status_code == 400
    local = create(client, game="hidden-cards", seed=4)
    assert local["state"]["view"]["hand"] == deal(4)[0] and hands is not None


def test_an_ai_seat_plays_by_itself(client: TestClient) -> None:
    room = create(client, game="take", options={"pile": 7}, seats=[{"kind": "human"}, {"kind": "ai"}])
    with room_socket(client, room["code"], room["token"]) as socket:
        _receive_state(socket)
        socket.send_json({"type": "move", "version": 0, "move": 1})  # 6 left: the AI leaves 4
        state = _receive_state(socket, 2)
        assert state["view"]["pile"] == 4 and state["to_move"] == 0
        assert state["players"][1]["kind"] == "ai" and state["players"][1]["level"] == "perfect"


def test_undo_takes_back_the_ai_reply_and_your_move(client: TestClient) -> None:
    room = create(client, game="take", options={"pile": 7}, seats=[{"kind": "human"}, {"kind": "ai"}])
    with room_socket(client, room["code"], room["token"]) as socket:
        assert _receive_state(socket)["can_undo"] is False
        socket.send_json({"type": "move", "version": 0, "move": 1})
        assert _receive_state(socket, 2)["can_undo"] is True
        socket.send_json({"type": "undo", "version": 2})
        state = _receive_state(socket, 3)
        assert state["view"]["pile"] == 7 and state["moves"] == 0 and state["to_move"] == 0


def test_the_turn_timer_plays_the_time_out_transition(client: TestClient, clock: ManualClock) -> None:
    room = create(client, game="take", options={"pile": 9}, turn_seconds=60)
    assert room["state"]["time_left"] == 60
    code = room["code"]
    with room_socket(client, code, room["token"]) as socket:
        assert _receive_state(socket)["version"] == 0
        clock.advance(59.5)
        socket.send_json({"type": "ping", "id": 1})
        _receive(socket, "pong")
        waiting = client.get(f"/api/rooms/{code}").json()
        assert waiting["version"] == 0 and waiting["time_left"] == 0.5  # not yet: nothing happened
        clock.advance(0.5)
        state = _receive_state(socket, 1)
        assert state["view"]["pile"] == 8 and state["to_move"] == 1 and state["moves"] == 1
        assert state["time_left"] == 60  # the next seat's turn starts with the whole minute
    assert client.post("/api/rooms", json={"game": "hidden-cards", "turn_seconds": 60}).status_code == 400


def test_a_move_before_the_deadline_restarts_the_clock_for_the_next_seat(client: TestClient,
                                                                         clock: ManualClock) -> None:
    room = create(client, game="take", options={"pile": 9}, turn_seconds=30)
    code, token = room["code"], room["token"]
    clock.advance(29)
    assert client.post(f"/api/rooms/{code}/moves", json={"token": token, "version": 0, "move": 2}).json() == {"version": 1}
    clock.advance(29)  # past the first deadline, not the second: no time-out
    state = client.get(f"/api/rooms/{code}").json()
    assert state["version"] == 1 and state["time_left"] == 1 and state["view"]["pile"] == 7


def test_queries_reach_the_game_and_unknown_ones_are_refused(client: TestClient) -> None:
    room = create(client, game="take", options={"pile": 5})
    code = room["code"]
    answer = client.post(f"/api/rooms/{code}/query/pile", json={"token": room["token"]}).json()
    assert answer == {"result": {"pile": 5, "asked_by": 0}}
    unknown = client.post(f"/api/rooms/{code}/query/nothing", json={})
    assert unknown.status_code == 404 and unknown.json()["error"] == "unknown_query"
    with room_socket(client, code) as socket:
        socket.send_json({"type": "query", "id": 5, "name": "pile"})
        assert _receive(socket, "answer")["result"] == {"pile": 5, "asked_by": None}
        socket.send_json({"type": "query", "id": 6, "name": "broken"})  # a bug in the game: an error reply
        error = _receive(socket, "error")
        assert error["id"] == 6 and error["error"] == "internal" and "broken" in error["message"]["en"]
        socket.send_json({"type": "ping", "id": 7})  # and the connection is still there
        assert _receive(socket, "pong")["id"] == 7
    broken = client.post(f"/api/rooms/{code}/query/broken", json={})
    assert broken.status_code == 500 and broken.json()["error"] == "internal"


def test_resume_lists_the_rooms_of_the_tokens_kept(client: TestClient) -> None:
    first = create(client, game="take", options={"pile": 5})
    second = create(client, game="hidden-cards", mode="online")
    rooms = client.post("/api/resume", json={"tokens": [first["token"], second["token"], "stranger"]}).json()
    assert {room["code"] for room in rooms["rooms"]} == {first["code"], second["code"]}
    found: dict[str, Any] = {room["code"]: room for room in rooms["rooms"]}
    assert found[first["code"]]["seats"] == [0, 1] and found[second["code"]]["seats"] == [0]
    assert client.post("/api/resume", json={"tokens": ["stranger"]}).json() == {"rooms": []}


def test_presence_shows_who_is_connected(client: TestClient) -> None:
    room = create(client, game="take", mode="online")
    joined = client.post(f"/api/rooms/{room['code']}/join", json={}).json()
    with room_socket(client, room["code"], room["token"]) as socket:
        state = _receive_state(socket)
        assert [p["connected"] for p in state["players"]] == [True, False]
        with room_socket(client, room["code"], joined["token"]):
            assert [p["connected"] for p in _receive_state(socket)["players"]] == [True, True]
        assert [p["connected"] for p in _receive_state(socket)["players"]] == [True, False]
