"""Accounts and sessions in the database, and the seats an account holds (synchronous: run on the server's
database thread, :class:`~meeple.server.database.Database`)."""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass

from sqlalchemy import ColumnElement, Connection, Engine, delete, insert, select, update
from sqlalchemy.exc import IntegrityError

from meeple.server.store import Cutoffs, expired_condition
from meeple.server.tables import (
    accounts_table,
    rating_games_table,
    ratings_table,
    rooms_table,
    seats_table,
    sessions_table,
)

MAX_CLAIMED_TOKENS = 200
"""The seat tokens one sign-up or sign-in may bring along (a browser keeps far fewer)."""


@dataclass(frozen=True)
class Account:
    """A person's account: its id (never shown), its name as they wrote it, when it was made."""

    id: int
    name: str
    created_at: float


@dataclass(frozen=True)
class Session:
    """A signed-in browser: whose account, its anti-CSRF token, until when it lasts."""

    account: Account
    csrf: str
    expires_at: float
    seen_at: float


class NameTaken(Exception):
    """Another account already has this name (in any case)."""


class PeopleStore:
    """The accounts and sessions tables, over the server's database engine."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    # --- accounts ----------------------------------------------------------------------------------
    def create_account(self, name: str, key: str, password_hash: str, at: float) -> Account:
        """A new account; :class:`NameTaken` if ``key`` (the case-folded name) is taken, even by a racing
        sign-up on another process (the unique index decides)."""
        try:
            with self.engine.begin() as connection:
                result = connection.execute(insert(accounts_table).values(
                    name=name, name_key=key, password_hash=password_hash, created_at=at))
                key_id = result.inserted_primary_key
                assert key_id is not None
                return Account(int(key_id[0]), name, at)
        except IntegrityError:
            raise NameTaken(name) from None

    def find(self, key: str) -> tuple[Account, str] | None:
        """The account named ``key`` (case-folded) and its password hash, or None."""
        with self.engine.connect() as connection:
            row = connection.execute(select(accounts_table).where(accounts_table.c.name_key == key)).mappings().first()
        if row is None:
            return None
        return Account(int(row["id"]), row["name"], float(row["created_at"])), str(row["password_hash"])

    def password_hash(self, account_id: int) -> str | None:
        """The account's password hash (None: the account is gone)."""
        with self.engine.connect() as connection:
            found = connection.execute(select(accounts_table.c.password_hash)
                                       .where(accounts_table.c.id == account_id)).first()
        return None if found is None else str(found[0])

    def set_password(self, account_id: int, password_hash: str, keep_session: str) -> None:
        """A new password; every other session of the account ends (a stolen one stops working)."""
        with self.engine.begin() as connection:
            connection.execute(update(accounts_table).where(accounts_table.c.id == account_id)
                               .values(password_hash=password_hash))
            connection.execute(delete(sessions_table).where(sessions_table.c.account_id == account_id,
                                                            sessions_table.c.secret_hash != keep_session))

    def delete_account(self, account_id: int) -> list[str]:
        """Delete the account and its personal data (its name, password, sessions); its seats stay, marked as
        held by a deleted account, without its name. Returns the codes of the rooms whose seats changed
        (their version grows, so every process re-reads them)."""
        with self.engine.begin() as connection:
            codes = _codes_of(connection, seats_table.c.account_id == account_id)
            connection.execute(update(seats_table).where(seats_table.c.account_id == account_id)
                               .values(account_id=None, account_deleted=True, name=""))
            _bump(connection, codes)
            connection.execute(delete(sessions_table).where(sessions_table.c.account_id == account_id))
            connection.execute(delete(rating_games_table).where(rating_games_table.c.account_id == account_id))
            connection.execute(delete(ratings_table).where(ratings_table.c.account_id == account_id))
            connection.execute(delete(accounts_table).where(accounts_table.c.id == account_id))
        return codes

    # --- seats --------------------------------------------------------------------------------------
    def claim_seats(self, account: Account, tokens: Iterable[str]) -> list[str]:
        """The guest seats held by ``tokens`` (a browser's kept seats) join ``account``: they take its id and
        name. A seat another account holds is left alone. Returns the codes of the rooms changed."""
        wanted = [token for token in tokens if isinstance(token, str) and token][:MAX_CLAIMED_TOKENS]
        if not wanted:
            return []
        guest = (seats_table.c.token.in_(wanted), seats_table.c.account_id.is_(None), seats_table.c.kind == "human",
                 seats_table.c.account_deleted.is_(False))
        with self.engine.begin() as connection:
            codes = _codes_of(connection, *guest)
            connection.execute(update(seats_table).where(*guest).values(account_id=account.id, name=account.name))
            _bump(connection, codes)
        return codes

    def rooms_of(self, account_id: int, cutoffs: Cutoffs | None = None, limit: int = 200) -> list[tuple[str, int, str]]:
        """(room code, seat, seat token) of the seats ``account_id`` holds, most recently active rooms first
        (without those expired by ``cutoffs``)."""
        query = (select(seats_table.c.room_code, seats_table.c.seat, seats_table.c.token)
                 .join(rooms_table, rooms_table.c.code == seats_table.c.room_code)
                 .where(seats_table.c.account_id == account_id))
        expired = expired_condition(cutoffs or Cutoffs())
        if expired is not None:
            query = query.where(~expired)
        with self.engine.connect() as connection:
            rows = connection.execute(query.order_by(rooms_table.c.updated_at.desc(), seats_table.c.seat).limit(limit))
            return [(str(code), int(seat), str(token or "")) for code, seat, token in rows]

    # --- sessions ----------------------------------------------------------------------------------
    def create_session(self, account_id: int, secret_hash: str, csrf: str, at: float, expires_at: float,
                       replaces: str | None = None) -> None:
        """A new session (and the one it ``replaces`` ended: a new id at every sign-in, never an old one)."""
        with self.engine.begin() as connection:
            if replaces is not None:
                connection.execute(delete(sessions_table).where(sessions_table.c.secret_hash == replaces))
            connection.execute(insert(sessions_table).values(secret_hash=secret_hash, account_id=account_id,
                                                             csrf=csrf, created_at=at, seen_at=at,
                                                             expires_at=expires_at))

    def session(self, secret_hash: str, now: float) -> Session | None:
        """The live session of that secret, with its account (None: unknown, expired, or its account gone)."""
        query = (select(sessions_table.c.csrf, sessions_table.c.expires_at, sessions_table.c.seen_at,
                        accounts_table.c.id, accounts_table.c.name, accounts_table.c.created_at)
                 .join(accounts_table, accounts_table.c.id == sessions_table.c.account_id)
                 .where(sessions_table.c.secret_hash == secret_hash))
        with self.engine.connect() as connection:
            row = connection.execute(query).first()
        if row is None or row.expires_at <= now:
            return None
        return Session(Account(int(row.id), row.name, float(row.created_at)), row.csrf, float(row.expires_at),
                       float(row.seen_at))

    def extend_session(self, secret_hash: str, now: float, expires_at: float) -> None:
        """The session was used: it lasts longer."""
        with self.engine.begin() as connection:
            connection.execute(update(sessions_table).where(sessions_table.c.secret_hash == secret_hash)
                               .values(seen_at=now, expires_at=expires_at))

    def end_session(self, secret_hash: str) -> None:
        """Sign out: the session is gone."""
        with self.engine.begin() as connection:
            connection.execute(delete(sessions_table).where(sessions_table.c.secret_hash == secret_hash))

    def forget_expired_sessions(self, now: float | None = None) -> int:
        """Delete the sessions that expired; returns how many."""
        with self.engine.begin() as connection:
            result = connection.execute(delete(sessions_table).where(
                sessions_table.c.expires_at <= (time.time() if now is None else now)))
            return int(result.rowcount or 0)


def _codes_of(connection: Connection, *where: ColumnElement[bool]) -> list[str]:
    rows = connection.execute(select(seats_table.c.room_code).where(*where).distinct())
    return sorted(str(row[0]) for row in rows)


def _bump(connection: Connection, codes: list[str]) -> None:
    """The rooms whose seats changed are changed: their version grows (every process re-reads them)."""
    if codes:
        connection.execute(update(rooms_table).where(rooms_table.c.code.in_(codes))
                           .values(version=rooms_table.c.version + 1))
