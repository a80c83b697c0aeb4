"""boardgame.io beside meeple: the same bots, the same load, boardgame.io's own server (issue 26, item 5).

Starts boardgame.io's server (Koa + socket.io, matches in memory: its default store, which never writes to
disk) with a trivial game (``benchmarks/node/bgio-game.mjs``: add 1-3 to a total, about 75 moves), then
plays ``--games`` matches with the Node bots of ``benchmarks/node/bgio-bots.mjs``: think ``--think`` s on
average, a random legal move, the round trip from the move to the server's new state. Prints the same
figures as ``server_load.py --bots node`` (round-trip p50/p99, moves/s, server CPU per move, the bots'
CPU, the load average), to put beside meeple's Hive figures in benchmarks/README.md. The comparison is not
like for like in meeple's favour: meeple checks a Hive move, stores it durably (an fdatasync before anyone
hears of it) and draws each seat's view; boardgame.io adds to a number in memory.

Run: ``cd benchmarks/node && npm ci`` once, then ``nice -n 19 .venv/bin/python benchmarks/server_bgio.py
[--games 1000] [--seconds 30] [--think 1.0]``. Only 127.0.0.1 is contacted. Asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
import server_load as load


def start_bgio(port: int) -> subprocess.Popen[bytes]:
    """boardgame.io's server on ``port``; returns once its Lobby API answers."""
    process = subprocess.Popen(["node", str(load.NODE_DIR / "bgio-server.mjs"), str(port)], cwd=load.NODE_DIR,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and process.poll() is None:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/games", timeout=1).status_code == 200:
                return process
        except httpx.HTTPError:
            time.sleep(0.1)
    process.kill()
    raise SystemExit("boardgame.io's server did not start")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--think", type=float, default=1.0)
    args = parser.parse_args()
    load_before = os.getloadavg()[0]
    port = load.free_port()
    server = start_bgio(port)
    try:
        with tempfile.TemporaryDirectory() as folder:
            bots = load.NodeBots([f"http://127.0.0.1:{port}"], args.games, args.seconds, args.think,
                                 load.Kind("race", {}), spread=False, script="bgio-bots.mjs").start(Path(folder))
            before = load.cpu_seconds(server.pid)
            bots.go()
            figures, bots_cpu = bots.finish()
            after = load.cpu_seconds(server.pid)
    finally:
        load.stop_server(server)
    trips = figures.round_trips
    print(f"boardgame.io 0.50.2 (in memory): {args.games} concurrent matches of a trivial game, {args.seconds:.0f} s, "
          f"think {args.think} s")
    if not trips:
        print("no move completed")
        return
    window = max(figures.completed_at) - min(figures.completed_at) or 1.0
    print(f"moves: {len(trips)}  ({len(trips) / window:.1f} moves/s)  games finished: {figures.games_finished}")
    print(f"round trip: p50 {load.percentile(trips, 0.5) * 1000:.1f} ms  p99 {load.percentile(trips, 0.99) * 1000:.1f} ms"
          f"  max {max(trips) * 1000:.1f} ms  mean {statistics.fmean(trips) * 1000:.1f} ms")
    steady = figures.steady(load.WARM_UP)
    if steady:
        print(f"after the first {load.WARM_UP:.0f} s: {len(steady)} moves, p50 {load.percentile(steady, 0.5) * 1000:.1f} ms"
              f"  p99 {load.percentile(steady, 0.99) * 1000:.1f} ms")
    if before is not None and after is not None:
        used = after - before
        print(f"server CPU: {used:.1f} s for {len(trips)} moves ({used / len(trips) * 1000:.2f} ms per move, "
              f"{used / window * 100:.0f}% of a core)")
    print(f"bots' CPU (the Node process, set-up included): {bots_cpu:.1f} s; load average {load_before:.1f} before, "
          f"{os.getloadavg()[0]:.1f} after, on {os.cpu_count()} cores")
    print(f"errors: {len(figures.errors)}" + (f" ({', '.join(sorted(set(figures.errors))[:5])})" if figures.errors else ""))


if __name__ == "__main__":
    main()
