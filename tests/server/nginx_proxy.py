"""A throwaway nginx in front of a test server, configured by the repository's own ``deploy/nginx/`` files:
the events block and open-files limit of ``deploy/nginx/nginx.conf`` and its two included files, with a
loopback port, a temporary folder for its pid, log and buffers, and no TLS (the test speaks plain HTTP)."""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy" / "nginx"


def nginx_binary() -> str | None:
    """Debian's nginx (``apt-get install nginx``), or None without it."""
    return shutil.which("nginx") or next((path for path in ("/usr/sbin/nginx",) if Path(path).exists()), None)


def shipped_setting(name: str) -> str:
    """A top-level setting of deploy/nginx/nginx.conf (``worker_rlimit_nofile``…), as written there."""
    match = re.search(rf"^\s*{name}\s+([^;]+);", (DEPLOY / "nginx.conf").read_text(), re.MULTILINE)
    if match is None:
        raise LookupError(f"deploy/nginx/nginx.conf sets no {name}")
    return match.group(1).strip()


def shipped_events() -> str:
    """The ``events { … }`` block of deploy/nginx/nginx.conf."""
    match = re.search(r"^events\s*\{[^}]*\}", (DEPLOY / "nginx.conf").read_text(), re.MULTILINE)
    if match is None:
        raise LookupError("deploy/nginx/nginx.conf has no events block")
    return match.group(0)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class TempNginx:
    """nginx on a free loopback port, proxying to ``127.0.0.1:upstream_port``; :meth:`stop` ends it and
    removes its folder."""

    def __init__(self, upstream_port: int) -> None:
        self.upstream_port = upstream_port
        self.port = free_port()
        self.folder: Path | None = None
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def config(self, folder: Path) -> str:
        """The test's main configuration around the shipped parts."""
        temp_paths = "\n".join(f"    {kind}_temp_path {folder / kind};" for kind in
                               ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
        return f"""
worker_processes {shipped_setting("worker_processes")};
worker_rlimit_nofile {shipped_setting("worker_rlimit_nofile")};
pid {folder / "nginx.pid"};
error_log {folder / "error.log"} warn;
{shipped_events()}
http {{
    include {DEPLOY / "meeple-http.conf"};
    access_log off;
{temp_paths}
    upstream meeple_app {{
        server 127.0.0.1:{self.upstream_port};
        keepalive 32;
    }}
    server {{
        listen 127.0.0.1:{self.port} backlog=4096 reuseport;
        include {DEPLOY / "meeple-site.conf"};
    }}
}}
"""

    def start(self, timeout: float = 30.0) -> TempNginx:
        binary = nginx_binary()
        if binary is None:
            raise RuntimeError("nginx is not installed (apt-get install nginx)")
        self.folder = Path(tempfile.mkdtemp(prefix="meeple-nginx-"))
        self.folder.chmod(0o755)  # run as root, nginx's workers are another user: they create their buffers here
        (self.folder / "nginx.conf").write_text(self.config(self.folder))
        self.process = subprocess.Popen(
            [binary, "-p", str(self.folder), "-c", str(self.folder / "nginx.conf"), "-g", "daemon off;"],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"nginx stopped at start: {self.errors()}")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                    return self
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("nginx did not listen in time")

    def errors(self) -> str:
        """What nginx wrote to its error log and standard error so far."""
        log = self.folder / "error.log" if self.folder else None
        text = log.read_text(errors="replace") if log and log.exists() else ""
        return text[-3000:]

    def worker_pids(self) -> list[int]:
        """nginx's worker processes (the children of its master), from /proc."""
        if self.process is None:
            return []
        found = []
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit():
                try:
                    parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
                except (OSError, IndexError, ValueError):
                    continue
                if parent == self.process.pid:
                    found.append(int(entry.name))
        return found

    def open_files(self) -> int:
        """File descriptors nginx's workers hold now."""
        return sum(len(os.listdir(f"/proc/{pid}/fd")) for pid in self.worker_pids())

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None
        if self.folder is not None:
            shutil.rmtree(self.folder, ignore_errors=True)
            self.folder = None
