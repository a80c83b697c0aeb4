"""Tic-tac-toe as a meeple engine: the smallest game that exercises the whole :class:`~meeple.core.game.Game`
protocol (the template of docs/adding-a-game.md — copy this package, rename it, change the rules).

The board is nine cells, numbered 0-8 row by row from the top left, named ``a1`` … ``c3`` (column letter,
row number from the top). X (seat 0) moves first; three in a row wins; a full board without one is a draw.

A move is the cell's number: ``move_to_json`` gives it, ``move_from_json`` takes it back (anything else is
an :class:`~meeple.core.errors.IllegalMoveError`); ``move_text`` and ``parse_move`` use the cell's name.
``view(seat)`` is the whole position (nothing is hidden): ``{"board": "X.O......", "to_move": 1}``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Self

from meeple.core.errors import FormatError, IllegalMoveError, MeepleError
from meeple.core.game import JSON, Game, Outcome
from meeple.core.i18n import Msg

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
"""The eight rows, columns and diagonals."""
MARKS = "XO"
OPTIONS: dict[str, JSON] = {}
"""The game has no options (an engine with some checks each one and names a bad one: see ``new``)."""


def cell_name(cell: int) -> str:
    """``0`` → ``a1``, ``8`` → ``c3``: the column letter, then the row from the top."""
    return "abc"[cell % 3] + str(cell // 3 + 1)


class TicTacToe(Game[int]):
    """Noughts and crosses on a 3 × 3 board (see the module docstring)."""

    name = "tictactoe"

    def __init__(self, options: dict[str, JSON], seed: int) -> None:
        self.options = options
        self.seed = seed  # nothing is random in tic-tac-toe: kept for the record, as every game does
        self.cells: list[int | None] = [None] * 9
        self._stack: list[int] = []

    @classmethod
    def new(cls, options: Mapping[str, JSON] | None = None, seed: int | None = None) -> Self:
        """A new, empty board. An unknown option is refused by name (every engine checks its options)."""
        options = dict(options or {})
        for key in options:
            if key not in OPTIONS:
                raise FormatError("options", key, Msg("option inconnue", "unknown option"))
        return cls(options, cls.choose_seed(seed))

    # --- the position ---------------------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        """Two seats: X (0) and O (1)."""
        return 2

    def to_move(self) -> int | None:
        """X on even plies, O on odd ones; ``None`` once the game is over."""
        return None if self.outcome() is not None else len(self._stack) % 2

    def legal_moves(self) -> list[int]:
        """The empty cells, in order (none once the game is over)."""
        if self.outcome() is not None:
            return []
        return [cell for cell, mark in enumerate(self.cells) if mark is None]

    def push(self, move: int) -> None:
        """Mark ``move``'s cell for the seat to move; an illegal move changes nothing."""
        if self.outcome() is not None:
            raise IllegalMoveError(cell_name(move), Msg("la partie est finie", "the game is over"))
        if self.cells[move] is not None:
            raise IllegalMoveError(cell_name(move), Msg("la case est déjà prise", "the cell is already taken"))
        self.cells[move] = len(self._stack) % 2
        self._stack.append(move)

    def pop(self) -> int:
        """Undo the last move."""
        if not self._stack:
            raise MeepleError(Msg("aucun coup à annuler", "no move to undo"))
        move = self._stack.pop()
        self.cells[move] = None
        return move

    @property
    def move_stack(self) -> Sequence[int]:
        """The cells marked so far, in order."""
        return tuple(self._stack)

    def copy(self) -> Self:
        """An independent copy (its own board and stack)."""
        twin = type(self)(dict(self.options), self.seed)
        twin.cells = list(self.cells)
        twin._stack = list(self._stack)
        return twin

    def outcome(self) -> Outcome | None:
        """Three in a row wins; a full board without one is a draw."""
        for a, b, c in LINES:
            mark = self.cells[a]
            if mark is not None and mark == self.cells[b] == self.cells[c]:
                return Outcome(frozenset({mark}), Msg("trois à la suite", "three in a row"),
                               details={"line": [a, b, c]})
        if len(self._stack) == 9:
            return Outcome(frozenset(), Msg("grille pleine", "the board is full"), draw=True)
        return None

    def position_json(self) -> dict[str, JSON]:
        """``{"board": "X.O......", "to_move": 1}`` (``to_move`` ``null`` at the end)."""
        board = "".join("." if mark is None else MARKS[mark] for mark in self.cells)
        return {"board": board, "to_move": self.to_move()}

    # --- moves as data --------------------------------------------------------------------------------
    def move_to_json(self, move: int) -> JSON:
        """The cell's number."""
        return move

    def move_from_json(self, data: JSON) -> int:
        """A cell number 0-8; anything else is refused with the reason."""
        if isinstance(data, bool) or not isinstance(data, int) or not 0 <= data <= 8:
            raise IllegalMoveError(repr(data)[:40], Msg("un numéro de case de 0 à 8 est attendu",
                                                        "a cell number from 0 to 8 is expected"))
        return data

    def move_text(self, move: int) -> str:
        """The cell's name (``b2``)."""
        return cell_name(move)

    def parse_move(self, text: str) -> int:
        """A cell's name (``b2``) or number (``4``)."""
        word = text.strip().lower()
        names = [cell_name(cell) for cell in range(9)]
        if word in names:
            return names.index(word)
        if word.isdigit():
            return self.move_from_json(int(word))
        raise IllegalMoveError(text[:40], Msg("une case de a1 à c3 est attendue", "a cell from a1 to c3 is expected"))


def solve(game: TicTacToe) -> tuple[float, list[int]]:
    """The value of the position for the seat to move with best play on both sides (1 win, 0.5 draw,
    0 loss) and the moves that keep it, by a full search (5 478 positions at most)."""
    from meeple.core.ai import WIN_SCORE, AlphaBeta

    if game.outcome() is not None:
        raise MeepleError(Msg("la partie est finie", "the game is over"))
    scores: dict[int, float] = {}
    for move in game.legal_moves():
        game.push(move)
        outcome = game.outcome()
        if outcome is not None:
            score = 1.0 if outcome.winners else 0.5
        else:
            result = AlphaBeta[Any](lambda _game: 0.0).search(game, max_depth=9)
            score = 1.0 - (1.0 if result.score > WIN_SCORE / 2 else 0.0 if result.score < -WIN_SCORE / 2 else 0.5)
        game.pop()
        scores[move] = score
    value = max(scores.values())
    return value, [move for move, score in scores.items() if score == value]
