"""The case generator: plausible houses, a hidden answer, and a minimal set of clues at a set difficulty.

A case is made in five moves, all drawn from one seeded random stream (same seed, same case):

1. the board is cut into rooms like a published house (binary space partition into
   :data:`ROOM_COUNTS` rooms of comparable sizes, a few bent walls), each given a name from a theme
   (la Bibliothèque, sur la Terrasse...), a floor that differs from every neighbour's, and furniture;
2. an answer is drawn: one person per row and column, on a cell one may stand on (on furniture about
   half the time), such that some room holds exactly two people — one of them becomes the victim, the
   other is the murderer;
3. true clues about each person are put on offer (the victim gets one);
4. the clues are dropped one at a time whenever the logical solver still finishes the case at the asked
   level without guessing: the victim's first, then a clue of the family furthest above its share of
   :data:`MIX_TARGETS` (the mix of published cases); a suspect's last clue always stays, so what is left
   is minimal but for suspects' only clues; then a few clues are traded for a row or column the person
   is not in when that does the same work (:func:`_negate_lines`), and dropping starts again;
5. the case is kept only if its hardest deduction is exactly the asked level and the exact solver proves
   it has one solution; otherwise another attempt starts from a stream derived from the seed.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass

from meeple.core.errors import MeepleError
from meeple.core.i18n import Msg
from meeple.core.rng import SeededRandom, derive_seed, make_rng
from meeple.games.murder.caseio import with_solution
from meeple.games.murder.exact import count_solutions
from meeple.games.murder.logic import LEVEL_NAMES, MAX_LEVEL, solve_logically
from meeple.games.murder.model import (
    FLOORS,
    MAX_SIZE,
    MIN_SIZE,
    OBJECT_KINDS,
    Case,
    Cell,
    Clue,
    Person,
    Room,
    bits,
    fold,
)


@dataclass(frozen=True)
class RoomTheme:
    """A kind of room: its names, preposition, preferred floors and the furniture it holds."""

    fr: str
    en: str
    preposition: str
    floors: tuple[str, ...]
    furniture: tuple[str, ...]


THEMES: tuple[RoomTheme, ...] = (
    RoomTheme("la Bibliothèque", "the Library", "dans", ("parquet", "moquette"), ("étagère", "fauteuil", "tapis", "table", "chaise")),
    RoomTheme("le Bureau", "the Study", "dans", ("parquet", "moquette"), ("table", "chaise", "étagère", "fauteuil", "plante", "poubelle")),
    RoomTheme("la Cuisine", "the Kitchen", "dans", ("carrelage", "lino"), ("table", "chaise", "tabouret", "poubelle", "plante")),
    RoomTheme("le Salon", "the Living Room", "dans", ("parquet", "moquette"), ("canapé", "fauteuil", "tapis", "table", "plante", "étagère")),
    RoomTheme("la Chambre", "the Bedroom", "dans", ("moquette", "parquet"), ("lit", "carpette", "étagère", "chaise", "fauteuil", "plante")),
    RoomTheme("la Cave", "the Cellar", "dans", ("pierre", "béton"), ("caisse", "tabouret", "étagère", "poubelle")),
    RoomTheme("la Terrasse", "the Terrace", "sur", ("pierre", "carrelage"), ("banc", "chaise", "plante", "table", "fontaine")),
    RoomTheme("la Scène", "the Stage", "sur", ("parquet", "béton"), ("chaise", "tabouret", "tapis", "caisse", "banc")),
    RoomTheme("le Jardin", "the Garden", "dans", ("herbe",), ("arbre", "buisson", "banc", "fontaine", "statue", "rocher")),
    RoomTheme("la Salle de bain", "the Bathroom", "dans", ("carrelage", "marbre"), ("carpette", "tabouret", "plante", "poubelle")),
    RoomTheme("l'Entrée", "the Hall", "dans", ("marbre", "carrelage"), ("banc", "statue", "plante", "carpette", "étagère")),
    RoomTheme("la Salle à manger", "the Dining Room", "dans", ("parquet", "carrelage"), ("table", "chaise", "étagère", "plante", "tapis")),
    RoomTheme("le Garage", "the Garage", "dans", ("béton",), ("caisse", "poubelle", "tabouret", "étagère")),
    RoomTheme("la Véranda", "the Conservatory", "dans", ("carrelage", "pierre"), ("plante", "fauteuil", "banc", "table", "arbre")),
    RoomTheme("le Balcon", "the Balcony", "sur", ("pierre", "béton"), ("chaise", "plante", "banc", "table")),
    RoomTheme("la Plage", "the Beach", "sur", ("sable",), ("rocher", "chaise", "arbre", "buisson", "poubelle")),
)
"""The kinds of room a house is made of, with the objects each may hold (docs/rules/murder.md, rule 17's
table, in French and English): what one finds there — a library's shelves and armchairs, a beach's rocks,
deck chairs, palm trees and bins, a stage's chairs, stools, rugs, crates and benches — never a rug on the
sand or a stage of statues. A test holds the table of the docs to this one."""

NAMES: tuple[tuple[str, str], ...] = (
    ("Agnès", "f"), ("Anna", "f"), ("André", "m"), ("Armand", "m"), ("Béatrice", "f"), ("Blanche", "f"),
    ("Benoît", "m"), ("Bruno", "m"), ("Camille", "f"), ("Cécile", "f"), ("Charles", "m"), ("Cédric", "m"),
    ("Delphine", "f"), ("Diane", "f"), ("Denis", "m"), ("Désiré", "m"), ("Élise", "f"), ("Émilie", "f"),
    ("Edgar", "m"), ("Étienne", "m"), ("Flora", "f"), ("Françoise", "f"), ("Fabien", "m"), ("Frédéric", "m"),
    ("Gabrielle", "f"), ("Gisèle", "f"), ("Gaston", "m"), ("Gérard", "m"), ("Hélène", "f"), ("Héloïse", "f"),
    ("Hervé", "m"), ("Hugo", "m"), ("Inès", "f"), ("Irène", "f"), ("Igor", "m"), ("Ignace", "m"),
    ("Jeanne", "f"), ("Joséphine", "f"), ("Jérôme", "m"), ("Jules", "m"), ("Léa", "f"), ("Lucie", "f"),
    ("Léon", "m"), ("Lucien", "m"), ("Margot", "f"), ("Mélanie", "f"), ("Marc", "m"), ("Michel", "m"),
    ("Nadia", "f"), ("Noémie", "f"), ("Noël", "m"), ("Norbert", "m"), ("Odile", "f"), ("Océane", "f"),
    ("Olivier", "m"), ("Oscar", "m"), ("Pauline", "f"), ("Pénélope", "f"), ("Paul", "m"), ("Pierre", "m"),
    ("Renée", "f"), ("Rose", "f"), ("Raoul", "m"), ("Rémi", "m"), ("Solène", "f"), ("Sophie", "f"),
    ("Simon", "m"), ("Sébastien", "m"), ("Thérèse", "f"), ("Théa", "f"), ("Thomas", "m"), ("Théo", "m"),
    ("Valérie", "f"), ("Violette", "f"), ("Victor", "m"), ("Vincent", "m"),
)
"""French first names, accents and all, four per initial (two women, two men). A case draws its people
from different initials (É counts as E), so that two letters always tell them apart on the board."""

FAMILIES: dict[str, str] = {
    "row": "line", "not_row": "line", "column": "line", "not_column": "line", "room": "room", "not_room": "room",
    "on": "object", "not_on": "object", "beside": "beside", "not_beside": "beside", "corner": "corner",
    "not_corner": "corner", "alone": "company", "with_one_other": "company",
}
"""The six kinds of information a clue gives."""

NOT_LINE_TARGET = 1 / 80
"""The share of « pas dans la rangée / la colonne » clues aimed at: none of the 78 clues of the ten published
cases is one, so as often as Laplace's rule of succession says such a clue would come next, (0 + 1) / (78 + 2),
about 1 %; the test bounds the share by the rule of three, 3 / 78 ≈ 3.8 % (the most published cases warrant)."""

MIX_TARGETS: dict[str, float] = {
    "room": 0.34, "beside": 0.18, "object": 0.18, "line": 0.14, "not_line": NOT_LINE_TARGET, "corner": 0.10,
    "company": 0.05,
}
"""The share of clues each family aims at, near the ten published cases (rooms 29 %, « à côté » 23 %,
objects 18 %, rows and columns 17 %, corners 10 %, company 3 %: ``benchmarks/README.md``); « pas dans la
rangée » / « pas dans la colonne » (``not_line``) take the small share of :data:`NOT_LINE_TARGET`. The
generator tries to drop first a clue of the family furthest above its share."""


def mix_family(kind: str) -> str:
    """The family of :data:`MIX_TARGETS` a clue kind counts in (negated rows and columns apart)."""
    return "not_line" if kind in ("not_row", "not_column") else FAMILIES[kind]


Rect = tuple[int, int, int, int]
"""A rectangle: top row, left column, height, width."""


ROOM_COUNTS: dict[int, tuple[int, int]] = {4: (3, 3), 5: (3, 4), 6: (4, 5), 7: (4, 6), 8: (5, 7), 9: (6, 7)}
"""How many rooms a house of each size has (fewest, most), as the published cases have them: 6-7 rooms
on 9×9, 4-6 on 7×7, 4-5 on 6×6 (``shared/reference/murder-cases``; ``benchmarks/README.md``)."""

LARGEST_ROOM: dict[int, int] = {4: 8, 5: 11, 6: 13, 7: 17, 8: 21, 9: 24}
"""The most cells one room may take, about 30 % of the board (the published 9×9 houses' largest rooms
have 20-21 cells of 81, their 6×6 ones 8-12 of 36); a house that breaks it is drawn again."""


def _split_rooms(size: int, count: int, rng: SeededRandom) -> list[Rect]:
    """``count`` rectangles by binary partition: the larger a rectangle, the likelier it is cut (weight:
    area squared), across its longer side, within its middle third — rooms of comparable sizes."""
    rects: list[Rect] = [(0, 0, size, size)]
    while len(rects) < count:
        splittable = [r for r in rects if max(r[2], r[3]) >= 2]
        if not splittable:
            break
        rect = rng.choices(splittable, weights=[(r[2] * r[3]) ** 2 for r in splittable])[0]
        top, left, height, width = rect
        vertical = width > height if width != height else rng.random() < 0.5
        length = width if vertical else height
        margin = max(1, length // 3)
        cut = rng.randint(margin, length - margin)
        rects.remove(rect)
        if vertical:
            rects += [(top, left, height, cut), (top, left + cut, height, width - cut)]
        else:
            rects += [(top, left, cut, width), (top + cut, left, height - cut, width)]
    return rects


def _house(size: int, rng: SeededRandom) -> list[list[str]]:
    """Rooms like a published house: :data:`ROOM_COUNTS` of them, none past :data:`LARGEST_ROOM` cells."""
    while True:
        grid = _grid_from(size, _split_rooms(size, rng.randint(*ROOM_COUNTS[size]), rng), rng)
        counts = Counter(room for row in grid for room in row)
        if max(counts.values()) <= LARGEST_ROOM[size]:
            return grid


def _grid_from(size: int, rects: list[Rect], rng: SeededRandom) -> list[list[str]]:
    grid = [["" for _ in range(size)] for _ in range(size)]
    for number, (top, left, height, width) in enumerate(rects):
        for r in range(top, top + height):
            for c in range(left, left + width):
                grid[r][c] = chr(ord("A") + number)
    _bend_walls(grid, rng)
    return grid


def _bend_walls(grid: list[list[str]], rng: SeededRandom) -> None:
    """Move a few border cells to a neighbouring room (L-shaped rooms), keeping every room connected."""
    size = len(grid)
    for _ in range(rng.randint(0, size // 2)):
        r, c = rng.randrange(size), rng.randrange(size)
        options = [(r2, c2) for r2, c2 in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                   if 0 <= r2 < size and 0 <= c2 < size and grid[r2][c2] != grid[r][c]]
        if not options:
            continue
        r2, c2 = rng.choice(options)
        old = grid[r][c]
        grid[r][c] = grid[r2][c2]
        if not _connected(grid, old) or sum(row.count(old) for row in grid) < 2:
            grid[r][c] = old


def _connected(grid: list[list[str]], room: str) -> bool:
    cells = {(r, c) for r, row in enumerate(grid) for c, v in enumerate(row) if v == room}
    if not cells:
        return False
    stack = [next(iter(cells))]
    seen = {stack[0]}
    while stack:
        r, c = stack.pop()
        for nxt in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if nxt in cells and nxt not in seen:
                seen.add(nxt)
                stack.append(nxt)
    return seen == cells


def _neighbours_of_rooms(grid: list[list[str]]) -> dict[str, set[str]]:
    size = len(grid)
    pairs: dict[str, set[str]] = {v: set() for row in grid for v in row}
    for r in range(size):
        for c in range(size):
            for r2, c2 in ((r + 1, c), (r, c + 1)):
                if r2 < size and c2 < size and grid[r2][c2] != grid[r][c]:
                    pairs[grid[r][c]].add(grid[r2][c2])
                    pairs[grid[r2][c2]].add(grid[r][c])
    return pairs


def _make_rooms(grid: list[list[str]], rng: SeededRandom) -> dict[str, tuple[Room, RoomTheme]]:
    ids = sorted({v for row in grid for v in row})
    themes = rng.sample(THEMES, len(ids))
    neighbours = _neighbours_of_rooms(grid)
    rooms: dict[str, tuple[Room, RoomTheme]] = {}
    for room_id, theme in zip(ids, themes, strict=True):
        used = {rooms[o][0].floor for o in neighbours[room_id] if o in rooms}
        floor = next((f for f in theme.floors if f not in used), None)
        floor = floor or next(f for f in FLOORS if f not in used)
        rooms[room_id] = (Room(room_id, Msg(theme.fr, theme.en), theme.preposition, floor), theme)
    return rooms


def _furnish(grid: list[list[str]], rooms: dict[str, tuple[Room, RoomTheme]], rng: SeededRandom) -> dict[Cell, str]:
    size = len(grid)
    objects: dict[Cell, str] = {}
    for room_id, (_, theme) in rooms.items():
        cells = [(r, c) for r in range(size) for c in range(size) if grid[r][c] == room_id]
        count = round(len(cells) * rng.uniform(0.25, 0.5))
        for cell in rng.sample(cells, min(count, len(cells) - 1)):
            objects[cell] = rng.choice(theme.furniture)
    return objects


ON_FURNITURE_SKIP = 0.5
"""When drawing the answer, a cell with furniture one can stand on is tried first unless this chance says
otherwise: published cases put many people on a chair, a bed, a rug (« sur » clues are 18 % of theirs)."""


def _draw_answer(size: int, objects: dict[Cell, str], rng: SeededRandom) -> list[Cell] | None:
    """One cell per row, columns all different, each cell one may stand on (randomised backtracking)."""

    def standable(cell: Cell) -> bool:
        kind = objects.get(cell)
        return kind is None or OBJECT_KINDS[kind].standable

    def place(row: int, used: set[int]) -> Iterator[list[Cell]]:
        if row == size:
            yield []
            return
        columns = [c for c in range(size) if c not in used and standable((row, c))]
        rng.shuffle(columns)
        # people sit on furniture about half the time, as in published cases (« sur un fauteuil »)
        columns.sort(key=lambda c: (row, c) not in objects or rng.random() < ON_FURNITURE_SKIP)
        for col in columns:
            for rest in place(row + 1, used | {col}):
                yield [(row, col), *rest]

    return next(place(0, set()), None)


def _people(size: int, rng: SeededRandom) -> list[tuple[str, str]]:
    """``size`` people of different initials, as many women as men (one more of either on odd sizes)."""
    by_initial: dict[str, list[tuple[str, str]]] = {}
    for name, gender in NAMES:
        by_initial.setdefault(fold(name[0]), []).append((name, gender))
    initials = sorted(rng.sample(sorted(by_initial), size))
    genders = ["f"] * (size // 2) + ["m"] * (size // 2) + ([rng.choice("fm")] if size % 2 else [])
    rng.shuffle(genders)
    return [rng.choice([entry for entry in by_initial[initial] if entry[1] == gender])
            for initial, gender in zip(initials, genders, strict=True)]


LINE_TRUTHS = 0.4
"""The chance that a person's row or their column (one of the two, never both) joins the clues on offer."""

