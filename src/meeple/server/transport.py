"""What the server does before any game sees a byte: body and JSON limits, security headers, origins.

Everything here treats the network as hostile. Each limit is a module constant, documented in
``docs/security.md``:

* :data:`MAX_BODY_BYTES` — an HTTP request body larger than this is refused with 413 before it is parsed,
  whether it announced its length (``Content-Length``) or not (chunked);
* :data:`MAX_JSON_DEPTH`, :data:`MAX_JSON_INT` — JSON a client sends (a websocket message, a room's
  options, a move, a query's parameters) nests at most this deep and holds no integer beyond this size,
  no ``NaN`` and no infinity;
* :data:`SECURITY_HEADERS` — every HTTP response carries a Content-Security-Policy without inline script,
  ``nosniff``, no framing and no referrer;
* :func:`origin_allowed` — a browser's websocket must come from the server's own origin or one the
  operator listed (``meeple serve --allow-origin``).

Log lines about one client go through :class:`ClientLog`, which keeps a hostile client from flooding the
log: a few lines per client per minute, then one line counting what was left out.
"""

from __future__ import annotations

import json
import logging
import math
import os
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from typing import Any
from urllib.parse import urlsplit

from meeple.core.game import JSON
from meeple.core.i18n import Msg

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

MAX_BODY_BYTES = 256 * 1024
"""The largest HTTP request body (256 KiB): six times a room's largest options (40 kB, inline level,
scenario or case included), while a flood of bodies held at once stays small."""
MAX_JSON_DEPTH = 32
"""How deep a client's JSON may nest (objects and arrays): no move, option or query of any game needs more."""
MAX_JSON_INT = 2**63
"""Integers in a client's JSON stay strictly between -2**63 and 2**63 (a seed is at most 63 bits)."""

CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
    "font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
"""Scripts, styles and connections from this server only: no inline script, no style attribute in markup
(the app sets styles through the DOM), never inside another site's frame."""
SECURITY_HEADERS: tuple[tuple[str, str], ...] = (
    ("content-security-policy", CONTENT_SECURITY_POLICY),
    ("x-content-type-options", "nosniff"),
    ("x-frame-options", "DENY"),
    ("referrer-policy", "no-referrer"),
)
ORIGINS_ENV = "MEEPLE_ALLOW_ORIGINS"
"""Extra websocket origins the server accepts, comma-separated (``meeple serve --allow-origin`` adds to them)."""

log = logging.getLogger("meeple.server")


