"""A room may start from given moves (an imported game, e.g. a Hive GameString read by the page): they are
played by the seat to move at each, stored like any move (undo, history, a rebuilt room see them), and the
computer answers if it is its turn; a refused move names its index and makes no room."""

from __future__ import annotations

from fastapi.testclient import TestClient

from meeple.server.app import create_app
from meeple.server.rooms import MAX_START_MOVES
from tests.server.conftest import ManualClock, create, room_socket, test_registry


def _state(client: TestClient, code: str) -> dict:
    response = client.get(f"/api/rooms/{code}")
    assert response.status_code == 200, response.text
    return dict(response.json())


def test_a_room_starts_from_its_moves_and_keeps_them_after_a_restart(db_url: str, clock: ManualClock) -> None:
    with TestClient(create_app(db_url, test_registry(), ai_delay=0.0, clock=clock)) as client:
        room = create(client, game="take", options={"pile": 10}, moves=[3, 2, 1])
        state = room["state"]
        assert state["moves"] == 3 and state["view"]["pile"] == 4 and state["to_move"] == 1
        assert state["can_undo"] is True  # the imported moves count as the seats' own
        code = room["code"]
    with TestClient(create_app(db_url, test_registry(), ai_delay=0.0, clock=clock)) as client:
        again = _state(client, code)  # rebuilt from the store
        assert again["moves"] == 3 and again["view"]["pile"] == 4


def test_the_computer_answers_an_imported_position_when_it_is_its_turn(client: TestClient) -> None:
    room = create(client, game="take", options={"pile": 10}, moves=[1],
                  seats=[{"kind": "human"}, {"kind": "ai", "level": "perfect"}])
    with room_socket(client, room["code"], room["token"]) as socket:
        while True:
            message = socket.receive_json()
            if message["type"] == "state" and message["moves"] == 2:
                break
    assert _state(client, room["code"])["view"]["pile"] == 8  # 9 left: the perfect player leaves a multiple of 4


def test_a_refused_opening_move_names_its_index_and_makes_no_room(client: TestClient) -> None:
    response = client.post("/api/rooms", json={"game": "take", "options": {"pile": 5}, "moves": [3, 7]})
    assert response.status_code == 400
    body = response.json()
    assert body["error"] == "illegal" and body["message"]["en"].startswith("moves[1]:")
    over = client.post("/api/rooms", json={"game": "take", "options": {"pile": 5}, "moves": [1, 1, 1, 1, 1, 1]})
    assert over.status_code == 400 and "moves[5]" in over.json()["message"]["en"]  # past the end of the game
    many = client.post("/api/rooms", json={"game": "take", "options": {"pile": 5}, "moves": [1] * (MAX_START_MOVES + 1)})
    assert many.status_code == 422  # over the documented limit, refused before anything is built
