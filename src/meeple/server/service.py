"""Rooms, seats, moves, the computer players and the turn timer: the server's logic, without HTTP.

A room holds one engine instance, the authority on its game. Every change — a person's move, the
computer's move, a time-out, an undo — goes through :class:`RoomService` under the room's lock:

1. the seat and the room's version (a counter of changes the client saw) are checked,
2. the engine rebuilds the move (``move_from_json``) and ``push``es it; an illegal move changes nothing,
3. the store commits it (the move is durable before anyone hears of it; the moves of rooms that arrive
   together share one transaction, committed on the database thread so the event loop never waits for
   the disk),
4. every client of the room receives its own view (``view(seat)``), in order, through its outbox.

The computer players think in worker processes (:mod:`meeple.server.workers`), so a long search never
slows the other rooms; so do, in workers of their own, the long game calls an adapter names (a generated
murder case, a hint). Time comes from a :class:`Clock`, which tests replace by one they move by hand.

Rooms are rebuilt from the store (options, seed, moves) when first needed, so a restarted server
resumes every game where it stopped.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import secrets
import time
from collections import deque
from collections.abc import Awaitable, Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, NoReturn, TypeVar

from meeple.core.errors import MeepleError
from meeple.core.game import JSON, Game, canonical_json
from meeple.core.i18n import Msg
from meeple.core.limits import ContentLimits, TooLargeError
from meeple.core.modules import MissingPartError
from meeple.core.rng import derive_seed, fresh_seed
from meeple.server.bus import LEASE_MS, PRESENCE_SECONDS, PRESENCE_TTL, LocalBus
from meeple.server.fairuse import (
    GAME_CALLS_RUNNING_PER_CLIENT,
    FairQueue,
    FairUse,
    Limits,
    QueueFull,
    RateLimited,
)
from meeple.server.registry import GameEntry, GameRegistry, random_move
from meeple.server.store import Cutoffs, RoomRow, SeatRow, SeatTakenError, StaleWriteError, Store, Write
from meeple.server.workers import (
    MAX_WAITING,
    AiWorkers,
    SearchFailed,
    TimedWorkers,
    TimeLimitExceeded,
    WorkersBusy,
    preload_in_workers,
)

log = logging.getLogger("meeple.server")

T = TypeVar("T")

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""Room codes avoid letters and digits that look alike (0/O, 1/I)."""
CODE_GROUPS = (4, 4, 2)
"""A room code is 10 letters of :data:`CODE_ALPHABET` (50 bits), read aloud in groups: ``ABCD-EFGH-JK``."""
CODE_LENGTH = sum(CODE_GROUPS)
AI_ROOM_IDLE_SECONDS = 3600.0
"""A room against the computer counts as live for its creator's cap until its game is over or nobody
moved in it for this long."""
MAX_NAME = 32
MAX_TURN_SECONDS = 3600
MAX_ROOMS_IN_MEMORY = 2000
"""Rooms beyond this many are dropped from memory when idle (the store keeps them)."""
MIN_IDLE_SECONDS = 600.0
"""A room is idle once nobody asked for it for this long."""
GAME_PROCESSES = max(1, (os.cpu_count() or 1) // 2)
"""How many worker processes run the heavy game calls (cases, hints), beside the AI's own workers."""
SWEEP_BATCH = 500
"""Expired rooms deleted per transaction."""
OPTIONS_LIMITS = ContentLimits(max_bytes=40_000, max_depth=8, max_text=500, max_items=300)
"""Any game's options, whatever the game: checked before anything else. Each format's own limits for a
document sent inline (a level, a scenario, a case: 32 kB) are stricter and come next."""
SEAT_KINDS = ("human", "ai", "open")
JOIN_ATTEMPTS = 3
"""How many times a join looks again at a room another process changed under it before giving up (409)."""
MODES = ("local", "online")


class Clock:
    """The server's time: wall-clock seconds (turn deadlines survive a restart) and waiting for a moment."""

    def now(self) -> float:
        """Seconds since the epoch."""
        return time.time()

    async def sleep_until(self, moment: float) -> None:
        """Return once :meth:`now` has reached ``moment``."""
        await asyncio.sleep(max(0.0, moment - self.now()))


def normalize_code(text: str) -> str:
    """A room code as typed (any case, with or without dashes and spaces) in its one written form:
    ``abcd efgh jk`` → ``ABCD-EFGH-JK``; a code of another length (the six letters of older rooms) is
    kept as it is, upper-cased. Anything but letters and digits in between is dropped."""
    letters = "".join(ch for ch in text.upper() if ch.isascii() and ch.isalnum())
    if len(letters) != CODE_LENGTH:
        return letters
    groups, start = [], 0
    for size in CODE_GROUPS:
        groups.append(letters[start:start + size])
        start += size
    return "-".join(groups)


def new_code() -> str:
    """A fresh random room code (50 bits from the system's secure generator)."""
    return normalize_code("".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH)))


class ServerError(MeepleError):
    """A request the server refuses; ``code`` names the kind of problem for programs, ``status`` for HTTP."""

    def __init__(self, code: str, message: Msg, status: int = 400) -> None:
        super().__init__(message)
        self.code = code
        self.status = status

    def to_json(self) -> dict[str, JSON]:
        """The error as the browser receives it."""
        return {"type": "error", "error": self.code, "message": self.message.to_json()}


def _err(code: str, fr: str, en: str, status: int = 400) -> ServerError:
    return ServerError(code, Msg(fr, en), status)


def _query_error(error: MeepleError) -> ServerError:
    """A game's refusal of a question: ``missing_part`` (501) when an optional part of meeple is not installed
    (the PDF of a printed sheet without the ``pdf`` extra: a client can offer something else), else
    ``bad_query``."""
    if isinstance(error, MissingPartError):
        return ServerError("missing_part", error.message, 501)
    return ServerError("bad_query", error.message)


def _too_large(error: TooLargeError) -> ServerError:
    """Content over one of its documented limits: 413, the message naming the limit."""
    return ServerError("too_large", error.message, 413)


def _busy() -> ServerError:
    return _err("busy", "serveur occupé : réessayez dans un instant", "server busy: try again in a moment", 503)


@dataclass
class SeatSpec:
    """How a new room's seat is held: ``human`` (the creator), ``ai`` (at ``level``) or ``open``."""

    kind: str = "human"
    level: str | None = None
    name: str = ""


@dataclass
class RoomSpec:
    """What the creator of a room asks for."""

    game: str
    options: dict[str, JSON] = field(default_factory=dict)
    mode: str = "local"
    seats: list[SeatSpec] = field(default_factory=list)
    seed: int | None = None
    turn_seconds: int | None = None


MAX_OUTBOX_MESSAGES = 256
"""A client's outgoing queue holds at most this many messages (its states count once: see :class:`Client`)."""
MAX_OUTBOX_BYTES = 4 * 1024 * 1024
"""…and at most this many bytes (4 MiB); a client past either limit does not read and is disconnected."""


