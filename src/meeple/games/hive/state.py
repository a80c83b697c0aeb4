"""The Hive rules: a position with make/unmake and the move generator (see docs/rules/hive.md).

A move is a tuple ``(piece, destination cell, swap)``: a placement when the piece is in hand, a
Centipede swap (the mover and the single piece on the destination trade places) when ``swap`` is 1,
otherwise a movement — by the piece itself or thrown by a Pillbug, which ends the same way. ``PASS`` is
``(-1, -1, 0)``. Moves are deduplicated, as the UHP reference engine does.
"""

from __future__ import annotations

from meeple.games.hive.board import DIRS, LEFT, ORIGIN, RIGHT, Board, articulation_points, splitmix64
from meeple.games.hive.pieces import (
    ANT,
    BEETLE,
    CENTIPEDE,
    GRASSHOPPER,
    LADYBUG,
    MOSQUITO,
    PILLBUG,
    QUEEN,
    SPIDER,
    GameType,
)

Move = tuple[int, int, int]
PASS: Move = (-1, -1, 0)

ONGOING, WHITE_WINS, BLACK_WINS, DRAW = 0, 1, 2, 3

_PLY_KEYS = tuple(splitmix64(0xABCDEF0000 + index) for index in range(10))
_LAST_KEYS = tuple(splitmix64(0x1234560000 + index) for index in range(64))
_SWAP_KEY = splitmix64(0x5A5A5A5A)

Undo = tuple[Move, int, tuple[int, ...], bool]

_PINNED_CACHE: dict[int, set[int]] = {}
_PINNED_CACHE_SIZE = 50_000


