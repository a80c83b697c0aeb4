"""The Redis bus when Redis is lost: every call that a room's work waits on answers (False, or nothing) and
says so in the log, instead of raising into the server's tasks."""

from __future__ import annotations

import asyncio
import logging
import socket
from typing import Any

import pytest

from meeple.server.bus import RedisBus


def _nobody_listens() -> str:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return f"redis://127.0.0.1:{probe.getsockname()[1]}/0"


def test_a_lost_redis_refuses_leases_and_logs_instead_of_raising(caplog: pytest.LogCaptureFixture) -> None:
    pytest.importorskip("redis", reason="the bus needs the cluster extra: pip install 'meeple[cluster]'")

    async def scenario() -> list[Any]:
        bus = RedisBus(_nobody_listens())
        try:
            return [await bus.acquire("ROOM"), await bus.renew("ROOM"), await bus.release("ROOM"),
                    await bus.publish({"kind": "change", "code": "ROOM", "version": 1})]
        finally:
            await bus.close()

    with caplog.at_level(logging.WARNING, logger="meeple.server"):
        assert asyncio.run(scenario()) == [False, False, None, None]
    logged = caplog.text
    assert "lease ROOM not taken" in logged and "lease ROOM not renewed" in logged
    assert "lease ROOM not released" in logged and "cannot publish" in logged