NOT_LINE_TRUTHS = 0.15
"""The chance that a row or a column a person is not in joins the clues on offer (published cases have none:
:data:`NOT_LINE_TARGET`)."""


def _true_clues(case: Case, person: Person, cell: Cell, answer: dict[str, Cell], rng: SeededRandom) -> list[Clue]:
    room = case.room_of(cell)
    pid = person.id
    clues = [Clue(pid, "room", room=room)]
    if rng.random() < LINE_TRUTHS:  # not everybody's lines are on offer: cases lean less on them
        # a row or a column, never both: the two pin a cell like coordinates, which no published suspect gets
        clues.append(Clue(pid, "row", index=cell[0]) if rng.random() < 0.5 else Clue(pid, "column", index=cell[1]))
    if rng.random() < NOT_LINE_TRUTHS:
        clues.append(Clue(pid, "not_row", index=rng.choice([r for r in range(case.size) if r != cell[0]]))
                     if rng.random() < 0.5 else
                     Clue(pid, "not_column", index=rng.choice([c for c in range(case.size) if c != cell[1]])))
    others = [r.id for r in case.rooms if r.id != room]
    if others:
        clues.append(Clue(pid, "not_room", room=rng.choice(others)))
    here = case.objects.get(cell)
    standables = sorted({k for k in case.objects.values() if OBJECT_KINDS[k].standable})
    if here is not None:
        clues.append(Clue(pid, "on", object=here))
    absent = [k for k in standables if k != here]
    if absent:
        clues.append(Clue(pid, "not_on", object=rng.choice(absent)))
    in_room = sorted({k for c, k in case.objects.items() if case.room_of(c) == room})
    beside = [k for k in in_room if case.is_beside(cell, k)]
    if beside:  # one « à côté » on offer, not one per neighbour: it would crowd the other families out
        clues.append(Clue(pid, "beside", object=rng.choice(beside)))
    not_beside = [k for k in in_room if k not in beside]
    if not_beside:
        clues.append(Clue(pid, "not_beside", object=rng.choice(not_beside)))
    clues.append(Clue(pid, "corner" if case.is_corner(cell) else "not_corner"))
    mates = [case.person_by_id[q] for q, c in answer.items() if q != pid and case.room_of(c) == room]
    if not mates and not person.victim:
        clues.append(Clue(pid, "alone"))
    if sum(1 for m in mates if m.gender == person.gender) == 1:
        clues.append(Clue(pid, "with_one_other", room=room, gender=person.gender))
    return clues


