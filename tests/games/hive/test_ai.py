"""The AI: legal moves, a win in one seen, the time limit kept, baselines beaten in short matches."""

from __future__ import annotations

from meeple.core.rng import make_rng
from meeple.games.hive.ai import WIN_SCORE, analyse, best_move, evaluate, greedy_move, random_move
from meeple.games.hive.board import DIRS
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
    result = analyse(game, time_limit=0.5, clock=clock, clock_interval=1)
    assert result.move in game.legal_moves() and result.depth >= 1
    # The clock is read at every node (clock_interval=1): the search stops at the first read past the
    # limit, whatever the speed of the machine; a few more reads close each finished depth and the report.
    assert 0.5 < clock.now <= 0.5 + 0.001 * (3 + 2 * result.depth)
    assert result.nodes <= 0.5 / 0.001 + 1


def test_a_depth_limited_search_is_exact_and_repeatable() -> None:
    game = build("Base+MLP", ["wS1", "bS1 wS1-", "wQ -wS1", "bQ bS1-", "wA1 -wQ", "bA1 bQ-", "wG1 -wA1"])
    first = analyse(game, depth=3)
    again = analyse(game, depth=3)
    assert first.depth == 3 and [i[0] for i in first.iterations] == [1, 2, 3]
    assert (first.move, first.score, first.nodes, first.principal_variation) == (
        again.move, again.score, again.nodes, again.principal_variation)
    # the principal variation is a line of legal moves starting with the move played
    replay = game.copy()
    assert first.principal_variation[0] == first.move
    for move in first.principal_variation:
        replay.push(move)


def test_a_forced_win_is_reported_with_its_distance() -> None:
    result = analyse(build("Base", WIN_IN_ONE), depth=3)
    assert result.score == WIN_SCORE - 1 and result.forced_in == 1


def test_evaluation_prefers_the_side_whose_rival_queen_is_crowded() -> None:
    game = build("Base", WIN_IN_ONE)
    crowded = evaluate(game)  # white to move, black queen nearly surrounded
    assert crowded > 0


def test_baselines_play_legal_moves() -> None:
    game = build("Base+MLPC", ["wS1", "bS1 wS1-", "wQ -wS1", "bQ bS1-"])
    rng = make_rng(1)
    assert random_move(game, rng) in game.legal_moves()
    assert greedy_move(game, rng) in game.legal_moves()


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
    result = analyse(game, time_limit=0.001, clock=_FakeClock(step=1.0), clock_interval=1)
    assert result.depth == 0 and result.move in game.legal_moves()
    black_queen = game.state.board.where[game.state.queen[1]]
    assert result.move[1] - black_queen in DIRS
