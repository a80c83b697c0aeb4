"""Fair use of a server on the open internet: per-address rate limits, a lockout after repeated misses of
room codes, a fair queue in front of the AI workers, and the settings of all of them (:class:`Limits`).

Every limit is counted per client address: the address of the connection, or — only behind a reverse
proxy the operator listed (``meeple serve --trust-proxy``) — the address that proxy read in
``X-Forwarded-For``. IPv6 clients are counted per /64 network, since one machine commonly holds a whole /64.

The defaults (docs/security.md lists them) are far above what a person playing uses and far below what a
flood needs: creating 2 000 rooms, guessing room codes, or queueing 30 Expert searches ahead of everyone.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import math
import re
from collections import OrderedDict, deque
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol, TypeVar

from meeple.core.errors import MeepleError
from meeple.core.i18n import Msg
from meeple.server.transport import client_log

T = TypeVar("T")

log = logging.getLogger("meeple.server")

MAX_TRACKED_ADDRESSES = 50_000
"""Addresses whose counters are kept at once; the least recently seen are forgotten first (a forgotten
address starts again with a full allowance, which only ever favours that client)."""


@dataclass(frozen=True)
class Rate:
    """``count`` actions, then one more every ``seconds / count`` seconds (a token bucket of ``count``
    tokens refilled at ``count / seconds`` per second)."""

    count: int
    seconds: float

    def __post_init__(self) -> None:
        if self.count < 1 or self.seconds <= 0:
            raise ValueError(f"a rate needs a count ≥ 1 and a period > 0, not {self.count}/{self.seconds}")

    def __str__(self) -> str:
        return f"{self.count}/{_period_text(self.seconds)}"


_UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400}
_RATE = re.compile(r"^\s*(\d{1,9})\s*/\s*(\d{0,9})\s*([smhd])\s*$")


def _period_text(seconds: float) -> str:
    for unit in ("d", "h", "m"):
        if seconds % _UNITS[unit] == 0:
            return f"{int(seconds // _UNITS[unit])}{unit}"
    return f"{seconds:g}s"


class LimitSyntaxError(MeepleError):
    """A limit written on the command line that does not read."""


def parse_rate(text: str) -> Rate:
    """``"30/10m"`` → 30 per 10 minutes; units ``s``, ``m``, ``h``, ``d`` (``"60/m"`` means ``"60/1m"``)."""
    match = _RATE.match(text)
    if match is None or int(match.group(1)) < 1 or match.group(2) in ("0",):
        raise LimitSyntaxError(Msg(
            f"limite illisible « {text} » : NOMBRE/DURÉE est attendu, par exemple 30/10m (unités s, m, h, d)",
            f"unreadable limit '{text}': COUNT/PERIOD is expected, for instance 30/10m (units s, m, h, d)"))
    return Rate(int(match.group(1)), int(match.group(2) or 1) * _UNITS[match.group(3)])


def parse_duration(text: str) -> float:
    """``"7d"``, ``"24h"``, ``"90m"``, ``"30s"`` → seconds; ``"0"`` means never (returns 0)."""
    match = re.fullmatch(r"\s*(\d{1,9})\s*([smhd]?)\s*", text)
    if match is None or (not match.group(2) and match.group(1) != "0"):
        raise LimitSyntaxError(Msg(
            f"durée illisible « {text} » : par exemple 7d, 24h, 90m, 30s (ou 0 pour jamais)",
            f"unreadable duration '{text}': for instance 7d, 24h, 90m, 30s (or 0 for never)"))
    return int(match.group(1)) * _UNITS.get(match.group(2), 1)


DAY = 86400.0
GAME_CALLS_RUNNING_PER_CLIENT = 1
"""Heavy game calls of one address running at once: the others wait in the fair queue, behind every other
address's next call."""