def _rebuild(case: Case, clues: list[Clue]) -> Case:
    return Case(case.size, case.grid, case.rooms, case.objects, case.people, tuple(clues), case.solution, case.title)


def _attempt(size: int, difficulty: int, rng: SeededRandom) -> Case | None:
    grid = _house(size, rng)
    rooms = _make_rooms(grid, rng)
    objects = _furnish(grid, rooms, rng)
    cells = _draw_answer(size, objects, rng)
    if cells is None:
        return None
    names = _people(size, rng)
    rng.shuffle(cells)
    by_room: dict[str, list[int]] = {}
    for i, cell in enumerate(cells):
        by_room.setdefault(grid[cell[0]][cell[1]], []).append(i)
    pairs = [members for members in by_room.values() if len(members) == 2]
    if not pairs:
        return None
    victim_index = rng.choice(rng.choice(pairs))
    people = tuple(Person(n, n, g, i == victim_index) for i, (n, g) in enumerate(names))
    answer = {p.id: cells[i] for i, p in enumerate(people)}
    ordered_rooms = tuple(rooms[r][0] for r in sorted(rooms))
    bare = Case(size, tuple(tuple(row) for row in grid), ordered_rooms, objects, people, (), answer)
    pool: list[Clue] = []
    for person in people:
        truths = _true_clues(bare, person, answer[person.id], answer, rng)
        pool += [rng.choice(truths)] if person.victim else truths
    return _minimise(_rebuild(bare, pool), difficulty, rng)


