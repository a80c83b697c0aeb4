"""The HTTP API of rooms and games (documented at ``/docs``): list the games, ask a game a question, create
and join rooms, read a room, play or undo over HTTP, resign, abort, offer and answer a draw, a takeback or a
rematch (:mod:`meeple.server.actions`), ask a room's game a question, list the rooms a browser may resume."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import FastAPI, Request
from pydantic import AfterValidator, BaseModel, Field

from meeple.core.game import JSON
from meeple.core.i18n import Msg
from meeple.server.errors import ServerError
from meeple.server.people.api import SignedIn
from meeple.server.requests import address_of, while_connected
from meeple.server.rooms import MAX_START_MOVES, RoomSpec, SeatSpec
from meeple.server.service import RoomService
from meeple.server.transport import MAX_JSON_INT, check_client_json

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
    moves: list[Annotated[Any, AfterValidator(check_client_json)]] = Field(default_factory=list, max_length=MAX_START_MOVES)
    """The moves the game starts from (an imported game), as the engine's JSON."""


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


class ActionIn(BaseModel):
    """A game action over HTTP (resign, abort, offer, accept, decline): the seat token, the version the client
    saw and, for an offer, its kind (``draw``, ``takeback``, ``rematch``; for an answer, optionally the kind
    answered)."""

    token: str
    version: int
    offer: str | None = Field(default=None, max_length=16)


class QueryIn(BaseModel):
    """A question about a room's position or a game."""

    token: str | None = None
    params: ClientJson = None


class ResumeIn(BaseModel):
    """The seat tokens a browser kept."""

    tokens: list[str] = Field(default_factory=list, max_length=200)


def add_api(app: FastAPI, service: RoomService, signed_in: SignedIn) -> None:
    @app.get("/api/games", summary="The games this server offers")
    async def games() -> dict[str, JSON]:
        return {"games": [entry.to_json() for entry in service.registry.entries()]}

    fair = service.fair

    @app.post("/api/games/{game}/catalog/{name}", summary="Ask a game a question that needs no room")
    async def catalog(game: str, name: str, body: QueryIn, request: Request) -> dict[str, JSON]:
        address = address_of(request)
        await fair.take("query", address)
        return {"result": await while_connected(request, service.catalog(game, name, body.params, address))}

    @app.post("/api/rooms", summary="Create a room; returns its code and your seat token")
    async def create_room(body: RoomIn, request: Request) -> dict[str, JSON]:
        address = address_of(request)
        await fair.take("create", address)
        caller = await signed_in(request)  # a signed-in creator's seats are their account's
        spec = RoomSpec(
            game=body.game, options=body.options, mode=body.mode, seed=body.seed, turn_seconds=body.turn_seconds,
            seats=[SeatSpec(kind=s.kind, level=s.level, name=s.name) for s in body.seats], moves=list(body.moves),
        )
        account = caller[0].account if caller else None
        room, token = await while_connected(request, service.create_room(spec, owner=address, account=account))
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
        await fair.take("lookup", address)
        room = await service.room(code, address)
        return await service.current_state(room, room.seats_of(token or None))

    @app.post("/api/rooms/{code}/join", summary="Take an open seat; returns its token")
    async def join(code: str, body: JoinIn, request: Request) -> dict[str, JSON]:
        address = address_of(request)
        await fair.take("join", address)
        caller = await signed_in(request)
        room, seat, token = await service.join(code, body.seat, body.name, address,
                                               caller[0].account if caller else None)
        return {"code": room.code, "seat": seat, "token": token, "state": await service.current_state(room, (seat,))}

    @app.post("/api/rooms/{code}/moves", summary="Play a move for your seat")
    async def move(code: str, body: MoveIn, request: Request) -> dict[str, JSON]:
        address = address_of(request)
        room = await service.room(code, address)
        seats = room.seats_of(body.token)
        await fair.take_change(address, room.code, seats)
        version = await service.play(room, seats, body.version, body.move, body.seat)
        return {"version": version}

    @app.post("/api/rooms/{code}/undo", summary="Take back your last move (local games)")
    async def undo(code: str, body: UndoIn, request: Request) -> dict[str, JSON]:
        address = address_of(request)
        room = await service.room(code, address)
        seats = room.seats_of(body.token)
        await fair.take_change(address, room.code, seats)
        return {"version": await service.undo(room, seats, body.version)}

    async def act(action: str, code: str, body: ActionIn, request: Request) -> dict[str, JSON]:
        address = address_of(request)
        room = await service.room(code, address)
        return await service.actions.act(room, room.seats_of(body.token), action, body.version, body.offer, address)

    @app.post("/api/rooms/{code}/resign", summary="Resign: your seat loses, the game ends")
    async def resign(code: str, body: ActionIn, request: Request) -> dict[str, JSON]:
        return await act("resign", code, body, request)

    @app.post("/api/rooms/{code}/abort", summary="Abort the game before every side moved: it does not count")
    async def abort(code: str, body: ActionIn, request: Request) -> dict[str, JSON]:
        return await act("abort", code, body, request)

    @app.post("/api/rooms/{code}/offer", summary="Offer a draw, ask for a takeback or a rematch")
    async def offer(code: str, body: ActionIn, request: Request) -> dict[str, JSON]:
        return await act("offer", code, body, request)

    @app.post("/api/rooms/{code}/accept", summary="Accept the offer waiting for your answer")
    async def accept(code: str, body: ActionIn, request: Request) -> dict[str, JSON]:
        return await act("accept", code, body, request)

    @app.post("/api/rooms/{code}/decline", summary="Decline the offer waiting (or withdraw your own)")
    async def decline(code: str, body: ActionIn, request: Request) -> dict[str, JSON]:
        return await act("decline", code, body, request)

    @app.post("/api/rooms/{code}/query/{name}", summary="Ask the game a question about this room")
    async def query(code: str, name: str, body: QueryIn, request: Request) -> dict[str, JSON]:
        address = address_of(request)
        await fair.take("query", address)
        room = await service.room(code, address)
        answer = service.query(room, room.seats_of(body.token), name, body.params, address)
        return {"result": await while_connected(request, answer)}

    @app.post("/api/resume", summary="The rooms your seat tokens let you resume")
    async def resume(body: ResumeIn, request: Request) -> dict[str, JSON]:
        await fair.take("lookup", address_of(request))
        return {"rooms": await service.resume(body.tokens)}
