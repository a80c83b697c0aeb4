"""Every table of the server's database, in one place: what the code reads and writes.

The database gets them through the migrations of :mod:`meeple.server.migrations` (one revision per change
of this file), and a test keeps the two equal (``tests/server/test_migrations.py``). Rooms, their seats and
their moves are the games (:mod:`meeple.server.store`); accounts and sessions are the people
(:mod:`meeple.server.people`).
"""

from __future__ import annotations

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    false,
)

metadata = MetaData()

rooms_table = Table(
    "rooms",
    metadata,
    Column("code", String(16), primary_key=True),
    Column("game", String(32), nullable=False),
    Column("options", Text, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("mode", String(16), nullable=False),
    Column("version", Integer, nullable=False),
    Column("turn_seconds", Integer, nullable=True),
    Column("turn_deadline", Float, nullable=True),
    Column("created_at", Float, nullable=False),
    Column("updated_at", Float, nullable=False),
    Column("finished_at", Float, nullable=True),
    Column("rated", Boolean, nullable=False, server_default=false()),  # its result moves the players' ratings
    # the ending decided by the players rather than by the rules (a resignation, an agreed draw, an abort: JSON,
    # server/endings.py), the offer waiting for an answer (draw, takeback, rematch: JSON), and the room of the
    # rematch once agreed (its code; no foreign key: the two rooms expire each by its own rules)
    Column("result", Text, nullable=True),
    Column("offer", Text, nullable=True),
    Column("rematch", String(16), nullable=True),
)

seats_table = Table(
    "seats",
    metadata,
    Column("room_code", String(16), ForeignKey("rooms.code"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),
    Column("token", String(64), nullable=True, index=True),
    Column("name", String(64), nullable=False),
    Column("level", String(32), nullable=True),
    # the account of the person holding the seat (None: a guest, the computer, an open seat), and whether it
    # was an account since deleted (the seat then shows « joueur supprimé »)
    Column("account_id", Integer, ForeignKey("accounts.id"), nullable=True, index=True),
    Column("account_deleted", Boolean, nullable=False, server_default=false()),
)

moves_table = Table(
    "moves",
    metadata,
    Column("room_code", String(16), ForeignKey("rooms.code"), primary_key=True),
    Column("idx", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("move", Text, nullable=False),
    Column("created_at", Float, nullable=False),
)

accounts_table = Table(
    "accounts",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("name", String(20), nullable=False),
    Column("name_key", String(20), nullable=False, unique=True),  # case-folded: names are unique whatever their case
    Column("password_hash", String(255), nullable=False),
    Column("created_at", Float, nullable=False),
)

sessions_table = Table(
    "sessions",
    metadata,
    # SHA-256 of the session's secret (the cookie's value): a copy of the database holds no usable session
    Column("secret_hash", String(64), primary_key=True),
    Column("account_id", Integer, ForeignKey("accounts.id"), nullable=False, index=True),
    Column("csrf", String(64), nullable=False),
    Column("created_at", Float, nullable=False),
    Column("seen_at", Float, nullable=False),
    Column("expires_at", Float, nullable=False),
)

ratings_table = Table(
    "ratings",
    metadata,
    # one Glicko-2 rating per account and per family (meeple.server.ratings.families)
    Column("account_id", Integer, ForeignKey("accounts.id"), primary_key=True),
    Column("family", String(32), primary_key=True),
    Column("rating", Float, nullable=False),
    Column("rd", Float, nullable=False),
    Column("volatility", Float, nullable=False),
    Column("games", Integer, nullable=False),
    Column("updated_at", Float, nullable=False),
)

rating_games_table = Table(
    "rating_games",
    metadata,
    # one row per rated game and account: unique, so a game is applied once whatever the processes
    Column("room_code", String(16), primary_key=True),  # no reference: the history outlives an expired room
    Column("account_id", Integer, ForeignKey("accounts.id"), primary_key=True),
    Column("family", String(32), nullable=False),
    Column("score", Float, nullable=False),
    Column("rating", Float, nullable=False),  # after the game
    Column("rd", Float, nullable=False),
    Column("volatility", Float, nullable=False),
    Column("delta", Float, nullable=False),
    Column("at", Float, nullable=False),
)