def _minimise(case: Case, difficulty: int, rng: SeededRandom) -> Case | None:
    """Drop clues while the case stays guess-free at ``difficulty``; a suspect's last clue stays (every
    card says something), the victim's is tried first (it stays only when needed). Then a few clues are
    traded for a row or column the person is not in (:func:`_negate_lines`), and dropping starts again."""
    if not solve_logically(case, difficulty, keep_steps=False).solved:
        return None
    clues = _drop_pass(case, list(case.clues), difficulty, rng)
    if solve_logically(_rebuild(case, clues), difficulty, keep_steps=False).difficulty != difficulty:
        return None  # below the asked level: not worth trading clues
    traded = _negate_lines(case, clues, difficulty, rng)
    if traded != clues:
        clues = _drop_pass(case, traded, difficulty, rng)
    final = _rebuild(case, clues)
    result = solve_logically(final, difficulty, keep_steps=False)
    if result.difficulty != difficulty or count_solutions(final, 2).count != 1:
        return None
    return with_solution(final, result.solution or {})


def _drop_pass(case: Case, clues: list[Clue], difficulty: int, rng: SeededRandom) -> list[Clue]:
    """``clues`` less every one that the logical solver can do without at ``difficulty``, tried in
    :func:`_drop_order` (a suspect's last clue stays)."""
    kept = [True] * len(clues)
    holders = Counter(clue.person for clue in clues)
    for i in _drop_order(case, clues, kept, rng):
        person = clues[i].person
        if holders[person] == 1 and person != case.victim.id:
            continue
        kept[i] = False
        trial = _rebuild(case, [c for c, k in zip(clues, kept, strict=True) if k])
        if solve_logically(trial, difficulty, keep_steps=False).solved:
            holders[person] -= 1
        else:
            kept[i] = True
    return [c for c, k in zip(clues, kept, strict=True) if k]


