"""Server load: N concurrent online games played by bots over websockets on loopback.

Starts ``meeple serve`` in a subprocess (a fresh SQLite file in a temporary directory), creates N online
rooms of a game and joins their second seats (before the clock starts), then lets one bot per seat play
over its own websocket: when its
state says it is to move, it waits a think time, picks a random legal move and sends it. A move's round
trip is the time from sending it to receiving the state at the new version (checked by the engine,
stored durably, pushed back). A finished game is replaced by a new room, so N games stay in play.

``--ai-rooms K`` adds K local rooms where a bot plays against the server's AI (Hive at ``--ai-level``,
Expert by default: searches of 2.5 s), to show how the AI's thinking weighs on the other rooms; their
moves are counted apart and left out of the round-trip figures.

``--murder-rooms M`` adds M loops that each create murder rooms one after another (a new case generated
from ``--murder-options``, seeded so that runs generate the same cases) and ask each one hint: the
server's heavy game calls beside the moves of the other rooms; their times are printed apart.

``--cluster N`` runs N ``meeple serve`` processes of one cluster instead (issue 12, docs/scaling.md): a
throwaway PostgreSQL and a throwaway Redis started here (as the cluster tests do), every process with the
same ``--db`` and ``--bus``. Table ``t`` is created on process ``t mod N`` and the bot of its seat ``i``
plays through process ``(t + i) mod N``: with two processes the two players of every game sit on different
processes (no sticky sessions), so each move also crosses the bus. ``--cluster 1`` is the same single
process over PostgreSQL and Redis, the base to compare with.

``--bots node`` plays the same bots in Node instead (``benchmarks/node/meeple-bots.mjs``; install once with
``cd benchmarks/node && npm ci``): the Python bots used about 3x the CPU of Node ones, CPU taken from the
server they measure on a 2-core machine. The rooms against the AI and the murder loops stay Python's.

Run: ``.venv/bin/python benchmarks/server_load.py [--games 200] [--seconds 30] [--think 1.0] [--game hive]
[--ai-rooms 4] [--murder-rooms 2] [--cluster 2] [--bots node]``. Prints move round-trip p50/p99, moves per
second, errors, the CPU the server (with its AI workers) and the bots used, and the load average before and
after; asserts nothing. The bots share the machine's cores with the server.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import resource
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import websockets

ROOT = Path(__file__).resolve().parents[1]
WARM_UP = 5.0
ONE_ADDRESS_LIMITS = ("--limit-create", "100000/1m", "--limit-join", "100000/1m", "--limit-lookup", "100000/1m",
                      "--limit-query", "100000/1m", "--ai-rooms-per-client", "100000",
                      "--ai-searches-per-client", "1000")
"""Every bot connects from 127.0.0.1: as one address they make far more rooms than a person would, so the
per-address fair-use limits of ``meeple serve`` are lifted for this measure (docs/security.md); and each
table claims its own address through ``X-Forwarded-For`` (the server trusts 127.0.0.1 as its proxy), since
one address may hold at most 64 websockets."""
PROXY = ("--trust-proxy", "127.0.0.1")
"""Seconds at the start left out of the steady-state figures."""


@dataclass
class Figures:
    """What the bots measured."""

    round_trips: list[float] = field(default_factory=list)
    completed_at: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    games_finished: int = 0
    server_cpu_before: float | None = None
    server_cpu_after: float | None = None
    started_at: float = 0.0

    def steady(self, warm_up: float) -> list[float]:
        """The round trips of the moves completed ``warm_up`` seconds or more after the start (all the
        sockets connect and every game's first move is played in the first seconds)."""
        return [trip for trip, done in zip(self.round_trips, self.completed_at, strict=True)
                if done - self.started_at >= warm_up]


def free_port() -> int:
    """A loopback port nobody listens on."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start_server(port: int, db_path: Path | str, log_path: Path,
                 options: Sequence[str] = ONE_ADDRESS_LIMITS) -> subprocess.Popen[bytes]:
    """``meeple serve`` on ``port`` with ``options`` (its messages in ``log_path``) over a SQLite file or a
    database URL given as text; returns once it answers."""
    db_url = db_path if isinstance(db_path, str) else f"sqlite:///{db_path}"
    with log_path.open("wb") as log:
        process = subprocess.Popen(
            [sys.executable, "-m", "meeple", "serve", "--port", str(port), "--db", db_url, *options],
            cwd=ROOT, env={**os.environ, "MEEPLE_GAME_PLUGINS": ""}, stdout=subprocess.DEVNULL, stderr=log,
        )
    deadline = time.monotonic() + 120  # generous: a loaded machine takes many seconds to import every game
    while time.monotonic() < deadline and process.poll() is None:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1).status_code == 200:
                return process
        except httpx.HTTPError:
            time.sleep(0.1)
    process.kill()
    process.wait()
    raise SystemExit(f"the server did not start: {log_path.read_text(errors='replace')[-1000:]}")


def cpu_seconds(pid: int) -> float | None:
    """CPU time (user + system) a process and its children (the AI workers) have used so far, from /proc
    (None elsewhere)."""
    total = 0.0
    for process in [pid, *_children(pid)]:
        try:
            fields = Path(f"/proc/{process}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            if process == pid:
                return None
            continue
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def cluster_cpu_seconds(pids: Sequence[int]) -> float | None:
    """:func:`cpu_seconds` summed over several servers (None without any, or off Linux)."""
    used = [cpu_seconds(pid) for pid in pids]
    return None if not used or None in used else sum(value for value in used if value is not None)


def _children(pid: int) -> list[int]:
    """Every living descendant of ``pid`` (the fork server and the AI workers), from /proc."""
    parents: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        parents.setdefault(parent, []).append(int(entry.name))
    found, todo = [], list(parents.get(pid, []))
    while todo:
        child = todo.pop()
        found.append(child)
        todo.extend(parents.get(child, []))
    return found


def own_cpu_seconds() -> float:
    """CPU time this process (the bots) has used so far."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


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


async def bot(url: str, game: str, token: str, figures: Figures, think: float, stop_at: float, seed: int,
              headers: Headers = None) -> bool:
    """Play one seat until the game ends (True) or time is up (False)."""
    rng = random.Random(seed)
    async with websockets.connect(url, max_size=2**22, additional_headers=headers) as socket_:
        await socket_.send(json.dumps({"type": "hello", "token": token}))  # the seat token never goes in the URL
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


@dataclass(frozen=True)
class Kind:
    """What rooms to make: a game, its options, and the AI level of a second seat (None: two bots online)."""

    game: str
    options: dict[str, Any]
    ai_level: str | None = None


AI_KIND = Kind("hive", {"game_type": "Base"}, "expert")
"""The rooms against the AI: Hive at Expert (searches of 2.5 s)."""

Table = tuple[str, tuple[str, ...]]
"""A room ready to play: its code and the seat tokens the bots play."""
Headers = dict[str, str] | None
"""Extra HTTP headers of one table's requests and websockets (an ``X-Forwarded-For`` address, say)."""


def table_address(index: int) -> Headers:
    """The address table ``index`` claims through ``X-Forwarded-For`` (a server run with ``--trust-proxy
    127.0.0.1`` counts its fair-use limits per table, as it would for players behind a reverse proxy)."""
    return {"X-Forwarded-For": f"10.{index // 250 % 250}.{index % 250}.1"}


async def new_table(base: str, kind: Kind, client: httpx.AsyncClient, gate: asyncio.Semaphore,
                    headers: Headers = None) -> Table:
    """Create an online room and take its second seat, or a local room against the AI."""
    async with gate:
        if kind.ai_level is not None:
            body = {"game": kind.game, "options": kind.options, "mode": "local",
                    "seats": [{"kind": "human"}, {"kind": "ai", "level": kind.ai_level}]}
            room = (await client.post(f"{base}/api/rooms", json=body, headers=headers)).json()
            return room["code"], (room["token"],)
        body = {"game": kind.game, "options": kind.options, "mode": "online"}
        room = (await client.post(f"{base}/api/rooms", json=body, headers=headers)).json()
        joined = (await client.post(f"{base}/api/rooms/{room['code']}/join", json={}, headers=headers)).json()
    return room["code"], (room["token"], joined["token"])


async def one_table(base: str, kind: Kind, figures: Figures, think: float, stop_at: float, seed: int,
                    client: httpx.AsyncClient, gate: asyncio.Semaphore, table: Table, headers: Headers = None,
                    seat_bases: Sequence[str] = ()) -> None:
    """Keep one game in play: a new room each time the previous game ends. The bot of seat ``i`` plays
    through ``seat_bases[i]`` (another process of a cluster), else through ``base``."""
    round_ = 0
    while time.monotonic() < stop_at:
        code, tokens = table
        urls = [f"{(seat_bases[index] if seat_bases else base).replace('http://', 'ws://')}/ws/rooms/{code}"
                for index in range(len(tokens))]
        results = await asyncio.gather(*(
            bot(urls[index], kind.game, token, figures, think, stop_at, seed * 1000 + round_ * 2 + index, headers)
            for index, token in enumerate(tokens)))
        figures.games_finished += any(results)
        round_ += 1
        if time.monotonic() < stop_at:
            table = await new_table(base, kind, client, gate, headers)


async def run(base: str, games: int, seconds: float, think: float, kind: Kind, server_pid: int | None = None,
              ai_rooms: int = 0, ai_kind: Kind = AI_KIND, murder_rooms: int = 0,
              murder_options: dict[str, Any] | None = None, spread: bool = False,
              figures: Figures | None = None, cluster: Sequence[str] = (),
              cluster_pids: Sequence[int] = ()) -> tuple[Figures, Figures, Cases]:
    """Create ``games`` rooms (and ``ai_rooms`` against the AI), then play them for ``seconds`` while
    ``murder_rooms`` loops create murder cases; returns the figures of the bots' rooms (in ``figures``
    when given, so a caller may watch them fill), of the AI rooms and of the murder cases. ``spread``:
    each of the ``games`` tables claims its own address (:func:`table_address`). ``cluster``: the base URLs
    of a cluster's processes (``base`` is one of them), whose CPU is counted through ``cluster_pids``; table
    ``t`` is created on process ``t mod N`` and its seat ``i`` plays through process ``(t + i) mod N``."""
    figures, ai_figures, cases = figures or Figures(), Figures(), Cases()
    addresses = [table_address(index) if spread else None for index in range(games)]
    bases = list(cluster) or [base]
    homes = [bases[index % len(bases)] for index in range(games)]
    seat_bases = [[bases[(index + seat) % len(bases)] for seat in range(2)] if cluster else [] for index in range(games)]
    pids = list(cluster_pids) or ([server_pid] if server_pid else [])
    async with httpx.AsyncClient(timeout=60) as client:
        gate = asyncio.Semaphore(8)
        tables = await asyncio.gather(*(new_table(home, kind, client, gate, address)
                                        for home, address in zip(homes, addresses, strict=True)))
        ai_tables = await asyncio.gather(*(new_table(base, ai_kind, client, gate)
                                           for _ in range(ai_rooms)))
        figures.server_cpu_before = cluster_cpu_seconds(pids)
        figures.started_at = time.monotonic()
        stop_at = figures.started_at + seconds
        await asyncio.gather(
            *(one_table(homes[seed], kind, figures, think, stop_at, seed, client, gate, table, addresses[seed],
                        seat_bases[seed])
              for seed, table in enumerate(tables)),
            *(one_table(base, ai_kind, ai_figures, think, stop_at, games + seed, client, gate, table)
              for seed, table in enumerate(ai_tables)),
            *(murder_loop(base, murder_options or {}, stop_at, loop, cases, client) for loop in range(murder_rooms)),
        )
        figures.server_cpu_after = cluster_cpu_seconds(pids)
    return figures, ai_figures, cases


@dataclass
class Cases:
    """What the murder loops measured: the time to create each room (its case generated) and its hint."""

    created: list[float] = field(default_factory=list)
    hints: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


async def murder_loop(base: str, options: dict[str, Any], stop_at: float, loop: int, cases: Cases,
                      client: httpx.AsyncClient) -> None:
    """Create murder rooms (seeded cases) and ask each a hint, one after another, until ``stop_at``."""
    index = 0
    while time.monotonic() < stop_at:
        body = {"game": "murder", "options": options, "mode": "local", "seed": loop * 100_000 + index}
        started = time.perf_counter()
        response = await client.post(f"{base}/api/rooms", json=body)
        if response.status_code != 200:
            cases.errors.append(response.json().get("error", str(response.status_code)))
            return
        cases.created.append(time.perf_counter() - started)
        code, token = response.json()["code"], response.json()["token"]
        started = time.perf_counter()
        hint = await client.post(f"{base}/api/rooms/{code}/query/hint", json={"token": token})
        if hint.status_code != 200:
            cases.errors.append(hint.json().get("error", str(hint.status_code)))
        cases.hints.append(time.perf_counter() - started)
        index += 1


def percentile(values: list[float], share: float) -> float:
    """The value below which ``share`` of ``values`` lie."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


NODE_DIR = ROOT / "benchmarks" / "node"


class NodeBots:
    """The bots of :func:`run` in a Node process (``benchmarks/node/meeple-bots.mjs``): :meth:`start`
    returns once every table is created, :meth:`go` starts the play, :meth:`finish` waits for its end
    (``stop``: ends it now) and returns the figures, their moments on this process's monotonic clock."""

    def __init__(self, bases: Sequence[str], games: int, seconds: float, think: float, kind: Kind,
                 spread: bool = True, seed: int = 0, script: str = "meeple-bots.mjs") -> None:
        if shutil.which("node") is None or not (NODE_DIR / "node_modules" / "ws").is_dir():
            raise SystemExit("the Node bots need Node and their packages: cd benchmarks/node && npm ci")
        self.script = script
        self.config = {"bases": list(bases), "games": games, "seconds": seconds, "think": think,
                       "game": kind.game, "options": kind.options, "spread": spread, "seed": seed}
        self.process: subprocess.Popen[str] | None = None
        self.started_at = 0.0

    def start(self, folder: Path) -> NodeBots:
        config = folder / "bots.json"
        config.write_text(json.dumps(self.config))
        self.process = subprocess.Popen(["node", str(NODE_DIR / self.script), str(config)], cwd=NODE_DIR,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        assert self.process.stdout is not None
        line = self.process.stdout.readline().strip()
        if line != "ready":
            raise SystemExit(f"the Node bots did not start: {line!r}")
        return self

    def _say(self, word: str) -> None:
        assert self.process is not None and self.process.stdin is not None
        self.process.stdin.write(word + "\n")
        self.process.stdin.flush()

    def go(self) -> None:
        self._say("go")
        self.started_at = time.monotonic()

    def finish(self, stop: bool = False) -> tuple[Figures, float]:
        """The bots' figures and the CPU seconds the Node process used (its set-up included)."""
        assert self.process is not None and self.process.stdout is not None
        if stop:
            self._say("stop")
        result = json.loads(self.process.stdout.readline())
        self.process.wait(timeout=60)
        offset = time.monotonic() - time.time()  # Node's moments are epoch seconds
        figures = Figures(round_trips=result["round_trips"],
                          completed_at=[moment + offset for moment in result["completed_at"]],
                          errors=result["errors"], games_finished=result["games_finished"],
                          started_at=self.started_at)
        return figures, float(result["cpu_seconds"])


def run_node(bases: Sequence[str], games: int, seconds: float, think: float, kind: Kind, pids: Sequence[int],
             folder: Path) -> tuple[Figures, float]:
    """:func:`run`'s games played by :class:`NodeBots`; the figures and the bots' CPU seconds."""
    bots = NodeBots(bases, games, seconds, think, kind).start(folder)
    before = cluster_cpu_seconds(pids)
    bots.go()
    figures, bots_cpu = bots.finish()
    figures.server_cpu_before, figures.server_cpu_after = before, cluster_cpu_seconds(pids)
    return figures, bots_cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--think", type=float, default=1.0, help="mean seconds a bot waits before moving")
    parser.add_argument("--game", default="hive")
    parser.add_argument("--options", default='{"game_type": "Base"}', help="the game's options as JSON")
    parser.add_argument("--ai-rooms", type=int, default=0, help="extra local Hive rooms against the server's AI")
    parser.add_argument("--ai-level", default="expert", help="the Hive AI level of those rooms")
    parser.add_argument("--murder-rooms", type=int, default=0,
                        help="loops creating murder rooms (a case generated, then a hint) one after another")
    parser.add_argument("--murder-options", default='{"size": 6, "difficulty": 3}',
                        help="the options of those murder cases, as JSON")
    parser.add_argument("--cluster", type=int, default=0, metavar="N",
                        help="N processes of a cluster over a throwaway PostgreSQL and Redis (0: one process on SQLite)")
    parser.add_argument("--bots", choices=("python", "node"), default="python",
                        help="who plays the online games: Python bots in this process, or Node ones (benchmarks/node)")
    args = parser.parse_args()
    if args.bots == "node" and (args.ai_rooms or args.murder_rooms):
        raise SystemExit("--ai-rooms and --murder-rooms run with the Python bots only")
    load_before = os.getloadavg()[0]
    bots_cpu_before = own_cpu_seconds()
    kind = Kind(args.game, json.loads(args.options))
    ai_kind = Kind("hive", {"game_type": "Base"}, args.ai_level)
    parts = ClusterParts() if args.cluster else None
    with tempfile.TemporaryDirectory() as folder:
        logs = [Path(folder) / f"server-{index}.log" for index in range(max(1, args.cluster))]
        servers: list[tuple[int, subprocess.Popen[bytes]]] = []
        try:
            if parts is not None:
                db_url, bus_url = parts.start()
                for log in logs:
                    port = free_port()
                    servers.append((port, start_server(port, db_url, log,
                                                       (*ONE_ADDRESS_LIMITS, *PROXY, "--bus", bus_url))))
            else:
                port = free_port()
                servers.append((port, start_server(port, Path(folder) / "load.sqlite3", logs[0],
                                                   (*ONE_ADDRESS_LIMITS, *PROXY))))
            bases = [f"http://127.0.0.1:{port}" for port, _server in servers]
            infra_before = parts.cpu() if parts is not None else None
            pids = [server.pid for _port, server in servers]
            node_cpu = None
            if args.bots == "node":
                figures, node_cpu = run_node(bases, args.games, args.seconds, args.think, kind, pids, Path(folder))
                ai_figures, cases = Figures(), Cases()
            else:
                figures, ai_figures, cases = asyncio.run(run(
                    bases[0], args.games, args.seconds, args.think, kind, servers[0][1].pid, args.ai_rooms,
                    ai_kind, args.murder_rooms, json.loads(args.murder_options), spread=True,
                    cluster=bases if parts is not None else (), cluster_pids=pids))
            infra_after = parts.cpu() if parts is not None else None
        finally:
            for _port, server in servers:
                stop_server(server)
            if parts is not None:
                parts.stop()
        server_errors = [line for log in logs for line in log.read_text(errors="replace").splitlines()
                         if "Error" in line]
    bots_cpu = own_cpu_seconds() - bots_cpu_before
    trips = figures.round_trips
    where = (f"{args.cluster} process(es) of a cluster over PostgreSQL and Redis" if args.cluster
             else "one process on SQLite")
    print(f"server load ({where}): {args.games} concurrent {args.game} games, {args.seconds:.0f} s, think {args.think} s"
          + (f", plus {args.ai_rooms} Hive rooms against the {args.ai_level} AI" if args.ai_rooms else "")
          + (f", plus {args.murder_rooms} loops creating murder cases {args.murder_options}" if args.murder_rooms else ""))
    if not trips:
        print("no move completed")
        return
    window = max(figures.completed_at) - min(figures.completed_at) or 1.0
    print(f"moves: {len(trips)}  ({len(trips) / window:.1f} moves/s from the first to the last move)  "
          f"games finished: {figures.games_finished}")
    print(f"round trip: p50 {percentile(trips, 0.5) * 1000:.1f} ms  p99 {percentile(trips, 0.99) * 1000:.1f} ms  "
          f"max {max(trips) * 1000:.1f} ms  mean {statistics.fmean(trips) * 1000:.1f} ms")
    steady = figures.steady(WARM_UP)
    if steady:
        print(f"after the first {WARM_UP:.0f} s: {len(steady)} moves, p50 {percentile(steady, 0.5) * 1000:.1f} ms  "
              f"p99 {percentile(steady, 0.99) * 1000:.1f} ms  max {max(steady) * 1000:.1f} ms")
    if figures.server_cpu_before is not None and figures.server_cpu_after is not None:
        used = figures.server_cpu_after - figures.server_cpu_before
        print(f"server CPU (with its AI workers): {used:.1f} s for {len(trips)} moves "
              f"({used / len(trips) * 1000:.2f} ms per move, {used / window * 100:.0f}% of a core)")
    if infra_before is not None and infra_after is not None:
        postgres, redis = (after - before for before, after in zip(infra_before, infra_after, strict=True))
        print(f"PostgreSQL CPU: {postgres:.1f} s ({postgres / len(trips) * 1000:.2f} ms per move); "
              f"Redis CPU: {redis:.1f} s ({redis / len(trips) * 1000:.2f} ms per move)")
    who = "this process" if node_cpu is None else "the Node process"
    bots_cpu = bots_cpu if node_cpu is None else node_cpu
    print(f"bots' CPU ({who}, set-up included): {bots_cpu:.1f} s; load average {load_before:.1f} before, "
          f"{os.getloadavg()[0]:.1f} after, on {os.cpu_count()} cores (other work on the machine counts too)")
    if args.ai_rooms:
        print(f"AI rooms: {len(ai_figures.round_trips)} moves by their bots, each answered by the AI")
    if args.murder_rooms:
        print_cases(cases)
    print(f"errors: {len(figures.errors)}" + (f" ({', '.join(sorted(set(figures.errors)))})" if figures.errors else ""))
    if server_errors:
        print(f"server log: {len(server_errors)} error lines, e.g. {server_errors[-1]}")


def stop_server(server: subprocess.Popen[bytes]) -> None:
    """SIGTERM, then SIGKILL if the server has not stopped within 20 s."""
    server.send_signal(signal.SIGTERM)
    try:
        server.wait(timeout=20)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()


class ClusterParts:
    """A throwaway PostgreSQL and Redis, started as the cluster tests start them (tests/server/)."""

    def __init__(self) -> None:
        sys.path.insert(0, str(ROOT))
        from tests.server.postgres import TempPostgres, binaries
        from tests.server.redis_server import TempRedis

        bin_dir = binaries()
        if bin_dir is None or not TempRedis.available():
            raise SystemExit("--cluster needs PostgreSQL and redis-server: apt-get install postgresql redis-server")
        self.postgres, self.redis = TempPostgres(bin_dir), TempRedis()

    def start(self) -> tuple[str, str]:
        """(database URL, bus URL)."""
        return self.postgres.start(), self.redis.start()

    def cpu(self) -> tuple[float, float]:
        """CPU seconds PostgreSQL (the postmaster and its backends) and Redis have used so far."""
        assert self.postgres.folder is not None and self.redis.process is not None
        postmaster = int((self.postgres.folder / "data" / "postmaster.pid").read_text().split()[0])
        return cpu_seconds(postmaster) or 0.0, cpu_seconds(self.redis.process.pid) or 0.0

    def stop(self) -> None:
        """Stop both and remove their files."""
        try:
            self.redis.stop()
        finally:
            self.postgres.stop()


def print_cases(cases: Cases) -> None:
    """The murder loops' figures: rooms created (cases generated) and hints, with their times."""
    if not cases.created:
        print(f"murder: no case created (errors: {', '.join(cases.errors) or 'none'})")
        return
    print(f"murder: {len(cases.created)} cases created, p50 {percentile(cases.created, 0.5) * 1000:.0f} ms  "
          f"max {max(cases.created) * 1000:.0f} ms; {len(cases.hints)} hints, "
          f"p50 {percentile(cases.hints, 0.5) * 1000:.0f} ms; errors {len(cases.errors)}")


if __name__ == "__main__":
    main()
