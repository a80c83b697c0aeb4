"""The server's time, which tests replace by a clock they move by hand."""

from __future__ import annotations

import asyncio
import time


class Clock:
    """The server's time: wall-clock seconds (turn deadlines survive a restart) and waiting for a moment."""

    def now(self) -> float:
        """Seconds since the epoch."""
        return time.time()

    async def sleep_until(self, moment: float) -> None:
        """Return once :meth:`now` has reached ``moment``."""
        await asyncio.sleep(max(0.0, moment - self.now()))

