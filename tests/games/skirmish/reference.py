"""A slow, independent reference adjudicator for tiny boards: it enumerates every path (which the real
engine never does) and re-implements R8–R16 from the rules text, sharing no code with movement.py
beyond the battlefield facts (cells, costs, ZOC cells, contact)."""

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

    def binding(cell: Cell) -> frozenset[str]:
        return frozenset(o.id for o in live if cell in field.zoc_cells(o.id))

    def touching(cell: Cell) -> frozenset[str]:
        return frozenset(o.id for o in live if in_contact(o.cell, cell))

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
                cost = ground.step_cost(cell, other)
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
                if not touching(after) and binding(after):
                    still = groups(binding(after))
            else:
                still = [t for t in targets
                         if distance(t, cell) < float("inf") and distance(t, after) == distance(t, cell) - step]
                if not still:
                    continue
            if still is None or not still or touching(after) or any(binding(after) & t for t in still):
                record(after, cost + step)  # bound: only in its group's ZOCs or in contact (R12)
            if not touching(after):
                walk(after, cost + step, still)

    start_binding = binding(mover.cell)
    walk(mover.cell, 0, groups(start_binding) if start_binding else None)
    return best
