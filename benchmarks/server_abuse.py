"""Server abuse: each attack of issue 11 run beside honest games, against a real ``meeple serve`` on loopback.

The honest games are those of ``server_load.py`` (``--games`` online Hive games, two bots each over
websockets, each table from its own address); the server runs with its default fair-use limits and
``--trust-proxy 127.0.0.1``, so that every table and the attacker are told apart by the address they claim
in ``X-Forwarded-For``, as behind a reverse proxy. After a quiet window, each attack runs for
``--attack-seconds`` from one address (the attacker's), then a quiet window lets the server settle before
the next. For each attack the script prints the honest moves' round-trip p50/p99 during the attack beside
the quiet window just before it (the same run without the attack), what the attacker's requests got, and
the server's resident memory (its own process; its workers apart) before the attack, at its end and after
the quiet window that follows. The attacker runs at the lowest priority (``nice -n 19``): on a real server
its CPU is its own machine's, so it should not slow the honest bots by taking the shared cores. Goals (issue 11): growth ≤ 50 MB per attack, honest p99 within 2× of quiet.

Attacks (each as fast as ``--attackers`` connections allow), after ``none``, the control (a window with no
attack: the honest games' own figures, and how much the server's memory grows from them alone):

* ``skirmish-path`` — rooms whose skirmish scenario option names a file (``/dev/zero``, ``/etc/passwd``);
* ``big-level`` — stealth levels sent inline: 5 000 nodes (≈ 400 kB, over the limits) and 64 nodes (at
  them, built in a worker);
* ``unread-flood`` — a spectator of a murder room sends ``print`` queries and never reads its socket;
* ``big-body`` — 100 MB JSON bodies;  ``binary-frame`` — binary websocket frames;
* ``deep-json`` — 20 000-deep JSON over HTTP and websocket;
* ``room-flood`` — rooms created as fast as allowed;  ``code-guess`` — random room codes looked up;
* ``ai-flood`` — local Hive rooms whose Expert AI plays first;
* ``hint-flood`` — hints asked of a 9×9 murder case (the solver, in the timed game workers) without pause;
* ``foreign-origin`` — websockets opened as a page of another site would (``Origin: https://evil.example``);
* ``worker-flood`` (issue 26) — stealth-editor ``analyse`` questions (the heaviest shipped level, 1-13:
  ≈ 0.35 CPU-s each in a game worker) sent 64 per 1.4 s, the sender hanging up 0.2 s after each is sent;
  an honest ``analyse`` from another address is timed every 2 s, in the quiet window and under the flood
  (``probe`` columns);
* ``slow-headers`` (issue 26) — connections from the attacker's own loopback address (127.0.0.66, not the
  trusted proxy) that send the start of a request head and nothing more, opened as fast as they are
  refused; ``slowloris-wide`` — the same from 256 loopback addresses at once (20 000 connections: what one
  process cannot stop alone, docs/security.md, and a reverse proxy does);
* ``seat-race`` (issue 26) — online rooms whose one open seat eight joins (each from an address of its
  own) try to take at the same moment: exactly one may win (``race won by N``).

``--bots node`` plays the honest games with the Node bots of ``server_load.py --bots node`` (their CPU off
the server's Python; ``cd benchmarks/node && npm ci`` once).

Run: ``nice -n 10 .venv/bin/python benchmarks/server_abuse.py [--games 50] [--attack-seconds 15]
[--quiet-seconds 10] [--only skirmish-path,big-body] [--bots node]``. Only loopback addresses are ever
contacted. Asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import resource
import signal
import string
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import websockets

sys.path.insert(0, str(Path(__file__).resolve().parent))
import server_load as load

ATTACKER = {"X-Forwarded-For": "203.0.113.1"}
"""The attacker's address (TEST-NET-3), claimed through the trusted loopback proxy; each attack comes from
an address of its own (``--attacker-address``), so that one's fair-use allowances do not starve the next."""
SERVER_OPTIONS = ("--trust-proxy", "127.0.0.1")
MB = 1024 * 1024

