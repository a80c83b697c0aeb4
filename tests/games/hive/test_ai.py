"""The AI: legal moves, a win in one seen, the time limit kept, baselines beaten in short matches."""

from __future__ import annotations

import pytest

from meeple.core.rng import make_rng
from meeple.games.hive.ai import (
    TIME_CHECK_INTERVAL,
    best_move,
    evaluate,
    greedy_move,
    order_moves,
    random_move,
    search,
)
from meeple.games.hive.tournament import BASELINES, alpha_beta_player, match
from tests.games.hive.helpers import build

# Black's queen at (2,0) lacks only (2,-1); White's ant wA1 at (-4,0) can run there.
WIN_IN_ONE = [
    "wS1", "bS1 wS1-", "wQ -wS1", "bQ bS1-", "wG1 -wQ", "bA1 bQ-", "wG2 -wG1",
    "bA2 bQ\\", "wA1 -wG2", "bA3 /bQ", "wG3 \\wQ", "bG1 bQ/",
]


def test_best_move_finds_the_win_in_one() -> None:
    game = build("Base", WIN_IN_ONE)
    move = best_move(game, depth=2)
    game.push(move)
    outcome = game.outcome()
    assert outcome is not None and outcome.winners == {0}


def test_best_move_is_legal_and_leaves_the_game_unchanged() -> None:
    game = build("Base+MLPC", ["wS1", "bS1 wS1-", "wQ -wS1", "bQ bS1-"])
    before = game.position_hash()
    assert best_move(game, depth=2) in game.legal_moves()
    assert game.position_hash() == before and len(game.move_stack) == 4


class _FakeClock:
    """A clock that moves on ``step`` seconds each time it is read: where a search stops is deterministic."""

    def __init__(self, step: float) -> None:
        self.step = step
        self.now = 0.0

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def test_search_keeps_the_time_limit() -> None:
    game = build("Base+MLPC", ["wS1", "bS1 wS1-", "wQ -wS1", "bQ bS1-", "wA1 -wQ", "bA1 bQ-"])
    clock = _FakeClock(step=0.001)
    result = search(game, time_limit=0.5, clock=clock)
    assert result.move in game.legal_moves() and result.depth >= 1
    # The clock is read every TIME_CHECK_INTERVAL nodes; the search stops at the first read past the
    # limit (then reads it once more for the report), whatever the speed of the machine.
    assert 0.5 < clock.now <= 0.5 + 0.003
    assert result.nodes <= (0.5 / 0.001 + 1) * TIME_CHECK_INTERVAL


def test_evaluation_prefers_the_side_whose_rival_queen_is_crowded() -> None:
    game = build("Base", WIN_IN_ONE)
    crowded = evaluate(game)  # white to move, black queen nearly surrounded
    assert crowded > 0


def test_baselines_play_legal_moves() -> None:
    game = build("Base+MLPC", ["wS1", "bS1 wS1-", "wQ -wS1", "bQ bS1-"])
    rng = make_rng(1)
    assert random_move(game, rng) in game.legal_moves()
    assert greedy_move(game, rng) in game.legal_moves()


@pytest.mark.timeout(1200)  # two whole games at depth 2: ~20 s idle, ~125 s under a load average of 15
def test_ai_beats_random_players() -> None:
    results = list(match(alpha_beta_player(None, 2), BASELINES["random"], 2, "Base+MLPC", 7, 300))
    assert all(result.ai_won for result in results)


def test_every_level_gives_a_legal_move() -> None:
    from meeple.games.hive.ai import LEVELS, level_move

    game = build("Base+MLPC", ["wS1", "bS1 wS1-", "wQ -wS1", "bQ bS1-"])
    for level in [*LEVELS, "random", "greedy", None]:
        assert level_move(game, level, seed=3) in game.legal_moves()


def test_out_of_time_before_one_ply_gives_the_likeliest_move() -> None:
    # A clock already past the limit at the first look: no ply is searched, yet the move is not just
    # the first legal one but the move ordering's favourite (here: the win in one, next to the queen).
    game = build("Base", WIN_IN_ONE)
    result = search(game, time_limit=0.001, clock=_FakeClock(step=1.0))
    assert result.depth == 0
    assert result.move == order_moves(game, game.legal_moves())[0]
