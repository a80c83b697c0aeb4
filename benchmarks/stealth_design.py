"""Stealth design measures (R26) of the shipped levels, or of generated candidates to choose levels from.

Run: ``nice -n 19 .venv/bin/python benchmarks/stealth_design.py`` — one line per shipped level: par, reachable
states, the random cautious player's wins, whether the greedy exit-seeker wins, optimal solutions, optimal
solutions with a filler step, the share of nodes on an optimal solution, dead stubs, the stars the par run
cannot earn, and the thresholds broken (waived ones in brackets).

``--generate a,b --difficulty D --seeds 1-20 [--count K] [--out DIR]``: the same line for each level the
generator accepts for those requests (written to ``DIR/<seed>-<n>.json`` when ``--out`` is given), which is
how act 2's replacements and act 3 were chosen (docs/rules/stealth.md). The load average is printed beside.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from pathlib import Path

from meeple.core.errors import MeepleError
from meeple.games.stealth.analysis import difficulty, figures, score
from meeple.games.stealth.generator import check_request, generate
from meeple.games.stealth.level import Level, parse_level
from meeple.games.stealth.measures import measure
from meeple.games.stealth.shipped import load_shipped_level, shipped_level_ids
from meeple.games.stealth.validator import threshold_broken


def line(level: Level) -> str:
    """The level's design measures on one line."""
    found = measure(level)
    fig = figures(level)
    broken = threshold_broken(level, found)
    marks = [f"[{code}]" if code in level.waivers else code for code in broken]
    conflicts = ",".join(b for a, b in found.exclusive if a == "par") or "-"
    return (f"{level.id:>8} par {found.par:>2} states {fig.reachable:>6} random {found.random_cautious * 100:5.1f}% "
            f"greedy {'wins ' if found.greedy.won else 'loses'} optimal {found.optimal_solutions:>3} "
            f"filler {found.filler.solutions:>2} nodes {found.node_share * 100:3.0f}% stubs {len(found.dead_stubs)} "
            f"par-excludes {conflicts:<11} score {score(fig):.2f} d{difficulty(fig)} "
            f"stars {','.join(level.stars)} broken {' '.join(marks) or '-'}")


def main() -> None:
    """Print the lines."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--generate", default="", help="comma-separated mechanics to generate levels for")
    parser.add_argument("--difficulty", type=int, default=3)
    parser.add_argument("--seeds", default="1-10", help="a range of seeds, FIRST-LAST")
    parser.add_argument("--count", type=int, default=1, help="levels per seed")
    parser.add_argument("--attempts", type=int, default=4000)
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("--conflict", action="store_true", help="only levels whose par star excludes a bonus star")
    args = parser.parse_args()
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}", flush=True)
    began = time.perf_counter()
    if not args.generate:
        for level_id in shipped_level_ids():
            print(line(load_shipped_level(level_id)), flush=True)
    else:
        first, last = (int(part) for part in args.seeds.split("-"))
        mechanics = [code for code in args.generate.split(",") if code]
        for seed in range(first, last + 1):
            request = check_request(seed, mechanics, args.difficulty, args.count, args.attempts, args.conflict)
            try:
                for made in generate(request):
                    level = parse_level(made.document, "generated")
                    print(f"{line(level)} attempts {made.attempts}", flush=True)
                    if args.out is not None:
                        args.out.mkdir(parents=True, exist_ok=True)
                        path = args.out / f"{made.document['id']}.json"
                        path.write_text(json.dumps(made.document, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
            except MeepleError as error:
                print(f"seed {seed}: {error}", flush=True)
    print(f"{time.perf_counter() - began:.1f} s; load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