Tally = Counter[str]
"""What the attacker's requests got: HTTP statuses, websocket close codes, errors by kind."""
Attack = Callable[[str, float, Tally], Awaitable[None]]
"""``(base URL, stop at (monotonic), tally)``: one attacking connection, until ``stop_at``."""


# --- the attacks ----------------------------------------------------------------------------------
async def _post(client: httpx.AsyncClient, url: str, tally: Tally, **kwargs: Any) -> httpx.Response | None:
    try:
        response = await client.post(url, **{**kwargs, "headers": {**ATTACKER, **kwargs.get("headers", {})}})
    except httpx.HTTPError as error:
        tally[f"http {type(error).__name__}"] += 1
        return None
    tally[f"http {response.status_code}"] += 1
    return response


async def _pause_if_refused(response: httpx.Response | None) -> None:
    """A polite attacker would wait Retry-After; a hostile one hammers on, but not in a busy loop."""
    if response is None or response.status_code == 429:
        await asyncio.sleep(0.05)


async def skirmish_path(base: str, stop_at: float, tally: Tally) -> None:
    async with httpx.AsyncClient(timeout=30) as client:
        for path in _forever(["/dev/zero", "/etc/passwd", "/proc/self/environ", "../../etc/shadow"]):
            if time.monotonic() >= stop_at:
                return
            response = await _post(client, f"{base}/api/rooms", tally,
                                   json={"game": "skirmish", "options": {"scenario": path}})
            await _pause_if_refused(response)


