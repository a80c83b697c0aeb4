"""Properties checked at every position of random games: the hive stays whole, the hash is exact,
articulation points are right, and every Centipede and Pillbug move obeys the rules."""

from __future__ import annotations

from collections import deque

from hypothesis import given, settings
from hypothesis import strategies as st

from meeple.core.rng import make_rng
from meeple.games.hive.board import DIRS, articulation_points, zobrist_key
from meeple.games.hive.game import HiveGame
from meeple.games.hive.pieces import CENTIPEDE, MOSQUITO, PILLBUG
from meeple.games.hive.state import HiveState


def _connected(cells: set[int]) -> bool:
    if not cells:
        return True
    start = next(iter(cells))
    seen = {start}
    queue = deque([start])
    while queue:
        cell = queue.popleft()
        for step in DIRS:
            if cell + step in cells and cell + step not in seen:
                seen.add(cell + step)
                queue.append(cell + step)
    return seen == cells


def _brute_articulation_points(cells: set[int]) -> set[int]:
    return {cell for cell in cells if len(cells) > 2 and not _connected(cells - {cell})}


def _zobrist_from_scratch(state: HiveState) -> int:
    key = 0
    for cell, stack in state.board.stacks.items():
        for level, piece in enumerate(stack):
            key ^= zobrist_key(piece, cell, level)
    return key


def _check_centipede_moves(state: HiveState) -> None:
    stacks = state.board.stacks
    for piece, dest, swap in state.moves():
        if piece < 0:
            continue
        cell = state.board.where[piece]
        if swap:
            assert state.bug_of[piece] in (CENTIPEDE, MOSQUITO)
            assert len(stacks[cell]) == 1 and len(stacks[dest]) == 1
            assert dest - cell in DIRS
        elif state.bug_of[piece] == CENTIPEDE and cell != -1:
            assert dest not in stacks, "a Centipede never climbs"
            if _pillbug_between(state, cell, dest):
                continue  # thrown by a Pillbug (or a Mosquito copying one), not a move of its own
            assert dest - cell in DIRS, "a Centipede slides one space"
            assert all(len(stacks.get(cell + step, [0, 0])) != 1 for step in DIRS), "it must swap instead"


def _pillbug_between(state: HiveState, cell: int, dest: int) -> bool:
    stacks = state.board.stacks
    for step in DIRS:
        stack = stacks.get(cell + step)
        if stack and len(stack) == 1 and (dest - (cell + step)) in DIRS:
            actor = stack[0]
            if state.colour_of[actor] == state.ply & 1 and state.bug_of[actor] in (PILLBUG, MOSQUITO):
                return True
    return False


def _check_last_moved_rules(state: HiveState) -> None:
    mover = state.ply & 1
    moves = state.moves()
    moved_pieces = {piece for piece, _, _ in moves}
    for piece in state.last_moved:
        if state.colour_of[piece] != mover:
            assert piece not in moved_pieces, "a Pillbug moved the piece the opponent just moved"
    for piece in state.frozen(mover):
        assert piece not in moved_pieces, "a piece just thrown by a Pillbug moved again"
        assert all(not (swap and dest == state.board.where[piece]) for _, dest, swap in moves)
    if state.last_swap:
        swapper, partner = state.last_moved
        if state.colour_of[partner] == mover and state.colour_of[swapper] != mover:
            assert (partner, state.board.where[swapper], 1) not in moves, "swapped straight back"


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10**9), game_type=st.sampled_from(["Base+MLPC", "Base+PC", "Base+MC"]))
def test_random_games_keep_every_invariant(seed: int, game_type: str) -> None:
    game = HiveGame.new({"game_type": game_type}, seed)
    rng = make_rng(seed)
    state = game.state
    for _ in range(120):
        if game.outcome() is not None:
            break
        cells = set(state.board.stacks)
        assert _connected(cells), "the hive is split"
        assert articulation_points(state.board.stacks) == _brute_articulation_points(cells)
        assert state.board.zobrist == _zobrist_from_scratch(state)
        _check_centipede_moves(state)
        _check_last_moved_rules(state)
        game.push(rng.choice(game.legal_moves()))


def test_swaps_happen_in_random_games() -> None:
    """The invariants above are not vacuous: random games of Base+MLPC do swap."""
    swaps = 0
    for seed in range(4):
        game = HiveGame.new({"game_type": "Base+MLPC"}, seed)
        rng = make_rng(seed)
        for _ in range(120):
            if game.outcome() is not None:
                break
            move = rng.choice(game.legal_moves())
            swaps += move[2]
            game.push(move)
    assert swaps > 0
