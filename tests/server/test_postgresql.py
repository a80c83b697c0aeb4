"""The store and the server on a real PostgreSQL (Debian's ``postgresql`` package, started for the tests)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.exc import IntegrityError

from meeple.server.app import create_app
from meeple.server.rooms import RoomSpec, SeatSpec
from meeple.server.service import RoomService
from meeple.server.store import Cutoffs, RoomRow, SeatRow, SeatTakenError, StaleWriteError, Store, Write
from tests.server.conftest import as_seat, create, test_registry
from tests.server.postgres import TempPostgres, binaries


@pytest.fixture(scope="module")
def postgres_url() -> Iterator[str]:
    bin_dir = binaries()
    if bin_dir is None:
        pytest.skip("PostgreSQL is not installed (no initdb/pg_ctl on the PATH or in /usr/lib/postgresql): "
                    "apt-get install postgresql")
    server = TempPostgres(bin_dir)
    try:
        yield server.start()
    finally:
        server.stop()


def _row(code: str, token: str) -> RoomRow:
    return RoomRow(code=code, game="take", options={"pile": 9}, seed=2**40 + 7, mode="online", version=0,
                   turn_seconds=60, turn_deadline=1.5e9, created_at=1.0e9, updated_at=1.0e9,
                   seats=[SeatRow(0, "human", token, "Ana"), SeatRow(1, "open", None, "")], moves=[])


def test_the_store_keeps_rooms_moves_seats_and_undos(postgres_url: str) -> None:
    store = Store(postgres_url)
    try:
        store.create_room(_row("PGROOM1", "token-a"))
        store.create_room(_row("PGROOM2", "token-b"))
        assert store.code_exists("PGROOM1") and not store.code_exists("PGNONE1")
        store.write([Write("PGROOM1", 1, 2.0e9, 0, ((0, 3),)),
                     Write("PGROOM2", 1, None, 0, ((0, {"to": [1, 2]}),))])  # two rooms, one transaction
        store.write([Write("PGROOM1", 2, None, 1, ((1, 2), (0, 1)))])
        store.take_seat("PGROOM1", SeatRow(1, "human", "token-c", "Bea"), 3)  # a join is change 3
        with pytest.raises(StaleWriteError):  # written over a version that is no longer the stored one
            store.take_seat("PGROOM1", SeatRow(1, "human", "token-x", "Eve"), 3)
        with pytest.raises(SeatTakenError):  # the room is unchanged since, but the seat is held
            store.take_seat("PGROOM1", SeatRow(1, "human", "token-x", "Eve"), 4)
        assert store.room_version("PGROOM1") == 3, "a refused seat changes nothing"
        store.truncate_moves("PGROOM1", 2, 4, 3.0e9)  # an undo of the last move
        room = store.load_room("PGROOM1")
        assert room is not None
        assert room.moves == [(0, 3), (1, 2)] and room.version == 4 and room.turn_deadline == 3.0e9
        assert room.seed == 2**40 + 7 and room.options == {"pile": 9}
        assert [(s.kind, s.name) for s in room.seats] == [("human", "Ana"), ("human", "Bea")]
        other = store.load_room("PGROOM2")
        assert other is not None and other.moves == [(0, {"to": [1, 2]})] and other.turn_deadline is None
        assert store.rooms_for_tokens(["token-c", "token-b", "stranger"]) == ["PGROOM1", "PGROOM2"]
        assert store.load_room("PGNONE1") is None
    finally:
        store.close()


def test_a_failed_transaction_stores_nothing(postgres_url: str) -> None:
    store = Store(postgres_url)
    try:
        store.create_room(_row("PGROOM3", "token-d"))
        store.create_room(_row("PGROOM4", "token-e"))
        store.write([Write("PGROOM4", 1, None, 0, ((0, 1),))])
        with pytest.raises(IntegrityError):  # PGROOM4's move repeats an index: the whole batch fails
            store.write([Write("PGROOM3", 1, None, 0, ((0, 1),)), Write("PGROOM4", 2, None, 0, ((1, 1),))])
        room = store.load_room("PGROOM3")
        assert room is not None and room.moves == [] and room.version == 0
        other = store.load_room("PGROOM4")
        assert other is not None and other.moves == [(0, 1)] and other.version == 1
    finally:
        store.close()


def test_a_game_is_played_online_and_resumed_by_a_new_server(postgres_url: str) -> None:
    with TestClient(create_app(postgres_url, test_registry(), ai_delay=0.0)) as client:
        room = create(client, game="take", options={"pile": 9}, mode="online")
        code = room["code"]
        joined = client.post(f"/api/rooms/{code}/join", json={"name": "Bea"}).json()
        assert joined["state"]["version"] == 1  # taking the seat was the room's first change
        for version, (token, take) in enumerate([(room["token"], 3), (joined["token"], 2)], start=1):
            reply = client.post(f"/api/rooms/{code}/moves", json={"token": token, "version": version, "move": take})
            assert reply.json() == {"version": version + 1}
        stale = client.post(f"/api/rooms/{code}/moves", json={"token": room["token"], "version": 0, "move": 1})
        assert stale.status_code == 409
    with TestClient(create_app(postgres_url, test_registry(), ai_delay=0.0)) as again:
        state = again.get(f"/api/rooms/{code}", headers=as_seat(joined["token"])).json()
        assert state["view"]["pile"] == 4 and state["version"] == 3 and state["players"][1]["name"] == "Bea"
        resumed = again.post("/api/resume", json={"tokens": [room["token"]]}).json()["rooms"]
        assert [r["code"] for r in resumed] == [code]


def test_moves_of_many_rooms_arriving_together_are_all_stored(postgres_url: str) -> None:
    async def scenario() -> None:
        service = RoomService(Store(postgres_url), test_registry(), ai_delay=0.0)
        rooms = [(await service.create_room(RoomSpec(game="take", options={"pile": 9},
                                                     seats=[SeatSpec("human"), SeatSpec("human")])))[0]
                 for _ in range(6)]
        assert await asyncio.gather(*(service.play(room, (0, 1), 0, 1 + index % 3)
                                      for index, room in enumerate(rooms))) == [1] * 6
        await service.close()
        reopened = RoomService(Store(postgres_url), test_registry(), ai_delay=0.0)
        piles = [(await reopened.room(room.code)).game.position_json()["pile"] for room in rooms]
        assert piles == [8, 7, 6, 8, 7, 6]
        await reopened.close()

    asyncio.run(scenario())


def test_expired_rooms_are_deleted_with_their_seats_and_moves(
        postgres_url: str) -> None:
    store = Store(postgres_url)
    try:
        old = dict(created_at=1.0e8, updated_at=1.0e8)  # older than any other test's rooms
        rows = {code: RoomRow(**{**vars(_row(code, f"token-{code}")), **old}) for code in ("PGOLD1", "PGOLD2", "PGOLD3")}
        rows["PGOLD2"].seats[1] = SeatRow(1, "human", "token-x", "Bea")  # started: no open seat
        rows["PGOLD3"].seats[1] = SeatRow(1, "human", "token-y", "Cy")
        for row in rows.values():
            store.create_room(row)
        store.write([Write("PGOLD2", 1, None, 0, ((0, 3),), at=1.0e8, finished_at=1.0e8),  # finished
                     Write("PGOLD3", 1, None, 0, ((0, 1),), at=1.5e8)])  # going on
        unstarted = Cutoffs(unstarted=1.2e8)
        assert store.rooms_for_tokens(["token-PGOLD1", "token-PGOLD2"], unstarted) == ["PGOLD2"]
        assert store.expire_rooms(unstarted) == ["PGOLD1"]
        assert store.expire_rooms(Cutoffs(finished=1.2e8, abandoned=1.2e8)) == ["PGOLD2"]  # PGOLD3 moved later
        assert store.expire_rooms(Cutoffs(abandoned=2.0e8), spare=["PGOLD3"]) == []
        assert store.expire_rooms(Cutoffs(abandoned=2.0e8)) == ["PGOLD3"]
        assert all(store.load_room(code) is None for code in rows)
        with store.engine.connect() as connection:
            left = connection.exec_driver_sql("SELECT COUNT(*) FROM moves WHERE room_code IN ('PGOLD2', 'PGOLD3')").scalar()
            assert left == 0
    finally:
        store.close()
