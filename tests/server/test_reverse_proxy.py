"""The reverse-proxy set-up of deploy/nginx/ (issue 26, item 3): 20 000 slow connections held through
nginx while an honest player creates a room and plays over its websocket, and nginx lets every slow one
go at its header time limit. Runs Debian's nginx with the repository's own configuration files
(tests/server/nginx_proxy.py) in front of a real ``meeple serve``.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest
from websockets.sync.client import connect as ws_connect

from tests.server.live import LiveServer
from tests.server.nginx_proxy import ROOT, TempNginx, nginx_binary, shipped_setting

pytestmark = pytest.mark.slow

SLOW_CONNECTIONS = 20_000
ATTACKERS = 4
"""Processes sharing the slow connections, each from an address of its own (127.0.0.2…)."""
HEADER_SECONDS = 10.0
"""client_header_timeout in deploy/nginx/meeple-http.conf."""


@contextmanager
def meeple_behind_nginx(tmp_path: Path) -> Iterator[tuple[LiveServer, TempNginx]]:
    if nginx_binary() is None:
        pytest.skip("the reverse-proxy test needs nginx: apt-get install nginx")
    live = LiveServer(tmp_path / "rooms.sqlite3", extra_args=("--trust-proxy", "127.0.0.1")).start()
    proxy = TempNginx(live.port)
    try:
        yield live, proxy.start()
    finally:
        proxy.stop()
        live.stop()


def honest_player(base: str) -> list[float]:
    """What a person does: list the games, create a room, open its websocket, play a move; the time of each."""
    times = []
    started = time.monotonic()
    assert httpx.get(f"{base}/api/games", timeout=30).status_code == 200
    times.append(time.monotonic() - started)
    started = time.monotonic()
    room = httpx.post(f"{base}/api/rooms", json={"game": "take", "options": {"pile": 5}}, timeout=30).json()
    times.append(time.monotonic() - started)
    started = time.monotonic()
    with ws_connect(base.replace("http://", "ws://") + f"/ws/rooms/{room['code']}", open_timeout=30) as socket:
        socket.send(json.dumps({"type": "hello", "token": room["token"]}))
        assert json.loads(socket.recv(timeout=30))["legal"] == [1, 2, 3]
        socket.send(json.dumps({"type": "move", "id": 1, "version": 0, "move": 2}))
        while (reply := json.loads(socket.recv(timeout=30)))["type"] == "state":
            pass
        assert reply == {"type": "ack", "id": 1, "version": 1}
    times.append(time.monotonic() - started)
    return times


def status(attackers: list[subprocess.Popen[str]]) -> tuple[int, int]:
    """(still open, closed by the server) over every attacking process."""
    opened = closed = 0
    for attacker in attackers:
        assert attacker.stdin is not None and attacker.stdout is not None
        attacker.stdin.write("status\n")
        attacker.stdin.flush()
        words = attacker.stdout.readline().split()
        opened, closed = opened + int(words[1]), closed + int(words[3])
    return opened, closed


def open_files(pid: int) -> int:
    return len(os.listdir(f"/proc/{pid}/fd"))


def test_the_shipped_nginx_holds_more_connections_than_the_test_opens() -> None:
    assert int(shipped_setting("worker_rlimit_nofile")) >= 2 * SLOW_CONNECTIONS + 1000
    assert "client_header_timeout 10s;" in (ROOT / "deploy/nginx/meeple-http.conf").read_text()
    assert "Strict-Transport-Security" in (ROOT / "deploy/nginx/nginx.conf").read_text()


def test_twenty_thousand_slow_connections_through_nginx_leave_honest_players_served(tmp_path: Path) -> None:
    # nginx's workers share the connections (reuseport); each may hold at most the hard limit of open files
    # where it cannot raise it (no root, or a container without CAP_SYS_RESOURCE)
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    per_worker = SLOW_CONNECTIONS * 1.2 / (os.cpu_count() or 1) + 1000
    if hard != resource.RLIM_INFINITY and hard < per_worker:
        pytest.skip(f"each nginx worker would need {per_worker:.0f} open files; ulimit -Hn is {hard}")
    with meeple_behind_nginx(tmp_path) as (live, proxy):
        quiet = honest_player(proxy.url)
        per = SLOW_CONNECTIONS // ATTACKERS
        attackers = [subprocess.Popen(
            [sys.executable, "-m", "tests.server.slow_clients", str(proxy.port), f"127.0.0.{index + 2}", str(per)],
            cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True) for index in range(ATTACKERS)]
        try:
            opening = time.monotonic()
            for attacker in attackers:
                assert attacker.stdout is not None and attacker.stdout.readline().strip() == f"held {per}"
            opened = time.monotonic() - opening
            held, _closed = status(attackers)
            nginx_files = proxy.open_files()
            attacked = honest_player(proxy.url)
            still_held, _closed = status(attackers)
            assert opened < HEADER_SECONDS, f"opening took {opened:.1f} s: the first ones timed out meanwhile"
            assert held == SLOW_CONNECTIONS and still_held >= SLOW_CONNECTIONS * 0.9
            assert nginx_files >= SLOW_CONNECTIONS  # nginx holds them…
            assert open_files(live.process.pid if live.process else 0) < 1000  # …meeple never sees them
            assert max(attacked) < 10, (quiet, attacked)  # a bound for a hung proxy, not a speed test
            deadline = time.monotonic() + HEADER_SECONDS + 30
            while status(attackers)[0] > 0 and time.monotonic() < deadline:
                time.sleep(0.5)
            assert status(attackers) == (0, SLOW_CONNECTIONS)  # every slow one let go at the header limit
            assert proxy.open_files() < 1000
        finally:
            for attacker in attackers:
                if attacker.stdin:
                    attacker.stdin.close()
                attacker.wait(timeout=60)
        honest_player(proxy.url)