NEGATION_TRIES = 3
"""Rows or columns a person is not in that :func:`_negate_lines` tries in place of one of their clues."""

NEGATION_SUCCESS = 1.0
"""What the chance to try a trade is divided by (the share of cases that find one, once about a half). Set so
that negated lines come out at :data:`NOT_LINE_TARGET`: 1.2 % of the clues of 288 generated cases (0.4 %
without trades, 2.4 % at 0.5; ``benchmarks/murder.py --houses``)."""

NEGATION_SOLVES = 12
"""Logical solves :func:`_negate_lines` may spend on one case (it doubled 9×9 generation time unbounded)."""


def _negate_lines(case: Case, clues: list[Clue], difficulty: int, rng: SeededRandom) -> list[Clue]:
    """Trade clues of the families furthest above their share of :data:`MIX_TARGETS` for « pas dans la
    rangée » / « pas dans la colonne » truths of the same person, while negated lines stay under their
    share and the case stays guess-free at exactly ``difficulty``.

    Dropping alone keeps them rare (0.4 % of clues): a row one is not in is weak, so it is nearly always
    droppable — but it can do the work of a clue that is not, and then it is needed in its place (the case
    without either was unsolvable), so the trade keeps the case minimal."""
    # one trade is a large share of a small case's few clues (a 4×4 case holds about five): a case tries
    # with a chance that brings the share near the target on every size
    if rng.random() >= min(1.0, MIX_TARGETS["not_line"] * len(clues) / NEGATION_SUCCESS):
        return clues
    answer = case.solution or {}
    order = list(range(len(clues)))
    rng.shuffle(order)
    first = _excess(clues)
    solves = NEGATION_SOLVES
    for i in sorted(order, key=lambda i: -first[mix_family(clues[i].kind)]):
        excess = _excess(clues)
        if excess["not_line"] >= 0 or solves <= 0:
            break
        if clues[i].kind in ("not_row", "not_column") or excess[mix_family(clues[i].kind)] <= 0:
            continue
        options = _negations(case, clues, i, answer[clues[i].person], difficulty, rng)[:min(NEGATION_TRIES, solves - 1)]
        solves -= 1 + len(options)
        for option in options:
            trial = [*clues[:i], option, *clues[i + 1:]]
            if solve_logically(_rebuild(case, trial), difficulty, keep_steps=False).difficulty == difficulty:
                clues = trial
                break
    return clues


