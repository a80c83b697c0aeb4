"""The kit passes a correct game and catches a broken one."""

from __future__ import annotations

import pytest

from meeple.core.conformance import ConformanceFailure, random_playout
from tests.core.tiny_games import BrokenUndoTake, Take


@pytest.mark.parametrize("seed", range(10))
def test_kit_passes_a_correct_game(seed: int) -> None:
    game = random_playout(Take.new, {}, seed)
    assert game.is_over()


def test_kit_catches_a_broken_undo() -> None:
    with pytest.raises(ConformanceFailure, match=r"undo .* did not restore the position"):
        for seed in range(10):
            random_playout(BrokenUndoTake.new, {}, seed)


def test_kit_catches_a_game_that_accepts_illegal_moves() -> None:
    class Lax(Take):
        name = "lax"

        def push(self, move: int) -> None:
            self.pile -= move
            self.stack.append(move)

    with pytest.raises(ConformanceFailure, match="accepted"):
        random_playout(Lax.new, {"pile": 12}, 0)


def test_kit_catches_a_move_text_that_does_not_read_back() -> None:
    class Misread(Take):
        name = "misread"

        def parse_move(self, text: str) -> int:
            return 1  # whatever was written, it reads "take one"

    with pytest.raises(ConformanceFailure, match=r"parse_move\('2'\) names another move"):
        for seed in range(10):
            random_playout(Misread.new, {"pile": 12}, seed)
