"""Hive figures: perft leaves per CPU second of the native core beside MzingaCpp's (same run, same counts
checked), the Python rules' rate, mid-game move generation, and the native differential check at depth 4-5.

Run: ``nice -n 19 .venv/bin/python benchmarks/hive_perft.py [--depths 4,5] [--types Base,Base+MLP]
[--mzinga PATH] [--python] [--differential N]``.

* perft from the start at each depth and game type: the native core (``Position.perft``), MzingaCpp
  (``../shared/anchors/mzingacpp/mzingacpp``, its UHP ``perft N``; CPU time of the child process) and,
  with ``--python``, the Python rules (depth 4 only: depth 5 takes minutes); every count must agree;
* ``--differential N``: the nightly-size check, native perft equal to Python perft at depth 4 from N
  random early positions of every game type, Centipede included (minutes);
* mid-game (ply 40 of random games): move lists per second, native and Python.

Prints figures and the load average; asserts only that the counts agree.
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import time
from pathlib import Path

from meeple.core.rng import make_rng
from meeple.games.hive.native import native_position
from meeple.games.hive.perft import perft
from meeple.games.hive.pieces import ALL_GAME_TYPES, GameType
from meeple.games.hive.state import HiveState

ROOT = Path(__file__).resolve().parents[1]


def find_anchor(name: str) -> Path:
    """``shared/anchors/<name>/<name>`` beside the project (``../shared``), or beside the folder of worktrees."""
    for folder in (ROOT.parent, ROOT.parent.parent):
        candidate = folder / "shared" / "anchors" / name / name
        if candidate.exists():
            return candidate
    return ROOT.parent / "shared" / "anchors" / name / name


def _load() -> str:
    with open("/proc/loadavg", encoding="ascii") as load:
        return " ".join(load.read().split()[:3])


def native_rate(game_type: str, depth: int) -> tuple[int, float]:
    """Leaves of native perft ``depth`` from the start and leaves per CPU second."""
    position = native_position(HiveState(GameType.parse(game_type)))
    began = time.process_time()
    leaves = int(position.perft(depth))
    return leaves, leaves / max(time.process_time() - began, 1e-9)


def python_rate(game_type: str, depth: int) -> tuple[int, float]:
    """Leaves of the Python rules' perft and leaves per CPU second."""
    state = HiveState(GameType.parse(game_type))
    began = time.process_time()
    leaves = perft(state, depth)
    return leaves, leaves / max(time.process_time() - began, 1e-9)


def mzinga_rate(binary: Path, game_type: str, depth: int) -> tuple[int, float]:
    """MzingaCpp's perft ``depth`` from the start over UHP, and its leaves per CPU second (child process)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run([str(binary)], input=f"newgame {game_type}\nperft {depth}\nexit\n", capture_output=True,
                          text=True, timeout=3600, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    line = next(line for line in done.stdout.splitlines() if line.startswith(f"perft({depth}) ="))
    leaves = int(line.split("=")[1].split()[0])
    return leaves, leaves / max(cpu, 1e-9)


def random_positions(game_type: str, count: int, plies: int, seed: int = 0) -> list[HiveState]:
    """Positions after ``plies`` random moves (games that ended earlier are skipped)."""
    states = []
    for index in range(count):
        state = HiveState(GameType.parse(game_type))
        rng = make_rng(seed + index)
        while state.ply < plies and state.moves():
            state.play(rng.choice(sorted(state.moves())))
        if state.moves():
            states.append(state)
    return states


def movegen_rates(game_type: str) -> tuple[float, float, float]:
    """Mid-game move lists per CPU second, native and Python, and the mean number of moves."""
    states = random_positions(game_type, 40, 40)
    natives = [native_position(state) for state in states]
    began = time.process_time()
    total = 0
    for _ in range(50):
        for position in natives:
            total += len(position.moves())
    native = 50 * len(natives) / max(time.process_time() - began, 1e-9)
    began = time.process_time()
    for state in states:
        state.moves()
    python = len(states) / max(time.process_time() - began, 1e-9)
    return native, python, total / (50 * len(natives))


def differential(count: int, depth: int) -> None:
    """Native perft equal to Python perft from ``count`` random early positions of every game type."""
    for game_type in ALL_GAME_TYPES:
        began = time.perf_counter()
        states = random_positions(game_type, count, 8, seed=1000)
        for state in states:
            python, native = perft(state, depth), native_position(state).perft(depth)
            assert python == native, f"{game_type} ply {state.ply}: Python {python}, native {native}"
        print(f"differential {game_type:<10} depth {depth}: {len(states)} positions equal "
              f"({time.perf_counter() - began:.0f} s)", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--depths", default="4,5")
    parser.add_argument("--types", default="Base,Base+MLP")
    parser.add_argument("--mzinga", type=Path, default=find_anchor("mzingacpp"))
    parser.add_argument("--python", action="store_true", help="also time the Python rules (depth 4 at most)")
    parser.add_argument("--differential", type=int, default=0, metavar="N")
    parser.add_argument("--differential-depth", type=int, default=4)
    args = parser.parse_args()
    print(f"load average {_load()}")
    print(f"{'game type':<11}{'depth':>6}{'leaves':>13}{'native/s':>15}{'MzingaCpp/s':>15}{'ratio':>8}"
          f"{'Python/s':>13}")
    for game_type in args.types.split(","):
        for depth in (int(d) for d in args.depths.split(",")):
            leaves, native = native_rate(game_type, depth)
            row = f"{game_type:<11}{depth:>6}{leaves:>13,}{native:>15,.0f}"
            if args.mzinga.exists():
                mz_leaves, mzinga = mzinga_rate(args.mzinga, game_type, depth)
                assert mz_leaves == leaves, f"MzingaCpp counts {mz_leaves}, native {leaves}"
                row += f"{mzinga:>15,.0f}{native / mzinga:>7.1f}x"
            else:
                row += f"{'(no anchor)':>15}{'':>8}"
            if args.python and depth <= 4:
                py_leaves, python = python_rate(game_type, depth)
                assert py_leaves == leaves
                row += f"{python:>13,.0f}"
            print(row, flush=True)
    print()
    for game_type in [*args.types.split(","), "Base+MLPC"]:
        native, python, mean = movegen_rates(game_type)
        print(f"{game_type:<11} mid-game (ply 40, {mean:.0f} moves): {native:,.0f} native move lists/s, "
              f"{python:,.0f} Python ({native / python:.0f}x)", flush=True)
    if args.differential:
        differential(args.differential, args.differential_depth)
    print(f"load average {_load()}")


if __name__ == "__main__":
    main()