def _negations(case: Case, clues: list[Clue], index: int, cell: Cell, difficulty: int, rng: SeededRandom) -> list[Clue]:
    """The rows and columns its person is not in that could stand for ``clues[index]``, most cells removed
    first: only a line that crosses the cells logic leaves that person without the clue can help (the
    deductions are monotone: one that removes nothing there leaves the solver stuck)."""
    person = clues[index].person
    without = solve_logically(_rebuild(case, [*clues[:index], *clues[index + 1:]]), difficulty, keep_steps=False)
    left = [case.cell(i) for i in bits(without.domains[[p.id for p in case.people].index(person)])]
    options = [(sum(1 for r, _ in left if r == row), Clue(person, "not_row", index=row))
               for row in range(case.size) if row != cell[0]]
    options += [(sum(1 for _, c in left if c == col), Clue(person, "not_column", index=col))
                for col in range(case.size) if col != cell[1]]
    rng.shuffle(options)
    options.sort(key=lambda option: -option[0])
    return [clue for removed, clue in options if removed]


def _excess(clues: list[Clue]) -> dict[str, float]:
    """How far each family of :data:`MIX_TARGETS` is above its share among ``clues`` (negative: below)."""
    held = Counter(mix_family(clue.kind) for clue in clues)
    total = max(len(clues), 1)
    return {family: held[family] / total - target for family, target in MIX_TARGETS.items()}


