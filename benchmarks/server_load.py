"""Server load: N concurrent online games played by bots over websockets on loopback.

Starts ``meeple serve`` in a subprocess (a fresh SQLite file in a temporary directory), creates N online
rooms of a game and joins their second seats (before the clock starts), then lets one bot per seat play
over its own websocket: when its
state says it is to move, it waits a think time, picks a random legal move and sends it. A move's round
trip is the time from sending it to receiving the state at the new version (checked by the engine,
stored durably, pushed back). A finished game is replaced by a new room, so N games stay in play.

Run: ``.venv/bin/python benchmarks/server_load.py [--games 200] [--seconds 30] [--think 1.0] [--game hive]``.
Prints move round-trip p50/p99, moves per second and errors; asserts nothing. The bots run in this
process and share the machine's cores with the server.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import websockets

ROOT = Path(__file__).resolve().parents[1]


@dataclass
class Figures:
    """What the bots measured."""

    round_trips: list[float] = field(default_factory=list)
    completed_at: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    games_finished: int = 0
    server_cpu_before: float | None = None
    server_cpu_after: float | None = None


def free_port() -> int:
    """A loopback port nobody listens on."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start_server(port: int, db_path: Path, log_path: Path) -> subprocess.Popen[bytes]:
    """``meeple serve`` on ``port`` (its messages in ``log_path``); returns once it answers."""
    with log_path.open("wb") as log:
        process = subprocess.Popen(
            [sys.executable, "-m", "meeple", "serve", "--port", str(port), "--db", f"sqlite:///{db_path}"],
            cwd=ROOT, env={**os.environ, "MEEPLE_GAME_PLUGINS": ""}, stdout=subprocess.DEVNULL, stderr=log,
        )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1).status_code == 200:
                return process
        except httpx.HTTPError:
            time.sleep(0.1)
    process.kill()
    raise SystemExit("the server did not start")


