"""The Sudoku Murder puzzle model: board, rooms, objects, people, clues, and the rules that judge a board.

A *case* is an N×N grid (4 ≤ N ≤ 9) cut into rooms; some cells hold an object; N people, one of them the
victim, each stand on one cell so that no two share a row or a column. Cells are written ``(row, col)``
counted from 0, from the top and from the left; internally a cell is the index ``row * N + col`` and a set
of cells is an ``int`` bit mask (bit ``index`` set), which both solvers use.

Everything here follows ``docs/rules/murder.md`` (the rules page of the seed, word for word).
"""

from __future__ import annotations

import dataclasses
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from meeple.core.i18n import Msg

MIN_SIZE = 4
MAX_SIZE = 9

Cell = tuple[int, int]
"""A cell as (row, col), counted from 0 from the top and the left."""


@dataclass(frozen=True)
class ObjectKind:
    """A kind of object as the rules page names it in French, with its English name and its use."""

    key: str
    feminine: bool
    english: str
    standable: bool
    icon: str = ""
    """The picture it is drawn with, one of :data:`ICON_SHAPES` (built-in kinds: their own)."""
    french: str = ""
    """Its French name when it differs from ``key`` (a case's own kinds: ``key`` is an id)."""

    @property
    def name_fr(self) -> str:
        """« chaise », « télé »."""
        return self.french or self.key

    @property
    def indefinite_fr(self) -> str:
        """« une chaise », « un fauteuil »."""
        return f"{'une' if self.feminine else 'un'} {self.name_fr}"

    @property
    def indefinite_en(self) -> str:
        """"a chair", "an armchair"."""
        return f"{'an' if self.english[0] in 'aeiou' else 'a'} {self.english}"


STANDABLE_KINDS: tuple[ObjectKind, ...] = (
    ObjectKind("chaise", True, "chair", True),
    ObjectKind("fauteuil", False, "armchair", True),
    ObjectKind("canapé", False, "sofa", True),
    ObjectKind("lit", False, "bed", True),
    ObjectKind("banc", False, "bench", True),
    ObjectKind("tabouret", False, "stool", True),
    ObjectKind("tapis", False, "rug", True),
    ObjectKind("carpette", True, "mat", True),
)
"""The eight kinds one can sit, lie or stand on (rules page, « Placement »)."""

BLOCKING_KINDS: tuple[ObjectKind, ...] = (
    ObjectKind("plante", True, "plant", False),
    ObjectKind("table", True, "table", False),
    ObjectKind("arbre", False, "tree", False),
    ObjectKind("buisson", False, "bush", False),
    ObjectKind("rocher", False, "rock", False),
    ObjectKind("caisse", True, "crate", False),
    ObjectKind("étagère", True, "shelf", False),
    ObjectKind("fontaine", True, "fountain", False),
    ObjectKind("statue", True, "statue", False),
    ObjectKind("poubelle", True, "bin", False),
)
"""The ten decor kinds that block their cell (they may still appear in clues)."""

OBJECT_KINDS: dict[str, ObjectKind] = {kind.key: kind for kind in STANDABLE_KINDS + BLOCKING_KINDS}

ICON_SHAPES: tuple[str, ...] = tuple(kind.english for kind in STANDABLE_KINDS + BLOCKING_KINDS)
"""The pictures an object can be drawn with (chair, armchair, …, bin): a case's own kinds pick one."""


@dataclass(frozen=True)
class Floor:
    """A floor covering: its key, its names and the colour it is drawn with."""

    key: str
    name: Msg
    colour: str


FLOORS: dict[str, Floor] = {
    floor.key: floor
    for floor in (
        Floor("parquet", Msg("parquet", "wooden floor"), "#e8cfa4"),
        Floor("carrelage", Msg("carrelage", "tiles"), "#dfe6ea"),
        Floor("moquette", Msg("moquette", "carpet"), "#e6c9d6"),
        Floor("pierre", Msg("pierre", "stone"), "#d2cfc8"),
        Floor("marbre", Msg("marbre", "marble"), "#f3f1ea"),
        Floor("herbe", Msg("herbe", "grass"), "#c9e3b3"),
        Floor("sable", Msg("sable", "sand"), "#f2e3b3"),
        Floor("béton", Msg("béton", "concrete"), "#b9c3cf"),
        Floor("lino", Msg("lino", "linoleum"), "#cfe0d0"),
    )
}

