"""The FastAPI application: the HTTP API, the game websocket and the browser app's files.

HTTP (documented at ``/docs``): list the games, create and join rooms, read a room, play or undo over
HTTP, ask a game a question, list the rooms a browser may resume. The websocket ``/ws/rooms/{code}``
starts with the client's hello, which carries its seat token (never in the address, where proxies log
it; ``null`` to watch), then pushes the client its own state after every change and takes its messages::

    {"type": "hello", "token": "<seat token>" | null}     (first, within 20 s)
    {"type": "move",  "id": 1, "version": 7, "move": <the move as the engine's JSON>}
    {"type": "undo",  "id": 2, "version": 8}
    {"type": "query", "id": 3, "name": "preview", "params": {...}}
    {"type": "ping",  "id": 4}

Replies: ``{"type": "ack", "id", "version"}`` once a move is stored, ``{"type": "answer", "id",
"result"}``, ``{"type": "pong", "id"}``, ``{"type": "state", ...}`` (see :meth:`RoomService.state_for`),
and ``{"type": "error", "id", "error": <code>, "message": {"fr", "en"}}`` for a bad message, which
changes nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Mapping, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Annotated, Any, TypeVar

from fastapi import FastAPI, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import AfterValidator, BaseModel, Field
from starlette.exceptions import HTTPException as StarletteHTTPException

from meeple.core.errors import MeepleError
from meeple.core.game import JSON
from meeple.core.i18n import Msg
from meeple.server.bus import make_bus
from meeple.server.fairuse import Limits, RateLimited, address_key
from meeple.server.registry import GameRegistry, UnknownGameError
from meeple.server.service import Client, Clock, RoomService, RoomSpec, SeatSpec, ServerError
from meeple.server.store import DEFAULT_URL, Store
from meeple.server.transport import (
    MAX_JSON_INT,
    BodyLimit,
    JsonRefused,
    SecurityHeaders,
    check_client_json,
    client_address,
    client_log,
    configured_origins,
    origin_allowed,
    parse_client_json,
)

log = logging.getLogger("meeple.server")

T = TypeVar("T")

WEB_DIR = Path(__file__).resolve().parent.parent / "web"
MAX_MESSAGE = 64 * 1024
"""The largest websocket message (64 kB), for both the app and uvicorn's ``ws_max_size``."""
HTTP_ERRORS = {
    400: Msg("corps de requête illisible : JSON mal formé, trop imbriqué ou nombre trop long",
             "unreadable request body: malformed JSON, nested too deep or a number too long"),
    404: Msg("adresse inconnue", "no such address"),
    405: Msg("méthode non permise à cette adresse", "method not allowed at this address"),
}


ClientJson = Annotated[Any, AfterValidator(check_client_json)]
"""Free-form JSON from a client (a move, options, parameters): bounded depth and numbers."""


class SeatIn(BaseModel):
    """A seat of a new room: ``human`` (yours), ``ai`` (with a level) or ``open`` (for someone who joins)."""

    kind: str = "human"
    level: str | None = None
    name: str = ""


class RoomIn(BaseModel):
    """A room to create."""

    game: str
    options: Annotated[dict[str, Any], AfterValidator(check_client_json)] = Field(default_factory=dict)
    mode: str = "local"
    seats: list[SeatIn] = Field(default_factory=list)
    seed: int | None = Field(default=None, gt=-MAX_JSON_INT, lt=MAX_JSON_INT)
    turn_seconds: int | None = None


class JoinIn(BaseModel):
    """Taking an open seat (the first one when ``seat`` is omitted)."""

    seat: int | None = None
    name: str = ""


class MoveIn(BaseModel):
    """A move over HTTP: the seat token, the version the client saw, the move as the engine's JSON."""

    token: str
    version: int
    move: ClientJson = None
    seat: int | None = None


class UndoIn(BaseModel):
    """An undo over HTTP."""

    token: str
    version: int


class QueryIn(BaseModel):
    """A question about a room's position or a game."""

    token: str | None = None
    params: ClientJson = None


