"""The message bus of a cluster of ``meeple serve`` processes, and the leases that make the computer's
turns and the turn timers run once across it.

One process alone (the default, SQLite) has :class:`LocalBus`: nothing to tell anyone, every lease granted.
Several processes over one PostgreSQL share a :class:`RedisBus` (``--bus redis://HOST:PORT/N``):

- after every change it stores (a move, an undo, a seat taken), a process publishes ``{code, version, kind}``
  on one channel; every other process that holds the room in memory rebuilds it from the database (the
  authority) and pushes the new state to its own clients;
- presence: each process announces which seats of a room its clients hold (on change, and every
  :data:`PRESENCE_SECONDS`); an announcement not renewed within :data:`PRESENCE_TTL` is forgotten, so
  the seats of a process that died show as disconnected;
- leases: before the computer thinks or the clock plays a time-out, a process takes the room's lease in
  Redis (``SET NX PX``), renews it while it works, and lets it go after; if it dies, the lease expires
  within :data:`LEASE_MS` and another process takes over. The database's version check stays the last word:
  even two processes that both played would store one move, the other being refused as stale.

A lost Redis never loses a move: the database holds every move; a process that cannot publish logs it
and goes on serving its own clients, who catch up by version when they send their next message.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import secrets
from collections.abc import Awaitable, Callable
from typing import Any

from meeple.core.errors import MeepleError
from meeple.core.i18n import Msg
from meeple.core.modules import require_optional

log = logging.getLogger("meeple.server")

CHANNEL = "meeple:rooms"
LEASE_MS = 5000
"""How long a lease lasts unless renewed: a dead process's AI turn or timer is taken over after this."""
PRESENCE_SECONDS = 5.0
PRESENCE_TTL = 15.0
MAX_BUS_MESSAGE = 4096
"""A bus message names a room and a few seats: anything longer is not ours and is ignored."""

# Compare-and-act in one step on the Redis server: a lease that expired and was taken by another process
# in between is never extended or deleted by its former holder.
_RENEW = ("if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) "
          "else return 0 end")
_RELEASE = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end"

Listener = Callable[[dict[str, Any]], Awaitable[None]]


class LocalBus:
    """One process alone: nobody to tell, and every lease is this process's."""

    clustered = False

    def __init__(self) -> None:
        self.process_id = f"{os.getpid()}-{secrets.token_hex(4)}"

    async def start(self, listener: Listener) -> None:
        """Nothing to listen to."""

    async def publish(self, message: dict[str, Any]) -> None:
        """Nobody else to tell."""

    async def acquire(self, name: str) -> bool:
        """Always granted."""
        return True

    async def renew(self, name: str) -> bool:
        """Always still held."""
        return True

    async def release(self, name: str) -> None:
        """Nothing to let go."""

    async def close(self) -> None:
        """Nothing to close."""


class RedisBus(LocalBus):
    """The bus and the leases of a cluster, on Redis (redis-py's asyncio client and pub/sub)."""

    clustered = True

    def __init__(self, url: str) -> None:
        super().__init__()
        module = require_optional("redis.asyncio", "cluster", Msg("le bus d'une grappe (--bus)", "a cluster's bus (--bus)"))
        self.url = url
        self.redis: Any = module.from_url(url)
        self._listener: asyncio.Task[None] | None = None

    async def start(self, listener: Listener) -> None:
        """Listen to the other processes' messages (in a task that reconnects after a lost Redis)."""
        self._listener = asyncio.create_task(self._listen(listener))

    async def _listen(self, listener: Listener) -> None:
        while True:
            try:
                async with self.redis.pubsub() as pubsub:
                    await pubsub.subscribe(CHANNEL)
                    async for raw in pubsub.listen():
                        await self._deliver(raw, listener)
            except asyncio.CancelledError:
                raise
            except Exception as error:  # Redis lost: the database stays the authority; try again soon
                log.warning("bus: %s; listening again in 1 s", error)
                await asyncio.sleep(1.0)

    async def _deliver(self, raw: dict[str, Any], listener: Listener) -> None:
        data = raw.get("data") if raw.get("type") == "message" else None
        if not isinstance(data, bytes | str) or len(data) > MAX_BUS_MESSAGE:
            return
        try:
            message = json.loads(data)
        except ValueError:
            return
        if isinstance(message, dict) and message.get("origin") != self.process_id:
            try:
                await listener(message)
            except Exception:
                log.exception("bus message %s not applied", str(message)[:200])

    async def publish(self, message: dict[str, Any]) -> None:
        """Tell the other processes (a lost Redis is logged: their clients catch up by version)."""
        try:
            await self.redis.publish(CHANNEL, json.dumps({**message, "origin": self.process_id}))
        except Exception as error:
            log.warning("bus: cannot publish (%s); the other processes catch up from the database", error)

    async def acquire(self, name: str) -> bool:
        """Take lease ``name`` if nobody holds it (or this process already does)."""
        key = f"meeple:lease:{name}"
        try:
            if await self.redis.set(key, self.process_id, nx=True, px=LEASE_MS):
                return True
            return bool(await self.renew(name))
        except Exception as error:
            log.warning("bus: lease %s not taken (%s)", name, error)
            return False

    async def renew(self, name: str) -> bool:
        """Extend lease ``name`` if this process holds it; False if it was lost (or Redis is: the lease
        then expires by itself, and the database's version check still refuses a second play)."""
        try:
            return bool(await self.redis.eval(_RENEW, 1, f"meeple:lease:{name}", self.process_id, LEASE_MS))
        except Exception as error:
            log.warning("bus: lease %s not renewed (%s)", name, error)
            return False

    async def release(self, name: str) -> None:
        """Let lease ``name`` go, if this process holds it."""
        try:
            await self.redis.eval(_RELEASE, 1, f"meeple:lease:{name}", self.process_id)
        except Exception as error:
            log.warning("bus: lease %s not released (%s); it expires by itself", name, error)

    async def close(self) -> None:
        """Stop listening and close the connections."""
        if self._listener is not None:
            self._listener.cancel()
        await self.redis.aclose()


def check_bus(url: str) -> None:
    """Reach the Redis of ``--bus`` once before serving: a wrong URL or a Redis that is down is one clear
    line and a non-zero exit, not a server that starts deaf to its cluster."""
    make_bus(url)  # the URL's form, and the client installed
    import redis

    try:
        redis.Redis.from_url(url, socket_connect_timeout=5, socket_timeout=5).ping()
    except Exception as error:
        raise MeepleError(Msg(f"bus Redis injoignable ({url}) : {error}",
                              f"Redis bus unreachable ({url}): {error}")) from None


def make_bus(url: str | None) -> LocalBus:
    """The bus ``--bus`` names (``redis://…`` or ``unix://…``), or the one-process bus without one."""
    if not url:
        return LocalBus()
    if not url.startswith(("redis://", "rediss://", "unix://")):
        raise MeepleError(Msg(f"--bus {url} : une URL redis:// est attendue", f"--bus {url}: a redis:// URL is expected"))
    return RedisBus(url)
