"""The native core against the Python rules (the authority): the same moves at every position of random
games of every game type, the same perft from random positions, exact hashes, make/unmake that restores
everything, and no way for a Python caller to break it (bad moves are ValueErrors, never a crash)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from meeple.core.rng import SeededRandom, make_rng
from meeple.games.hive.board import cell_at
from meeple.games.hive.native import engine, native_position
from meeple.games.hive.perft import perft
from meeple.games.hive.pieces import ALL_GAME_TYPES, GameType
from meeple.games.hive.state import PASS, HiveState, Move

Native = engine()


def _biased_choice(state: HiveState, moves: list[Move], rng: SeededRandom, bias: str) -> Move:
    """A random move, drawn with a taste for tall stacks ("climb") or swaps and throws ("swap")."""
    if bias == "climb":
        climbs = [m for m in moves if m[0] >= 0 and m[1] in state.board.stacks and not m[2]
                  and state.board.where[m[0]] != -1]
        if climbs and rng.random() < 0.8:
            return rng.choice(climbs)
    if bias == "swap":
        odd = [m for m in moves if m[0] >= 0 and (m[2] or state.colour_of[m[0]] != state.ply & 1)]
        if odd and rng.random() < 0.7:
            return rng.choice(odd)
    return rng.choice(moves)


def _random_game(game_type: str, seed: int, plies: int, bias: str = "") -> list[HiveState]:
    """The positions of a random game (Python engine), from the start, at most ``plies`` long."""
    state = HiveState(GameType.parse(game_type))
    rng = make_rng(seed)
    positions = [state.copy()]
    for _ in range(plies):
        moves = state.moves()
        if not moves:
            break
        state.play(_biased_choice(state, sorted(moves), rng, bias))
        positions.append(state.copy())
    return positions


def _compare_along(game_type: str, seed: int, plies: int, bias: str = "") -> int:
    """Play a random game on both engines side by side, comparing moves, results and hashes; returns plies."""
    state = HiveState(GameType.parse(game_type))
    position = Native.Position(state.game_type.expansions)
    rng = make_rng(seed)
    for ply in range(plies):
        moves = sorted(state.moves())
        assert sorted(map(tuple, position.moves())) == moves, f"{game_type} seed {seed} ply {ply}"
        assert position.result() == state.result()
        assert position.hash() == position.hash_from_scratch()
        if not moves:
            return ply
        move = _biased_choice(state, moves, rng, bias)
        state.play(move)
        position.play(*move)
    return plies


@pytest.mark.parametrize("game_type", ALL_GAME_TYPES)
def test_native_moves_equal_the_python_rules_along_random_games(game_type: str) -> None:
    plies = sum(_compare_along(game_type, seed, 120) for seed in range(6))
    assert plies > 300  # the games went on long enough to reach mid-games, not only openings


@pytest.mark.parametrize("game_type", ["Base+MLP", "Base+MLPC", "Base+C"])
@pytest.mark.parametrize("bias", ["climb", "swap"])
def test_native_moves_equal_the_python_rules_with_tall_stacks_swaps_and_throws(game_type: str, bias: str) -> None:
    for seed in range(4):
        _compare_along(game_type, 100 + seed, 150, bias)


def test_the_climbing_games_do_reach_tall_stacks() -> None:
    # The point of the "climb" bias: the native board's stacks are exercised up to what Hive allows.
    tallest = max(max((len(stack) for stack in state.board.stacks.values()), default=0)
                  for seed in range(4) for state in _random_game("Base+MLP", 100 + seed, 150, "climb"))
    assert tallest >= 4


@pytest.mark.parametrize("game_type", ALL_GAME_TYPES)
def test_native_perft_equals_python_perft_from_random_positions(game_type: str) -> None:
    rng = make_rng(7)
    positions = [state for seed in range(3) for state in _random_game(game_type, seed, 60)]
    for state in rng.sample(positions, 8):
        assert native_position(state).perft(2) == perft(state, 2)
    early = [state for state in positions if 6 <= state.ply <= 12]
    state = rng.choice(early)
    assert native_position(state).perft(3) == perft(state, 3)


def test_native_perft_from_the_start_equals_the_reference_counts() -> None:
    # Mzinga's published counts (tests/games/hive/test_perft.py), at depths Python takes minutes for.
    assert Native.Position("").perft(5) == 516240
    assert Native.Position("MLP").perft(5) == 5427108
    assert Native.Position("P").perft(5) == 1255932


def test_make_and_unmake_restore_moves_hashes_and_results() -> None:
    for game_type in ("Base+MLP", "Base+MLPC"):
        for state in _random_game(game_type, 11, 90, "swap")[::7]:
            position = native_position(state)
            before = (position.hash(), sorted(map(tuple, position.moves())), position.result(), position.ply)
            for move in position.moves():
                position.play(*move)
                assert position.hash() == position.hash_from_scratch()
                position.undo()
                assert (position.hash(), sorted(map(tuple, position.moves())), position.result(),
                        position.ply) == before


def test_hashes_tell_positions_apart_as_the_python_hash_does() -> None:
    # Along a game, two positions get the same native hash exactly when they get the same Python hash.
    states = _random_game("Base+MLPC", 5, 200)
    python = [state.hash() for state in states]
    natives = [native_position(state).hash() for state in states]
    for i in range(len(states)):
        for j in range(i):
            assert (python[i] == python[j]) == (natives[i] == natives[j])


def test_a_move_the_rules_refuse_is_a_value_error_and_changes_nothing() -> None:
    state = _random_game("Base+MLPC", 3, 40)[-1]
    position = native_position(state)
    before = (position.hash(), position.ply)
    rng = make_rng(2)
    legal = set(state.moves())
    bad: list[tuple[int, int, int]] = [(-1, -1, 0), (99, cell_at(0, 0), 0), (0, -5, 0), (0, 1 << 40, 0),
                                       (0, cell_at(40, 0), 0), (0, cell_at(32, 0), 0)]
    bad += [(rng.randrange(-3, 40), cell_at(rng.randrange(-40, 40), rng.randrange(-40, 40)), rng.randrange(3))
            for _ in range(300)]
    for move in bad:
        if move in legal:
            continue
        with pytest.raises(ValueError):
            position.play(*move)
        assert (position.hash(), position.ply) == before


def test_a_cell_32_away_is_not_the_cell_it_wraps_onto() -> None:
    # The native board is a 32 x 32 torus: a legal destination shifted by 32 names the same index, and
    # is refused all the same (the true axial cell of every move is checked).
    state = _random_game("Base", 1, 20)[-1]
    position = native_position(state)
    piece, dest, swap = next(move for move in state.moves() if move != PASS)
    with pytest.raises(ValueError):
        position.play(piece, dest + 32 * (1 << 16), swap)
    position.play(piece, dest, swap)


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(ALL_GAME_TYPES), st.integers(0, 10_000), st.integers(1, 80))
def test_any_undo_sequence_returns_to_the_same_position(game_type: str, seed: int, plies: int) -> None:
    states = _random_game(game_type, seed, plies)
    position = native_position(states[-1])
    for state in reversed(states[:-1]):
        position.undo()
        assert sorted(map(tuple, position.moves())) == sorted(state.moves())
        assert position.hash() == native_position(state).hash()
    with pytest.raises(ValueError):
        position.undo()


@pytest.mark.parametrize("game_type", ["Base", "Base+MLP", "Base+MLPC"])
def test_native_action_ids_and_observations_equal_the_python_encoding(game_type: str) -> None:
    from meeple.games.hive.game import HiveGame
    from meeple.interop.spaces import HiveSpace

    rng = make_rng(4)
    for seed in range(3):
        python = HiveGame.new({"game_type": game_type}, seed)
        fast = HiveGame.new({"game_type": game_type, "native_rules": True}, seed)
        space = HiveSpace.for_game(python)
        for _ in range(80):
            if python.outcome() is not None:
                break
            expected = space.legal(python)
            table = space.legal(fast)
            assert list(table) == list(expected)
            assert all(table[action] == move for action, move in expected.items())
            assert (space.observe(fast, 0) == space.observe(python, 0)).all()
            assert fast.outcome() == python.outcome() and fast.to_move() == python.to_move()
            move = rng.choice(list(expected.values()))
            python.push(move)
            fast.push(move)
        assert fast.position_hash() == python.position_hash()


def test_a_game_on_the_native_rules_refuses_what_the_python_rules_refuse() -> None:
    from meeple.core.errors import IllegalMoveError
    from meeple.games.hive.game import HiveGame

    fast = HiveGame.new({"game_type": "Base+MLPC", "native_rules": True}, 0)
    python = HiveGame.new({"game_type": "Base+MLPC"}, 0)
    for move in [(0, cell_at(0, 0), 0), (1, cell_at(5, 5), 0), (99, 0, 0), "wQ", (1, 2)]:
        with pytest.raises(IllegalMoveError) as fast_error:
            fast.push(move)  # type: ignore[arg-type]
        with pytest.raises(IllegalMoveError) as python_error:
            python.push(move)  # type: ignore[arg-type]
        assert fast_error.value.text("en") == python_error.value.text("en")
    copy = fast.copy()
    copy.push(copy.legal_moves()[0])
    assert len(fast.move_stack) == 0 and copy.native.ply == 1
    copy.pop()
    assert copy.position_hash() == fast.position_hash()
