"""A throwaway Redis for the cluster tests: Debian's ``redis-server`` on a Unix socket in a temporary folder
(no TCP port, nothing saved to disk), stopped and removed afterwards."""

from __future__ import annotations

import shutil
import subprocess
import tempfile
import time
from pathlib import Path


class TempRedis:
    """:meth:`start` returns the URL of a fresh Redis; :meth:`stop` stops it and removes its folder;
    :meth:`pause` stops it only, so that :meth:`start` brings it back at the same URL (a Redis lost and
    restarted, empty, as after a crash without persistence)."""

    def __init__(self) -> None:
        self.folder: Path | None = None
        self.process: subprocess.Popen[bytes] | None = None

    @staticmethod
    def available() -> bool:
        """Whether ``redis-server`` is installed."""
        return shutil.which("redis-server") is not None

    def start(self, timeout: float = 60.0) -> str:
        self.folder = self.folder or Path(tempfile.mkdtemp(prefix="meeple-redis-"))
        socket_path = self.folder / "redis.sock"
        socket_path.unlink(missing_ok=True)  # left by a paused server: the wait below needs the new one
        self.process = subprocess.Popen(
            ["redis-server", "--port", "0", "--unixsocket", str(socket_path), "--unixsocketperm", "700",
             "--save", "", "--appendonly", "no", "--dir", str(self.folder)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + timeout
        while not socket_path.exists():
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("redis-server did not start")
            time.sleep(0.05)
        return f"unix://{socket_path}"

    def pause(self) -> None:
        """Stop the server, keep its folder (and so its URL) for the next :meth:`start`."""
        if self.process is not None:
            self.process.terminate()
            self.process.wait(timeout=30)
            self.process = None

    def stop(self) -> None:
        self.pause()
        if self.folder is not None:
            shutil.rmtree(self.folder, ignore_errors=True)
            self.folder = None
