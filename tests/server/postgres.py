"""A throwaway PostgreSQL server for the store's tests: a cluster made by ``initdb`` in a temporary folder,
started by ``pg_ctl`` on a Unix socket only (no TCP port), run as a non-root user, removed afterwards."""

from __future__ import annotations

import os
import pwd
import shutil
import subprocess
import tempfile
from pathlib import Path


def binaries() -> Path | None:
    """The folder of ``initdb`` and ``pg_ctl`` (on the PATH, else Debian's newest), or None without them."""
    found = shutil.which("pg_ctl")
    if found and shutil.which("initdb"):
        return Path(found).resolve().parent
    for folder in sorted(Path("/usr/lib/postgresql").glob("*/bin"), key=lambda p: p.parent.name, reverse=True):
        if (folder / "pg_ctl").exists() and (folder / "initdb").exists():
            return folder
    return None


def _unprivileged_user() -> str | None:
    """Who runs the server when the tests run as root (PostgreSQL refuses root): ``postgres``, else ``nobody``."""
    if os.geteuid() != 0:
        return None
    for name in ("postgres", "nobody"):
        try:
            pwd.getpwnam(name)
        except KeyError:
            continue
        return name
    raise RuntimeError("running as root and no 'postgres' or 'nobody' user to run PostgreSQL as")


class TempPostgres:
    """:meth:`start` returns the URL of a fresh server; :meth:`stop` stops it and removes its files."""

    def __init__(self, bin_dir: Path) -> None:
        self.bin_dir = bin_dir
        self.user = _unprivileged_user()
        self.folder: Path | None = None

    def _run(self, *command: str) -> None:
        prefix = ["runuser", "-u", self.user, "--"] if self.user else []
        done = subprocess.run([*prefix, *command], capture_output=True, text=True, timeout=300)
        if done.returncode != 0:
            log = self.folder / "server.log" if self.folder else None
            details = log.read_text(errors="replace")[-2000:] if log and log.exists() else ""
            raise RuntimeError(f"{' '.join(command)} failed: {done.stderr.strip()}\n{details}")

    def start(self) -> str:
        self.folder = Path(tempfile.mkdtemp(prefix="meeple-pg-"))
        if self.user:
            entry = pwd.getpwnam(self.user)
            os.chown(self.folder, entry.pw_uid, entry.pw_gid)
        data = self.folder / "data"
        self._run(str(self.bin_dir / "initdb"), "-D", str(data), "-U", "meeple", "--auth=trust", "-E", "UTF8",
                  "--no-sync")
        options = f"-c listen_addresses='' -k {self.folder} -c fsync=on -c synchronous_commit=on"
        self._run(str(self.bin_dir / "pg_ctl"), "-D", str(data), "-l", str(self.folder / "server.log"), "-w",
                  "-t", "180", "-o", options, "start")
        return f"postgresql://meeple@/postgres?host={self.folder}"

    def new_database(self, name: str) -> str:
        """Create the empty database ``name`` on the running server; returns its URL (psycopg driver named)."""
        import psycopg

        assert self.folder is not None, "start() first"
        with psycopg.connect(f"host={self.folder} user=meeple dbname=postgres", autocommit=True) as connection:
            connection.execute(f'CREATE DATABASE "{name}"')
        return f"postgresql+psycopg://meeple@/{name}?host={self.folder}"

    def stop(self) -> None:
        if self.folder is None:
            return
        try:
            self._run(str(self.bin_dir / "pg_ctl"), "-D", str(self.folder / "data"), "-m", "fast", "-w", "-t", "120",
                      "stop")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)
            self.folder = None
