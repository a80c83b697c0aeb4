"""Rooms expire: a periodic sweep deletes finished, abandoned and never-started rooms (docs/security.md)."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from meeple.server.store import Cutoffs

if TYPE_CHECKING:
    from meeple.server.service import RoomService

log = logging.getLogger("meeple.server")

SWEEP_BATCH = 500
"""Expired rooms deleted per transaction."""


class Expiry:
    """When rooms expire, and the sweep that deletes them from the store and from memory."""

    def __init__(self, service: RoomService) -> None:
        self.service = service

    def cutoffs(self) -> Cutoffs:
        """Before which moments a finished, abandoned or never-started room has expired (None: never)."""
        now, limits = self.service.clock.now(), self.service.limits
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
        service = self.service
        deleted: list[str] = []
        while True:
            spare = [code for code, room in service.rooms.items() if room.clients]
            batch = await service.db.run(service.db.store.expire_rooms, self.cutoffs(), spare, SWEEP_BATCH)
            for code in batch:
                room = service.rooms.pop(code, None)
                if room is not None:
                    service.turns.stop(room)
            service.turns.forget(batch)
            deleted += batch
            if len(batch) < SWEEP_BATCH:
                break
        if deleted:  # at the level the server's log shows (docs/security.md: what is logged)
            log.warning("%d expired room(s) deleted", len(deleted))
        return deleted

    async def sweep_forever(self) -> None:
        """Sweep every :attr:`Limits.sweep_seconds`, for as long as the server runs."""
        clock, limits = self.service.clock, self.service.limits
        while True:
            await clock.sleep_until(clock.now() + limits.sweep_seconds)
            try:
                await self.sweep()
            except Exception:  # the database is away for a moment: the next sweep tries again
                log.exception("the sweep of expired rooms failed")
