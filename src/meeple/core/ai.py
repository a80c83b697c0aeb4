"""Game-tree search for the AIs: negamax alpha-beta and Monte Carlo tree search, over any :class:`Game`.

Both drive a game only through the protocol (``legal_moves``, ``push``, ``pop``, ``outcome``,
``to_move``, ``position_hash``), so every engine gets them for free.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from meeple.core.game import Game, Outcome
from meeple.core.rng import SeededRandom, make_rng

G = TypeVar("G", bound=Game[Any])

WIN_SCORE = 1_000_000.0
"""The score of a won position; wins found sooner score a little higher."""

EXACT, LOWER, UPPER = 0, 1, 2


class _OutOfTime(Exception):
    pass


@dataclass
class SearchResult:
    """The answer of a game-tree search."""

    move: Any
    score: float
    depth: int
    nodes: int
    seconds: float
    principal_variation: list[Any] = field(default_factory=list)

    @property
    def nodes_per_second(self) -> float:
        """Nodes visited per second."""
        return self.nodes / self.seconds if self.seconds > 0 else float(self.nodes)


@dataclass
class _Entry:
    depth: int
    score: float
    bound: int
    move: Any


class AlphaBeta(Generic[G]):
    """Negamax alpha-beta with iterative deepening, a transposition table and a time limit.

    For two sides. ``evaluate(game)`` scores a non-final position for the seat to move (higher is better
    for it). ``side_of(seat)`` maps seats to sides (teams); seats of one side share a score, and several
    moves in a row by one side are handled (the score is negated only when the side changes).
    ``order(game, moves)`` may sort moves best-first to cut more branches. The clock is read every
    ``clock_interval`` nodes (lower it for games whose nodes are slow, so the time limit holds); ``clock``
    gives the time in seconds (a test may pass a fake one, so that what a time limit allows is exact).
    """

    def __init__(
        self,
        evaluate: Callable[[G], float],
        order: Callable[[G, list[Any]], list[Any]] | None = None,
        side_of: Callable[[int], int] = lambda seat: seat,
        table_size: int = 1_000_000,
        clock_interval: int = 256,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        if clock_interval < 1:
            raise ValueError("clock_interval must be at least 1")
        self.evaluate = evaluate
        self.order = order
        self.side_of = side_of
        self.table_size = table_size
        self.clock_interval = clock_interval
        self.clock = clock
        self.table: dict[int, _Entry] = {}
        self.nodes = 0
        self._deadline = math.inf
        self._max_nodes = math.inf

    def search(
        self,
        game: G,
        max_depth: int | None = None,
        time_limit: float | None = None,
        max_nodes: int | None = None,
    ) -> SearchResult:
        """The best move found, deepening one ply at a time until a limit is reached.

        With a time limit, the last fully searched depth decides (a deeper unfinished pass only helps if
        it already found something better at the root). The game is left as it was given.
        """
        if game.outcome() is not None:
            raise ValueError("the game is over: there is no move to search")
        moves = game.legal_moves()
        began = self.clock()
        self.nodes = 0
        self._deadline = math.inf if time_limit is None else began + time_limit
        self._max_nodes = math.inf if max_nodes is None else max_nodes
        best = SearchResult(moves[0], 0.0, 0, 0, 0.0, [moves[0]])
        depth_cap = max_depth if max_depth is not None else (64 if (time_limit or max_nodes) else 4)
        stack_size = len(game.move_stack)
        for depth in range(1, depth_cap + 1):
            try:
                score, move = self._root(game, depth)
            except _OutOfTime:
                while len(game.move_stack) > stack_size:
                    game.pop()
                break
            best = SearchResult(move, score, depth, self.nodes, 0.0, self._principal_variation(game, depth))
            if abs(score) >= WIN_SCORE - 1000:
                break
        best.nodes = self.nodes
        best.seconds = self.clock() - began
        if len(self.table) > self.table_size:
            self.table.clear()
        return best

    def _root(self, game: G, depth: int) -> tuple[float, Any]:
        score = self._search(game, depth, -math.inf, math.inf, 0)
        entry = self.table.get(game.position_hash())
        if entry is None or entry.move is None:
            return score, game.legal_moves()[0]
        return score, entry.move

    def _principal_variation(self, game: G, depth: int) -> list[Any]:
        line: list[Any] = []
        for _ in range(depth):
            entry = self.table.get(game.position_hash())
            if entry is None or entry.move is None or not game.is_legal(entry.move):
                break
            game.push(entry.move)
            line.append(entry.move)
        for _ in line:
            game.pop()
        return line

    def _tick(self) -> None:
        self.nodes += 1
        if self.nodes >= self._max_nodes or (
            self.nodes % self.clock_interval == 0 and self.clock() > self._deadline
        ):
            raise _OutOfTime

    def _child_value(self, game: G, depth: int, alpha: float, beta: float, ply: int, side: int) -> float:
        """Value of the position after a move, for ``side`` (the side that made the move)."""
        outcome = game.outcome()
        if outcome is not None:
            return self._final_score(outcome, side, ply)
        mover = game.to_move()
        assert mover is not None
        if self.side_of(mover) == side:
            return self._search(game, depth, alpha, beta, ply)
        return -self._search(game, depth, -beta, -alpha, ply)

    def _final_score(self, outcome: Outcome, side: int, ply: int) -> float:
        if outcome.draw:
            return 0.0
        if any(self.side_of(seat) == side for seat in outcome.winners):
            return WIN_SCORE - ply
        return -WIN_SCORE + ply

    def _search(self, game: G, depth: int, alpha: float, beta: float, ply: int) -> float:
        """Negamax value of a non-final position for the side to move."""
        self._tick()
        key = game.position_hash()
        entry = self.table.get(key)
        if entry is not None and entry.depth >= depth and ply > 0:
            if entry.bound == EXACT:
                return entry.score
            if entry.bound == LOWER and entry.score >= beta:
                return entry.score
            if entry.bound == UPPER and entry.score <= alpha:
                return entry.score
        if depth <= 0:
            return self.evaluate(game)
        mover = game.to_move()
        assert mover is not None
        side = self.side_of(mover)
        moves = self._ordered(game, entry.move if entry else None)
        original_alpha = alpha
        best_score, best_move = -math.inf, None
        for move in moves:
            game.push(move)
            try:
                score = self._child_value(game, depth - 1, alpha, beta, ply + 1, side)
            finally:
                game.pop()
            if score > best_score:
                best_score, best_move = score, move
            alpha = max(alpha, score)
            if alpha >= beta:
                break
        bound = UPPER if best_score <= original_alpha else LOWER if best_score >= beta else EXACT
        self.table[key] = _Entry(depth, best_score, bound, best_move)
        return best_score

    def _ordered(self, game: G, hint: Any) -> list[Any]:
        moves = game.legal_moves()
        if self.order is not None:
            moves = self.order(game, moves)
        if hint is not None:
            hint_key = game.move_key(hint)
            for index, move in enumerate(moves):
                if game.move_key(move) == hint_key:
                    moves.insert(0, moves.pop(index))
                    break
        return moves


# --- Monte Carlo tree search ----------------------------------------------------------------------
@dataclass
class _Node:
    mover: int | None
    visits: int = 0
    total: float = 0.0
    available: int = 0
    children: dict[str, _Node] = field(default_factory=dict)
    moves: dict[str, Any] = field(default_factory=dict)


@dataclass
class MCTSResult:
    """The answer of an MCTS run: the most visited move and the statistics behind it."""

    move: Any
    visits: int
    value: float
    iterations: int
    seconds: float
    move_visits: dict[str, int] = field(default_factory=dict)


class MCTS(Generic[G]):
    """UCT Monte Carlo tree search (information-set MCTS when the game hides information).

    Each iteration searches a *determinisation*: ``game.determinize(seat, rng)`` re-draws what ``seat``
    cannot see, so the AI never reads hidden cards. Play-outs use ``rollout_policy`` (uniform random by
    default) and stop after ``rollout_depth`` moves, where ``evaluate(game, seat)`` (a win chance in
    [0, 1]) replaces the final result. Works for any number of seats. ``clock`` gives the time in seconds
    (a test may pass a fake one).
    """

    def __init__(
        self,
        rng: SeededRandom | None = None,
        exploration: float = 1.4,
        rollout_policy: Callable[[G, SeededRandom], Any] | None = None,
        rollout_depth: int = 200,
        evaluate: Callable[[G, int], float] | None = None,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.rng = rng or make_rng(0)
        self.clock = clock
        self.exploration = exploration
        self.rollout_policy = rollout_policy
        self.rollout_depth = rollout_depth
        self.evaluate = evaluate

    def search(
        self, game: G, iterations: int | None = None, time_limit: float | None = None
    ) -> MCTSResult:
        """Search from the seat to move in ``game`` (left unchanged) and return the most visited move."""
        seat = game.to_move()
        if seat is None:
            raise ValueError("the game is over: there is no move to search")
        if iterations is None and time_limit is None:
            iterations = 1000
        began = self.clock()
        deadline = math.inf if time_limit is None else began + time_limit
        root = _Node(mover=None)
        done = 0
        while (iterations is None or done < iterations) and self.clock() < deadline:
            self._iterate(root, game.determinize(seat, self.rng))
            done += 1
        if not root.children:
            move = game.legal_moves()[0]
            return MCTSResult(move, 0, 0.0, done, self.clock() - began)
        key, best = max(root.children.items(), key=lambda item: (item[1].visits, item[1].total))
        return MCTSResult(
            root.moves[key],
            best.visits,
            best.total / max(best.visits, 1),
            done,
            self.clock() - began,
            {k: child.visits for k, child in root.children.items()},
        )

    def _iterate(self, root: _Node, state: G) -> None:
        path = [root]
        node = root
        while state.outcome() is None:
            moves = state.legal_moves()
            keyed = {state.move_key(move): move for move in moves}
            for key in keyed:
                if key in node.children:
                    node.children[key].available += 1
            unexplored = [key for key in keyed if key not in node.children]
            mover = state.to_move()
            if unexplored:
                key = self.rng.choice(unexplored)
                child = _Node(mover=mover, available=1)
                node.children[key] = child
                node.moves[key] = keyed[key]
                state.push(keyed[key])
                path.append(child)
                break
            key = self._select(node, list(keyed))
            state.push(keyed[key])
            node = node.children[key]
            path.append(node)
        rewards = self._rollout(state)
        for visited in path:
            visited.visits += 1
            if visited.mover is not None:
                visited.total += rewards(visited.mover)

    def _select(self, node: _Node, keys: Sequence[str]) -> str:
        def ucb(key: str) -> float:
            child = node.children[key]
            mean = child.total / child.visits if child.visits else 0.0
            return mean + self.exploration * math.sqrt(math.log(max(child.available, 1)) / max(child.visits, 1))

        return max(keys, key=ucb)

    def _rollout(self, state: G) -> Callable[[int], float]:
        for _ in range(self.rollout_depth):
            outcome = state.outcome()
            if outcome is not None:
                return outcome.reward
            if self.rollout_policy is not None:
                move = self.rollout_policy(state, self.rng)
            else:
                move = self.rng.choice(state.legal_moves())
            state.push(move)
        outcome = state.outcome()
        if outcome is not None:
            return outcome.reward
        evaluate = self.evaluate
        if evaluate is None:
            return lambda _seat: 0.5
        return lambda seat: evaluate(state, seat)
