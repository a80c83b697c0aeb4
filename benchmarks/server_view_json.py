"""What a Hive view costs the server, by part and by game length — the measure behind issue 26 item 5's
choices (keep the move strings, cheaper targets, a faster JSON encoder, send what changed).

Plays ``--games`` random Hive games (seeded) and, at plies 10, 30, 60, 100 and 150 of each, times:
``view(seat)`` whole; its parts — the legal targets, ``notation.game_string`` (which replays every move to
write the MoveStrings) beside ``HiveGame.game_string`` (the MoveStrings kept between views, as the view
now writes it); encoding that view as JSON with the standard library (what the server does
today) and with ``orjson`` and ``msgspec`` when they are installed (not dependencies of meeple: install
them beside it to compare); and the size of the view's JSON beside the size of a delta from the previous
ply's view (the keys whose values changed). CPU time (``time.process_time``), median of ``--repeat``.

Run: ``nice -n 19 .venv/bin/python benchmarks/server_view_json.py [--games 20] [--repeat 5]``. Asserts nothing.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from meeple.games.hive.notation import game_string
from meeple.server.registry import GameRegistry

PLIES = (10, 30, 60, 100, 150)


def cpu_ms(work: Callable[[], Any], repeat: int) -> float:
    """The median CPU milliseconds of ``work()`` over ``repeat`` runs."""
    times = []
    for _ in range(repeat):
        start = time.process_time()
        work()
        times.append(time.process_time() - start)
    return statistics.median(times) * 1000


def encoders() -> dict[str, Callable[[Any], bytes | str]]:
    """The JSON encoders to compare: the standard library as the server calls it, and the fast ones found."""
    found: dict[str, Callable[[Any], bytes | str]] = {
        "json": lambda value: json.dumps(value, ensure_ascii=False, separators=(",", ":"))}
    try:
        orjson = importlib.import_module("orjson")
        found["orjson"] = orjson.dumps
    except ImportError:
        pass
    try:
        msgspec_json = importlib.import_module("msgspec.json")
        found["msgspec"] = msgspec_json.Encoder().encode
    except ImportError:
        pass
    return found


def delta(before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
    """The keys of ``after`` whose values differ from ``before``'s (what a 'send what changed' message holds)."""
    return {key: value for key, value in after.items() if before.get(key) != value}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    load = os.getloadavg()[0]
    factory = GameRegistry.from_environment().get("hive").info.factory
    coders = encoders()
    rows: dict[int, dict[str, list[float]]] = {ply: {} for ply in PLIES}
    for index in range(args.games):
        rng = random.Random(index)
        game = factory({"game_type": "Base"}, index)
        previous: dict[str, Any] = {}
        for ply in range(1, max(PLIES) + 1):
            if game.outcome() is not None:
                break
            game.push(rng.choice(game.legal_moves()))
            if ply + 1 not in PLIES and ply not in PLIES:
                continue
            view = game.view(game.to_move())
            if ply + 1 in PLIES:  # the view one ply before, for the delta
                previous = view
            if ply not in PLIES:
                continue
            seat = game.to_move()
            figures = rows[ply]

            def add(name: str, value: float, into: dict[str, list[float]] = figures) -> None:
                into.setdefault(name, []).append(value)

            add("view", cpu_ms(lambda game=game, seat=seat: game.view(seat), args.repeat))
            add("targets", cpu_ms(game._targets, args.repeat))  # the part measured, private to the engine
            add("game_string", cpu_ms(lambda game=game: game_string(game.state), args.repeat))
            add("kept game_string", cpu_ms(game.game_string, args.repeat))
            for name, encode in coders.items():
                add(f"JSON {name}", cpu_ms(lambda encode=encode, view=view: encode(view), args.repeat))
            add("bytes", len(coders["json"](view)))
            add("delta bytes", len(coders["json"](delta(previous, view))))
    names = ["view", "targets", "game_string", "kept game_string", *(f"JSON {name}" for name in coders), "bytes",
             "delta bytes"]
    print(f"Hive views, {args.games} random games, CPU ms (median of {args.repeat}, mean over games); "
          f"encoders: {', '.join(coders)}")
    print("| ply | games | " + " | ".join(names) + " |")
    print("|---|---|" + "---|" * len(names))
    for ply, figures in rows.items():
        if not figures:
            continue
        cells = [f"{statistics.fmean(figures[name]):.0f}" if "bytes" in name else f"{statistics.fmean(figures[name]):.3f}"
                 for name in names]
        print(f"| {ply} | {len(figures['view'])} | " + " | ".join(cells) + " |")
    print(f"load average {load:.1f} before, {os.getloadavg()[0]:.1f} after, on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
