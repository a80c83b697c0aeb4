"""Tools of the hostile-transport tests: a real uvicorn server in a thread, and a websocket client on a
bare TCP socket that sends frames and reads only when the test says so (a library client reads for you)."""

from __future__ import annotations

import base64
import os
import socket
import struct
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import uvicorn
from fastapi import FastAPI

from meeple.server.app import create_app
from meeple.server.cli import uvicorn_options
from meeple.server.connections import ConnectionLimits
from tests.server.conftest import test_registry
from tests.server.live import free_port

TEXT, BINARY, CLOSE = 0x1, 0x2, 0x8


@dataclass
class ThreadServer:
    """The app under uvicorn, as ``meeple serve`` runs it, in a thread of the test's process: the test can
    look at the server's rooms and trace its memory."""

    app: FastAPI
    port: int

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"


@contextmanager
def thread_server(tmp_path: Path, connections: ConnectionLimits | None = None,
                  **app_options: Any) -> Iterator[ThreadServer]:
    """Serve a fresh app (the test games, its own SQLite file) until the block ends, its HTTP connections
    under ``connections`` (the defaults of ``meeple serve`` when None)."""
    app = create_app(f"sqlite:///{tmp_path / 'rooms.sqlite3'}", test_registry(), ai_delay=0.0, **app_options)
    port = free_port()
    config = uvicorn.Config(app, host="127.0.0.1", port=port, timeout_graceful_shutdown=5,
                            **uvicorn_options(connections))
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 60
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("the server did not start")
        time.sleep(0.02)
    try:
        yield ThreadServer(app, port)
    finally:
        server.should_exit = True
        thread.join(timeout=30)


class RawSocket:
    """A websocket client that reads nothing unless asked: its receive buffer is as small as the kernel
    allows, so a server that keeps sending soon finds the connection full."""

    def __init__(self, port: int, path: str, headers: dict[str, str] | None = None) -> None:
        self.sock = socket.socket()
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        self.sock.settimeout(30)
        self.sock.connect(("127.0.0.1", port))
        key = base64.b64encode(os.urandom(16)).decode()
        lines = [f"GET {path} HTTP/1.1", f"Host: 127.0.0.1:{port}", "Upgrade: websocket", "Connection: Upgrade",
                 f"Sec-WebSocket-Key: {key}", "Sec-WebSocket-Version: 13",
                 *(f"{name}: {value}" for name, value in (headers or {}).items())]
        self.sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        self.buffer = b""
        while b"\r\n\r\n" not in self.buffer:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise ConnectionError("the server closed during the handshake")
            self.buffer += chunk
        head, self.buffer = self.buffer.split(b"\r\n\r\n", 1)
        self.status = int(head.split()[1])

    @staticmethod
    def frame(payload: bytes, opcode: int = TEXT) -> bytes:
        """One masked frame (clients must mask) carrying ``payload``."""
        mask = os.urandom(4)
        size = len(payload)
        if size < 126:
            header = struct.pack("!BB", 0x80 | opcode, 0x80 | size)
        elif size < 1 << 16:
            header = struct.pack("!BBH", 0x80 | opcode, 0x80 | 126, size)
        else:
            header = struct.pack("!BBQ", 0x80 | opcode, 0x80 | 127, size)
        key = (mask * (size // 4 + 1))[:size]
        masked = (int.from_bytes(payload, "big") ^ int.from_bytes(key, "big")).to_bytes(size, "big")
        return header + mask + masked

    def send_text(self, text: str) -> None:
        self.sock.sendall(self.frame(text.encode()))

    def send_many(self, data: bytes, seconds: float) -> int:
        """Send ``data`` (frames) until all is sent or the server stops taking it for ``seconds``;
        returns how many bytes went."""
        self.sock.settimeout(seconds)
        sent = 0
        try:
            while sent < len(data):
                sent += self.sock.send(data[sent:sent + 65536])
        except TimeoutError:
            pass
        finally:
            self.sock.settimeout(30)
        return sent

    def _read(self, count: int) -> bytes:
        while len(self.buffer) < count:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise ConnectionError("the server closed the connection without a close frame")
            self.buffer += chunk
        data, self.buffer = self.buffer[:count], self.buffer[count:]
        return data

    def next_frame(self) -> tuple[int, bytes]:
        """The next frame the server sent: its opcode and payload (servers do not mask)."""
        first, second = self._read(2)
        size = second & 0x7F
        if size == 126:
            size = struct.unpack("!H", self._read(2))[0]
        elif size == 127:
            size = struct.unpack("!Q", self._read(8))[0]
        return first & 0x0F, self._read(size)

    def close_code(self) -> tuple[int, str, int]:
        """Read everything up to the server's close frame: its code, its reason and how many frames came before."""
        frames = 0
        while True:
            opcode, payload = self.next_frame()
            if opcode == CLOSE:
                code = struct.unpack("!H", payload[:2])[0] if len(payload) >= 2 else 1005
                return code, payload[2:].decode(errors="replace"), frames
            frames += 1

    def close(self) -> None:
        self.sock.close()
