"""Durable rooms: SQLAlchemy tables for rooms, seats and moves, and the few operations the server needs.

SQLite by default (one file, write-ahead log, ``synchronous=FULL``: a commit reaches the disk before it
returns, so it survives a crash of the process or of the machine), any SQLAlchemy URL through
``MEEPLE_DATABASE_URL`` (PostgreSQL with the psycopg driver is tested). A room is stored as its options,
seed and moves: the engine replays them to rebuild the position, so the store never needs to understand a
game. Every method runs one transaction and returns only once it is committed: a move is acknowledged only
after the :meth:`Store.write` holding it returned. The changes of many rooms share one transaction
(group commit): one disk flush for all of them.

The tables below are what the code reads and writes; the database gets them through the migrations of
:mod:`meeple.server.migrations` (run when a :class:`Store` opens it), which a test keeps equal to them.

The methods are synchronous; the server calls them from one dedicated thread.
"""

from __future__ import annotations

import json
import logging
import threading
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import (
    ColumnElement,
    Engine,
    and_,
    bindparam,
    create_engine,
    delete,
    event,
    insert,
    not_,
    or_,
    select,
    update,
)
from sqlalchemy.engine import make_url
from sqlalchemy.exc import SQLAlchemyError

from meeple.core.errors import MeepleError
from meeple.core.game import JSON, canonical_json
from meeple.core.i18n import Msg
from meeple.core.modules import require_optional
from meeple.server.migrations import upgrade
from meeple.server.tables import moves_table, rooms_table, seats_table

log = logging.getLogger("meeple.server")

@dataclass
class SeatRow:
    """One seat of a room: a person (``human``), a free place (``open``) or the computer (``ai``)."""

    seat: int
    kind: str
    token: str | None
    name: str
    level: str | None = None
    account_id: int | None = None
    """The account holding the seat (None: a guest, the computer, an open seat)."""
    account_deleted: bool = False
    """Held by an account that was deleted since (its name is gone: « joueur supprimé »)."""


@dataclass
class RoomRow:
    """Everything stored about a room."""

    code: str
    game: str
    options: dict[str, JSON]
    seed: int
    mode: str
    version: int
    turn_seconds: int | None
    turn_deadline: float | None
    created_at: float
    updated_at: float
    seats: list[SeatRow]
    moves: list[tuple[int, JSON]]
    """(seat, move as JSON), oldest first."""
    finished_at: float | None = None
    """When its game ended (None while it goes on; also for rooms stored before this was recorded)."""
    rated: bool = False
    """Whether its result moves the players' ratings."""
    result: dict[str, JSON] | None = None
    """The ending its players decided, beside the rules' (a resignation, an agreed draw, an abort:
    :mod:`meeple.server.endings`); None while the rules alone decide."""
    offer: dict[str, JSON] | None = None
    """The offer waiting for an answer (a draw, a takeback, a rematch: :mod:`meeple.server.actions`), or None."""
    rematch: str | None = None
    """The code of the room of its rematch, once the players agreed to one."""


@dataclass(frozen=True)
class Cutoffs:
    """When rooms expire (epoch seconds; None: that rule is off): finished games whose last move is older
    than ``finished``, unfinished games whose last change is older than ``abandoned``, rooms with a seat
    still open created before ``unstarted``."""

    finished: float | None = None
    abandoned: float | None = None
    unstarted: float | None = None


@dataclass(frozen=True)
class Write:
    """One room's change, one step of a group commit: forget its moves from index ``keep`` on (an undo),
    add ``moves`` (seat, move JSON) from index ``first_index``, and set its version and turn clock."""

    code: str
    version: int
    turn_deadline: float | None
    first_index: int = 0
    moves: tuple[tuple[int, JSON], ...] = ()
    keep: int | None = None
    at: float = field(default_factory=time.time)
    finished_at: float | None = None
    """When the game ended with this change (None: it goes on)."""
    result: dict[str, JSON] | None = None
    offer: dict[str, JSON] | None = None
    rematch: str | None = None
    """The room's ending decided by its players, pending offer and rematch after this change (each change
    writes all three, as the room then stands: :class:`RoomRow`)."""
    creates: RoomRow | None = None
    """A room made in the same transaction (a rematch: the new room exists exactly when the old one points
    at it)."""