def _level(nodes: int) -> dict[str, Any]:
    names = [f"n{i}" for i in range(nodes)]
    return {"format": "meeple-stealth-level", "version": 1, "id": "big",
            "nodes": [{"id": name, "x": i % 100, "y": i // 100} for i, name in enumerate(names)],
            "edges": [[names[i], names[i + 1]] for i in range(nodes - 1)],
            "start": names[0], "exit": names[-1]}


async def big_level(base: str, stop_at: float, tally: Tally) -> None:
    huge, largest = _level(5000), _level(64)
    async with httpx.AsyncClient(timeout=60) as client:
        for level in _forever([huge, largest]):
            if time.monotonic() >= stop_at:
                return
            response = await _post(client, f"{base}/api/rooms", tally,
                                   json={"game": "stealth", "options": {"level_data": level}})
            await _pause_if_refused(response)


async def unread_flood(base: str, stop_at: float, tally: Tally) -> None:
    async with httpx.AsyncClient(timeout=60) as client:
        room = await _post(client, f"{base}/api/rooms", tally, json={"game": "murder", "options": {"size": 6}})
    if room is None or room.status_code != 200:
        await asyncio.sleep(max(0.0, stop_at - time.monotonic()))
        return
    url = base.replace("http://", "ws://") + f"/ws/rooms/{room.json()['code']}"
    query = json.dumps({"type": "query", "name": "print", "params": {"lang": "fr"}})
    while time.monotonic() < stop_at:
        # max_queue=1: the client library stops reading once one message waits unread, as a dead client would
        async with _socket(url, tally, max_queue=1) as socket_:
            if socket_ is None:
                await asyncio.sleep(0.2)
                continue
            sent = 0
            with contextlib.suppress(websockets.ConnectionClosed, TimeoutError):
                while time.monotonic() < stop_at and sent < 20_000:
                    await asyncio.wait_for(socket_.send(query), max(0.1, stop_at - time.monotonic()))
                    sent += 1
            tally["flood queries sent"] += sent
            _tally_close(socket_, tally)


async def big_body(base: str, stop_at: float, tally: Tally) -> None:
    async def body() -> AsyncIterator[bytes]:
        yield b'{"game": "hive", "options": {"pad": "'
        chunk = b"x" * MB
        for _ in range(100):
            yield chunk
        yield b'"}}'

    async with httpx.AsyncClient(timeout=60) as client:
        while time.monotonic() < stop_at:
            response = await _post(client, f"{base}/api/rooms", tally, content=body(),
                                   headers={"Content-Type": "application/json"})
            await _pause_if_refused(response)


async def binary_frame(base: str, stop_at: float, tally: Tally) -> None:
    code = await _own_room(base, tally)
    url = base.replace("http://", "ws://") + f"/ws/rooms/{code}"
    while time.monotonic() < stop_at:
        async with _socket(url, tally) as socket_:
            if socket_ is None:
                await asyncio.sleep(0.2)
                continue
            with contextlib.suppress(websockets.ConnectionClosed):
                await socket_.send(os.urandom(1024))
                while True:
                    await socket_.recv()
            _tally_close(socket_, tally)


async def deep_json(base: str, stop_at: float, tally: Tally) -> None:
    deep = "[" * 20_000 + "]" * 20_000
    code = await _own_room(base, tally)
    url = base.replace("http://", "ws://") + f"/ws/rooms/{code}"
    async with httpx.AsyncClient(timeout=30) as client:
        while time.monotonic() < stop_at:
            response = await _post(client, f"{base}/api/rooms", tally, content=deep,
                                   headers={"Content-Type": "application/json"})
            await _pause_if_refused(response)
            async with _socket(url, tally) as socket_:
                if socket_ is None:
                    continue
                with contextlib.suppress(websockets.ConnectionClosed, TimeoutError):
                    await socket_.send(deep)
                    for _ in range(3):  # the state, then the reply (an error, or a close)
                        reply = json.loads(await asyncio.wait_for(socket_.recv(), 10))
                        if reply.get("type") == "error":
                            tally[f"ws error {reply.get('error')}"] += 1
                            break
                _tally_close(socket_, tally)


async def room_flood(base: str, stop_at: float, tally: Tally) -> None:
    async with httpx.AsyncClient(timeout=30) as client:
        while time.monotonic() < stop_at:
            response = await _post(client, f"{base}/api/rooms", tally,
                                   json={"game": "hive", "options": {"game_type": "Base"}, "mode": "online"})
            await _pause_if_refused(response)


async def code_guess(base: str, stop_at: float, tally: Tally) -> None:
    rng = random.Random(66)
    letters = string.ascii_uppercase + "23456789"
    async with httpx.AsyncClient(timeout=30) as client:
        while time.monotonic() < stop_at:
            guess = "".join(rng.choice(letters) for _ in range(10))
            try:
                response = await client.get(f"{base}/api/rooms/{guess}", headers=ATTACKER)
            except httpx.HTTPError as error:
                tally[f"http {type(error).__name__}"] += 1
                continue
            tally[f"http {response.status_code}"] += 1
            await _pause_if_refused(response)


async def ai_flood(base: str, stop_at: float, tally: Tally) -> None:
    body = {"game": "hive", "options": {"game_type": "Base"}, "mode": "local",
            "seats": [{"kind": "ai", "level": "expert"}, {"kind": "human"}]}
    async with httpx.AsyncClient(timeout=30) as client:
        while time.monotonic() < stop_at:
            response = await _post(client, f"{base}/api/rooms", tally, json=body)
            await _pause_if_refused(response)


async def foreign_origin(base: str, stop_at: float, tally: Tally) -> None:
    code = await _own_room(base, tally)
    url = base.replace("http://", "ws://") + f"/ws/rooms/{code}"
    while time.monotonic() < stop_at:
        async with _socket(url, tally, origin="https://evil.example") as socket_:
            if socket_ is None:
                await asyncio.sleep(0.05)
                continue
            with contextlib.suppress(websockets.ConnectionClosed, TimeoutError):
                while True:
                    await asyncio.wait_for(socket_.recv(), 10)
            _tally_close(socket_, tally)


async def hint_flood(base: str, stop_at: float, tally: Tally) -> None:
    async with httpx.AsyncClient(timeout=60) as client:
        room = await _post(client, f"{base}/api/rooms", tally,
                           json={"game": "murder", "options": {"size": 9, "difficulty": 3}})
        if room is None or room.status_code != 200:
            await asyncio.sleep(max(0.0, stop_at - time.monotonic()))
            return
        code, token = room.json()["code"], room.json()["token"]
        while time.monotonic() < stop_at:
            response = await _post(client, f"{base}/api/rooms/{code}/query/hint", tally, json={"token": token})
            await _pause_if_refused(response)


async def no_attack(base: str, stop_at: float, tally: Tally) -> None:
    """The control: the same window with no attack (the honest games' own figures and memory growth)."""
    await asyncio.sleep(max(0.0, stop_at - time.monotonic()))


# --- issue 26: the game workers, slow heads, the seat race -------------------------------------------
HEAVY_LEVEL = Path(__file__).resolve().parents[1] / "src/meeple/games/stealth/levels/act1/1-13.json"
"""The shipped level whose editor check costs the most (≈ 0.35 CPU-s)."""
FLOOD = (64, 1.4)
"""Worker flood: this many ``analyse`` questions in this many seconds (issue 26), over every attacking
connection together."""
ATTACKING = [1]
"""How many attacking connections run at once (set by :func:`run_attack`): the flood's rate is shared."""


def _analyse_request(address: str) -> bytes:
    body = json.dumps({"params": {"level_data": json.loads(HEAVY_LEVEL.read_text())}}).encode()
    return (f"POST /api/games/stealth/catalog/analyse HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json"
            f"\r\nContent-Length: {len(body)}\r\nX-Forwarded-For: {address}\r\n\r\n").encode() + body


HANG_UP_AFTER = 0.2
"""Seconds a flooding connection stays after sending its question: long enough for the server to have read
it and handed it to a worker (a connection closed at once is often seen gone before the app reads its
body, and the question is then dropped unread), far shorter than the answer takes."""


async def worker_flood(base: str, stop_at: float, tally: Tally) -> None:
    host, port = base.removeprefix("http://").split(":")
    request = _analyse_request(ATTACKER["X-Forwarded-For"])
    pause = FLOOD[1] / FLOOD[0] * ATTACKING[0]

    async def one() -> None:
        try:
            _reader, writer = await asyncio.open_connection(host, int(port))
            writer.write(request)
            await writer.drain()
            await asyncio.sleep(HANG_UP_AFTER)
            writer.close()  # hang up: the answer is never read
            tally["analyse sent, hung up"] += 1
        except OSError as error:
            tally[f"tcp {type(error).__name__}"] += 1

    sent: set[asyncio.Task[None]] = set()
    while time.monotonic() < stop_at:
        task = asyncio.create_task(one())
        sent.add(task)
        task.add_done_callback(sent.discard)
        await asyncio.sleep(pause)
    await asyncio.gather(*sent)


SLOW_SOURCE = "127.0.0.66"


async def slow_headers(base: str, stop_at: float, tally: Tally, sources: tuple[str, ...] = (SLOW_SOURCE,),
                       most: int = 2000) -> None:
    """``most`` connections at once from ``sources``, each sending half a head and waiting; one the server
    refuses or cuts is opened again at once, until ``stop_at``."""
    _host, port = base.removeprefix("http://").split(":")
    held = [0]

    async def one(index: int) -> None:
        source = sources[index % len(sources)]
        while time.monotonic() < stop_at:
            try:
                reader, writer = await asyncio.open_connection("127.0.0.1", int(port), local_addr=(source, 0))
            except OSError as error:
                tally[f"tcp {type(error).__name__}"] += 1
                await asyncio.sleep(0.5)
                continue
            writer.write(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            held[0] += 1
            tally["most held at once"] = max(tally["most held at once"], held[0])
            try:
                answer = await asyncio.wait_for(reader.read(16), max(0.1, stop_at - time.monotonic()))
                tally[f"cut {answer[9:12].decode(errors='replace') or 'closed'}"] += 1
            except (TimeoutError, OSError):
                pass
            finally:
                held[0] -= 1
                writer.close()
            await asyncio.sleep(0.05)  # a refused one comes back, not in a busy loop

    await asyncio.gather(*(one(index) for index in range(most)))


async def slowloris_wide(base: str, stop_at: float, tally: Tally) -> None:
    sources = tuple(f"127.0.{100 + index // 250}.{index % 250 + 2}" for index in range(256))
    await slow_headers(base, stop_at, tally, sources, most=20_000 // ATTACKING[0])


async def seat_race(base: str, stop_at: float, tally: Tally) -> None:
    """The room from the attacker's address; its eight joins each from an address of their own (198.18.x.y),
    so that the per-address join limit is not what decides the race."""
    rng = random.Random(ATTACKER["X-Forwarded-For"])
    async with httpx.AsyncClient(timeout=30) as client:
        while time.monotonic() < stop_at:
            room = await _post(client, f"{base}/api/rooms", tally,
                               json={"game": "hive", "options": {"game_type": "Base"}, "mode": "online"})
            if room is None or room.status_code != 200:
                await _pause_if_refused(room)
                await asyncio.sleep(1.0)
                continue
            code = room.json()["code"]
            joiners = [{"X-Forwarded-For": f"198.18.{rng.randrange(256)}.{rng.randrange(1, 255)}"} for _ in range(8)]
            joins = await asyncio.gather(*(client.post(f"{base}/api/rooms/{code}/join", json={}, headers=joiner)
                                           for joiner in joiners), return_exceptions=True)
            winners = sum(1 for join in joins if isinstance(join, httpx.Response) and join.status_code == 200)
            tally[f"race won by {winners}"] += 1
            for join in joins:
                if isinstance(join, httpx.Response) and join.status_code != 200:
                    tally[f"join {join.status_code}"] += 1


ATTACKS: dict[str, Attack] = {
    "none": no_attack, "skirmish-path": skirmish_path, "big-level": big_level, "unread-flood": unread_flood, "big-body": big_body,
    "binary-frame": binary_frame, "deep-json": deep_json, "room-flood": room_flood, "code-guess": code_guess,
    "ai-flood": ai_flood, "hint-flood": hint_flood, "foreign-origin": foreign_origin,
    "worker-flood": worker_flood, "slow-headers": slow_headers, "slowloris-wide": slowloris_wide,
    "seat-race": seat_race,
}


def _forever(items: list[Any]) -> Any:
    while True:
        yield from items


async def _own_room(base: str, tally: Tally) -> str:
    """A room of the attacker's own (a spectator's way in for the websocket attacks)."""
    async with httpx.AsyncClient(timeout=30) as client:
        for _ in range(50):
            response = await _post(client, f"{base}/api/rooms", tally, json={"game": "hive"})
            if response is not None and response.status_code == 200:
                return str(response.json()["code"])
            await asyncio.sleep(1.0)
    raise RuntimeError("the attacker could not make a room")


@contextlib.asynccontextmanager
async def _socket(url: str, tally: Tally, **options: Any) -> AsyncIterator[Any]:
    try:
        socket_ = await websockets.connect(url, additional_headers=ATTACKER, open_timeout=10, **options)
        await socket_.send(json.dumps({"type": "hello", "token": None}))  # every connection starts so
    except (OSError, websockets.InvalidHandshake, websockets.ConnectionClosed, TimeoutError) as error:
        tally[f"ws refused {type(error).__name__}"] += 1
        yield None
        return
    try:
        yield socket_
    finally:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(socket_.close(), 5)


def _tally_close(socket_: Any, tally: Tally) -> None:
    code = getattr(socket_, "close_code", None)
    if code is not None:
        tally[f"ws close {code}"] += 1


# --- measuring ------------------------------------------------------------------------------------
def rss_mb(pid: int) -> float:
    """Resident memory of one process, in MB (from /proc)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def workers_rss_mb(pid: int) -> float:
    """Resident memory of the server's worker processes together (AI, game calls, fork server), in MB."""
    total = 0.0
    for child in load._children(pid):
        with contextlib.suppress(OSError):
            total += rss_mb(child)
    return total


@dataclass
class Window:
    """One attack: when it ran, what it got, and the server's memory around it."""

    name: str
    quiet_from: float
    start: float = 0.0
    end: float = 0.0
    tally: Tally = field(default_factory=Counter)
    rss: list[float] = field(default_factory=list)
    """The server's own RSS before the attack, at its end, and after the quiet window that follows."""
    workers_rss: list[float] = field(default_factory=list)
    load: float = 0.0
    cpu: list[float] = field(default_factory=list)
    """The server's CPU seconds (workers included) at the quiet window's start, the attack's start and end."""
    probes: list[tuple[float, float]] = field(default_factory=list)
    """An honest client's request of the kind the attack aims at: (when it was answered, its seconds)."""

    def probe_text(self) -> str:
        """The probe's median and worst time in the quiet window → under the attack (ms), or –."""
        quiet = [took for at, took in self.probes if at < self.start]
        during = [took for at, took in self.probes if self.start <= at]
        if not quiet and not during:
            return "–"
        return f"{_ms(quiet, 0.5)}/{_ms(quiet, 1.0)} → {_ms(during, 0.5)}/{_ms(during, 1.0)}"

    def cpu_share(self, index: int) -> str:
        """The server's CPU use in the quiet window (0) or the attack (1), in % of one core."""
        moments = (self.quiet_from, self.start, self.end)
        if len(self.cpu) < 3:
            return "–"
        return f"{(self.cpu[index + 1] - self.cpu[index]) / (moments[index + 1] - moments[index]) * 100:.0f}"


PROBE_ADDRESS = {"X-Forwarded-For": "198.51.100.7"}
"""The honest prober's address (TEST-NET-2)."""


async def probe_analyse(base: str, client: httpx.AsyncClient) -> None:
    """An honest level editor's check (the same level as the flood's)."""
    level = json.loads(HEAVY_LEVEL.read_text())
    response = await client.post(f"{base}/api/games/stealth/catalog/analyse", json={"params": {"level_data": level}},
                                 headers=PROBE_ADDRESS)
    response.raise_for_status()


async def probe_new_connection(base: str, client: httpx.AsyncClient) -> None:
    """An honest request on a connection of its own (a player arriving), from the honest side's address."""
    async with httpx.AsyncClient(timeout=60) as fresh:
        (await fresh.get(f"{base}/api/games", headers=PROBE_ADDRESS)).raise_for_status()


PROBES: dict[str, tuple[Callable[[str, httpx.AsyncClient], Awaitable[None]], float]] = {
    "worker-flood": (probe_analyse, 2.0), "slow-headers": (probe_new_connection, 0.5),
    "slowloris-wide": (probe_new_connection, 0.5),
}
"""Per attack, an honest request of the kind it aims at and how often to time it."""


async def probing(base: str, window: Window, stop: asyncio.Event) -> None:
    """Time the window's probe until ``stop`` (a failure counts as the time it took, and in the tally)."""
    probe, every = PROBES[window.name]
    async with httpx.AsyncClient(timeout=120) as client:
        while not stop.is_set():
            started = time.perf_counter()
            try:
                await probe(base, client)
            except httpx.HTTPError as error:
                window.tally[f"probe failed {type(error).__name__}"] += 1
            window.probes.append((time.monotonic(), time.perf_counter() - started))
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), every)


async def attack_windows(base: str, pid: int, names: list[str], attackers: int, attack_seconds: float,
                         quiet_seconds: float, honest: load.Figures) -> list[Window]:
    """Wait until the honest games play, then run each attack between quiet windows. Each attack runs in a
    process of its own, so that its work never delays the honest bots' event loop (only the server may)."""
    while not honest.started_at:
        await asyncio.sleep(0.2)
    for name in sorted({name for name in names if name in PROBES}):  # warm up (a game worker starts)
        with contextlib.suppress(httpx.HTTPError):
            async with httpx.AsyncClient(timeout=120) as client:
                await PROBES[name][0](base, client)
    windows: list[Window] = []
    for name in names:
        window = Window(name, quiet_from=time.monotonic())
        window.cpu.append(load.cpu_seconds(pid) or 0.0)
        stop_probing = asyncio.Event()
        prober = asyncio.ensure_future(probing(base, window, stop_probing)) if name in PROBES else None
        await asyncio.sleep(quiet_seconds)
        window.rss.append(rss_mb(pid))
        window.workers_rss.append(workers_rss_mb(pid))
        window.cpu.append(load.cpu_seconds(pid) or 0.0)
        window.start = time.monotonic()
        attacker = await asyncio.create_subprocess_exec(  # at the lowest priority: its CPU is the attacker's own
            "nice", "-n", "19", sys.executable, __file__, "--run-attack", name, "--base", base, "--attack-seconds", str(attack_seconds),
            "--attackers", str(attackers), "--attacker-address", f"203.0.113.{len(windows) + 1}",
            stdout=asyncio.subprocess.PIPE)
        out, _ = await attacker.communicate()
        window.end = time.monotonic()
        window.cpu.append(load.cpu_seconds(pid) or 0.0)
        if prober is not None:  # the probe under way finishes: its time is the figure
            stop_probing.set()
            await prober
        window.tally.update(json.loads(out or b"{}"))
        window.load = os.getloadavg()[0]
        window.rss.append(rss_mb(pid))
        window.workers_rss.append(workers_rss_mb(pid))
        windows.append(window)
        print(f"  {name}: {sum(window.tally.values())} attacking requests, RSS {window.rss[0]:.0f} → "
              f"{window.rss[1]:.0f} MB, load {window.load:.1f}", flush=True)
    await asyncio.sleep(quiet_seconds)
    settled, settled_workers = rss_mb(pid), workers_rss_mb(pid)
    for index, window in enumerate(windows):  # after its quiet window: the next attack's "before"
        later = windows[index + 1] if index + 1 < len(windows) else None
        window.rss.append(later.rss[0] if later else settled)
        window.workers_rss.append(later.workers_rss[0] if later else settled_workers)
    return windows


async def run_attack(name: str, base: str, seconds: float, attackers: int) -> Tally:
    """One attack from ``attackers`` connections for ``seconds`` (in the attacker's own process)."""
    tally: Tally = Counter()
    stop_at = time.monotonic() + seconds
    ATTACKING[0] = attackers
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))  # the slow connections are many

    async def one() -> None:
        try:
            await ATTACKS[name](base, stop_at, tally)
        except Exception as error:  # the attacker's own failure is a figure too, not the end of the run
            tally[f"attacker {type(error).__name__}"] += 1
            print(f"{name}: {type(error).__name__}: {error}", file=sys.stderr)

    await asyncio.gather(*(one() for _ in range(attackers)))
    return tally


