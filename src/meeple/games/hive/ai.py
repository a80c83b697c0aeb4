"""The Hive AI: core's negamax alpha-beta with a Hive evaluation and move ordering, plus two baselines.

Entry point for the server and the command line::

    best_move(game, time_limit=1.0, depth=None) -> move   # a move of game.legal_moves()
    level_move(game, level, seed) -> move                  # level: one of LEVELS ("easy" … "strong")

The evaluation (for the side to move) weighs the queens' surroundings (growing faster than linearly:
the last neighbours matter most), the queens' freedom to slide away, how many pieces
each side can still move (pieces pinned by the one-hive rule or covered by a beetle cannot), open
gaps at the rival queen that free runners could fill, beetles sitting on a queen, a win available
to the side to move, and the pieces still in hand. A position the game has already been through
scores a little below a draw, so the AI does not shuffle forever. The search's leaves look one move
further along the moves that close in on the rival queen (:func:`quiescent_evaluate`).

Baselines for tournaments: :func:`random_move` and :func:`greedy_move` (one ply, same evaluation).
"""

from __future__ import annotations

import time
from collections.abc import Callable

from meeple.core.ai import AlphaBeta, SearchResult
from meeple.core.rng import SeededRandom, make_rng
from meeple.games.hive.board import DIRS
from meeple.games.hive.game import HiveGame
from meeple.games.hive.pieces import ANT, BEETLE, MOSQUITO, QUEEN, SPIDER
from meeple.games.hive.state import BLACK_WINS, WHITE_WINS, HiveState, Move, _slides

QUEEN_NEIGHBOUR = 40.0
"""Per neighbour of a queen, before the growth factor."""
MOVABLE_PIECE = 6.0
"""Per piece on the board that may move (not pinned, not covered)."""
MOVABLE_ANT = 4.0
"""Extra for a movable ant or mosquito, or a beetle on top of the hive."""
BEETLE_ON_QUEEN = 30.0
"""For a queen with a beetle on her."""
IN_HAND = 1.0
"""Per piece still in hand."""
QUEEN_FREEDOM = 12.0
"""Per cell a free queen could slide to."""
REPETITION = -40.0
"""The value, for the searching side, of going back to a position of the game (contempt for draws)."""
IMMEDIATE_WIN = 5000.0
"""The value of a position where the side to move surrounds the rival queen with its next move."""
OPEN_GAP = 20.0
"""Per empty cell next to the opposing queen that a free runner (ant, mosquito, spider) can slide into."""
DEFAULT_DEPTH = 3


def _queen_pressure(state: HiveState, colour: int, pinned: set[int]) -> float:
    """How surrounded ``colour``'s queen is (0 while it is in hand), less her room to slide away."""
    cell = state.board.where[state.queen[colour]]
    if cell == -1:
        return 0.0
    stacks = state.board.stacks
    count = sum(1 for step in DIRS if cell + step in stacks)
    covered = len(stacks[cell]) > 1
    pressure = QUEEN_NEIGHBOUR * count * (1 + count / 6) + (BEETLE_ON_QUEEN if covered else 0.0)
    if not covered and cell not in pinned:
        pressure -= QUEEN_FREEDOM * len(_slides(stacks, cell))
    return pressure


def _mobility(state: HiveState, colour: int, pinned: set[int]) -> float:
    """Pieces ``colour`` could move at all (on top of their stack and not pinned by the one-hive rule)."""
    board = state.board
    if board.where[state.queen[colour]] == -1:
        return 0.0
    score = 0.0
    for piece in state.own[colour]:
        cell = board.where[piece]
        if cell == -1:
            score += IN_HAND
            continue
        stack = board.stacks[cell]
        if stack[-1] != piece or (len(stack) == 1 and cell in pinned):
            continue
        score += MOVABLE_PIECE
        bug = state.bug_of[piece]
        if bug in (ANT, MOSQUITO) or (bug == BEETLE and len(stack) > 1):
            score += MOVABLE_ANT
    return score


def _runners(state: HiveState, colour: int, pinned: set[int], target_queen_cell: int) -> int:
    """Free pieces of ``colour`` able to travel to a gap: unpinned, uncovered runners not already at the queen."""
    board = state.board
    count = 0
    for piece in state.own[colour]:
        cell = board.where[piece]
        if cell == -1 or state.bug_of[piece] not in (ANT, MOSQUITO, SPIDER):
            continue
        stack = board.stacks[cell]
        if stack[-1] != piece or (len(stack) == 1 and cell in pinned):
            continue
        if cell - target_queen_cell not in DIRS:
            count += 1
    return count


