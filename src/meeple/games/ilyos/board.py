"""ILYOS geometry: the 11 × 11 board, the sanctuary, the villages, the L-shaped islands and the setups.

Cells are ``(x, y)`` with ``(0, 0)`` at the top-left (north-west) corner, as in :mod:`meeple.core.boards`.

>>> island_cells((3, 5), 2)
((3, 5), (2, 5), (3, 4))
>>> mirror((1, 0))
(9, 0)
>>> sorted(SANCTUARY) == [(4, 5), (5, 4), (5, 5), (5, 6), (6, 5)]
True
"""

from __future__ import annotations

from dataclasses import dataclass

from meeple.core.boards import ORTHOGONAL, Cell, rotate_cell

SIZE = 11
"""The board is SIZE × SIZE cells."""

HEART: Cell = (5, 5)
"""The centre of the sanctuary, where the crowns appear."""

SANCTUARY: frozenset[Cell] = frozenset({HEART, (4, 5), (6, 5), (5, 4), (5, 6)})

CORNERS = ("NW", "NE", "SE", "SW")
"""The four villages, clockwise from the top-left."""

VILLAGES: dict[str, frozenset[Cell]] = {
    "NW": frozenset({(0, 0), (1, 0), (0, 1)}),
    "NE": frozenset({(10, 0), (9, 0), (10, 1)}),
    "SE": frozenset({(10, 10), (9, 10), (10, 9)}),
    "SW": frozenset({(0, 10), (1, 10), (0, 9)}),
}

FIXED_LAND: frozenset[Cell] = SANCTUARY.union(*VILLAGES.values())
"""Land that never moves: the sanctuary and the villages."""

ARMS: tuple[tuple[Cell, Cell], ...] = (((1, 0), (0, 1)), ((0, 1), (-1, 0)), ((-1, 0), (0, -1)), ((0, -1), (1, 0)))
"""The two arms of an L island for orientations 0-3 (each a quarter turn clockwise of the previous)."""

DIRECTIONS: dict[str, Cell] = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}


def in_bounds(cell: Cell) -> bool:
    """Whether ``cell`` lies on the board."""
    return 0 <= cell[0] < SIZE and 0 <= cell[1] < SIZE


def island_cells(pivot: Cell, orientation: int) -> tuple[Cell, Cell, Cell]:
    """The three cells of an L island: its pivot (the corner) first, then its two arms."""
    (ax, ay), (bx, by) = ARMS[orientation % 4]
    return pivot, (pivot[0] + ax, pivot[1] + ay), (pivot[0] + bx, pivot[1] + by)


def rotated(cell: Cell, pivot: Cell, quarter_turns: int) -> Cell:
    """``cell`` turned clockwise around an island's pivot."""
    return rotate_cell(cell, pivot, quarter_turns)


def orthogonal_neighbours(cell: Cell) -> list[Cell]:
    """The orthogonal neighbours of ``cell`` on the board."""
    x, y = cell
    return [(x + dx, y + dy) for dx, dy in ORTHOGONAL if in_bounds((x + dx, y + dy))]


def manhattan(a: Cell, b: Cell) -> int:
    """Distance in cells (orthogonal steps) between two cells."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


# --- symmetric duel setups ---------------------------------------------------------------------------
def mirror(cell: Cell) -> Cell:
    """The symmetry that swaps the players: the reflection across the vertical axis x = 5.

    It maps NW ↔ NE and SW ↔ SE, so each player's villages onto the other player's.
    """
    return (SIZE - 1 - cell[0], cell[1])


def mirror_orientation(orientation: int) -> int:
    """The orientation of the mirror image of an L island (the L tromino is its own mirror image)."""
    return {0: 1, 1: 0, 2: 3, 3: 2}[orientation % 4]


WEST_SLOTS: tuple[tuple[Cell, int], ...] = (
    ((3, 5), 2),  # beside the sanctuary's west arm
    ((2, 1), 0),  # at the gate of the north-west village
    ((2, 9), 3),  # at the gate of the south-west village
    ((3, 7), 0),
    ((4, 3), 2),
    ((0, 5), 0),
)
"""Islands of the west half (x ≤ 4), in the order setups use them; each is mirrored to the east half."""

TEAM_A_STARTS: tuple[Cell, ...] = ((1, 0), (9, 10), (0, 1), (10, 9))
"""Where the first team's guardians start (its villages NW and SE); the second team's are mirrored."""

SETUP_ISLANDS: tuple[int, ...] = (4, 6, 8, 10, 12)
SETUP_GUARDIANS: tuple[int, ...] = (1, 2, 3, 4)


@dataclass(frozen=True)
class Setup:
    """A symmetric duel setup: the starting islands and each team's starting guardians."""

    islands: tuple[tuple[Cell, int], ...]
    team_a: tuple[Cell, ...]
    team_b: tuple[Cell, ...]

    @property
    def name(self) -> str:
        """A short name such as ``8i-2g``."""
        return f"{len(self.islands)}i-{len(self.team_a)}g"


def setup(islands: int, guardians: int) -> Setup:
    """The symmetric setup with ``islands`` islands (4, 6, …, 12) and ``guardians`` per team (1-4)."""
    if islands not in SETUP_ISLANDS:
        raise ValueError(f"islands must be one of {SETUP_ISLANDS}, not {islands}")
    if guardians not in SETUP_GUARDIANS:
        raise ValueError(f"guardians must be one of {SETUP_GUARDIANS}, not {guardians}")
    west = WEST_SLOTS[: islands // 2]
    east = tuple((mirror(pivot), mirror_orientation(o)) for pivot, o in west)
    team_a = TEAM_A_STARTS[:guardians]
    return Setup(west + east, team_a, tuple(mirror(cell) for cell in team_a))


def all_setups() -> list[Setup]:
    """Every symmetric duel setup, fewest islands first."""
    return [setup(i, g) for i in SETUP_ISLANDS for g in SETUP_GUARDIANS]
