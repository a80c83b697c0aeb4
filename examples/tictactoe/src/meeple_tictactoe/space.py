"""Tic-tac-toe's fixed action space for OpenSpiel, PettingZoo and Gymnasium (``meeple.interop``).

Nine ids, one per cell: ``id = cell``. Observation, from the seat's own point of view: 9 cells holding its
own mark, 9 cells holding the opponent's, 9 empty cells, then whether it is its turn (28 numbers, 0 or 1).
"""

from __future__ import annotations

from typing import Any

from meeple.interop.spaces import ActionSpace, Vector


class TicTacToeSpace(ActionSpace[int]):
    """``id = cell`` (0-8, row by row from the top left)."""

    game_name = "tictactoe"

    def __init__(self) -> None:
        self.num_actions = 9
        self.observation_shape = (28,)
        self.observation_low, self.observation_high = 0.0, 1.0

    @classmethod
    def for_game(cls, game: Any) -> TicTacToeSpace:
        """The one space of the game (it has no configurations)."""
        return cls()

    def encode(self, game: Any, move: int) -> int:
        return move

    def structural(self, game: Any, action: int) -> int | None:
        return action

    def observe(self, game: Any, seat: int) -> Vector:
        out = self._vector()
        for cell, mark in enumerate(game.cells):
            out[(2 if mark is None else 0 if mark == seat else 1) * 9 + cell] = 1.0
        out[27] = float(game.to_move() == seat)
        return out
