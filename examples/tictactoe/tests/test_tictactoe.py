"""The template game's own tests: its rules, the conformance kit on the engine, the interop checker on its
action space. Copy them with the game; ``pytest examples/tictactoe/tests`` runs them once the game is
installed (``pip install -e examples/tictactoe``: its entry point registers it), or with
``MEEPLE_GAME_PLUGINS=meeple_tictactoe`` and the package on ``PYTHONPATH``."""

from __future__ import annotations

import pytest
from meeple_tictactoe import INFO
from meeple_tictactoe.game import TicTacToe, solve

from meeple.core.conformance import random_playout
from meeple.core.errors import IllegalMoveError


def test_three_in_a_row_wins_and_a_full_board_draws() -> None:
    game = TicTacToe.new().replay([0, 3, 1, 4, 2])  # X: a1 b1 c1
    outcome = game.outcome()
    assert outcome is not None and outcome.winners == {0} and game.legal_moves() == []
    full = TicTacToe.new().replay([0, 1, 2, 4, 3, 5, 7, 6, 8])
    assert full.outcome() is not None and full.outcome().draw  # type: ignore[union-attr]


def test_a_taken_cell_is_refused_and_changes_nothing() -> None:
    game = TicTacToe.new().replay([4])
    with pytest.raises(IllegalMoveError):
        game.push(4)
    assert game.move_stack == (4,) and game.to_move() == 1


def test_best_play_draws_and_takes_a_win_when_there_is_one() -> None:
    assert solve(TicTacToe.new())[0] == 0.5
    value, best = solve(TicTacToe.new().replay([0, 3, 1, 4]))  # X to move, c1 wins at once
    assert value == 1.0 and 2 in best


@pytest.mark.parametrize("seed", range(20))
def test_the_engine_passes_the_conformance_kit(seed: int) -> None:
    for options in INFO.conformance_options:
        random_playout(INFO.factory, options, seed, INFO.max_playout_moves)


def test_the_action_space_passes_the_interop_checker() -> None:
    pytest.importorskip("numpy")
    from meeple.interop.conformance import check_space

    check_space(INFO.factory, {}, seeds=range(10))
