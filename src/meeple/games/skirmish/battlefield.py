"""The battlefield of skirmish: the ground (terrain, movement costs), the fighters and their engagements.

Rules R1–R7 of ``docs/rules/skirmish.md`` live here:

* R1 — a square grid, cells ``(x, y)`` with x to the right and y downward, 8 neighbours per cell;
* R2 — a straight step costs 2 movement points (MP), a diagonal step 3 (≈ √2 × 2); entering difficult
  terrain (``~``) costs double; blocking terrain (``#``) cannot be entered, and a diagonal step may not
  cut the corner of a blocking cell;
* R3 — a fighter has an id, a side, a cell, a movement allowance (MP), a ZOC reach, a harmless flag, a
  ``keeps_zoc`` flag ("unless stated otherwise"), hit points and a strike;
* R4 — one fighter per cell;
* R5 — two fighters are in contact when their cells touch (by a side or a corner);
* R6 — the ZOC of a fighter is every cell at Chebyshev distance 1..reach from it;
* R7 — a fighter engaged by at least one opponent that is not harmless has no ZOC (unless it
  ``keeps_zoc``).

>>> ground = Ground.parse(["...", ".#.", "..~"])
>>> ground.step_cost((0, 0), (1, 0)), ground.step_cost((1, 2), (2, 2)), ground.step_cost((0, 0), (1, 1))
(2, 4, None)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property

from meeple.core.boards import DIAGONAL, ORTHOGONAL, Cell, SquareGrid

STRAIGHT_COST = 2
"""MP to step to a side neighbour (R2)."""
DIAGONAL_COST = 3
"""MP to step to a corner neighbour (R2)."""

OPEN, DIFFICULT, BLOCKING = ".", "~", "#"
TERRAIN_CHARS = (OPEN, DIFFICULT, BLOCKING)
TERRAIN_NAMES = {OPEN: "open", DIFFICULT: "difficult", BLOCKING: "blocking"}


def chebyshev(a: Cell, b: Cell) -> int:
    """Steps between two cells on an open 8-neighbour grid."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def in_contact(a: Cell, b: Cell) -> bool:
    """Whether two cells touch by a side or a corner (R5)."""
    return chebyshev(a, b) == 1


