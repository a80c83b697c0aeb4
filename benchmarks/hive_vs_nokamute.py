"""meeple's Hive AI against nokamute (the Rust alpha-beta engine Hive programmers measure against) over UHP.

Run: ``nice -n 19 .venv/bin/python benchmarks/hive_vs_nokamute.py [--games 40] [--seconds 1.0]
[--nokamute-seconds S] [--game-type Base+MLP] [--nokamute PATH] [--threads 1] [--jobs 1] [--out F.jsonl]``.

* nokamute runs as ``nokamute uhp --verbose --num-threads=T`` (found in ``../shared/anchors/nokamute`` or
  given by ``--nokamute``), asked ``bestmove seconds S`` (its sub-second form of ``bestmove time``);
  its stderr gives the depth it finished and its nodes per second.
* meeple answers in this process as ``meeple hive uhp`` answers ``bestmove time``: the search gets
  the UHP engine's share of the time (:func:`meeple.games.hive.uhp.search_seconds`).
* Colours alternate; games 2k and 2k+1 open with the same ``--random-plies`` random moves (seeded), so
  each opening is played once from each side. The referee is meeple's HiveGame: every move of both
  sides is checked by the Python rules, and the game ends by them (or at ``--max-plies``, a draw).
  nokamute declares a draw on a threefold repetition, which Hive does not have: the game then stops
  there (nokamute will not go on), is counted as a draw and reported as such, with its GameString.

Prints one line per game and the summary: meeple's W-L-D, score with its 95 % Wilson interval (a draw
counts one half), the average depth and nodes per second of both sides, meeple's depth profile, the load
average. ``--out`` appends one JSON line per game (moves, result, per-move depths), the positions that
benchmarks/hive_tune.py learns from.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import queue
import re
import subprocess
import threading
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from hive_perft import find_anchor
from meeple.core.rng import make_rng
from meeple.core.stats import wilson_interval
from meeple.games.hive.ai import analyse
from meeple.games.hive.game import HiveGame
from meeple.games.hive.notation import move_string
from meeple.games.hive.uhp import search_seconds

_EXPLORED = re.compile(r"Explored (\d+) nodes to depth (\d+)")
_RATE = re.compile(r"^(\d+) nodes/sec")


class Nokamute:
    """A ``nokamute uhp`` process: send a command, read the answer up to its ``ok``."""

    def __init__(self, path: Path, threads: int) -> None:
        self.process = subprocess.Popen([str(path), "uhp", "--verbose", f"--num-threads={threads}"],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                        text=True, bufsize=1)
        self.errors: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._drain, daemon=True).start()
        self.read()  # the id and capabilities it prints at start-up

    def _drain(self) -> None:
        assert self.process.stderr is not None
        for line in self.process.stderr:
            self.errors.put(line.strip())

    def read(self) -> list[str]:
        assert self.process.stdout is not None
        lines = []
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise RuntimeError("nokamute stopped")
            line = line.strip()
            if line == "ok":
                return lines
            lines.append(line)

    def send(self, command: str) -> list[str]:
        assert self.process.stdin is not None
        self.process.stdin.write(command + "\n")
        self.process.stdin.flush()
        return self.read()

    def search_stats(self) -> tuple[int, int, float]:
        """The depth finished, the nodes and the nodes per second of its last search (from --verbose)."""
        depth, nodes, rate = 0, 0, 0.0
        deadline = time.monotonic() + 0.5
        while time.monotonic() < deadline:
            try:
                line = self.errors.get(timeout=0.05)
            except queue.Empty:
                if rate:
                    break
                continue
            if match := _EXPLORED.search(line):
                nodes, depth = int(match[1]), int(match[2])
            elif match := _RATE.match(line):
                rate = float(match[1])
                break
        return depth, nodes, rate

    def close(self) -> None:
        with contextlib.suppress(RuntimeError, BrokenPipeError, OSError):
            self.send("exit")
        self.process.kill()
        self.process.wait()


@dataclass
class GameRecord:
    """One game: who was White, how it ended, and both sides' search figures per move."""

    index: int
    meeple_white: bool
    result: str                     # "meeple", "nokamute", "draw", "capped", "repetition"
    plies: int
    moves: list[str] = field(default_factory=list)
    meeple_depths: list[int] = field(default_factory=list)
    meeple_rates: list[float] = field(default_factory=list)
    nokamute_depths: list[int] = field(default_factory=list)
    nokamute_rates: list[float] = field(default_factory=list)
    note: str = ""


