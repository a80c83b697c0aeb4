"""Sudoku Murder figures: generation time (median, p95) per size, exact-solve time beside CP-SAT's.

    .venv/bin/python benchmarks/murder.py [--count 10] [--difficulty 1,2,3] [--sizes 4-9] [--seed 0]

For each size, ``count`` cases per difficulty are generated from consecutive seeds; each case is then
proved unique by the exact solver (counting to 2) and by the CP-SAT model of the tests
(``tests/games/murder/cpsat.py``, ortools), and the logical solver's time is shown too. A second table
times both solvers on the hand-made cases of the tests (``tests/games/murder/handmade.py``), some of them
pathological on purpose (best of three runs each).

    .venv/bin/python benchmarks/murder.py --adversarial [--count 2000] [--seed 0] [--cap 60]

``--adversarial`` instead draws ``count`` random cases of sizes 7-9 that the generator would never make
(``tests/games/murder/adversarial.py``: rooms of any shape, clues few, contradictory or heavy on room
company, from consecutive seeds), and runs the exact solver and CP-SAT side by side on each: agreement on
the solution count (0, 1 or "2+"), the median, p95 and worst time of each, and the slowest cases for the
exact solver with their search nodes. ``--cap`` stops one exact run after that many seconds (counted as a
failure), so that a regression cannot hang the run.

    .venv/bin/python benchmarks/murder.py --editor [--count 500] [--seed 0]

``--editor`` times the case editor's check (:func:`meeple.games.murder.editor.editor_report`, the server's
``analyse`` question) on drafts such as a designer sends after each edit: random non-generated cases of
sizes 4-9 (the stress set's drawing) and generated 7×7-9×9 cases with a random part of their clues taken
away; it prints the outcomes, the check's median, p95 and worst time, and the exact solver's most search
nodes beside its budget (``EDITOR_NODES``).

    .venv/bin/python benchmarks/murder.py --houses [--count 50] [--sizes 4-9] [--seed 0]

``--houses`` generates ``count`` cases a size (difficulty 1, 2, 3, 4 in turn) and prints their houses (rooms,
largest and smallest room) and clue mix beside the ten published reference cases
(``tests/games/murder/distributions.py``), with the share of negated lines and the suspects holding both
their row and their column.

    .venv/bin/python benchmarks/murder.py --ladder [--count 10] [--sizes 4-9] [--seed 0]

``--ladder`` grades the ten published cases on the difficulty ladder (``meeple.games.murder.ladder``: steps,
the hardest step and its weight, the effort per person, the level), then generates ``count`` cases a size at
each level and prints the same figures per level (median and range), with the generation time.
"""

from __future__ import annotations

import argparse
import os
import signal
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

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


class _Timeout(Exception):
    pass


def _capped(seconds: float, run: Callable[[], Any]) -> Any:
    """``run()``, or :class:`_Timeout` after ``seconds`` (a wall-clock alarm: main thread, POSIX)."""

    def ring(*_: object) -> None:
        raise _Timeout

    previous = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        return run()
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def run_adversarial(count: int, seed: int, cap: float) -> None:
    """The exact solver beside CP-SAT on ``count`` random non-generated cases of sizes 7-9."""
    from tests.games.murder.adversarial import random_case_json
    from tests.games.murder.cpsat import cpsat_solutions

    from meeple.games.murder.caseio import case_from_json

    rows: list[tuple[float, int, int, int, int, float, int]] = []
    disagree: list[int] = []
    timeouts: list[int] = []
    for case_seed in track(range(seed, seed + count), count, "adversarial cases"):
        data = random_case_json(case_seed)
        case = case_from_json(data, f"seed {case_seed}")
        started = time.perf_counter()
        try:
            result = _capped(cap, lambda case=case: count_solutions(case, 2))
            found, nodes = result.count, result.nodes
        except _Timeout:
            found, nodes = -1, -1
            timeouts.append(case_seed)
        seconds = time.perf_counter() - started
        solutions, cpsat_seconds = cpsat_solutions(data)
        if found >= 0 and found != len(solutions):
            disagree.append(case_seed)
        rows.append((seconds, case_seed, case.size, found, nodes, cpsat_seconds, len(solutions)))
    exact = [r[0] for r in rows]
    cpsat = [r[5] for r in rows]
    counts = Counter(r[6] for r in rows)
    print(f"{len(rows)} cases (sizes 7-9, seeds {seed}-{seed + count - 1}); CP-SAT counts: "
          f"{counts[0]} without solution, {counts[1]} unique, {counts[2]} with several")
    print(f"{'':>8} {'median ms':>10} {'p95 ms':>9} {'max ms':>9}")
    for name, values in (("exact", exact), ("CP-SAT", cpsat)):
        print(f"{name:>8} {_ms(statistics.median(values)):>10} {_ms(_p95(values)):>9} {_ms(max(values)):>9}")
    slower = sum(1 for r in rows if r[0] > r[5])
    print(f"exact slower than CP-SAT on {slower}; past the {cap:.0f} s cap: {timeouts or 'none'}; "
          f"disagreements: {disagree or 'none'}; most nodes: {max(r[4] for r in rows)}")
    print(f"\n{'slowest (exact)':<16} {'N':>2} {'count':>5} {'nodes':>7} {'exact ms':>9} {'cpsat ms':>9}")
    for seconds, case_seed, size, found, nodes, cpsat_seconds, _ in sorted(rows, reverse=True)[:10]:
        print(f"{'seed ' + str(case_seed):<16} {size:>2} {found:>5} {nodes:>7} {_ms(seconds):>9} {_ms(cpsat_seconds):>9}")