GENDERS = ("m", "f")

PREPOSITIONS = {"dans": "in", "sur": "on"}
"""A room's name takes « dans » (dans la Bibliothèque) or « sur » (sur la Terrasse); English in / on."""


@dataclass(frozen=True)
class Room:
    """A room: its id in the grid, its name with its article in both languages, preposition and floor."""

    id: str
    name: Msg
    preposition: str
    floor: str

    @property
    def located(self) -> Msg:
        """« dans la Bibliothèque » / "in the Library"."""
        return Msg(f"{self.preposition} {self.name.fr}", f"{PREPOSITIONS[self.preposition]} {self.name.en}")


@dataclass(frozen=True)
class Person:
    """A person of the case: id (used in clues and moves), displayed name, gender 'm' or 'f'."""

    id: str
    name: str
    gender: str
    victim: bool = False


CLUE_KINDS: tuple[str, ...] = (
    "row", "not_row", "column", "not_column", "room", "not_room", "on", "not_on",
    "beside", "not_beside", "corner", "not_corner", "with_one_other", "alone",
)
"""Clue kinds. The 12 meanings of the page, plus ``not_row``/``not_column`` (rule M3 of the docs)."""

CLUE_FIELDS: dict[str, tuple[str, ...]] = {
    "row": ("index",), "not_row": ("index",), "column": ("index",), "not_column": ("index",),
    "room": ("room",), "not_room": ("room",), "on": ("object",), "not_on": ("object",),
    "beside": ("object",), "not_beside": ("object",), "corner": (), "not_corner": (),
    "with_one_other": ("room", "gender"), "alone": (),
}
"""The fields each clue kind carries besides ``person`` and ``kind``."""


@dataclass(frozen=True)
class Clue:
    """One clue on a person's card. Only the fields its kind needs are set (see :data:`CLUE_FIELDS`)."""

    person: str
    kind: str
    index: int | None = None
    room: str | None = None
    object: str | None = None
    gender: str | None = None

    def to_json(self) -> dict[str, Any]:
        """The clue as it is written in a case file."""
        data: dict[str, Any] = {"person": self.person, "kind": self.kind}
        for name in CLUE_FIELDS[self.kind]:
            data[name] = getattr(self, name)
        return data


def fold(text: str) -> str:
    """``text`` without accents and case, to compare what a user types: fold("Hélène") == fold("helene")."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(char for char in decomposed if not unicodedata.combining(char)).casefold()


def popcount(mask: int) -> int:
    """How many cells a mask holds."""
    return mask.bit_count()


def bits(mask: int) -> Iterator[int]:
    """The cell indices of a mask, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