class Client:
    """One connected browser (or bot): the seats it holds and its bounded, ordered outbox of messages.

    Only the newest state matters to a client, so a state queued while an older one still waits takes the
    older one's place (and position: the client never sees an acknowledgement before a state at least as
    new): a slow reader is never dropped for a burst of moves. Other messages (acknowledgements, answers,
    errors) all wait their turn; a client with more than :data:`MAX_OUTBOX_MESSAGES` messages or
    :data:`MAX_OUTBOX_BYTES` bytes waiting does not read what it asks for: its queue is dropped at once
    and :attr:`overflowed` is set, for the connection to be closed.
    """

    def __init__(self, seats: Sequence[int], send: Callable[[str], Awaitable[None]], address: str = "",
                 max_messages: int = MAX_OUTBOX_MESSAGES, max_bytes: int = MAX_OUTBOX_BYTES) -> None:
        self.seats: tuple[int, ...] = tuple(sorted(set(seats)))
        self.address = address
        """Where it connects from (the key of its fair-use limits)."""
        self._send = send
        self.max_messages = max_messages
        self.max_bytes = max_bytes
        self._outbox: deque[list[str]] = deque()
        """Each message in a box of its own, so that a waiting state can be replaced where it stands."""
        self._state: list[str] | None = None
        """The box of the state waiting in the outbox, if any."""
        self._bytes = 0
        self._wake = asyncio.Event()
        self._closed = False
        self.overflowed = asyncio.Event()
        """Set once the client fell too far behind; nothing is queued for it any more."""

    @property
    def queued(self) -> tuple[int, int]:
        """How many messages, and how many bytes, wait to be sent."""
        return len(self._outbox), self._bytes

    def push(self, message: Mapping[str, JSON] | str) -> None:
        """Queue a message; messages leave in the order they were queued."""
        text = message if isinstance(message, str) else canonical_json(message)
        if self._closed or self.overflowed.is_set():
            return
        self._outbox.append([text])
        self._grew(len(text))

    def push_state(self, text: str) -> None:
        """Queue a state message (JSON text), in place of the state still waiting if there is one."""
        if self._closed or self.overflowed.is_set():
            return
        if self._state is not None:
            self._bytes -= len(self._state[0])
            self._state[0] = text
            self._grew(len(text))
            return
        self._state = [text]
        self._outbox.append(self._state)
        self._grew(len(text))

    def _grew(self, size: int) -> None:
        self._bytes += size
        if len(self._outbox) > self.max_messages or self._bytes > self.max_bytes:
            self._outbox.clear()
            self._state = None
            self._bytes = 0
            self.overflowed.set()
        self._wake.set()

    def close(self) -> None:
        """Stop the writer once the queued messages are sent."""
        self._closed = True
        self._wake.set()

    async def run_writer(self) -> None:
        """Send queued messages until :meth:`close` (or an overflow, or a failed send)."""
        while not self.overflowed.is_set():
            if not self._outbox:
                if self._closed:
                    return
                self._wake.clear()
                await self._wake.wait()
                continue
            box = self._outbox.popleft()
            if box is self._state:
                self._state = None
            self._bytes -= len(box[0])
            await self._send(box[0])


@dataclass
class Room:
    """A room in memory: its stored row, its engine and its connected clients."""

    row: RoomRow
    entry: GameEntry
    game: Game[Any]
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    clients: set[Client] = field(default_factory=set)
    ai_task: asyncio.Task[None] | None = None
    timer_task: asyncio.Task[None] | None = None
    last_access: float = field(default_factory=time.monotonic)
    views: dict[int | None, tuple[int, JSON, str]] = field(default_factory=dict)
    """The last view computed for each seat, with the room version it belongs to."""
    owner: str = ""
    """Whose AI searches this room's are in the fair queue: its creator's address (for a room rebuilt
    from the store, the address that first asked for it)."""

    @property
    def code(self) -> str:
        """The room's short code."""
        return self.row.code

    @property
    def version(self) -> int:
        """How many changes (moves and undos) the room has seen."""
        return self.row.version

    def seat(self, index: int) -> SeatRow:
        """The seat at ``index``."""
        return self.row.seats[index]

    def waiting(self) -> list[int]:
        """The seats still open: an online game starts (moves, clock, computer) once none is left."""
        return [s.seat for s in self.row.seats if s.kind == "open"]

    def seats_of(self, token: str | None) -> tuple[int, ...]:
        """The seats ``token`` holds (none for a spectator or an unknown token)."""
        if not token:
            return ()
        return tuple(s.seat for s in self.row.seats if s.token is not None and secrets.compare_digest(s.token, token))

    def active_seat(self, seats: Sequence[int]) -> int | None:
        """Whose view a client holding ``seats`` sees: the seat to move if it holds it, else its first."""
        mover = self.game.to_move()
        if mover in seats:
            return mover
        return seats[0] if seats else None


