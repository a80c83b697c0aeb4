"""Stealth solver benchmark: per shipped level, states explored, states per second, solve, validate and analyse time.

Run: ``.venv/bin/python benchmarks/stealth.py [--repeat N]``. Goals: every shipped level solved and validated
in < 1 s; its mechanic analysis (R23: the full exploration and one solve per mechanic it contains) in < 2 s. Each level is read afresh (nothing remembered from a previous run) and measured ``N`` times
(default 3); the best run is kept, since a loaded machine only ever makes a run slower. Wall-clock times
depend on what else the machine runs (the load average is printed); the CPU column (process time) much less.
"""

from __future__ import annotations

import argparse
import os
import time
from dataclasses import dataclass
from pathlib import Path

from meeple.games.stealth.analysis import analyse
from meeple.games.stealth.shipped import load_level_file, shipped_level_paths
from meeple.games.stealth.solver import Solution, solve
from meeple.games.stealth.validator import Report, validate

GOAL_SECONDS = 1.0
ANALYSE_GOAL_SECONDS = 2.0


@dataclass
class Run:
    """One solve + validate of a level read afresh."""

    solution: Solution
    report: Report
    solve_seconds: float
    validate_seconds: float
    cpu_seconds: float
    analyse_seconds: float
    analyse_cpu: float

    @property
    def wall(self) -> float:
        """Wall-clock seconds for solve + validate."""
        return self.solve_seconds + self.validate_seconds


def measure(path: Path) -> Run:
    """Solve then validate the level at ``path``, read afresh."""
    level = load_level_file(path)
    began, cpu = time.perf_counter(), time.process_time()
    solution = solve(level)
    solved = time.perf_counter()
    report = validate(level)
    validated, cpu, analysing = time.perf_counter(), time.process_time() - cpu, time.process_time()
    analyse(load_level_file(path))  # afresh too: nothing remembered from the validation
    return Run(solution, report, solved - began, validated - solved, cpu, time.perf_counter() - validated,
               time.process_time() - analysing)


def main() -> None:
    """Print one line per level and a summary line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs per level; the best is kept")
    repeat = max(1, parser.parse_args().repeat)
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"{'level':>6} {'reachable':>9} {'explored':>9} {'states/s':>10} {'solve s':>8} {'validate s':>10} "
          f"{'cpu s':>7} {'par':>4} {'analyse s':>9} {'cpu s':>6}")
    worst_wall = worst_cpu = worst_analyse = worst_analyse_cpu = 0.0
    for path in shipped_level_paths():
        runs = [measure(path) for _ in range(repeat)]
        best = min(runs, key=lambda run: run.wall)
        cpu = min(run.cpu_seconds for run in runs)
        worst_wall, worst_cpu = max(worst_wall, best.wall), max(worst_cpu, cpu)
        analysed = min(run.analyse_seconds for run in runs)
        analysed_cpu = min(run.analyse_cpu for run in runs)
        worst_analyse = max(worst_analyse, analysed)
        worst_analyse_cpu = max(worst_analyse_cpu, analysed_cpu)
        report = best.report
        rate = report.states_explored / report.seconds if report.seconds else 0.0
        status = "" if report.ok else "  INVALID"
        print(f"{report.level.id:>6} {report.reachable:>9} {report.states_explored:>9} {rate:>10.0f} "
              f"{best.solve_seconds:>8.4f} {best.validate_seconds:>10.4f} {cpu:>7.3f} {best.solution.length:>4} {analysed:>9.4f} {analysed_cpu:>6.3f}{status}")
    verdict = "met" if worst_wall < GOAL_SECONDS else "MISSED"
    print(f"slowest level: {worst_wall:.3f} s wall, {worst_cpu:.3f} s CPU for solve+validate "
          f"(goal < {GOAL_SECONDS:.0f} s wall: {verdict}; best of {repeat})")
    verdict = "met" if worst_analyse < ANALYSE_GOAL_SECONDS else "MISSED"
    print(f"slowest analysis: {worst_analyse:.3f} s wall, {worst_analyse_cpu:.3f} s CPU "
          f"(goal < {ANALYSE_GOAL_SECONDS:.0f} s wall: {verdict})")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
