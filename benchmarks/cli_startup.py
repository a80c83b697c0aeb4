"""How much CPU the command line spends before it does anything: ``meeple --help``, and ``meeple hive uhp`` up
to its ``id`` answer (what a Hive GUI waits for each time it starts the engine). The budget is 0.15 s each
(issue 30); a process's CPU time (user + system, from the kernel's accounting of the finished child) is
measured, not its wall time, so the load of the machine changes it little. The runs write and use the
compiled bytecode (``__pycache__``) as an installed meeple does, even if ``PYTHONDONTWRITEBYTECODE`` is set
here, and one untimed run first fills it.

    nice -n 19 .venv/bin/python benchmarks/cli_startup.py [--runs 20]

Prints, per command, the median and the lowest CPU time over the runs, and which of meeple's game packages
and server modules the process imported (``meeple --help`` must import none).
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUDGET = 0.15

COMMANDS: dict[str, tuple[list[str], str]] = {
    "meeple --help": (["--help"], ""),
    "meeple hive uhp (to id)": (["hive", "uhp"], ""),  # stdin closed at once: it answers id, then ends
}
PROBE = ("import runpy, sys; sys.argv = ['meeple', *sys.argv[1:]]\n"
         "try:\n    runpy.run_module('meeple', run_name='__main__')\n"
         "finally:\n    print(' '.join(sorted(m for m in sys.modules if m.startswith(('meeple.games.', "
         "'meeple.server')) and m != 'meeple.games.registry')), file=sys.stderr)\n")


ENV = {**{key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}, "COLUMNS": "100"}


def cpu_of(argv: list[str], stdin: str) -> float:
    """The CPU seconds (user + system) of one run of ``python -m meeple argv``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, "-m", "meeple", *argv], input=stdin, capture_output=True, text=True,
                   check=False, cwd=ROOT, env=ENV)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def imported(argv: list[str], stdin: str) -> str:
    """The game and server modules a run imports (one extra run, not timed)."""
    done = subprocess.run([sys.executable, "-c", PROBE, *argv], input=stdin, capture_output=True, text=True,
                          check=False, cwd=ROOT, env=ENV)
    return done.stderr.strip().splitlines()[-1] if done.stderr.strip() else ""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20)
    runs = parser.parse_args().runs
    print(f"load average {os.getloadavg()[0]:.2f}, {runs} runs each, budget {BUDGET:.2f} s CPU")
    for label, (argv, stdin) in COMMANDS.items():
        cpu_of(argv, stdin)  # fills __pycache__
        times = [cpu_of(argv, stdin) for _ in range(runs)]
        modules = imported(argv, stdin)
        print(f"{label:26} median {statistics.median(times):.3f} s  lowest {min(times):.3f} s  "
              f"({'within' if statistics.median(times) <= BUDGET else 'OVER'} budget)")
        print(f"{'':26} imports: {modules or 'no game, no server'}")


if __name__ == "__main__":
    main()
