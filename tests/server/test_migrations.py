"""The store grows up (issue 23, item 6): its schema is a chain of Alembic migrations, and a database made by
an earlier meeple is upgraded in place when the server opens it, every room and move kept."""

from __future__ import annotations

import asyncio
import json
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import create_engine, inspect

from meeple.server import migrations
from meeple.server.registry import GameRegistry
from meeple.server.service import RoomService
from meeple.server.store import Store
from meeple.server.tables import metadata
from tests.server.postgres import TempPostgres, binaries
from tests.server.release_schema import add_release_room, make_release_schema

FIXTURES = Path(__file__).resolve().parent / "fixtures"
RELEASE = FIXTURES / "release-0.1.0.sqlite3"


def _schema_differences(url: str) -> list[Any]:
    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            return list(compare_metadata(MigrationContext.configure(connection), metadata))
    finally:
        engine.dispose()


def _revision(url: str) -> str | None:
    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            return migrations.current(connection)
    finally:
        engine.dispose()


def test_a_new_database_gets_the_schema_the_code_uses_at_the_newest_revision(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'new.sqlite3'}"
    Store(url).close()
    assert _revision(url) == migrations.head()
    assert _schema_differences(url) == [], "the migrations and store.py's tables say the same"
    Store(url).close()  # opened again: nothing to do, nothing broken
    assert _revision(url) == migrations.head()


def test_a_database_of_the_last_release_migrates_in_place_and_its_games_replay(tmp_path: Path) -> None:
    copy = tmp_path / "rooms.sqlite3"
    shutil.copy(RELEASE, copy)
    url = f"sqlite:///{copy}"
    assert _revision(url) is None  # made before migrations existed
    expected = json.loads((FIXTURES / "release-0.1.0.json").read_text())

    async def scenario() -> None:
        service = RoomService(Store(url), GameRegistry.from_environment(), ai_delay=0.0)
        try:
            for kept in expected:
                room = await service.room(kept["code"])
                assert room.version == kept["version"] and len(room.game.move_stack) == kept["moves"]
                assert json.loads(json.dumps(room.game.view(None))) == kept["view"], kept["game"]
            resumed = await service.resume([kept["token"] for kept in expected])
            assert {found["code"] for found in resumed} == {kept["code"] for kept in expected}
            playing = next(kept for kept in expected if kept["game"] == "hive" and kept["moves"] > 9)
            room = await service.room(playing["code"])
            move = room.game.legal_moves()[0]
            mover = room.game.to_move()
            assert await service.play(room, (mover,), room.version, room.game.move_to_json(move)) == room.version
        finally:
            await service.close()

    asyncio.run(scenario())
    assert _revision(url) == migrations.head()
    assert _schema_differences(url) == []


@pytest.fixture(scope="module")
def postgres_server() -> Iterator[TempPostgres]:
    bin_dir = binaries()
    if bin_dir is None:
        pytest.skip("PostgreSQL is not installed (apt-get install postgresql)")
    server = TempPostgres(bin_dir)
    server.start()
    try:
        yield server
    finally:
        server.stop()


def test_on_postgresql_processes_starting_together_migrate_once(postgres_server: TempPostgres) -> None:
    url = postgres_server.new_database("migrate_race")
    errors: list[BaseException] = []

    def open_store() -> None:
        try:
            Store(url).close()
        except BaseException as error:  # reported below
            errors.append(error)

    threads = [threading.Thread(target=open_store) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert _revision(url) == migrations.head()
    assert _schema_differences(url) == []


def test_a_release_schema_on_postgresql_is_adopted_and_upgraded(postgres_server: TempPostgres) -> None:
    """A PostgreSQL database made by meeple 0.1.0 (its tables, no alembic_version) keeps its rooms."""
    url = postgres_server.new_database("adopt_release")
    engine = create_engine(url)
    with engine.begin() as connection:  # the release's own CREATE TABLEs (revision 0001), then a room
        make_release_schema(connection)
        add_release_room(connection, "OLDROOM1", "hive", '{"game_type":"Base"}', "tok-a", ['"wA1"'])
    engine.dispose()
    store = Store(url)
    try:
        room = store.load_room("OLDROOM1")
        assert room is not None and room.moves == [(0, "wA1")] and room.seats[0].token == "tok-a"
    finally:
        store.close()
    assert _revision(url) == migrations.head()
    assert _schema_differences(url) == []
    engine = create_engine(url)
    assert "alembic_version" in inspect(engine).get_table_names()
    engine.dispose()


def test_a_database_older_than_rooms_finished_at_is_adopted_too(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'older.sqlite3'}"
    engine = create_engine(url)
    with engine.begin() as connection:
        make_release_schema(connection, finished_at=False)
        add_release_room(connection, "OLDEST1", "hive", '{"game_type":"Base"}', "tok-o", ['"wA1"', '"bG1 -wA1"'])
    engine.dispose()
    store = Store(url)
    try:
        room = store.load_room("OLDEST1")
        assert room is not None and len(room.moves) == 2 and room.finished_at is None
    finally:
        store.close()
    assert _revision(url) == migrations.head() and _schema_differences(url) == []