_INSERT_MOVES = insert(moves_table)
_TOUCH_ROOMS = (
    update(rooms_table)
    .where(rooms_table.c.code == bindparam("w_code"))
    .values(version=bindparam("w_version"), turn_deadline=bindparam("w_deadline"), updated_at=bindparam("w_at"),
            finished_at=bindparam("w_finished"), result=bindparam("w_result"), offer=bindparam("w_offer"),
            rematch=bindparam("w_rematch"))
)
_FORGET_MOVES = delete(moves_table).where(moves_table.c.room_code == bindparam("w_code"),
                                          moves_table.c.idx >= bindparam("w_keep"))
"""Built once: each transaction sends them with every room's values at once (``executemany``)."""

DEFAULT_URL = "sqlite:///meeple.sqlite3"


class DatabaseError(MeepleError):
    """The database cannot be opened or used: names it (without its password) and says why."""

    def __init__(self, url: str, error: Exception) -> None:
        where = make_url(url).render_as_string(hide_password=True) if "://" in url else url
        reason = str(getattr(error, "orig", None) or error).splitlines()[0]
        super().__init__(Msg(f"base de données inutilisable ({where}) : {reason}",
                             f"unusable database ({where}): {reason}"))


def with_driver(url: str) -> str:
    """``url`` with the PostgreSQL driver meeple installs (psycopg 3) when it names none:
    ``postgresql://…`` and ``postgres://…`` mean ``postgresql+psycopg://…``."""
    for scheme in ("postgresql://", "postgres://"):
        if url.startswith(scheme):
            return "postgresql+psycopg://" + url[len(scheme):]
    return url


def make_engine(url: str) -> Engine:
    """An SQLAlchemy engine for ``url``; SQLite gets a write-ahead log and a busy timeout."""
    url = with_driver(url)
    if url.startswith("postgresql+psycopg"):
        require_optional("psycopg", "postgresql", Msg("Une base PostgreSQL", "A PostgreSQL database"))
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

        @event.listens_for(engine, "connect")
        def _pragmas(connection: Any, _record: Any) -> None:
            cursor = connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            # FULL: each commit flushes the log to the disk before it returns, so an acknowledged move
            # survives a power cut too (NORMAL would only survive the process being killed). The server
            # commits the moves of many rooms together, so the flush is shared.
            cursor.execute("PRAGMA synchronous=FULL")
            # The log is copied into the database file by the Checkpointer's thread, not by the commit
            # that fills it (every move waiting on that commit would wait for the copy and its flush);
            # SQLite's own checkpoint stays as a safety net, far later than its default of 1000 pages.
            cursor.execute(f"PRAGMA wal_autocheckpoint={SAFETY_CHECKPOINT_PAGES}")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.close()

        return engine
    return create_engine(url, pool_pre_ping=True)


CHECKPOINT_SECONDS = 1.0
"""How often the SQLite log is copied into the database file, off the commits' path."""
SAFETY_CHECKPOINT_PAGES = 20000


