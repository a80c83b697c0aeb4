"""ILYOS AI golden games: whole AI-against-AI games recorded move by move, to prove that an optimisation of
the engine or of the AI changes no move at all.

Run::

    .venv/bin/python benchmarks/ilyos_golden.py --check                # replay every recorded game
    .venv/bin/python benchmarks/ilyos_golden.py --check --only fast    # only the games the tests replay
    .venv/bin/python benchmarks/ilyos_golden.py --record               # (re)write the file: only when a
                                                                       # change is MEANT to change moves

All but the last game were recorded before the engine and the AI were made faster (issue 16); the last
uses options added afterwards. The games are played with the AI's wall clock off (node limits only, rule R45), so they are exactly
reproducible on any machine. Each game prints its CPU seconds (with the load average), which makes this
script also the benchmark of a whole game. The file is ``tests/games/ilyos/ai_golden.json``;
``tests/games/ilyos/test_ai_golden.py`` replays its ``fast`` games.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

from meeple.games.ilyos import ai
from meeple.games.ilyos.engine import stored_options
from meeple.games.ilyos.tournament import play_game

GOLDEN = Path(__file__).resolve().parent.parent / "tests" / "games" / "ilyos" / "ai_golden.json"

RECORDED_DEFAULTS: dict[str, Any] = {"size": 11, "village_refuge": False, "anchored_carriers": False, "escort": False,
                                     "no_retake": False}
"""The defaults these games were recorded under (before the balance study changed them, docs/rules/ilyos.md
§14): every game names them, so a change of the game's defaults changes no recorded move."""

GAMES: list[dict[str, Any]] = [
    {"name": "hard-default-1", "options": {**RECORDED_DEFAULTS}, "seed": 1, "levels": ["hard", "hard"], "fast": True},
    {"name": "hard-size15-rk3", "options": {**RECORDED_DEFAULTS, "size": 15, "village_refuge": True, "crowns": 3}, "seed": 2,
     "levels": ["hard", "hard"], "fast": True},
    {"name": "medium-hard-2v2", "options": {**RECORDED_DEFAULTS, "mode": "2v2"}, "seed": 3,
     "levels": ["medium", "hard", "medium", "hard"], "fast": True},
    {"name": "expert8-default", "options": {**RECORDED_DEFAULTS}, "seed": 4, "levels": ["expert", "expert"], "divisor": 8,
     "fast": True},
    {"name": "hard-default-5", "options": {**RECORDED_DEFAULTS}, "seed": 5, "levels": ["hard", "hard"]},
    {"name": "hard-diag-t2", "options": {**RECORDED_DEFAULTS, "mode": "2v2", "team_diagonal": True, "take_cost": 2}, "seed": 6,
     "levels": ["hard", "hard", "hard", "hard"]},
    {"name": "expert-default-7", "options": {**RECORDED_DEFAULTS}, "seed": 7, "levels": ["expert", "expert"]},
    {"name": "expert-default-8", "options": {**RECORDED_DEFAULTS}, "seed": 8, "levels": ["expert", "expert"]},
    {"name": "expert-size15-rk3", "options": {**RECORDED_DEFAULTS, "size": 15, "village_refuge": True, "crowns": 3}, "seed": 9,
     "levels": ["expert", "expert"]},
    {"name": "expert4-size13-c0", "options": {**RECORDED_DEFAULTS, "size": 13, "compensation": 0}, "seed": 10,
     "levels": ["expert", "expert"], "divisor": 4},
    # recorded after the speed-up (these options came later): guards the study's setup from now on
    {"name": "hard-size15-rae-m", "options": {"no_retake": False, "size": 15, "village_refuge": True, "anchored_carriers": True,
                                               "escort": True, "first_diagonal": "NE-SW"}, "seed": 11,
     "levels": ["hard", "hard"], "fast": True},
]
"""The recorded games: options, seed, each seat's level, and ``divisor`` (the Expert's node limits divided
by it: the same search, shallower and cheaper)."""


def replay(spec: dict[str, Any]) -> tuple[list[str], float]:
    """The moves (as text) of the game ``spec`` describes, and the CPU seconds it took."""
    ai._PLANS.clear()  # a plan cached by an earlier game must not steer this one
    began = time.process_time()
    with ai.wall_clock(False), ai.divided_budget(spec.get("divisor", 1)):
        # recorded before some options existed: their keys take the values of that time, not today's defaults
        game = play_game(stored_options(spec["options"]), spec["seed"], spec["levels"])
    return [game.move_text(m) for m in game.move_stack], time.process_time() - began


def main() -> None:
    """Record or check the golden games."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--record", action="store_true", help="rewrite the golden file")
    parser.add_argument("--check", action="store_true", help="replay and compare (the default)")
    parser.add_argument("--only", default="", help="'fast', or comma-separated game names")
    args = parser.parse_args()
    if args.record and args.check:
        print("choose one of --record and --check", file=sys.stderr)
        raise SystemExit(2)
    stored = {g["name"]: g for g in json.loads(GOLDEN.read_text())["games"]} if GOLDEN.exists() else {}
    wanted = [g for g in GAMES if not args.only or (args.only == "fast" and g.get("fast"))
              or g["name"] in args.only.split(",")]
    failed = 0
    for spec in wanted:
        load = os.getloadavg()[0]
        moves, cpu = replay(spec)
        status = "recorded"
        if not args.record:
            expected = stored.get(spec["name"], {}).get("moves")
            same = expected == moves
            status = "same" if same else "DIFFERENT"
            failed += not same
        else:
            stored[spec["name"]] = {**spec, "moves": moves}
        print(f"{spec['name']:>20}: {len(moves):4} actions, {cpu:7.1f} s CPU (load average {load:.1f}) {status}",
              flush=True)
        if args.record:  # written after every game: a long recording stopped midway keeps what it played
            ordered = [stored[g["name"]] for g in GAMES if g["name"] in stored]
            GOLDEN.write_text(json.dumps({"games": ordered}, separators=(",", ":")) + "\n")
    if failed:
        print(f"{failed} game(s) differ from the golden file", file=sys.stderr)
        raise SystemExit(1)


if __name__ == "__main__":
    main()
