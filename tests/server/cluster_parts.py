"""The parts a cluster test needs: a throwaway PostgreSQL and a throwaway Redis, both on Unix sockets in
temporary folders, started together and removed together (tests/server and tests/web share them)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from tests.server.live import LiveServer
from tests.server.postgres import TempPostgres, binaries
from tests.server.redis_server import TempRedis


@contextmanager
def cluster_parts() -> Iterator[tuple[str, str]]:
    """(database URL, bus URL) of a fresh PostgreSQL and a fresh Redis; the calling test is skipped, naming
    the packages, where either is not installed."""
    bin_dir = binaries()
    if bin_dir is None or not TempRedis.available():
        pytest.skip("the cluster tests need PostgreSQL and redis-server: apt-get install postgresql redis-server")
    postgres, redis = TempPostgres(bin_dir), TempRedis()
    try:
        yield postgres.start(), redis.start()
    finally:
        redis.stop()
        postgres.stop()


@contextmanager
def two_cluster_servers(db_url: str, bus_url: str,
                        extra_args: tuple[str, ...] = ()) -> Iterator[tuple[LiveServer, LiveServer]]:
    """Two `meeple serve` processes of one cluster over ``db_url`` and ``bus_url`` (with ``extra_args``),
    stopped afterwards."""
    servers = [LiveServer(db_url, extra_args=("--bus", bus_url, *extra_args)) for _ in range(2)]
    try:
        for server in servers:
            server.start()
        yield servers[0], servers[1]
    finally:
        for server in servers:
            server.stop()