class Checkpointer:
    """Copies an SQLite database's write-ahead log into its file every :data:`CHECKPOINT_SECONDS`, from its
    own thread and connection (a passive checkpoint: commits go on meanwhile). Durability does not depend
    on it: a commit is on the disk once its log is flushed."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="meeple-checkpoint", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.wait(CHECKPOINT_SECONDS):
            try:
                with self.engine.connect() as connection:
                    connection.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")
            except SQLAlchemyError as error:  # SQLite's own checkpoint still runs later
                log.warning("checkpoint failed: %s", error)

    def stop(self) -> None:
        """Stop checkpointing (the last copy, if one is under way, finishes first)."""
        self._stop.set()
        self._thread.join()


class Store:
    """The rooms database."""

    def __init__(self, url: str = DEFAULT_URL) -> None:
        self.url = url
        try:
            self.engine = make_engine(url)
            upgrade(self.engine)  # the schema of this meeple, in place (migrations: meeple.server.migrations)
        except (SQLAlchemyError, ImportError) as error:  # ImportError: the database's driver is not installed
            raise DatabaseError(url, error) from error
        file_db = self.engine.dialect.name == "sqlite" and self.engine.url.database not in (None, "", ":memory:")
        self._checkpointer = Checkpointer(self.engine) if file_db else None

    def close(self) -> None:
        """Stop the checkpoints and release the connections."""
        if self._checkpointer is not None:
            self._checkpointer.stop()
        self.engine.dispose()

    def code_exists(self, code: str) -> bool:
        """Whether a room already uses ``code``."""
        with self.engine.connect() as connection:
            return connection.execute(select(rooms_table.c.code).where(rooms_table.c.code == code)).first() is not None

    def create_room(self, room: RoomRow) -> None:
        """Store a new room, its seats and the moves it starts from (an imported game; usually none)."""
        with self.engine.begin() as connection:
            _insert_room(connection, room)

    def load_room(self, code: str) -> RoomRow | None:
        """The room ``code`` with its seats and moves, or None."""
        with self.engine.connect() as connection:
            row = connection.execute(select(rooms_table).where(rooms_table.c.code == code)).mappings().first()
            if row is None:
                return None
            seat_rows = connection.execute(
                select(seats_table).where(seats_table.c.room_code == code).order_by(seats_table.c.seat)
            ).mappings()
            move_rows = connection.execute(
                select(moves_table.c.seat, moves_table.c.move)
                .where(moves_table.c.room_code == code)
                .order_by(moves_table.c.idx)
            )
            return RoomRow(
                code=row["code"],
                game=row["game"],
                options=json.loads(row["options"]),
                seed=int(row["seed"]),
                mode=row["mode"],
                version=int(row["version"]),
                turn_seconds=row["turn_seconds"],
                turn_deadline=row["turn_deadline"],
                created_at=row["created_at"],
                updated_at=row["updated_at"],
                seats=[
                    SeatRow(seat=s["seat"], kind=s["kind"], token=s["token"], name=s["name"], level=s["level"],
                            account_id=s["account_id"], account_deleted=bool(s["account_deleted"]))
                    for s in seat_rows
                ],
                moves=[(int(seat), json.loads(move)) for seat, move in move_rows],
                finished_at=row["finished_at"],
                rated=bool(row["rated"]),
                result=_json_loaded(row["result"]),
                offer=_json_loaded(row["offer"]),
                rematch=row["rematch"],
            )

    def append_moves(
        self,
        code: str,
        first_index: int,
        moves: Sequence[tuple[int, JSON]],
        version: int,
        turn_deadline: float | None,
    ) -> None:
        """Add moves (seat, move JSON) from index ``first_index`` and set the room's version and clock."""
        self.write([Write(code, version, turn_deadline, first_index, tuple(moves))])

    def truncate_moves(self, code: str, keep: int, version: int, turn_deadline: float | None) -> None:
        """Forget the moves from index ``keep`` on (an undo) and set the room's version and clock."""
        self.write([Write(code, version, turn_deadline, keep=keep)])

    def write(self, writes: Sequence[Write]) -> None:
        """Apply the changes of several rooms in one transaction: all are committed, or none (group commit).

        Each room appears at most once (the server changes a room only after its previous change is stored).
        """
        forget = [{"w_code": w.code, "w_keep": w.keep} for w in writes if w.keep is not None]
        rows = [{"room_code": w.code, "idx": w.first_index + offset, "seat": seat, "move": canonical_json(move),
                 "created_at": w.at} for w in writes for offset, (seat, move) in enumerate(w.moves)]
        rooms = [{"w_code": w.code, "w_version": w.version, "w_deadline": w.turn_deadline, "w_at": w.at,
                  "w_finished": w.finished_at, "w_result": _json_or_none(w.result), "w_offer": _json_or_none(w.offer),
                  "w_rematch": w.rematch} for w in writes]
        with self.engine.begin() as connection:
            _check_versions(connection, writes)
            for write in writes:
                if write.creates is not None:
                    _insert_room(connection, write.creates)
            if forget:
                connection.execute(_FORGET_MOVES, forget)
            if rows:
                connection.execute(_INSERT_MOVES, rows)
            if rooms:
                connection.execute(_TOUCH_ROOMS, rooms)

    def room_version(self, code: str) -> int | None:
        """The stored version of room ``code`` (None: no such room)."""
        with self.engine.connect() as connection:
            found = connection.execute(select(rooms_table.c.version).where(rooms_table.c.code == code)).first()
            return None if found is None else int(found[0])

    def set_deadline(self, code: str, turn_deadline: float | None) -> None:
        """Set the end of the current turn (epoch seconds), or None for no limit."""
        with self.engine.begin() as connection:
            connection.execute(update(rooms_table).where(rooms_table.c.code == code).values(turn_deadline=turn_deadline))

    def take_seat(self, code: str, seat: SeatRow, version: int, turn_deadline: float | None = None,
                  start_clock: bool = False) -> None:
        """Give an open seat its holder (someone joined) as the room's change number ``version``; with
        ``start_clock`` (the last open seat is taken) also the room's first turn deadline.

        Conditional, in one transaction: the room must still be at ``version - 1`` (:class:`StaleWriteError`
        otherwise: another process changed it first) and the seat still open (:class:`SeatTakenError`).
        Of two processes giving one seat at once, exactly one succeeds, whatever the bus knows."""
        values: dict[str, Any] = {"version": version}
        if start_clock:
            values["turn_deadline"] = turn_deadline
        with self.engine.begin() as connection:
            bumped = connection.execute(update(rooms_table).where(
                rooms_table.c.code == code, rooms_table.c.version == version - 1).values(**values))
            if bumped.rowcount != 1:
                raise StaleWriteError([code])
            taken = connection.execute(
                update(seats_table)
                .where(seats_table.c.room_code == code, seats_table.c.seat == seat.seat, seats_table.c.kind == "open")
                .values(kind=seat.kind, token=seat.token, name=seat.name, level=seat.level, account_id=seat.account_id)
            )
            if taken.rowcount != 1:  # the transaction is rolled back: the version stays as it was
                raise SeatTakenError(code, seat.seat)

    def rooms_for_tokens(self, tokens: Iterable[str], cutoffs: Cutoffs | None = None) -> list[str]:
        """The codes of the rooms in which one of ``tokens`` holds a seat, most recently active first
        (without those expired by ``cutoffs``)."""
        wanted = [token for token in tokens if token][:200]
        if not wanted:
            return []
        query = (select(rooms_table.c.code, rooms_table.c.updated_at)
                 .join(seats_table, seats_table.c.room_code == rooms_table.c.code)
                 .where(seats_table.c.token.in_(wanted)))
        expired = expired_condition(cutoffs or Cutoffs())
        if expired is not None:
            query = query.where(not_(expired))
        with self.engine.connect() as connection:
            rows = connection.execute(query.distinct().order_by(rooms_table.c.updated_at.desc()))
            return [row[0] for row in rows]

    def expire_rooms(self, cutoffs: Cutoffs, spare: Sequence[str] = (), limit: int = 500) -> list[str]:
        """Delete up to ``limit`` rooms expired by ``cutoffs`` (not those of ``spare``), with their seats and
        moves, in one transaction; returns their codes."""
        expired = expired_condition(cutoffs)
        if expired is None:
            return []
        query = select(rooms_table.c.code).where(expired)
        if spare:
            query = query.where(rooms_table.c.code.not_in(list(spare)))
        with self.engine.begin() as connection:
            codes = [row[0] for row in connection.execute(query.order_by(rooms_table.c.updated_at).limit(limit))]
            if codes:
                for table in (moves_table, seats_table):
                    connection.execute(delete(table).where(table.c.room_code.in_(codes)))
                connection.execute(delete(rooms_table).where(rooms_table.c.code.in_(codes)))
            return codes


