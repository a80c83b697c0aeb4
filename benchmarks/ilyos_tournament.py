"""ILYOS: a long AI tournament between neighbouring levels, with a Rich progress bar, in ONE process.

Run: ``.venv/bin/python benchmarks/ilyos_tournament.py --games 100 --out /tmp/ilyos_tournament.json``.

Each pair of neighbouring levels plays ``--games`` duels (default setup, seats swapped every other game).
Without ``--clock`` the searches stop only at their node limits, so the results do not depend on the
machine's load and the same seed replays the same games; ``--clock`` plays as in a real game (the
wall-clock deadlines may cut a search short on a loaded machine). The table is printed at the end and
written to ``--out`` (JSON) after every game, so a long run can be read while it goes.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import time
from pathlib import Path

from rich.console import Console
from rich.table import Table

from meeple.core.progress import track
from meeple.games.ilyos import ai
from meeple.games.ilyos.tournament import MatchResult, match_jobs, run_match_jobs


def _rows(results: list[MatchResult]) -> list[dict[str, object]]:
    rows = []
    for result in results:
        low, high = result.interval()
        rows.append({"a": result.first, "b": result.second, "a_wins": result.wins, "b_wins": result.losses,
                     "draws": result.draws, "a_score": round(result.score, 3), "ci95": [round(low, 3), round(high, 3)],
                     "slowest_turn_s": {k: round(v, 2) for k, v in sorted(result.slowest_turn.items())}})
    return rows


def main() -> None:
    """Play the tournament and print the win table with 95 % Wilson intervals."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=100, help="games per pair of neighbouring levels")
    parser.add_argument("--levels", default=",".join(ai.LEVELS))
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--clock", action="store_true", help="keep the AI's wall-clock deadlines")
    parser.add_argument("--out", type=Path, default=None, help="JSON file rewritten after every game")
    args = parser.parse_args()
    levels = [name.strip() for name in args.levels.split(",")]
    jobs = match_jobs(list(itertools.pairwise(levels)), args.games)
    began = time.time()

    def save(partial: list[MatchResult]) -> None:
        if args.out is not None:
            data = {"games_per_pair": args.games, "seed": args.seed, "clock": args.clock,
                    "elapsed_s": round(time.time() - began), "loadavg": os.getloadavg(), "table": _rows(partial)}
            args.out.write_text(json.dumps(data, indent=1), encoding="utf-8")

    with ai.wall_clock(args.clock):
        results = run_match_jobs(track(jobs, len(jobs), "ILYOS"), {}, args.seed, on_game=save)
    table = Table(title=f"ILYOS — {args.games} games per pair, clock {'on' if args.clock else 'off'}")
    for column in ("A", "B", "A wins", "B wins", "draws", "A score", "95 % CI", "slowest turn"):
        table.add_column(column)
    for result in results:
        low, high = result.interval()
        slow = ", ".join(f"{k} {v:.2f} s" for k, v in sorted(result.slowest_turn.items()))
        table.add_row(result.first, result.second, str(result.wins), str(result.losses), str(result.draws),
                      f"{result.score:.0%}", f"[{low:.0%}, {high:.0%}]", slow)
    Console().print(table)
    print(f"load average at the end: {os.getloadavg()}")


if __name__ == "__main__":
    main()
