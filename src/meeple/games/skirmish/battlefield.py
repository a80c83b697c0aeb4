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
* R6 — the ZOC of a fighter is every cell it could walk to in 1..reach steps over the terrain (R2:
  never through blocking ground nor across its corners), fighters ignored; the scenario option
  ``zoc: "sight"`` makes it every cell within reach squares that it sees (no blocking cell cut by the
  segment between the centres);
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
ZOC_RULES = ("walk", "sight")
"""How blocking ground shapes a ZOC (R6): ``walk`` (default) or ``sight``."""
SHORTEST_RULES = ("length", "cost")
"""What "the shortest path" toward an opponent measures (R10): ``length`` (default) or ``cost`` (MP)."""
TERRAIN_CHARS = (OPEN, DIFFICULT, BLOCKING)
TERRAIN_NAMES = {OPEN: "open", DIFFICULT: "difficult", BLOCKING: "blocking"}


def chebyshev(a: Cell, b: Cell) -> int:
    """Steps between two cells on an open 8-neighbour grid."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def segment_enters_square(a: Cell, b: Cell, square: Cell) -> bool:
    """Whether the segment between the centres of cells ``a`` and ``b`` passes through the inside of
    cell ``square`` (a unit square around its centre); touching its edge or corner does not count.

    Exact (integers only): the segment is clipped against the open square, Liang-Barsky style, with
    coordinates doubled so that the square's edges sit at odd integers.
    """
    ax, ay, bx, by = 2 * a[0], 2 * a[1], 2 * b[0], 2 * b[1]
    low_x, high_x, low_y, high_y = 2 * square[0] - 1, 2 * square[0] + 1, 2 * square[1] - 1, 2 * square[1] + 1
    # Parameter t in [0, 1] as a fraction num/den; keep the largest entry and the smallest exit.
    enter_num, enter_den, leave_num, leave_den = 0, 1, 1, 1
    for start, delta, low, high in ((ax, bx - ax, low_x, high_x), (ay, by - ay, low_y, high_y)):
        if delta == 0:
            if not low < start < high:
                return False
            continue
        t_low, t_high = (low - start, high - start) if delta > 0 else (high - start, low - start)
        den = abs(delta)
        sign = 1 if delta > 0 else -1
        t_low, t_high = t_low * sign, t_high * sign  # t = t_num / den
        if t_low * enter_den > enter_num * den:
            enter_num, enter_den = t_low, den
        if t_high * leave_den < leave_num * den:
            leave_num, leave_den = t_high, den
    return enter_num * leave_den < leave_num * enter_den  # a stretch of positive length inside


def in_contact(a: Cell, b: Cell) -> bool:
    """Whether two cells touch by a side or a corner (R5)."""
    return chebyshev(a, b) == 1


@dataclass(frozen=True)
class Ground:
    """The terrain: ``rows[y][x]`` is ``.`` (open), ``~`` (difficult) or ``#`` (blocking), and how it acts
    on zones of control and approach paths: ``zoc`` (R6: ``walk`` or ``sight``) and ``shortest`` (R10:
    a bound fighter's shortest path measured in ``length`` or in movement ``cost``).

    Cells are also numbered ``index = y * width + x`` for the searches; ``steps[index]`` lists
    ``(neighbour index, base cost)`` for every legal step on an empty battlefield (R2).
    """

    rows: tuple[str, ...]
    zoc: str = "walk"
    shortest: str = "length"

    @classmethod
    def parse(cls, rows: Sequence[str], zoc: str = "walk", shortest: str = "length") -> Ground:
        """A ground from its rows (top row first); raises ``ValueError`` on a bad map or rule."""
        if zoc not in ZOC_RULES:
            raise ValueError(f"zoc is {zoc!r}: use one of {', '.join(ZOC_RULES)}")
        if shortest not in SHORTEST_RULES:
            raise ValueError(f"shortest is {shortest!r}: use one of {', '.join(SHORTEST_RULES)}")
        if not rows or not rows[0]:
            raise ValueError("the map needs at least one row and one column")
        width = len(rows[0])
        for y, row in enumerate(rows):
            if len(row) != width:
                raise ValueError(f"row {y} has {len(row)} cells, not {width}")
            for x, char in enumerate(row):
                if char not in TERRAIN_CHARS:
                    raise ValueError(f"cell ({x}, {y}) is {char!r}: use '.', '~' or '#'")
        return cls(tuple(rows), zoc, shortest)

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

    @cached_property
    def _zoc_memo(self) -> dict[tuple[Cell, int], tuple[Cell, ...]]:
        return {}

    def zoc_area(self, cell: Cell, reach: int) -> tuple[Cell, ...]:
        """The cells a ZOC of ``reach`` squares from ``cell`` covers on this ground (R6), row by row.

        ``walk``: every cell reachable in 1..reach steps (R2's steps: no blocking cell, no cutting its
        corner; difficult ground counts as one step; fighters do not stop a ZOC). ``sight``: every
        passable cell within ``reach`` squares (Chebyshev) whose centre the segment from ``cell``'s
        centre reaches without passing through the inside of a blocking cell.
        """
        key = (cell, reach)
        found = self._zoc_memo.get(key)
        if found is None:
            cells = self._walk_area(cell, reach) if self.zoc == "walk" else self._sight_area(cell, reach)
            found = self._zoc_memo[key] = tuple(sorted(cells, key=lambda c: (c[1], c[0])))
        return found

    def _walk_area(self, cell: Cell, reach: int) -> set[Cell]:
        start = self.index(cell)
        seen, frontier = {start}, {start}
        for _ in range(reach):  # breadth first: one layer per step
            frontier = {after for before in frontier for after, _ in self.steps[before]} - seen
            seen |= frontier
        seen.discard(start)
        return {self.cell(index) for index in seen}

    def _sight_area(self, cell: Cell, reach: int) -> set[Cell]:
        fx, fy = cell
        near = [(x, y) for y in range(max(0, fy - reach), min(self.height, fy + reach + 1))
                for x in range(max(0, fx - reach), min(self.width, fx + reach + 1))]
        walls = [c for c in near if self.terrain(c) == BLOCKING]
        return {c for c in near if c != cell and self.terrain(c) != BLOCKING
                and not any(segment_enters_square(cell, c, wall) for wall in walls)}

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
        return list(self.ground.zoc_area(fighter.cell, fighter.zoc))

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