class StaleWriteError(MeepleError):
    """A change written for a room version that is no longer the stored one: another server process of the
    cluster changed the room first. Nothing of the transaction is kept."""

    def __init__(self, codes: Sequence[str]) -> None:
        super().__init__(Msg(f"salle changée entre-temps : {', '.join(codes)}", f"room changed meanwhile: {', '.join(codes)}"))
        self.codes = tuple(codes)


class SeatTakenError(MeepleError):
    """A seat given to someone after it stopped being open: somebody else holds it. Nothing is changed."""

    def __init__(self, code: str, seat: int) -> None:
        super().__init__(Msg(f"salle {code} : la place {seat + 1} n'est plus libre",
                             f"room {code}: seat {seat + 1} is no longer open"))
        self.code, self.seat = code, seat


def _check_versions(connection: Any, writes: Sequence[Write]) -> None:
    """Each change is written over the version it was made from (its own version minus one), checked under
    a row lock in the transaction that writes it: of two processes changing one room at once, exactly one
    wins (the database orders the moves of a room, not any one server process)."""
    if not writes:
        return
    codes = [w.code for w in writes]
    query = select(rooms_table.c.code, rooms_table.c.version).where(rooms_table.c.code.in_(codes)).with_for_update()
    stored = {code: int(version) for code, version in connection.execute(query)}
    stale = [w.code for w in writes if stored.get(w.code) != w.version - 1]
    if stale:
        raise StaleWriteError(stale)


