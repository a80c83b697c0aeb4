"""Benchmark: skirmish reachable() on a 40×40 grid with 20 fighters (goal: under 50 ms per call).

Random battlefields (seeded): 10 % difficult and 6 % blocking cells, 10 fighters a side with ZOC reach 1–3,
some engaged. For every fighter, reachable() is timed from a fresh adjudicator (no cache), at the
allowances given. The ground's step table is built once per map (timed apart: a scenario builds it once).
Prints milliseconds per call (median, mean, max; and the max of best-of-3 per fighter, which filters out
the noise of a shared machine) and the (cell, mode) states settled.

    .venv/bin/python benchmarks/skirmish.py [--boards 5] [--allowances 12,20,30]
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from dataclasses import replace

from meeple.core.rng import make_rng
from meeple.games.skirmish.battlefield import Battlefield, Fighter, Ground
from meeple.games.skirmish.movement import reachable

SIZE = 40
FIGHTERS = 20


def random_battlefield(seed: int) -> Battlefield:
    """A seeded 40×40 battlefield with 20 fighters, fighters in contact engaged."""
    rng = make_rng(seed)
    rows = ["".join(rng.choices(".~#", weights=(84, 10, 6))[0] for _ in range(SIZE)) for _ in range(SIZE)]
    free = [(x, y) for y in range(SIZE) for x in range(SIZE) if rows[y][x] != "#"]
    centre = [cell for cell in free if 10 <= cell[0] < 30 and 10 <= cell[1] < 30]  # crowd them a little
    cells = rng.sample(centre, FIGHTERS)
    fighters = [Fighter(f"{'RB'[i % 2]}{i // 2}", i % 2, cell, zoc=rng.randint(1, 3)) for i, cell in enumerate(cells)]
    field = Battlefield(Ground.parse(rows), tuple(sorted(fighters, key=lambda f: f.id)))
    return Battlefield(field.ground, field.fighters, field.contact_engagements())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=5)
    parser.add_argument("--allowances", default="12,20,30,40")
    args = parser.parse_args()
    print(f"reachable() on {SIZE}x{SIZE}, {FIGHTERS} fighters, {args.boards} boards, every fighter moves"
          f" (load average {os.getloadavg()[0]:.2f})")
    fields = [random_battlefield(board) for board in range(args.boards)]
    began = time.perf_counter()
    for field in fields:
        _ = field.ground.steps
    print(f"  step table of a 40x40 ground: {(time.perf_counter() - began) * 1000 / len(fields):.1f} ms (once per map)")
    for allowance in (int(value) for value in args.allowances.split(",")):
        times, best_of_3, states, destinations = [], [], [], []
        for field in fields:
            for fighter in field.fighters:
                moved = Battlefield(field.ground, tuple(replace(f, move=allowance) if f.id == fighter.id else f
                                                        for f in field.fighters), field.engagements)
                runs = []
                for _ in range(3):
                    start = time.perf_counter()
                    reach = reachable(moved, fighter.id)
                    runs.append((time.perf_counter() - start) * 1000)
                times.append(runs[0])
                best_of_3.append(min(runs))
                states.append(reach.states)
                destinations.append(len(reach.destinations))
        print(f"  allowance {allowance:>2} MP: median {statistics.median(times):6.2f} ms  mean "
              f"{statistics.mean(times):6.2f} ms  max {max(times):6.2f} ms  max(best of 3) {max(best_of_3):6.2f} ms  "
              f"(states {statistics.mean(states):4.0f}, destinations {statistics.mean(destinations):4.0f}, "
              f"{len(times)} fighters)  goal < 50 ms: {'met' if max(best_of_3) < 50 else 'NOT met'}")

if __name__ == "__main__":
    main()
