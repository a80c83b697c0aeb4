"""Benchmark: the computer's levels against each other, on the shipped scenarios and random ones.

Every pairing plays each scenario from both sides (the level under test takes side 0, then side 1) for
``--games`` seeds; the random scenarios come from ``random_scenario(seed)``. Prints, per pairing, wins /
draws / losses of the first level, its score rate (a draw counts half) with a 95 % Wilson interval, and
the mean and worst time per move of each level (the machine's load average beside them).

    .venv/bin/python benchmarks/skirmish_ai.py [--games 10] [--random 10] [--pairs tactical:greedy,greedy:random]
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections import defaultdict

from meeple.core.progress import track
from meeple.core.rng import make_rng
from meeple.core.stats import wilson_interval
from meeple.games.skirmish.ai import choose_move
from meeple.games.skirmish.engine import SkirmishGame
from meeple.games.skirmish.scenario import random_scenario, shipped_scenarios

JSON = object


def play(options: dict[str, JSON], levels: tuple[str, str], seed: int, timings: dict[str, list[float]]) -> int | None:
    """One game, ``levels[s]`` playing side ``s``; the winning side (``None`` for a draw)."""
    game = SkirmishGame.new(options)  # type: ignore[arg-type]
    rng = make_rng(seed)
    while (side := game.to_move()) is not None:
        began = time.perf_counter()
        move = choose_move(game, side, rng.derive(str(len(game.move_stack))), levels[side])
        timings[levels[side]].append(time.perf_counter() - began)
        game.push(move)
    outcome = game.outcome()
    assert outcome is not None
    return None if outcome.draw else min(outcome.winners)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6, help="seeds per shipped scenario and side")
    parser.add_argument("--random", type=int, default=10, help="random scenarios (each played from both sides)")
    parser.add_argument("--pairs", default="tactical:greedy,greedy:random,tactical:random")
    args = parser.parse_args()
    setups: list[tuple[str, dict[str, JSON], int]] = []
    for name in shipped_scenarios():
        setups += [(name, {"scenario": name}, seed) for seed in range(args.games)]
    for seed in range(args.random):
        setups.append((f"random-{seed}", {"scenario": random_scenario(seed)}, seed))
    print(f"load average before: {os.getloadavg()[0]:.1f}")
    for pair_text in args.pairs.split(","):
        first, second = pair_text.split(":")
        tally: dict[str, list[float]] = defaultdict(lambda: [0, 0, 0])
        timings: dict[str, list[float]] = defaultdict(list)
        runs = [(label, options, seed, side) for label, options, seed in setups for side in (0, 1)]
        for label, options, seed, side in track(runs, len(runs), f"{first} vs {second}"):
            levels = (first, second) if side == 0 else (second, first)
            winner = play(options, levels, seed, timings)
            group = "shipped" if not label.startswith("random-") else "random"
            tally[group][0 if winner == side else 1 if winner is None else 2] += 1
        print(f"{first} vs {second}:")
        for group, (won, drawn, lost) in tally.items():
            trials = int(won + drawn + lost)
            low, high = wilson_interval(won + 0.5 * drawn, trials)
            print(f"  {group:>8} scenarios: {won:.0f} won, {drawn:.0f} drawn, {lost:.0f} lost of {trials}; "
                  f"score {(won + 0.5 * drawn) / trials:.0%} [95 % {low:.0%}–{high:.0%}]")
        for level, times in timings.items():
            print(f"  {level}: mean {statistics.mean(times) * 1000:.0f} ms per move, worst {max(times) * 1000:.0f} ms")
    print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
