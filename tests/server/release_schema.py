"""The schema of a database made before migrations existed (meeple 0.1.0, and older without
``rooms.finished_at``), written as the CREATE TABLEs those releases' SQLAlchemy tables emitted: the tests of
upgrades start from it."""

from __future__ import annotations

from typing import Any

from sqlalchemy import text


def make_release_schema(connection: Any, finished_at: bool = True) -> None:
    """Create the rooms, seats and moves tables as meeple 0.1.0 did (``finished_at=False``: as the releases
    before it did), on the connection's database (SQLite or PostgreSQL)."""
    finished = ", finished_at FLOAT" if finished_at else ""
    for statement in (
        "CREATE TABLE rooms (code VARCHAR(16) NOT NULL PRIMARY KEY, game VARCHAR(32) NOT NULL, options TEXT NOT NULL, "
        "seed BIGINT NOT NULL, mode VARCHAR(16) NOT NULL, version INTEGER NOT NULL, turn_seconds INTEGER, "
        f"turn_deadline FLOAT, created_at FLOAT NOT NULL, updated_at FLOAT NOT NULL{finished})",
        "CREATE TABLE seats (room_code VARCHAR(16) NOT NULL REFERENCES rooms(code), seat INTEGER NOT NULL, kind VARCHAR(8) NOT NULL, "
        "token VARCHAR(64), name VARCHAR(64) NOT NULL, level VARCHAR(32), PRIMARY KEY (room_code, seat))",
        "CREATE INDEX ix_seats_token ON seats (token)",
        "CREATE TABLE moves (room_code VARCHAR(16) NOT NULL REFERENCES rooms(code), idx INTEGER NOT NULL, seat INTEGER NOT NULL, "
        "move TEXT NOT NULL, created_at FLOAT NOT NULL, PRIMARY KEY (room_code, idx))",
    ):
        connection.execute(text(statement))


def add_release_room(connection: Any, code: str, game: str, options: str, token: str, moves: list[str],
                     at: float = 2.0) -> None:
    """A local room of two seats held by ``token``, with ``moves`` (JSON texts), as that schema stored it."""
    columns = [row[1] for row in connection.exec_driver_sql("PRAGMA table_info(rooms)")] \
        if connection.dialect.name == "sqlite" else None
    finished = columns is None or "finished_at" in columns
    values = {"code": code, "game": game, "options": options, "version": len(moves), "at": at}
    connection.execute(text(
        "INSERT INTO rooms (code, game, options, seed, mode, version, turn_seconds, turn_deadline, created_at, "
        f"updated_at{', finished_at' if finished else ''}) VALUES (:code, :game, :options, 5, 'local', :version, "
        f"NULL, NULL, :at, :at{', NULL' if finished else ''})"), values)
    for seat in (0, 1):
        connection.execute(text("INSERT INTO seats VALUES (:code, :seat, 'human', :token, 'Ana', NULL)"),
                           {"code": code, "seat": seat, "token": token})
    for index, move in enumerate(moves):
        connection.execute(text("INSERT INTO moves VALUES (:code, :idx, :seat, :move, :at)"),
                           {"code": code, "idx": index, "seat": index % 2, "move": move, "at": at})
