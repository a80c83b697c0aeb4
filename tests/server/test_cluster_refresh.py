"""A process of a cluster that hears of another's change (the bus, the version catch-up) brings its room up to
the stored version: a move is pushed on the engine it holds (hearing of a move costs one move, not the game
replayed); an undo, or moves it holds that the store does not, rebuild the engine from the store."""

from __future__ import annotations

import asyncio
from pathlib import Path

from meeple.server.rooms import RoomSpec
from meeple.server.service import RoomService
from meeple.server.store import Store
from tests.server.conftest import test_registry


def _service(tmp_path: Path) -> RoomService:
    """One process of the cluster: its own service over the shared database."""
    return RoomService(Store(f"sqlite:///{tmp_path / 'rooms.sqlite3'}"), test_registry(), ai_delay=0.0)


def test_a_move_made_elsewhere_is_pushed_on_the_engine_and_an_undo_rebuilds_it(tmp_path: Path) -> None:
    async def scenario() -> None:
        there, here = _service(tmp_path), _service(tmp_path)
        made, _token = await there.create_room(RoomSpec(game="take", options={"pile": 12}))
        room = await here.room(made.code)
        engine = room.game
        await there.play(made, (0, 1), 0, 3)
        await there.play(made, (0, 1), 1, 2)
        await here.cluster.on_message({"kind": "change", "code": made.code, "version": 2})
        assert room.version == 2 and room.game.position_json()["pile"] == 7
        assert room.game is engine, "the two new moves pushed, the game not replayed"
        assert len(room.row.moves) == 2
        await here.cluster.on_message({"kind": "change", "code": made.code, "version": 2})  # heard twice: nothing more
        assert room.game.position_json()["pile"] == 7

        await there.undo(made, (0, 1), 2)  # moves taken back: the engine is rebuilt from the store
        await there.play(made, (0, 1), 3, 1)
        await here.cluster.on_message({"kind": "change", "code": made.code, "version": 4})
        assert room.version == 4 and room.game is not engine
        assert room.game.position_json() == made.game.position_json()
        assert [seat for seat, _move in room.row.moves] == [seat for seat, _move in made.row.moves]
        await here.play(room, (0, 1), 4, 1)  # and this process plays on from there
        assert (await there.room(made.code)).version == 4, "the other process holds its room until told"
        await there.close()
        await here.close()

    asyncio.run(scenario())
