"""Boards shared by the games: square grids, hex grids in axial coordinates, and directed node graphs.

>>> grid = SquareGrid(3, 3)
>>> sorted(grid.neighbours((0, 0)))
[(0, 1), (1, 0)]
>>> SquareGrid(3, 3, diagonal=True).distance((0, 0), (2, 1))
2
>>> hex_neighbour((0, 0), HexDirection.E)
(1, 0)
>>> g = Graph(); g.add_edge("a", "b"); g.add_edge("b", "c", directed=True)
>>> g.shortest_path("a", "c"), g.shortest_path("c", "a")
(['a', 'b', 'c'], None)
"""

from __future__ import annotations

from collections import deque
from collections.abc import Hashable, Iterator
from dataclasses import dataclass, field
from enum import Enum
from typing import Generic, TypeVar

Cell = tuple[int, int]
"""A square-grid cell as (x, y): x grows to the right, y grows downward; (0, 0) is the top-left."""

ORTHOGONAL: tuple[Cell, ...] = ((1, 0), (0, 1), (-1, 0), (0, -1))
DIAGONAL: tuple[Cell, ...] = ((1, 1), (-1, 1), (-1, -1), (1, -1))


@dataclass(frozen=True)
class SquareGrid:
    """A width × height square grid with 4 neighbours, or 8 when ``diagonal`` is true."""

    width: int
    height: int
    diagonal: bool = False

    def __post_init__(self) -> None:
        if self.width <= 0 or self.height <= 0:
            raise ValueError(f"grid size must be positive, got {self.width}x{self.height}")

    @property
    def steps(self) -> tuple[Cell, ...]:
        """The (dx, dy) offsets to a neighbour."""
        return ORTHOGONAL + DIAGONAL if self.diagonal else ORTHOGONAL

    def in_bounds(self, cell: Cell) -> bool:
        """Whether ``cell`` lies on the grid."""
        return 0 <= cell[0] < self.width and 0 <= cell[1] < self.height

    def cells(self) -> Iterator[Cell]:
        """Every cell, row by row from the top-left."""
        for y in range(self.height):
            for x in range(self.width):
                yield (x, y)

    def neighbours(self, cell: Cell) -> Iterator[Cell]:
        """The neighbours of ``cell`` that lie on the grid."""
        x, y = cell
        for dx, dy in self.steps:
            other = (x + dx, y + dy)
            if self.in_bounds(other):
                yield other

    def distance(self, a: Cell, b: Cell) -> int:
        """Steps between two cells on an empty grid: Manhattan with 4 neighbours, Chebyshev with 8."""
        dx, dy = abs(a[0] - b[0]), abs(a[1] - b[1])
        return max(dx, dy) if self.diagonal else dx + dy


def is_diagonal_step(a: Cell, b: Cell) -> bool:
    """Whether ``a`` and ``b`` touch by a corner only."""
    return abs(a[0] - b[0]) == 1 and abs(a[1] - b[1]) == 1


def rotate_cell(cell: Cell, pivot: Cell, quarter_turns: int) -> Cell:
    """``cell`` turned clockwise (on screen, y downward) around ``pivot`` by ``quarter_turns`` × 90°.

    >>> rotate_cell((1, 0), (0, 0), 1)
    (0, 1)
    """
    x, y = cell[0] - pivot[0], cell[1] - pivot[1]
    for _ in range(quarter_turns % 4):
        x, y = -y, x
    return (x + pivot[0], y + pivot[1])


# --- hex grids -----------------------------------------------------------------------------------
Hex = tuple[int, int]
"""A hex cell in axial coordinates (q, r), pointy-top hexes: east is (+1, 0), south-east is (0, +1)."""


class HexDirection(Enum):
    """The six directions of the Universal Hive Protocol, clockwise from east.

    Each carries its axial offset and how UHP writes "the neighbour in this direction of piece P":
    ``P-`` (east), ``P\\`` (south-east), ``/P`` (south-west), ``-P`` (west), ``\\P`` (north-west),
    ``P/`` (north-east).
    """

    E = (1, 0, "", "-")
    SE = (0, 1, "", "\\")
    SW = (-1, 1, "/", "")
    W = (-1, 0, "-", "")
    NW = (0, -1, "\\", "")
    NE = (1, -1, "", "/")

    def __init__(self, dq: int, dr: int, uhp_prefix: str, uhp_suffix: str) -> None:
        self.dq = dq
        self.dr = dr
        self.uhp_prefix = uhp_prefix
        self.uhp_suffix = uhp_suffix

    @property
    def offset(self) -> Hex:
        """The axial (dq, dr) step."""
        return (self.dq, self.dr)

    @property
    def opposite(self) -> HexDirection:
        """The direction pointing the other way."""
        return HEX_DIRECTIONS[(HEX_DIRECTIONS.index(self) + 3) % 6]

    def turned(self, sixths: int) -> HexDirection:
        """The direction turned clockwise by ``sixths`` × 60°."""
        return HEX_DIRECTIONS[(HEX_DIRECTIONS.index(self) + sixths) % 6]


