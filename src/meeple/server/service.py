"""Rooms, seats and moves: the server's logic, without HTTP.

A room holds one engine instance, the authority on its game. Every change — a person's move, the
computer's move, a time-out, an undo, a seat taken — goes through :class:`RoomService` under the room's lock:

1. the seat and the room's version (a counter of changes the client saw) are checked,
2. the engine rebuilds the move (``move_from_json``) and ``push``es it; an illegal move changes nothing,
3. the store commits it (the move is durable before anyone hears of it: :mod:`meeple.server.database`),
4. every client of the room receives its own view (:mod:`meeple.server.views`), in order, through its outbox,
5. the turn that follows starts: the computer's or the turn clock (:mod:`meeple.server.turns`), and the
   cluster's other processes hear of the change (:mod:`meeple.server.cluster`).

The games' heavy work (a generated murder case, a hint, a game built from content a client sent) runs in
worker processes through a fair queue (:mod:`meeple.server.calls`); rooms expire (:mod:`meeple.server.expiry`).
Time comes from a :class:`~meeple.server.clock.Clock`, which tests replace by one they move by hand.

Rooms are rebuilt from the store (options, seed, moves) when first needed, so a restarted server
resumes every game where it stopped.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, NoReturn

from meeple.core.errors import MeepleError
from meeple.core.game import JSON, Game, canonical_json
from meeple.core.rng import fresh_seed
from meeple.server.actions import Actions
from meeple.server.bus import LocalBus
from meeple.server.calls import GameCalls
from meeple.server.clients import Client
from meeple.server.clock import Clock
from meeple.server.cluster import Cluster
from meeple.server.codes import new_code, normalize_code
from meeple.server.database import Database
from meeple.server.errors import ServerError, refusal
from meeple.server.expiry import Expiry
from meeple.server.fairuse import FairQueue, FairUse, Limits
from meeple.server.people.accounts import People
from meeple.server.people.store import Account
from meeple.server.registry import GameEntry, GameRegistry
from meeple.server.rooms import (
    MAX_NAME,
    MODES,
    Room,
    RoomSpec,
    new_seats,
    play_opening,
    recorded_options,
    replay,
    turn_seconds,
)
from meeple.server.shared_limits import shared_counters
from meeple.server.store import RoomRow, SeatRow, SeatTakenError, StaleWriteError, Store, Write
from meeple.server.turns import Turns
from meeple.server.views import Views
from meeple.server.workers import AiWorkers, TimedWorkers

log = logging.getLogger("meeple.server")

MAX_ROOMS_IN_MEMORY = 2000
"""Rooms beyond this many are dropped from memory when idle (the store keeps them)."""
MIN_IDLE_SECONDS = 600.0
"""A room is idle once nobody asked for it for this long."""
JOIN_ATTEMPTS = 3
"""How many times a join looks again at a room another process changed under it before giving up (409)."""


class RoomService:
    """Every room of the server, and the one way to change them."""

    def __init__(self, store: Store, registry: GameRegistry, ai_delay: float = 0.3, clock: Clock | None = None,
                 workers: AiWorkers | None = None, game_workers: AiWorkers | TimedWorkers | None = None,
                 limits: Limits | None = None, bus: LocalBus | None = None) -> None:
        self.registry = registry
        self.clock = clock or Clock()
        self.limits = limits or Limits()
        self.db = Database(store)
        self.fair = FairUse(self.limits, self.clock.now, shared_counters(bus))
        """The per-address allowances (creations, joins, look-ups, queries, moves) and the lockout after misses;
        in a cluster counted in the bus's Redis, so that one address has one allowance whatever process it reaches."""
        self.rooms: dict[str, Room] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        self._background: set[asyncio.Task[None]] = set()
        self.cluster = Cluster(self, bus or LocalBus())
        """The other processes of a cluster (:mod:`meeple.server.bus`); alone, a bus that tells nobody."""
        self.views = Views(self.clock, self.cluster.remote_seats)
        self.calls = GameCalls(registry, self.limits, game_workers)
        self.turns = Turns(self, workers, ai_delay)
        self.expiry = Expiry(self)
        self.people = People(self)
        """The accounts and their sessions (:mod:`meeple.server.people`)."""
        self.actions = Actions(self)
        """Resign, abort, draw, takeback and rematch (:mod:`meeple.server.actions`)."""
        self.on_finished: list[Callable[[Room], Awaitable[None]]] = []
        """Called once a room's game is over (see :meth:`finished`): the ratings subscribe here."""
        self._sweeper: asyncio.Task[None] | None = None

    @property
    def store(self) -> Store:
        """The rooms database (used from :attr:`db`'s thread only)."""
        return self.db.store

    @property
    def game_workers(self) -> AiWorkers | TimedWorkers:
        """The worker processes of the games' heavy calls."""
        return self.calls.workers

    @property
    def game_queue(self) -> FairQueue:
        """The fair queue in front of :attr:`game_workers`."""
        return self.calls.queue

    @property
    def ai_queue(self) -> FairQueue:
        """The fair queue in front of the computer's workers."""
        return self.turns.queue

    def start(self) -> None:
        """Start the periodic sweep of expired rooms (on the running event loop), and in a cluster the
        bus's listener and the presence announcements."""
        if self._sweeper is None and self.limits.sweep_seconds > 0:
            self._sweeper = asyncio.create_task(self.expiry.sweep_forever())
        self.cluster.start()

    def spawn(self, work: Awaitable[None]) -> None:
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
        await self.cluster.close()
        for room in self.rooms.values():
            for task in (room.ai_task, room.timer_task):
                if task is not None:
                    task.cancel()
        self.turns.close()
        self.calls.close()
        self.db.close()

    def after_change(self, room: Room, publish: bool = True) -> None:
        """After any change of ``room`` (or its arrival in memory): its clients see it, the other processes
        hear of it (unless it came from them: ``publish=False``), and the turn that follows starts."""
        self.views.broadcast(room)
        if publish:
            self.cluster.publish_change(room)
        self.turns.schedule(room)
        self.actions.tell_rematch(room)

    def finished(self, room: Room) -> None:
        """``room``'s game ended with the change this process just stored (a last move, a time-out, a
        resignation, an agreed draw, an abort): each of :attr:`on_finished` is called with it, once, in the
        background (never for a room that was already over, nor on another process that hears of it).
        ``room.outcome()`` says how it ended and ``room.scores()`` each seat's score (1, 0.5, 0; None for an
        aborted game, which does not count). A local game taken back by its undo and finished again tells
        again; a rated game has no undo and no takeback."""
        for hook in self.on_finished:
            self.spawn(self._tell_finished(hook, room))

    @staticmethod
    async def _tell_finished(hook: Callable[[Room], Awaitable[None]], room: Room) -> None:
        try:
            await hook(room)
        except Exception:  # one subscriber's failure is its own: the game stays as stored
            log.exception("room %s: a hook of the game's end failed", room.code)

    # --- questions, and what a client sees ----------------------------------------------------------
    async def query(self, room: Room, seats: Sequence[int], name: str, params: JSON, owner: str = "") -> JSON:
        """Ask the game a question about this room's position (:meth:`GameCalls.query`); the computer's help
        (``GameAdapter.assisting_queries``) is refused to everyone while a rated game goes on."""
        if room.row.rated and name in room.entry.adapter.assisting_queries and room.outcome() is None:
            raise refusal("no_help_in_rated", "partie classée en cours : pas d'aide de l'ordinateur avant la fin",
                          "rated game in progress: no help from the computer before its end", 409)
        return await self.calls.query(room, seats, name, params, owner)

    async def catalog(self, game: str, name: str, params: JSON, owner: str = "") -> JSON:
        """Ask a game a question that needs no room (:meth:`GameCalls.catalog`)."""
        return await self.calls.catalog(game, name, params, owner)

    def state_for(self, room: Room, seats: Sequence[int]) -> dict[str, JSON]:
        """The state message of ``room`` for a client holding ``seats`` (:meth:`Views.state_for`)."""
        return self.views.state_for(room, seats)

    async def sweep(self) -> list[str]:
        """Delete the rooms that expired now (:meth:`Expiry.sweep`)."""
        return await self.expiry.sweep()

    # --- rooms ----------------------------------------------------------------------------------
    async def create_room(self, spec: RoomSpec, owner: str = "", account: Account | None = None) -> tuple[Room, str]:
        """Make a room as ``spec`` asks for the client at address ``owner`` (signed in as ``account``: its
        seats are the account's, under its name); returns it and the creator's seat token. A room against
        the computer counts towards the owner's cap of live ones."""
        entry = self.registry.get(spec.game)
        if any(seat.kind == "ai" for seat in spec.seats):
            self.turns.check_ai_rooms(owner)
        if spec.mode not in MODES:
            raise refusal("bad_request", f"mode inconnu « {spec.mode} »", f"unknown mode '{spec.mode}'")
        if spec.seed is not None and spec.mode != "local":
            raise refusal("bad_request", "une partie en ligne ne choisit pas sa graine",
                          "an online game cannot choose its seed")
        seed = spec.seed if spec.seed is not None else fresh_seed()
        game = await self.calls.new_game(entry, dict(spec.options), seed, owner)
        # an imported game's moves, each checked by the engine, in a thread (not the server's loop)
        opening = await asyncio.to_thread(play_opening, game, spec.moves) if spec.moves else []
        # Once the game is made the room is stored and kept whole, even if its creator hangs up meanwhile.
        return await asyncio.shield(self._open_room(entry, spec, game, owner, opening, account))

    async def _open_room(self, entry: GameEntry, spec: RoomSpec, game: Game[Any], owner: str,
                         opening: list[tuple[int, JSON]], account: Account | None) -> tuple[Room, str]:
        token = secrets.token_urlsafe(18)
        seats = new_seats(entry, spec, game.num_players, token)
        if account is not None:
            for seat in seats:
                if seat.token == token:
                    seat.account_id, seat.name = account.id, account.name
        clock_seconds = turn_seconds(entry, spec)
        now = self.clock.now()
        waiting = any(seat.kind == "open" for seat in seats)  # the clock starts once every seat is taken
        row = RoomRow(
            code=await self.fresh_code(), game=entry.info.name, options=recorded_options(entry, game), seed=game.seed,
            mode=spec.mode, version=0, turn_seconds=clock_seconds,
            turn_deadline=now + clock_seconds if clock_seconds and game.to_move() is not None and not waiting else None,
            created_at=now, updated_at=now, seats=seats, moves=opening,
            finished_at=now if opening and game.outcome() is not None else None, rated=spec.rated,
        )
        await self.db.run(self.store.create_room, row)
        room = Room(row=row, entry=entry, game=game, owner=owner)
        self.keep_in_memory(room)
        self.after_change(room)
        return room, token

    async def fresh_code(self) -> str:
        """A room code no room uses yet."""
        while True:
            code = new_code()
            if code not in self.rooms and not await self.db.run(self.store.code_exists, code):
                return code

    async def room(self, code: str, address: str | None = None) -> Room:
        """The room ``code`` (as typed: see :func:`normalize_code`), rebuilt from the store if it is not in
        memory. With the ``address`` of a client: refused while that address is locked out, and a code
        naming no room counts as one of its misses."""
        if address is not None:
            await self.fair.check_lookup(address)
        try:
            return await self._find(code, address or "")
        except ServerError as error:
            if address is not None and error.code == "unknown_room":
                await self.fair.miss(address)
            raise

    async def _find(self, typed: str, address: str) -> Room:
        code = normalize_code(typed[:64])
        if code in self.rooms:
            found = self.rooms[code]
            found.last_access = time.monotonic()
            return found
        if not 0 < len(code) <= 16:
            raise refusal("unknown_room", f"aucune salle « {code[:20]} »", f"no room '{code[:20]}'", 404)
        lock = self._loading.setdefault(code, asyncio.Lock())
        try:
            async with lock:
                if code in self.rooms:
                    return self.rooms[code]
                row = await self.db.run(self.store.load_room, code)
                if row is None:
                    raise refusal("unknown_room", f"aucune salle « {code} »", f"no room '{code}'", 404)
                room = await self._rebuild(row, address)
                room.owner = address
                self.keep_in_memory(room)
                self.after_change(room)
                return room
        finally:
            if not lock.locked():
                self._loading.pop(code, None)

    def keep_in_memory(self, room: Room) -> None:
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

    async def _rebuild(self, row: RoomRow, owner: str = "") -> Room:
        entry = self.registry.get(row.game)
        upgrade = entry.adapter.stored_options
        options = upgrade(row.options) if upgrade is not None else row.options
        game = await self.calls.new_game(entry, options, row.seed, owner)
        await asyncio.to_thread(replay, row, game)
        return Room(row=row, entry=entry, game=game)

    async def join(self, code: str, seat: int | None, name: str, address: str | None = None,
                   account: Account | None = None) -> tuple[Room, int, str]:
        """Take an open seat (the first one if ``seat`` is None), under the name of ``account`` when signed in;
        returns the room, the seat and its token.

        The store decides who gets a seat (a conditional write: the seat still open, the room unchanged
        since this process last read it), so two people joining through two processes of a cluster at once
        never both get it, even with the bus down: the loser's process re-reads the room and answers 409.
        Taking a seat is a change of the room (its version grows), so every process re-reads it. The last
        open seat taken starts the game: its turn clock, and the computer if it moves first."""
        room = await self.room(code, address)
        async with room.lock:
            for _attempt in range(JOIN_ATTEMPTS):
                chosen, taken, deadline, starts = self._seat_to_take(room, seat, name, account)
                try:
                    await self.db.run(self.store.take_seat, room.code, taken, room.version + 1, deadline, starts)
                except (StaleWriteError, SeatTakenError):
                    await self.refresh(room)  # another process changed the room first: look again
                    continue
                room.row.seats[chosen] = taken
                room.row.version += 1
                room.row.turn_deadline = deadline
                self.after_change(room)
                return room, chosen, taken.token or ""
        raise refusal("stale", "la salle change sans cesse : réessayez", "the room keeps changing: try again", 409)

    def _seat_to_take(self, room: Room, seat: int | None, name: str,
                      account: Account | None) -> tuple[int, SeatRow, float | None, bool]:
        """The seat a join takes as the room stands in memory: its index, its new row, the turn deadline and
        whether this seat is the last open one (the game starts); 409 when it is not open, or the room's game
        is over (aborted while it waited)."""
        if room.outcome() is not None:
            raise refusal("game_over", "la partie est terminée : vous pouvez la regarder",
                          "the game is over: you may watch it", 409)
        open_seats = room.waiting()
        if seat is None:
            if not open_seats:
                raise refusal("room_full", "plus de place libre : vous pouvez regarder la partie",
                              "no open seat left: you may watch the game", 409)
            seat = open_seats[0]
        if not 0 <= seat < len(room.row.seats):
            raise refusal("bad_request", f"pas de place {seat + 1}", f"no seat {seat + 1}")
        if seat not in open_seats:
            raise refusal("seat_taken", f"la place {seat + 1} est prise", f"seat {seat + 1} is taken", 409)
        taken = SeatRow(seat=seat, kind="human", token=secrets.token_urlsafe(18),
                        name=account.name if account else name.strip()[:MAX_NAME],
                        account_id=account.id if account else None)
        starts = open_seats == [seat]
        deadline = room.row.turn_deadline
        if starts and room.row.turn_seconds and room.game.to_move() is not None:
            deadline = self.clock.now() + room.row.turn_seconds
        return seat, taken, deadline, starts

    async def resume(self, tokens: Sequence[str]) -> list[dict[str, JSON]]:
        """The rooms in which ``tokens`` hold seats, most recent first, as the "Reprendre" list shows them."""
        codes = await self.db.run(self.store.rooms_for_tokens, list(tokens), self.expiry.cutoffs())
        found = []
        for code in codes[:50]:
            try:
                room = await self.room(code)
            except (ServerError, MeepleError) as error:
                log.warning("room %s cannot be resumed: %s", code, error)
                continue
            found.append(self.views.summary(room, sorted({s for token in tokens for s in room.seats_of(token)})))
        return found

    async def attach(self, room: Room, client: Client) -> None:
        """A client connected: it receives the state now and after every change."""
        async with room.lock:
            if self.cluster.clustered and await self.db.run(self.store.room_version, room.code) != room.version:
                await self.refresh(room)  # a change this process missed (the bus was down)
            room.clients.add(client)
            self.views.broadcast(room)
            self.cluster.publish_presence(room)
            self.actions.tell_rematch(room, [client])  # a player coming back to a room whose rematch is ready

    async def detach(self, room: Room, client: Client) -> None:
        """A client left; the others see that its seats are no longer connected."""
        client.close()
        async with room.lock:
            room.clients.discard(client)
            self.views.broadcast(room)
            self.cluster.publish_presence(room)

    async def current_state(self, room: Room, seats: Sequence[int]) -> dict[str, JSON]:
        """:meth:`state_for` once no change is half done (a move pushed but not yet stored is never shown)."""
        async with room.lock:
            return self.views.state_for(room, seats)

    # --- changes --------------------------------------------------------------------------------
    def _check_turn(self, room: Room, seats: Sequence[int], version: JSON, seat: JSON = None) -> int:
        if isinstance(version, bool) or not isinstance(version, int):
            raise refusal("malformed", "« version » : un entier est attendu", "'version': an integer is expected")
        if version != room.version:
            raise refusal("stale", f"message périmé : la partie en est à la version {room.version}, pas {version}",
                          f"stale message: the game is at version {room.version}, not {version}", 409)
        mover = room.to_move()
        if mover is None:
            raise refusal("game_over", "la partie est terminée", "the game is over", 409)
        if waiting := room.waiting():
            missing = ", ".join(str(seat + 1) for seat in waiting)
            raise refusal("waiting_for_players", f"la partie attend ses joueurs : place(s) libre(s) {missing}",
                          f"the game is waiting for its players: open seat(s) {missing}", 409)
        if not seats:
            raise refusal("not_your_seat", "vous ne tenez aucune place dans cette salle",
                          "you hold no seat in this room", 403)
        if seat is not None and seat != mover:
            shown = seat + 1 if isinstance(seat, int) else seat
            raise refusal("not_your_turn", f"ce n'est pas à la place {shown} de jouer", f"it is not seat {shown}'s turn", 403)
        if mover not in seats:
            raise refusal("not_your_turn", "ce n'est pas votre tour", "it is not your turn", 403)
        return mover

    async def play(self, room: Room, seats: Sequence[int], version: JSON, data: JSON, seat: JSON = None) -> int:
        """Play ``data`` (a move as JSON) for the client holding ``seats``; returns the new version."""
        async with room.lock:
            if self.cluster.clustered and isinstance(version, int) and version != room.version:
                await self.refresh(room)  # another process may have changed it: the database decides
            mover = self._check_turn(room, seats, version, seat)
            await self.push_and_store(room, [(mover, data)])
            self.after_change(room)
            return room.version

    async def push_and_store(self, room: Room, moves: Sequence[tuple[int, JSON]]) -> None:
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
            raise refusal("internal", "erreur du moteur : coup refusé", "engine error: move refused", 500) from error
        deadline = self.next_deadline(room, mover_before)
        first = len(room.row.moves)
        now = self.clock.now()
        finished = now if game.outcome() is not None else None
        offer = self.actions.offer_after_moves(room, [seat for seat, _data in pushed]) if finished is None else None
        try:
            await self.db.write(Write(room.code, room.version + 1, deadline, first, tuple(pushed), at=now,
                                      finished_at=finished, offer=offer, rematch=room.row.rematch))
        except StaleWriteError:
            await self.refresh_after_race(room)
        except Exception as error:
            log.exception("storage failure in room %s", room.code)
            self._undo_pushes(room, len(pushed))
            raise refusal("storage", "le coup n'a pas pu être enregistré", "the move could not be stored", 503) from error
        room.row.moves.extend(pushed)
        room.row.version += 1
        room.row.turn_deadline = deadline
        room.row.updated_at, room.row.finished_at, room.row.offer = now, finished, offer
        if finished is not None:
            self.finished(room)

    @staticmethod
    def _undo_pushes(room: Room, count: int) -> None:
        for _ in range(count):
            room.game.pop()

    async def refresh_after_race(self, room: Room) -> NoReturn:
        """Another process of the cluster changed the room first: take its version from the database, show
        it to this process's clients, and refuse the change as any stale message is refused."""
        await self._reload(room)
        self.views.broadcast(room)
        raise refusal("stale", f"message périmé : la partie en est à la version {room.version}",
                      f"stale message: the game is at version {room.version}", 409)

    async def refresh(self, room: Room) -> None:
        """Bring a room whose engine matches its moves in memory up to the stored version (another process
        of the cluster changed it). When the stored moves extend the ones in memory (a move: the usual case)
        only the new ones are pushed, so hearing of a move costs one move, not the whole game replayed;
        otherwise (an undo, or moves this process never saw) the engine is rebuilt from all of them."""
        row = await self.db.run(self.store.load_room, room.code)
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
        row = await self.db.run(self.store.load_room, room.code)
        if row is not None:
            rebuilt = await self._rebuild(row)
            room.game, room.row = rebuilt.game, row

    def next_deadline(self, room: Room, mover_before: int | None) -> float | None:
        """The turn clock's deadline after a change (None: no clock, or nobody to move): a new turn gets
        the whole time, the same seat going on keeps its deadline."""
        seconds = room.row.turn_seconds
        mover = room.to_move()
        if seconds is None or mover is None:
            return None
        if mover != mover_before or room.row.turn_deadline is None:
            return self.clock.now() + seconds
        return room.row.turn_deadline

    async def undo(self, room: Room, seats: Sequence[int], version: JSON) -> int:
        """Take back moves down to (and including) the last move of a person; returns the new version."""
        async with room.lock:
            if isinstance(version, bool) or not isinstance(version, int) or version != room.version:
                raise refusal("stale", "message périmé", "stale message", 409)
            if not self.views.can_undo(room, seats):
                raise refusal("no_undo", "rien à annuler ici", "nothing to undo here", 409)
            mover_before = room.game.to_move()
            keep = len(room.row.moves)
            while keep > 0:
                keep -= 1
                if room.seat(room.row.moves[keep][0]).kind == "human":
                    break
            popped = len(room.row.moves) - keep
            self._undo_pushes(room, popped)
            deadline = self.next_deadline(room, mover_before)
            now = self.clock.now()
            try:
                await self.db.write(Write(room.code, room.version + 1, deadline, keep=keep, at=now,
                                          rematch=room.row.rematch))
            except StaleWriteError:
                await self.refresh_after_race(room)
            except Exception as error:
                for _seat, data in room.row.moves[keep:]:
                    room.game.push(room.game.move_from_json(data))
                raise refusal("storage", "l'annulation n'a pas pu être enregistrée", "the undo could not be stored",
                           503) from error
            del room.row.moves[keep:]
            room.row.version += 1
            room.row.turn_deadline = deadline
            room.row.updated_at, room.row.finished_at, room.row.offer = now, None, None
            self.after_change(room)
            return room.version
