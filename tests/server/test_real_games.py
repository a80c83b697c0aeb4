"""The five engines behind the server: rooms, AI seats, the ILYOS timer, hidden hands and the queries."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from meeple.games import discover
from meeple.server.app import create_app
from meeple.server.registry import GameRegistry
from tests.server.conftest import ManualClock, as_seat, create

GAMES = sorted(discover())


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
def real(tmp_path: Path, clock: ManualClock) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'real.sqlite3'}", GameRegistry.from_environment(),
                               ai_delay=0.0, clock=clock)) as client:
        yield client


def _engine(client: TestClient, code: str) -> Any:
    return client.app.state.service.rooms[code].game  # type: ignore[attr-defined]


def _wait(client: TestClient, code: str, token: str, check: Any, seconds: float = 120.0) -> dict[str, Any]:
    """Poll the room until ``check`` holds (generous: an AI turn on a loaded machine may be slow)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        state = client.get(f"/api/rooms/{code}", headers=as_seat(token)).json()
        if check(state):
            return dict(state)
        time.sleep(0.05)
    raise AssertionError(f"room {code} never reached the expected state: {state}")


@pytest.mark.parametrize("name", GAMES)
def test_every_game_is_created_played_and_replayed_from_the_store(real: TestClient, name: str,
                                                                   tmp_path: Path) -> None:
    room = create(real, game=name)
    code, token = room["code"], room["token"]
    game = _engine(real, code)
    move = game.move_to_json(game.legal_moves()[0])
    assert real.post(f"/api/rooms/{code}/moves", json={"token": token, "version": 0, "move": move}).json() == {"version": 1}
    view_before = real.get(f"/api/rooms/{code}", headers=as_seat(token)).json()["view"]
    with TestClient(create_app(f"sqlite:///{tmp_path / 'real.sqlite3'}", GameRegistry.from_environment())) as again:
        assert again.get(f"/api/rooms/{code}", headers=as_seat(token)).json()["view"] == view_before


def test_games_list_their_levels_queries_and_timer(real: TestClient) -> None:
    games = {game["name"]: game for game in real.get("/api/games").json()["games"]}
    assert [level["key"] for level in games["ilyos"]["levels"]] == ["easy", "medium", "hard", "expert"]
    assert games["ilyos"]["timer"] is True and games["hive"]["timer"] is False
    assert set(games["stealth"]["queries"]) >= {"preview"} and "reach" in games["skirmish"]["queries"]
    assert {"check", "hint"} <= set(games["murder"]["queries"]) and "targets" in games["hive"]["queries"]
    assert "select" in games["ilyos"]["queries"]


def test_the_ilyos_timer_places_an_island_and_ends_the_turn(real: TestClient, clock: ManualClock) -> None:
    room = create(real, game="ilyos", turn_seconds=60)
    code, token = room["code"], room["token"]
    assert room["state"]["to_move"] == 0 and room["state"]["view"]["placed"] is False
    clock.advance(60)
    state = _wait(real, code, token, lambda s: s["to_move"] == 1)
    assert state["moves"] == 2  # the automatic island, then the end of the turn
    islands_before = len(room["state"]["view"]["islands"])
    assert len(state["view"]["islands"]) == islands_before + 1
    assert state["time_left"] == 60  # the clock stands still: exactly the next seat's whole turn


def test_the_ilyos_time_per_turn_option_sets_the_room_clock(real: TestClient) -> None:
    room = create(real, game="ilyos", options={"time_per_turn": 2})
    assert room["state"]["turn_seconds"] == 120 and room["state"]["time_left"] == 120


