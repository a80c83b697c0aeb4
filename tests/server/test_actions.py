"""Game actions (issue 23 item 4): resign, abort, a draw offered and answered, a takeback, a rematch; each
stored like a move (the version grows by one, a stale or replayed message changes nothing), refused with a
reason when it makes no sense, and refused to whoever holds no seat of the room."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from meeple.server.app import create_app
from meeple.server.fairuse import Limits
from meeple.server.rooms import RoomSpec, SeatSpec
from tests.server.conftest import ManualClock, create, room_socket, test_registry


def _post(client: TestClient, code: str, action: str, token: str, version: int, **body: Any) -> Any:
    return client.post(f"/api/rooms/{code}/{action}", json={"token": token, "version": version, **body})


def _ok(client: TestClient, code: str, action: str, token: str, version: int, **body: Any) -> dict[str, Any]:
    reply = _post(client, code, action, token, version, **body)
    assert reply.status_code == 200, reply.text
    return dict(reply.json())


def _refused(client: TestClient, code: str, action: str, token: str, version: int, **body: Any) -> tuple[int, str]:
    reply = _post(client, code, action, token, version, **body)
    error = reply.json()
    assert error["message"]["fr"] and error["message"]["en"], error  # a reason, in both languages
    return reply.status_code, error["error"]


def _state(client: TestClient, code: str, token: str | None = None) -> dict[str, Any]:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return dict(client.get(f"/api/rooms/{code}", headers=headers).json())


def _move(client: TestClient, code: str, token: str, version: int, move: int) -> int:
    reply = client.post(f"/api/rooms/{code}/moves", json={"token": token, "version": version, "move": move})
    assert reply.status_code == 200, reply.text
    return int(reply.json()["version"])


def _online(client: TestClient, pile: int = 12, **fields: Any) -> tuple[str, str, str]:
    """An online game of Take between Ana (seat 0) and Bea (seat 1), started: (code, Ana's, Bea's token)."""
    room = create(client, game="take", options={"pile": pile}, mode="online", seats=[{"name": "Ana"}], **fields)
    joined = client.post(f"/api/rooms/{room['code']}/join", json={"name": "Bea"}).json()
    return room["code"], room["token"], joined["token"]


def _receive(socket: Any, kind: str, **fields: Any) -> dict[str, Any]:
    while True:
        message = socket.receive_json()
        if message["type"] == kind and all(message.get(key) == value for key, value in fields.items()):
            return dict(message)


def _until(socket: Any, kinds: set[str]) -> dict[str, dict[str, Any]]:
    """The first message of each of ``kinds``, in whatever order they come."""
    seen: dict[str, dict[str, Any]] = {}
    while set(seen) != kinds:
        message = socket.receive_json()
        if message["type"] in kinds:
            seen.setdefault(message["type"], dict(message))
    return seen


# --- resign -------------------------------------------------------------------------------------
def test_a_resignation_ends_the_game_for_the_other_side_and_is_stored(client: TestClient, db_url: str,
                                                                    clock: ManualClock) -> None:
    code, ana, bea = _online(client)
    assert "resign" in _state(client, code, ana)["actions"]
    assert _ok(client, code, "resign", ana, 1) == {"version": 2}
    state = _state(client, code, bea)
    assert state["outcome"]["winners"] == [1] and state["outcome"]["reason"]["en"] == "Ana resigned"
    assert state["result"] == {"reason": "resign", "seat": 0, "scores": [0.0, 1.0]}
    assert state["to_move"] is None and state["time_left"] is None and state["actions"] == ["rematch"]
    bad = client.post(f"/api/rooms/{code}/moves", json={"token": bea, "version": 2, "move": 1})
    assert bad.status_code == 409 and bad.json()["error"] == "game_over"
    assert _refused(client, code, "resign", bea, 2) == (409, "game_over")
    client.close()  # the server stops; the ending is in the database, as the moves are
    with TestClient(create_app(db_url, test_registry(), ai_delay=0.0, clock=clock)) as again:
        kept = _state(again, code)
        assert kept["result"]["reason"] == "resign" and kept["outcome"]["winners"] == [1] and kept["version"] == 2


def test_actions_of_someone_holding_no_seat_or_a_stale_version_change_nothing(client: TestClient) -> None:
    code, ana, bea = _online(client)
    other_code, other_ana, _other_bea = _online(client)
    assert _refused(client, code, "resign", "forged-token-000000000", 1) == (403, "not_your_seat")
    assert _refused(client, code, "resign", other_ana, 1) == (403, "not_your_seat")  # another room's token
    assert _refused(client, code, "offer", other_ana, 1, offer="draw") == (403, "not_your_seat")
    assert _refused(client, code, "accept", "", 1) == (403, "not_your_seat")
    assert _refused(client, code, "resign", ana, 0) == (409, "stale")  # from before Bea took her seat
    assert _refused(client, code, "offer", ana, 1, offer="surrender") == (400, "malformed")
    assert _refused(client, code, "accept", bea, 1) == (409, "no_offer")
    assert _refused(client, code, "decline", bea, 1) == (409, "no_offer")
    with room_socket(client, code) as watcher:  # a spectator's messages
        _receive(watcher, "state")
        for message in ({"type": "resign", "id": 1, "version": 1},
                        {"type": "offer", "id": 2, "version": 1, "offer": "draw"},
                        {"type": "abort", "id": 3, "version": 1}):
            watcher.send_json(message)
            assert _receive(watcher, "error")["error"] == "not_your_seat"
    with room_socket(client, code, ana) as socket:
        _receive(socket, "state")
        socket.send_json({"type": "offer", "id": 4, "version": 1, "offer": "draw"})
        assert _receive(socket, "ack", id=4)["version"] == 2
        socket.send_json({"type": "offer", "id": 4, "version": 1, "offer": "draw"})  # the same message, replayed
        assert _receive(socket, "error", id=4)["error"] == "stale"
        socket.send_json({"type": "resign", "id": 5, "version": "2"})
        assert _receive(socket, "error", id=5)["error"] == "malformed"
    state = _state(client, code)
    assert state["version"] == 2 and state["result"] is None and state["offer"]["kind"] == "draw"
    assert _state(client, other_code)["version"] == 1  # the other room never moved


# --- draw ---------------------------------------------------------------------------------------
def test_a_draw_offered_over_the_websocket_and_accepted_by_the_other_side(client: TestClient) -> None:
    code, ana, bea = _online(client)
    with room_socket(client, code, ana) as first, room_socket(client, code, bea) as second:
        _receive(first, "state")
        _receive(second, "state")
        first.send_json({"type": "offer", "id": 1, "version": 1, "offer": "draw"})
        offered = _receive(second, "state", version=2)
        assert offered["offer"] == {"kind": "draw", "seat": 0, "waiting": [1], "ply": 0}
        assert "accept" in offered["actions"] and "decline" in offered["actions"]
        first.send_json({"type": "accept", "id": 2, "version": 2})
        assert _receive(first, "error", id=2)["error"] == "own_offer"
        first.send_json({"type": "offer", "id": 3, "version": 2, "offer": "draw"})
        assert _receive(first, "error", id=3)["error"] == "offer_pending"
        second.send_json({"type": "accept", "id": 4, "version": 2, "offer": "draw"})
        assert _receive(second, "ack", id=4)["version"] == 3
        final = _receive(first, "state", version=3)
    assert final["outcome"]["draw"] is True and final["outcome"]["reason"]["en"] == "draw by agreement"
    assert final["result"] == {"reason": "agreed_draw", "seat": 0, "scores": [0.5, 0.5]} and final["offer"] is None
    assert _refused(client, code, "offer", ana, 3, offer="draw") == (409, "game_over")  # offers in a finished game
    assert _refused(client, code, "offer", bea, 3, offer="takeback") == (409, "game_over")


def test_a_declined_draw_waits_for_a_move_and_moves_answer_offers(client: TestClient) -> None:
    code, ana, bea = _online(client, pile=30)
    _ok(client, code, "offer", ana, 1, offer="draw")
    _ok(client, code, "decline", bea, 2)
    assert _state(client, code)["offer"]["declined"] is True
    assert _refused(client, code, "offer", ana, 3, offer="draw") == (409, "offer_repeated")
    version = _move(client, code, ana, 3, 1)  # a move: the offer may be made again
    assert _state(client, code)["offer"] is None
    version = _ok(client, code, "offer", ana, version, offer="draw")["version"]
    version = _move(client, code, bea, version, 1)  # Bea plays on instead of answering: declined
    assert _state(client, code)["offer"] is None
    version = _ok(client, code, "offer", ana, version, offer="draw")["version"]
    version = _move(client, code, ana, version, 1)  # its author's own move keeps it
    assert _state(client, code)["offer"]["kind"] == "draw"
    version = _ok(client, code, "decline", ana, version)["version"]  # withdrawn by its author
    assert _refused(client, code, "accept", bea, version) == (409, "no_offer")


def test_offers_are_rate_limited_per_seat(client: TestClient, clock: ManualClock) -> None:
    code, ana, bea = _online(client, pile=60)
    version = 1
    for _round in range(3):  # three offers, each declined, a move of each side in between
        version = _ok(client, code, "offer", ana, version, offer="draw")["version"]
        version = _ok(client, code, "decline", bea, version)["version"]
        version = _move(client, code, ana, version, 1)
        version = _move(client, code, bea, version, 1)
    flood = _post(client, code, "offer", ana, version, offer="draw")
    assert flood.status_code == 429 and flood.json()["error"] == "rate_limited" and flood.json()["retry_after"] >= 1
    assert _state(client, code)["version"] == version  # nothing changed
    clock.advance(100)  # one more every 100 s
    _ok(client, code, "offer", ana, version, offer="draw")


def test_the_computer_does_not_agree_to_draws(client: TestClient) -> None:
    room = create(client, game="take", options={"pile": 12}, mode="online", seats=[{"kind": "human"}, {"kind": "ai"}])
    assert _refused(client, room["code"], "offer", room["token"], 0, offer="draw") == (409, "computer_declines")
    assert "draw" not in _state(client, room["code"], room["token"])["actions"]


# --- abort --------------------------------------------------------------------------------------
def test_abort_until_both_sides_moved_then_only_resign(client: TestClient) -> None:
    code, ana, bea = _online(client)
    version = _move(client, code, ana, 1, 1)
    assert "abort" in _state(client, code, bea)["actions"]  # Bea has not moved yet
    version = _move(client, code, bea, version, 1)
    assert "abort" not in _state(client, code, ana)["actions"]
    assert _refused(client, code, "abort", ana, version) == (409, "too_late_to_abort")
    second, ana2, bea2 = _online(client)
    _ok(client, second, "abort", bea2, 1)
    state = _state(client, second, ana2)
    assert state["result"] == {"reason": "aborted", "seat": 1, "scores": None}
    assert state["outcome"]["winners"] == [] and not state["outcome"]["draw"] and state["to_move"] is None
    # a room still waiting for its second player is aborted by its creator
    waiting = create(client, game="take", options={"pile": 5}, mode="online")
    assert _refused(client, waiting["code"], "resign", waiting["token"], 0) == (409, "waiting_for_players")
    _ok(client, waiting["code"], "abort", waiting["token"], 0)
    assert _state(client, waiting["code"])["outcome"] is not None
    late = client.post(f"/api/rooms/{waiting['code']}/join", json={"name": "Cy"})
    assert late.status_code == 409 and late.json()["error"] == "game_over"  # nobody joins an aborted room


# --- takeback -----------------------------------------------------------------------------------
def test_a_takeback_asked_and_granted_takes_back_the_move_and_its_answer(client: TestClient) -> None:
    code, ana, bea = _online(client, pile=20)
    assert _refused(client, code, "offer", ana, 1, offer="takeback") == (409, "nothing_to_take_back")
    version = _move(client, code, ana, 1, 3)
    version = _move(client, code, bea, version, 2)
    assert _state(client, code)["view"]["pile"] == 15
    version = _ok(client, code, "offer", ana, version, offer="takeback")["version"]
    version = _ok(client, code, "accept", bea, version)["version"]
    state = _state(client, code, ana)
    assert state["view"]["pile"] == 20 and state["moves"] == 0 and state["to_move"] == 0 and state["offer"] is None
    version = _move(client, code, ana, version, 1)  # play goes on from there
    version = _ok(client, code, "offer", ana, version, offer="takeback")["version"]
    version = _move(client, code, bea, version, 1)  # a move answers a takeback: gone
    assert _state(client, code)["offer"] is None and _state(client, code)["view"]["pile"] == 18


def test_no_takeback_in_a_rated_game_nor_in_a_local_one(client: TestClient) -> None:
    service = client.app.state.service  # type: ignore[attr-defined]
    spec = RoomSpec(game="take", options={"pile": 12}, mode="online", seats=[SeatSpec("human"), SeatSpec("open")],
                    rated=True)
    room, ana = client.portal.call(service.create_room, spec)  # type: ignore[union-attr]
    bea = client.post(f"/api/rooms/{room.code}/join", json={"name": "Bea"}).json()["token"]
    assert _state(client, room.code)["rated"] is True
    version = _move(client, room.code, ana, 1, 1)
    assert _refused(client, room.code, "offer", ana, version, offer="takeback") == (409, "rated_no_takeback")
    assert "takeback" not in _state(client, room.code, ana)["actions"]
    assert "takeback" not in _state(client, room.code, bea)["actions"]
    local = create(client, game="take", options={"pile": 12})
    version = _move(client, local["code"], local["token"], 0, 1)
    assert _refused(client, local["code"], "offer", local["token"], version, offer="takeback") == (409, "use_undo")


# --- rematch ------------------------------------------------------------------------------------
def test_a_rematch_swaps_the_seats_and_gives_each_player_its_new_token(client: TestClient) -> None:
    code, ana, bea = _online(client, turn_seconds=60)
    assert _refused(client, code, "offer", ana, 1, offer="rematch") == (409, "game_not_over")
    _ok(client, code, "resign", bea, 1)
    with room_socket(client, code, ana) as first, room_socket(client, code, bea) as second:
        _receive(first, "state")
        _receive(second, "state")
        first.send_json({"type": "offer", "id": 1, "version": 2, "offer": "rematch"})
        assert _receive(second, "state", version=3)["offer"]["kind"] == "rematch"
        second.send_json({"type": "accept", "id": 2, "version": 3})
        seen = _until(second, {"ack", "rematch"})  # the new seat may come before or after the ack
        ack, for_bea, for_ana = seen["ack"], seen["rematch"], _receive(first, "rematch")
    assert ack["rematch"] == for_bea
    new = for_ana["code"]
    assert for_bea["code"] == new != code and for_ana["token"] not in (ana, bea, for_bea["token"])
    assert for_ana["seats"] == [1] and for_bea["seats"] == [0]  # the colours swapped
    assert _state(client, code)["rematch"] == new
    state = _state(client, new, for_bea["token"])
    assert [p["name"] for p in state["players"]] == ["Bea", "Ana"] and state["seats"] == [0]
    assert state["view"]["pile"] == 12 and state["mode"] == "online" and state["waiting"] == []
    assert state["version"] == 0 and state["turn_seconds"] == 60 and state["time_left"] == 60
    _move(client, new, for_bea["token"], 0, 1)  # Bea moves first now
    assert _refused(client, code, "offer", ana, 4, offer="rematch") == (409, "rematch_exists")
    with room_socket(client, code, ana) as back:  # coming back to the old room: its new seat again
        assert _receive(back, "rematch") == for_ana


def test_a_rematch_against_the_computer_starts_at_once_with_the_computer_first(client: TestClient) -> None:
    room = create(client, game="take", options={"pile": 9}, mode="online", seats=[{"kind": "human"}, {"kind": "ai"}])
    code, token = room["code"], room["token"]
    _ok(client, code, "resign", token, 0)
    assert _state(client, code)["result"]["reason"] == "abandoned"
    reply = _ok(client, code, "offer", token, 1, offer="rematch")
    rematch = reply["rematch"]
    assert rematch["seats"] == [1] and reply["version"] == 2
    with room_socket(client, rematch["code"], rematch["token"]) as socket:
        state = _receive(socket, "state", version=1)  # the computer (now seat 0) moved first
    assert state["players"][0]["kind"] == "ai" and state["view"]["pile"] == 8 and state["to_move"] == 1


# --- three players --------------------------------------------------------------------------------
@pytest.fixture
def three(db_url: str, clock: ManualClock) -> Iterator[TestClient]:
    from tests.server.three_take import registry_with_three

    with TestClient(create_app(db_url, registry_with_three(), ai_delay=0.0, clock=clock)) as test_client:
        yield test_client


def test_three_players_every_other_person_agrees_and_the_rematch_turns_the_seats(three: TestClient) -> None:
    room = create(three, game="take3", options={"pile": 12}, mode="online", seats=[{"name": "Ana"}])
    code, ana = room["code"], room["token"]
    bea = three.post(f"/api/rooms/{code}/join", json={"name": "Bea"}).json()["token"]
    cy = three.post(f"/api/rooms/{code}/join", json={"name": "Cy"}).json()["token"]
    version = _ok(three, code, "offer", ana, 2, offer="draw")["version"]
    assert _state(three, code)["offer"]["waiting"] == [1, 2]
    version = _ok(three, code, "accept", bea, version)["version"]
    assert _state(three, code)["offer"]["waiting"] == [2] and _state(three, code)["outcome"] is None
    assert _refused(three, code, "accept", bea, version) == (409, "already_agreed")
    version = _ok(three, code, "decline", cy, version)["version"]  # one refusal is enough
    assert _state(three, code)["outcome"] is None
    _ok(three, code, "resign", bea, version)
    state = _state(three, code)
    assert state["result"]["scores"] == [1.0, 0.0, 1.0] and state["outcome"]["winners"] == [0, 2]
    version = _ok(three, code, "offer", cy, state["version"], offer="rematch")["version"]
    version = _ok(three, code, "accept", ana, version)["version"]
    reply = _ok(three, code, "accept", bea, version)
    new = _state(three, reply["rematch"]["code"])
    assert [p["name"] for p in new["players"]] == ["Cy", "Ana", "Bea"]  # everyone moved on by one seat
    assert reply["rematch"]["seats"] == [2]


# --- the cap of live games against the computer ---------------------------------------------------
def test_abandoned_games_against_the_computer_free_their_place_at_once(db_url: str, clock: ManualClock) -> None:
    limits = Limits(ai_rooms_per_client=2)
    with TestClient(create_app(db_url, test_registry(), ai_delay=0.0, clock=clock, limits=limits)) as client:
        body = {"game": "take", "options": {"pile": 12}, "seats": [{"kind": "human"}, {"kind": "ai"}]}
        rooms = [create(client, **body) for _ in range(2)]
        refused = client.post("/api/rooms", json=body)
        assert refused.status_code == 429 and refused.json()["error"] == "too_many_ai_rooms"
        _ok(client, rooms[0]["code"], "resign", rooms[0]["token"], 0)
        third = create(client, **body)  # the abandoned game no longer counts
        _ok(client, third["code"], "abort", third["token"], 0)
        _ok(client, rooms[1]["code"], "abort", rooms[1]["token"], 0)
        for _ in range(2):
            create(client, **body)
        assert client.post("/api/rooms", json=body).status_code == 429