def play_one(index: int, args: dict[str, Any]) -> GameRecord:
    """Game ``index``: meeple White when ``index`` is even; the opening is shared by the pair."""
    game = HiveGame.new({"game_type": args["game_type"]}, 0)
    engine = Nokamute(Path(args["nokamute"]), args["threads"])
    record = GameRecord(index, index % 2 == 0, "capped", 0)
    try:
        engine.send(f"newgame {args['game_type']}")
        rng = make_rng(args["seed"] + index // 2)
        meeple_seconds = search_seconds(args["seconds"])
        while game.outcome() is None and len(game.move_stack) < args["max_plies"]:
            ply = len(game.move_stack)
            meeple_turn = (ply % 2 == 0) == record.meeple_white
            if ply < args["random_plies"]:
                move = rng.choice(sorted(game.legal_moves()))
                text = move_string(game.state, move)
            elif meeple_turn:
                analysis = analyse(game, time_limit=meeple_seconds)
                move, text = analysis.move, move_string(game.state, analysis.move)
                record.meeple_depths.append(analysis.depth)
                record.meeple_rates.append(analysis.nodes_per_second)
            else:
                text = engine.send(f"bestmove seconds {args['nokamute_seconds']}")[-1]
                depth, _nodes, rate = engine.search_stats()
                record.nokamute_depths.append(depth)
                record.nokamute_rates.append(rate)
                try:
                    move = game.parse_move(text)
                    game.copy().push(move)
                except Exception as error:  # an illegal move by meeple's rules loses the game
                    record.result, record.note = "meeple", f"nokamute played {text!r}: {error}"
                    break
            game.push(move)
            record.moves.append(text)
            answer = engine.send(f"play {text}")
            state = answer[-1].split(";")[1] if answer and ";" in answer[-1] else ""
            if game.outcome() is None and state == "Draw":
                record.result, record.note = "repetition", answer[-1]
                break
        outcome = game.outcome()
        if outcome is not None:
            if outcome.draw:
                record.result = "draw"
            else:
                meeple_seat = 0 if record.meeple_white else 1
                record.result = "meeple" if meeple_seat in outcome.winners else "nokamute"
        record.plies = len(game.move_stack)
        return record
    finally:
        engine.close()


def _load() -> str:
    with open("/proc/loadavg", encoding="ascii") as load:
        return " ".join(load.read().split()[:3])


def _mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def summary(records: list[GameRecord], args: argparse.Namespace) -> None:
    """Print W-L-D, the score's interval, both sides' depth and speed, meeple's depth profile."""
    wins = sum(r.result == "meeple" for r in records)
    losses = sum(r.result == "nokamute" for r in records)
    draws = len(records) - wins - losses
    score = wins + draws / 2
    low, high = wilson_interval(score, len(records))
    repetitions = [r for r in records if r.result == "repetition"]
    print(f"\nmeeple {args.seconds} s vs nokamute {args.nokamute_seconds} s ({args.threads} thread(s)), "
          f"{args.game_type}, {len(records)} games: {wins}-{losses}-{draws} (W-L-D), score "
          f"{100 * score / len(records):.1f} % (95 % Wilson {100 * low:.1f}-{100 * high:.1f} %)")
    as_white = [r for r in records if r.meeple_white]
    print(f"  meeple as White {sum(r.result == 'meeple' for r in as_white)}/{len(as_white)} won, "
          f"as Black {sum(r.result == 'meeple' for r in records if not r.meeple_white)}/{len(records) - len(as_white)}")
    m_depths = [d for r in records for d in r.meeple_depths]
    n_depths = [d for r in records for d in r.nokamute_depths]
    print(f"  meeple: mean depth {_mean(m_depths):.2f}, {_mean([x for r in records for x in r.meeple_rates]):,.0f} "
          f"nodes/s; nokamute: mean depth {_mean(n_depths):.2f}, "
          f"{_mean([x for r in records for x in r.nokamute_rates]):,.0f} nodes/s")
    profile = Counter(m_depths)
    print("  meeple depth profile: " + ", ".join(f"{d}: {100 * c / len(m_depths):.0f} %" for d, c in sorted(profile.items())))
    profile = Counter(n_depths)
    print("  nokamute depth profile: " + ", ".join(f"{d}: {100 * c / len(n_depths):.0f} %" for d, c in sorted(profile.items())))
    print(f"  draws claimed by nokamute's threefold repetition (not a Hive rule): {len(repetitions)}"
          + "".join(f"\n    game {r.index} at ply {r.plies}: {r.note}" for r in repetitions))
    print(f"  mean plies {_mean([r.plies for r in records]):.0f}; capped at {args.max_plies}: "
          f"{sum(r.result == 'capped' for r in records)}; load average {_load()}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--start", type=int, default=0, help="index of the first game (to resume or split)")
    parser.add_argument("--seconds", type=float, default=1.0, help="meeple's time per move")
    parser.add_argument("--nokamute-seconds", type=float, default=None, help="nokamute's (default: the same)")
    parser.add_argument("--game-type", default="Base+MLP")
    parser.add_argument("--nokamute", type=Path, default=find_anchor("nokamute"))
    parser.add_argument("--threads", type=int, default=1, help="nokamute's threads (meeple uses one)")
    parser.add_argument("--jobs", type=int, default=1, help="games played at once (each uses one core at a time)")
    parser.add_argument("--max-plies", type=int, default=300)
    parser.add_argument("--random-plies", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=None, help="append one JSON line per game")
    args = parser.parse_args()
    if args.nokamute_seconds is None:
        args.nokamute_seconds = args.seconds
    if not args.nokamute.exists():
        parser.error(f"nokamute not found at {args.nokamute}: give --nokamute PATH")
    print(f"load average {_load()}", flush=True)
    settings = {key: (str(value) if isinstance(value, Path) else value) for key, value in vars(args).items()}
    records: list[GameRecord] = []
    began = time.perf_counter()
    indices = range(args.start, args.start + args.games)
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for record in pool.map(play_one, indices, [settings] * len(indices)):
            records.append(record)
            print(f"game {record.index}: meeple {'White' if record.meeple_white else 'Black'}, {record.result} "
                  f"in {record.plies} plies, meeple depth {_mean(record.meeple_depths):.1f}, nokamute depth "
                  f"{_mean(record.nokamute_depths):.1f} ({time.perf_counter() - began:.0f} s)", flush=True)
            if args.out is not None:
                with args.out.open("a", encoding="utf-8") as out:
                    out.write(json.dumps({**asdict(record), "settings": settings}) + "\n")
    summary(records, args)


if __name__ == "__main__":
    main()