def _open_gaps(state: HiveState, queen_cell: int) -> int:
    """Empty cells next to the queen on ``queen_cell`` that a slider could enter from outside."""
    stacks = state.board.stacks
    gaps = 0
    for step in DIRS:
        gap = queen_cell + step
        if gap in stacks:
            continue
        for other in range(6):
            outside = gap + DIRS[other]
            if outside in stacks:
                continue
            left = gap + DIRS[other - 1] in stacks
            right = gap + DIRS[(other + 1) % 6] in stacks
            if left != right:
                gaps += 1
                break
    return gaps


def _attack(state: HiveState, colour: int, pinned: set[int]) -> float:
    """How well ``colour`` can bring runners to the opposing queen's open gaps."""
    queen_cell = state.board.where[state.queen[1 - colour]]
    if queen_cell == -1 or state.board.where[state.queen[colour]] == -1:
        return 0.0
    return OPEN_GAP * min(_open_gaps(state, queen_cell), _runners(state, colour, pinned, queen_cell))


def _wins_now(state: HiveState) -> bool:
    """Whether the side to move can surround the rival queen with its next move (checked only when
    that queen has five neighbours, so the move generator runs rarely)."""
    me = state.ply & 1
    queen_cell = state.board.where[state.queen[1 - me]]
    if queen_cell == -1:
        return False
    stacks = state.board.stacks
    gaps = [queen_cell + step for step in DIRS if queen_cell + step not in stacks]
    if len(gaps) != 1:
        return False
    for piece, dest, swap in state.moves():
        if dest == gaps[0] and not swap and piece >= 0 and state.board.where[piece] != -1:
            state.play((piece, dest, swap))
            result = state.result()
            state.undo()
            if result == (WHITE_WINS if me == 0 else BLACK_WINS):
                return True
    return False


def evaluate(game: HiveGame) -> float:
    """The position's value for the side to move (higher is better for it)."""
    state = game.state
    me = state.ply & 1
    if _wins_now(state):
        return IMMEDIATE_WIN
    pinned = state.pinned_cells()
    mine = _mobility(state, me, pinned) - _queen_pressure(state, me, pinned) + _attack(state, me, pinned)
    theirs = _mobility(state, 1 - me, pinned) - _queen_pressure(state, 1 - me, pinned) + _attack(state, 1 - me, pinned)
    return mine - theirs


QUIESCENCE_MOVES = 6
"""Attacking moves a leaf looks at before trusting its static value (see :func:`quiescent_evaluate`)."""


def quiescent_evaluate(game: HiveGame) -> float:
    """The static value, or better: the side to move may first bring a piece next to the rival queen.

    A one-ply quiescence on the moves that close in on the opposing queen (the Hive analogue of
    captures): the leaf's value is the best of standing pat and the most promising such moves, each
    scored by the opponent's static view of the result, so a leaf does not miss an attack one move away.
    """
    stand_pat = evaluate(game)
    if stand_pat >= IMMEDIATE_WIN:
        return stand_pat
    state = game.state
    me = state.ply & 1
    where = state.board.where
    their_queen = where[state.queen[1 - me]]
    if their_queen == -1 or where[state.queen[me]] == -1:
        return stand_pat
    near = {their_queen + step for step in DIRS}
    attacks = [
        move
        for move in state.moves()
        if move[0] >= 0 and move[1] in near and where[move[0]] not in near and state.colour_of[move[0]] == me
    ]
    best = stand_pat
    for move in attacks[:QUIESCENCE_MOVES]:
        game.push_unchecked(move)
        outcome = game.outcome()
        if outcome is not None:
            value = 0.0 if outcome.draw else (IMMEDIATE_WIN if me in outcome.winners else -IMMEDIATE_WIN)
        else:
            value = -evaluate(game)
        game.pop()
        if value > best:
            best = value
    return best