@dataclass(frozen=True, eq=False)
class Case:
    """A whole case. ``grid[r][c]`` is the room id of a cell; ``objects`` maps cells to object kinds."""

    size: int
    grid: tuple[tuple[str, ...], ...]
    rooms: tuple[Room, ...]
    objects: Mapping[Cell, str]
    people: tuple[Person, ...]
    clues: tuple[Clue, ...]
    solution: Mapping[str, Cell] | None = None
    title: Msg | None = None
    kinds: Mapping[str, ObjectKind] = field(default_factory=dict)
    """The case's own object kinds (a TV, a window…), by id, beside the built-in :data:`OBJECT_KINDS`."""
    _cache: dict[str, object] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        # geometry (rooms, objects, corners...) does not depend on people or clues: cases that share a
        # board share one cache, which keeps the generator's thousands of trial cases cheap
        own = tuple(sorted((key, kind.standable) for key, kind in self.kinds.items()))
        key = (self.size, self.grid, tuple(sorted(self.objects.items())), own)
        shared = _GEOMETRY_CACHES.get(key)
        if shared is None:
            if len(_GEOMETRY_CACHES) > 256:
                _GEOMETRY_CACHES.clear()
            shared = _GEOMETRY_CACHES[key] = {}
        object.__setattr__(self, "_cache", shared)

    def _memo(self, key: str, compute: Callable[[], Any]) -> Any:
        if key not in self._cache:
            self._cache[key] = compute()
        return self._cache[key]

    # --- lookups --------------------------------------------------------------------------------
    @cached_property
    def room_by_id(self) -> dict[str, Room]:
        """Rooms by id."""
        return {room.id: room for room in self.rooms}

    @cached_property
    def person_by_id(self) -> dict[str, Person]:
        """People by id."""
        return {person.id: person for person in self.people}

    @cached_property
    def victim(self) -> Person:
        """The victim."""
        return next(person for person in self.people if person.victim)

    def index(self, cell: Cell) -> int:
        """The bit index of a cell."""
        return cell[0] * self.size + cell[1]

    def cell(self, index: int) -> Cell:
        """The cell of a bit index."""
        return divmod(index, self.size)

    def cells(self) -> Iterator[Cell]:
        """Every cell, row by row."""
        for row in range(self.size):
            for col in range(self.size):
                yield (row, col)

    def in_bounds(self, cell: Cell) -> bool:
        """Whether a cell lies on the board."""
        return 0 <= cell[0] < self.size and 0 <= cell[1] < self.size

    def room_of(self, cell: Cell) -> str:
        """The room id of a cell."""
        return self.grid[cell[0]][cell[1]]

    def neighbours(self, cell: Cell) -> Iterator[Cell]:
        """The four orthogonal neighbours that lie on the board (diagonals never count)."""
        row, col = cell
        for other in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)):
            if self.in_bounds(other):
                yield other

    def find_person(self, text: str) -> str | None:
        """The id of the person ``text`` names: their id, or their name or id typed without accents or
        capitals (« helene » finds Hélène); ``None`` when nobody, or more than one person, matches."""
        if text in self.person_by_id:
            return text
        wanted = fold(text.strip())
        found = {p.id for p in self.people if wanted in (fold(p.id), fold(p.name))}
        return found.pop() if len(found) == 1 else None

    def kind(self, key: str) -> ObjectKind:
        """The object kind ``key``: one of the case's own, else a built-in one."""
        own = self.kinds.get(key)
        return own if own is not None else OBJECT_KINDS[key]

    def rebuilt(self, **changes: Any) -> Case:
        """The same case with some fields changed (clues, solution, title…); its own object kinds stay."""
        return dataclasses.replace(self, **changes)

    def clues_of(self, person_id: str) -> list[Clue]:
        """The clues on a person's card, in case order."""
        return [clue for clue in self.clues if clue.person == person_id]

    # --- geometry as masks ----------------------------------------------------------------------
    @cached_property
    def full_mask(self) -> int:
        """Every cell."""
        return (1 << (self.size * self.size)) - 1

    @cached_property
    def row_masks(self) -> tuple[int, ...]:
        """The cells of each row."""
        line = (1 << self.size) - 1
        return tuple(line << (row * self.size) for row in range(self.size))

    @cached_property
    def column_masks(self) -> tuple[int, ...]:
        """The cells of each column."""
        column = sum(1 << (row * self.size) for row in range(self.size))
        return tuple(column << col for col in range(self.size))

    @property
    def room_masks(self) -> dict[str, int]:
        """The cells of each room."""

        def compute() -> dict[str, int]:
            masks = {room.id: 0 for room in self.rooms}
            for cell in self.cells():
                masks[self.room_of(cell)] |= 1 << self.index(cell)
            return masks

        result: dict[str, int] = self._memo("room_masks", compute)
        return result

    @property
    def room_index_of(self) -> tuple[str, ...]:
        """The room id of each bit index."""

        def compute() -> tuple[str, ...]:
            return tuple(self.room_of(cell) for cell in self.cells())

        result: tuple[str, ...] = self._memo("room_index_of", compute)
        return result

    @property
    def standable_mask(self) -> int:
        """Cells a person may stand on: bare floor or a standable object."""

        def compute() -> int:
            mask = 0
            for cell in self.cells():
                kind = self.objects.get(cell)
                if kind is None or self.kind(kind).standable:
                    mask |= 1 << self.index(cell)
            return mask

        result: int = self._memo("standable_mask", compute)
        return result

    def object_mask(self, kind: str) -> int:
        """Cells holding an object of ``kind``."""
        mask: int = self._memo(f"on:{kind}", lambda: sum(
            1 << self.index(cell) for cell, held in self.objects.items() if held == kind))
        return mask

    def is_wall(self, cell: Cell, other: Cell) -> bool:
        """Whether a wall lies between ``cell`` and its side neighbour ``other`` (the board edge is a wall)."""
        return not self.in_bounds(other) or self.room_of(other) != self.room_of(cell)

    def is_corner(self, cell: Cell) -> bool:
        """A wall on a side (left or right) plus a wall on the top or the bottom, the two meeting."""
        row, col = cell
        side = self.is_wall(cell, (row, col - 1)) or self.is_wall(cell, (row, col + 1))
        top_or_bottom = self.is_wall(cell, (row - 1, col)) or self.is_wall(cell, (row + 1, col))
        return side and top_or_bottom

    @property
    def corner_mask(self) -> int:
        """Every corner cell of every room."""

        def compute() -> int:
            return sum(1 << self.index(cell) for cell in self.cells() if self.is_corner(cell))

        result: int = self._memo("corner_mask", compute)
        return result

    def is_beside(self, cell: Cell, kind: str) -> bool:
        """Whether an orthogonal neighbour of ``cell`` in the same room holds ``kind``."""
        return any(
            self.objects.get(other) == kind and self.room_of(other) == self.room_of(cell)
            for other in self.neighbours(cell)
        )

    def beside_mask(self, kind: str) -> int:
        """Cells with a ``kind`` object just above, below, left or right, in the same room."""
        mask: int = self._memo(f"beside:{kind}", lambda: sum(
            1 << self.index(cell) for cell in self.cells() if self.is_beside(cell, kind)))
        return mask

    def clue_mask(self, clue: Clue) -> int:
        """The cells where ``clue``'s person may stand as far as the clue alone says (all for room counts)."""
        full = self.full_mask
        kind = clue.kind
        if kind in ("row", "not_row"):
            mask = self.row_masks[clue.index or 0]
        elif kind in ("column", "not_column"):
            mask = self.column_masks[clue.index or 0]
        elif kind in ("room", "not_room", "with_one_other"):
            mask = self.room_masks[clue.room or ""]
        elif kind in ("on", "not_on"):
            mask = self.object_mask(clue.object or "")
        elif kind in ("beside", "not_beside"):
            mask = self.beside_mask(clue.object or "")
        elif kind in ("corner", "not_corner"):
            mask = self.corner_mask
        else:
            mask = full
        return full & ~mask if kind.startswith("not_") else mask

    def person_mask(self, person_id: str) -> int:
        """Cells allowed to a person by standing rules and every clue of theirs taken alone."""
        mask = self.standable_mask
        for clue in self.clues_of(person_id):
            mask &= self.clue_mask(clue)
        return mask

    def neighbouring_rooms(self) -> set[frozenset[str]]:
        """Pairs of rooms that share a wall."""
        pairs: set[frozenset[str]] = set()
        for cell in self.cells():
            for other in self.neighbours(cell):
                if self.room_of(other) != self.room_of(cell):
                    pairs.add(frozenset((self.room_of(cell), self.room_of(other))))
        return pairs


