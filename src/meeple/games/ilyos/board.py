"""ILYOS geometry: the square board (15 × 15 by default, from the balance study; 11 × 11 and 13 × 13 as options), the sanctuary, the villages, the L-shaped islands and the setups.

Cells are ``(x, y)`` with ``(0, 0)`` at the top-left (north-west) corner, as in :mod:`meeple.core.boards`.

>>> island_cells((3, 5), 2)
((3, 5), (2, 5), (3, 4))
>>> geometry(11).mirror((1, 0))
(9, 0)
>>> sorted(geometry(11).sanctuary) == [(4, 5), (5, 4), (5, 5), (5, 6), (6, 5)]
True
>>> geometry(13).heart, sorted(geometry(13).villages["SE"])
((6, 6), [(11, 12), (12, 11), (12, 12)])
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache, cached_property

from meeple.core.boards import ORTHOGONAL, Cell, rotate_cell

SIZES: tuple[int, ...] = (11, 13, 15)
"""The board sizes offered (the ``size`` option): odd, so that the sanctuary has a centre cell."""

DEFAULT_SIZE = 15
"""The board is DEFAULT_SIZE × DEFAULT_SIZE cells unless the ``size`` option says otherwise (chosen by the
balance study, docs/rules/ilyos.md §14; the setups are written for 11 × 11 and keep their places relative
to the sanctuary and the villages on the larger boards)."""

CORNERS = ("NW", "NE", "SE", "SW")
"""The four villages, clockwise from the top-left."""

ARMS: tuple[tuple[Cell, Cell], ...] = (((1, 0), (0, 1)), ((0, 1), (-1, 0)), ((-1, 0), (0, -1)), ((0, -1), (1, 0)))
"""The two arms of an L island for orientations 0-3 (each a quarter turn clockwise of the previous)."""

DIRECTIONS: dict[str, Cell] = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}


@dataclass(frozen=True)
class Geometry:
    """The fixed ground of a ``size`` × ``size`` board: the sanctuary cross at the centre, the 3-cell
    villages in the corners, and what follows from them (rules R1-R4)."""

    size: int

    @cached_property
    def heart(self) -> Cell:
        """The centre of the sanctuary, where the crowns appear."""
        return (self.size // 2, self.size // 2)

    @cached_property
    def sanctuary(self) -> frozenset[Cell]:
        """The fixed cross of 5 cells (seed 11)."""
        x, y = self.heart
        return frozenset({(x, y), (x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)})

    @cached_property
    def sanctuary_arms(self) -> tuple[Cell, ...]:
        """The four arms of the cross, north, south, east, west (where a crown appears when a carrier
        stands on the heart; north and south first: each is as near to one player's villages as to the
        other's)."""
        x, y = self.heart
        return ((x, y - 1), (x, y + 1), (x + 1, y), (x - 1, y))

    @cached_property
    def villages(self) -> dict[str, frozenset[Cell]]:
        """Each corner's village: the corner cell and its two orthogonal neighbours."""
        last = self.size - 1
        return {
            "NW": frozenset({(0, 0), (1, 0), (0, 1)}),
            "NE": frozenset({(last, 0), (last - 1, 0), (last, 1)}),
            "SE": frozenset({(last, last), (last - 1, last), (last, last - 1)}),
            "SW": frozenset({(0, last), (1, last), (0, last - 1)}),
        }

    @cached_property
    def fixed_land(self) -> frozenset[Cell]:
        """Land that never moves: the sanctuary and the villages."""
        return self.sanctuary.union(*self.villages.values())

    def in_bounds(self, cell: Cell) -> bool:
        """Whether ``cell`` lies on the board."""
        return 0 <= cell[0] < self.size and 0 <= cell[1] < self.size

    def orthogonal_neighbours(self, cell: Cell) -> list[Cell]:
        """The orthogonal neighbours of ``cell`` on the board."""
        x, y = cell
        return [(x + dx, y + dy) for dx, dy in ORTHOGONAL if self.in_bounds((x + dx, y + dy))]

    @cached_property
    def neighbours(self) -> dict[Cell, tuple[Cell, ...]]:
        """Every cell's orthogonal neighbours on the board (the order of :meth:`orthogonal_neighbours`),
        computed once: the AI reads them at every evaluated position."""
        return {(x, y): tuple(self.orthogonal_neighbours((x, y))) for x in range(self.size) for y in range(self.size)}

    @cached_property
    def steps(self) -> dict[Cell, tuple[tuple[Cell, int], ...]]:
        """Every cell's eight neighbours on the board with the cost of the step there (orthogonal 1,
        diagonal 2: rule 9), computed once for the walks' shortest paths."""
        table: dict[Cell, tuple[tuple[Cell, int], ...]] = {}
        for x in range(self.size):
            for y in range(self.size):
                table[(x, y)] = tuple(((x + dx, y + dy), 2 if dx and dy else 1)
                                      for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                                      if (dx or dy) and self.in_bounds((x + dx, y + dy)))
        return table

    @cached_property
    def bits(self) -> dict[Cell, int]:
        """Each cell's bit in a set of cells written as an integer (cell ``(x, y)`` is bit ``y·size + x``)."""
        return {(x, y): 1 << (y * self.size + x) for x in range(self.size) for y in range(self.size)}

    @cached_property
    def fixed_mask(self) -> int:
        """:attr:`fixed_land` as an integer of :attr:`bits`."""
        return sum(self.bits[cell] for cell in self.fixed_land)

    def mask(self, cells: Iterable[Cell]) -> int:
        """Cells on the board as an integer of :attr:`bits`."""
        bits, mask = self.bits, 0
        for cell in cells:
            mask |= bits[cell]
        return mask

    def mirror(self, cell: Cell) -> Cell:
        """The symmetry that swaps the players: the reflection across the vertical middle axis.

        It maps NW ↔ NE and SW ↔ SE, so each player's villages onto the other player's.
        """
        return (self.size - 1 - cell[0], cell[1])

    @cached_property
    def void_cells(self) -> int:
        """How many cells islands may cover (everything but the sanctuary and the villages)."""
        return self.size * self.size - len(self.fixed_land)


@cache
def geometry(size: int = DEFAULT_SIZE) -> Geometry:
    """The (shared, immutable) geometry of a ``size`` × ``size`` board; ``size`` is one of :data:`SIZES`."""
    if size not in SIZES:
        raise ValueError(f"size must be one of {SIZES}, not {size}")
    return Geometry(size)


def island_cells(pivot: Cell, orientation: int) -> tuple[Cell, Cell, Cell]:
    """The three cells of an L island: its pivot (the corner) first, then its two arms."""
    (ax, ay), (bx, by) = ARMS[orientation % 4]
    return pivot, (pivot[0] + ax, pivot[1] + ay), (pivot[0] + bx, pivot[1] + by)


def rotated(cell: Cell, pivot: Cell, quarter_turns: int) -> Cell:
    """``cell`` turned clockwise around an island's pivot."""
    return rotate_cell(cell, pivot, quarter_turns)


def manhattan(a: Cell, b: Cell) -> int:
    """Distance in cells (orthogonal steps) between two cells."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


# --- symmetric duel setups ---------------------------------------------------------------------------
def mirror_orientation(orientation: int) -> int:
    """The orientation of the mirror image of an L island (the L tromino is its own mirror image)."""
    return {0: 1, 1: 0, 2: 3, 3: 2}[orientation % 4]


def west_slots(size: int) -> tuple[tuple[Cell, int], ...]:
    """Islands of the west half, in the order setups use them; each is mirrored to the east half.

    They are placed relative to the sanctuary or to the villages, so every board size keeps the same
    shapes around them (on 11 × 11: ``d6/2 c2/0 c10/3 d8/0 e4/2 a6/0``).
    """
    c, last = size // 2, size - 1
    return (
        ((c - 2, c), 2),  # beside the sanctuary's west arm
        ((2, 1), 0),  # at the gate of the north-west village
        ((2, last - 1), 3),  # at the gate of the south-west village
        ((c - 2, c + 2), 0),
        ((c - 1, c - 2), 2),
        ((0, c), 0),
    )


def team_a_starts(size: int) -> tuple[Cell, ...]:
    """Where the first team's guardians start (its villages NW and SE); the second team's are mirrored."""
    last = size - 1
    return ((1, 0), (last - 1, last), (0, 1), (last, last - 1))


SETUP_ISLANDS: tuple[int, ...] = (4, 6, 8, 10, 12)
SETUP_GUARDIANS: tuple[int, ...] = (1, 2, 3, 4)


@dataclass(frozen=True)
class Setup:
    """A symmetric duel setup: the starting islands and each team's starting guardians."""

    islands: tuple[tuple[Cell, int], ...]
    team_a: tuple[Cell, ...]
    team_b: tuple[Cell, ...]
    size: int = DEFAULT_SIZE

    @property
    def name(self) -> str:
        """A short name such as ``8i-2g`` (``8i-2g-13`` on another board than the default 15 × 15)."""
        base = f"{len(self.islands)}i-{len(self.team_a)}g"
        return base if self.size == DEFAULT_SIZE else f"{base}-{self.size}"


def setup(islands: int, guardians: int, size: int = DEFAULT_SIZE) -> Setup:
    """The symmetric setup with ``islands`` islands (4, 6, …, 12) and ``guardians`` per team (1-4)."""
    if islands not in SETUP_ISLANDS:
        raise ValueError(f"islands must be one of {SETUP_ISLANDS}, not {islands}")
    if guardians not in SETUP_GUARDIANS:
        raise ValueError(f"guardians must be one of {SETUP_GUARDIANS}, not {guardians}")
    geo = geometry(size)
    west = west_slots(size)[: islands // 2]
    east = tuple((geo.mirror(pivot), mirror_orientation(o)) for pivot, o in west)
    team_a = team_a_starts(size)[:guardians]
    return Setup(west + east, team_a, tuple(geo.mirror(cell) for cell in team_a), size)


def all_setups(size: int = DEFAULT_SIZE) -> list[Setup]:
    """Every symmetric duel setup of a board size, fewest islands first."""
    return [setup(i, g, size) for i in SETUP_ISLANDS for g in SETUP_GUARDIANS]
