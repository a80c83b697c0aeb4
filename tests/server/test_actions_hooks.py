"""What the ratings and the lobby build on: ``RoomService.on_finished`` called once per room that ends (by
its last move, a resignation, an agreed draw, an abort), with each seat's score; never for a room re-read
from the store; the computer's help refused while a rated game goes on."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from meeple.core.game import JSON, Game
from meeple.server.errors import ServerError
from meeple.server.registry import GameAdapter
from meeple.server.rooms import Room, RoomSpec, SeatSpec
from meeple.server.service import RoomService
from meeple.server.store import Store
from tests.server import take_plugin
from tests.server.conftest import ManualClock, test_registry


def _hint(game: Game[Any], seat: int | None, params: JSON) -> JSON:
    return {"take": game.position_json()["pile"] % 4 or 1}


def _service(url: str) -> RoomService:
    adapter = GameAdapter(choose_move=take_plugin.ADAPTER.choose_move, levels=take_plugin.ADAPTER.levels,
                          queries={**take_plugin.ADAPTER.queries, "hint": _hint}, assisting_queries=frozenset({"hint"}))
    registry = test_registry().with_game(take_plugin.INFO, adapter)
    return RoomService(Store(url), registry, ai_delay=0.0, clock=ManualClock())


def _run(url: str, scenario: Callable[[RoomService, list[tuple[str, Any, Any]]], Awaitable[None]]) -> list[tuple[str, Any, Any]]:
    """Run ``scenario`` on a fresh service whose finished rooms are noted as (code, scores, reason)."""
    finished: list[tuple[str, Any, Any]] = []

    async def note(room: Room) -> None:
        outcome = room.outcome()
        assert outcome is not None
        finished.append((room.code, room.scores(), outcome.details.get("result")))

    async def main() -> None:
        service = _service(url)
        service.on_finished.append(note)
        try:
            await scenario(service, finished)
            await asyncio.sleep(0.05)  # the hooks run in the background
        finally:
            await service.close()

    asyncio.run(main())
    return finished


async def _two_players(service: RoomService, rated: bool = False, pile: int = 5) -> tuple[Room, str, str]:
    spec = RoomSpec(game="take", options={"pile": pile}, mode="online", seats=[SeatSpec("human", name="Ana")], rated=rated)
    room, ana = await service.create_room(spec)
    _room, _seat, bea = await service.join(room.code, None, "Bea")
    return room, ana, bea


@pytest.fixture
def url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'rooms.sqlite3'}"


def test_the_hook_is_called_once_per_room_that_ends_whatever_ends_it(url: str) -> None:
    async def scenario(service: RoomService, finished: list[tuple[str, Any, Any]]) -> None:
        by_move, ana, bea = await _two_players(service, pile=3)
        await service.play(by_move, by_move.seats_of(ana), by_move.version, 3)  # the last stone: Ana wins
        resigned, ana, bea = await _two_players(service)
        await service.actions.act(resigned, resigned.seats_of(bea), "resign", resigned.version)
        drawn, ana, bea = await _two_players(service)
        await service.actions.act(drawn, drawn.seats_of(ana), "offer", drawn.version, "draw")
        await service.actions.act(drawn, drawn.seats_of(bea), "accept", drawn.version)
        stopped, ana, bea = await _two_players(service)
        await service.actions.act(stopped, stopped.seats_of(ana), "abort", stopped.version)
        going_on, ana, bea = await _two_players(service)
        await service.actions.act(going_on, going_on.seats_of(ana), "offer", going_on.version, "draw")
        await service.actions.act(going_on, going_on.seats_of(bea), "decline", going_on.version)
        await asyncio.sleep(0.05)
        assert finished == [(by_move.code, (1.0, 0.0), None), (resigned.code, (1.0, 0.0), "resign"),
                            (drawn.code, (0.5, 0.5), "agreed_draw"), (stopped.code, None, "aborted")]
        for room in (by_move, resigned, drawn, stopped):  # re-read from the store (what a cluster's peer does)
            await service.refresh(room)
            service.after_change(room, publish=False)
        with pytest.raises(ServerError):
            await service.actions.act(resigned, resigned.seats_of(ana), "resign", resigned.version)

    assert len(_run(url, scenario)) == 4


def test_a_room_rebuilt_from_the_store_is_over_and_tells_nobody(url: str) -> None:
    codes: list[str] = []

    async def first(service: RoomService, _finished: list[tuple[str, Any, Any]]) -> None:
        room, ana, _bea = await _two_players(service)
        await service.actions.act(room, room.seats_of(ana), "resign", room.version)
        codes.append(room.code)

    async def second(service: RoomService, finished: list[tuple[str, Any, Any]]) -> None:
        room = await service.room(codes[0])  # a restarted server rebuilds it
        assert room.outcome() is not None and room.to_move() is None and room.scores() == (0.0, 1.0)

    assert len(_run(url, first)) == 1
    assert _run(url, second) == []


def test_the_computers_help_is_refused_while_a_rated_game_goes_on(url: str) -> None:
    async def scenario(service: RoomService, _finished: list[tuple[str, Any, Any]]) -> None:
        rated, ana, bea = await _two_players(service, rated=True, pile=9)
        with pytest.raises(ServerError) as refused:
            await service.query(rated, rated.seats_of(ana), "hint", None)
        assert refused.value.code == "no_help_in_rated" and refused.value.status == 409
        with pytest.raises(ServerError):
            await service.query(rated, (), "hint", None)  # nor to a spectator, who could pass it on
        assert (await service.query(rated, rated.seats_of(ana), "pile", None))["pile"] == 9  # not help
        await service.actions.act(rated, rated.seats_of(bea), "resign", rated.version)
        assert await service.query(rated, rated.seats_of(ana), "hint", None) == {"take": 1}  # over: analyse away
        casual, ana, _bea = await _two_players(service, pile=9)
        assert await service.query(casual, casual.seats_of(ana), "hint", None) == {"take": 1}

    _run(url, scenario)


def test_the_lobby_sees_which_queries_are_help(url: str) -> None:
    service = _service(url)
    try:
        assert service.registry.get("take").to_json()["assisting"] == ["hint"]
    finally:
        asyncio.run(service.close())
