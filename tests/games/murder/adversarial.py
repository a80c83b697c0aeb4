"""Random cases the generator would never make: the stress set of the exact solver (seeded).

A person who transcribes or designs a case draws rooms of any shape, scatters objects, and writes clues
that may be few, redundant, contradictory or heavy on room company (« seul », « avec un autre homme »).
:func:`random_case_json` draws such cases from a seed: rooms grown from random seeds (any shape, one
piece), objects of every kind at a random density, and clues in one of three modes —

- ``planted``: clues true of a random answer (one person per row and column on a standable cell, which
  may break the victim's-room rule: then the case may have no solution at all);
- ``noisy``: a planted set with a few clues replaced by random ones;
- ``random``: clues drawn at random, company clues (« seul », « avec un autre ») weighted up, since room
  counting is what a search finds hardest.

``benchmarks/murder.py --adversarial`` runs the exact solver and CP-SAT side by side on them; the slowest
ones found are kept as regression cases in ``handmade.py``.
"""

from __future__ import annotations

import random
from typing import Any

from meeple.games.murder.model import OBJECT_KINDS

from .builders import case_json

KINDS = sorted(OBJECT_KINDS)
STANDABLE = sorted(k for k, v in OBJECT_KINDS.items() if v.standable)


def _grow_rooms(size: int, count: int, rng: random.Random) -> list[str]:
    """``count`` connected rooms grown cell by cell from random seeds (rows of room letters)."""
    grid: list[list[str]] = [[""] * size for _ in range(size)]
    seeds = rng.sample([(r, c) for r in range(size) for c in range(size)], count)
    frontier: dict[str, list[tuple[int, int]]] = {}
    for number, (r, c) in enumerate(seeds):
        letter = chr(ord("A") + number)
        grid[r][c] = letter
        frontier[letter] = [(r, c)]
    left = size * size - count
    while left:
        letter = rng.choice(sorted(frontier))
        r, c = rng.choice(frontier[letter])
        free = [(r2, c2) for r2, c2 in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                if 0 <= r2 < size and 0 <= c2 < size and not grid[r2][c2]]
        if not free:
            frontier[letter].remove((r, c))
            if not frontier[letter]:
                del frontier[letter]
            continue
        r2, c2 = rng.choice(free)
        grid[r2][c2] = letter
        frontier[letter].append((r2, c2))
        left -= 1
    return ["".join(row) for row in grid]


def _geometry(rows: list[str], objects: dict[tuple[int, int], str]) -> dict[str, Any]:
    size = len(rows)

    def room(cell: tuple[int, int]) -> str:
        return rows[cell[0]][cell[1]]

    def wall(cell: tuple[int, int], other: tuple[int, int]) -> bool:
        return not (0 <= other[0] < size and 0 <= other[1] < size) or room(other) != room(cell)

    def corner(cell: tuple[int, int]) -> bool:
        r, c = cell
        return (wall(cell, (r, c - 1)) or wall(cell, (r, c + 1))) and (wall(cell, (r - 1, c)) or wall(cell, (r + 1, c)))

    def beside(cell: tuple[int, int]) -> set[str]:
        r, c = cell
        return {objects[o] for o in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                if o in objects and not wall(cell, o)}

    return {"room": room, "corner": corner, "beside": beside}


def _planted_answer(size: int, objects: dict[tuple[int, int], str], rng: random.Random) -> list[tuple[int, int]] | None:
    for _ in range(50):
        cols = list(range(size))
        rng.shuffle(cols)
        cells = [(r, cols[r]) for r in range(size)]
        if all(objects.get(cell) is None or OBJECT_KINDS[objects[cell]].standable for cell in cells):
            return cells
    return None