_GEOMETRY_CACHES: dict[object, dict[str, object]] = {}

Placement = Mapping[str, Cell]
"""Where people stand: person id → cell (a partial board leaves people out)."""


def people_in_room(case: Case, placement: Placement, room: str) -> list[Person]:
    """The placed people standing in ``room``."""
    return [case.person_by_id[pid] for pid, cell in placement.items() if case.room_of(cell) == room]


def clue_holds(case: Case, clue: Clue, placement: Placement) -> bool | None:
    """Whether ``clue`` holds on the board; ``None`` while it cannot be known yet (room counts, partial)."""
    cell = placement.get(clue.person)
    if cell is None:
        return None
    if clue.kind not in ("alone", "with_one_other"):
        return bool(case.clue_mask(clue) >> case.index(cell) & 1)
    room = case.room_of(cell)
    others = [p for p in people_in_room(case, placement, room) if p.id != clue.person]
    complete = len(placement) == len(case.people)
    if clue.kind == "alone":
        return False if others else (True if complete else None)
    if room != clue.room:
        return False
    same = sum(1 for p in others if p.gender == clue.gender)
    if same > 1:
        return False
    if not complete:
        return None
    return same == 1


@dataclass(frozen=True)
class Violation:
    """A rule a board breaks: which rule (code), who, and the sentence for the user."""

    code: str
    person: str | None
    message: Msg

    def to_json(self) -> dict[str, object]:
        """For the browser."""
        return {"code": self.code, "person": self.person, "message": self.message.to_json()}


