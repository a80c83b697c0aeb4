"""The per-address counters of a cluster, in Redis (issue 26, item 4): two processes' counters over one
Redis give an address one allowance between them, spent exactly even when both spend at once; a lockout
made by one holds on the other; a Redis that goes away leaves each process counting alone, then sharing
again. Against a real Redis (Debian's redis-server, tests/server/redis_server.py)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterator
from typing import Any

import pytest

from meeple.server.fairuse import LocalCounters, Rate
from meeple.server.shared_limits import PREFIX, RETRY_SECONDS, RedisCounters
from tests.server.redis_server import TempRedis

RATE = Rate(10, 60)


@pytest.fixture
def redis_url() -> Iterator[str]:
    if not TempRedis.available():
        pytest.skip("the shared counters need redis-server: apt-get install redis-server")
    server = TempRedis()
    try:
        yield server.start()
    finally:
        server.stop()


def client(url: str) -> Any:
    import redis.asyncio

    return redis.asyncio.from_url(url)


def test_two_processes_share_one_allowance(redis_url: str) -> None:
    async def scenario() -> None:
        first, second = RedisCounters(client(redis_url)), RedisCounters(client(redis_url))
        waits = [await (first if index % 2 else second).take("create", RATE, "203.0.113.9", 1000.0)
                 for index in range(15)]
        assert waits[:10] == [0.0] * 10 and all(wait > 0 for wait in waits[10:])
        assert waits[10] == pytest.approx(6.0)  # one token every 6 s
        assert await first.take("create", RATE, "203.0.113.10", 1000.0) == 0.0  # another address: its own
        assert await second.take("join", RATE, "203.0.113.9", 1000.0) == 0.0  # another kind: its own
        assert await first.take("create", RATE, "203.0.113.9", 1006.0) == 0.0  # refilled with time
        ttl = await first.redis.pttl(f"{PREFIX}rate:create:203.0.113.9")
        assert 0 < ttl <= 61_000  # forgotten once full again

    asyncio.run(scenario())


def test_spending_at_the_same_moment_never_gives_more_than_the_allowance(redis_url: str) -> None:
    async def scenario() -> None:
        processes = [RedisCounters(client(redis_url)) for _ in range(4)]
        waits = await asyncio.gather(*(processes[index % 4].take("query", RATE, "198.51.100.1", 500.0)
                                       for index in range(100)))
        assert sum(1 for wait in waits if wait == 0.0) == RATE.count

    asyncio.run(scenario())


def test_a_lockout_made_by_one_process_holds_on_the_other(redis_url: str) -> None:
    async def scenario() -> None:
        first, second = RedisCounters(client(redis_url)), RedisCounters(client(redis_url))
        misses = Rate(3, 3600)
        locked = [await (first if index % 2 else second).miss(misses, 300.0, "192.0.2.7", 0.0) for index in range(3)]
        assert locked == [False, False, True]  # the miss that empties the allowance locks out
        assert 295 < await second.lockout_wait("192.0.2.7", 0.0) <= 300
        assert await first.lockout_wait("192.0.2.8", 0.0) == 0.0

    asyncio.run(scenario())


def test_without_redis_each_process_counts_alone_then_shares_again(caplog: pytest.LogCaptureFixture) -> None:
    if not TempRedis.available():
        pytest.skip("needs redis-server")
    server = TempRedis()
    url = server.start()
    moment = [0.0]
    try:
        async def scenario() -> None:
            counters = RedisCounters(client(url), clock=lambda: moment[0])
            assert await counters.take("create", RATE, "a", 0.0) == 0.0
            server.pause()  # Redis lost
            waits = [await counters.take("create", RATE, "a", 0.0) for _ in range(12)]
            assert waits[:10] == [0.0] * 10 and waits[10] > 0  # this process's own allowance
            lines = [record for record in caplog.records if "Redis does not answer" in record.getMessage()]
            assert len(lines) == 1 and lines[0].levelno == logging.WARNING
            server.start()  # back, empty (no persistence), its scripts forgotten
            moment[0] += RETRY_SECONDS
            other = RedisCounters(client(url))
            shared = [await (counters if index % 2 else other).take("create", RATE, "a", 0.0) for index in range(12)]
            assert shared.count(0.0) == RATE.count  # one allowance between the two again

        asyncio.run(scenario())
    finally:
        server.stop()


def test_local_counters_are_the_fair_use_buckets() -> None:
    async def scenario() -> None:
        counters = LocalCounters()
        waits = [await counters.take("create", RATE, "a", 0.0) for _ in range(11)]
        assert waits[:10] == [0.0] * 10 and waits[10] == pytest.approx(6.0)
        assert [await counters.miss(Rate(2, 60), 30.0, "b", 0.0) for _ in range(2)] == [False, True]
        assert await counters.lockout_wait("b", 10.0) == pytest.approx(20.0)

    asyncio.run(scenario())