class HiveState:
    """A Hive position: the board, the ply, the piece(s) moved by the last move, and the undo stack."""

    def __init__(self, game_type: GameType) -> None:
        self.game_type = game_type
        pieces = game_type.pieces
        self.colour_of: list[int] = [piece.colour for piece in pieces]
        self.bug_of: list[str] = [piece.bug for piece in pieces]
        self.board = Board(len(pieces))
        self.ply = 0
        self.last_moved: tuple[int, ...] = ()
        """Pieces the previous move placed or moved (two for a swap: the swapper, then its partner)."""
        self.last_swap = False
        self.history: list[Undo] = []
        self.queen: tuple[int, int] = (
            next(p.id for p in pieces if p.bug == QUEEN and p.colour == 0),
            next(p.id for p in pieces if p.bug == QUEEN and p.colour == 1),
        )
        self.own: tuple[list[int], list[int]] = (
            [p.id for p in pieces if p.colour == 0],
            [p.id for p in pieces if p.colour == 1],
        )
        self.kinds: tuple[list[list[int]], list[list[int]]] = ([], [])
        for colour in (0, 1):
            for bug in game_type.kinds():
                group = [p.id for p in pieces if p.colour == colour and p.bug == bug]
                self.kinds[colour].append(group)

    # --- facts ------------------------------------------------------------------------------------
    @property
    def colour_to_move(self) -> int:
        """0 for white, 1 for black."""
        return self.ply & 1

    def hash(self) -> int:
        """A 64-bit Zobrist hash of everything that decides the legal moves."""
        key = self.board.zobrist ^ _PLY_KEYS[self.ply if self.ply < 8 else 8 + (self.ply & 1)]
        for piece in self.last_moved:
            key ^= _LAST_KEYS[piece]
        return key ^ _SWAP_KEY if self.last_swap else key

    def result(self) -> int:
        """ONGOING, WHITE_WINS, BLACK_WINS or DRAW (a surrounded queen loses; both at once draw)."""
        stacks = self.board.stacks
        surrounded = []
        for queen in self.queen:
            cell = self.board.where[queen]
            surrounded.append(cell != -1 and all(cell + step in stacks for step in DIRS))
        if surrounded[0] and surrounded[1]:
            return DRAW
        if surrounded[0]:
            return BLACK_WINS
        return WHITE_WINS if surrounded[1] else ONGOING

    def in_hand(self, colour: int) -> list[int]:
        """The next piece of each kind ``colour`` may place (lowest number first), kinds in order."""
        where = self.board.where
        found = []
        for group in self.kinds[colour]:
            for piece in group:
                if where[piece] == -1:
                    found.append(piece)
                    break
        return found

    # --- make / unmake ----------------------------------------------------------------------------
    def play(self, move: Move) -> None:
        """Make ``move`` (assumed legal: the caller checks)."""
        piece, dest, swap = move
        board = self.board
        source = -1
        if piece < 0:
            moved: tuple[int, ...] = ()
        elif board.where[piece] == -1:
            board.put(piece, dest)
            moved = (piece,)
        elif swap:
            partner = board.stacks[dest][0]
            source = board.take(piece)
            board.take(partner)
            board.put(piece, dest)
            board.put(partner, source)
            moved = (piece, partner)
        else:
            source = board.take(piece)
            board.put(piece, dest)
            moved = (piece,)
        self.history.append((move, source, self.last_moved, self.last_swap))
        self.last_moved = moved
        self.last_swap = bool(swap) and piece >= 0
        self.ply += 1

    def undo(self) -> Move:
        """Unmake the last move and return it."""
        move, source, last_moved, last_swap = self.history.pop()
        piece, dest, swap = move
        board = self.board
        if piece >= 0:
            if source == -1:
                board.take(piece)
            elif swap:
                partner = board.stacks[source][0]
                board.take(piece)
                board.take(partner)
                board.put(piece, source)
                board.put(partner, dest)
            else:
                board.take(piece)
                board.put(piece, source)
        self.last_moved = last_moved
        self.last_swap = last_swap
        self.ply -= 1
        return move

    def copy(self) -> HiveState:
        """An independent copy, undo history included."""
        clone = HiveState.__new__(HiveState)
        clone.__dict__.update(self.__dict__)
        clone.board = self.board.copy()
        clone.history = list(self.history)
        return clone

    # --- move generation --------------------------------------------------------------------------
    def moves(self) -> list[Move]:
        """Every legal move; ``[PASS]`` when the side to move has none; ``[]`` once the game is over."""
        if self.result() != ONGOING:
            return []
        found: set[Move] = set()
        colour = self.ply & 1
        self._placements(colour, found)
        if self.board.where[self.queen[colour]] != -1:
            self._movements(colour, found)
        return list(found) if found else [PASS]

    def _placements(self, colour: int, found: set[Move]) -> None:
        turn = self.ply // 2 + 1
        queen = self.queen[colour]
        hand = self.in_hand(colour)
        if turn == 1:
            hand = [piece for piece in hand if piece != queen]
        elif turn == 4 and self.board.where[queen] == -1:
            hand = [queen]
        if not hand:
            return
        for cell in self.placement_cells(colour):
            for piece in hand:
                found.add((piece, cell, 0))

    def placement_cells(self, colour: int) -> list[int]:
        """Empty cells where ``colour`` may place: touching its own pieces and none of the opponent's."""
        if self.ply == 0:
            return [ORIGIN]
        if self.ply == 1:
            return [ORIGIN + step for step in DIRS]
        stacks = self.board.stacks
        colour_of = self.colour_of
        candidates: set[int] = set()
        for cell, stack in stacks.items():
            if colour_of[stack[-1]] == colour:
                for step in DIRS:
                    if cell + step not in stacks:
                        candidates.add(cell + step)
        cells = []
        for cell in candidates:
            for step in DIRS:
                near = stacks.get(cell + step)
                if near is not None and colour_of[near[-1]] != colour:
                    break
            else:
                cells.append(cell)
        return cells

    def pinned_cells(self) -> set[int]:
        """The articulation points of the hive, cached by board hash (computed once per position)."""
        key = self.board.zobrist
        cached = _PINNED_CACHE.get(key)
        if cached is None:
            if len(_PINNED_CACHE) > _PINNED_CACHE_SIZE:
                _PINNED_CACHE.clear()
            cached = _PINNED_CACHE[key] = articulation_points(self.board.stacks)
        return cached

    def frozen(self, colour: int) -> set[int]:
        """Pieces of ``colour`` that cannot move, act or be swapped this turn: thrown by a Pillbug last move."""
        if self.last_swap:
            return set()
        return {piece for piece in self.last_moved if self.colour_of[piece] == colour}

    def _movements(self, colour: int, found: set[Move]) -> None:
        board = self.board
        stacks = board.stacks
        where = board.where
        bug_of = self.bug_of
        pinned_cells = self.pinned_cells()
        frozen = self.frozen(colour)
        for piece in self.own[colour]:
            cell = where[piece]
            if cell == -1 or piece in frozen:
                continue
            stack = stacks[cell]
            if stack[-1] != piece:
                continue
            level = len(stack) - 1
            pinned = level == 0 and cell in pinned_cells
            bug = bug_of[piece]
            if bug == MOSQUITO:
                self._mosquito_moves(piece, cell, level, pinned, pinned_cells, frozen, found)
            elif bug == CENTIPEDE:
                self._centipede_moves(piece, cell, pinned, frozen, found)
            else:
                if not pinned:
                    self._lifted_moves(piece, cell, bug, found)
                if bug == PILLBUG:
                    self._pillbug_throws(cell, pinned_cells, found)

    def _mosquito_moves(
        self, piece: int, cell: int, level: int, pinned: bool, pinned_cells: set[int], frozen: set[int], found: set[Move]
    ) -> None:
        if level > 0:
            self._lifted_moves(piece, cell, BEETLE, found)
            return
        stacks = self.board.stacks
        copied = set()
        for step in DIRS:
            stack = stacks.get(cell + step)
            if stack is not None:
                copied.add(self.bug_of[stack[-1]])
        copied.discard(MOSQUITO)
        for bug in copied:
            if bug == CENTIPEDE:
                self._centipede_moves(piece, cell, pinned, frozen, found)
            elif not pinned:
                self._lifted_moves(piece, cell, bug, found)
        if PILLBUG in copied:
            self._pillbug_throws(cell, pinned_cells, found)

    def _lifted_moves(self, piece: int, cell: int, bug: str, found: set[Move]) -> None:
        """Moves made with ``piece`` lifted off the board (so it never props up its own path)."""
        stacks = self.board.stacks
        stack = stacks[cell]
        stack.pop()
        emptied = not stack
        if emptied:
            del stacks[cell]
        try:
            if bug in (QUEEN, PILLBUG, CENTIPEDE):
                targets: set[int] | list[int] = _slides(stacks, cell)
            elif bug == SPIDER:
                targets = _spider(stacks, cell)
            elif bug == ANT:
                targets = _ant(stacks, cell)
            elif bug == BEETLE:
                targets = _beetle_steps(stacks, cell)
            elif bug == GRASSHOPPER:
                targets = _grasshopper(stacks, cell)
            elif bug == LADYBUG:
                targets = _ladybug(stacks, cell)
            else:
                targets = []
        finally:
            if emptied:
                stacks[cell] = stack
            stack.append(piece)
        for target in targets:
            found.add((piece, target, 0))

    def _centipede_moves(self, piece: int, cell: int, pinned: bool, frozen: set[int], found: set[Move]) -> None:
        """Swap with every adjacent single piece; only when there is none, slide one space."""
        stacks = self.board.stacks
        forbidden = self._no_return_partner(piece)
        touches_single = False
        for step in DIRS:
            stack = stacks.get(cell + step)
            if stack is None or len(stack) != 1:
                continue
            touches_single = True
            partner = stack[0]
            if partner in frozen or partner == forbidden:
                continue
            found.add((piece, cell + step, 1))
        if not touches_single and not pinned:
            self._lifted_moves(piece, cell, CENTIPEDE, found)

    def _no_return_partner(self, piece: int) -> int:
        """The piece ``piece`` may not swap with this turn (exception 1 of the Centipede), or -1."""
        if not self.last_swap:
            return -1
        swapper, partner = self.last_moved
        if partner != piece or self.colour_of[swapper] == self.colour_of[partner]:
            return -1
        return swapper if self.bug_of[partner] in (CENTIPEDE, MOSQUITO) else -1

    def _pillbug_throws(self, cell: int, pinned_cells: set[int], found: set[Move]) -> None:
        """The Pillbug's ability from ``cell``: lift an adjacent single piece over itself to an empty cell."""
        stacks = self.board.stacks
        empties = [index for index in range(6) if cell + DIRS[index] not in stacks]
        if not empties:
            return
        untouchable = self.last_moved
        for index in range(6):
            source = cell + DIRS[index]
            stack = stacks.get(source)
            if stack is None or len(stack) != 1 or source in pinned_cells or stack[0] in untouchable:
                continue
            if _height(stacks, cell + LEFT[index]) > 1 and _height(stacks, cell + RIGHT[index]) > 1:
                continue  # gated on the way up onto the Pillbug
            for target_index in empties:
                if (
                    _height(stacks, cell + LEFT[target_index]) > 1
                    and _height(stacks, cell + RIGHT[target_index]) > 1
                ):
                    continue  # gated on the way down
                found.add((stack[0], cell + DIRS[target_index], 0))


