"""Hive: the AI against a baseline over several seeds, in ONE process, with a 95 % interval.

Run: ``.venv/bin/python benchmarks/hive_tournament.py --seeds 1000,2000 --games 50 [--opponent greedy]``.

The AI searches to a fixed depth (no clock), so the same seeds replay the same games on any machine;
only the time taken depends on the load. Each game prints one line as it ends (AI seat, winner, plies,
whether the 300-ply cap stopped it); the summary gives the AI's win rate with its 95 % Wilson interval
(a draw or a capped game counts as not won). Asserts nothing.
"""

from __future__ import annotations

import argparse
import time

from meeple.core.stats import wilson_interval
from meeple.games.hive.tournament import BASELINES, MatchSummary, alpha_beta_player, match


def main() -> None:
    """Play the seeds one after the other and print every game, then the summary."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seeds", default="1000")
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--depth", type=int, default=2)
    parser.add_argument("--opponent", choices=sorted(BASELINES), default="greedy")
    parser.add_argument("--game-type", default="Base+MLPC")
    args = parser.parse_args()
    summary = MatchSummary()
    began = time.perf_counter()
    ai = alpha_beta_player(None, args.depth)
    for seed in (int(text) for text in args.seeds.split(",")):
        for index, result in enumerate(match(ai, BASELINES[args.opponent], args.games, args.game_type, seed, 300)):
            summary.games.append(result)
            print(f"seed {seed} game {index}: AI seat {result.ai_seat}, winner {result.winner}, "
                  f"{result.plies} plies{' (capped)' if result.capped else ''}", flush=True)
    low, high = wilson_interval(summary.wins, len(summary.games))
    with open("/proc/loadavg", encoding="ascii") as load:
        load_average = " ".join(load.read().split()[:3])
    print(f"AI (depth {args.depth}) vs {args.opponent}: {summary.wins} wins, {summary.losses} losses, "
          f"{summary.draws} draws in {len(summary.games)} games = {100 * summary.wins / len(summary.games):.1f} % "
          f"(95 % Wilson {100 * low:.1f}-{100 * high:.1f} %); {time.perf_counter() - began:.0f} s, load {load_average}")


if __name__ == "__main__":
    main()