def _editor_drafts(count: int, seed: int) -> list[tuple[str, dict[str, Any]]]:
    """Half random non-generated cases of sizes 4-9, half generated cases with some clues taken away."""
    import random

    from tests.games.murder.adversarial import random_case_json

    drafts: list[tuple[str, dict[str, Any]]] = []
    for case_seed in range(seed, seed + count):
        if case_seed % 2:
            drafts.append((f"random {case_seed}", random_case_json(case_seed, (4, 5, 6, 7, 8, 9))))
            continue
        data = case_to_json(generate_case(7 + case_seed % 3, 1 + case_seed // 2 % 3, case_seed), with_solution=False)
        rng = random.Random(case_seed)
        data["clues"] = [clue for clue in data["clues"] if rng.random() < 0.7]
        drafts.append((f"thinned {case_seed}", data))
    return drafts


def run_editor(count: int, seed: int) -> None:
    """The case editor's check on ``count`` drafts: outcomes, time, and the exact solver's nodes."""
    from meeple.games.murder.caseio import case_from_json
    from meeple.games.murder.editor import EDITOR_NODES, editor_report

    drafts = _editor_drafts(count, seed)
    rows: list[tuple[float, str, int, str]] = []
    for name, data in track(drafts, len(drafts), "drafts"):
        started = time.perf_counter()
        answer = editor_report({"case": data})
        seconds = time.perf_counter() - started
        nodes = count_solutions(case_from_json(data), 2).nodes if answer["format_error"] is None else 0
        outcome = ("unreadable" if answer["format_error"] else "over budget" if answer["solutions"] is None
                   else "ok" if answer["ok"] else "needs a guess" if answer["unique"]
                   else f"{answer['solutions']} solutions")
        rows.append((seconds, name, nodes, outcome))
    times = [r[0] for r in rows]
    print(f"{len(rows)} drafts (seeds {seed}-{seed + count - 1}): " + ", ".join(
        f"{n} {o}" for o, n in sorted(Counter(r[3] for r in rows).items())))
    print(f"check: median {_ms(statistics.median(times))} ms, p95 {_ms(_p95(times))} ms, worst {_ms(max(times))} ms; "
          f"exact solver: most nodes {max(r[2] for r in rows)} (budget {EDITOR_NODES})")
    for seconds, name, nodes, outcome in sorted(rows, reverse=True)[:5]:
        print(f"  {name:<14} {outcome:<14} {nodes:>6} nodes {_ms(seconds):>8} ms")


def run_houses(sizes: list[int], count: int, seed: int) -> None:
    """Generated houses and clue mix beside the reference cases, size by size."""
    from tests.games.murder.distributions import clue_mix, house_stats, median
    from tests.games.murder.reference import load_reference, reference_files

    references = [load_reference(path) for path in reference_files()]
    generated: list[Any] = []
    jobs = [(size, seed + i) for size in sizes for i in range(count)]
    for size, case_seed in track(jobs, len(jobs), "houses"):
        generated.append(generate_case(size, 1 + case_seed % 4, case_seed))
    print(f"{'N':>2} {'source':<10} {'cases':>5} {'rooms med':>9} {'rooms range':>11} {'largest med':>11} "
          f"{'largest max':>11} {'smallest med':>12}")
    for size in sizes:
        for name, cases in (("generated", generated), ("reference", references)):
            houses = [house_stats(case) for case in cases if case.size == size]
            if not houses:
                continue
            rooms = [h.rooms for h in houses]
            print(f"{size:>2} {name:<10} {len(houses):>5} {median(rooms):>9.1f} {min(rooms):>5}-{max(rooms):<5} "
                  f"{median(h.largest for h in houses):>11.1f} {max(h.largest for h in houses):>11} "
                  f"{median(h.smallest for h in houses):>12.1f}")
    mixes = {"generated": clue_mix(generated), "reference": clue_mix(references)}
    families = list(mixes["reference"].families)
    print(f"\n{'clues':<10} " + " ".join(f"{f:>8}" for f in families) + f" {'not_line':>8} {'no-clue suspects':>16} "
          f"{'victim clue':>11} {'row+column suspects':>19}")
    for name, mix in mixes.items():
        cases = generated if name == "generated" else references
        suspects = [p for case in cases for p in case.people if not p.victim]
        both = sum(1 for case in cases for p in case.people
                   if not p.victim and {"row", "column"} <= {clue.kind for clue in case.clues_of(p.id)})
        print(f"{name:<10} " + " ".join(f"{100 * mix.families[f]:>7.1f}%" for f in families)
              + f" {100 * mix.negated_lines:>7.1f}% {mix.suspects_without_clue:>9} in {mix.cases:<4}"
              f" {mix.victims_with_clue:>5} in {mix.cases} {both:>9} of {len(suspects)}")


def _grade_row(name: str, grades: list[Any]) -> str:
    def spread(values: list[float], digits: int = 1) -> str:
        low, mid, high = min(values), statistics.median(values), max(values)
        return f"{mid:.{digits}f} ({low:.{digits}f}-{high:.{digits}f})" if len(values) > 1 else f"{mid:.{digits}f}"

    rungs = Counter(g.hardest_rung for g in grades).most_common(2)
    return (f"{name:<44} {len(grades):>5} {spread([g.steps for g in grades], 0):>14} "
            f"{spread([g.hardest for g in grades]):>15} {spread([g.effort_per_person for g in grades], 2):>18}  "
            + ", ".join(f"{rung} ×{n}" for rung, n in rungs))


def run_ladder(sizes: list[int], count: int, seed: int) -> None:
    """The published cases' grades, then generated cases' figures level by level."""
    from tests.games.murder.reference import load_reference, reference_files

    from meeple.games.murder.ladder import LEVEL_NAMES

    header = (f"{'case':<44} {'cases':>5} {'steps':>14} {'hardest':>15} {'effort/person':>18}  hardest rung\n"
              + "-" * 120)
    print(header)
    published: dict[int, list[Any]] = {}
    for path in reference_files():
        case = load_reference(path)
        grade = solve_logically(case).grade
        published.setdefault(grade.level, []).append(grade)
        print(_grade_row(f"{path.stem[:34]} {case.size}×{case.size} → {LEVEL_NAMES[grade.level].fr}", [grade]))
    jobs = [(size, level, seed + i) for level in LEVEL_NAMES for size in sizes for i in range(count)]
    made: dict[int, list[Any]] = {level: [] for level in LEVEL_NAMES}
    seconds: dict[int, list[float]] = {level: [] for level in LEVEL_NAMES}
    for size, level, case_seed in track(jobs, len(jobs), "ladder"):
        started = time.process_time()
        case = generate_case(size, level, case_seed)
        seconds[level].append(time.process_time() - started)
        made[level].append(solve_logically(case).grade)
    print()
    print(header)
    for level, name in LEVEL_NAMES.items():
        print(_grade_row(f"published « {name.fr} »", published.get(level, [])) if level in published else
              f"published « {name.fr} »: none")
        print(_grade_row(f"generated « {name.fr} » {sizes[0]}×{sizes[0]}-{sizes[-1]}×{sizes[-1]}", made[level])
              + f"; CPU median {statistics.median(seconds[level]):.2f} s, p95 {_p95(seconds[level]):.2f} s")


def main() -> None:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", type=int, default=10, help="cases per size and difficulty")
    parser.add_argument("--difficulty", default="1,2,3", help="difficulties, comma-separated")
    parser.add_argument("--sizes", default="4-9", help="sizes: 4-9 or 5,7,9")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--adversarial", action="store_true", help="random non-generated cases of sizes 7-9")
    parser.add_argument("--cap", type=float, default=60.0, help="seconds before one exact run is stopped")
    parser.add_argument("--houses", action="store_true", help="generated houses and clues beside the reference")
    parser.add_argument("--editor", action="store_true", help="the case editor's check on drafts")
    parser.add_argument("--ladder", action="store_true", help="published and generated cases on the difficulty ladder")
    args = parser.parse_args()
    print("load average before: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))
    if args.adversarial:
        run_adversarial(args.count, args.seed, args.cap)
    elif args.editor:
        run_editor(args.count, args.seed)
    elif args.houses:
        run_houses(_sizes(args.sizes), args.count, args.seed)
    elif args.ladder:
        run_ladder(_sizes(args.sizes), args.count, args.seed)
    else:
        run(_sizes(args.sizes), [int(d) for d in args.difficulty.split(",")], args.count, args.seed)
        run_hand_made()
    print("load average after: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))


if __name__ == "__main__":
    main()
