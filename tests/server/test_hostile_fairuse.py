"""Fair use against a hostile client (issue 11, items 5-7): floods meet 429 with Retry-After, room codes
cannot be guessed, one client's AI flood does not delay another's reply, rooms expire, and online rooms
wait for their players before any clock runs.

Each test reproduced its attack on the server as it was before (it failed there), then the fix made it pass.
"""

from __future__ import annotations

import asyncio
import math
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine
from starlette.websockets import WebSocketDisconnect

from meeple.core.game import Game, GameInfo
from meeple.core.i18n import Msg
from meeple.server.app import create_app
from meeple.server.codes import CODE_ALPHABET
from meeple.server.fairuse import (
    AddressBuckets,
    FairQueue,
    Limits,
    MissLockout,
    Rate,
    TokenBucket,
    address_key,
    parse_duration,
    parse_rate,
)
from meeple.server.registry import GameAdapter, GameRegistry, Level
from meeple.server.rooms import RoomSpec, SeatSpec
from meeple.server.service import RoomService
from meeple.server.store import RoomRow, SeatRow, Store
from tests.core.tiny_games import Take
from tests.server.conftest import ManualClock, create, room_socket, test_registry
from tests.server.release_schema import add_release_room, make_release_schema

CODE_SHAPE = re.compile(r"^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{2}$")


@contextmanager
def server(db_url: str, clock: ManualClock, **limits: Any) -> Iterator[TestClient]:
    """A server whose limits differ from the defaults by ``limits``; the test client is a trusted proxy,
    so that ``X-Forwarded-For`` chooses the client address a request comes from."""
    chosen = Limits(**{"trusted_proxies": ("testclient",), **limits})
    with TestClient(create_app(db_url, test_registry(), ai_delay=0.0, clock=clock, limits=chosen)) as client:
        yield client


def at(address: str) -> dict[str, str]:
    return {"X-Forwarded-For": address}


def _refused(response: Any, code: str = "rate_limited") -> int:
    """Checks a 429 reply (status, Retry-After, bilingual message); returns its Retry-After."""
    assert response.status_code == 429, response.text
    body = response.json()
    assert body["error"] == code and body["message"]["fr"] and body["message"]["en"]
    retry = int(response.headers["Retry-After"])
    assert retry >= 1 and body["retry_after"] == retry
    return retry


# --- item 5: rate limits ----------------------------------------------------------------------------

def test_a_room_creation_flood_meets_429_with_retry_after(client: TestClient, clock: ManualClock) -> None:
    allowed = Limits().create.count
    statuses = [client.post("/api/rooms", json={"game": "take"}).status_code for _ in range(allowed + 20)]
    assert statuses[:allowed] == [200] * allowed and set(statuses[allowed:]) == {429}
    retry = _refused(client.post("/api/rooms", json={"game": "take"}))
    assert "salles créées" in client.post("/api/rooms", json={"game": "take"}).json()["message"]["fr"]
    clock.advance(retry)
    assert client.post("/api/rooms", json={"game": "take"}).status_code == 200  # one more, once refilled
    assert client.post("/api/rooms", json={"game": "take"}).status_code == 429


def test_limits_count_per_address_and_x_forwarded_for_only_from_a_trusted_proxy(db_url: str,
                                                                                clock: ManualClock) -> None:
    with server(db_url, clock, create=Rate(3, 60)) as client:
        for _ in range(3):
            assert client.post("/api/rooms", json={"game": "take"}, headers=at("203.0.113.5")).status_code == 200
        _refused(client.post("/api/rooms", json={"game": "take"}, headers=at("203.0.113.5")))
        assert client.post("/api/rooms", json={"game": "take"}, headers=at("203.0.113.9")).status_code == 200
        # one IPv6 machine holds a whole /64: its addresses share one allowance
        for host in ("2001:db8::1", "2001:db8::2", "2001:db8::3"):
            assert client.post("/api/rooms", json={"game": "take"}, headers=at(host)).status_code == 200
        _refused(client.post("/api/rooms", json={"game": "take"}, headers=at("2001:db8::ffff")))
    with TestClient(create_app(db_url, test_registry(), ai_delay=0.0, clock=clock,
                               limits=Limits(create=Rate(3, 60)))) as untrusting:
        # not behind a listed proxy: X-Forwarded-For is the client's own claim, and ignored
        for index in range(3):
            reply = untrusting.post("/api/rooms", json={"game": "take"}, headers=at(f"198.51.100.{index}"))
            assert reply.status_code == 200
        _refused(untrusting.post("/api/rooms", json={"game": "take"}, headers=at("198.51.100.77")))


