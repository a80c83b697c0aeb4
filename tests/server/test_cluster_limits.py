"""Per-address limits across a cluster (issue 26, item 4): two real `meeple serve` processes over one
PostgreSQL and one Redis give an address one allowance between them — rooms created, moves of a seat,
room codes missed (and the lockout that follows) — instead of one each; with Redis gone each process
counts alone and still answers."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest

from tests.server.cluster_parts import cluster_parts
from tests.server.live import LiveServer
from tests.server.postgres import TempPostgres, binaries
from tests.server.redis_server import TempRedis

pytestmark = pytest.mark.slow

TIMEOUT = 60.0
LIMITS = ("--limit-create", "6/1h", "--limit-moves", "8/1h", "--limit-misses", "4/1h", "--lockout", "10m")
"""Small allowances (after the test sessions' lifted ones, so these count): one address, every request."""


@pytest.fixture(scope="module")
def cluster() -> Iterator[tuple[LiveServer, LiveServer, str]]:
    with cluster_parts() as (db_url, bus_url):
        pair = [LiveServer(db_url, extra_args=("--bus", bus_url, *LIMITS)) for _ in range(2)]
        try:
            for server in pair:
                server.start()
            yield pair[0], pair[1], bus_url
        finally:
            for server in pair:
                server.stop()


@pytest.fixture
def servers(cluster: tuple[LiveServer, LiveServer, str]) -> tuple[LiveServer, LiveServer]:
    """The two processes, every shared counter forgotten (each test starts with full allowances)."""
    import redis

    first, second, bus_url = cluster
    redis.Redis.from_url(bus_url).flushall()
    return first, second


def create(server: LiveServer) -> httpx.Response:
    return httpx.post(f"{server.url}/api/rooms", json={"game": "take", "options": {"pile": 90}}, timeout=TIMEOUT)


def test_one_address_has_one_creation_allowance_across_two_processes(servers: tuple[LiveServer, LiveServer]) -> None:
    first, second = servers
    statuses = [create(first if index % 2 else second).status_code for index in range(10)]
    assert statuses.count(200) == 6 and statuses[6:] == [429] * 4  # 6 in all, not 6 on each


def test_a_seats_moves_are_counted_once_across_two_processes(servers: tuple[LiveServer, LiveServer]) -> None:
    first, second = servers
    room = create(first).json()
    statuses = []
    for version in range(10):
        server = first if version % 2 else second
        reply = httpx.post(f"{server.url}/api/rooms/{room['code']}/moves",
                           json={"token": room["token"], "version": version, "move": 1}, timeout=TIMEOUT)
        statuses.append(reply.status_code)
    assert statuses == [200] * 8 + [429] * 2


def test_a_lockout_earned_on_one_process_holds_on_the_other(servers: tuple[LiveServer, LiveServer]) -> None:
    first, second = servers
    misses = [httpx.get(f"{(first if index % 2 else second).url}/api/rooms/NOPE{index}", timeout=TIMEOUT)
              for index in range(4)]
    assert [reply.status_code for reply in misses] == [404, 404, 404, 404]
    locked = httpx.get(f"{first.url}/api/rooms/NOPE9", timeout=TIMEOUT)
    assert locked.status_code == 429 and locked.json()["error"] == "too_many_misses"
    elsewhere = httpx.get(f"{second.url}/api/rooms/NOPE9", timeout=TIMEOUT)
    assert elsewhere.status_code == 429 and elsewhere.json()["error"] == "too_many_misses"


def test_without_redis_each_process_counts_alone_and_still_answers() -> None:
    bin_dir = binaries()
    if bin_dir is None or not TempRedis.available():
        pytest.skip("needs PostgreSQL and redis-server: apt-get install postgresql redis-server")
    postgres, redis = TempPostgres(bin_dir), TempRedis()
    try:
        server = LiveServer(postgres.start(), extra_args=("--bus", redis.start(), *LIMITS)).start()
        try:
            assert create(server).status_code == 200  # one spent in Redis
            redis.pause()  # Redis lost
            statuses = [create(server).status_code for _ in range(7)]
            assert statuses == [200] * 6 + [429]  # its own allowance, counted in its memory meanwhile
        finally:
            server.stop()
    finally:
        redis.stop()
        postgres.stop()