@dataclass(frozen=True)
class Limits:
    """Every fair-use limit of a server, with the defaults ``meeple serve`` uses (docs/security.md)."""

    create: Rate = Rate(30, 600)
    """Rooms created per address: 30 at once, then one every 20 s."""
    join: Rate = Rate(30, 600)
    """Seats taken (joins) per address."""
    lookup: Rate = Rate(120, 60)
    """Room look-ups by code per address: reading a room, opening its websocket, Reprendre."""
    query: Rate = Rate(600, 60)
    """Questions to a game (room queries and catalog questions, HTTP and websocket) per address."""
    moves: Rate = Rate(30, 10)
    """Moves and undos per seat of a room (each message counts, played or refused): 30 at once, then 3 a
    second — a person clicking as fast as they can stays under it; a socket replaying 3 000 changes in 20 s
    (issue 26) gets 90."""
    moves_per_address: Rate = Rate(600, 60)
    """Moves and undos per address, all its seats and rooms together: 10 a second, a class behind one NAT."""
    signup: Rate = Rate(5, 3600)
    """Accounts created per address: 5, then one every 12 minutes."""
    signin: Rate = Rate(20, 600)
    """Sign-in attempts per address: 20, then one every 30 s."""
    signin_name: Rate = Rate(10, 600)
    """Sign-in attempts per account name (from every address together): 10, then one every minute, so that
    guessing one person's password is hopeless even from many addresses."""
    misses: Rate = Rate(10, 3600)
    """Look-ups of codes that name no room, per address: 10, then one more every 6 minutes; the miss that
    finds none left locks the address out."""
    lockout_seconds: float = 300.0
    """How long an address that missed too often is refused every look-up by code."""
    ai_searches_per_client: int = 2
    """AI searches of one address running at once; the others wait their turn in the fair queue."""
    ai_rooms_per_client: int = 10
    """Live rooms with a computer player (game not over) one address may hold in this server's memory."""
    game_calls_per_client: int = 4
    """Heavy game calls (a new murder case, a hint, an editor's check, a game built from content sent inline)
    of one address under way at once, running or waiting for a game worker; one more is refused at once.
    Of them, one runs at a time (:data:`GAME_CALLS_RUNNING_PER_CLIENT`)."""
    trusted_proxies: tuple[str, ...] = ()
    """Addresses or networks of reverse proxies whose ``X-Forwarded-For`` names the client (none: ignored)."""
    finished_ttl: float = 7 * DAY
    """A finished game is deleted this long after its last move (0: kept forever)."""
    abandoned_ttl: float = 30 * DAY
    """A game nobody moved in for this long is deleted (0: kept forever)."""
    unstarted_ttl: float = 1 * DAY
    """An online room still waiting for players this long after its creation is deleted (0: kept forever)."""
    sweep_seconds: float = 600.0
    """How often expired rooms are looked for."""


class RateLimited(MeepleError):
    """A request refused for a while: ``retry_after`` seconds (an integer ≥ 1), ``code`` for programs."""

    def __init__(self, code: str, message: Msg, retry_after: float) -> None:
        super().__init__(message)
        self.code = code
        self.retry_after = max(1, math.ceil(retry_after))


def address_key(host: str | None) -> str:
    """The key an address is counted under: IPv4 as is, IPv6 by its /64 network, anything else as is."""
    if not host:
        return "?"
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return host[:64]
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.IPv6Network((address, 64), strict=False))
    return str(address)


class TokenBucket:
    """``rate.count`` tokens, refilled continuously at ``rate.count / rate.seconds`` per second."""

    __slots__ = ("at", "capacity", "per_second", "tokens")

    def __init__(self, rate: Rate, now: float) -> None:
        self.capacity = float(rate.count)
        self.per_second = rate.count / rate.seconds
        self.tokens = self.capacity
        self.at = now

    def take(self, now: float) -> float:
        """Take one token: 0 if there was one, else the seconds until there will be one (nothing taken)."""
        self.tokens = min(self.capacity, self.tokens + max(0.0, now - self.at) * self.per_second)
        self.at = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return 0.0
        return (1.0 - self.tokens) / self.per_second


class _Recent(OrderedDict[str, T]):
    """A dict of at most ``limit`` keys that forgets the least recently used first."""

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.limit = limit

    def get_or(self, key: str, make: Callable[[], T]) -> T:
        """The value of ``key``, made (and kept) if absent; ``key`` becomes the most recently used."""
        value = self.get(key)
        if value is None:
            return self.put(key, make())
        self.move_to_end(key)
        return value

    def put(self, key: str, value: T) -> T:
        """Set ``key`` (the most recently used), forgetting the oldest keys past the limit."""
        self[key] = value
        self.move_to_end(key)
        while len(self) > self.limit:
            self.popitem(last=False)
        return value


