"""The store's schema, as Alembic migrations: a database of any earlier meeple is brought up to date in place
when the server opens it (:func:`upgrade`), on SQLite and PostgreSQL alike.

Revision ``0001`` is the schema of meeple 0.1.0 (rooms, seats, moves), the one every database made before
migrations existed has: a database without Alembic's ``alembic_version`` table is adopted at that revision
(its missing ``rooms.finished_at`` column added, as meeple 0.1.0 itself did), then upgraded like any other.
Each later revision is one change of the schema, in order.
"""

from __future__ import annotations

import logging
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, Engine, inspect, text

log = logging.getLogger("meeple.server")

HERE = Path(__file__).resolve().parent
PG_LOCK = 0x6D656570
"""The PostgreSQL advisory lock held while migrating: processes starting together migrate one at a time."""


def _config(connection: Connection) -> Config:
    config = Config()
    config.set_main_option("script_location", str(HERE))
    config.attributes["connection"] = connection
    return config


def head() -> str:
    """The newest revision: the schema this meeple's code reads and writes."""
    script = ScriptDirectory.from_config(_config(None))  # type: ignore[arg-type]
    revision = script.get_current_head()
    assert revision is not None
    return revision


def current(connection: Connection) -> str | None:
    """The revision a database is at (None: not under Alembic yet)."""
    return MigrationContext.configure(connection).get_current_revision()


def upgrade(engine: Engine) -> None:
    """Bring the database of ``engine`` to :func:`head`, in place; a database made before migrations is
    adopted first (see the module's text). Idempotent; on PostgreSQL, concurrent callers take turns."""
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": PG_LOCK})
        before = current(connection)
        if before is None and inspect(connection).has_table("rooms"):
            _adopt(connection)
        command.upgrade(_config(connection), "head")
        after = current(connection)
    if after != before:
        log.info("database %s: schema %s → %s", engine.url.render_as_string(hide_password=True), before, after)


def _adopt(connection: Connection) -> None:
    """A database of meeple 0.1.0 (or older, without ``rooms.finished_at``): complete it to revision 0001's
    schema and stamp it there."""
    columns = {column["name"] for column in inspect(connection).get_columns("rooms")}
    if "finished_at" not in columns:
        connection.execute(text("ALTER TABLE rooms ADD COLUMN finished_at FLOAT"))
    command.stamp(_config(connection), "0001")