def test_joins_lookups_and_queries_have_their_own_allowances(db_url: str, clock: ManualClock) -> None:
    with server(db_url, clock, join=Rate(2, 60), lookup=Rate(4, 60), query=Rate(3, 60)) as client:
        codes = [create(client, game="take", mode="online")["code"] for _ in range(3)]
        for code in codes[:2]:
            assert client.post(f"/api/rooms/{code}/join", json={}, headers=at("192.0.2.1")).status_code == 200
        _refused(client.post(f"/api/rooms/{codes[2]}/join", json={}, headers=at("192.0.2.1")))
        for _ in range(4):
            assert client.get(f"/api/rooms/{codes[0]}", headers=at("192.0.2.2")).status_code == 200
        _refused(client.get(f"/api/rooms/{codes[0]}", headers=at("192.0.2.2")))
        with room_socket(client, codes[0], headers=at("192.0.2.2")) as socket:
            error = socket.receive_json()
            assert error["error"] == "rate_limited" and error["retry_after"] >= 1
            with pytest.raises(WebSocketDisconnect) as closed:
                socket.receive_json()
            assert closed.value.code == 4429
        for _ in range(3):
            asked = client.post(f"/api/rooms/{codes[0]}/query/pile", json={}, headers=at("192.0.2.3"))
            assert asked.status_code == 200
        _refused(client.post(f"/api/rooms/{codes[0]}/query/pile", json={}, headers=at("192.0.2.3")))
        with room_socket(client, codes[0], headers=at("192.0.2.3")) as socket:
            socket.send_json({"type": "query", "id": 9, "name": "pile"})
            while (reply := socket.receive_json())["type"] == "state":
                pass
            assert reply["id"] == 9 and reply["error"] == "rate_limited" and reply["retry_after"] >= 1
            socket.send_json({"type": "ping", "id": 10})  # refused, not cut off
            while (reply := socket.receive_json())["type"] == "state":
                pass
            assert reply == {"type": "pong", "id": 10}


def test_a_token_bucket_refills_at_its_rate_and_says_how_long_to_wait() -> None:
    bucket = TokenBucket(Rate(2, 10), now=0.0)
    assert [bucket.take(0.0), bucket.take(0.0)] == [0.0, 0.0]
    assert bucket.take(1.0) == pytest.approx(4.0)  # one token every 5 s; 1 s already passed
    assert bucket.take(5.0) == 0.0 and bucket.take(5.0) == pytest.approx(5.0)
    assert bucket.take(1000.0) == 0.0 and bucket.take(1000.0) == 0.0 and bucket.take(1000.0) > 0  # capped at 2
    assert parse_rate("30/10m") == Rate(30, 600) and parse_rate("60/m") == Rate(60, 60) and str(Rate(30, 600)) == "30/10m"
    assert parse_duration("7d") == 7 * 86400 and parse_duration("0") == 0
    for bad in ("30", "0/1m", "x/1m", "30/1w", "30/0m"):
        with pytest.raises(Exception, match="30/10m"):
            parse_rate(bad)
    assert address_key("::ffff:192.0.2.1") == "192.0.2.1" and address_key("2001:db8::1") == "2001:db8::/64"


def test_the_counters_of_endless_new_addresses_stay_bounded() -> None:
    buckets = AddressBuckets(Rate(1, 60), limit=1000)
    for index in range(20_000):  # addresses that come once each (spoofed, or a botnet)
        assert buckets.take(f"10.{index // 65536}.{index // 256 % 256}.{index % 256}", 0.0) == 0.0
    assert len(buckets) == 1000
    assert buckets.take("10.0.78.31", 0.0) > 0  # among the most recent: still counted
    lockout = MissLockout(Rate(2, 60), lockout=300, limit=1000)
    assert [lockout.miss("192.0.2.1", 0.0), lockout.miss("192.0.2.1", 1.0)] == [False, True]
    assert lockout.wait("192.0.2.1", 100.0) == 201.0 and lockout.wait("192.0.2.1", 301.0) == 0.0


