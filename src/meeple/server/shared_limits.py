"""Per-address counters shared by every process of a cluster, in Redis (issue 26, item 4).

Alone, a process counts each address's allowances in its own memory (:class:`LocalCounters`, the token
buckets of :mod:`meeple.server.fairuse`). Behind a load balancer that spreads one attacker over N processes
that would give it N times every allowance, so a cluster (``meeple serve --bus redis://…``) keeps them in
the bus's Redis instead (:class:`RedisCounters`): each bucket is one small hash, refilled and spent by one
Lua script in one round trip, so that two processes spending the same address's last token at once cannot
both succeed; a lockout is one key that expires by itself. Every key expires once its bucket would be full
again, so Redis holds only the addresses active lately.

A Redis that does not answer never stops the server: the counters fall back to this process's own (each
process then gives at most its own share, as before the cluster shared them) and one line is logged per
minute at most; the shared ones take over again as soon as Redis answers.
"""

from __future__ import annotations

import asyncio
import logging
import math
import time
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from meeple.server.bus import LocalBus
from meeple.server.fairuse import Counters, LocalCounters, Rate

log = logging.getLogger("meeple.server")

T = TypeVar("T")

PREFIX = "meeple:fair:"
"""Every key of the shared counters starts so (``…:rate:<kind>:<address>``, ``…:lockout:<address>``)."""
REDIS_TIMEOUT = 0.5
"""Seconds a counter waits for Redis before this process counts alone (a lost Redis must not slow play)."""
RETRY_SECONDS = 5.0
"""After Redis failed, how long this process counts alone before it asks Redis again."""

# Refill the bucket to `now`, spend one token if there is one; return {seconds to wait (0: spent), tokens left}
# as text (a Lua number returned as such would be cut to an integer). The key lives until the bucket would
# be full again.
_TAKE = """
local capacity = tonumber(ARGV[1])
local per_second = tonumber(ARGV[2])
local now = tonumber(ARGV[3])
local state = redis.call('HMGET', KEYS[1], 't', 'a')
local tokens = tonumber(state[1]) or capacity
local at = tonumber(state[2]) or now
tokens = math.min(capacity, tokens + math.max(0, now - at) * per_second)
local wait = 0
if tokens >= 1 then tokens = tokens - 1 else wait = (1 - tokens) / per_second end
redis.call('HSET', KEYS[1], 't', tostring(tokens), 'a', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.ceil((capacity - tokens) / per_second * 1000) + 1000)
return {tostring(wait), tostring(tokens)}
"""


class RedisCounters:
    """Counters in Redis, shared by every process of a cluster; this process's own while Redis is away."""

    def __init__(self, redis: Any, fallback: LocalCounters | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.redis = redis
        """A ``redis.asyncio`` client (the bus's)."""
        self.fallback = fallback or LocalCounters()
        self.clock = clock
        self._away_until = 0.0
        self._take = redis.register_script(_TAKE)

    def _away(self) -> bool:
        return bool(self.clock() < self._away_until)

    @staticmethod
    async def _ask(call: Awaitable[T]) -> T:
        return await asyncio.wait_for(call, REDIS_TIMEOUT)

    def _lost(self, error: Exception) -> None:
        if not self._away():
            log.warning("fair use: Redis does not answer (%s); this process counts alone for %g s",
                        error, RETRY_SECONDS)
        self._away_until = self.clock() + RETRY_SECONDS

    async def take(self, kind: str, rate: Rate, key: str, now: float) -> float:
        if not self._away():
            try:
                wait, _tokens = await self._ask(self._take(keys=[f"{PREFIX}rate:{kind}:{key}"],
                                                           args=[rate.count, rate.count / rate.seconds, repr(now)]))
                return float(wait)
            except Exception as error:  # any failure of Redis: count alone for a while
                self._lost(error)
        return await self.fallback.take(kind, rate, key, now)

    async def lockout_wait(self, address: str, now: float) -> float:
        if not self._away():
            try:
                left = await self._ask(self.redis.pttl(f"{PREFIX}lockout:{address}"))
                return max(0.0, int(left) / 1000) if int(left) > 0 else 0.0
            except Exception as error:
                self._lost(error)
        return await self.fallback.lockout_wait(address, now)

    async def miss(self, rate: Rate, lockout: float, address: str, now: float) -> bool:
        if not self._away():
            try:
                wait, tokens = await self._ask(self._take(keys=[f"{PREFIX}rate:misses:{address}"],
                                                          args=[rate.count, rate.count / rate.seconds, repr(now)]))
                if float(wait) == 0.0 and float(tokens) >= 1.0:
                    return False
                if lockout > 0:
                    await self._ask(self.redis.set(f"{PREFIX}lockout:{address}", "1", px=math.ceil(lockout * 1000)))
                return lockout > 0
            except Exception as error:
                self._lost(error)
        return await self.fallback.miss(rate, lockout, address, now)


def shared_counters(bus: LocalBus | None) -> Counters | None:
    """The counters of a cluster's bus (its Redis), or None for a process alone (its own counters)."""
    redis = getattr(bus, "redis", None)
    return RedisCounters(redis) if bus is not None and bus.clustered and redis is not None else None
