"""The turns nobody at a keyboard plays: the computer's, and the time-out when a turn clock runs out.

After every change of a room, :meth:`Turns.schedule` looks at whose turn it is: a computer seat thinks (in
an AI worker process, through the fair queue of its room's owner), and a running turn clock waits for its
deadline; both act under the room's lease, so that in a cluster each turn is played once. It also keeps
each owner's count of live games against the computer (:attr:`Limits.ai_rooms_per_client`).
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from meeple.core.i18n import Msg
from meeple.core.rng import derive_seed
from meeple.server.errors import ServerError
from meeple.server.fairuse import FairQueue, RateLimited
from meeple.server.registry import random_move
from meeple.server.rooms import Room, cancel_other
from meeple.server.workers import AiWorkers

if TYPE_CHECKING:
    from meeple.server.service import RoomService

log = logging.getLogger("meeple.server")

AI_ROOM_IDLE_SECONDS = 3600.0
"""A room against the computer counts as live for its creator's cap until its game is over or nobody
moved in it for this long."""


class Turns:
    """The computer's turns and the time-outs of one server."""

    def __init__(self, service: RoomService, workers: AiWorkers | None = None, ai_delay: float = 0.3) -> None:
        self.service = service
        self.ai_delay = ai_delay
        """Seconds the computer waits before it thinks (so that a person sees their own move first)."""
        self.workers = workers or AiWorkers()
        self.queue = FairQueue(slots=self.workers.processes, per_owner=service.limits.ai_searches_per_client,
                               name="AI workers")
        """In front of the AI workers: owners served in turn, a few searches each at once."""
        self._ai_rooms: dict[str, dict[str, float]] = {}
        """Per owner, its live rooms against the computer and when each last changed."""

    def close(self) -> None:
        """Stop the AI workers."""
        self.workers.close()

    def schedule(self, room: Room) -> None:
        """After a change: count the room for its owner's cap, and start whatever the turn now needs."""
        self._track_ai_room(room)
        self._schedule_ai(room)
        self._schedule_timer(room)

    @staticmethod
    def stop(room: Room) -> None:
        """Cancel the room's pending computer turn and time-out (the room is leaving memory)."""
        for task in (room.ai_task, room.timer_task):
            cancel_other(task)

    # --- the cap of live games against the computer ------------------------------------------------
    def check_ai_rooms(self, owner: str) -> None:
        """:class:`RateLimited` when ``owner`` already has its cap of live rooms against the computer."""
        if not owner:  # a room made by the server's own code (tests, tools), not by a client
            return
        now = self.service.clock.now()
        live = self._ai_rooms.get(owner, {})
        for code, at in list(live.items()):
            if now - at >= AI_ROOM_IDLE_SECONDS:
                del live[code]
        if not live:
            self._ai_rooms.pop(owner, None)
        cap = self.service.limits.ai_rooms_per_client
        if len(live) >= cap:
            raise RateLimited("too_many_ai_rooms", Msg(
                f"déjà {cap} parties contre l'ordinateur en cours depuis votre adresse : terminez-en ou abandonnez-en une d'abord (« Reprendre »)",
                f"already {cap} games against the computer under way from your address: finish or resign one first ('Resume')"),
                min(live.values()) + AI_ROOM_IDLE_SECONDS - now)

    def _track_ai_room(self, room: Room) -> None:
        """Keep the owner's count of live rooms against the computer up to date after a change."""
        if not room.owner or not any(seat.kind == "ai" for seat in room.row.seats):
            return
        live = self._ai_rooms.setdefault(room.owner, {})
        if room.outcome() is None:  # a game resigned, abandoned or aborted frees its place at once too
            live[room.code] = self.service.clock.now()
        else:
            live.pop(room.code, None)
            if not live:
                del self._ai_rooms[room.owner]

    def forget(self, codes: list[str]) -> None:
        """Rooms that were deleted no longer count for anyone's cap."""
        for owner in list(self._ai_rooms):
            for code in codes:
                self._ai_rooms[owner].pop(code, None)
            if not self._ai_rooms[owner]:
                del self._ai_rooms[owner]

    # --- the computer ------------------------------------------------------------------------------
    def _schedule_ai(self, room: Room) -> None:
        cancel_other(room.ai_task)
        mover = room.to_move()
        if mover is None or room.seat(mover).kind != "ai" or room.waiting():
            room.ai_task = None
            return
        version = room.version
        room.ai_task = asyncio.create_task(
            self.service.cluster.under_lease(room, version, lambda: self._ai_turn(room, mover, version)))

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
            move = await self.queue.run(room.owner, lambda: self.workers.run(choose, snapshot, seat, level, seed))
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
                await self.service.push_and_store(room, [(seat, data)])
            except ServerError as error:
                log.error("AI move refused in room %s: %s", room.code, error.text("en"))
                return
            self.service.after_change(room)

    # --- the turn clock ----------------------------------------------------------------------------
    def _schedule_timer(self, room: Room) -> None:
        cancel_other(room.timer_task)
        room.timer_task = None
        deadline = room.row.turn_deadline
        if deadline is None or room.to_move() is None or room.entry.adapter.timeout_moves is None \
                or room.waiting():  # never a time-out for a seat nobody holds
            return
        version = room.version
        room.timer_task = asyncio.create_task(self._time_out_when_due(room, version, deadline))

    async def _time_out_when_due(self, room: Room, version: int, deadline: float) -> None:
        """At the deadline (not before: no lease is held while the clock runs), the time-out under the lease."""
        await self.service.clock.sleep_until(deadline)
        await self.service.cluster.under_lease(room, version, lambda: self._time_out(room, version))

    async def _time_out(self, room: Room, version: int) -> None:
        timeout_moves = room.entry.adapter.timeout_moves
        assert timeout_moves is not None
        async with room.lock:
            if room.version != version or room.to_move() is None:
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
                await self.service.push_and_store(
                    room, [(seat if seat is not None else 0, data) for seat, data in planned])
            except ServerError as error:
                log.error("time-out moves refused in room %s: %s", room.code, error.text("en"))
                return
            self.service.after_change(room)
