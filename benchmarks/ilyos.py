"""ILYOS figures: random play-out speed per mode, and the AI's time per turn at each level.

Run: ``.venv/bin/python benchmarks/ilyos.py [--turns N] [--levels expert]``. Prints figures; asserts
nothing. The AI plays with its wall clock (as in a real game), so the times include any deadline cut;
the load average is printed beside them.

``--cpu [--baseline COMMIT]``: the CPU cost of the Expert itself, without its wall clock (node limits
only, so the work is the same on any machine): CPU seconds per whole Expert-against-Expert game and per
Expert turn, on a few seeds; with ``--baseline``, the same games are also played by the code of that git
commit (its ``src`` exported to a temporary directory) and the ratio is printed, with a check that both
played exactly the same moves. Each side runs in its own process, alternately, ``--repeat`` times (the
fastest run counts: the machine is shared). Give ``--options`` in full when the two commits' defaults
differ; an option the older code does not know is left out on its side (and named): give it the value
that means the older rule (e.g. ``"anchored_carriers": false``), and the moves check says whether the
games were the same.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from meeple.core.rng import make_rng
from meeple.core.stats import wilson_interval
from meeple.games.ilyos.ai import LEVELS, TURN_LIMIT_SECONDS, choose_move
from meeple.games.ilyos.engine import IlyosGame
from meeple.games.ilyos.tournament import play_game

MODES: dict[str, dict[str, object]] = {"duel": {}, "2v2": {"mode": "2v2"}, "team diagonal": {"mode": "2v2", "team_diagonal": True}}


def playout_speed(options: dict[str, object], games: int = 10) -> tuple[float, float]:
    """Actions per second and mean actions per game of uniformly random play."""
    actions, began = 0, time.perf_counter()
    for seed in range(games):
        game = IlyosGame.new(options, seed)
        rng = make_rng(seed)
        while not game.is_over():
            game.push(rng.choice(game.legal_moves()))
            actions += 1
    return actions / (time.perf_counter() - began), actions / games


def turn_times(level: str, turns: int, options: dict[str, object] | None = None) -> list[float]:
    """Seconds the AI at ``level`` takes for each of ``turns`` whole turns (both seats at that level,
    as many games as needed, with the game ``options``)."""
    times: list[float] = []
    seed = 7
    while len(times) < turns:
        times += _game_turn_times(level, seed, turns - len(times), options or {})
        seed += 1
    return times


def _game_turn_times(level: str, seed: int, turns: int, options: dict[str, object]) -> list[float]:
    game = IlyosGame.new(options, seed)
    rng = make_rng(seed)
    times: list[float] = []
    while not game.is_over() and len(times) < turns:
        seat = game.to_move()
        began = time.perf_counter()
        while game.to_move() == seat and not game.is_over():
            assert seat is not None
            game.push(choose_move(game, seat, level, rng))
        times.append(time.perf_counter() - began)
    return times


def first_seat_balance(level: str, games: int) -> tuple[int, int, int]:
    """Wins of P1, wins of P2 and draws when both seats play at ``level`` (duel, default setup)."""
    first = second = draws = 0
    for seed in range(games):
        outcome = play_game({}, 1000 + seed, [level, level]).outcome()
        assert outcome is not None
        if outcome.draw:
            draws += 1
        elif 0 in outcome.winners:
            first += 1
        else:
            second += 1
    return first, second, draws


CPU_PROBE = r"""
import hashlib, json, sys, time
from meeple.core.rng import derive_seed, make_rng
from meeple.games.ilyos import ai
from meeple.games.ilyos.ai import choose_move
from meeple.games.ilyos.engine import DEFAULT_OPTIONS, IlyosGame
ai.WALL_CLOCK = False
options, seeds = json.loads(sys.argv[1])
unknown = sorted(k for k in options if k not in DEFAULT_OPTIONS)  # newer options an older tree lacks
options = {k: v for k, v in options.items() if k in DEFAULT_OPTIONS}
games, turns, moves = [], [], hashlib.sha256()
for seed in seeds:
    ai._PLANS.clear()
    game = IlyosGame.new(options, seed)
    rng = make_rng(derive_seed(seed, "ai"))
    began = time.process_time()
    while not game.is_over():
        seat, turn_began = game.to_move(), time.process_time()
        while not game.is_over() and game.to_move() == seat:
            move = choose_move(game, seat, "expert", rng)
            game.push(move)
            moves.update(game.move_text(move).encode())
        turns.append(time.process_time() - turn_began)
    games.append(time.process_time() - began)