class ResumeIn(BaseModel):
    """The seat tokens a browser kept."""

    tokens: list[str] = Field(default_factory=list, max_length=200)


def database_url(explicit: str | None = None) -> str:
    """The database to use: ``explicit``, else ``MEEPLE_DATABASE_URL``, else a SQLite file here.

    A value without a scheme is a SQLite file path: ``games.sqlite3`` means ``sqlite:///games.sqlite3``.
    """
    chosen = explicit or os.environ.get("MEEPLE_DATABASE_URL") or DEFAULT_URL
    if "://" not in chosen:
        return "sqlite:///" + str(Path(chosen).expanduser().resolve())
    return chosen


def create_app(db_url: str | None = None, registry: GameRegistry | None = None, ai_delay: float = 0.3,
               clock: Clock | None = None, limits: Limits | None = None, origins: Sequence[str] = (),
               docs: bool = True, bus_url: str | None = None) -> FastAPI:
    """The whole server: API, websocket and the browser app, over the games of ``registry``.

    ``clock`` replaces the wall clock of the turn timers, the rate limits and the rooms' expiry (tests
    move theirs by hand); ``limits`` are the fair-use limits (docs/security.md). Websockets are accepted
    from the server's own origin, from ``origins`` and from :data:`~meeple.server.transport.ORIGINS_ENV`'s;
    ``docs`` serves the API's documentation page at ``/docs`` (from local files); ``bus_url`` (Redis) joins
    the cluster of processes that share the database (:mod:`meeple.server.bus`)."""
    allowed = configured_origins(origins)
    limits = limits or Limits()
    service = RoomService(Store(database_url(db_url)), registry or GameRegistry.from_environment(), ai_delay,
                          clock, limits=limits, bus=make_bus(bus_url))

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        service.start()
        yield
        await service.close()

    app = FastAPI(title="meeple", summary="Rooms, seats and moves for the five games of meeple.",
                  lifespan=lifespan, docs_url=None, redoc_url=None, openapi_url="/openapi.json" if docs else None)
    app.state.service = service
    app.add_middleware(BodyLimit)
    app.add_middleware(SecurityHeaders)  # added after BodyLimit, so around it: the 413 replies carry the headers
    if limits.trusted_proxies:
        from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

        # only these proxies' X-Forwarded-For names the client; anyone else's is its own claim, ignored
        # (added last, so outermost: every other layer sees the client's own address)
        app.add_middleware(ProxyHeadersMiddleware, trusted_hosts=list(limits.trusted_proxies))
    _add_error_handlers(app)
    _add_api(app, service)
    _add_websocket(app, service, allowed)
    _add_web(app, service.registry)
    if docs:
        _add_docs(app)
    return app


def _error_response(error: ServerError) -> JSONResponse:
    return JSONResponse(error.to_json(), status_code=error.status)


def _limited_json(error: RateLimited) -> dict[str, JSON]:
    return {"type": "error", "error": error.code, "message": error.message.to_json(), "retry_after": error.retry_after}


def address_of(connection: Request | WebSocket) -> str:
    """The key of the client's fair-use limits: its address (as a listed proxy reported it), IPv6 by /64."""
    return address_key(connection.client.host if connection.client else None)