def test_ilyos_hands_stay_hidden_and_queries_answer_only_the_mover(real: TestClient) -> None:
    room = create(real, game="ilyos", mode="online")
    code = room["code"]
    joined = real.post(f"/api/rooms/{code}/join", json={}).json()
    first = real.get(f"/api/rooms/{code}", headers=as_seat(room["token"])).json()
    second = real.get(f"/api/rooms/{code}", headers=as_seat(joined["token"])).json()
    watcher = real.get(f"/api/rooms/{code}").json()
    assert first["view"]["hand"]["cards"] and watcher["view"]["hand"] is None
    assert second["view"]["hand"]["cards"] == []  # its own hand: nothing drawn before its turn
    for other in (second, watcher):
        for player in other["view"]["players"]:
            assert not any(isinstance(value, list) and value and value[0] in ("move", "push", "magic")
                           for key, value in player.items() if key != "played"), player
    guardian = next(g["id"] for g in first["view"]["guardians"] if g["seat"] == 0)
    mine = real.post(f"/api/rooms/{code}/query/select", json={"token": room["token"], "params": {"guardian": guardian}})
    theirs = real.post(f"/api/rooms/{code}/query/select", json={"token": joined["token"], "params": {"guardian": guardian}})
    assert mine.json()["result"]["targets"] and theirs.json()["result"]["targets"] == []


def test_an_ilyos_ai_seat_plays_whole_turns(real: TestClient) -> None:
    room = create(real, game="ilyos", seats=[{"kind": "human"}, {"kind": "ai", "level": "easy"}])
    code, token = room["code"], room["token"]
    game = _engine(real, code)
    for kind in ("place", "end"):
        move = next(m for m in game.legal_moves() if m.kind == kind)
        version = real.get(f"/api/rooms/{code}").json()["version"]
        real.post(f"/api/rooms/{code}/moves", json={"token": token, "version": version, "move": game.move_to_json(move)})
    state = _wait(real, code, token, lambda s: s["to_move"] == 0 and s["view"]["turn"] > 1)
    assert state["moves"] > 2 and state["view"]["hand"] is not None


def test_a_hive_ai_seat_replies(real: TestClient) -> None:
    room = create(real, game="hive", options={"game_type": "Base"}, seats=[{"kind": "human"}, {"kind": "ai", "level": "medium"}])
    code, token = room["code"], room["token"]
    real.post(f"/api/rooms/{code}/moves", json={"token": token, "version": 0, "move": {"piece": "wA1", "to": [0, 0]}})
    state = _wait(real, code, token, lambda s: s["moves"] == 2)
    assert len(state["view"]["stacks"]) == 2 and state["to_move"] == 0
    targets = real.post(f"/api/rooms/{code}/query/targets", json={"token": token, "params": {"piece": "wS"}}).json()
    assert targets["result"] and all("move" in target for target in targets["result"])


def test_stealth_levels_and_preview(real: TestClient) -> None:
    levels = real.post("/api/games/stealth/catalog/levels", json={}).json()["result"]
    assert [level["id"] for level in levels[:2]] == ["1-1", "1-2"] and levels[0]["tutorial"] is True
    room = create(real, game="stealth", options={"level": "1-1"})
    code, token = room["code"], room["token"]
    real.post(f"/api/rooms/{code}/moves", json={"token": token, "version": 0, "move": {"to": "a"}})
    preview = real.post(f"/api/rooms/{code}/query/preview", json={"token": token, "params": {"move": {"to": "b"}}}).json()
    assert preview["result"]["capture"] is not None and preview["result"]["after"]["status"] == "caught"
    bad = real.post(f"/api/rooms/{code}/query/preview", json={"token": token, "params": {"move": {"to": "exit"}}})
    assert bad.status_code == 400 and bad.json()["error"] == "bad_query"


def test_skirmish_reach_and_check(real: TestClient) -> None:
    room = create(real, game="skirmish", options={"scenario": "gauntlet"})
    code = room["code"]
    reach = real.post(f"/api/rooms/{code}/query/reach", json={"params": {"fighter": "R1"}}).json()["result"]
    assert reach["fighter"] == "R1" and reach["destinations"]
    kinds = {d["outcome"]["kind"] for d in reach["destinations"]}
    assert "free" in kinds and kinds <= {"free", "stopped", "engaged"}
    destination = reach["destinations"][0]
    check = real.post(f"/api/rooms/{code}/query/check", json={"params": {"fighter": "R1", "path": destination["path"]}})
    assert check.json()["result"]["legal"] is True
    missing = real.post(f"/api/rooms/{code}/query/reach", json={"params": {}})
    assert missing.status_code == 400 and "fighter" in missing.json()["message"]["en"]