class AddressBuckets:
    """One token bucket per address for one kind of action."""

    def __init__(self, rate: Rate, limit: int = MAX_TRACKED_ADDRESSES) -> None:
        self.rate = rate
        self._buckets: _Recent[TokenBucket] = _Recent(limit)

    def take(self, address: str, now: float) -> float:
        """0 if ``address`` may act now (its token is spent), else the seconds to wait."""
        return self._buckets.get_or(address, lambda: TokenBucket(self.rate, now)).take(now)

    def tokens(self, address: str) -> float:
        """The tokens ``address`` had left at its last action (a full bucket if it is not tracked)."""
        bucket = self._buckets.get(address)
        return bucket.tokens if bucket is not None else float(self.rate.count)

    def __len__(self) -> int:
        return len(self._buckets)


class MissLockout:
    """Look-ups of codes that name no room spend an address's miss allowance (a token bucket of ``rate``);
    the miss that leaves it empty locks the address out of every look-up by code for ``lockout`` seconds.
    Guessing codes is then hopeless (docs/security.md): about one try per lockout, once the first
    ``rate.count`` are spent."""

    def __init__(self, rate: Rate, lockout: float, limit: int = MAX_TRACKED_ADDRESSES) -> None:
        self.rate = rate
        self.lockout = lockout
        self._misses = AddressBuckets(rate, limit)
        self._until: _Recent[float] = _Recent(limit)

    def wait(self, address: str, now: float) -> float:
        """The seconds ``address`` is still locked out for (0: it may look up codes)."""
        until = self._until.get(address)
        if until is None:
            return 0.0
        if until <= now:
            del self._until[address]
            return 0.0
        return until - now

    def miss(self, address: str, now: float) -> bool:
        """Count a miss of ``address``; True when this miss locks it out."""
        if self._misses.take(address, now) == 0.0 and self._misses.tokens(address) >= 1.0:
            return False
        if self.lockout > 0:
            self._until.put(address, now + self.lockout)
        return self.lockout > 0


ACTIONS: dict[str, Msg] = {
    "create": Msg("trop de salles créées", "too many rooms created"),
    "join": Msg("trop de places prises", "too many seats taken"),
    "lookup": Msg("trop de salles consultées", "too many rooms looked up"),
    "query": Msg("trop de questions", "too many questions"),
    "moves_per_address": Msg("trop de coups", "too many moves"),
    "signup": Msg("trop de comptes créés", "too many accounts created"),
    "signin": Msg("trop de connexions tentées", "too many sign-in attempts"),
    "signin_name": Msg("trop de connexions tentées pour ce nom", "too many sign-in attempts for this name"),
}


KEYED_BY_NAME = frozenset({"signin_name"})
"""The actions counted per account name rather than per address."""


class Counters(Protocol):
    """Where a server counts its allowances: this process's memory (:class:`LocalCounters`) or, in a
    cluster, the bus's Redis (:class:`meeple.server.shared_limits.RedisCounters`)."""

    async def take(self, kind: str, rate: Rate, key: str, now: float) -> float:
        """Spend one of ``key``'s ``kind`` tokens: 0 if it had one, else the seconds until it will."""

    async def lockout_wait(self, address: str, now: float) -> float:
        """The seconds ``address`` is still locked out for (0: it is not)."""

    async def miss(self, rate: Rate, lockout: float, address: str, now: float) -> bool:
        """Count a miss of ``address`` against ``rate``; True when this miss locks it out for ``lockout`` s."""


class LocalCounters:
    """This process's own counters, in memory (the one-process server; a cluster's while Redis is away)."""

    def __init__(self, limit: int = MAX_TRACKED_ADDRESSES) -> None:
        self.limit = limit
        self._buckets: dict[tuple[str, Rate], AddressBuckets] = {}
        self._lockouts: dict[tuple[Rate, float], MissLockout] = {}

    def _bucket(self, kind: str, rate: Rate) -> AddressBuckets:
        key = (kind, rate)
        if key not in self._buckets:
            self._buckets[key] = AddressBuckets(rate, self.limit)
        return self._buckets[key]

    async def take(self, kind: str, rate: Rate, key: str, now: float) -> float:
        return self._bucket(kind, rate).take(key, now)

    def _lockout(self, rate: Rate, lockout: float) -> MissLockout:
        key = (rate, lockout)
        if key not in self._lockouts:
            self._lockouts[key] = MissLockout(rate, lockout, self.limit)
        return self._lockouts[key]

    async def lockout_wait(self, address: str, now: float) -> float:
        return max((lockout.wait(address, now) for lockout in self._lockouts.values()), default=0.0)

    async def miss(self, rate: Rate, lockout: float, address: str, now: float) -> bool:
        return self._lockout(rate, lockout).miss(address, now)