def expired_condition(cutoffs: Cutoffs) -> ColumnElement[bool] | None:
    """The SQL condition of an expired room (None when every rule is off)."""
    rules: list[ColumnElement[bool]] = []
    rooms = rooms_table.c
    if cutoffs.finished is not None:
        rules.append(and_(rooms.finished_at.is_not(None), rooms.updated_at < cutoffs.finished))
    if cutoffs.abandoned is not None:
        rules.append(and_(rooms.finished_at.is_(None), rooms.updated_at < cutoffs.abandoned))
    if cutoffs.unstarted is not None:
        other = seats_table.alias("open_seats")  # not the seats a query may join already
        open_seat = select(other.c.seat).where(other.c.room_code == rooms.code, other.c.kind == "open")
        rules.append(and_(rooms.created_at < cutoffs.unstarted, open_seat.exists()))
    return or_(*rules) if rules else None


def _insert_room(connection: Any, room: RoomRow) -> None:
    """Insert a new room, its seats and its starting moves, in the transaction of ``connection``."""
    connection.execute(
        insert(rooms_table).values(
            code=room.code,
            game=room.game,
            options=canonical_json(room.options),
            seed=room.seed,
            mode=room.mode,
            version=room.version,
            turn_seconds=room.turn_seconds,
            turn_deadline=room.turn_deadline,
            created_at=room.created_at,
            updated_at=room.updated_at,
            finished_at=room.finished_at,
            rated=room.rated,
            result=_json_or_none(room.result),
            offer=_json_or_none(room.offer),
            rematch=room.rematch,
        )
    )
    connection.execute(insert(seats_table), [_seat_values(room.code, seat) for seat in room.seats])
    if room.moves:
        connection.execute(_INSERT_MOVES, [
            {"room_code": room.code, "idx": index, "seat": seat, "move": canonical_json(move),
             "created_at": room.created_at} for index, (seat, move) in enumerate(room.moves)])


def _json_or_none(value: JSON) -> str | None:
    return None if value is None else canonical_json(value)


def _json_loaded(text: str | None) -> Any:
    return None if text is None else json.loads(text)


def _seat_values(code: str, seat: SeatRow) -> dict[str, Any]:
    return {"room_code": code, "seat": seat.seat, "kind": seat.kind, "token": seat.token, "name": seat.name,
            "level": seat.level, "account_id": seat.account_id, "account_deleted": seat.account_deleted}
