"""Two small games for testing the core: a correct one, and one whose undo is broken."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Self

from meeple.core.errors import FormatError, IllegalMoveError, MeepleError
from meeple.core.game import JSON, Game, Outcome
from meeple.core.i18n import Msg


class Take(Game[int]):
    """Subtraction game: take 1 to 3 stones from a pile; who takes the last stone wins."""

    name = "take"

    def __init__(self, pile: int, seed: int) -> None:
        self.options = {"pile": pile}
        self.seed = seed
        self.pile = pile
        self.stack: list[int] = []

    @classmethod
    def new(cls, options: Mapping[str, JSON] | None = None, seed: int | None = None) -> Self:
        pile = (options or {}).get("pile", 10 + cls.choose_seed(seed) % 7)
        if not isinstance(pile, int) or pile < 1:
            raise FormatError("options", "pile", "a positive integer is expected")
        return cls(pile, cls.choose_seed(seed))

    @property
    def num_players(self) -> int:
        return 2

    def to_move(self) -> int | None:
        return None if self.pile == 0 else len(self.stack) % 2

    def legal_moves(self) -> list[int]:
        return [n for n in (1, 2, 3) if n <= self.pile]

    def push(self, move: int) -> None:
        if move not in self.legal_moves():
            raise IllegalMoveError(move, Msg("pas assez de pierres", "not enough stones"))
        self.pile -= move
        self.stack.append(move)

    def pop(self) -> int:
        if not self.stack:
            raise MeepleError("nothing to undo")
        move = self.stack.pop()
        self.pile += move
        return move

    @property
    def move_stack(self) -> Sequence[int]:
        return self.stack

    def copy(self) -> Self:
        clone = type(self)(self.options["pile"], self.seed)
        clone.pile, clone.stack = self.pile, list(self.stack)
        return clone

    def outcome(self) -> Outcome | None:
        if self.pile:
            return None
        return Outcome(frozenset({(len(self.stack) - 1) % 2}), Msg("dernière pierre", "last stone"))

    def position_json(self) -> dict[str, Any]:
        return {"pile": self.pile, "to_move": self.to_move()}

    def move_to_json(self, move: int) -> JSON:
        return move

    def move_from_json(self, data: JSON) -> int:
        if not isinstance(data, int) or isinstance(data, bool):
            raise IllegalMoveError(data, "a number of stones is expected")
        return data


class BrokenUndoTake(Take):
    """Take, except that undo forgets to give the stones back once the pile is small."""

    name = "broken-take"

    def pop(self) -> int:
        move = self.stack.pop()
        if self.pile > 3:
            self.pile += move
        return move