def test_murder_hint_check_and_the_answer_never_sent(real: TestClient) -> None:
    room = create(real, game="murder", options={"size": 4, "difficulty": 1})
    code, token = room["code"], room["token"]
    assert "solution" not in json.dumps(room)
    hint = real.post(f"/api/rooms/{code}/query/hint", json={"token": token}).json()["result"]
    assert hint["status"] == "hint" and hint["steps"] and hint["message"]["fr"] and hint["message"]["en"]
    placement = hint["placement"]
    move = {"person": placement["person"], "cell": placement["cell"]}
    assert real.post(f"/api/rooms/{code}/moves", json={"token": token, "version": 0, "move": move}).status_code == 200
    check = real.post(f"/api/rooms/{code}/query/check", json={"token": token}).json()["result"]
    assert check["violations"] == [] and "wrong" not in check
    revealed = real.post(f"/api/rooms/{code}/query/check", json={"token": token, "params": {"reveal": True}}).json()
    assert revealed["result"]["wrong"] == []


def test_murder_print_is_the_case_without_its_answer(real: TestClient) -> None:
    room = create(real, game="murder", options={"size": 4, "difficulty": 1})
    printed = real.post(f"/api/rooms/{room['code']}/query/print", json={"params": {"lang": "en"}}).json()["result"]
    assert "<svg" in printed["svg"]
    names = [person["name"] for person in room["state"]["view"]["people"]]
    assert all(name in printed["svg"] for name in names)


def test_a_skirmish_ai_seat_plays_at_the_tactical_level(real: TestClient) -> None:
    games = {game["name"]: game for game in real.get("/api/games").json()["games"]}
    assert "tactical" in [level["key"] for level in games["skirmish"]["levels"]]
    room = create(real, game="skirmish", options={"scenario": "ford"},
                  seats=[{"kind": "human"}, {"kind": "ai", "level": "tactical"}])
    code, token = room["code"], room["token"]
    game = _engine(real, code)
    real.post(f"/api/rooms/{code}/moves", json={"token": token, "version": 0, "move": game.move_to_json(game.legal_moves()[0])})
    state = _wait(real, code, token, lambda s: s["moves"] == 2)
    assert state["to_move"] == 0


def test_an_ilyos_room_saved_before_the_new_defaults_is_rebuilt_under_its_own_rules(real: TestClient,
                                                                                     tmp_path: Path) -> None:
    """A room saved before ``size`` and the carrier protections existed (its options lack their keys) comes
    back after a restart as it was played — 11 × 11, protections off — not under today's defaults."""
    import sqlalchemy

    from meeple.games.ilyos.engine import OPTIONS_BEFORE_THEY_EXISTED

    room = create(real, game="ilyos", options=dict(OPTIONS_BEFORE_THEY_EXISTED))
    code, token = room["code"], room["token"]
    game = _engine(real, code)
    for version in range(6):
        move = game.move_to_json(game.legal_moves()[0])
        assert real.post(f"/api/rooms/{code}/moves", json={"token": token, "version": version, "move": move}).json() \
            == {"version": version + 1}
    view_before = real.get(f"/api/rooms/{code}", headers=as_seat(token)).json()["view"]
    assert view_before["size"] == 11
    database = sqlalchemy.create_engine(f"sqlite:///{tmp_path / 'real.sqlite3'}")
    with database.begin() as connection:
        old = {"mode": "duel", "islands": 8, "guardians": 2, "time_per_turn": 0}  # what a 2025 room stored
        connection.execute(sqlalchemy.text("UPDATE rooms SET options = :options WHERE code = :code"),
                           {"options": json.dumps(old), "code": code})
    database.dispose()
    with TestClient(create_app(f"sqlite:///{tmp_path / 'real.sqlite3'}", GameRegistry.from_environment())) as again:
        state = again.get(f"/api/rooms/{code}", headers=as_seat(token)).json()
        assert state["version"] == 6 and state["view"] == view_before
        rebuilt = _engine(again, code)
        assert rebuilt.options["size"] == 11 and rebuilt.options["anchored_carriers"] is False