def cpu_seconds(pid: int) -> float | None:
    """CPU time (user + system) a process has used so far, from /proc (None elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def pick_move(game: str, state: dict[str, Any], rng: random.Random) -> Any:
    """A random legal move from what the state shows this seat."""
    if state.get("legal"):
        return rng.choice(state["legal"])
    view = state["view"]
    if game == "hive":
        choices = [(piece, target) for piece, targets in view["targets"].items() for target in targets]
        if not choices:
            return {"pass": True}
        piece, (q, r, swap) = rng.choice(choices)
        return {"piece": piece, "to": [q, r], "swap": True} if swap else {"piece": piece, "to": [q, r]}
    raise SystemExit(f"no bot for {game}: it sends no legal moves")


async def bot(url: str, game: str, token: str, figures: Figures, think: float, stop_at: float, seed: int) -> bool:
    """Play one seat until the game ends (True) or time is up (False)."""
    rng = random.Random(seed)
    async with websockets.connect(f"{url}?token={token}", max_size=2**22) as socket_:
        sent_at: float | None = None
        waiting_for = -1
        while time.monotonic() < stop_at:
            try:
                text = await asyncio.wait_for(socket_.recv(), timeout=max(0.1, stop_at - time.monotonic()))
            except TimeoutError:
                return False
            message = json.loads(text)
            if message["type"] == "error":
                figures.errors.append(message["error"])
                sent_at = None
                continue
            if message["type"] != "state":
                continue
            if sent_at is not None and message["version"] >= waiting_for:
                figures.round_trips.append(time.perf_counter() - sent_at)
                figures.completed_at.append(time.monotonic())
                sent_at = None
            if message["outcome"] is not None:
                return True
            if message["to_move"] == message["seat"] and message["seat"] in message["seats"] and sent_at is None \
                    and message["version"] >= waiting_for:
                await asyncio.sleep(rng.uniform(0.5, 1.5) * think)
                move = pick_move(game, message, rng)
                waiting_for = message["version"] + 1
                sent_at = time.perf_counter()
                await socket_.send(json.dumps({"type": "move", "version": message["version"], "move": move}))
    return False


Table = tuple[str, str, str]
"""A room ready to play: its code and the two seat tokens."""


async def new_table(base: str, game: str, options: dict[str, Any], client: httpx.AsyncClient,
                    gate: asyncio.Semaphore) -> Table:
    """Create an online room and take its second seat."""
    async with gate:
        room = (await client.post(f"{base}/api/rooms", json={"game": game, "options": options, "mode": "online"})).json()
        joined = (await client.post(f"{base}/api/rooms/{room['code']}/join", json={})).json()
    return room["code"], room["token"], joined["token"]


async def one_table(base: str, game: str, options: dict[str, Any], figures: Figures, think: float,
                    stop_at: float, seed: int, client: httpx.AsyncClient, gate: asyncio.Semaphore,
                    table: Table) -> None:
    """Keep one game in play: a new room each time the previous game ends."""
    ws_base = base.replace("http://", "ws://")
    round_ = 0
    while time.monotonic() < stop_at:
        code, first, second = table
        url = f"{ws_base}/ws/rooms/{code}"
        results = await asyncio.gather(
            bot(url, game, first, figures, think, stop_at, seed * 1000 + round_ * 2),
            bot(url, game, second, figures, think, stop_at, seed * 1000 + round_ * 2 + 1),
        )
        figures.games_finished += any(results)
        round_ += 1
        if time.monotonic() < stop_at:
            table = await new_table(base, game, options, client, gate)


async def run(base: str, games: int, seconds: float, think: float, game: str, options: dict[str, Any],
              server_pid: int | None = None) -> Figures:
    """Create ``games`` rooms, then play them for ``seconds`` and gather the figures."""
    figures = Figures()
    async with httpx.AsyncClient(timeout=60) as client:
        gate = asyncio.Semaphore(8)
        tables = await asyncio.gather(*(new_table(base, game, options, client, gate) for _ in range(games)))
        figures.server_cpu_before = cpu_seconds(server_pid) if server_pid else None
        stop_at = time.monotonic() + seconds
        await asyncio.gather(*(one_table(base, game, options, figures, think, stop_at, seed, client, gate, table)
                               for seed, table in enumerate(tables)))
        figures.server_cpu_after = cpu_seconds(server_pid) if server_pid else None
    return figures


def percentile(values: list[float], share: float) -> float:
    """The value below which ``share`` of ``values`` lie."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--think", type=float, default=1.0, help="mean seconds a bot waits before moving")
    parser.add_argument("--game", default="hive")
    parser.add_argument("--options", default='{"game_type": "Base"}', help="the game's options as JSON")
    args = parser.parse_args()
    port = free_port()
    with tempfile.TemporaryDirectory() as folder:
        log_path = Path(folder) / "server.log"
        server = start_server(port, Path(folder) / "load.sqlite3", log_path)
        try:
            figures = asyncio.run(run(f"http://127.0.0.1:{port}", args.games, args.seconds, args.think, args.game,
                                      json.loads(args.options), server.pid))
        finally:
            server.send_signal(signal.SIGTERM)
            try:
                server.wait(timeout=20)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()
        server_errors = [line for line in log_path.read_text(errors="replace").splitlines() if "Error" in line]
    trips = figures.round_trips
    print(f"server load: {args.games} concurrent {args.game} games, {args.seconds:.0f} s, think {args.think} s")
    if not trips:
        print("no move completed")
        return
    window = max(figures.completed_at) - min(figures.completed_at) or 1.0
    print(f"moves: {len(trips)}  ({len(trips) / window:.1f} moves/s from the first to the last move)  "
          f"games finished: {figures.games_finished}")
    print(f"round trip: p50 {percentile(trips, 0.5) * 1000:.1f} ms  p99 {percentile(trips, 0.99) * 1000:.1f} ms  "
          f"max {max(trips) * 1000:.1f} ms  mean {statistics.fmean(trips) * 1000:.1f} ms")
    if figures.server_cpu_before is not None and figures.server_cpu_after is not None:
        used = figures.server_cpu_after - figures.server_cpu_before
        print(f"server CPU: {used:.1f} s for {len(trips)} moves ({used / len(trips) * 1000:.2f} ms per move, "
              f"{used / window * 100:.0f}% of a core); load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(f"errors: {len(figures.errors)}" + (f" ({', '.join(sorted(set(figures.errors)))})" if figures.errors else ""))
    if server_errors:
        print(f"server log: {len(server_errors)} error lines, e.g. {server_errors[-1]}")


if __name__ == "__main__":
    main()