def order_moves(game: HiveGame, moves: list[Move]) -> list[Move]:
    """Moves most likely to be good first: onto or next to the opposing queen, away from one's own."""
    state = game.state
    me = state.ply & 1
    where = state.board.where
    their_queen = where[state.queen[1 - me]]
    my_queen = where[state.queen[me]]
    near_theirs = set() if their_queen == -1 else {their_queen + step for step in DIRS} | {their_queen}
    near_mine = set() if my_queen == -1 else {my_queen + step for step in DIRS}

    def priority(move: Move) -> float:
        piece, dest, _ = move
        if piece < 0:
            return 0.0
        source = where[piece]
        value = 0.0
        if dest in near_theirs and source not in near_theirs:
            value += 10.0 if state.colour_of[piece] == me else -6.0
        if source in near_mine:
            value += 4.0 if state.colour_of[piece] != me or state.bug_of[piece] != QUEEN else 2.0
        if source in near_theirs and dest not in near_theirs:
            value += -5.0 if state.colour_of[piece] == me else 5.0
        if source == -1:
            value -= 1.0
        return value

    return sorted(moves, key=priority, reverse=True)


TIME_CHECK_INTERVAL = 1
"""Nodes between two looks at the clock. A Hive node costs 0.2-1 ms on a quiet machine and up to ~45 ms
under heavy load (a quiescent leaf), while reading the clock costs well under a microsecond: look at
every node, so a time limit is overshot by one node at most."""


def search(
    game: HiveGame,
    time_limit: float | None = None,
    depth: int | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> SearchResult:
    """A full alpha-beta search from ``game`` (left unchanged); see :func:`best_move`.

    ``clock`` gives the time in seconds (tests pass a fake one so that no result depends on the machine).
    """
    if time_limit is None and depth is None:
        depth = DEFAULT_DEPTH
    seen = _positions_seen(game)

    def evaluate_fresh(node: HiveGame) -> float:
        """A position the game has already been in scores below a draw: shuffling leads nowhere."""
        if node.position_hash() in seen:
            return REPETITION if node.state.ply & 1 == game.state.ply & 1 else -REPETITION
        return quiescent_evaluate(node)

    engine = AlphaBeta(evaluate_fresh, order_moves, clock_interval=TIME_CHECK_INTERVAL, clock=clock)
    result = engine.search(game.copy(), max_depth=depth, time_limit=time_limit)
    if result.depth == 0:  # out of time before one ply was searched: the likeliest move, not the first one
        result.move = order_moves(game, game.legal_moves())[0]
        result.principal_variation = [result.move]
    return result


def _positions_seen(game: HiveGame) -> set[int]:
    """The hashes of every position the game went through before the current one."""
    replay = game.copy()
    seen = set()
    while replay.move_stack:
        replay.pop()
        seen.add(replay.position_hash())
    return seen


def best_move(game: HiveGame, time_limit: float | None = None, depth: int | None = None) -> Move:
    """The AI's move: iterative deepening up to ``depth`` plies and/or ``time_limit`` seconds.

    With neither limit, searches 3 plies. The game must not be over; it is left unchanged.
    """
    moves = game.legal_moves()
    if len(moves) == 1:
        return moves[0]
    move: Move = search(game, time_limit, depth).move
    return move


LEVELS: dict[str, tuple[float | None, int | None]] = {
    "easy": (None, 1),
    "normal": (1.0, 2),
    "strong": (3.0, None),
}
"""AI strengths for a lobby: (seconds per move, maximum depth)."""


def level_move(game: HiveGame, level: str | None, seed: int) -> Move:
    """The AI's move at ``level`` (``"random"``, ``"greedy"`` or a key of :data:`LEVELS`; None: normal)."""
    if level == "random":
        return random_move(game, make_rng(seed))
    if level == "greedy":
        return greedy_move(game, make_rng(seed))
    time_limit, depth = LEVELS.get(level or "normal", LEVELS["normal"])
    return best_move(game, time_limit=time_limit, depth=depth)


def random_move(game: HiveGame, rng: SeededRandom) -> Move:
    """A uniformly random legal move (the weakest baseline)."""
    return rng.choice(game.legal_moves())


def greedy_move(game: HiveGame, rng: SeededRandom) -> Move:
    """The one-ply greedy baseline: the move whose resulting position evaluates best (ties at random)."""
    best: list[Move] = []
    best_value = -float("inf")
    for move in game.legal_moves():
        game.push_unchecked(move)
        outcome = game.outcome()
        if outcome is not None:
            value = 0.0 if outcome.draw else (1e9 if (game.state.ply - 1) & 1 in outcome.winners else -1e9)
        else:
            value = -evaluate(game)
        game.pop()
        if value > best_value:
            best, best_value = [move], value
        elif value == best_value:
            best.append(move)
    return rng.choice(best)