def _add_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(RateLimited)
    async def _rate_limited(_request: Request, error: RateLimited) -> JSONResponse:
        return JSONResponse(_limited_json(error), status_code=429, headers={"Retry-After": str(error.retry_after)})

    @app.exception_handler(ClientGone)
    async def _client_gone(_request: Request, _error: ClientGone) -> Response:
        return Response(status_code=499)  # nobody reads it: the connection is closed

    @app.exception_handler(ServerError)
    async def _server_error(_request: Request, error: ServerError) -> JSONResponse:
        return _error_response(error)

    @app.exception_handler(UnknownGameError)
    async def _unknown_game(_request: Request, error: UnknownGameError) -> JSONResponse:
        return _error_response(ServerError("unknown_game", error.message, 404))

    @app.exception_handler(MeepleError)
    async def _meeple_error(_request: Request, error: MeepleError) -> JSONResponse:
        return _error_response(ServerError("bad_request", error.message, 400))

    @app.exception_handler(RequestValidationError)
    async def _invalid(_request: Request, error: RequestValidationError) -> JSONResponse:
        first = error.errors()[0] if error.errors() else {}
        where = ".".join(str(part) for part in first.get("loc", ()) if part != "body")[:80]
        refused = first.get("ctx", {}).get("error")
        if isinstance(refused, JsonRefused):
            message = Msg(f"requête invalide : {where} : {refused.message.fr}",
                          f"invalid request: {where}: {refused.message.en}")
        else:
            reason = first.get("msg", "invalid")
            message = Msg(f"requête invalide : {where} : {reason}", f"invalid request: {where}: {reason}")
        return _error_response(ServerError("malformed", message, 422))

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(_request: Request, error: StarletteHTTPException) -> JSONResponse:
        # FastAPI's own refusals (a body it cannot parse, an unknown path…), in the server's error shape
        message = HTTP_ERRORS.get(error.status_code, Msg(f"erreur HTTP {error.status_code}",
                                                         f"HTTP error {error.status_code}"))
        code = "malformed" if error.status_code == 400 else f"http_{error.status_code}"
        response = _error_response(ServerError(code, message, error.status_code))
        response.headers.update(error.headers or {})
        return response


class ClientGone(Exception):
    """The client of an HTTP request hung up before its answer was ready: its work was stopped."""


async def _hung_up(request: Request) -> None:
    """Return once the client of ``request`` (whose body is already read) has closed its connection."""
    while (await request.receive())["type"] != "http.disconnect":
        pass


