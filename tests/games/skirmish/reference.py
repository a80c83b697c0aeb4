"""A slow, independent reference adjudicator for tiny boards: it enumerates every path (which the real
engine never does) and re-implements R6 and R8–R16 from the rules text, sharing no code with movement.py
nor with the ZOC shapes of battlefield.py (R6 is redone here: a breadth-first walk, or a separating-axis
line-of-sight test), only the battlefield facts (cells, step costs, who has a ZOC, contact)."""

from __future__ import annotations

import itertools
from functools import cache

from meeple.core.search import astar
from meeple.games.skirmish.battlefield import Battlefield, in_contact

Cell = tuple[int, int]


def reference_destinations(field: Battlefield, mover_id: str) -> dict[Cell, tuple[int, str, tuple[str, ...]]]:
    """End cell → (cheapest cost, outcome kind, opponents) of every legal move, by enumeration."""
    mover = field.fighter(mover_id)
    ground = field.ground
    others = {f.cell for f in field.fighters if f.id != mover_id}
    opponents = [f for f in field.fighters if f.side != mover.side]
    in_contact_at_start = {o.id for o in opponents if in_contact(o.cell, mover.cell)}
    live = [o for o in opponents if o.id not in in_contact_at_start]

    zocs = {o.id: zoc_cells(field, o.id) for o in live}

    def binding(cell: Cell) -> frozenset[str]:
        return frozenset(o.id for o in live if cell in zocs[o.id])

    def touching(cell: Cell) -> frozenset[str]:
        """Every opponent in contact: ending here engages them all (R8, R16)."""
        return frozenset(o.id for o in live if in_contact(o.cell, cell))

    def halting(cell: Cell) -> frozenset[str]:
        """Opponents in contact that exert a ZOC: only they end a move (R8)."""
        return frozenset(o.id for o in live if in_contact(o.cell, cell) and field.has_zoc(o.id))

    def length(a: Cell, b: Cell) -> float | None:
        """A step in the measure of "the shortest path" (R10): its length, or its MP cost."""
        cost = ground.step_cost(a, b)
        if cost is None or ground.shortest == "cost":
            return cost
        return 3.0 if a[0] != b[0] and a[1] != b[1] else 2.0

    def touches_ignored(cell: Cell) -> bool:
        return any(in_contact(o.cell, cell) for o in opponents if o.id in in_contact_at_start)

    def free_contact_cells(group: frozenset[str]) -> list[Cell]:
        return [cell for cell in ground.grid.cells() if ground.passable(cell) and cell not in others
                and all(in_contact(field.fighter(member).cell, cell) for member in group)]

    @cache
    def distance(group: frozenset[str], start: Cell) -> float:
        goals = set(free_contact_cells(group))

        def successors(cell: Cell) -> list[tuple[str, Cell, float]]:
            steps = []
            for other in ground.neighbours(cell):
                cost = length(cell, other)
                if cost is not None and other not in others:
                    steps.append(("", other, float(cost)))
            return steps

        found = astar(start, successors, lambda cell: cell in goals)
        return found.cost if found.found else float("inf")

    def groups(entered: frozenset[str]) -> list[frozenset[str]]:
        found = []
        for size in range(1, len(entered) + 1):
            for combo in itertools.combinations(sorted(entered), size):
                if free_contact_cells(frozenset(combo)):
                    found.append(frozenset(combo))
        return found

    best: dict[Cell, tuple[int, str, tuple[str, ...]]] = {}

    def outcome(cell: Cell) -> tuple[str, tuple[str, ...]]:
        if touching(cell):
            return "engaged", tuple(sorted(touching(cell)))
        if binding(cell):
            return "stopped", tuple(sorted(binding(cell)))
        return "free", ()

    def record(cell: Cell, cost: int) -> None:
        if cell != mover.cell and not touches_ignored(cell) and (cell not in best or cost < best[cell][0]):
            best[cell] = (cost, *outcome(cell))

    def walk(cell: Cell, cost: int, targets: list[frozenset[str]] | None) -> None:
        """``targets`` None: moving free; else the groups it may still be moving toward."""
        for after in ground.neighbours(cell):
            step = ground.step_cost(cell, after)
            if step is None or after in others or cost + step > mover.move:
                continue
            if targets is None:
                still: list[frozenset[str]] | None = None
                if not halting(after) and binding(after):
                    still = groups(binding(after))
            else:
                measure = length(cell, after)
                assert measure is not None
                still = [t for t in targets
                         if distance(t, cell) < float("inf") and distance(t, after) == distance(t, cell) - measure]
                if not still:
                    continue
            if still is None or not still or touching(after) or any(binding(after) & t for t in still):
                record(after, cost + step)  # bound: only in its group's ZOCs or in contact (R12)
            if not halting(after):
                walk(after, cost + step, still)

    start_binding = binding(mover.cell)
    walk(mover.cell, 0, groups(start_binding) if start_binding else None)
    return best


def zoc_cells(field: Battlefield, fighter_id: str) -> set[Cell]:
    """R6 redone: the cells of a fighter's ZOC, by a breadth-first walk of ``zoc`` steps over the terrain
    (R2's steps) or, with ``zoc: "sight"``, by a line-of-sight test against every blocking cell."""
    fighter = field.fighter(fighter_id)
    ground = field.ground
    if not field.has_zoc(fighter_id):
        return set()
    if ground.zoc == "walk":
        seen = {fighter.cell}
        layer = {fighter.cell}
        for _ in range(fighter.zoc):
            layer = {n for c in layer for n in ground.neighbours(c)
                     if n not in seen and ground.step_cost(c, n) is not None}
            seen |= layer
        return seen - {fighter.cell}
    walls = [c for c in ground.grid.cells() if not ground.passable(c)]
    return {c for c in ground.grid.cells()
            if c != fighter.cell and ground.passable(c)
            and max(abs(c[0] - fighter.cell[0]), abs(c[1] - fighter.cell[1])) <= fighter.zoc
            and not any(_crosses(fighter.cell, c, wall) for wall in walls)}


def _crosses(a: Cell, b: Cell, wall: Cell) -> bool:
    """Whether the segment between the centres of ``a`` and ``b`` meets the open unit square of ``wall``:
    by the separating-axis theorem, it does unless their projections on x, on y or on the segment's normal
    do not overlap (the square open: an overlap of one point is none). Coordinates doubled: integers."""
    ends = [(2 * a[0], 2 * a[1]), (2 * b[0], 2 * b[1])]
    corners = [(2 * wall[0] + dx, 2 * wall[1] + dy) for dx in (-1, 1) for dy in (-1, 1)]
    normal = (ends[0][1] - ends[1][1], ends[1][0] - ends[0][0])
    for axis in ((1, 0), (0, 1), normal):
        seg = [axis[0] * x + axis[1] * y for x, y in ends]
        box = [axis[0] * x + axis[1] * y for x, y in corners]
        if not (min(seg) < max(box) and max(seg) > min(box)):
            return False
    return True
