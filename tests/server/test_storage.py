"""Durability: a move is acknowledged only once committed; a failed write changes nothing."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from meeple.server.errors import ServerError
from meeple.server.rooms import RoomSpec
from meeple.server.service import RoomService
from meeple.server.store import (
    SAFETY_CHECKPOINT_PAGES,
    DatabaseError,
    RoomRow,
    SeatRow,
    StaleWriteError,
    Store,
    Write,
    with_driver,
)
from tests.server.conftest import test_registry


def _service(tmp_path: Path) -> RoomService:
    return RoomService(Store(f"sqlite:///{tmp_path / 'rooms.sqlite3'}"), test_registry(), ai_delay=0.0)


def test_moves_arriving_together_are_committed_together_and_a_bad_write_fails_alone(tmp_path: Path) -> None:
    async def scenario() -> None:
        service = _service(tmp_path)
        rooms = [(await service.create_room(RoomSpec(game="take", options={"pile": 9})))[0] for _ in range(4)]
        broken = rooms[1].code
        real_write = service.store.write
        batches: list[list[str]] = []

        def write(writes: Any) -> None:
            batches.append([w.code for w in writes])
            if any(w.code == broken for w in writes):
                raise OSError("disk full")
            real_write(writes)

        service.store.write = write  # type: ignore[method-assign]
        results = await asyncio.gather(*(service.play(room, (0, 1), 0, 2) for room in rooms), return_exceptions=True)
        assert [r if isinstance(r, int) else r.code for r in results] == [1, "storage", 1, 1]  # type: ignore[union-attr]
        assert rooms[1].game.position_json()["pile"] == 9 and rooms[1].version == 0
        assert batches[0] == [room.code for room in rooms]  # the four moves shared one transaction
        service.store.write = real_write  # type: ignore[method-assign]
        await service.close()

        reopened = _service(tmp_path)
        piles = [(await reopened.room(room.code)).game.position_json()["pile"] for room in rooms]
        assert piles == [7, 9, 7, 7]
        await reopened.close()

    asyncio.run(scenario())


def test_an_unknown_or_malformed_code_is_a_clean_404(tmp_path: Path) -> None:
    async def scenario() -> None:
        service = _service(tmp_path)
        for code in ("NOPE42", "../../etc", "x" * 300):
            with pytest.raises(ServerError) as caught:
                await service.room(code)
            assert caught.value.status == 404
        assert not service._loading
        await service.close()

    asyncio.run(scenario())


@pytest.mark.parametrize("url", ["nonsense://x", "sqlite:////no/such/folder/rooms.sqlite3",
                                 "postgresql://someone:secret@127.0.0.1:1/meeple"])
def test_an_unusable_database_is_a_clear_error_without_its_password(url: str) -> None:
    with pytest.raises(DatabaseError) as caught:
        Store(url)
    for text in (caught.value.message.fr, caught.value.message.en):
        assert "\n" not in text and "secret" not in text
    assert "base de données inutilisable" in caught.value.message.fr and "unusable database" in caught.value.message.en


def test_meeple_serve_on_an_unusable_database_prints_one_line() -> None:
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "meeple", "serve", "--db", "postgresql://someone:secret@127.0.0.1:1/meeple",
                           "--port", "1"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 1
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "base de données inutilisable" in lines[0]
    assert "secret" not in done.stderr


def test_sqlite_flushes_every_commit_to_the_disk_and_checkpoints_off_the_commits_path(tmp_path: Path) -> None:
    """synchronous=FULL: an acknowledged move survives a power cut, not only a killed process; the log is
    copied into the file by a thread of its own, which stops with the store."""
    store = Store(f"sqlite:///{tmp_path / 'rooms.sqlite3'}")
    with store.engine.connect() as connection:
        assert connection.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert connection.exec_driver_sql("PRAGMA synchronous").scalar() == 2  # FULL
        assert connection.exec_driver_sql("PRAGMA wal_autocheckpoint").scalar() == SAFETY_CHECKPOINT_PAGES
    assert store._checkpointer is not None
    thread = store._checkpointer._thread
    assert thread.name == "meeple-checkpoint" and thread.is_alive()
    store.close()
    assert not thread.is_alive()


def test_a_postgresql_url_without_a_driver_uses_psycopg() -> None:
    assert with_driver("postgresql://u@h/db") == "postgresql+psycopg://u@h/db"
    assert with_driver("postgres://u@h/db") == "postgresql+psycopg://u@h/db"
    assert with_driver("postgresql+psycopg2://u@h/db") == "postgresql+psycopg2://u@h/db"
    assert with_driver("sqlite:///x.sqlite3") == "sqlite:///x.sqlite3"


def test_the_database_comes_from_the_option_then_the_environment_then_a_local_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from meeple.server.app import database_url

    monkeypatch.delenv("MEEPLE_DATABASE_URL", raising=False)
    assert database_url() == "sqlite:///meeple.sqlite3"
    monkeypatch.setenv("MEEPLE_DATABASE_URL", f"sqlite:///{tmp_path / 'env.sqlite3'}")
    assert database_url().endswith("env.sqlite3")
    assert database_url("sqlite:///given.sqlite3") == "sqlite:///given.sqlite3"
    plain = tmp_path / "plain.sqlite3"
    assert database_url(str(plain)) == f"sqlite:///{plain}"


def test_idle_rooms_leave_memory_and_come_back_from_the_store(tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    import meeple.server.service as service_module

    monkeypatch.setattr(service_module, "MAX_ROOMS_IN_MEMORY", 3)
    monkeypatch.setattr(service_module, "MIN_IDLE_SECONDS", -1.0)

    async def scenario() -> None:
        service = _service(tmp_path)
        played, _token = await service.create_room(RoomSpec(game="take", options={"pile": 9}))
        await service.play(played, (0, 1), 0, 3)
        for _ in range(4):
            await service.create_room(RoomSpec(game="take", options={"pile": 9}))
        assert len(service.rooms) == 3 and played.code not in service.rooms
        again = await service.room(played.code)
        assert again is not played and again.game.position_json()["pile"] == 6 and again.version == 1
        await service.close()

    asyncio.run(scenario())


def test_a_change_written_over_another_version_is_refused_and_stores_nothing(tmp_path: Path) -> None:
    # two processes of a cluster changing one room at once: the database keeps exactly one change
    store = Store(f"sqlite:///{tmp_path / 'rooms.sqlite3'}")
    try:
        row = RoomRow(code="RACE", game="take", options={"pile": 9}, seed=1, mode="local", version=0,
                      turn_seconds=None, turn_deadline=None, created_at=1.0, updated_at=1.0,
                      seats=[SeatRow(0, "human", "t", "Ana"), SeatRow(1, "human", "t", "Ana")], moves=[])
        store.create_room(row)
        store.write([Write("RACE", 1, None, 0, ((0, 1),))])  # the winner: version 0 → 1
        with pytest.raises(StaleWriteError):  # the loser also wrote from version 0
            store.write([Write("RACE", 1, None, 0, ((0, 2),))])
        assert store.room_version("RACE") == 1
        stored = store.load_room("RACE")
        assert stored is not None and stored.moves == [(0, 1)]
    finally:
        store.close()


def test_a_generated_murder_case_is_stored_with_its_room_and_replays_whatever_the_generator_becomes(
        tmp_path: Path) -> None:
    """A murder room drawn from a seed keeps its case itself: rebuilt after an upgrade whose generator would
    draw another case from that seed (here: the seed itself changed in the database), it is the same case."""
    from meeple.games.murder.caseio import case_to_json
    from meeple.server.registry import GameRegistry

    url = f"sqlite:///{tmp_path / 'rooms.sqlite3'}"

    async def scenario() -> None:
        service = RoomService(Store(url), GameRegistry.from_environment(), ai_delay=0.0)
        try:
            room, _token = await service.create_room(RoomSpec(game="murder", options={"size": 4}))
            case = case_to_json(room.game.case)  # type: ignore[attr-defined]
            assert room.row.options["case"] == case and room.row.options["size"] == 4
            first = room.game.legal_moves()[0]
            await service.play(room, (0,), 0, room.game.move_to_json(first))
            code = room.code
        finally:
            await service.close()
        store = Store(url)
        with store.engine.begin() as connection:
            connection.exec_driver_sql("UPDATE rooms SET seed = seed + 1 WHERE code = ?", (code,))
        store.close()
        again = RoomService(Store(url), GameRegistry.from_environment(), ai_delay=0.0)
        try:
            rebuilt = await again.room(code)
            assert case_to_json(rebuilt.game.case) == case  # type: ignore[attr-defined]
            assert len(rebuilt.game.move_stack) == 1
        finally:
            await again.close()

    asyncio.run(scenario())