# --- item 6: room codes -------------------------------------------------------------------------------

def test_room_codes_carry_fifty_bits_read_aloud_in_groups_and_forgive_case_dashes_and_spaces(
        client: TestClient, db_url: str) -> None:
    room = create(client, game="take", mode="online")
    code = room["code"]
    assert CODE_SHAPE.match(code), code
    assert len(CODE_ALPHABET) ** len(code.replace("-", "")) >= 2**40
    plain = code.replace("-", "")
    for typed in (code.lower(), plain, plain.lower(), f" {plain[:3]} {plain[3:7]} {plain[7:]} ", code.replace("-", " - ")):
        found = client.get(f"/api/rooms/{typed}")
        assert found.status_code == 200 and found.json()["code"] == code, typed
    assert client.post(f"/api/rooms/{plain.lower()}/join", json={}).json()["code"] == code
    codes = {create(client, game="take")["code"] for _ in range(20)}
    assert len(codes) == 20 and all(CODE_SHAPE.match(c) for c in codes)


def test_an_old_six_letter_room_still_opens(client: TestClient, db_url: str) -> None:
    store = Store(db_url)
    try:
        store.create_room(RoomRow(code="ABC234", game="take", options={"pile": 9}, seed=1, mode="local", version=0,
                                  turn_seconds=None, turn_deadline=None, created_at=1_000_000.0,
                                  updated_at=1_000_000.0, seats=[SeatRow(0, "human", "old-token", ""),
                                                                 SeatRow(1, "human", "old-token", "")],
                                  moves=[]))
    finally:
        store.close()
    for typed in ("ABC234", "abc234", "abc-234"):
        assert client.get(f"/api/rooms/{typed}").json()["code"] == "ABC234"
    assert client.post("/api/resume", json={"tokens": ["old-token"]}).json()["rooms"][0]["code"] == "ABC234"


def test_a_database_made_before_rooms_expired_gains_its_column_and_keeps_its_rooms(db_url: str,
                                                                                   clock: ManualClock) -> None:
    engine = create_engine(db_url)
    with engine.begin() as connection:  # as the releases before rooms.finished_at made it
        make_release_schema(connection, finished_at=False)
        add_release_room(connection, "OLD234", "take", '{"pile":1}', "t", [], at=clock.now())
    engine.dispose()
    with TestClient(create_app(db_url, test_registry(), ai_delay=0.0, clock=clock)) as client:
        assert client.post("/api/rooms/OLD234/moves", json={"token": "t", "version": 0, "move": 1}).status_code == 200
    store = Store(db_url)
    try:
        finished = store.load_room("OLD234")
        assert finished is not None and finished.finished_at == clock.now()
    finally:
        store.close()


def test_guessing_codes_meets_a_lockout_then_it_lifts(db_url: str, clock: ManualClock,
                                                      caplog: pytest.LogCaptureFixture) -> None:
    with server(db_url, clock) as client:
        code = create(client, game="take")["code"]
        guesser = at("203.0.113.66")
        misses = Limits().misses.count
        for index in range(misses):
            guess = f"ZZZZ-ZZZZ-{CODE_ALPHABET[index]}{CODE_ALPHABET[index]}"
            assert client.get(f"/api/rooms/{guess}", headers=guesser).status_code == 404
        retry = _refused(client.get(f"/api/rooms/{code}", headers=guesser), "too_many_misses")  # even a right one
        assert retry == math.ceil(Limits().lockout_seconds)
        _refused(client.post(f"/api/rooms/{code}/join", json={}, headers=guesser), "too_many_misses")
        with room_socket(client, code, headers=guesser) as socket:
            assert socket.receive_json()["error"] == "too_many_misses"
            with pytest.raises(WebSocketDisconnect) as closed:
                socket.receive_json()
            assert closed.value.code == 4429
        assert client.get(f"/api/rooms/{code}", headers=at("203.0.113.67")).status_code == 200  # someone else
        clock.advance(retry)
        assert client.get(f"/api/rooms/{code}", headers=guesser).status_code == 200
        # the allowance refills slowly (one miss every 6 minutes): the next wrong guess locks it out again
        assert client.get("/api/rooms/ZZZZ-ZZZZ-ZZ", headers=guesser).status_code == 404
        _refused(client.get(f"/api/rooms/{code}", headers=guesser), "too_many_misses")
    lockouts = [record.getMessage() for record in caplog.records if "locked out" in record.getMessage()]
    assert lockouts == ["203.0.113.66 locked out for 300 s: unknown room codes beyond 10/1h"] * 2  # a line each


