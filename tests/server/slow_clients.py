"""A slowloris in a process of its own: ``count`` TCP connections from one loopback address, each sending
the start of a request head and then nothing, held until told to let go.

Run as ``python -m tests.server.slow_clients PORT SOURCE COUNT``; it prints ``held N`` once every
connection is open, then answers each ``status`` line on its standard input with ``open N closed M``
(``closed``: the server closed it, or answered it, which here means refused it), and lets go at the end of
its input. A process of its own, so that the test's own process keeps its file descriptors, and several
of them share the work of opening tens of thousands of connections.
"""

from __future__ import annotations

import errno
import resource
import select
import socket
import sys

SLOW_HEAD = b"GET /api/games HTTP/1.1\r\nHost: meeple\r\nUser-Agent: slowloris\r\n"
"""The start of a request head that never ends."""
BIND_NO_PORT = getattr(socket, "IP_BIND_ADDRESS_NO_PORT", 24)
"""Linux: choose the source port at connect, not at bind (so ports are shared between destinations)."""


def raise_open_files(needed: int) -> int:
    """Raise this process's soft limit of open files to ``needed`` if the hard limit allows; the limit."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = max(soft, min(needed, hard if hard != resource.RLIM_INFINITY else needed))
    if wanted != soft:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
    return wanted


def open_slow(port: int, source: str, count: int, first: bytes = SLOW_HEAD, batch: int = 500) -> list[socket.socket]:
    """``count`` connections from ``source`` to 127.0.0.1:``port``, each having sent ``first``; opened
    ``batch`` at a time (non-blocking), so a listen backlog is never flooded."""
    held: list[socket.socket] = []
    while len(held) < count:
        pending: dict[int, socket.socket] = {}
        for _ in range(min(batch, count - len(held))):
            sock = socket.socket()
            sock.setsockopt(socket.IPPROTO_IP, BIND_NO_PORT, 1)
            sock.bind((source, 0))
            sock.setblocking(False)
            code = sock.connect_ex(("127.0.0.1", port))
            if code not in (0, errno.EINPROGRESS):
                sock.close()
                raise OSError(code, f"connect from {source}: {errno.errorcode.get(code, code)}")
            pending[sock.fileno()] = sock
        poller = select.poll()
        for fd in pending:
            poller.register(fd, select.POLLOUT)
        while pending:
            events = poller.poll(30_000)
            if not events:
                raise TimeoutError(f"{len(pending)} connections from {source} not accepted within 30 s")
            for fd, _event in events:
                sock = pending.pop(fd)
                poller.unregister(fd)
                if sock.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR) != 0:
                    sock.close()
                    raise OSError(f"a connection from {source} failed")
                sock.send(first)
                held.append(sock)
    return held


def closed_count(held: list[socket.socket]) -> int:
    """How many of ``held`` the server closed or answered (readable, or hung up), without waiting."""
    poller = select.poll()
    for sock in held:
        poller.register(sock.fileno(), select.POLLIN | select.POLLHUP | select.POLLERR)
    return len(poller.poll(0))


def main() -> None:
    port, source, count = int(sys.argv[1]), sys.argv[2], int(sys.argv[3])
    raise_open_files(count + 64)
    held = open_slow(port, source, count)
    print(f"held {len(held)}", flush=True)
    for line in sys.stdin:
        if line.strip() == "status":
            closed = closed_count(held)
            print(f"open {len(held) - closed} closed {closed}", flush=True)
    for sock in held:
        sock.close()


if __name__ == "__main__":
    main()
