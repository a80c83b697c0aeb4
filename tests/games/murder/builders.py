"""Small hand-made cases for the tests: a grid of room letters, objects, people and clues in a few lines."""

from __future__ import annotations

from typing import Any

from meeple.games.murder.caseio import CASE_FORMAT, CASE_VERSION, case_from_json
from meeple.games.murder.model import FLOORS, Case

ROOM_NAMES: dict[str, tuple[str, str, str]] = {
    "B": ("la Bibliothèque", "the Library", "dans"),
    "C": ("la Cave", "the Cellar", "dans"),
    "O": ("le Bureau", "the Study", "dans"),
    "T": ("la Terrasse", "the Terrace", "sur"),
    "S": ("la Scène", "the Stage", "sur"),
    "K": ("la Cuisine", "the Kitchen", "dans"),
    "E": ("l'Entrée", "the Hall", "dans"),
}


def colour_floors(grid: list[list[str]]) -> dict[str, str]:
    """A floor per room such that neighbouring rooms differ (greedy colouring, rooms in sorted order)."""
    size = len(grid)
    neighbours: dict[str, set[str]] = {room: set() for row in grid for room in row}
    for r in range(size):
        for c in range(size):
            for r2, c2 in ((r + 1, c), (r, c + 1)):
                if r2 < size and c2 < size and grid[r2][c2] != grid[r][c]:
                    neighbours[grid[r][c]].add(grid[r2][c2])
                    neighbours[grid[r2][c2]].add(grid[r][c])
    floors: dict[str, str] = {}
    for room in sorted(neighbours):
        used = {floors[other] for other in neighbours[room] if other in floors}
        floors[room] = next(floor for floor in FLOORS if floor not in used)
    return floors


def case_json(
    rows: list[str],
    objects: dict[tuple[int, int], str] | None = None,
    people: list[tuple[str, str, bool]] | None = None,
    clues: list[dict[str, Any]] | None = None,
    solution: dict[str, tuple[int, int]] | None = None,
) -> dict[str, Any]:
    """A case JSON value: ``rows`` are strings of room letters; people are (id, gender, victim)."""
    grid = [list(row) for row in rows]
    size = len(grid)
    if people is None:
        people = [(f"P{i}", "m" if i % 2 else "f", i == 0) for i in range(size)]
    data: dict[str, Any] = {
        "format": CASE_FORMAT,
        "version": CASE_VERSION,
        "size": size,
        "grid": grid,
        "rooms": [
            {"id": room, "name": {"fr": ROOM_NAMES.get(room, (f"la pièce {room}",))[0],
                                  "en": ROOM_NAMES.get(room, ("", f"room {room}"))[1]},
             "preposition": ROOM_NAMES.get(room, ("", "", "dans"))[2], "floor": floor}
            for room, floor in colour_floors(grid).items()
        ],
        "objects": [{"cell": list(cell), "kind": kind} for cell, kind in (objects or {}).items()],
        "people": [{"id": pid, "name": pid, "gender": gender, "victim": victim} for pid, gender, victim in people],
        "clues": clues or [],
    }
    if solution is not None:
        data["solution"] = {pid: list(cell) for pid, cell in solution.items()}
    return data


def make_case(rows: list[str], **kwargs: Any) -> Case:
    """The :class:`Case` of :func:`case_json`."""
    return case_from_json(case_json(rows, **kwargs), "test case")