def trips_between(figures: load.Figures, start: float, end: float) -> list[float]:
    """The honest round trips of the moves completed between ``start`` and ``end`` (monotonic)."""
    return [trip for trip, done in zip(figures.round_trips, figures.completed_at, strict=True) if start <= done < end]


def _ms(values: list[float], share: float) -> str:
    return f"{load.percentile(values, share) * 1000:.0f}" if values else "–"


def report(windows: list[Window], honest: load.Figures, games: int, load_before: float) -> None:
    """The table for benchmarks/README.md."""
    print(f"\n{games} honest Hive games (2 bots each, think 1 s); load average {load_before:.1f} before, "
          f"{os.getloadavg()[0]:.1f} after, on {os.cpu_count()} cores; honest errors: "
          f"{len(honest.errors)} {dict(Counter(honest.errors)) if honest.errors else ''}\n")
    print("| attack | attacker's requests got | honest moves | p50 quiet → attack (ms) | p99 quiet → attack (ms) "
          "| p99 ratio | server RSS before → end → settled (MB) | growth (MB) | workers RSS (MB) "
          "| server CPU quiet → attack (% of a core) | probe quiet → attack (ms, p50/max) | load |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for window in windows:
        quiet = trips_between(honest, window.quiet_from, window.start)
        during = trips_between(honest, window.start, window.end)
        ratio = (load.percentile(during, 0.99) / load.percentile(quiet, 0.99)) if quiet and during else float("nan")
        got = ", ".join(f"{kind} ×{count}" for kind, count in window.tally.most_common(4)) or "–"
        before, end, settled = window.rss
        print(f"| {window.name} | {got} | {len(during)} | {_ms(quiet, 0.5)} → {_ms(during, 0.5)} "
              f"| {_ms(quiet, 0.99)} → {_ms(during, 0.99)} | {ratio:.2f} | {before:.0f} → {end:.0f} → {settled:.0f} "
              f"| {max(end, settled) - before:+.0f} | {window.workers_rss[0]:.0f} → {window.workers_rss[2]:.0f} "
              f"| {window.cpu_share(0)} → {window.cpu_share(1)} | {window.probe_text()} | {window.load:.1f} |")


async def main_async(args: argparse.Namespace, base: str, pid: int, folder: Path) -> tuple[list[Window], load.Figures]:
    names = [name for name in args.only.split(",") if name] if args.only else list(ATTACKS)
    kind = load.Kind("hive", {"game_type": "Base"})
    if args.bots == "node":  # the honest games in Node: their figures come back at the end
        bots = load.NodeBots([base], args.games, 24 * 3600, args.think, kind).start(folder)
        bots.go()
        try:
            windows = await attack_windows(base, pid, names, args.attackers, args.attack_seconds,
                                           args.quiet_seconds, load.Figures(started_at=bots.started_at))
        finally:
            honest, _cpu = bots.finish(stop=True)
        return windows, honest
    honest = load.Figures()
    playing = asyncio.ensure_future(load.run(base, args.games, 24 * 3600, args.think, kind, pid, spread=True,
                                             figures=honest))
    try:
        windows = await attack_windows(base, pid, names, args.attackers, args.attack_seconds, args.quiet_seconds,
                                       honest)
    finally:
        playing.cancel()  # the honest games play until the last window closes; their figures are in ``honest``
        with contextlib.suppress(asyncio.CancelledError):
            await playing
    return windows, honest


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--think", type=float, default=1.0)
    parser.add_argument("--attack-seconds", type=float, default=15.0)
    parser.add_argument("--quiet-seconds", type=float, default=10.0)
    parser.add_argument("--attackers", type=int, default=4, help="attacking connections at once")
    parser.add_argument("--only", default="", help=f"comma-separated attacks among {', '.join(ATTACKS)}")
    parser.add_argument("--bots", choices=("python", "node"), default="python",
                        help="who plays the honest games: Python bots in this process, or Node ones (benchmarks/node)")
    parser.add_argument("--run-attack", default="", help=argparse.SUPPRESS)  # the attacker's own process
    parser.add_argument("--base", default="", help=argparse.SUPPRESS)
    parser.add_argument("--attacker-address", default=ATTACKER["X-Forwarded-For"], help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.run_attack:
        if not args.base.startswith("http://127.0.0.1:"):
            raise SystemExit("attacks go to 127.0.0.1 only")
        ATTACKER["X-Forwarded-For"] = args.attacker_address
        tally = asyncio.run(run_attack(args.run_attack, args.base, args.attack_seconds, args.attackers))
        print(json.dumps(dict(tally)))
        return
    unknown = [name for name in args.only.split(",") if name and name not in ATTACKS]
    if unknown:
        raise SystemExit(f"unknown attack(s): {', '.join(unknown)}")
    load_before = os.getloadavg()[0]
    port = load.free_port()
    with tempfile.TemporaryDirectory() as folder:
        log_path = Path(folder) / "server.log"
        server = load.start_server(port, Path(folder) / "abuse.sqlite3", log_path, SERVER_OPTIONS)
        try:
            windows, honest = asyncio.run(main_async(args, f"http://127.0.0.1:{port}", server.pid, Path(folder)))
        finally:
            server.send_signal(signal.SIGTERM)
            try:
                server.wait(timeout=20)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()
        log_lines = log_path.read_text(errors="replace").splitlines()
    report(windows, honest, args.games, load_before)
    tracebacks = sum("Traceback" in line for line in log_lines)
    print(f"\nserver log: {len(log_lines)} lines, {tracebacks} tracebacks")


if __name__ == "__main__":
    main()