@dataclass(frozen=True)
class Ground:
    """The terrain: ``rows[y][x]`` is ``.`` (open), ``~`` (difficult) or ``#`` (blocking).

    Cells are also numbered ``index = y * width + x`` for the searches; ``steps[index]`` lists
    ``(neighbour index, base cost)`` for every legal step on an empty battlefield (R2).
    """

    rows: tuple[str, ...]

    @classmethod
    def parse(cls, rows: Sequence[str]) -> Ground:
        """A ground from its rows (top row first); raises ``ValueError`` on a bad map."""
        if not rows or not rows[0]:
            raise ValueError("the map needs at least one row and one column")
        width = len(rows[0])
        for y, row in enumerate(rows):
            if len(row) != width:
                raise ValueError(f"row {y} has {len(row)} cells, not {width}")
            for x, char in enumerate(row):
                if char not in TERRAIN_CHARS:
                    raise ValueError(f"cell ({x}, {y}) is {char!r}: use '.', '~' or '#'")
        return cls(tuple(rows))

    @cached_property
    def width(self) -> int:
        """Number of columns."""
        return len(self.rows[0])

    @cached_property
    def height(self) -> int:
        """Number of rows."""
        return len(self.rows)

    @cached_property
    def grid(self) -> SquareGrid:
        """The grid shape (8 neighbours)."""
        return SquareGrid(self.width, self.height, diagonal=True)

    def in_bounds(self, cell: Cell) -> bool:
        """Whether ``cell`` lies on the map."""
        return 0 <= cell[0] < self.width and 0 <= cell[1] < self.height

    def terrain(self, cell: Cell) -> str:
        """The terrain character of ``cell``."""
        return self.rows[cell[1]][cell[0]]

    def passable(self, cell: Cell) -> bool:
        """Whether a fighter may stand on ``cell`` (on the map and not blocking)."""
        return self.in_bounds(cell) and self.terrain(cell) != BLOCKING

    def index(self, cell: Cell) -> int:
        """The number of ``cell`` in the searches."""
        return cell[1] * self.width + cell[0]

    def cell(self, index: int) -> Cell:
        """The cell numbered ``index``."""
        return (index % self.width, index // self.width)

    def base_cost(self, a: Cell, b: Cell) -> int | None:
        """2 or 3 MP for a legal step from ``a`` to its neighbour ``b`` before terrain, else ``None``."""
        dx, dy = b[0] - a[0], b[1] - a[1]
        if max(abs(dx), abs(dy)) != 1 or not self.passable(a) or not self.passable(b):
            return None
        if dx and dy and not (self.passable((a[0] + dx, a[1])) and self.passable((a[0], a[1] + dy))):
            return None  # cutting the corner of a blocking cell
        return DIAGONAL_COST if dx and dy else STRAIGHT_COST

    def step_cost(self, a: Cell, b: Cell) -> int | None:
        """MP to step from ``a`` to its neighbour ``b`` on an empty battlefield, or ``None`` if illegal."""
        base = self.base_cost(a, b)
        return None if base is None else base * self.factor[self.index(b)]

    @cached_property
    def factor(self) -> tuple[int, ...]:
        """Cost multiplier of entering each cell: 2 on difficult terrain, 1 elsewhere (0: blocking)."""
        table = {OPEN: 1, DIFFICULT: 2, BLOCKING: 0}
        return tuple(table[char] for row in self.rows for char in row)

    @cached_property
    def steps(self) -> tuple[tuple[tuple[int, int], ...], ...]:
        """For each cell index, the ``(neighbour index, base cost)`` of every legal step (R2)."""
        width, height = self.width, self.height
        passable = [char != BLOCKING for row in self.rows for char in row]
        offsets = [(dx, dy, DIAGONAL_COST if dx and dy else STRAIGHT_COST) for dx, dy in ORTHOGONAL + DIAGONAL]
        result: list[tuple[tuple[int, int], ...]] = []
        for y in range(height):
            for x in range(width):
                here = y * width + x
                if not passable[here]:
                    result.append(())
                    continue
                options = []
                for dx, dy, base in offsets:
                    nx, ny = x + dx, y + dy
                    if not (0 <= nx < width and 0 <= ny < height and passable[ny * width + nx]):
                        continue
                    if dx and dy and not (passable[y * width + nx] and passable[ny * width + x]):
                        continue  # no cutting the corner of a blocking cell
                    options.append((ny * width + nx, base))
                result.append(tuple(options))
        return tuple(result)

    def neighbours(self, cell: Cell) -> Iterator[Cell]:
        """The cells touching ``cell`` on the map (whatever their terrain)."""
        return self.grid.neighbours(cell)


@dataclass(frozen=True)
class Fighter:
    """A fighter (R3). ``move`` is its allowance in MP, ``zoc`` the reach of its zone of control.

    ``harmless`` fighters cannot strike and engaging an opponent does not take its ZOC away (R7);
    ``keeps_zoc`` is the seed's "unless stated otherwise": such a fighter keeps its ZOC when engaged.
    """

    id: str
    side: int
    cell: Cell
    move: int = 10
    zoc: int = 2
    harmless: bool = False
    keeps_zoc: bool = False
    hits: int = 2
    max_hits: int = 2
    strike: int = 1

    def moved_to(self, cell: Cell) -> Fighter:
        """The same fighter on another cell."""
        return replace(self, cell=cell)

    def to_json(self) -> dict[str, object]:
        """The fighter as JSON (the shape of a scenario's ``fighters[i]`` plus ``hits``)."""
        return {
            "id": self.id,
            "side": self.side,
            "at": list(self.cell),
            "move": self.move,
            "zoc": self.zoc,
            "harmless": self.harmless,
            "keeps_zoc": self.keeps_zoc,
            "hits": self.hits,
            "max_hits": self.max_hits,
            "strike": self.strike,
        }


Pair = frozenset[str]


def pair(a: str, b: str) -> Pair:
    """The engagement between fighters ``a`` and ``b``."""
    return frozenset((a, b))


@dataclass(frozen=True)
class Battlefield:
    """A ground, the fighters on it and the engagements between them (a snapshot: immutable)."""

    ground: Ground
    fighters: tuple[Fighter, ...]
    engagements: frozenset[Pair] = field(default_factory=frozenset)

    @cached_property
    def by_id(self) -> dict[str, Fighter]:
        """Fighters by id."""
        return {fighter.id: fighter for fighter in self.fighters}

    @cached_property
    def occupant(self) -> dict[Cell, str]:
        """The id of the fighter on each occupied cell."""
        return {fighter.cell: fighter.id for fighter in self.fighters}

    def fighter(self, fighter_id: str) -> Fighter:
        """The fighter called ``fighter_id`` (``KeyError`` if there is none)."""
        return self.by_id[fighter_id]

    def opponents(self, fighter_id: str) -> list[Fighter]:
        """The fighters of the other side."""
        side = self.fighter(fighter_id).side
        return [other for other in self.fighters if other.side != side]

    def engaged_with(self, fighter_id: str) -> list[str]:
        """Ids of the opponents ``fighter_id`` is engaged with, sorted."""
        return sorted(other for engagement in self.engagements if fighter_id in engagement
                      for other in engagement if other != fighter_id)

    def in_contact_with(self, fighter_id: str) -> list[str]:
        """Ids of the opponents whose cells touch this fighter's cell, sorted (R5)."""
        cell = self.fighter(fighter_id).cell
        return sorted(other.id for other in self.opponents(fighter_id) if in_contact(cell, other.cell))

    def has_zoc(self, fighter_id: str) -> bool:
        """Whether the fighter exerts its zone of control now (R6, R7)."""
        fighter = self.fighter(fighter_id)
        if fighter.zoc <= 0:
            return False
        if fighter.keeps_zoc:
            return True
        return not any(not self.fighter(other).harmless for other in self.engaged_with(fighter_id))

    def zoc_cells(self, fighter_id: str) -> list[Cell]:
        """The cells of the fighter's zone of control (empty when it has none), row by row (R6)."""
        if not self.has_zoc(fighter_id):
            return []
        fighter = self.fighter(fighter_id)
        (fx, fy), reach = fighter.cell, fighter.zoc
        return [(x, y)
                for y in range(max(0, fy - reach), min(self.ground.height, fy + reach + 1))
                for x in range(max(0, fx - reach), min(self.ground.width, fx + reach + 1))
                if (x, y) != fighter.cell]

    def with_fighters(self, fighters: Iterable[Fighter], engagements: frozenset[Pair]) -> Battlefield:
        """Another snapshot on the same ground."""
        return Battlefield(self.ground, tuple(sorted(fighters, key=lambda f: f.id)), engagements)

    def contact_engagements(self) -> frozenset[Pair]:
        """Every pair of opponents in contact (the engagements a scenario starts with)."""
        pairs = set()
        for fighter in self.fighters:
            for other in self.in_contact_with(fighter.id):
                pairs.add(pair(fighter.id, other))
        return frozenset(pairs)
