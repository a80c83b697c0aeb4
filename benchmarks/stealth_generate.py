"""Stealth level generator benchmark: per difficulty, the acceptance rate and the time per accepted level.

Run: ``nice -n 10 .venv/bin/python benchmarks/stealth_generate.py [--count K] [--attempts N] [--seed S]``.
For every difficulty 1 to 5 and every single-mechanic request of ``--requests`` (default: each mechanic
the generator is asked for most), the generator makes ``K`` levels; a level that takes more than ``N``
candidates counts as a failure (its candidates count, no level). The acceptance rate is levels kept over
candidates drawn (candidates with no room for a mechanic included); the time per accepted level is the
wall-clock time of the whole request over the levels kept. The load average is printed beside: on a
loaded two-core machine, times are upper bounds.
"""

from __future__ import annotations

import argparse
import os
import time
from dataclasses import dataclass

from meeple.core.errors import MeepleError
from meeple.games.stealth.generator import DIFFICULTIES, check_request, generate

REQUESTS = ("sentry", "pivot-turn", "patrol-walk", "tracker", "stone", "hide", "door", "oneway", "caravan",
            "diverted-front")


@dataclass
class Tally:
    """What one difficulty cost."""

    kept: int = 0
    candidates: int = 0
    failures: int = 0
    seconds: float = 0.0
    cpu: float = 0.0


def run(level: int, requests: list[str], count: int, attempts: int, seed: int) -> Tally:
    """Generate ``count`` levels per request at ``level``; count what it took."""
    tally = Tally()
    for code in requests:
        if code == "diverted-front" and level < 2:
            continue  # refused by the generator: it takes two enemies and a stone
        request = check_request(seed, [code], level, count, attempts)
        began, cpu = time.perf_counter(), time.process_time()
        made = 0
        try:
            for level_made in generate(request):
                tally.candidates += level_made.attempts
                made += 1
        except MeepleError:
            tally.candidates += attempts
            tally.failures += count - made
        tally.kept += made
        tally.seconds += time.perf_counter() - began
        tally.cpu += time.process_time() - cpu
    return tally


def main() -> None:
    """Print one line per difficulty."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=2, help="levels per request and difficulty")
    parser.add_argument("--attempts", type=int, default=1500, help="candidates at most per level")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--requests", default=",".join(REQUESTS), help="comma-separated single-mechanic requests")
    parser.add_argument("--difficulties", default="1,2,3,4,5")
    args = parser.parse_args()
    requests = [code for code in args.requests.split(",") if code]
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"requests: {', '.join(requests)}; {args.count} level(s) each, at most {args.attempts} candidates a level")
    print(f"{'difficulty':>10} {'kept':>5} {'failed':>6} {'candidates':>10} {'accepted %':>10} "
          f"{'s / level':>9} {'cpu s / level':>13}")
    for level in (int(part) for part in args.difficulties.split(",")):
        assert level in DIFFICULTIES
        tally = run(level, requests, args.count, args.attempts, args.seed)
        rate = 100 * tally.kept / tally.candidates if tally.candidates else 0.0
        per = tally.seconds / tally.kept if tally.kept else float("inf")
        cpu = tally.cpu / tally.kept if tally.kept else float("inf")
        print(f"{level:>10} {tally.kept:>5} {tally.failures:>6} {tally.candidates:>10} {rate:>10.2f} {per:>9.2f} {cpu:>13.2f}",
              flush=True)
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
