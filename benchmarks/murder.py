"""Sudoku Murder figures: generation time (median, p95) per size, exact-solve time beside CP-SAT's.

    .venv/bin/python benchmarks/murder.py [--count 10] [--difficulty 1,2,3] [--sizes 4-9] [--seed 0]

For each size, ``count`` cases per difficulty are generated from consecutive seeds; each case is then
proved unique by the exact solver (counting to 2) and by the CP-SAT model of the tests
(``tests/games/murder/cpsat.py``, ortools), and the logical solver's time is shown too. A second table
times both solvers on the hand-made cases of the tests (``tests/games/murder/handmade.py``), some of them
pathological on purpose (best of three runs each).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from meeple.core.progress import track  # noqa: E402
from meeple.games.murder.caseio import case_to_json  # noqa: E402
from meeple.games.murder.exact import count_solutions  # noqa: E402
from meeple.games.murder.generate import generate_case  # noqa: E402
from meeple.games.murder.logic import solve_logically  # noqa: E402


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:8.1f}"


def _sizes(text: str) -> list[int]:
    if "-" in text:
        low, high = text.split("-")
        return list(range(int(low), int(high) + 1))
    return [int(part) for part in text.split(",")]


def run(sizes: list[int], difficulties: list[int], count: int, seed: int) -> None:
    """Print one line per size."""
    try:
        from tests.games.murder.cpsat import cpsat_solutions
    except ImportError:  # ortools is a test dependency
        cpsat_solutions = None
    print(f"{'N':>2} {'cases':>5} {'gen med ms':>10} {'gen p95 ms':>10} {'exact med':>9} {'exact max':>9} "
          f"{'cpsat med':>9} {'cpsat max':>9} {'logic med':>9}  uniques")
    jobs = [(size, d, seed + i) for size in sizes for d in difficulties for i in range(count)]
    results: dict[int, dict[str, list[float]]] = {size: {"gen": [], "exact": [], "cpsat": [], "logic": []} for size in sizes}
    uniques: dict[int, int] = dict.fromkeys(sizes, 0)
    for size, difficulty, case_seed in track(jobs, len(jobs), "murder benchmark"):
        started = time.perf_counter()
        case = generate_case(size, difficulty, case_seed)
        results[size]["gen"].append(time.perf_counter() - started)
        exact = count_solutions(case, 2)
        results[size]["exact"].append(exact.seconds)
        started = time.perf_counter()
        solve_logically(case, keep_steps=False)
        results[size]["logic"].append(time.perf_counter() - started)
        agree = exact.count == 1
        if cpsat_solutions is not None:
            solutions, seconds = cpsat_solutions(case_to_json(case))
            results[size]["cpsat"].append(seconds)
            agree = agree and len(solutions) == 1
        uniques[size] += agree
    for size in sizes:
        r = results[size]
        cpsat = (_ms(statistics.median(r["cpsat"])), _ms(max(r["cpsat"]))) if r["cpsat"] else ("     n/a",) * 2
        print(f"{size:>2} {len(r['gen']):>5} {_ms(statistics.median(r['gen'])):>10} {_ms(_p95(r['gen'])):>10} "
              f"{_ms(statistics.median(r['exact'])):>9} {_ms(max(r['exact'])):>9} {cpsat[0]:>9} {cpsat[1]:>9} "
              f"{_ms(statistics.median(r['logic'])):>9}  {uniques[size]}/{len(r['gen'])}")


def run_hand_made() -> None:
    """Print one line per hand-made case: solution count, exact nodes and time, CP-SAT time."""
    from tests.games.murder.cpsat import cpsat_solutions
    from tests.games.murder.handmade import HAND_MADE

    from meeple.games.murder.caseio import case_from_json

    print(f"\n{'hand-made case':<22} {'count':>5} {'nodes':>6} {'exact ms':>9} {'cpsat ms':>9}")
    for name, (data, _) in sorted(HAND_MADE.items()):
        case = case_from_json(data)
        runs = [count_solutions(case, 2) for _ in range(3)]
        cpsat = min(cpsat_solutions(data)[1] for _ in range(3))
        print(f"{name:<22} {runs[0].count:>5} {runs[0].nodes:>6} {_ms(min(r.seconds for r in runs)):>9} {_ms(cpsat):>9}")


def main() -> None:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", type=int, default=10, help="cases per size and difficulty")
    parser.add_argument("--difficulty", default="1,2,3", help="difficulties, comma-separated")
    parser.add_argument("--sizes", default="4-9", help="sizes: 4-9 or 5,7,9")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    print("load average before: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))
    run(_sizes(args.sizes), [int(d) for d in args.difficulty.split(",")], args.count, args.seed)
    run_hand_made()
    print("load average after: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))


if __name__ == "__main__":
    main()