class FairUse:
    """The per-address limits of one server (of a whole cluster when its ``counters`` are shared):
    :meth:`take` before an action, :meth:`take_change` before a move or an undo, :meth:`check_lookup` and
    :meth:`miss` around a look-up by code. Time comes from ``now`` (the server's clock)."""

    def __init__(self, limits: Limits, now: Callable[[], float], counters: Counters | None = None) -> None:
        self.limits = limits
        self.now = now
        self.counters: Counters = counters or LocalCounters()

    async def take(self, action: str, address: str) -> None:
        """Spend one of ``address``'s ``action`` tokens (for ``signin_name``, the key is the account's name,
        not an address); :class:`RateLimited` when it has none left."""
        wait = await self.counters.take(action, getattr(self.limits, action), address, self.now())
        if wait > 0:
            where = Msg("", "") if action in KEYED_BY_NAME else Msg("depuis votre adresse", "from your address")
            raise self._limited(ACTIONS[action], where, wait)

    async def take_change(self, address: str, room: str, seats: Sequence[int]) -> None:
        """A move or an undo message (whatever becomes of it: played, stale, illegal) from ``address`` for
        the ``seats`` of ``room``: it spends one of that seat's tokens and one of that address's."""
        seat_key = f"{room}:{','.join(str(seat) for seat in seats) or '-'}"
        wait = await self.counters.take("moves", self.limits.moves, seat_key, self.now())
        if wait > 0:
            raise self._limited(Msg("trop de coups", "too many moves"), Msg("pour cette place", "for this seat"), wait)
        await self.take("moves_per_address", address)

    @staticmethod
    def _limited(what: Msg, whose: Msg, wait: float) -> RateLimited:
        retry = max(1, math.ceil(wait))
        fr, en = f"{what.fr} {whose.fr}".rstrip(), f"{what.en} {whose.en}".rstrip()
        return RateLimited("rate_limited", Msg(f"{fr} : réessayez dans {retry} s", f"{en}: try again in {retry} s"),
                           wait)

    async def check_lookup(self, address: str) -> None:
        """:class:`RateLimited` while ``address`` is locked out for missing room codes too often."""
        wait = await self.counters.lockout_wait(address, self.now())
        if wait > 0:
            raise self._locked(wait)

    async def miss(self, address: str) -> None:
        """``address`` looked up a code that names no room (a lockout is logged: one line per lockout)."""
        if await self.counters.miss(self.limits.misses, self.limits.lockout_seconds, address, self.now()):
            log.warning("%s locked out for %d s: unknown room codes beyond %s", address,
                        self.limits.lockout_seconds, self.limits.misses)

    def _locked(self, wait: float) -> RateLimited:
        retry = max(1, math.ceil(wait))
        return RateLimited("too_many_misses", Msg(
            f"trop de codes de salle inconnus depuis votre adresse : réessayez dans {retry} s",
            f"too many unknown room codes from your address: try again in {retry} s"), wait)


@dataclass
class _Waiter:
    owner: str
    granted: asyncio.Future[None]


class QueueFull(Exception):
    """A job refused at once: its owner already has ``per_owner_in_flight`` jobs running or waiting
    (``whose == "owner"``), or ``max_waiting`` jobs wait in all (``whose == "all"``)."""

    def __init__(self, whose: str, waiting: int) -> None:
        super().__init__(f"{waiting} jobs already wait ({whose})")
        self.whose = whose
        self.waiting = waiting


@dataclass
class QueueCounters:
    """What a :class:`FairQueue` did since it started: jobs granted a slot, jobs refused (queue full), jobs
    that left while waiting (their client gone) and jobs cancelled while they ran."""

    granted: int = 0
    refused: int = 0
    left_waiting: int = 0
    cancelled_running: int = 0

    def to_json(self) -> dict[str, int]:
        """The counters by name."""
        return dict(self.__dict__)


