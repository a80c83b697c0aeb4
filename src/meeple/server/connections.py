"""HTTP connections before the app sees a request: time limits on the request's head and body, a cap on
the connections of one address and on all of them, idle connections closed.

uvicorn parses HTTP and gives the app a request once its head is complete, but it sets no time limit on
that head (a connection that sends half a header line and waits is kept for ever) and no cap per address:
20 000 such connections used up the server's file descriptors and every honest request failed (issue 26).
:func:`guarded_protocol` wraps the HTTP protocol class uvicorn itself would use (httptools when installed,
else h11) with the limits of :class:`ConnectionLimits`; ``meeple serve`` runs uvicorn with it
(:func:`meeple.server.cli.uvicorn_options`). Each limit is documented in ``docs/security.md``:

* the head of a request (request line and headers) arrives within :attr:`ConnectionLimits.head_seconds`
  of the connection's opening or of the previous response, and is at most ``head_bytes`` long;
* its body (if any) then arrives whole within ``body_seconds``;
* one address holds at most ``per_address`` HTTP connections at once (a websocket leaves this count once
  it is upgraded: the app caps websockets per address itself), and the server at most ``total``
  connections of every kind, so that it always keeps file descriptors for its database and workers;
* an idle keep-alive connection is closed after ``keep_alive_seconds`` (uvicorn's own timer).

A refused connection gets one short reply in the server's error shape (408, 429, 431 or 503, with
``Connection: close``) and is closed; one log line per client and minute at most (:data:`client_log`).

What one process cannot do alone — hold tens of thousands of slow connections from many addresses
without spending its descriptors — is the reverse proxy's (``deploy/nginx/``, docs/security.md).
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
import resource
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, ClassVar

from meeple.core.i18n import Msg
from meeple.server.fairuse import address_key
from meeple.server.transport import SECURITY_HEADERS, client_log

RESERVED_FILES = 256
"""File descriptors kept for the server's own needs (database, worker pipes, logs, the bus) when the cap
on connections is derived from the process's limit of open files."""


def open_files_limit(raise_to_hard: bool = False) -> int:
    """The process's limit of open files (the soft one); with ``raise_to_hard``, first raised as far as
    the hard limit allows (``meeple serve`` does so at start: the default soft limit, often 1 024, is far
    below what a thousand games' websockets need)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if raise_to_hard and soft != hard:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
            soft = hard
        except (ValueError, OSError):  # some systems cap the soft limit below an infinite hard one
            pass
    return soft if soft != resource.RLIM_INFINITY else 1 << 20


def default_total() -> int:
    """The cap on connections at once: the limit of open files less :data:`RESERVED_FILES`."""
    return max(64, open_files_limit() - RESERVED_FILES)


@dataclass(frozen=True)
class ConnectionLimits:
    """The limits :func:`guarded_protocol` sets on HTTP connections (the defaults ``meeple serve`` uses)."""

    head_seconds: float = 10.0
    """A request's head arrives whole within this time of the connection's opening, or of the previous
    response on a kept-alive connection."""
    body_seconds: float = 30.0
    """A request's body arrives whole within this time of its head (256 KiB at 70 kbit/s)."""
    head_bytes: int = 32 * 1024
    """The longest request head: request line and every header (browsers send 1-8 KiB)."""
    per_address: int = 64
    """HTTP connections one address (IPv6: one /64) holds at once; a class behind one NAT fits."""
    total: int = field(default_factory=default_total)
    """Connections of every kind (websockets included) the server holds at once."""
    keep_alive_seconds: int = 5
    """An idle kept-alive HTTP connection is closed after this time."""
    trusted: tuple[str, ...] = ()
    """Reverse proxies (addresses or networks) exempt from ``per_address``: every client comes through
    them, and they cap connections per client themselves (``deploy/nginx/``)."""

    def trusts(self, host: str) -> bool:
        """Whether ``host`` is one of the :attr:`trusted` proxies."""
        try:
            address = ipaddress.ip_address(host)
        except ValueError:
            return False
        return any(address in ipaddress.ip_network(network, strict=False) for network in self.trusted)