def _true_clues(pid: str, cell: tuple[int, int], answer: dict[str, tuple[int, int]], genders: dict[str, str],
                rows: list[str], objects: dict[tuple[int, int], str], rng: random.Random) -> list[dict[str, Any]]:
    geo = _geometry(rows, objects)
    size = len(rows)
    room = geo["room"](cell)
    rooms = sorted({ch for row in rows for ch in row})
    out: list[dict[str, Any]] = [
        {"kind": "row", "index": cell[0]}, {"kind": "column", "index": cell[1]}, {"kind": "room", "room": room},
        {"kind": "not_row", "index": rng.choice([i for i in range(size) if i != cell[0]])},
        {"kind": "not_column", "index": rng.choice([i for i in range(size) if i != cell[1]])},
        {"kind": "corner" if geo["corner"](cell) else "not_corner"},
    ]
    if len(rooms) > 1:
        out.append({"kind": "not_room", "room": rng.choice([r for r in rooms if r != room])})
    if cell in objects:
        out.append({"kind": "on", "object": objects[cell]})
    out.append({"kind": "not_on", "object": rng.choice([k for k in STANDABLE if k != objects.get(cell)])})
    near = geo["beside"](cell)
    out += [{"kind": "beside", "object": k} for k in sorted(near)]
    out.append({"kind": "not_beside", "object": rng.choice([k for k in KINDS if k not in near])})
    mates = [q for q, c in answer.items() if q != pid and geo["room"](c) == room]
    if not mates:
        out += [{"kind": "alone"}] * 3  # weighted up
    for gender in ("m", "f"):
        if sum(genders[q] == gender for q in mates) == 1:
            out += [{"kind": "with_one_other", "room": room, "gender": gender}] * 3
    return out


def _random_clue(size: int, rooms: list[str], rng: random.Random) -> dict[str, Any]:
    kind = rng.choice(["row", "not_row", "column", "not_column", "room", "not_room", "on", "not_on", "beside",
                       "not_beside", "corner", "not_corner", "alone", "alone", "alone", "with_one_other",
                       "with_one_other", "with_one_other"])
    clue: dict[str, Any] = {"kind": kind}
    if kind in ("row", "not_row", "column", "not_column"):
        clue["index"] = rng.randrange(size)
    elif kind in ("room", "not_room"):
        clue["room"] = rng.choice(rooms)
    elif kind in ("on", "not_on"):
        clue["object"] = rng.choice(STANDABLE)
    elif kind in ("beside", "not_beside"):
        clue["object"] = rng.choice(KINDS)
    elif kind == "with_one_other":
        clue["room"] = rng.choice(rooms)
        clue["gender"] = rng.choice("mf")
    return clue


def random_case_json(seed: int, sizes: tuple[int, ...] = (7, 8, 9)) -> dict[str, Any]:
    """One random case (``meeple-murder-case`` JSON) drawn from ``seed``; see the module docstring."""
    rng = random.Random(seed)
    size = rng.choice(sizes)
    rows = _grow_rooms(size, rng.randint(2, min(12, size + 3)), rng)
    rooms = sorted({ch for row in rows for ch in row})
    density = rng.uniform(0.0, 0.4)
    objects = {(r, c): rng.choice(KINDS) for r in range(size) for c in range(size) if rng.random() < density}
    genders = {f"P{i}": rng.choice("mf") for i in range(size)}
    victim = rng.randrange(size)
    mode = rng.choice(["planted", "planted", "noisy", "random"])
    answer_cells = _planted_answer(size, objects, rng) if mode != "random" else None
    if answer_cells is not None and rng.random() < 0.8:  # mostly a victim the answer can keep: solvable cases
        by_room: dict[str, list[int]] = {}
        for i, (r, c) in enumerate(answer_cells):
            by_room.setdefault(rows[r][c], []).append(i)
        pairs = [members for members in by_room.values() if len(members) == 2]
        if pairs:
            victim = rng.choice(rng.choice(pairs))
    people = [(pid, genders[pid], i == victim) for i, pid in enumerate(genders)]
    clues: list[dict[str, Any]] = []
    per_person = rng.uniform(0.5, 5.0)
    if answer_cells is None:
        for pid in genders:
            for _ in range(int(per_person + rng.random())):
                clues.append({"person": pid, **_random_clue(size, rooms, rng)})
    else:
        answer = dict(zip(genders, answer_cells, strict=True))
        for pid, cell in answer.items():
            truths = _true_clues(pid, cell, answer, genders, rows, objects, rng)
            for _ in range(int(per_person + rng.random())):
                clues.append({"person": pid, **rng.choice(truths)})
        if mode == "noisy":
            for _ in range(rng.randint(1, 3)):
                if clues:
                    clues[rng.randrange(len(clues))] = {"person": rng.choice(list(genders)), **_random_clue(size, rooms, rng)}
    unique = []
    for clue in clues:
        if clue not in unique:
            unique.append(clue)
    return case_json(rows, objects=objects, people=people, clues=unique)
