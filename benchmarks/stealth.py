"""Stealth solver benchmark: per shipped level, states explored, states per second, solve and validate time.

Run: ``.venv/bin/python benchmarks/stealth.py``. Goal: every shipped level solved and validated in < 1 s.
Wall-clock times depend on what else the machine runs; the CPU column (process time) does not.
"""

from __future__ import annotations

import time

from meeple.games.stealth.level import load_level_file, shipped_level_paths
from meeple.games.stealth.solver import solve, validate

GOAL_SECONDS = 1.0


def main() -> None:
    """Print one line per level and a summary line."""
    print(f"{'level':>6} {'reachable':>9} {'explored':>9} {'states/s':>10} {'solve s':>8} {'validate s':>10} "
          f"{'cpu s':>7} {'par':>4}")
    worst_wall = worst_cpu = 0.0
    for path in shipped_level_paths():
        level = load_level_file(path)
        began, cpu = time.perf_counter(), time.process_time()
        solution = solve(level)
        solve_seconds = time.perf_counter() - began
        began = time.perf_counter()
        report = validate(level)
        validate_seconds = time.perf_counter() - began
        cpu_seconds = time.process_time() - cpu
        worst_wall = max(worst_wall, solve_seconds + validate_seconds)
        worst_cpu = max(worst_cpu, cpu_seconds)
        rate = report.states_explored / report.seconds if report.seconds else 0.0
        status = "" if report.ok else "  INVALID"
        print(f"{level.id:>6} {report.reachable:>9} {report.states_explored:>9} {rate:>10.0f} "
              f"{solve_seconds:>8.4f} {validate_seconds:>10.4f} {cpu_seconds:>7.3f} {solution.length:>4}{status}")
    verdict = "met" if worst_wall < GOAL_SECONDS else "MISSED"
    print(f"slowest level: {worst_wall:.3f} s wall, {worst_cpu:.3f} s CPU for solve+validate "
          f"(goal < {GOAL_SECONDS:.0f} s wall: {verdict})")


if __name__ == "__main__":
    main()