_PHRASES = {408: "Request Timeout", 429: "Too Many Requests", 431: "Request Header Fields Too Large",
            503: "Service Unavailable"}
_HEAD, _BODY, _APP, _DONE = "head", "body", "app", "done"


def refusal(status: int, code: str, message: Msg, retry_after: int | None = None) -> bytes:
    """A whole HTTP response refusing a connection: the server's error JSON, ``Connection: close``."""
    body = json.dumps({"type": "error", "error": code, "message": message.to_json(),
                       **({"retry_after": retry_after} if retry_after else {})}, ensure_ascii=False).encode()
    headers = [("content-type", "application/json"), ("content-length", str(len(body))), ("connection", "close"),
               *((("retry-after", str(retry_after)),) if retry_after else ()), *SECURITY_HEADERS]
    head = f"HTTP/1.1 {status} {_PHRASES[status]}\r\n" + "".join(f"{name}: {value}\r\n" for name, value in headers)
    return head.encode("latin-1") + b"\r\n" + body


class _Guard:
    """What :func:`guarded_protocol` adds to uvicorn's HTTP protocol class (mixed in before it).

    The request under way is followed through uvicorn's own ``cycle`` (one per request): a new cycle means
    a head was parsed, its ``more_body`` tells whether the body is still coming. The check runs after each
    chunk of data and when a deadline passes, so it costs a comparison per chunk and one timer per
    connection."""

    limits: ClassVar[ConnectionLimits]
    open_per_address: ClassVar[Counter[str]]
    replies: ClassVar[dict[tuple[int, str], bytes]]
    """Each refusal written once per (status, English text): its text depends on the limits only."""
    # attributes of uvicorn's protocol classes this relies on (both httptools' and h11's have them)
    transport: asyncio.Transport
    connections: set[Any]
    cycle: Any
    client: tuple[str, int] | None
    loop: asyncio.AbstractEventLoop

    def connection_made(self, transport: asyncio.Transport) -> None:
        super().connection_made(transport)  # type: ignore[misc]
        self._address: str | None = None
        self._timer: asyncio.TimerHandle | None = None
        self._phase = _HEAD
        self._seen_cycle: Any = self.cycle
        self._head_bytes = 0
        host = self.client[0] if self.client else ""
        key = address_key(host) if host else "?"
        if len(self.connections) > self.limits.total:
            client_log.warning(key, "server holds %d connections (its cap): connection refused (503)",
                               self.limits.total)
            self._refuse(503, "server_full", Msg(
                "serveur complet : trop de connexions ouvertes, réessayez dans un instant",
                "server full: too many open connections, try again in a moment"), retry_after=5)
            return
        if host and not self.limits.trusts(host):
            if self.open_per_address[key] >= self.limits.per_address:
                client_log.warning(key, "more than %d HTTP connections open: refused (429)", self.limits.per_address)
                self._refuse(429, "too_many_connections", Msg(
                    f"trop de connexions ouvertes depuis votre adresse ({self.limits.per_address} au plus)",
                    f"too many connections open from your address (at most {self.limits.per_address})"),
                    retry_after=5)
                return
            self.open_per_address[key] += 1
            self._address = key
        self._arm(self.limits.head_seconds)

    def connection_lost(self, exc: Exception | None) -> None:
        self._leave()
        super().connection_lost(exc)  # type: ignore[misc]

    def data_received(self, data: bytes) -> None:
        if self._phase == _HEAD:
            self._head_bytes += len(data)
        super().data_received(data)  # type: ignore[misc]
        if self._phase != _DONE:
            self._follow()

    def on_response_complete(self) -> None:
        # armed before uvicorn's own handler, which may already start the next (pipelined) request
        if self._phase != _DONE:
            self._phase, self._seen_cycle, self._head_bytes = _HEAD, self.cycle, 0
            self._arm(self.limits.head_seconds)
        super().on_response_complete()  # type: ignore[misc]

    # --- following the request under way ----------------------------------------------------------------
    def _follow(self) -> None:
        """Move on once the head, then the body, has arrived; refuse a head past its size."""
        current: object = self.transport.get_protocol()
        if current is not self:  # upgraded to a websocket: the app caps those
            self._leave()
            return
        cycle = self.cycle
        if self._phase == _HEAD:
            if cycle is not None and cycle is not self._seen_cycle:
                self._phase = _BODY
                self._arm(self.limits.body_seconds)
            elif self._head_bytes > self.limits.head_bytes:
                self._close_with(431, "head_too_large", Msg(
                    f"en-têtes de requête trop longs : {self.limits.head_bytes // 1024} kio au plus",
                    f"request headers too long: at most {self.limits.head_bytes // 1024} KiB"),
                    "request head over %d bytes: closed (431)", self.limits.head_bytes)
                return
        if self._phase == _BODY and cycle is not None and not cycle.more_body:
            self._phase = _APP  # the app has the whole request: its own limits apply from here
            self._cancel()

    def _deadline(self, phase: str) -> None:
        self._timer = None
        if self._phase == _DONE or self.transport.is_closing():
            return
        self._follow()  # anything uvicorn parsed outside data_received (a pipelined request)
        if self._phase != phase:
            return
        seconds = self.limits.head_seconds if phase == _HEAD else self.limits.body_seconds
        what = Msg("en-têtes", "head") if phase == _HEAD else Msg("corps", "body")
        self._close_with(408, "too_slow", Msg(
            f"requête trop lente : {what.fr} non reçus en {seconds:g} s",
            f"request too slow: its {what.en} did not arrive within {seconds:g} s"),
            "request %s not received within %g s: closed (408)", what.en, seconds)

    def _close_with(self, status: int, code: str, message: Msg, log_line: str, *args: object) -> None:
        client_log.warning(self._address or (self.client[0] if self.client else "?"), log_line, *args)
        cycle = self.cycle
        if cycle is not None and cycle is not self._seen_cycle and cycle.response_started:
            self._leave()
            self.transport.close()  # the app already answers: nothing more may be written
            return
        self._refuse(status, code, message)

    def _refuse(self, status: int, code: str, message: Msg, retry_after: int | None = None) -> None:
        self._leave()
        reply = self.replies.get((status, message.en))
        if reply is None:  # made once: a flood meets the same refusal many times
            reply = self.replies[(status, message.en)] = refusal(status, code, message, retry_after)
        self.transport.write(reply)
        self.transport.close()

    def _arm(self, seconds: float) -> None:
        self._cancel()
        self._timer = self.loop.call_later(seconds, self._deadline, self._phase)

    def _cancel(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _leave(self) -> None:
        """This connection stops counting (closed, refused or upgraded); said once."""
        self._cancel()
        self._phase = _DONE
        if self._address is not None:
            self.open_per_address[self._address] -= 1
            if self.open_per_address[self._address] <= 0:
                del self.open_per_address[self._address]
            self._address = None


def guarded_protocol(limits: ConnectionLimits | None = None, base: type[asyncio.Protocol] | None = None) \
        -> type[asyncio.Protocol]:
    """uvicorn's HTTP protocol class (``base``, by default the one uvicorn picks: httptools, else h11)
    under ``limits``; pass it as uvicorn's ``http``. Each call makes a class with its own counts."""
    if base is None:
        from uvicorn.protocols.http.auto import AutoHTTPProtocol

        base = AutoHTTPProtocol
    return type(f"Guarded{base.__name__}", (_Guard, base), {
        "limits": limits or ConnectionLimits(), "open_per_address": Counter(), "replies": {},
        "__doc__": f"{base.__name__} with the limits of meeple.server.connections.",
    })