class ClientLog:
    """Log lines about one client, rate-limited: at most ``burst`` lines per client in ``period`` seconds.

    The lines beyond are not written; the next line written for that client says how many were left out.
    Only the most recent ``max_clients`` clients are remembered, so the limiter's own memory is bounded.
    """

    def __init__(self, logger: logging.Logger = log, burst: int = 5, period: float = 60.0, max_clients: int = 4096,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.logger = logger
        self.burst = burst
        self.period = period
        self.max_clients = max_clients
        self.clock = clock
        self._seen: OrderedDict[str, tuple[float, int, int]] = OrderedDict()
        """client → (start of its current period, lines written in it, lines left out since the last one)"""

    def warning(self, client: str, message: str, *args: object, exc_info: bool | BaseException = False) -> bool:
        """Log ``message % args`` about ``client`` unless it had its share (with the traceback of the
        exception being handled when ``exc_info``); returns whether it was written."""
        now = self.clock()
        start, written, dropped = self._seen.pop(client, (now, 0, 0))
        if now - start >= self.period:
            start, written = now, 0
        if written >= self.burst:
            self._remember(client, (start, written, dropped + 1))
            return False
        self._remember(client, (start, written + 1, 0))
        suffix = f" ({dropped} similar line(s) about this client left out)" if dropped else ""
        self.logger.warning("client %s: " + message + suffix, client, *args, exc_info=exc_info or None)
        return True

    def forget(self) -> None:
        """Forget every client's count (a fresh start)."""
        self._seen.clear()

    def _remember(self, client: str, entry: tuple[float, int, int]) -> None:
        self._seen[client] = entry
        while len(self._seen) > self.max_clients:
            self._seen.popitem(last=False)


client_log = ClientLog()
"""The server's one limiter of log lines about a client (by address)."""


def client_address(scope: Scope) -> str:
    """The peer's address as the server sees it (a proxy's own address when there is one)."""
    client = scope.get("client")
    return str(client[0]) if client else "?"


# --- JSON from clients -----------------------------------------------------------------------------
class JsonRefused(ValueError):
    """A client's JSON is unreadable or breaks a limit; ``message`` says which, in both languages."""

    def __init__(self, message: Msg) -> None:
        super().__init__(message.en)
        self.message = message


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise JsonRefused(Msg(f"nombre hors limites : {text[:20]}", f"number out of range: {text[:20]}"))
    return value


def _no_constant(text: str) -> None:
    raise JsonRefused(Msg(f"« {text} » n'est pas un nombre JSON", f"'{text}' is not a JSON number"))


def parse_client_json(text: str) -> JSON:
    """Parse JSON a client sent and check it with :func:`check_client_json`; raises :class:`JsonRefused`
    (never a RecursionError or a digit-limit ValueError) for anything unreadable or out of bounds."""
    try:
        value = json.loads(text, parse_float=_finite, parse_constant=_no_constant)
    except JsonRefused:
        raise
    except json.JSONDecodeError as error:
        raise JsonRefused(Msg(f"JSON illisible : {error.msg}", f"unreadable JSON: {error.msg}")) from None
    except RecursionError:
        raise JsonRefused(_too_deep()) from None
    except ValueError:  # an integer of more digits than Python converts
        raise JsonRefused(_too_big()) from None
    check_client_json(value)
    return value


def check_client_json(value: JSON) -> JSON:
    """``value`` itself if it nests at most :data:`MAX_JSON_DEPTH` deep and its integers are below
    :data:`MAX_JSON_INT` in size; raises :class:`JsonRefused` otherwise. Iterative: no recursion to exhaust."""
    pending: list[tuple[JSON, int]] = [(value, 1)]
    while pending:
        item, depth = pending.pop()
        if isinstance(item, dict | list):
            if depth > MAX_JSON_DEPTH:
                raise JsonRefused(_too_deep())
            children: Iterable[JSON] = item.values() if isinstance(item, dict) else item
            pending.extend((child, depth + 1) for child in children)
        elif isinstance(item, int) and not isinstance(item, bool) and not -MAX_JSON_INT < item < MAX_JSON_INT:
            raise JsonRefused(_too_big())
        elif isinstance(item, float) and not math.isfinite(item):
            raise JsonRefused(Msg("nombre hors limites", "number out of range"))
    return value


def _too_deep() -> Msg:
    return Msg(f"JSON trop imbriqué : {MAX_JSON_DEPTH} niveaux au plus",
               f"JSON nested too deep: at most {MAX_JSON_DEPTH} levels")


def _too_big() -> Msg:
    return Msg("entier trop grand : 63 bits au plus", "integer too large: at most 63 bits")


# --- HTTP middlewares ------------------------------------------------------------------------------
def _size_text(size: int) -> Msg:
    if size % (1024 * 1024) == 0:
        return Msg(f"{size // (1024 * 1024)} Mio", f"{size // (1024 * 1024)} MiB")
    return Msg(f"{size // 1024} kio", f"{size // 1024} KiB")


def body_too_large(limit: int) -> dict[str, JSON]:
    """The 413 reply's JSON: the server's error shape, naming the limit."""
    size = _size_text(limit)
    return {"type": "error", "error": "too_large", "message": {
        "fr": f"corps de requête trop gros : {size.fr} au plus", "en": f"request body too large: at most {size.en}"}}


class BodyLimit:
    """Refuses (413) any HTTP request whose body is larger than ``limit`` bytes, before the app parses it.

    A declared ``Content-Length`` over the limit is refused at once, without reading; otherwise the body
    is read (chunked bodies included) and refused as soon as it passes the limit, so at most ``limit``
    bytes of it are ever held. The app then receives the whole body as one message.
    """

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY_BYTES) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = _header(scope, b"content-length")
        if declared is not None and (not (declared.isascii() and declared.isdigit()) or int(declared) > self.limit):
            await self._refuse(scope, send)
            return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":  # the client left: nobody to answer
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.limit:
                await self._refuse(scope, send)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        await self.app(scope, _replay(b"".join(chunks), receive), send)

    async def _refuse(self, scope: Scope, send: Send) -> None:
        client_log.warning(client_address(scope), "request body over %d bytes refused (413) on %s", self.limit,
                           scope.get("path", "?"))
        body = json.dumps(body_too_large(self.limit), ensure_ascii=False).encode()
        await send({"type": "http.response.start", "status": 413, "headers": [
            (b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
            (b"connection", b"close")]})
        await send({"type": "http.response.body", "body": body})


def _replay(body: bytes, receive: Receive) -> Receive:
    """A ``receive`` that gives the body already read, then whatever the connection says next."""
    given = False

    async def replay() -> Message:
        nonlocal given
        if not given:
            given = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replay


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key.lower() == name:
            return bytes(value).decode("latin-1").strip()
    return None


class SecurityHeaders:
    """Adds :data:`SECURITY_HEADERS` to every HTTP response that does not set its own value."""

    def __init__(self, app: ASGIApp, headers: tuple[tuple[str, str], ...] = SECURITY_HEADERS) -> None:
        self.app = app
        self.headers = [(name.encode(), value.encode()) for name, value in headers]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                present = {bytes(name).lower() for name, _ in message.get("headers", ())}
                extra = [(name, value) for name, value in self.headers if name not in present]
                message["headers"] = [*message.get("headers", ()), *extra]
            await send(message)

        await self.app(scope, receive, send_with_headers)


# --- websocket origins -----------------------------------------------------------------------------
def normalise_origin(origin: str) -> str:
    """``scheme://host[:port]`` in lower case, as browsers send it; raises ValueError (whose text is the
    refused value) for anything else."""
    parts = urlsplit(origin.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.path.strip("/") or parts.query:
        raise ValueError(origin.strip()[:100])
    return f"{parts.scheme}://{parts.netloc}".lower()


def configured_origins(explicit: Iterable[str] = ()) -> tuple[str, ...]:
    """The origins accepted besides the server's own: ``explicit`` plus :data:`ORIGINS_ENV`, normalised."""
    listed = [*explicit, *os.environ.get(ORIGINS_ENV, "").split(",")]
    return tuple(sorted({normalise_origin(origin) for origin in listed if origin.strip()}))


def origin_allowed(scope: Scope, allowed: Iterable[str]) -> bool:
    """Whether a websocket handshake may go on: no ``Origin`` (not a browser, which could claim any origin
    anyway), the server's own origin (its host as the browser reached it), or one of ``allowed``."""
    origin = _header(scope, b"origin")
    if origin is None:
        return True
    host = (_header(scope, b"host") or "").lower()
    try:
        normal = normalise_origin(origin)
    except ValueError:  # "null" (a sandboxed frame, a file) or junk
        return False
    return (bool(host) and urlsplit(normal).netloc == host) or normal in allowed