# --- movement patterns (the moving piece is already lifted off the board) --------------------------
def _height(stacks: dict[int, list[int]], cell: int) -> int:
    stack = stacks.get(cell)
    return len(stack) if stack else 0


def _slides(stacks: dict[int, list[int]], cell: int) -> list[int]:
    """Ground cells one slide away: empty, through a free gate, keeping in touch with the hive."""
    targets = []
    for index in range(6):
        target = cell + DIRS[index]
        if target not in stacks and ((cell + LEFT[index] in stacks) != (cell + RIGHT[index] in stacks)):
            targets.append(target)
    return targets


def _ant(stacks: dict[int, list[int]], start: int) -> set[int]:
    seen = {start}
    frontier = [start]
    steps = tuple(zip(DIRS, LEFT, RIGHT, strict=True))
    while frontier:
        cell = frontier.pop()
        for step, left, right in steps:
            target = cell + step
            if target in seen or target in stacks:
                continue
            if (cell + left in stacks) != (cell + right in stacks):
                seen.add(target)
                frontier.append(target)
    seen.discard(start)
    return seen


def _spider(stacks: dict[int, list[int]], start: int) -> set[int]:
    targets = set()
    for first in _slides(stacks, start):
        for second in _slides(stacks, first):
            if second == start:
                continue
            for third in _slides(stacks, second):
                if third != first and third != start:
                    targets.add(third)
    return targets


def _grasshopper(stacks: dict[int, list[int]], cell: int) -> list[int]:
    targets = []
    for step in DIRS:
        target = cell + step
        if target not in stacks:
            continue
        while target in stacks:
            target += step
        targets.append(target)
    return targets


def _beetle_steps(stacks: dict[int, list[int]], cell: int) -> list[int]:
    """One step on or off the hive, with freedom to move in three dimensions (Mzinga's rule)."""
    current = _height(stacks, cell)
    targets = []
    for index in range(6):
        target = cell + DIRS[index]
        dest = _height(stacks, target)
        left = _height(stacks, cell + LEFT[index])
        right = _height(stacks, cell + RIGHT[index])
        if current == 0 and dest == 0 and left == 0 and right == 0:
            continue
        if dest < left and dest < right and current < left and current < right:
            continue
        targets.append(target)
    return targets


def _ladybug(stacks: dict[int, list[int]], start: int) -> set[int]:
    targets = set()
    for first in _beetle_steps(stacks, start):
        if first not in stacks:
            continue
        for second in _beetle_steps(stacks, first):
            if second not in stacks:
                continue
            for third in _beetle_steps(stacks, second):
                if third not in stacks and third != start:
                    targets.add(third)
    return targets