def _drop_order(case: Case, clues: list[Clue], kept: list[bool], rng: SeededRandom) -> Iterator[int]:
    """The clue to try dropping next: the victim's first, then one of the family furthest above its share
    of :data:`MIX_TARGETS` among the kept clues (a random one among equals)."""
    untried = list(range(len(clues)))
    rng.shuffle(untried)
    victim = case.victim.id
    while untried:
        excess = _excess([clue for clue, keep in zip(clues, kept, strict=True) if keep])
        best = max(untried, key=lambda i: (clues[i].person == victim, excess[mix_family(clues[i].kind)]))
        untried.remove(best)
        yield best


def generate_case(size: int, difficulty: int, seed: int, max_attempts: int = 2000) -> Case:
    """A case of ``size``×``size`` at exactly ``difficulty`` (1-4: its grade, :mod:`meeple.games.murder.ladder`), the same for the same seed."""
    if not MIN_SIZE <= size <= MAX_SIZE:
        raise MeepleError(Msg(f"taille {size} : de {MIN_SIZE} à {MAX_SIZE}", f"size {size}: from {MIN_SIZE} to {MAX_SIZE}"))
    if not 1 <= difficulty <= MAX_LEVEL:
        raise MeepleError(Msg(f"difficulté {difficulty} : de 1 à {MAX_LEVEL}", f"difficulty {difficulty}: from 1 to {MAX_LEVEL}"))
    for attempt in range(max_attempts):
        rng = make_rng(derive_seed(seed, f"murder/{size}/{difficulty}/{attempt}"))
        case = _attempt(size, difficulty, rng)
        if case is not None:
            level = LEVEL_NAMES[difficulty]
            # the seed names the case (the same number makes it again) without the word « graine »
            title = Msg(f"Enquête n° {seed} — {size}×{size}, {level.fr}", f"Case no. {seed} — {size}×{size}, {level.en}")
            return Case(case.size, case.grid, case.rooms, case.objects, case.people, case.clues, case.solution, title)
    raise MeepleError(Msg(
        f"aucune enquête {size}×{size} de difficulté {difficulty} trouvée en {max_attempts} essais",
        f"no {size}×{size} case at difficulty {difficulty} found in {max_attempts} attempts",
    ))
