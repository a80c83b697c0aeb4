"""A real server in a subprocess on a free loopback port, for restart and browser tests."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[2]
TEST_PLUGINS = "tests.server.take_plugin,tests.server.hidden_cards"
ONE_ADDRESS_LIMITS = ("--limit-create", "100000/1m", "--limit-join", "100000/1m", "--limit-lookup", "100000/1m",
                      "--limit-query", "100000/1m", "--ai-rooms-per-client", "100000",
                      "--limit-signup", "100000/1m", "--limit-signin", "100000/1m", "--limit-signin-name", "100000/1m")
"""Every test of a session talks to the server from 127.0.0.1: as one address it makes more rooms than a
person would (the limits themselves are tested in tests/server/test_hostile_fairuse.py)."""


def free_port() -> int:
    """A loopback port nobody listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class LiveServer:
    """``meeple serve`` in a subprocess; :meth:`start` waits until it answers, :meth:`kill` SIGKILLs it."""

    def __init__(self, db_path: Path | str, plugins: str = TEST_PLUGINS, port: int | None = None,
                 extra_args: tuple[str, ...] = (), extra_path: tuple[str, ...] = ()) -> None:
        self.db_url = db_path if isinstance(db_path, str) else f"sqlite:///{db_path}"
        """A SQLite file, or any database URL given as text (a cluster's PostgreSQL)."""
        self.extra_args = extra_args
        self.extra_path = extra_path
        """Folders put first on the server's PYTHONPATH (a plug-in game's distribution, tests/plugin_template.py)."""
        self.plugins = plugins
        self.port = port or free_port()
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 120.0) -> LiveServer:
        """Start the server; returns once it answers (generous: start-up imports every game, and a loaded
        machine may take many seconds)."""
        # this tree's src first: a worktree's server must serve its own code, not the installed package's
        env = {**os.environ, "MEEPLE_GAME_PLUGINS": self.plugins,
               "PYTHONPATH": os.pathsep.join([*self.extra_path, str(ROOT / "src"), str(ROOT)])}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "meeple", "serve", "--port", str(self.port), "--db", self.db_url,
             *ONE_ADDRESS_LIMITS, *self.extra_args],
            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                error = self.process.stderr.read().decode() if self.process.stderr else ""
                raise RuntimeError(f"the server stopped at start-up: {error}")
            try:
                if httpx.get(f"{self.url}/api/games", timeout=5).status_code == 200:
                    return self
            except httpx.HTTPError:
                time.sleep(0.1)
        raise RuntimeError("the server did not answer in time")

    def kill(self) -> None:
        """SIGKILL: no chance to flush or close anything."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(timeout=10)
        self.process = None

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()
        self.process = None


def process_gone(pid: int, seconds: float = 60.0) -> bool:
    """Whether process ``pid`` ends within ``seconds`` (generous: a loaded machine is slow to reap)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        time.sleep(0.05)
    return False
