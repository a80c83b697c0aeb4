"""The Hive board: axial hexes packed into ints, stacks of pieces, a Zobrist hash, articulation points.

A cell is one int: ``(q + OFFSET) * WIDTH + (r + OFFSET)``, so a step in a direction is one addition
(:data:`DIRS`, clockwise from east, the order of :class:`meeple.core.boards.HexDirection`). A stack is a
list of piece ids, bottom first; only occupied cells appear in ``stacks``.

>>> cell_at(0, 0) == ORIGIN, axial(cell_at(3, -2))
(True, (3, -2))
>>> [axial(ORIGIN + step) for step in DIRS] == [d.offset for d in HEX_DIRECTIONS]
True
"""

from __future__ import annotations

from meeple.core.boards import HEX_DIRECTIONS, Hex

WIDTH = 1 << 16
OFFSET = 1 << 15
ORIGIN = OFFSET * WIDTH + OFFSET
DIRS: tuple[int, ...] = tuple(d.dq * WIDTH + d.dr for d in HEX_DIRECTIONS)
"""Cell steps east, south-east, south-west, west, north-west, north-east."""
LEFT: tuple[int, ...] = tuple(DIRS[i - 1] for i in range(6))
"""For the step ``DIRS[i]``, the step to the first cell both ends of it touch (counter-clockwise side)."""
RIGHT: tuple[int, ...] = tuple(DIRS[(i + 1) % 6] for i in range(6))
"""For the step ``DIRS[i]``, the step to the other cell both ends of it touch (clockwise side)."""

_MASK = (1 << 64) - 1


def cell_at(q: int, r: int) -> int:
    """The packed cell of axial ``(q, r)``."""
    return (q + OFFSET) * WIDTH + (r + OFFSET)


def axial(cell: int) -> Hex:
    """The axial ``(q, r)`` of a packed cell."""
    return (cell // WIDTH - OFFSET, cell % WIDTH - OFFSET)


def neighbours(cell: int) -> list[int]:
    """The six neighbouring cells, clockwise from east."""
    return [cell + step for step in DIRS]


def splitmix64(value: int) -> int:
    """A well-mixed 64-bit number from ``value`` (the same in every run: Zobrist keys need that)."""
    value = (value + 0x9E3779B97F4A7C15) & _MASK
    value = ((value ^ (value >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    value = ((value ^ (value >> 27)) * 0x94D049BB133111EB) & _MASK
    return value ^ (value >> 31)


_ZOBRIST: dict[int, int] = {}


def zobrist_key(piece: int, cell: int, level: int) -> int:
    """The Zobrist key of ``piece`` standing at ``level`` (0 = ground) of ``cell``."""
    index = (((piece << 5) | level) << 40) | cell
    key = _ZOBRIST.get(index)
    if key is None:
        key = _ZOBRIST[index] = splitmix64(index)
    return key


class Board:
    """Stacks of pieces on hex cells, where each piece stands, and an incremental Zobrist hash."""

    __slots__ = ("stacks", "where", "zobrist")

    def __init__(self, piece_count: int) -> None:
        self.stacks: dict[int, list[int]] = {}
        self.where: list[int] = [-1] * piece_count
        """The cell of each piece, -1 while it is in its owner's hand."""
        self.zobrist = 0

    def put(self, piece: int, cell: int) -> None:
        """Put ``piece`` on top of ``cell`` (on the ground if the cell is empty)."""
        stack = self.stacks.get(cell)
        if stack is None:
            stack = self.stacks[cell] = []
        self.zobrist ^= zobrist_key(piece, cell, len(stack))
        stack.append(piece)
        self.where[piece] = cell

    def take(self, piece: int) -> int:
        """Lift ``piece`` (which must be on top of its stack) off the board; returns the cell it left."""
        cell = self.where[piece]
        stack = self.stacks[cell]
        stack.pop()
        self.zobrist ^= zobrist_key(piece, cell, len(stack))
        if not stack:
            del self.stacks[cell]
        self.where[piece] = -1
        return cell

    def height(self, cell: int) -> int:
        """How many pieces stand on ``cell``."""
        stack = self.stacks.get(cell)
        return len(stack) if stack else 0

    def top(self, cell: int) -> int:
        """The piece on top of ``cell``, or -1 if it is empty."""
        stack = self.stacks.get(cell)
        return stack[-1] if stack else -1

    def copy(self) -> Board:
        """An independent copy."""
        clone = Board(0)
        clone.stacks = {cell: list(stack) for cell, stack in self.stacks.items()}
        clone.where = list(self.where)
        clone.zobrist = self.zobrist
        return clone


def articulation_points(stacks: dict[int, list[int]]) -> set[int]:
    """The occupied cells whose removal splits the hive (Tarjan's low-link, one pass per position)."""
    points: set[int] = set()
    if len(stacks) < 3:
        return points
    adjacency = {cell: [cell + step for step in DIRS if cell + step in stacks] for cell in stacks}
    order: dict[int, int] = {}
    low: dict[int, int] = {}

    def visit(cell: int, parent: int) -> int:
        """Number ``cell``, explore below it, and return its low-link; marks articulation points."""
        rank = low[cell] = order[cell] = len(order)
        children = 0
        for other in adjacency[cell]:
            if other == parent:
                continue
            seen = order.get(other)
            if seen is None:
                children += 1
                other_low = visit(other, cell)
                if other_low < low[cell]:
                    low[cell] = other_low
                if parent != -1 and other_low >= rank:
                    points.add(cell)
            elif seen < low[cell]:
                low[cell] = seen
        if parent == -1 and children > 1:
            points.add(cell)
        return low[cell]

    visit(next(iter(stacks)), -1)
    return points
