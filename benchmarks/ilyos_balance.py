"""ILYOS balance study: how games end (three crowns, board full, draw), first-seat score, game length.

Run (the study of docs/rules/ilyos.md, §14)::

    nice -n 10 .venv/bin/python benchmarks/ilyos_balance.py --variants size11,size13,size15 \\
        --level hard --games 40 --out balance.jsonl
    .venv/bin/python benchmarks/ilyos_balance.py --report balance.jsonl

Each variant is a named set of game options (``VARIANTS``); both seats (all four in 2 vs 2) play at the
same level, so the first seat's score measures the turn order alone. Levels: ``easy`` … ``expert``, or
``expert/K`` — the Expert with every node limit divided by K (the same search, shallower: cheap enough to
explore variants). The AI's wall clock is off: node limits alone stop the searches, so every game replays
exactly from its seed, on any machine, whatever the load.

Games run in ``--jobs`` processes (default 2: the machine is shared) and each finished game is appended at
once as one JSON line to ``--out``; a run that is stopped loses nothing, and running the same command again
plays only the games missing from the file. ``--report`` prints, per variant and level: games, share ending
by three crowns / board full / draw, the first seat's score (a draw counts 1/2) with its 95 % Wilson
interval, and the median (and 10th-90th percentile) game length in rounds and in actions; a variant
played on both diagonals (``V`` and ``V-m``) also gets the row ``V ±m`` of both together.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import statistics
import sys
import time
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

from meeple.core.errors import MeepleError
from meeple.core.rng import derive_seed
from meeple.core.stats import wilson_interval
from meeple.games.ilyos.engine import IlyosGame

VARIANTS: dict[str, dict[str, Any]] = {
    "size11": {"size": 11},
    "size11-c0": {"size": 11, "compensation": 0},
    "size11-i4": {"size": 11, "islands": 4},
    "size13": {"size": 13},
    "size13-c0": {"size": 13, "compensation": 0},
    "size13-c1": {"size": 13, "compensation": 1},
    "size13-c3": {"size": 13, "compensation": 3},
    "size13-i4": {"size": 13, "islands": 4},
    "size13-i12": {"size": 13, "islands": 12},
    "size13-g3": {"size": 13, "guardians": 3},
    "size15": {"size": 15},
    "size15-c0": {"size": 15, "compensation": 0},
    "size13-t2": {"size": 13, "take_cost": 2},
    "size13-t3": {"size": 13, "take_cost": 3},
    "size13-k3": {"size": 13, "crowns": 3},
    "size13-t2k3": {"size": 13, "take_cost": 2, "crowns": 3},
    "size15-t2": {"size": 15, "take_cost": 2},
    "size15-t2k3": {"size": 15, "take_cost": 2, "crowns": 3},
    "size11-t2k3": {"size": 11, "take_cost": 2, "crowns": 3},
    "size13-r": {"size": 13, "village_refuge": True},
    "size13-rk3": {"size": 13, "village_refuge": True, "crowns": 3},
    "size13-rt2": {"size": 13, "village_refuge": True, "take_cost": 2},
    "size11-r": {"size": 11, "village_refuge": True},
    "size15-r": {"size": 15, "village_refuge": True},
    "size15-r-c0": {"size": 15, "village_refuge": True, "compensation": 0},
    "size15-r-c1": {"size": 15, "village_refuge": True, "compensation": 1},
    "size15-rt2": {"size": 15, "village_refuge": True, "take_cost": 2},
    "size15-rk3": {"size": 15, "village_refuge": True, "crowns": 3},
    "size15-rk3-2v2": {"size": 15, "village_refuge": True, "crowns": 3, "mode": "2v2"},
    "size15-rk3-diag": {"size": 15, "village_refuge": True, "crowns": 3, "mode": "2v2", "team_diagonal": True},
    "size15-rk3-c0": {"size": 15, "village_refuge": True, "crowns": 3, "compensation": 0},
    "size15-r-2v2": {"size": 15, "village_refuge": True, "mode": "2v2"},
    "size15-r-diag": {"size": 15, "village_refuge": True, "mode": "2v2", "team_diagonal": True},
    "size13-2v2": {"size": 13, "mode": "2v2"},
    "size13-diag": {"size": 13, "mode": "2v2", "team_diagonal": True},
    "size11-2v2": {"size": 11, "mode": "2v2"},
    "size11-diag": {"size": 11, "mode": "2v2", "team_diagonal": True},
    "default": {},
    "default-2v2": {"mode": "2v2"},
    "default-diag": {"mode": "2v2", "team_diagonal": True},
}
"""Named option sets (anything not given takes the game's default). Any other name made of the same
parts is understood too (see :func:`variant_options`)."""

_LETTERS = {"r": ("village_refuge", True), "a": ("anchored_carriers", True), "e": ("escort", True),
            "n": ("no_retake", True), "m": ("first_diagonal", "NE-SW")}
_NUMBERS = {"c": "compensation", "p": "compensation_pushes", "t": "take_cost", "k": "crowns", "i": "islands", "g": "guardians", "s": "size"}
_WORDS = {"2v2": {"mode": "2v2"}, "diag": {"mode": "2v2", "team_diagonal": True}, "default": {}}


def variant_options(name: str) -> dict[str, Any]:
    """The options a variant name stands for: a name of ``VARIANTS``, or parts joined by ``-``: ``sizeN``
    (or ``default``), then ``2v2``/``diag`` and letters: ``r`` village refuge, ``a`` anchored carriers,
    ``e`` escort, ``n`` no immediate retake, ``m`` mirrored (P1 in NE and SW), ``cN`` compensation, ``pN`` pushes of compensation, ``tN`` take cost, ``kN`` crowns, ``iN`` islands, ``gN`` guardians
    (``size15-rae-c3``: 15 × 15, refuge, anchored carriers, escort, compensation 3). Raises ValueError."""
    if name in VARIANTS:
        return VARIANTS[name]
    options: dict[str, Any] = {}
    for part in name.split("-"):
        if part in _WORDS:
            options.update(_WORDS[part])
            continue
        if part.startswith("size") and part[4:].isdigit():
            options["size"] = int(part[4:])
            continue
        rest = part
        while rest:
            letter, rest = rest[0], rest[1:]
            digits = ""
            while rest[:1].isdigit():
                digits, rest = digits + rest[0], rest[1:]
            if letter in _LETTERS and not digits:
                options[_LETTERS[letter][0]] = _LETTERS[letter][1]
            elif letter in _NUMBERS and digits:
                options[_NUMBERS[letter]] = int(digits)
            else:
                raise ValueError(f"bad part {part!r} in variant {name!r}")
    return options


def _check_level(level: str) -> None:
    """Exit with a one-line error unless ``level`` is a level name or ``expert/K``."""
    from meeple.games.ilyos.ai import LEVELS

    name, _, divisor = level.partition("/")
    if name not in LEVELS or (divisor and (name != "expert" or not divisor.isdigit() or int(divisor) < 1)):
        print(f"bad level {level!r}: use one of {', '.join(LEVELS)}, or expert/K with K ≥ 1", file=sys.stderr)
        raise SystemExit(2)


def _set_level(level: str) -> str:
    """Configure the AI for ``level`` in this (worker) process; return the level ``choose_move`` takes."""
    from meeple.games.ilyos import ai

    ai.WALL_CLOCK = False  # node limits only: every game replays exactly
    if "/" not in level:
        return level
    divisor = int(level.split("/")[1])
    expert = ai.SETTINGS["expert"]
    ai.SETTINGS["expert"] = replace(expert, nodes=expert.nodes // divisor)
    ai.EXPERT_BEAM_NODES //= divisor
    ai.QUICK_SETTINGS = replace(ai.QUICK_SETTINGS, nodes=ai.QUICK_SETTINGS.nodes // divisor)
    ai.REPLY_SETTINGS = replace(ai.REPLY_SETTINGS, nodes=ai.REPLY_SETTINGS.nodes // divisor)
    return "expert"


_CONFIGURED: dict[str, str] = {}


def play(job: tuple[str, str, int]) -> dict[str, Any]:
    """Play one game (``variant``, ``level``, ``index``) and return its JSON line."""
    from meeple.games.ilyos.tournament import play_game

    variant, level, index = job
    if level not in _CONFIGURED:  # a worker plays one level only (see main)
        _CONFIGURED[level] = _set_level(level)
    options = variant_options(variant)
    seed = derive_seed(20261201, f"{variant}:{level}:{index}")
    began = time.process_time()
    game = play_game(options, seed, [_CONFIGURED[level]] * (4 if options.get("mode") == "2v2" else 2))
    outcome = game.outcome()
    assert outcome is not None
    state = game.state
    return {
        "variant": variant, "level": level, "index": index, "seed": seed, "options": options,
        "reason": state.end_reason, "draw": outcome.draw,
        "first_team_won": (not outcome.draw) and 0 in outcome.winners,
        "scores": list(state.scores), "team_scores": game.team_scores(),
        "rounds": state.turn - (1 if state.current == 0 else 0),  # rounds begun
        "actions": len(game.move_stack),
        "crowns": {"appeared": state.next_crown, "validated": sum(game.team_scores()),
                   "in_play": game.crowns_in_play()},
        "cpu": round(time.process_time() - began, 2), "load": round(os.getloadavg()[0], 1),
    }


def _done(path: Path) -> set[tuple[str, str, int]]:
    if not path.exists():
        return set()
    found = set()
    for line in path.read_text().splitlines():
        if line.strip():
            row = json.loads(line)
            found.add((row["variant"], row["level"], row["index"]))
    return found


def run(variants: list[str], level: str, games: int, jobs: int, out: Path) -> None:
    """Play the missing games, appending each as a JSON line as soon as it ends."""
    done = _done(out)
    todo = [(v, level, i) for i in range(games) for v in variants if (v, level, i) not in done]
    print(f"{len(todo)} games to play ({len(done)} already in {out}), {jobs} process(es), "
          f"load average {os.getloadavg()[0]:.1f}", flush=True)
    with out.open("a") as sink, multiprocessing.get_context("fork").Pool(jobs, maxtasksperchild=50) as pool:
        for row in pool.imap_unordered(play, todo):
            sink.write(json.dumps(row) + "\n")
            sink.flush()
            print(f"{row['variant']:>12} {row['level']:>8} #{row['index']:<3} {row['reason']:>7} "
                  f"scores {row['scores']} rounds {row['rounds']} cpu {row['cpu']} s load {row['load']}",
                  flush=True)


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def summarize(rows: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """One summary per (variant, level), in the order they first appear."""
    groups: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for row in rows:
        groups.setdefault((row["variant"], row["level"]), []).append(row)
    for (variant, level), group in groups.items():
        n = len(group)
        first = sum(r["first_team_won"] for r in group) + 0.5 * sum(r["draw"] for r in group)
        low, high = wilson_interval(first, n)
        rounds = [r["rounds"] for r in group]
        actions = [r["actions"] for r in group if "actions" in r] or [0]
        yield {
            "variant": variant, "level": level, "games": n,
            "three": sum(r["reason"] == "three" for r in group) / n,
            "blocked": sum(r["reason"] == "blocked" for r in group) / n,
            "draws": sum(r["draw"] for r in group) / n,
            "first": first / n, "first_low": low, "first_high": high,
            "rounds": statistics.median(rounds), "rounds_p10": _pct(rounds, 0.1), "rounds_p90": _pct(rounds, 0.9),
            "actions": statistics.median(actions),
            "cpu": statistics.mean(r["cpu"] for r in group),
            "load": (min(r["load"] for r in group), max(r["load"] for r in group)),
        }


def both_diagonals(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Rows of a variant ``V`` and of its mirror image ``V-m`` (first seat in NE and SW) together, named
    ``V ±m``: the rules are the same under the mirror, the AIs are not quite (docs/rules/ilyos.md §14), so
    the turn order alone is measured over both diagonals."""
    mirrored = {(r["variant"][:-2], r["level"]) for r in rows if r["variant"].endswith("-m")}
    return [{**r, "variant": f"{r['variant'].removesuffix('-m')} ±m"} for r in rows
            if (r["variant"].removesuffix("-m"), r["level"]) in mirrored]


def report(paths: list[Path]) -> None:
    """Print the table (Markdown) of every file's games."""
    rows = [json.loads(line) for path in paths for line in path.read_text().splitlines() if line.strip()]
    rows += both_diagonals(rows)
    print("| variant | level | games | three crowns | board full | draws | first seat's score [95 % CI] "
          "| rounds: median (p10-p90) | actions (median) | CPU s/game | load |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for s in summarize(rows):
        print(f"| {s['variant']} | {s['level']} | {s['games']} | {s['three']:.0%} | {s['blocked']:.0%} "
              f"| {s['draws']:.0%} | {s['first']:.0%} [{s['first_low']:.0%}, {s['first_high']:.0%}] "
              f"| {s['rounds']:g} ({s['rounds_p10']}-{s['rounds_p90']}) | {s['actions']:g} | {s['cpu']:.0f} "
              f"| {s['load'][0]:.0f}-{s['load'][1]:.0f} |")


def main() -> None:
    """Run games or print the report."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--variants", default="default", help=f"comma-separated, among: {', '.join(VARIANTS)}")
    parser.add_argument("--level", default="hard", help="easy, medium, hard, expert or expert/K (K: node divisor)")
    parser.add_argument("--games", type=int, default=20, help="games per variant (indexes 0…N-1)")
    parser.add_argument("--jobs", type=int, default=2, help="processes (at most 2 on the shared machine)")
    parser.add_argument("--out", type=Path, default=Path("ilyos_balance.jsonl"))
    parser.add_argument("--report", type=Path, nargs="*", help="print the table of these files and stop")
    args = parser.parse_args()
    if args.report:
        report(args.report)
        return
    variants = args.variants.split(",")
    for variant in variants:
        try:
            IlyosGame.new(variant_options(variant), 1)
        except (ValueError, MeepleError) as error:
            print(f"bad variant {variant!r}: {error}; named ones: {', '.join(VARIANTS)}", file=sys.stderr)
            raise SystemExit(2) from None
    _check_level(args.level)
    run(variants, args.level, args.games, max(1, args.jobs), args.out)


if __name__ == "__main__":
    main()