def test_misses_spread_out_in_time_do_not_lock_anyone_out(db_url: str, clock: ManualClock) -> None:
    with server(db_url, clock) as client:
        code = create(client, game="take")["code"]
        for _ in range(3 * Limits().misses.count):
            assert client.get("/api/rooms/QQQQ-QQQQ-QQ", headers=at("192.0.2.8")).status_code == 404
            clock.advance(400)  # a typo now and then
        assert client.get(f"/api/rooms/{code}", headers=at("192.0.2.8")).status_code == 200


def test_websocket_misses_count_like_http_ones(db_url: str, clock: ManualClock) -> None:
    with server(db_url, clock, misses=Rate(3, 60)) as client:
        for _ in range(3):
            with room_socket(client, "QQQQ-QQQQ-QQ", headers=at("192.0.2.9")) as socket:
                assert socket.receive_json()["error"] == "unknown_room"
        _refused(client.get("/api/rooms/QQQQ-QQQQ-QQ", headers=at("192.0.2.9")), "too_many_misses")


# --- item 5: AI work ----------------------------------------------------------------------------------

class GatedWorkers:
    """A stand-in for the AI worker pool of ``processes`` processes (first come, first served inside, like
    a process pool): each search records which level asked, then waits until the test opens the gate."""

    def __init__(self, processes: int = 1) -> None:
        self.processes = processes
        self.started: list[str] = []
        self.gate = asyncio.Event()
        self._pool = asyncio.Semaphore(processes)

    async def run(self, function: Any, *args: Any) -> Any:
        async with self._pool:
            game, seat, level, _seed = args
            self.started.append(level)
            await self.gate.wait()
            return function(game, seat, level, _seed)

    def close(self) -> None:
        self.gate.set()


def _slow_registry() -> GameRegistry:
    def greedy(game: Game[Any], seat: int, level: str | None, seed: int) -> int:
        pile = game.position_json()["pile"]
        return pile % 4 if pile % 4 else 1

    info = GameInfo(name="take", title=Msg("Prendre", "Take"), summary=Msg("", ""), factory=Take.new)
    adapter = GameAdapter(choose_move=greedy, levels=(Level("expert", Msg("Expert", "Expert")),
                                                      Level("easy", Msg("Facile", "Easy"))))
    return GameRegistry().with_game(info, adapter)


def test_one_clients_thirty_expert_searches_do_not_delay_anothers_easy_reply(tmp_path: Path) -> None:
    async def scenario() -> None:
        workers = GatedWorkers(processes=1)
        service = RoomService(Store(f"sqlite:///{tmp_path / 'ai.sqlite3'}"), _slow_registry(), ai_delay=0.0,
                              workers=workers, limits=Limits(ai_rooms_per_client=30))
        first_moves = [SeatSpec("ai", "expert"), SeatSpec("human")]
        flood = [(await service.create_room(RoomSpec("take", {"pile": 9}, seats=first_moves),
                                            owner="203.0.113.1"))[0] for _ in range(30)]
        honest, _token = await service.create_room(
            RoomSpec("take", {"pile": 9}, seats=[SeatSpec("ai", "easy"), SeatSpec("human")]), owner="192.0.2.7")
        for _ in range(6000):  # every room's AI turn has reached the queue (or a worker); a minute at most
            if len(workers.started) + service.ai_queue.waiting() == 31:
                break
            await asyncio.sleep(0.01)
        assert service.ai_queue.waiting("203.0.113.1") == 29  # the flood waits its turns…
        workers.gate.set()
        for _ in range(6000):
            if all(room.version == 1 for room in [*flood, honest]):
                break
            await asyncio.sleep(0.01)
        assert all(room.version == 1 for room in [*flood, honest])
        # …and the other client's search came second, not 31st
        assert workers.started.index("easy") == 1, workers.started
        await service.close()

    asyncio.run(scenario())