print(json.dumps({"games": games, "turns": turns, "moves": moves.hexdigest(), "unknown": unknown}))
"""
"""Plays Expert-against-Expert games (the seeds and options given as JSON) and prints CPU seconds per game
and per turn, and a digest of every move: run in the process of one source tree (``PYTHONPATH``)."""


def _probe(src: Path, options: dict[str, object], seeds: list[int]) -> dict[str, Any]:
    env = {**os.environ, "PYTHONPATH": str(src)}
    done = subprocess.run([sys.executable, "-c", CPU_PROBE, json.dumps([options, seeds])], env=env,
                          capture_output=True, text=True, check=True)
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def expert_cpu(options: dict[str, object], seeds: list[int], repeat: int, baseline: str | None) -> None:
    """Print the CPU figures of ``--cpu`` (see the module docstring)."""
    trees = {"this tree": Path(__file__).resolve().parent.parent / "src"}
    with tempfile.TemporaryDirectory() as tmp:
        if baseline:
            archive = subprocess.run(["git", "archive", baseline, "src"], capture_output=True, check=True,
                                     cwd=Path(__file__).resolve().parent.parent).stdout
            subprocess.run(["tar", "-x", "-C", tmp], input=archive, check=True)
            trees[f"baseline {baseline}"] = Path(tmp) / "src"
        load = os.getloadavg()[0]
        runs: dict[str, list[dict[str, Any]]] = {name: [] for name in trees}
        for _ in range(repeat):
            for name, src in trees.items():
                runs[name].append(_probe(src, options, seeds))
    print(f"Expert against Expert, no wall clock, options {options or 'default'}, seeds {seeds}, "
          f"fastest of {repeat} (load average {load:.1f} before, {os.getloadavg()[0]:.1f} after):")
    best: dict[str, tuple[float, float, float]] = {}
    for name, results in runs.items():
        fastest = min(results, key=lambda r: sum(r["games"]))
        games, turns = fastest["games"], fastest["turns"]
        best[name] = (statistics.mean(games), statistics.mean(turns), max(turns))
        if fastest.get("unknown"):
            print(f"  {name:>20}: options it does not know, left out: {', '.join(fastest['unknown'])}")
        print(f"  {name:>20}: {statistics.mean(games):6.2f} s CPU per game, {statistics.mean(turns):.3f} s per "
              f"Expert turn (max {max(turns):.2f} s, {len(turns)} turns)")
    if baseline:
        (game_now, turn_now, _), (game_then, turn_then, _) = best.values()
        same = len({r["moves"] for results in runs.values() for r in results}) == 1
        print(f"  ratio: {game_then / game_now:.2f}× per game, {turn_then / turn_now:.2f}× per turn; "
              f"the same moves in every run: {'yes' if same else 'NO'}")


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--turns", type=int, default=12)
    parser.add_argument("--balance", type=int, default=0, help="games of Hard against Hard (P1 vs P2)")
    parser.add_argument("--levels", default=",".join(LEVELS), help="levels whose time per turn is measured")
    parser.add_argument("--no-playouts", action="store_true", help="skip the random play-out speed")
    parser.add_argument("--cpu", action="store_true", help="CPU per Expert game and turn, no wall clock")
    parser.add_argument("--baseline", help="with --cpu: a git commit whose code plays the same games")
    parser.add_argument("--seeds", default="7,8", help="with --cpu: comma-separated game seeds")
    parser.add_argument("--options", default="{}", help="the game options (JSON) of --cpu and the AI's times")
    parser.add_argument("--repeat", type=int, default=2, help="with --cpu: runs of each side")
    args = parser.parse_args()
    if args.cpu:
        seeds = [int(seed) for seed in args.seeds.split(",")]
        expert_cpu(json.loads(args.options), seeds, args.repeat, args.baseline)
        return
    if args.balance:
        first, second, draws = first_seat_balance("hard", args.balance)
        low, high = wilson_interval(first + 0.5 * draws, args.balance)
        print(f"Hard vs Hard, {args.balance} games: P1 {first} wins, P2 {second} wins, {draws} draws; "
              f"P1 score {(first + 0.5 * draws) / args.balance:.0%} [{low:.0%}, {high:.0%}]")
        return
    for name, options in MODES.items() if not args.no_playouts else ():
        speed, length = playout_speed(options)
        print(f"random play-outs, {name:13}: {speed:7.0f} actions/s, {length:5.1f} actions per game")
    for level in args.levels.split(","):
        before = os.getloadavg()[0]
        times = turn_times(level, args.turns, json.loads(args.options))
        over = sum(t > TURN_LIMIT_SECONDS for t in times)
        print(f"AI {level:6}, options {args.options}: {len(times)} turns, mean {statistics.mean(times):.2f} s, "
              f"max {max(times):.2f} s per turn, {over} over {TURN_LIMIT_SECONDS:.0f} s "
              f"(load average {before:.1f} before, {os.getloadavg()[0]:.1f} after)")


if __name__ == "__main__":
    main()
