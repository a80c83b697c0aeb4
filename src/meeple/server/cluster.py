"""This process's part in a cluster of ``meeple serve`` processes (:mod:`meeple.server.bus`): hearing of the
others' changes, telling who its clients are, catching up on a change whose message was lost, and the
leases that make the computer's turns and the turn timers run once across the cluster.

Alone (the bus of one process), nothing is sent, nothing comes, and every lease is granted at once.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from meeple.server.bus import LEASE_MS, PRESENCE_SECONDS, PRESENCE_TTL, LocalBus
from meeple.server.rooms import Room

if TYPE_CHECKING:
    from meeple.server.service import RoomService

log = logging.getLogger("meeple.server")


class Cluster:
    """The other processes, as one process of ``service`` knows them."""

    def __init__(self, service: RoomService, bus: LocalBus) -> None:
        self.service = service
        self.bus = bus
        self._remote_presence: dict[str, dict[str, tuple[tuple[int, ...], float]]] = {}
        """Per room, the seats each other process's clients hold, until when that announcement holds."""

    @property
    def clustered(self) -> bool:
        """Whether other processes may serve the same rooms."""
        return self.bus.clustered

    def start(self) -> None:
        """Listen to the bus and announce this process's clients (in a cluster only)."""
        if self.clustered:
            self.service.spawn(self.bus.start(self.on_message))
            self.service.spawn(self._announce_presence_forever())

    def publish_change(self, room: Room) -> None:
        """Tell the other processes that ``room`` changed (they read it back from the database)."""
        if self.clustered:
            self.service.spawn(self.bus.publish({"kind": "change", "code": room.code, "version": room.version}))

    async def on_message(self, message: dict[str, Any]) -> None:
        """Another process changed a room (``change``: a move, an undo, a seat taken) or announced who its
        clients are (``presence``)."""
        code = message.get("code")
        room = self.service.rooms.get(code) if isinstance(code, str) else None
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
            await self.service.refresh(room)
            self.service.after_change(room, publish=False)

    # --- presence ----------------------------------------------------------------------------------
    def remote_seats(self, code: str) -> set[int]:
        """The seats of room ``code`` that clients hold on other processes (announcements still valid)."""
        now = time.monotonic()
        seats: set[int] = set()
        for held, until in self._remote_presence.get(code, {}).values():
            if until >= now:
                seats.update(held)
        return seats

    def _note_presence(self, room: Room, message: dict[str, Any]) -> None:
        origin, seats = message.get("origin"), message.get("seats")
        if not isinstance(origin, str) or not isinstance(seats, list):
            return
        held = tuple(sorted({seat for seat in seats if isinstance(seat, int)}))
        known = self._remote_presence.setdefault(room.code, {})
        before = known.get(origin, ((), 0.0))[0]
        known[origin] = (held, time.monotonic() + PRESENCE_TTL)
        if held != before:
            self.service.views.broadcast(room)

    def publish_presence(self, room: Room) -> None:
        """Tell the other processes which seats of ``room`` this process's clients hold."""
        if self.clustered:
            seats = sorted({seat for client in room.clients for seat in client.seats})
            self.service.spawn(self.bus.publish({"kind": "presence", "code": room.code, "seats": seats}))

    async def _announce_presence_forever(self) -> None:
        """Every few seconds, this process's seats of each room that has clients here (announcements
        expire, so the seats of a process that died show as disconnected); forget expired ones."""
        while True:
            await asyncio.sleep(PRESENCE_SECONDS)
            now = time.monotonic()
            for room in list(self.service.rooms.values()):
                if room.clients:
                    self.publish_presence(room)
                    await self._catch_up(room)
                known = self._remote_presence.get(room.code, {})
                expired = [origin for origin, (_seats, until) in known.items() if until < now]
                for origin in expired:
                    del known[origin]
                if expired:
                    self.service.views.broadcast(room)

    async def _catch_up(self, room: Room) -> None:
        """A change whose bus message never came (a process killed before publishing, Redis lost) still
        reaches this process's clients: the stored version is compared every few seconds."""
        try:
            stored = await self.service.db.run(self.service.db.store.room_version, room.code)
        except Exception as error:
            log.warning("room %s: version not read (%s)", room.code, error)
            return
        if stored is not None and stored != room.version:
            async with room.lock:
                await self.service.refresh(room)
                self.service.after_change(room, publish=False)

    # --- leases ------------------------------------------------------------------------------------
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

    async def under_lease(self, room: Room, version: int, work: Callable[[], Awaitable[None]]) -> None:
        """Run ``work`` (an AI turn, a time-out) holding the room's lease, renewed while it runs."""
        if not await self._hold_lease(room, version):
            return
        renewing = asyncio.create_task(self._renew_lease(room))
        try:
            await work()
        finally:
            renewing.cancel()
            await self.bus.release(room.code)

    async def close(self) -> None:
        """Stop listening and let the bus go."""
        await self.bus.close()