@dataclass
class FairQueue:
    """At most ``slots`` jobs at once (one per worker process: none waits inside the pool, where the order
    is first come, first served), at most ``per_owner`` of them for one owner, and each free slot goes to
    the waiting owner served least recently (round robin): one owner's flood never delays another's job
    by more than one job of each other owner.

    The waiting room is bounded too: at most ``per_owner_in_flight`` jobs of one owner running or waiting,
    and ``max_waiting`` waiting in all (None: unbounded); a job beyond is refused at once with
    :class:`QueueFull` (logged and counted), so one owner can never fill the queue that the others wait in. A job cancelled while it waits (its client left) leaves the
    queue; cancelled while it runs, the cancellation reaches the job itself (which stops its worker)."""

    slots: int
    per_owner: int
    per_owner_in_flight: int | None = None
    max_waiting: int | None = None
    name: str = "queue"
    """How the log names this queue."""
    running: dict[str, int] = field(default_factory=dict)
    counters: QueueCounters = field(default_factory=QueueCounters)
    _waiting: dict[str, deque[_Waiter]] = field(default_factory=dict)
    _served: dict[str, int] = field(default_factory=dict)
    """When each owner with jobs was last served (a grant counter): the smallest goes first."""
    _grants: int = 0

    def waiting(self, owner: str | None = None) -> int:
        """How many jobs wait (of ``owner``, or of everyone)."""
        if owner is not None:
            return len(self._waiting.get(owner, ()))
        return sum(len(queue) for queue in self._waiting.values())

    def _admit(self, owner: str) -> None:
        """:class:`QueueFull` (logged, counted) when ``owner``'s job would not fit in the waiting room. The
        server's own jobs (owner ``""``: a room rebuilt for the cluster's bus, say) are never refused."""
        if not owner:
            return
        mine, everyone = self.waiting(owner) + self.running.get(owner, 0), self.waiting()
        if self.per_owner_in_flight is not None and mine >= self.per_owner_in_flight:
            self.counters.refused += 1
            client_log.warning(owner, "%s: %d jobs already under way for this address: one more refused",
                               self.name, mine)
            raise QueueFull("owner", mine)
        if self.max_waiting is not None and everyone >= self.max_waiting:
            self.counters.refused += 1
            log.warning("%s: %d jobs already waiting: a job of %s refused", self.name, everyone, owner)
            raise QueueFull("all", everyone)

    async def run(self, owner: str, job: Callable[[], Awaitable[T]]) -> T:
        """Run ``job()`` when ``owner``'s turn comes; :class:`QueueFull` at once when the waiting room is
        full for it; a cancelled waiter leaves the queue."""
        self._admit(owner)
        waiter = _Waiter(owner, asyncio.get_running_loop().create_future())
        self._waiting.setdefault(owner, deque()).append(waiter)
        self._grant()
        try:
            await waiter.granted
        except asyncio.CancelledError:
            if waiter.granted.done() and not waiter.granted.cancelled():
                self._release(owner)  # granted just as it was cancelled: give the slot back
            else:
                self._forget(waiter)
            self.counters.left_waiting += 1
            raise
        try:
            return await job()
        except asyncio.CancelledError:
            self.counters.cancelled_running += 1
            raise
        finally:
            self._release(owner)

    def _forget(self, waiter: _Waiter) -> None:
        queue = self._waiting.get(waiter.owner)
        if queue is not None and waiter in queue:
            queue.remove(waiter)
        self._tidy(waiter.owner)

    def _tidy(self, owner: str) -> None:
        """Forget what is known of an owner with nothing running and nothing waiting."""
        if not self._waiting.get(owner):
            self._waiting.pop(owner, None)
            if not self.running.get(owner):
                self.running.pop(owner, None)
                self._served.pop(owner, None)

    def _release(self, owner: str) -> None:
        self.running[owner] -= 1
        self._tidy(owner)
        self._grant()

    def _grant(self) -> None:
        """Give the free slots, one at a time, to the eligible waiting owner served least recently."""
        while sum(self.running.values()) < self.slots:
            eligible = [o for o in self._waiting if self.running.get(o, 0) < self.per_owner]
            if not eligible:
                return
            owner = min(eligible, key=lambda o: self._served.get(o, -1))
            waiter = self._waiting[owner].popleft()
            if waiter.granted.done():  # cancelled while waiting: its task is leaving the queue
                self._tidy(owner)
                continue
            self.running[owner] = self.running.get(owner, 0) + 1
            self._served[owner] = self._grants
            self._grants += 1
            self.counters.granted += 1
            self._tidy(owner)
            waiter.granted.set_result(None)