async def while_connected(request: Request, work: Awaitable[T]) -> T:
    """``work``'s result, unless the client hangs up first: the work is then cancelled (a call waiting
    for a game worker leaves its queue, a running one stops its worker) and :class:`ClientGone` raised,
    so that nobody's cores go on computing an answer nobody will read."""
    job = asyncio.ensure_future(work)
    watch = asyncio.ensure_future(_hung_up(request))
    try:
        await asyncio.wait({job, watch}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        watch.cancel()
        if not job.done():
            job.cancel()
    if job.cancelled() or not job.done():
        with contextlib.suppress(BaseException):
            await job
        client_log.warning(address_of(request), "left before the answer to %s: its work is stopped",
                           request.url.path[:80])
        raise ClientGone
    return job.result()


def _add_api(app: FastAPI, service: RoomService) -> None:
    @app.get("/api/games", summary="The games this server offers")
    async def games() -> dict[str, JSON]:
        return {"games": [entry.to_json() for entry in service.registry.entries()]}

    fair = service.fair

    @app.post("/api/games/{game}/catalog/{name}", summary="Ask a game a question that needs no room")
    async def catalog(game: str, name: str, body: QueryIn, request: Request) -> dict[str, JSON]:
        address = address_of(request)
        fair.take("query", address)
        return {"result": await while_connected(request, service.catalog(game, name, body.params, address))}

    @app.post("/api/rooms", summary="Create a room; returns its code and your seat token")
    async def create_room(body: RoomIn, request: Request) -> dict[str, JSON]:
        address = address_of(request)
        fair.take("create", address)
        spec = RoomSpec(
            game=body.game, options=body.options, mode=body.mode, seed=body.seed, turn_seconds=body.turn_seconds,
            seats=[SeatSpec(kind=s.kind, level=s.level, name=s.name) for s in body.seats],
        )
        room, token = await while_connected(request, service.create_room(spec, owner=address))
        seats = room.seats_of(token)
        return {"code": room.code, "token": token, "seats": list(seats), "state": service.state_for(room, seats)}

    @app.get("/api/rooms/{code}", summary="A room as a spectator sees it (as a seat: Authorization: Bearer <token>)")
    async def room_state(code: str, request: Request) -> dict[str, JSON]:
        if "token" in request.query_params:
            raise ServerError("token_in_url", Msg(
                "le jeton de place ne va jamais dans l'adresse : en-tête « Authorization: Bearer <jeton> »",
                "the seat token never goes in the address: header 'Authorization: Bearer <token>'"))
        scheme, _, token = request.headers.get("authorization", "").partition(" ")
        token = token.strip() if scheme.lower() == "bearer" else ""
        address = address_of(request)
        fair.take("lookup", address)
        room = await service.room(code, address)
        return await service.current_state(room, room.seats_of(token or None))

    @app.post("/api/rooms/{code}/join", summary="Take an open seat; returns its token")
    async def join(code: str, body: JoinIn, request: Request) -> dict[str, JSON]:
        address = address_of(request)
        fair.take("join", address)
        room, seat, token = await service.join(code, body.seat, body.name, address)
        return {"code": room.code, "seat": seat, "token": token, "state": await service.current_state(room, (seat,))}

    @app.post("/api/rooms/{code}/moves", summary="Play a move for your seat")
    async def move(code: str, body: MoveIn, request: Request) -> dict[str, JSON]:
        room = await service.room(code, address_of(request))
        version = await service.play(room, room.seats_of(body.token), body.version, body.move, body.seat)
        return {"version": version}

    @app.post("/api/rooms/{code}/undo", summary="Take back your last move (local games)")
    async def undo(code: str, body: UndoIn, request: Request) -> dict[str, JSON]:
        room = await service.room(code, address_of(request))
        return {"version": await service.undo(room, room.seats_of(body.token), body.version)}

    @app.post("/api/rooms/{code}/query/{name}", summary="Ask the game a question about this room")
    async def query(code: str, name: str, body: QueryIn, request: Request) -> dict[str, JSON]:
        address = address_of(request)
        fair.take("query", address)
        room = await service.room(code, address)
        answer = service.query(room, room.seats_of(body.token), name, body.params, address)
        return {"result": await while_connected(request, answer)}

    @app.post("/api/resume", summary="The rooms your seat tokens let you resume")
    async def resume(body: ResumeIn, request: Request) -> dict[str, JSON]:
        fair.take("lookup", address_of(request))
        return {"rooms": await service.resume(body.tokens)}


CLOSE_UNSUPPORTED = 1003
"""Close code for a binary frame: the server speaks JSON text only."""
CLOSE_NOT_READING = 1008
"""Close code (policy violation) for a client that does not read its messages (its outbox overflowed)."""
CLOSE_BAD_HELLO = 4400
"""Close code when the connection does not start as it must: a token in the address, a first message
that is not a hello."""
CLOSE_ORIGIN = 4403
"""Close code for a browser page of another site (its Origin is neither the server's own nor listed)."""
CLOSE_RATE_LIMITED = 4429
"""Close code (the HTTP 429 of a websocket) for a client over a limit; its error carries ``retry_after``."""
MAX_SOCKETS_PER_ADDRESS = 64
"""Websockets one client address may hold open at once (a class behind one NAT still fits)."""
CLOSE_NO_HELLO = 4408
"""Close code for a client that sent no hello within :data:`HELLO_SECONDS`."""
HELLO_SECONDS = 20.0
"""How long a new connection may wait before its hello."""
MAX_TOKEN = 200
"""The longest seat token a hello may carry (the server's own are 24 characters)."""
CLOSE_GRACE_SECONDS = 30.0
"""How long a closing connection may take to send what it still has and its close frame (a client that
reads nothing never gets it: the connection is then left to the transport, its memory bounded)."""


def _add_websocket(app: FastAPI, service: RoomService, origins: Sequence[str]) -> None:
    open_sockets: Counter[str] = Counter()
    """Websockets open per client address (waiting for their hello included)."""

    @app.websocket("/ws/rooms/{code}")
    async def room_socket(socket: WebSocket, code: str) -> None:
        await socket.accept()
        address = address_of(socket)
        if not origin_allowed(socket.scope, origins):
            origin = socket.headers.get("origin", "")[:100]
            client_log.warning(address, "websocket from origin %r refused (%d)", origin, CLOSE_ORIGIN)
            await _refuse(socket, CLOSE_ORIGIN, ServerError("origin_refused", Msg(
                f"origine refusée : {origin} (le serveur accepte sa propre adresse et celles de --allow-origin)",
                f"origin refused: {origin} (the server accepts its own address and those of --allow-origin)")).to_json())
            return
        if open_sockets[address] >= MAX_SOCKETS_PER_ADDRESS:
            client_log.warning(address, "more than %d websockets open: refused (%d)", MAX_SOCKETS_PER_ADDRESS,
                               CLOSE_RATE_LIMITED)
            await _refuse(socket, CLOSE_RATE_LIMITED, {**ServerError("too_many_connections", Msg(
                f"trop de connexions ouvertes depuis votre adresse ({MAX_SOCKETS_PER_ADDRESS} au plus)",
                f"too many connections open from your address (at most {MAX_SOCKETS_PER_ADDRESS})")).to_json(),
                "retry_after": 10})
            return
        open_sockets[address] += 1
        try:
            await _open_room(socket, service, code, address)
        finally:
            open_sockets[address] -= 1
            if open_sockets[address] <= 0:
                del open_sockets[address]


async def _open_room(socket: WebSocket, service: RoomService, code: str, address: str) -> None:
    """The life of one accepted room websocket: no token in its address, the room found, the hello, then
    its messages until it ends."""
    if "token" in socket.query_params:
        await _refuse(socket, CLOSE_BAD_HELLO, ServerError("token_in_url", Msg(
            "le jeton de place ne va plus dans l'adresse : envoyez-le dans le premier message "
            '{"type": "hello", "token": …}',
            'the seat token no longer goes in the address: send it in the first message '
            '{"type": "hello", "token": …}')).to_json())
        return
    try:
        service.fair.take("lookup", address)
        room = await service.room(code, address)
    except RateLimited as limited:
        await _refuse(socket, CLOSE_RATE_LIMITED, _limited_json(limited))  # the client waits, then retries
        return
    except ServerError as error:
        await _refuse(socket, 4404, error.to_json())
        return
    hello = await _hello(socket, address)
    if hello is None:
        return
    token = hello.get("token")
    client = Client(room.seats_of(token if isinstance(token, str) else None), socket.send_text, address)
    writer = _start_writer(client)
    if token and not client.seats:
        client.push(ServerError("bad_token", Msg("jeton de place inconnu : vous regardez la partie",
                                                  "unknown seat token: you are watching")).to_json())
    await service.attach(room, client)
    await _serve_client(socket, service, room, client, writer)


async def _refuse(socket: WebSocket, code: int, error: Mapping[str, JSON]) -> None:
    """Tell the client why (one error message), then close with ``code``."""
    try:
        await socket.send_text(json.dumps(error, ensure_ascii=False))
    except Exception:  # it left already
        return
    message = error.get("message")
    reason = message.get("en", "") if isinstance(message, dict) else ""
    await _close(socket, code, str(reason)[:120])


async def _hello(socket: WebSocket, address: str) -> dict[str, JSON] | None:
    """The client's first message, ``{"type": "hello", "token": <seat token or null>}``; None once the
    connection was closed instead (no hello in time, a binary frame, anything else)."""
    try:
        message = await asyncio.wait_for(socket.receive(), HELLO_SECONDS)
    except TimeoutError:
        await _refuse(socket, CLOSE_NO_HELLO, ServerError("no_hello", Msg(
            f"aucun message « hello » en {HELLO_SECONDS:.0f} s", f"no 'hello' message within {HELLO_SECONDS:.0f} s"))
            .to_json())
        return None
    if message["type"] == "websocket.disconnect":
        return None
    text = message.get("text")
    if text is None:
        client_log.warning(address, "sent a binary frame: closed (%d)", CLOSE_UNSUPPORTED)
        await _close(socket, CLOSE_UNSUPPORTED, "binary frames are not accepted: send JSON text")
        return None
    try:
        hello = parse_client_json(text) if len(text) <= MAX_MESSAGE else None
    except JsonRefused:
        hello = None
    token = hello.get("token") if isinstance(hello, dict) else None
    if not isinstance(hello, dict) or hello.get("type") != "hello" or not (
            token is None or (isinstance(token, str) and len(token) <= MAX_TOKEN)):
        await _refuse(socket, CLOSE_BAD_HELLO, ServerError("hello_expected", Msg(
            'le premier message doit être {"type": "hello", "token": <jeton de place ou null>}',
            'the first message must be {"type": "hello", "token": <seat token or null>}')).to_json())
        return None
    return hello


async def _serve_client(socket: WebSocket, service: RoomService, room: Any, client: Client,
                        writer: asyncio.Task[None]) -> None:
    """Read the client's messages until it leaves, sends a binary frame or stops reading its replies; then
    forget it (the room's clients, its outbox) and close with the matching code."""
    address = client.address or client_address(socket.scope)
    reader = asyncio.create_task(_read_messages(socket, service, room, client, address))
    overflow = asyncio.create_task(client.overflowed.wait())
    try:
        await asyncio.wait({reader, overflow}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in (reader, overflow):
            task.cancel()
        await service.detach(room, client)
    if client.overflowed.is_set():
        writer.cancel()
        client_log.warning(address, "does not read its messages (over %d messages or %d bytes waiting): "
                           "disconnected (%d) from room %s", client.max_messages, client.max_bytes,
                           CLOSE_NOT_READING, room.code)
        await _close(socket, CLOSE_NOT_READING, "too many unread messages")
        return
    closing = None
    if reader.done() and not reader.cancelled():
        failure = reader.exception()
        if failure is not None:  # the connection failed under the reader: nothing to close
            client_log.warning(address, "connection failed in room %s", room.code, exc_info=failure)
        else:
            closing = reader.result()
    try:
        await asyncio.wait_for(writer, CLOSE_GRACE_SECONDS)
    except TimeoutError:
        return
    if closing is not None:
        await _close(socket, *closing)


async def _read_messages(socket: WebSocket, service: RoomService, room: Any, client: Client,
                         address: str) -> tuple[int, str] | None:
    """Answer the client's messages; returns the close code and reason that end the connection, or None
    once the client left."""
    while not client.overflowed.is_set():
        message = await socket.receive()
        if message["type"] == "websocket.disconnect":
            return None
        text = message.get("text")
        if text is None:
            client_log.warning(address, "sent a binary frame: closed (%d) in room %s", CLOSE_UNSUPPORTED, room.code)
            return CLOSE_UNSUPPORTED, "binary frames are not accepted: send JSON text"
        # Shielded: a message half handled (a move pushed, not yet stored) is never cut by the
        # connection's end; its reply is simply not sent. A question is the exception: it changes nothing,
        # so its work (a hint in a game worker) stops when the connection ends.
        handling = _Handling()
        work = asyncio.ensure_future(_handle_message(service, room, client, text, address, handling))
        try:
            reply = await asyncio.shield(work)
        except asyncio.CancelledError:
            if handling.question:
                work.cancel()
            raise
        if reply is not None:
            client.push(reply)
    return None


async def _close(socket: WebSocket, code: int, reason: str) -> None:
    """Send the close frame, waiting at most :data:`CLOSE_GRACE_SECONDS` for the client to take it."""
    reason = reason.encode()[:120].decode(errors="ignore")  # a close frame's reason fits in 123 bytes
    try:
        await asyncio.wait_for(socket.close(code=code, reason=reason), CLOSE_GRACE_SECONDS)
    except Exception:  # already closed, or the client reads nothing: the transport ends it
        return


def _start_writer(client: Client) -> asyncio.Task[None]:
    async def write() -> None:
        try:
            await client.run_writer()
        except Exception:  # the socket closed under us: nothing more to send
            return

    return asyncio.create_task(write())


class _Handling:
    """What a websocket message being handled turned out to be: a question may be cut short."""

    question = False


async def _handle_message(service: RoomService, room: Any, client: Client, text: str, address: str = "?",
                          handling: _Handling | None = None) -> dict[str, JSON] | None:
    """Do what one websocket message asks; returns the reply (an error never changes anything)."""
    handling = handling or _Handling()
    message_id: JSON = None
    try:
        if len(text) > MAX_MESSAGE:
            raise ServerError("malformed", Msg("message trop long", "message too long"))
        try:
            message = parse_client_json(text)
        except JsonRefused as error:
            client_log.warning(address, "refused a message in room %s: %s", room.code, error.message.en)
            raise ServerError("malformed", error.message) from None
        if not isinstance(message, dict):
            raise ServerError("malformed", Msg("un objet JSON est attendu", "a JSON object is expected"))
        message_id = message.get("id")
        kind = message.get("type")
        if kind == "move":
            if "move" not in message:
                raise ServerError("malformed", Msg("« move » manquant", "'move' is missing"))
            version = await service.play(room, client.seats, message.get("version"), message["move"],
                                         message.get("seat"))
            return {"type": "ack", "id": message_id, "version": version}
        if kind == "undo":
            version = await service.undo(room, client.seats, message.get("version"))
            return {"type": "ack", "id": message_id, "version": version}
        if kind == "query":
            name = message.get("name")
            if not isinstance(name, str):
                raise ServerError("malformed", Msg("« name » manquant", "'name' is missing"))
            service.fair.take("query", client.address)
            handling.question = True  # changes nothing: its work may stop with the connection
            result = await service.query(room, client.seats, name, message.get("params"), client.address)
            return {"type": "answer", "id": message_id, "name": name, "result": result}
        if kind == "ping":
            return {"type": "pong", "id": message_id}
        raise ServerError("malformed", Msg(f"type de message inconnu : {kind!r}"[:120],
                                           f"unknown message type: {kind!r}"[:120]))
    except ServerError as error:
        return {**error.to_json(), "id": message_id}
    except RateLimited as error:
        return {**_limited_json(error), "id": message_id}
    except MeepleError as error:
        return {**ServerError("bad_request", error.message).to_json(), "id": message_id}
    except Exception:  # a bug behind one message must not cut the player's connection
        client_log.warning(address, "message refused in room %s", room.code, exc_info=True)
        internal = ServerError("internal", Msg("erreur interne : message refusé", "internal error: message refused"), 500)
        return {**internal.to_json(), "id": message_id}


def _add_web(app: FastAPI, registry: GameRegistry) -> None:
    if not WEB_DIR.is_dir():
        return

    # HEAD too: uptime monitors ask with HEAD (the headers of the page, no body)
    @app.api_route("/", methods=["GET", "HEAD"], include_in_schema=False)
    async def index() -> Response:
        return FileResponse(WEB_DIR / "index.html", headers={"Cache-Control": "no-cache"})

    app.mount("/static", StaticFiles(directory=WEB_DIR), name="static")
    for entry in registry.entries():  # a plug-in game's own page and rules modules (game.toml, [web] dir)
        folder = entry.plugin.web_directory() if entry.plugin is not None else None
        if folder is not None:
            app.mount(f"/plugins/{entry.info.name}", StaticFiles(directory=folder), name=f"plugin-{entry.info.name}")


DOCS_PAGE = """<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>meeple — API</title>
  <link rel="icon" href="data:,">
  <link rel="stylesheet" href="/docs/assets/swagger-ui.css">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="/docs/assets/swagger-ui-bundle.js"></script>
  <script src="/static/docs.js"></script>
</body>
</html>
"""


def _add_docs(app: FastAPI) -> None:
    """``/docs``: Swagger UI from the files the ``fastapi-offline`` package ships, never from a CDN (it
    works offline and loads nothing from another site)."""
    from importlib.resources import files

    swagger_ui_path = str(files("fastapi_offline") / "static")

    @app.get("/docs", include_in_schema=False)
    async def docs_page() -> Response:
        return HTMLResponse(DOCS_PAGE)  # under the same strict policy as every page (Swagger UI needs no more)

    app.mount("/docs/assets", StaticFiles(directory=swagger_ui_path), name="docs-assets")