HEX_DIRECTIONS: tuple[HexDirection, ...] = tuple(HexDirection)
HEX_OFFSETS: tuple[Hex, ...] = tuple(direction.offset for direction in HEX_DIRECTIONS)


def hex_neighbour(cell: Hex, direction: HexDirection) -> Hex:
    """The neighbour of ``cell`` in ``direction``."""
    return (cell[0] + direction.dq, cell[1] + direction.dr)


def hex_neighbours(cell: Hex) -> list[Hex]:
    """The six neighbours of ``cell``, clockwise from east."""
    q, r = cell
    return [(q + dq, r + dr) for dq, dr in HEX_OFFSETS]


def hex_distance(a: Hex, b: Hex) -> int:
    """Steps between two hexes.

    >>> hex_distance((0, 0), (2, -1))
    2
    """
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def hex_direction_between(a: Hex, b: Hex) -> HexDirection | None:
    """The direction from ``a`` to its neighbour ``b``, or ``None`` if they do not touch."""
    offset = (b[0] - a[0], b[1] - a[1])
    for direction in HEX_DIRECTIONS:
        if direction.offset == offset:
            return direction
    return None


# --- node graphs ---------------------------------------------------------------------------------
N = TypeVar("N", bound=Hashable)


@dataclass
class Graph(Generic[N]):
    """Nodes with optional drawing positions, joined by directed edges (an undirected edge is two)."""

    positions: dict[N, tuple[float, float]] = field(default_factory=dict)
    _out: dict[N, list[N]] = field(default_factory=dict)
    _in: dict[N, list[N]] = field(default_factory=dict)

    def add_node(self, node: N, position: tuple[float, float] = (0.0, 0.0)) -> None:
        """Add ``node`` (or move it to ``position`` if it exists)."""
        self.positions[node] = position
        self._out.setdefault(node, [])
        self._in.setdefault(node, [])

    def add_edge(self, a: N, b: N, directed: bool = False) -> None:
        """Join ``a`` to ``b`` (and ``b`` to ``a`` unless ``directed``); unknown nodes are added."""
        for node in (a, b):
            if node not in self._out:
                self.add_node(node)
        if b not in self._out[a]:
            self._out[a].append(b)
            self._in[b].append(a)
        if not directed and a not in self._out[b]:
            self._out[b].append(a)
            self._in[a].append(b)

    @property
    def nodes(self) -> list[N]:
        """Every node, in insertion order."""
        return list(self._out)

    def __contains__(self, node: object) -> bool:
        return node in self._out

    def successors(self, node: N) -> list[N]:
        """Nodes reachable from ``node`` by one edge."""
        return self._out[node]

    def predecessors(self, node: N) -> list[N]:
        """Nodes from which one edge leads to ``node``."""
        return self._in[node]

    def has_edge(self, a: N, b: N) -> bool:
        """Whether an edge leads from ``a`` to ``b``."""
        return a in self._out and b in self._out[a]

    def distances_from(self, start: N) -> dict[N, int]:
        """Edge counts from ``start`` to every node it reaches (breadth-first)."""
        distances = {start: 0}
        queue = deque([start])
        while queue:
            node = queue.popleft()
            for other in self._out[node]:
                if other not in distances:
                    distances[other] = distances[node] + 1
                    queue.append(other)
        return distances

    def shortest_path(self, start: N, goal: N) -> list[N] | None:
        """A shortest list of nodes from ``start`` to ``goal`` (both included), or ``None``."""
        parents: dict[N, N | None] = {start: None}
        queue = deque([start])
        while queue:
            node = queue.popleft()
            if node == goal:
                path = [node]
                while (parent := parents[path[-1]]) is not None:
                    path.append(parent)
                return path[::-1]
            for other in self._out[node]:
                if other not in parents:
                    parents[other] = node
                    queue.append(other)
        return None
