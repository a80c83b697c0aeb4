"""The room websocket ``/ws/rooms/{code}``: it starts with the client's hello, which carries its seat token
(never in the address, where proxies log it; ``null`` to watch), then pushes the client its own state after
every change and takes its messages::

    {"type": "hello", "token": "<seat token>" | null}     (first, within 20 s)
    {"type": "move",  "id": 1, "version": 7, "move": <the move as the engine's JSON>}
    {"type": "undo",  "id": 2, "version": 8}
    {"type": "query", "id": 3, "name": "preview", "params": {...}}
    {"type": "ping",  "id": 4}
    {"type": "resign" | "abort", "id": 5, "version": 9}
    {"type": "offer", "id": 6, "version": 9, "offer": "draw" | "takeback" | "rematch"}
    {"type": "accept" | "decline", "id": 7, "version": 10, "offer": <the kind answered, optional>}

Replies: ``{"type": "ack", "id", "version"}`` once a move or an action is stored (an action's ack also
carries ``rematch``, the client's seats in the room's rematch once there is one), ``{"type": "answer", "id",
"result"}``, ``{"type": "pong", "id"}``, ``{"type": "state", ...}`` (see :meth:`Views.state_for`),
``{"type": "rematch", "code", "token", "seats"}`` (the client's seat in the rematch its room's players agreed
to: :mod:`meeple.server.actions`), and ``{"type": "error", "id", "error": <code>, "message": {"fr", "en"}}``
for a bad message, which changes nothing.
"""

from __future__ import annotations

import asyncio
import json
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from fastapi import FastAPI, WebSocket

from meeple.core.errors import MeepleError
from meeple.core.game import JSON
from meeple.core.i18n import Msg
from meeple.server.actions import MESSAGES as ACTIONS
from meeple.server.clients import Client
from meeple.server.errors import ServerError
from meeple.server.fairuse import RateLimited
from meeple.server.requests import address_of, limited_json
from meeple.server.service import RoomService
from meeple.server.transport import (
    JsonRefused,
    client_address,
    client_log,
    origin_allowed,
    parse_client_json,
)

MAX_MESSAGE = 64 * 1024
"""The largest websocket message (64 kB), for both the app and uvicorn's ``ws_max_size``."""
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


def add_room_socket(app: FastAPI, service: RoomService, origins: Sequence[str]) -> None:
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
        await service.fair.take("lookup", address)
        room = await service.room(code, address)
    except RateLimited as limited:
        await _refuse(socket, CLOSE_RATE_LIMITED, limited_json(limited))  # the client waits, then retries
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
            await service.fair.take_change(client.address, room.code, client.seats)
            version = await service.play(room, client.seats, message.get("version"), message["move"],
                                         message.get("seat"))
            return {"type": "ack", "id": message_id, "version": version}
        if kind == "undo":
            await service.fair.take_change(client.address, room.code, client.seats)
            version = await service.undo(room, client.seats, message.get("version"))
            return {"type": "ack", "id": message_id, "version": version}
        if kind == "query":
            name = message.get("name")
            if not isinstance(name, str):
                raise ServerError("malformed", Msg("« name » manquant", "'name' is missing"))
            await service.fair.take("query", client.address)
            handling.question = True  # changes nothing: its work may stop with the connection
            result = await service.query(room, client.seats, name, message.get("params"), client.address)
            return {"type": "answer", "id": message_id, "name": name, "result": result}
        if kind == "ping":
            return {"type": "pong", "id": message_id}
        if kind in ACTIONS:
            done = await service.actions.act(room, client.seats, str(kind), message.get("version"),
                                             message.get("offer"), client.address)
            return {"type": "ack", "id": message_id, **done}
        raise ServerError("malformed", Msg(f"type de message inconnu : {kind!r}"[:120],
                                           f"unknown message type: {kind!r}"[:120]))
    except ServerError as error:
        return {**error.to_json(), "id": message_id}
    except RateLimited as error:
        return {**limited_json(error), "id": message_id}
    except MeepleError as error:
        return {**ServerError("bad_request", error.message).to_json(), "id": message_id}
    except Exception:  # a bug behind one message must not cut the player's connection
        client_log.warning(address, "message refused in room %s", room.code, exc_info=True)
        internal = ServerError("internal", Msg("erreur interne : message refusé", "internal error: message refused"), 500)
        return {**internal.to_json(), "id": message_id}