class RoomService:
    """Every room of the server, and the one way to change them."""

    def __init__(self, store: Store, registry: GameRegistry, ai_delay: float = 0.3, clock: Clock | None = None,
                 workers: AiWorkers | None = None, game_workers: AiWorkers | TimedWorkers | None = None,
                 limits: Limits | None = None, bus: LocalBus | None = None) -> None:
        self.store = store
        self.bus = bus or LocalBus()
        """The other processes of a cluster (:mod:`meeple.server.bus`); alone, a bus that tells nobody."""
        self._remote_presence: dict[str, dict[str, tuple[tuple[int, ...], float]]] = {}
        """Per room, the seats each other process's clients hold, until when that announcement holds."""
        self._background: set[asyncio.Task[None]] = set()
        self.registry = registry
        self.ai_delay = ai_delay
        self.clock = clock or Clock()
        self.limits = limits or Limits()
        self.fair = FairUse(self.limits, self.clock.now)
        """The per-address allowances (creations, joins, look-ups, queries) and the lockout after misses."""
        self.workers = workers or AiWorkers()
        self.ai_queue = FairQueue(slots=self.workers.processes, per_owner=self.limits.ai_searches_per_client)
        """In front of the AI workers: owners served in turn, a few searches each at once."""
        self._ai_rooms: dict[str, dict[str, float]] = {}
        """Per owner, its live rooms against the computer and when each last changed."""
        self._sweeper: asyncio.Task[None] | None = None
        preload_in_workers(_worker_modules(registry))
        self.game_workers = game_workers or TimedWorkers(processes=GAME_PROCESSES)
        """The heavy game calls have their own workers, with a time limit per call: a new case, a hint or a game
        built from content a client sent never waits behind an AI search, nor runs on for ever."""
        self.game_queue = FairQueue(
            slots=self.game_workers.processes, per_owner=GAME_CALLS_RUNNING_PER_CLIENT,
            per_owner_in_flight=self.limits.game_calls_per_client, max_waiting=MAX_WAITING, name="game workers")
        """In front of the game workers, as the AI's: addresses served in turn, one call each at a time, a few
        under way at most; a call whose client left is dropped from the queue, or its worker stopped."""
        self.rooms: dict[str, Room] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        self._db_thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="meeple-db")
        self._pending_writes: list[tuple[Write, asyncio.Future[None]]] = []
        self._writer: asyncio.Task[None] | None = None

    # --- plumbing -------------------------------------------------------------------------------
    async def _db(self, function: Callable[..., T], *args: Any) -> T:
        """Run a store operation on the database thread (one at a time, in order): the event loop never
        waits for the database or the disk."""
        return await asyncio.get_running_loop().run_in_executor(self._db_thread, function, *args)

    async def _write(self, write: Write) -> None:
        """Commit a room's change; changes that arrive while a commit is under way share the next
        transaction (group commit: one disk flush for all of them).

        Returns once the transaction holding this change is committed: only then may a move be acknowledged.
        """
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._pending_writes.append((write, done))
        if self._writer is None or self._writer.done():
            self._writer = asyncio.create_task(self._write_batches())
        await done

    async def _write_batches(self) -> None:
        while self._pending_writes:
            batch, self._pending_writes = self._pending_writes, []
            try:
                await self._db(self.store.write, [write for write, _ in batch])
            except Exception:
                for write, done in batch:  # one by one, so that one bad write fails alone
                    try:
                        await self._db(self.store.write, [write])
                    except Exception as error:
                        done.set_exception(error)
                    else:
                        done.set_result(None)
                continue
            for _write, done in batch:
                done.set_result(None)

    def start(self) -> None:
        """Start the periodic sweep of expired rooms (on the running event loop), and in a cluster the
        bus's listener and the presence announcements."""
        if self._sweeper is None and self.limits.sweep_seconds > 0:
            self._sweeper = asyncio.create_task(self._sweep_forever())
        if self.bus.clustered:
            self._spawn(self.bus.start(self._on_bus))
            self._spawn(self._announce_presence_forever())

    def _spawn(self, work: Awaitable[None]) -> None:
        """Run ``work`` in the background, keeping a reference until it ends (asyncio keeps only weak ones)."""
        async def run() -> None:
            await work

        task = asyncio.create_task(run())
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def close(self) -> None:
        """Stop every room's tasks and the worker processes, and release the database."""
        if self._sweeper is not None:
            self._sweeper.cancel()
        for background in list(self._background):
            background.cancel()
        await self.bus.close()
        for room in self.rooms.values():
            for task in (room.ai_task, room.timer_task):
                if task is not None:
                    task.cancel()
        self.workers.close()
        self.game_workers.close()
        self._db_thread.shutdown(wait=True)
        self.store.close()

    # --- rooms ----------------------------------------------------------------------------------
    async def create_room(self, spec: RoomSpec, owner: str = "") -> tuple[Room, str]:
        """Make a room as ``spec`` asks for the client at address ``owner``; returns it and the creator's
        seat token. A room against the computer counts towards the owner's cap of live ones."""
        entry = self.registry.get(spec.game)
        if any(seat.kind == "ai" for seat in spec.seats):
            self._check_ai_rooms(owner)
        if spec.mode not in MODES:
            raise _err("bad_request", f"mode inconnu « {spec.mode} »", f"unknown mode '{spec.mode}'")
        if spec.seed is not None and spec.mode != "local":
            raise _err("bad_request", "une partie en ligne ne choisit pas sa graine",
                       "an online game cannot choose its seed")
        seed = spec.seed if spec.seed is not None else fresh_seed()
        game = await self._new_game(entry, dict(spec.options), seed, owner)
        # Once the game is made the room is stored and kept whole, even if its creator hangs up meanwhile.
        return await asyncio.shield(self._open_room(entry, spec, game, owner))

    async def _open_room(self, entry: GameEntry, spec: RoomSpec, game: Game[Any], owner: str) -> tuple[Room, str]:
        token = secrets.token_urlsafe(18)
        seats = self._new_seats(entry, spec, game.num_players, token)
        turn_seconds = self._turn_seconds(entry, spec)
        now = self.clock.now()
        waiting = any(seat.kind == "open" for seat in seats)  # the clock starts once every seat is taken
        row = RoomRow(
            code=await self._fresh_code(), game=entry.info.name, options=dict(game.options), seed=game.seed,
            mode=spec.mode, version=0, turn_seconds=turn_seconds,
            turn_deadline=now + turn_seconds if turn_seconds and game.to_move() is not None and not waiting else None,
            created_at=now, updated_at=now, seats=seats, moves=[],
        )
        await self._db(self.store.create_room, row)
        room = Room(row=row, entry=entry, game=game, owner=owner)
        self._keep_in_memory(room)
        self._after_change(room)
        return room, token

    def _new_seats(self, entry: GameEntry, spec: RoomSpec, count: int, token: str) -> list[SeatRow]:
        if len(spec.seats) > count:
            raise _err("bad_request", f"ce jeu a {count} place(s), pas {len(spec.seats)}",
                       f"this game has {count} seat(s), not {len(spec.seats)}")
        default_kind = "human" if spec.mode == "local" else "open"
        specs = list(spec.seats) or [SeatSpec("human")]
        specs += [SeatSpec(default_kind) for _ in range(count - len(specs))]
        levels = {level.key for level in entry.adapter.levels}
        seats = []
        for index, seat in enumerate(specs):
            if seat.kind not in SEAT_KINDS:
                raise _err("bad_request", f"places[{index}] : type « {seat.kind} » inconnu",
                           f"seats[{index}]: unknown kind '{seat.kind}'")
            if seat.kind == "open" and spec.mode == "local":
                raise _err("bad_request", "une partie locale n'a pas de place libre", "a local game has no open seat")
            level = seat.level or entry.adapter.levels[0].key if seat.kind == "ai" else None
            if level is not None and level not in levels:
                raise _err("bad_request", f"places[{index}] : niveau « {level} » inconnu",
                           f"seats[{index}]: unknown level '{level}'")
            seats.append(SeatRow(seat=index, kind=seat.kind, token=token if seat.kind == "human" else None,
                                 name=seat.name.strip()[:MAX_NAME], level=level))
        if not any(seat.kind == "human" for seat in seats):
            raise _err("bad_request", "il faut au moins une place pour vous", "at least one seat must be yours")
        return seats

    @staticmethod
    def _turn_seconds(entry: GameEntry, spec: RoomSpec) -> int | None:
        seconds = spec.turn_seconds
        if seconds is None and entry.adapter.turn_seconds is not None:
            seconds = entry.adapter.turn_seconds(spec.options)
        if seconds is None:
            return None
        if entry.adapter.timeout_moves is None:
            raise _err("bad_request", "ce jeu n'a pas de limite de temps par tour", "this game has no turn timer")
        if not isinstance(seconds, int) or not 0 < seconds <= MAX_TURN_SECONDS:
            raise _err("bad_request", f"temps par tour : entre 1 et {MAX_TURN_SECONDS} secondes",
                       f"time per turn: between 1 and {MAX_TURN_SECONDS} seconds")
        return seconds

    def _check_ai_rooms(self, owner: str) -> None:
        """:class:`RateLimited` when ``owner`` already has its cap of live rooms against the computer."""
        if not owner:  # a room made by the server's own code (tests, tools), not by a client
            return
        now = self.clock.now()
        live = self._ai_rooms.get(owner, {})
        for code, at in list(live.items()):
            if now - at >= AI_ROOM_IDLE_SECONDS:
                del live[code]
        if not live:
            self._ai_rooms.pop(owner, None)
        cap = self.limits.ai_rooms_per_client
        if len(live) >= cap:
            raise RateLimited("too_many_ai_rooms", Msg(
                f"déjà {cap} parties contre l'ordinateur en cours depuis votre adresse : terminez-en une d'abord",
                f"already {cap} games against the computer under way from your address: finish one first"),
                min(live.values()) + AI_ROOM_IDLE_SECONDS - now)

    def _track_ai_room(self, room: Room) -> None:
        """Keep the owner's count of live rooms against the computer up to date after a change."""
        if not room.owner or not any(seat.kind == "ai" for seat in room.row.seats):
            return
        live = self._ai_rooms.setdefault(room.owner, {})
        if room.game.outcome() is None:
            live[room.code] = self.clock.now()
        else:
            live.pop(room.code, None)
            if not live:
                del self._ai_rooms[room.owner]

    async def _fresh_code(self) -> str:
        while True:
            code = new_code()
            if code not in self.rooms and not await self._db(self.store.code_exists, code):
                return code

    async def room(self, code: str, address: str | None = None) -> Room:
        """The room ``code`` (as typed: see :func:`normalize_code`), rebuilt from the store if it is not in
        memory. With the ``address`` of a client: refused while that address is locked out, and a code
        naming no room counts as one of its misses."""
        if address is not None:
            self.fair.check_lookup(address)
        try:
            return await self._find(code, address or "")
        except ServerError as error:
            if address is not None and error.code == "unknown_room":
                self.fair.miss(address)
            raise

    async def _find(self, typed: str, address: str) -> Room:
        code = normalize_code(typed[:64])
        if code in self.rooms:
            found = self.rooms[code]
            found.last_access = time.monotonic()
            return found
        if not 0 < len(code) <= 16:
            raise _err("unknown_room", f"aucune salle « {code[:20]} »", f"no room '{code[:20]}'", 404)
        lock = self._loading.setdefault(code, asyncio.Lock())
        try:
            async with lock:
                if code in self.rooms:
                    return self.rooms[code]
                row = await self._db(self.store.load_room, code)
                if row is None:
                    raise _err("unknown_room", f"aucune salle « {code} »", f"no room '{code}'", 404)
                room = await self._rebuild(row, address)
                room.owner = address
                self._keep_in_memory(room)
                self._after_change(room)
                return room
        finally:
            if not lock.locked():
                self._loading.pop(code, None)

    def _keep_in_memory(self, room: Room) -> None:
        """Hold ``room`` in memory; past :data:`MAX_ROOMS_IN_MEMORY`, forget the longest idle rooms that
        nobody watches and nothing is pending on (they are in the store, and come back when asked)."""
        self.rooms[room.code] = room
        if len(self.rooms) <= MAX_ROOMS_IN_MEMORY:
            return
        now = time.monotonic()
        idle = sorted(
            (r for r in self.rooms.values()
             if not r.clients and not r.lock.locked() and r is not room and now - r.last_access > MIN_IDLE_SECONDS
             and all(task is None or task.done() for task in (r.ai_task, r.timer_task))),
            key=lambda r: r.row.updated_at,
        )
        for old in idle[: len(self.rooms) - MAX_ROOMS_IN_MEMORY]:
            del self.rooms[old.code]

    async def _new_game(self, entry: GameEntry, options: Mapping[str, JSON], seed: int,
                        owner: str = "") -> Game[Any]:
        """The game's factory: in a worker process, with a time limit, when it may take long or builds a
        document the client sent inline (checked against the format's limits first: over one, nothing is
        built), in ``owner``'s turn of the fair queue; in a thread otherwise. A game's errors come back as
        they are."""
        try:
            OPTIONS_LIMITS.check(dict(options), "options")
            inline = entry.adapter.inline_options(options)
        except TooLargeError as error:
            raise _too_large(error) from error
        if not (entry.adapter.factory_in_worker or inline):
            return await asyncio.to_thread(entry.info.factory, options, seed)
        try:
            game: Game[Any] = await self._game_call(owner, entry.info.factory, options, seed)
        except TooLargeError as error:  # a limit only the format's reader checks (a map's width…)
            raise _too_large(error) from error
        except TimeLimitExceeded as error:
            limit = f"{error.seconds:g}"
            raise _err("too_slow", f"la partie n'a pas pu être préparée en {limit} s (limite) : abandon",
                       f"the game could not be made within {limit} s (the limit): given up", 422) from error
        except WorkersBusy as error:
            raise _busy() from error
        except SearchFailed as error:
            log.error("a game could not be made in a worker: %s", error)
            raise _err("internal", "erreur du jeu : la partie n'a pas pu être préparée",
                       "game error: the game could not be made", 500) from error
        return game

    async def _rebuild(self, row: RoomRow, owner: str = "") -> Room:
        entry = self.registry.get(row.game)
        upgrade = entry.adapter.stored_options
        options = upgrade(row.options) if upgrade is not None else row.options
        game = await self._new_game(entry, options, row.seed, owner)
        await asyncio.to_thread(_replay, row, game)
        return Room(row=row, entry=entry, game=game)

    async def join(self, code: str, seat: int | None, name: str, address: str | None = None) -> tuple[Room, int, str]:
        """Take an open seat (the first one if ``seat`` is None); returns the room, the seat and its token.

        The store decides who gets a seat (a conditional write: the seat still open, the room unchanged
        since this process last read it), so two people joining through two processes of a cluster at once
        never both get it, even with the bus down: the loser's process re-reads the room and answers 409.
        Taking a seat is a change of the room (its version grows), so every process re-reads it. The last
        open seat taken starts the game: its turn clock, and the computer if it moves first."""
        room = await self.room(code, address)
        async with room.lock:
            for _attempt in range(JOIN_ATTEMPTS):
                chosen, taken, deadline, starts = self._seat_to_take(room, seat, name)
                try:
                    await self._db(self.store.take_seat, room.code, taken, room.version + 1, deadline, starts)
                except (StaleWriteError, SeatTakenError):
                    await self._refresh(room)  # another process changed the room first: look again
                    continue
                room.row.seats[chosen] = taken
                room.row.version += 1
                room.row.turn_deadline = deadline
                self._after_change(room)
                return room, chosen, taken.token or ""
        raise _err("stale", "la salle change sans cesse : réessayez", "the room keeps changing: try again", 409)

    def _seat_to_take(self, room: Room, seat: int | None, name: str) -> tuple[int, SeatRow, float | None, bool]:
        """The seat a join takes as the room stands in memory: its index, its new row, the turn deadline and
        whether this seat is the last open one (the game starts); 409 when it is not open."""
        open_seats = room.waiting()
        if seat is None:
            if not open_seats:
                raise _err("room_full", "plus de place libre : vous pouvez regarder la partie",
                           "no open seat left: you may watch the game", 409)
            seat = open_seats[0]
        if not 0 <= seat < len(room.row.seats):
            raise _err("bad_request", f"pas de place {seat + 1}", f"no seat {seat + 1}")
        if seat not in open_seats:
            raise _err("seat_taken", f"la place {seat + 1} est prise", f"seat {seat + 1} is taken", 409)
        taken = SeatRow(seat=seat, kind="human", token=secrets.token_urlsafe(18), name=name.strip()[:MAX_NAME])
        starts = open_seats == [seat]
        deadline = room.row.turn_deadline
        if starts and room.row.turn_seconds and room.game.to_move() is not None:
            deadline = self.clock.now() + room.row.turn_seconds
        return seat, taken, deadline, starts

    async def resume(self, tokens: Sequence[str]) -> list[dict[str, JSON]]:
        """The rooms in which ``tokens`` hold seats, most recent first, as the "Reprendre" list shows them."""
        codes = await self._db(self.store.rooms_for_tokens, list(tokens), self._cutoffs())
        found = []
        for code in codes[:50]:
            try:
                room = await self.room(code)
            except (ServerError, MeepleError) as error:
                log.warning("room %s cannot be resumed: %s", code, error)
                continue
            seats = tuple(sorted({s for token in tokens for s in room.seats_of(token)}))
            outcome = room.game.outcome()
            found.append({
                "code": room.code, "game": room.row.game, "mode": room.row.mode, "seats": list(seats),
                "moves": len(room.game.move_stack), "over": outcome is not None,
                "to_move": room.game.to_move(), "updated_at": room.row.updated_at, "waiting": room.waiting(),
                "players": self._players(room),
            })
        return found

    # --- rooms expire ---------------------------------------------------------------------------
    def _cutoffs(self) -> Cutoffs:
        """Before which moments a finished, abandoned or never-started room has expired (None: never)."""
        now, limits = self.clock.now(), self.limits
        return Cutoffs(
            finished=now - limits.finished_ttl if limits.finished_ttl > 0 else None,
            abandoned=now - limits.abandoned_ttl if limits.abandoned_ttl > 0 else None,
            unstarted=now - limits.unstarted_ttl if limits.unstarted_ttl > 0 else None,
        )

    async def sweep(self) -> list[str]:
        """Delete the rooms that expired, from the store and from memory; returns their codes.

        A finished game goes :attr:`Limits.finished_ttl` after its last move, a game nobody moved in for
        :attr:`Limits.abandoned_ttl` goes, and so does an online room still waiting for a player
        :attr:`Limits.unstarted_ttl` after its creation. A room somebody is connected to stays (until a
        later sweep finds it alone)."""
        deleted: list[str] = []
        while True:
            spare = [code for code, room in self.rooms.items() if room.clients]
            batch = await self._db(self.store.expire_rooms, self._cutoffs(), spare, SWEEP_BATCH)
            for code in batch:
                room = self.rooms.pop(code, None)
                if room is not None:
                    for task in (room.ai_task, room.timer_task):
                        _cancel_other(task)
            for owner in list(self._ai_rooms):
                for code in batch:
                    self._ai_rooms[owner].pop(code, None)
                if not self._ai_rooms[owner]:
                    del self._ai_rooms[owner]
            deleted += batch
            if len(batch) < SWEEP_BATCH:
                break
        if deleted:  # at the level the server's log shows (docs/security.md: what is logged)
            log.warning("%d expired room(s) deleted", len(deleted))
        return deleted

    async def _sweep_forever(self) -> None:
        while True:
            await self.clock.sleep_until(self.clock.now() + self.limits.sweep_seconds)
            try:
                await self.sweep()
            except Exception:  # the database is away for a moment: the next sweep tries again
                log.exception("the sweep of expired rooms failed")

    # --- the other processes of a cluster -------------------------------------------------------
    async def _on_bus(self, message: dict[str, Any]) -> None:
        """Another process changed a room (``change``: a move, an undo, a seat taken) or
        announced who its clients are (``presence``)."""
        code = message.get("code")
        room = self.rooms.get(code) if isinstance(code, str) else None
        if room is None:
            return  # not in memory here: it will be read from the database when asked for
        kind = message.get("kind")
        if kind == "presence":
            self._note_presence(room, message)
            return
        version = message.get("version")
        async with room.lock:
            if kind == "change" and isinstance(version, int) and version <= room.version:
                return  # already seen (or made) here
            await self._refresh(room)
            self._after_change(room, publish=False)

    def _note_presence(self, room: Room, message: dict[str, Any]) -> None:
        origin, seats = message.get("origin"), message.get("seats")
        if not isinstance(origin, str) or not isinstance(seats, list):
            return
        held = tuple(sorted({seat for seat in seats if isinstance(seat, int)}))
        known = self._remote_presence.setdefault(room.code, {})
        before = known.get(origin, ((), 0.0))[0]
        known[origin] = (held, time.monotonic() + PRESENCE_TTL)
        if held != before:
            self._broadcast(room)

    def _publish_presence(self, room: Room) -> None:
        if self.bus.clustered:
            seats = sorted({seat for client in room.clients for seat in client.seats})
            self._spawn(self.bus.publish({"kind": "presence", "code": room.code, "seats": seats}))

    async def _announce_presence_forever(self) -> None:
        """Every few seconds, this process's seats of each room that has clients here (announcements
        expire, so the seats of a process that died show as disconnected); forget expired ones."""
        while True:
            await asyncio.sleep(PRESENCE_SECONDS)
            now = time.monotonic()
            for room in list(self.rooms.values()):
                if room.clients:
                    self._publish_presence(room)
                    await self._catch_up(room)
                known = self._remote_presence.get(room.code, {})
                expired = [origin for origin, (_seats, until) in known.items() if until < now]
                for origin in expired:
                    del known[origin]
                if expired:
                    self._broadcast(room)

    async def _catch_up(self, room: Room) -> None:
        """A change whose bus message never came (a process killed before publishing, Redis lost) still
        reaches this process's clients: the stored version is compared every few seconds."""
        try:
            stored = await self._db(self.store.room_version, room.code)
        except Exception as error:
            log.warning("room %s: version not read (%s)", room.code, error)
            return
        if stored is not None and stored != room.version:
            async with room.lock:
                await self._refresh(room)
                self._after_change(room, publish=False)

    async def _hold_lease(self, room: Room, version: int) -> bool:
        """Whether this process may play the computer's turn or the time-out of ``version``: it holds the
        room's lease. If another process holds it, wait for it to expire (its holder died) or for the room
        to change; False once the room changed (the holder played)."""
        while not await self.bus.acquire(room.code):
            await asyncio.sleep(LEASE_MS / 1000)
            if room.version != version:
                return False
        return True

    async def _renew_lease(self, room: Room) -> None:
        while True:
            await asyncio.sleep(LEASE_MS / 3000)
            if not await self.bus.renew(room.code):
                log.warning("lease of room %s lost while working", room.code)
                return

    async def _under_lease(self, room: Room, version: int, work: Callable[[], Awaitable[None]]) -> None:
        """Run ``work`` (an AI turn, a time-out) holding the room's lease, renewed while it runs."""
        if not await self._hold_lease(room, version):
            return
        renewing = asyncio.create_task(self._renew_lease(room))
        try:
            await work()
        finally:
            renewing.cancel()
            await self.bus.release(room.code)

    # --- what a client sees ---------------------------------------------------------------------
    def _players(self, room: Room) -> list[dict[str, JSON]]:
        connected = {seat for client in room.clients for seat in client.seats}
        now = time.monotonic()  # and the clients of the cluster's other processes
        for seats, until in self._remote_presence.get(room.code, {}).values():
            if until >= now:
                connected.update(seats)
        return [
            {"seat": s.seat, "kind": s.kind, "name": s.name, "level": s.level,
             "connected": s.kind == "ai" or s.seat in connected}
            for s in room.row.seats
        ]

    def can_undo(self, room: Room, seats: Sequence[int]) -> bool:
        """Undo exists in local games only, for the person holding every human seat, once a person moved."""
        humans = [s.seat for s in room.row.seats if s.kind == "human"]
        return (
            room.row.mode == "local"
            and bool(seats)
            and set(humans) <= set(seats)
            and any(room.seat(seat).kind == "human" for seat, _move in room.row.moves)
        )

    @staticmethod
    def _view(room: Room, seat: int | None) -> tuple[JSON, str]:
        """``view(seat)`` and its JSON text, computed once per room version (once for all seats when the
        view is public)."""
        key = None if room.entry.adapter.public_view else seat
        cached = room.views.get(key)
        if cached is None or cached[0] != room.version:
            view = room.game.view(seat)
            cached = (room.version, view, json.dumps(view, ensure_ascii=False, separators=(",", ":")))
            room.views[key] = cached
        return cached[1], cached[2]

    def state_text(self, room: Room, seats: Sequence[int]) -> str:
        """:meth:`state_for` as JSON text, reusing the view's text already encoded for this version."""
        state = self.state_for(room, seats, with_view=False)
        _view, view_text = self._view(room, state["seat"])
        head = json.dumps(state, ensure_ascii=False, separators=(",", ":"))
        return f'{head[:-1]},"view":{view_text}}}'

    def state_for(self, room: Room, seats: Sequence[int], with_view: bool = True) -> dict[str, JSON]:
        """The state message for a client holding ``seats``: its own view, never another seat's."""
        game = room.game
        active = room.active_seat(seats)
        mover = game.to_move()
        outcome = game.outcome()
        deadline = room.row.turn_deadline
        legal = None
        if room.entry.adapter.send_legal_moves and mover is not None and mover == active:
            legal = [game.move_to_json(move) for move in game.legal_moves()]
        state: dict[str, JSON] = {
            "type": "state",
            "code": room.code,
            "game": room.row.game,
            "mode": room.row.mode,
            "version": room.version,
            "seat": active,
            "seats": list(seats),
            "to_move": mover,
            "moves": len(game.move_stack),
            "outcome": outcome.to_json() if outcome is not None else None,
            "legal": legal,
            "players": self._players(room),
            "can_undo": self.can_undo(room, seats),
            "turn_seconds": room.row.turn_seconds,
            "time_left": None if deadline is None or outcome is not None else max(0.0, deadline - self.clock.now()),
            "waiting": room.waiting(),
        }
        if with_view:
            state["view"] = self._view(room, active)[0]
        return state

    async def attach(self, room: Room, client: Client) -> None:
        """A client connected: it receives the state now and after every change."""
        async with room.lock:
            if self.bus.clustered and await self._db(self.store.room_version, room.code) != room.version:
                await self._refresh(room)  # a change this process missed (the bus was down)
            room.clients.add(client)
            self._broadcast(room)
            self._publish_presence(room)

    async def detach(self, room: Room, client: Client) -> None:
        """A client left; the others see that its seats are no longer connected."""
        client.close()
        async with room.lock:
            room.clients.discard(client)
            self._broadcast(room)
            self._publish_presence(room)

    async def current_state(self, room: Room, seats: Sequence[int]) -> dict[str, JSON]:
        """:meth:`state_for` once no change is half done (a move pushed but not yet stored is never shown)."""
        async with room.lock:
            return self.state_for(room, seats)

    def _broadcast(self, room: Room) -> None:
        texts: dict[tuple[int, ...], str] = {}
        for client in list(room.clients):
            if client.seats not in texts:
                texts[client.seats] = self.state_text(room, client.seats)
            client.push_state(texts[client.seats])

    # --- changes --------------------------------------------------------------------------------
    def _check_turn(self, room: Room, seats: Sequence[int], version: JSON, seat: JSON = None) -> int:
        if isinstance(version, bool) or not isinstance(version, int):
            raise _err("malformed", "« version » : un entier est attendu", "'version': an integer is expected")
        if version != room.version:
            raise _err("stale", f"message périmé : la partie en est à la version {room.version}, pas {version}",
                       f"stale message: the game is at version {room.version}, not {version}", 409)
        mover = room.game.to_move()
        if mover is None:
            raise _err("game_over", "la partie est terminée", "the game is over", 409)
        if waiting := room.waiting():
            missing = ", ".join(str(seat + 1) for seat in waiting)
            raise _err("waiting_for_players", f"la partie attend ses joueurs : place(s) libre(s) {missing}",
                       f"the game is waiting for its players: open seat(s) {missing}", 409)
        if not seats:
            raise _err("not_your_seat", "vous ne tenez aucune place dans cette salle",
                       "you hold no seat in this room", 403)
        if seat is not None and seat != mover:
            shown = seat + 1 if isinstance(seat, int) else seat
            raise _err("not_your_turn", f"ce n'est pas à la place {shown} de jouer", f"it is not seat {shown}'s turn", 403)
        if mover not in seats:
            raise _err("not_your_turn", "ce n'est pas votre tour", "it is not your turn", 403)
        return mover

    async def play(self, room: Room, seats: Sequence[int], version: JSON, data: JSON, seat: JSON = None) -> int:
        """Play ``data`` (a move as JSON) for the client holding ``seats``; returns the new version."""
        async with room.lock:
            if self.bus.clustered and isinstance(version, int) and version != room.version:
                await self._refresh(room)  # another process may have changed it: the database decides
            mover = self._check_turn(room, seats, version, seat)
            await self._push_and_store(room, [(mover, data)])
            self._after_change(room)
            return room.version

    async def _push_and_store(self, room: Room, moves: Sequence[tuple[int, JSON]]) -> None:
        """Push each move on the engine, then store them all; on any failure the room is as before."""
        game = room.game
        pushed: list[tuple[int, JSON]] = []
        mover_before = game.to_move()
        try:
            for seat, data in moves:
                move = game.move_from_json(data)
                game.push(move)
                pushed.append((seat, game.move_to_json(move)))
        except MeepleError as error:  # IllegalMoveError above all: the engine changed nothing
            self._undo_pushes(room, len(pushed))
            raise ServerError("illegal", error.message) from error
        except Exception as error:
            log.exception("engine failure in room %s", room.code)
            await self._reload(room)
            raise _err("internal", "erreur du moteur : coup refusé", "engine error: move refused", 500) from error
        deadline = self._next_deadline(room, mover_before)
        first = len(room.row.moves)
        now = self.clock.now()
        finished = now if game.outcome() is not None else None
        try:
            await self._write(Write(room.code, room.version + 1, deadline, first, tuple(pushed), at=now,
                                    finished_at=finished))
        except StaleWriteError:
            await self._refresh_after_race(room)
        except Exception as error:
            log.exception("storage failure in room %s", room.code)
            self._undo_pushes(room, len(pushed))
            raise _err("storage", "le coup n'a pas pu être enregistré", "the move could not be stored", 503) from error
        room.row.moves.extend(pushed)
        room.row.version += 1
        room.row.turn_deadline = deadline
        room.row.updated_at, room.row.finished_at = now, finished

    @staticmethod
    def _undo_pushes(room: Room, count: int) -> None:
        for _ in range(count):
            room.game.pop()

    async def _refresh_after_race(self, room: Room) -> NoReturn:
        """Another process of the cluster changed the room first: take its version from the database, show
        it to this process's clients, and refuse the change as any stale message is refused."""
        await self._reload(room)
        self._broadcast(room)
        raise _err("stale", f"message périmé : la partie en est à la version {room.version}",
                   f"stale message: the game is at version {room.version}", 409)

    async def _refresh(self, room: Room) -> None:
        """Bring a room whose engine matches its moves in memory up to the stored version (another process
        of the cluster changed it). When the stored moves extend the ones in memory (a move: the usual case)
        only the new ones are pushed, so hearing of a move costs one move, not the whole game replayed;
        otherwise (an undo, or moves this process never saw) the engine is rebuilt from all of them."""
        row = await self._db(self.store.load_room, room.code)
        if row is None:
            return
        known = len(room.row.moves)
        if len(row.moves) >= known and all(
                seat == held_seat and canonical_json(data) == canonical_json(held)
                for (seat, data), (held_seat, held) in zip(row.moves, room.row.moves, strict=False)):
            try:
                for _seat, data in row.moves[known:]:
                    room.game.push(room.game.move_from_json(data))
            except Exception:  # a stored move does not apply here: rebuilt below from the store, the authority
                log.exception("room %s: stored moves not applied on the engine, rebuilt", room.code)
            else:
                room.row = row
                return
        rebuilt = await self._rebuild(row)
        room.game, room.row = rebuilt.game, row

    async def _reload(self, room: Room) -> None:
        """Rebuild the engine from the store after an engine failure, so the store stays the authority."""
        row = await self._db(self.store.load_room, room.code)
        if row is not None:
            rebuilt = await self._rebuild(row)
            room.game, room.row = rebuilt.game, row

    def _next_deadline(self, room: Room, mover_before: int | None) -> float | None:
        seconds = room.row.turn_seconds
        mover = room.game.to_move()
        if seconds is None or mover is None:
            return None
        if mover != mover_before or room.row.turn_deadline is None:
            return self.clock.now() + seconds
        return room.row.turn_deadline

    async def undo(self, room: Room, seats: Sequence[int], version: JSON) -> int:
        """Take back moves down to (and including) the last move of a person; returns the new version."""
        async with room.lock:
            if isinstance(version, bool) or not isinstance(version, int) or version != room.version:
                raise _err("stale", "message périmé", "stale message", 409)
            if not self.can_undo(room, seats):
                raise _err("no_undo", "rien à annuler ici", "nothing to undo here", 409)
            mover_before = room.game.to_move()
            keep = len(room.row.moves)
            while keep > 0:
                keep -= 1
                if room.seat(room.row.moves[keep][0]).kind == "human":
                    break
            popped = len(room.row.moves) - keep
            self._undo_pushes(room, popped)
            deadline = self._next_deadline(room, mover_before)
            now = self.clock.now()
            try:
                await self._write(Write(room.code, room.version + 1, deadline, keep=keep, at=now))
            except StaleWriteError:
                await self._refresh_after_race(room)
            except Exception as error:
                for _seat, data in room.row.moves[keep:]:
                    room.game.push(room.game.move_from_json(data))
                raise _err("storage", "l'annulation n'a pas pu être enregistrée", "the undo could not be stored",
                           503) from error
            del room.row.moves[keep:]
            room.row.version += 1
            room.row.turn_deadline = deadline
            room.row.updated_at, room.row.finished_at = now, None
            self._after_change(room)
            return room.version

    async def query(self, room: Room, seats: Sequence[int], name: str, params: JSON, owner: str = "") -> JSON:
        """Ask the game a question about this room's position (a preview, reachable cells, a hint…), for the
        client at address ``owner`` (whose turn of the game workers' fair queue a heavy question takes)."""
        function = room.entry.adapter.queries.get(name)
        if function is None:
            raise _err("unknown_query", f"question inconnue « {name} »", f"unknown query '{name}'", 404)
        async with room.lock:
            snapshot = room.game.copy()
            seat = room.active_seat(seats)
        try:
            return await self._ask(name in room.entry.adapter.worker_queries, owner, function, snapshot, seat, params)
        except ServerError:
            raise
        except MeepleError as error:
            raise _query_error(error) from error
        except Exception as error:
            log.exception("query %s failed in room %s", name, room.code)
            raise _err("internal", f"erreur du jeu : question « {name} » sans réponse",
                       f"game error: query '{name}' got no answer", 500) from error

    async def catalog(self, game: str, name: str, params: JSON, owner: str = "") -> JSON:
        """Ask a game a question that needs no room (its levels, its game types…), for the client at
        ``owner``."""
        entry = self.registry.get(game)
        function = entry.adapter.catalog.get(name)
        if function is None:
            raise _err("unknown_query", f"question inconnue « {name} »", f"unknown query '{name}'", 404)
        heavy = name in entry.adapter.worker_queries
        try:
            if heavy and isinstance(params, dict):
                # A document sent inline (the editors' level or case) is measured against its format's limits
                # here, before it takes a worker's time: an oversized one costs the server one walk of it.
                entry.adapter.inline_options(params, "params")
            return await self._ask(heavy, owner, function, params)
        except ServerError:
            raise
        except TooLargeError as error:  # a document sent inline over its format's limits
            raise _too_large(error) from error
        except MeepleError as error:
            raise _query_error(error) from error
        except Exception as error:
            log.exception("catalog query %s of %s failed", name, game)
            raise _err("internal", f"erreur du jeu : question « {name} » sans réponse",
                       f"game error: query '{name}' got no answer", 500) from error

    async def _ask(self, heavy: bool, owner: str, function: Callable[..., JSON], *args: Any) -> JSON:
        """A game's answer, computed in a worker process (with a time limit, in ``owner``'s turn) when
        ``heavy``, else in a thread; a game's error (:class:`MeepleError`) is raised as itself either way."""
        if not heavy:
            return await asyncio.to_thread(function, *args)
        try:
            return await self._game_call(owner, function, *args)
        except TimeLimitExceeded as error:
            limit = f"{error.seconds:g}"
            raise _err("too_slow", f"pas de réponse en {limit} s (limite) : question abandonnée",
                       f"no answer within {limit} s (the limit): question given up", 503) from error
        except WorkersBusy as error:
            raise _busy() from error

    async def _game_call(self, owner: str, function: Callable[..., T], *args: Any) -> T:
        """``function(*args)`` in a game worker, when ``owner``'s turn of :attr:`game_queue` comes.

        :class:`RateLimited` (429 ``too_many_calls``) when that address already has its
        :attr:`Limits.game_calls_per_client` calls under way, :class:`WorkersBusy` when the queue is full for
        everyone. Cancelled (its client left), a waiting call leaves the queue and a running one stops its
        worker, which is replaced (a fork of a process that has the games loaded: milliseconds)."""
        try:
            return await self.game_queue.run(owner, lambda: self.game_workers.run(function, *args))
        except QueueFull as full:
            if full.whose == "all":
                raise WorkersBusy(str(full)) from full
            cap = self.limits.game_calls_per_client
            raise RateLimited("too_many_calls", Msg(
                f"déjà {cap} calculs en cours depuis votre adresse : attendez leur réponse",
                f"already {cap} computations under way from your address: wait for their answer"), 2) from full

    # --- what happens after each change: views, the computer, the clock ----------------------------
    def _after_change(self, room: Room, publish: bool = True) -> None:
        self._broadcast(room)
        if publish and self.bus.clustered:
            self._spawn(self.bus.publish({"kind": "change", "code": room.code, "version": room.version}))
        self._track_ai_room(room)
        self._schedule_ai(room)
        self._schedule_timer(room)

    def _schedule_ai(self, room: Room) -> None:
        _cancel_other(room.ai_task)
        mover = room.game.to_move()
        if mover is None or room.seat(mover).kind != "ai" or room.waiting():
            room.ai_task = None
            return
        version = room.version
        room.ai_task = asyncio.create_task(self._under_lease(room, version, lambda: self._ai_turn(room, mover, version)))

    async def _ai_turn(self, room: Room, seat: int, version: int) -> None:
        await asyncio.sleep(self.ai_delay)
        async with room.lock:
            if room.version != version:
                return
            snapshot = room.game.copy()
        level = room.seat(seat).level
        seed = derive_seed(room.row.seed, f"ai:{version}")
        choose = room.entry.adapter.choose_move
        try:
            # the fair queue, not the pool, decides whose search goes next
            move = await self.ai_queue.run(room.owner, lambda: self.workers.run(choose, snapshot, seat, level, seed))
        except Exception:
            log.exception("AI failure in room %s; playing a random legal move", room.code)
            async with room.lock:
                if room.version != version:
                    return
                snapshot = room.game.copy()
            move = random_move(snapshot, seat, level, seed)
        async with room.lock:
            if room.version != version:
                return
            data = snapshot.move_to_json(move)
            try:
                await self._push_and_store(room, [(seat, data)])
            except ServerError as error:
                log.error("AI move refused in room %s: %s", room.code, error.text("en"))
                return
            self._after_change(room)

    def _schedule_timer(self, room: Room) -> None:
        _cancel_other(room.timer_task)
        room.timer_task = None
        deadline = room.row.turn_deadline
        if deadline is None or room.game.to_move() is None or room.entry.adapter.timeout_moves is None \
                or room.waiting():  # never a time-out for a seat nobody holds
            return
        version = room.version
        room.timer_task = asyncio.create_task(self._time_out_when_due(room, version, deadline))

    async def _time_out_when_due(self, room: Room, version: int, deadline: float) -> None:
        """At the deadline (not before: no lease is held while the clock runs), the time-out under the lease."""
        await self.clock.sleep_until(deadline)
        await self._under_lease(room, version, lambda: self._time_out(room, version, deadline))

    async def _time_out(self, room: Room, version: int, deadline: float) -> None:
        timeout_moves = room.entry.adapter.timeout_moves
        assert timeout_moves is not None
        async with room.lock:
            if room.version != version or room.game.to_move() is None:
                return
            snapshot = room.game.copy()
            moves = timeout_moves(snapshot)
            if not moves:
                log.error("time-out in room %s: the game gave no move; the clock stops", room.code)
                return
            replay = room.game.copy()
            planned = []
            for move in moves:
                planned.append((replay.to_move(), replay.move_to_json(move)))
                replay.push(move)
            try:
                await self._push_and_store(room, [(seat if seat is not None else 0, data) for seat, data in planned])
            except ServerError as error:
                log.error("time-out moves refused in room %s: %s", room.code, error.text("en"))
                return
            self._after_change(room)


def _worker_modules(registry: GameRegistry) -> set[str]:
    """The modules a worker process calls into: each game's factory, AI and questions (and the workers' own)."""
    modules = {"meeple.server.workers"}
    for entry in registry.entries():
        adapter = entry.adapter
        for function in (entry.info.factory, adapter.choose_move, *adapter.queries.values(),
                         *adapter.catalog.values()):
            module = getattr(function, "__module__", None)
            if isinstance(module, str):
                modules.add(module)
    return modules


def _replay(row: RoomRow, game: Game[Any]) -> None:
    """Push a stored room's moves on its fresh game; a move that no longer replays makes it corrupt."""
    for index, (_seat, data) in enumerate(row.moves):
        try:
            game.push(game.move_from_json(data))
        except MeepleError as error:
            raise _err("corrupt_room", f"salle {row.code} : coup {index} illisible : {error.message.fr}",
                       f"room {row.code}: move {index} cannot be replayed: {error.message.en}", 500) from error


def _cancel_other(task: asyncio.Task[None] | None) -> None:
    """Cancel a room's pending task, unless it is the one running (the AI or the timer that just played
    finishes by itself)."""
    if task is not None and not task.done() and task is not asyncio.current_task():
        task.cancel()