def violations(case: Case, placement: Placement) -> list[Violation]:
    """Every rule a (possibly partial) board breaks for sure. A full board with none is a solution."""
    found: list[Violation] = []
    found += _placement_violations(case, placement)
    found += _victim_room_violations(case, placement)
    for clue in case.clues:
        if clue_holds(case, clue, placement) is False:
            name = case.person_by_id[clue.person].name
            found.append(Violation("clue", clue.person, Msg(f"{name} : indice non respecté", f"{name}: clue broken")))
    return found


def _placement_violations(case: Case, placement: Placement) -> list[Violation]:
    found: list[Violation] = []
    rows: dict[int, str] = {}
    cols: dict[int, str] = {}
    for pid, cell in placement.items():
        name = case.person_by_id[pid].name
        if not case.standable_mask >> case.index(cell) & 1:
            found.append(Violation("blocked", pid, Msg(f"{name} est sur une case bloquée", f"{name} is on a blocked cell")))
        for axis, seen, fr, en in ((0, rows, "rangée", "row"), (1, cols, "colonne", "column")):
            other = seen.setdefault(cell[axis], pid)
            if other != pid:
                other_name = case.person_by_id[other].name
                found.append(Violation(
                    "column" if axis else "row", pid,
                    Msg(f"{name} et {other_name} partagent une {fr}", f"{name} and {other_name} share a {en}"),
                ))
    return found


def _victim_room_violations(case: Case, placement: Placement) -> list[Violation]:
    victim_cell = placement.get(case.victim.id)
    if victim_cell is None:
        return []
    count = len(people_in_room(case, placement, case.room_of(victim_cell)))
    complete = len(placement) == len(case.people)
    if count > 2 or (complete and count != 2):
        return [Violation("victim_room", case.victim.id, Msg(
            "la pièce de la victime doit contenir la victime et exactement une autre personne",
            "the victim's room must hold the victim and exactly one other person",
        ))]
    return []


def is_solution(case: Case, placement: Placement) -> bool:
    """Whether a full board obeys every rule of the case."""
    return len(placement) == len(case.people) and not violations(case, placement)


def murderer(case: Case, placement: Placement) -> Person | None:
    """The other person in the victim's room on a full board (``None`` if it is not exactly one)."""
    cell = placement.get(case.victim.id)
    if cell is None:
        return None
    others = [p for p in people_in_room(case, placement, case.room_of(cell)) if not p.victim]
    return others[0] if len(others) == 1 else None


def lines_filling(case: Case, reach: int, room: int, axis: str = "row") -> tuple[list[int], int]:
    """Lines that must put people in ``room``, with the lines across them where they have places outside it.

    Every free line (row or column, by ``axis``) holds one person. If k lines that reach the room — have a
    cell of ``reach``, the cells someone may still take, in it — have their other places in only j lines
    across, at least k - j of their people stand in the room. Lines with the fewest places outside come
    first; the prefix forcing the most people is returned (``len(lines) - across.bit_count()`` of them).
    """
    size = case.size
    outside: list[tuple[int, int]] = []
    for index, line in enumerate(case.row_masks if axis == "row" else case.column_masks):
        if reach & line & room:
            cells = reach & line & ~room
            if axis == "row":
                outside.append((index, cells >> (index * size)))
            else:
                outside.append((index, sum(1 << (i // size) for i in bits(cells))))
    outside.sort(key=lambda item: item[1].bit_count())
    best: tuple[list[int], int] = ([], 0)
    chosen: list[int] = []
    across = 0
    for index, spots in outside:
        chosen.append(index)
        across |= spots
        if len(chosen) - across.bit_count() > len(best[0]) - best[1].bit_count():
            best = (list(chosen), across)
    return best


def masks_to_cells(case: Case, mask: int) -> list[Cell]:
    """The cells of a mask, row by row."""
    return [case.cell(index) for index in bits(mask)]


def cells_to_mask(case: Case, cells: Iterable[Cell]) -> int:
    """The mask of some cells."""
    return sum(1 << case.index(cell) for cell in cells)
