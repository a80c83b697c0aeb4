"""Battlefields drawn as text for the tests.

``art`` rows use ``.`` open, ``~`` difficult, ``#`` blocking; a lower-case letter is a fighter of side 0
(its id is the letter), an upper-case letter a fighter of side 1 (standing on open ground). ``stats``
overrides fighter attributes by id. Fighters in contact start engaged, as in a scenario.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from meeple.games.skirmish.battlefield import Battlefield, Fighter, Ground

DEFAULT_MOVE = 20


def field_from_art(art: list[str], rules: dict[str, str] | None = None, **stats: dict[str, Any]) -> Battlefield:
    """The battlefield the rows draw; ``rules`` are the scenario's ``{"zoc": …, "shortest": …}``."""
    rows: list[str] = []
    fighters: list[Fighter] = []
    for y, line in enumerate(art):
        row = []
        for x, char in enumerate(line):
            if char.isalpha():
                side = 0 if char.islower() else 1
                fighter = Fighter(char, side, (x, y), move=DEFAULT_MOVE, zoc=2)
                changes = dict(stats.get(char, {}))
                if "hits" in changes:
                    changes.setdefault("max_hits", changes["hits"])
                fighters.append(replace(fighter, **changes))
                row.append(".")
            else:
                row.append(char)
        rows.append("".join(row))
    field = Battlefield(Ground.parse(rows, **(rules or {})), tuple(sorted(fighters, key=lambda f: f.id)))
    return Battlefield(field.ground, field.fighters, field.contact_engagements())


def walk(start: tuple[int, int], *moves: str) -> list[tuple[int, int]]:
    """Cells visited from ``start`` by compass steps like ``"E"``, ``"NE"``, ``"3E"`` (y grows south)."""
    offsets = {"N": (0, -1), "S": (0, 1), "E": (1, 0), "W": (-1, 0),
               "NE": (1, -1), "NW": (-1, -1), "SE": (1, 1), "SW": (-1, 1)}
    x, y = start
    cells = []
    for move in moves:
        direction = move.lstrip("0123456789")
        count = int(move[: len(move) - len(direction)] or 1)
        dx, dy = offsets[direction]
        for _ in range(count):
            x, y = x + dx, y + dy
            cells.append((x, y))
    return cells


def scenario_from_art(art: list[str], rounds: int = 3, objectives: list[list[int]] | None = None,
                      **stats: dict[str, Any]) -> dict[str, Any]:
    """A scenario file (JSON value) for the battlefield the rows draw."""
    field = field_from_art(art, **stats)
    fighters = []
    for fighter in field.fighters:
        fighters.append({"id": fighter.id, "side": fighter.side, "at": list(fighter.cell), "move": fighter.move,
                         "zoc": fighter.zoc, "harmless": fighter.harmless, "keeps_zoc": fighter.keeps_zoc,
                         "hits": fighter.max_hits, "strike": fighter.strike})
    return {
        "format": "meeple-skirmish-scenario",
        "version": 1,
        "name": "test",
        "title": "test",
        "map": list(field.ground.rows),
        "rounds": rounds,
        "objectives": objectives or [],
        "fighters": fighters,
    }