def test_the_fair_queue_caps_each_owner_and_serves_owners_in_turn() -> None:
    async def scenario() -> list[str]:
        queue = FairQueue(slots=3, per_owner=2)
        order: list[str] = []
        gate = asyncio.Event()

        async def job(name: str) -> str:
            order.append(name)
            await gate.wait()
            return name

        tasks = [asyncio.create_task(queue.run(owner, lambda n=f"{owner}{i}": job(n)))  # type: ignore[misc]
                 for owner, count in (("a", 5), ("b", 2), ("c", 1)) for i in range(count)]
        for _ in range(10):
            await asyncio.sleep(0)
        assert order == ["a0", "a1", "b0"] and queue.running == {"a": 2, "b": 1}  # a's cap is 2
        tasks[2].cancel()  # a2 gives up while it waits
        gate.set()
        done = await asyncio.gather(*tasks, return_exceptions=True)
        assert isinstance(done[2], asyncio.CancelledError) and queue.running == {} and queue.waiting() == 0
        return order

    assert asyncio.run(scenario()) == ["a0", "a1", "b0", "c0", "a3", "b1", "a4"]


def test_live_rooms_against_the_computer_are_capped_per_address(db_url: str, clock: ManualClock) -> None:
    with server(db_url, clock, ai_rooms_per_client=2) as client:
        versus_ai = {"game": "take", "options": {"pile": 1}, "seats": [{"kind": "human"}, {"kind": "ai"}]}
        rooms = [client.post("/api/rooms", json=versus_ai, headers=at("192.0.2.20")).json() for _ in range(2)]
        _refused(client.post("/api/rooms", json=versus_ai, headers=at("192.0.2.20")), "too_many_ai_rooms")
        assert client.post("/api/rooms", json={"game": "take"}, headers=at("192.0.2.20")).status_code == 200
        assert client.post("/api/rooms", json=versus_ai, headers=at("192.0.2.21")).status_code == 200
        won = client.post(f"/api/rooms/{rooms[0]['code']}/moves", json={"token": rooms[0]["token"], "version": 0,
                                                                         "move": 1})
        assert won.status_code == 200  # the last stone: that game is over, its place is free again
        assert client.post("/api/rooms", json=versus_ai, headers=at("192.0.2.20")).status_code == 200


# --- item 5: rooms expire -----------------------------------------------------------------------------

def _portal(client: TestClient) -> Any:
    portal = getattr(client, "portal", None)
    assert portal is not None
    return portal


def test_finished_abandoned_and_never_started_rooms_expire(db_url: str, clock: ManualClock,
                                                            caplog: pytest.LogCaptureFixture) -> None:
    day = 86400.0
    manual = Limits(sweep_seconds=0)  # this test sweeps by hand
    with TestClient(create_app(db_url, test_registry(), ai_delay=0.0, clock=clock, limits=manual)) as client:
        service: RoomService = client.app.state.service  # type: ignore[attr-defined]
        finished = create(client, game="take", options={"pile": 1})
        going = create(client, game="take", options={"pile": 9})
        waiting = create(client, game="take", mode="online")
        started = create(client, game="take", mode="online")
        client.post(f"/api/rooms/{started['code']}/join", json={})
        for room in (finished, going):
            assert client.post(f"/api/rooms/{room['code']}/moves",
                               json={"token": room["token"], "version": 0, "move": 1}).status_code == 200
        tokens = [room["token"] for room in (finished, going, waiting, started)]

        def resumable() -> set[str]:
            return {room["code"] for room in client.post("/api/resume", json={"tokens": tokens}).json()["rooms"]}

        def sweep() -> set[str]:
            return set(_portal(client).call(service.sweep))

        assert sweep() == set() and len(resumable()) == 4
        clock.advance(1 * day + 1)
        assert resumable() == {finished["code"], going["code"], started["code"]}  # listed only while live
        assert sweep() == {waiting["code"]}
        clock.advance(6 * day)
        assert resumable() == {going["code"], started["code"]} and sweep() == {finished["code"]}
        clock.advance(23 * day)
        assert resumable() == set() and sweep() == {going["code"], started["code"]}
        deleted = [r.getMessage() for r in caplog.records if "expired" in r.getMessage()]
        assert deleted == ["1 expired room(s) deleted", "1 expired room(s) deleted", "2 expired room(s) deleted"]
        for room in (finished, going, waiting, started):
            gone = client.get(f"/api/rooms/{room['code']}")
            assert gone.status_code == 404, gone.text
    store = Store(db_url)
    try:
        assert all(store.load_room(room["code"]) is None for room in (finished, going, waiting, started))
        with store.engine.connect() as connection:
            leftovers = [connection.exec_driver_sql(f"SELECT COUNT(*) FROM {table}").scalar()
                         for table in ("rooms", "seats", "moves")]
        assert leftovers == [0, 0, 0]
    finally:
        store.close()


