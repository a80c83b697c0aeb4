"""Where the server's time per move goes: engine, view JSON, state message, durable commit — and the whole
path, without the network.

Plays ``--moves`` random legal moves spread over ``--rooms`` Hive rooms through :class:`RoomService`
(two connected clients per room, whose sends only count), with a fresh SQLite file (``synchronous=FULL``),
``--batch`` rooms moving at once so that their commits share a transaction. Then times each step alone on
the same positions. Prints CPU milliseconds per move (process time: the event loop, the database thread
and the engine). Then, for the cluster's model (docs/scaling.md): the CPU of rebuilding each room from its stored
moves (what another process of a cluster does when the bus tells it of a move) and the memory a room's engine
and moves hold (tracemalloc, in a pass of its own so the CPU figures are not slowed by it).
Run: ``.venv/bin/python benchmarks/server_move_path.py [--rooms 200] [--moves 3000]``.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import json
import os
import random
import tempfile
import time
import tracemalloc
from pathlib import Path
from typing import Any

from meeple.server.clients import Client
from meeple.server.registry import GameRegistry
from meeple.server.rooms import Room, RoomSpec, SeatSpec
from meeple.server.service import RoomService
from meeple.server.store import Store, Write


async def _ignore(_text: str) -> None:
    return None


async def play_rooms(service: RoomService, rooms: list[Room], moves: int, batch: int, seed: int) -> list[Any]:
    """Play ``moves`` random moves, ``batch`` rooms at a time; returns the (room, move JSON) played."""
    rng = random.Random(seed)
    played: list[Any] = []
    turn = 0
    while len(played) < moves:
        group = [rooms[(turn * batch + i) % len(rooms)] for i in range(batch)]
        turn += 1
        jobs = []
        for room in group:
            if room.game.outcome() is not None:
                continue
            move = room.game.move_to_json(rng.choice(room.game.legal_moves()))
            played.append((room, move))
            jobs.append(service.play(room, (0, 1), room.version, move))
        await asyncio.gather(*jobs)
    return played


async def whole_path(rooms_count: int, moves: int, batch: int, folder: Path) -> tuple[float, list[Any]]:
    """CPU seconds per move of ``play`` (check, push, commit, broadcast to two clients)."""
    service = RoomService(Store(f"sqlite:///{folder / 'path.sqlite3'}"), GameRegistry.from_environment())
    spec = RoomSpec(game="hive", options={"game_type": "Base"}, seats=[SeatSpec("human"), SeatSpec("human")])
    rooms = [(await service.create_room(spec))[0] for _ in range(rooms_count)]
    writers = []
    for room in rooms:
        for _ in range(2):
            client = Client((0, 1), _ignore)
            await service.attach(room, client)
            writers.append(asyncio.create_task(client.run_writer()))
    await asyncio.sleep(0.1)
    start = time.process_time()
    played = await play_rooms(service, rooms, moves, batch, seed=1)
    used = time.process_time() - start
    await service.close()
    for writer in writers:
        writer.cancel()
    return used / len(played), played


def steps(played: list[Any], batch: int, folder: Path) -> dict[str, float]:
    """CPU seconds per move of each step alone, replayed on fresh engines."""
    registry = GameRegistry.from_environment()
    factory = registry.get("hive").info.factory
    games: dict[str, Any] = {}
    engine = view = 0.0
    for room, move in played:
        game = games.setdefault(room.code, factory({"game_type": "Base"}, room.row.seed))
        start = time.process_time()
        game.push(game.move_from_json(move))
        game.move_to_json(game.move_stack[-1])
        engine += time.process_time() - start
        start = time.process_time()
        json.dumps(game.view(None), ensure_ascii=False, separators=(",", ":"))
        view += time.process_time() - start
    store = Store(f"sqlite:///{folder / 'steps.sqlite3'}")
    counts: dict[str, int] = {}
    writes = []
    for room, move in played:
        if room.code not in counts:  # the room as created: version 0, no move (the live row has them all)
            store.create_room(dataclasses.replace(room.row, version=0, moves=[], finished_at=None))
        index = counts[room.code] = counts.get(room.code, -1) + 1
        writes.append(Write(room.code, index + 1, None, index, ((index % 2, move),)))
    start = time.process_time()
    wall = time.perf_counter()
    for first in range(0, len(writes), batch):
        store.write(writes[first:first + batch])
    commit = time.process_time() - start
    wall = time.perf_counter() - wall
    store.close()
    count = len(played)
    return {"engine push": engine / count, "view + JSON": view / count, "commit (CPU)": commit / count,
            "commit (wall, with the disk flush)": wall / count}


def rebuild_and_memory(played: list[Any]) -> tuple[float, float, float]:
    """(CPU seconds to rebuild a room from all its moves, mean moves per room, bytes per room of its engine
    and its moves as JSON), over the rooms as they stand after ``played``."""
    factory = GameRegistry.from_environment().get("hive").info.factory
    moves: dict[str, list[Any]] = {}
    seeds: dict[str, int] = {}
    for room, move in played:
        moves.setdefault(room.code, []).append(move)
        seeds[room.code] = room.row.seed
    start = time.process_time()
    for code, stack in moves.items():
        game = factory({"game_type": "Base"}, seeds[code])
        for move in stack:
            game.push(game.move_from_json(move))
    rebuild = (time.process_time() - start) / len(moves)
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    kept = []
    for code, stack in moves.items():
        game = factory({"game_type": "Base"}, seeds[code])
        for move in stack:
            game.push(game.move_from_json(move))
        kept.append((game, json.loads(json.dumps(stack))))
    per_room = (tracemalloc.get_traced_memory()[0] - before) / len(moves)
    tracemalloc.stop()
    return rebuild, len(played) / len(moves), per_room


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=200)
    parser.add_argument("--moves", type=int, default=3000)
    parser.add_argument("--batch", type=int, default=10, help="rooms moving at once (sharing a commit)")
    args = parser.parse_args()
    load = os.getloadavg()[0]
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        per_move, played = asyncio.run(whole_path(args.rooms, args.moves, args.batch, folder))
        parts = steps(played, args.batch, folder)
        rebuild, mean_moves, per_room = rebuild_and_memory(played)
    print(f"server move path: {len(played)} Hive moves over {args.rooms} rooms, {args.batch} rooms at once")
    print(f"whole path (check, push, commit, two clients' states): {per_move * 1000:.2f} ms CPU per move")
    for name, seconds in parts.items():
        print(f"  {name}: {seconds * 1000:.3f} ms per move")
    print(f"rebuild of a room from its stored moves (a cluster peer, per move it hears of): "
          f"{rebuild * 1000:.2f} ms CPU at {mean_moves:.0f} moves a room")
    print(f"memory of a room's engine and moves: {per_room / 1024:.1f} KiB (tracemalloc)")
    print(f"load average {load:.1f} before, {os.getloadavg()[0]:.1f} after, on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
