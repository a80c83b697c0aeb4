"""An independent CP-SAT model of a case (ortools, test-only), written from the rules page.

It reads the case JSON directly and re-derives every clue's meaning here (rows, columns, rooms, objects,
« à côté » inside the room, corners with the board edge as a wall, room counts) without calling the
project's model or solvers, so that agreement on solution counts is a real cross-check.
"""

from __future__ import annotations

import time
from typing import Any

from ortools.sat.python import cp_model

BLOCKING = {"plante", "table", "arbre", "buisson", "rocher", "caisse", "étagère", "fontaine", "statue", "poubelle"}


def _geometry(data: dict[str, Any]) -> tuple[int, list[list[str]], dict[tuple[int, int], str]]:
    grid = data["grid"]
    objects = {(o["cell"][0], o["cell"][1]): o["kind"] for o in data["objects"]}
    return data["size"], grid, objects


def _allowed(data: dict[str, Any], clue: dict[str, Any], r: int, c: int) -> bool:
    n, grid, objects = _geometry(data)
    room = grid[r][c]

    def wall(r2: int, c2: int) -> bool:
        return not (0 <= r2 < n and 0 <= c2 < n) or grid[r2][c2] != room

    kind = clue["kind"]
    negative = kind.startswith("not_")
    base = kind.removeprefix("not_")
    if base == "row":
        ok = r == clue["index"]
    elif base == "column":
        ok = c == clue["index"]
    elif base in ("room", "with_one_other"):
        ok = room == clue["room"]
    elif base == "on":
        ok = objects.get((r, c)) == clue["object"]
    elif base == "beside":
        ok = any(
            0 <= r2 < n and 0 <= c2 < n and grid[r2][c2] == room and objects.get((r2, c2)) == clue["object"]
            for r2, c2 in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
        )
    elif base == "corner":
        ok = (wall(r, c - 1) or wall(r, c + 1)) and (wall(r - 1, c) or wall(r + 1, c))
    else:  # alone: no cell restriction
        ok = True
    return not ok if negative else ok


def build(data: dict[str, Any]) -> tuple[cp_model.CpModel, dict[tuple[str, int, int], cp_model.IntVar]]:
    """The model and its placement variables x[person, row, col]."""
    n, grid, objects = _geometry(data)
    people = data["people"]
    model = cp_model.CpModel()
    blocking = BLOCKING | {kind["id"] for kind in data.get("object_kinds", []) if not kind["standable"]}
    x: dict[tuple[str, int, int], cp_model.IntVar] = {}
    for p in people:
        for r in range(n):
            for c in range(n):
                var = model.new_bool_var(f"{p['id']}_{r}_{c}")
                x[p["id"], r, c] = var
                if objects.get((r, c)) in blocking:
                    model.add(var == 0)
        model.add_exactly_one(x[p["id"], r, c] for r in range(n) for c in range(n))
    for i in range(n):
        model.add(sum(x[p["id"], i, c] for p in people for c in range(n)) == 1)
        model.add(sum(x[p["id"], r, i] for p in people for r in range(n)) == 1)
    rooms = sorted({room for row in grid for room in row})

    def in_room(pid: str, room: str) -> Any:
        return sum(x[pid, r, c] for r in range(n) for c in range(n) if grid[r][c] == room)

    for clue in data["clues"]:
        pid = clue["person"]
        for r in range(n):
            for c in range(n):
                if not _allowed(data, clue, r, c):
                    model.add(x[pid, r, c] == 0)
        for room in rooms:
            here = model.new_bool_var("")
            model.add(in_room(pid, room) == 1).only_enforce_if(here)
            model.add(in_room(pid, room) == 0).only_enforce_if(here.Not())
            if clue["kind"] == "alone":
                model.add(sum(in_room(q["id"], room) for q in people if q["id"] != pid) == 0).only_enforce_if(here)
            if clue["kind"] == "with_one_other" and room == clue["room"]:
                same = [q["id"] for q in people if q["id"] != pid and q["gender"] == clue["gender"]]
                model.add(sum(in_room(q, room) for q in same) == 1).only_enforce_if(here)
    victim = next(p["id"] for p in people if p["victim"])
    for room in rooms:
        here = model.new_bool_var("")
        model.add(in_room(victim, room) == 1).only_enforce_if(here)
        model.add(in_room(victim, room) == 0).only_enforce_if(here.Not())
        model.add(sum(in_room(q["id"], room) for q in people) == 2).only_enforce_if(here)
    return model, x


class _Collector(cp_model.CpSolverSolutionCallback):
    def __init__(self, x: dict[tuple[str, int, int], cp_model.IntVar], limit: int) -> None:
        super().__init__()
        self.x = x
        self.limit = limit
        self.solutions: list[dict[str, tuple[int, int]]] = []

    def on_solution_callback(self) -> None:
        self.solutions.append({pid: (r, c) for (pid, r, c), var in self.x.items() if self.value(var)})
        if len(self.solutions) >= self.limit:
            self.stop_search()


def cpsat_solutions(data: dict[str, Any], limit: int = 2) -> tuple[list[dict[str, tuple[int, int]]], float]:
    """Up to ``limit`` solutions of the case JSON, and the seconds CP-SAT took."""
    started = time.perf_counter()
    model, x = build(data)
    solver = cp_model.CpSolver()
    solver.parameters.enumerate_all_solutions = True
    solver.parameters.num_workers = 1
    collector = _Collector(x, limit)
    solver.solve(model, collector)
    return collector.solutions, time.perf_counter() - started