def test_the_sweep_runs_by_itself_and_a_move_keeps_a_room_alive(db_url: str, clock: ManualClock) -> None:
    limits = Limits(abandoned_ttl=3600, sweep_seconds=60)
    with TestClient(create_app(db_url, test_registry(), ai_delay=0.0, clock=clock, limits=limits)) as client:
        idle = create(client, game="take", options={"pile": 30})
        busy = create(client, game="take", options={"pile": 30})
        for version in range(3):
            clock.advance(1800)
            client.post(f"/api/rooms/{busy['code']}/moves", json={"token": busy["token"], "version": version,
                                                                  "move": 1})
        service: RoomService = client.app.state.service  # type: ignore[attr-defined]
        for step in range(6000):  # the sweeper wakes on the server's loop once the clock passed its next sweep
            # gone from the store AND from memory: the sweeper deletes the rows first (in a thread), then forgets
            # the room on the loop, so a look-up in between still finds it in memory
            if idle["code"] not in service.rooms and not service.store.code_exists(idle["code"]):
                break
            if step % 100 == 99:  # a sweep that read the clock before the last advance set its next one after it
                clock.advance(limits.sweep_seconds + 1)
            _portal(client).call(asyncio.sleep, 0.01)
        assert client.get(f"/api/rooms/{idle['code']}").status_code == 404
        assert client.get(f"/api/rooms/{busy['code']}").json()["version"] == 3


# --- item 7: online rooms wait for their players ------------------------------------------------------

def test_an_online_room_with_one_second_turns_waits_for_its_players(client: TestClient, clock: ManualClock) -> None:
    room = create(client, game="take", options={"pile": 9}, mode="online", turn_seconds=1)
    code, token = room["code"], room["token"]
    assert room["state"]["waiting"] == [1] and room["state"]["time_left"] is None
    with room_socket(client, code, token) as socket:
        assert socket.receive_json()["waiting"] == [1]
        clock.advance(120)  # two minutes of 1-s turns: nothing may be played for the empty seat
        socket.send_json({"type": "move", "id": 1, "version": 0, "move": 1})
        while (reply := socket.receive_json())["type"] == "state":
            pass
        assert reply["error"] == "waiting_for_players" and "2" in reply["message"]["en"]
    state = client.get(f"/api/rooms/{code}").json()
    assert state["version"] == 0 and state["moves"] == 0 and state["waiting"] == [1]
    refused = client.post(f"/api/rooms/{code}/moves", json={"token": token, "version": 0, "move": 1})
    assert refused.status_code == 409 and refused.json()["error"] == "waiting_for_players"
    assert client.post("/api/resume", json={"tokens": [token]}).json()["rooms"][0]["waiting"] == [1]
    joined = client.post(f"/api/rooms/{code}/join", json={"name": "Bea"}).json()
    assert joined["state"]["waiting"] == [] and joined["state"]["time_left"] == 1  # now the clock starts
    clock.advance(1)
    for _ in range(6000):
        if client.get(f"/api/rooms/{code}").json()["version"] >= 1:
            break
        _portal(client).call(asyncio.sleep, 0.01)
    after = client.get(f"/api/rooms/{code}").json()
    assert after["version"] >= 1 and after["waiting"] == []  # the time-out of a seat that is taken


def test_a_room_rebuilt_after_a_restart_still_waits(db_url: str, clock: ManualClock) -> None:
    with TestClient(create_app(db_url, test_registry(), ai_delay=0.0, clock=clock)) as first:
        room = create(first, game="take", options={"pile": 9}, mode="online", turn_seconds=5)
    clock.advance(60)
    with TestClient(create_app(db_url, test_registry(), ai_delay=0.0, clock=clock)) as again:
        state = again.get(f"/api/rooms/{room['code']}").json()
        assert state["waiting"] == [1] and state["version"] == 0 and state["time_left"] is None
        assert again.post(f"/api/rooms/{room['code']}/join", json={}).json()["state"]["time_left"] == 5
