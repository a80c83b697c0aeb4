"""The Hive AI: the native core's search (:mod:`meeple.games.hive.native`), levels, and two baselines.

Entry points for the server, the UHP engine and the command line::

    analyse(game, time_limit=1.0)        -> Analysis(move, score, depth, principal_variation, ...)
    best_move(game, time_limit=1.0, depth=None) -> move      # a move of game.legal_moves()
    level_move(game, level, seed)        -> move             # level: a key of LEVELS, "random" or "greedy"

The search (C++, src/meeple/games/hive/cpp/search.cpp) is iterative deepening with principal-variation
search, aspiration windows, a transposition table, hash-move / killer / history ordering, late-move
reductions and a quiescence search on the moves that close in on the rival queen; a position the game
has already been through scores a little below a draw (``contempt``), so the AI does not shuffle.
Its evaluation is a weighted sum of features (cpp/eval.hpp), the weights fitted on game results
(benchmarks/hive_tune.py). Scores are in evaluation points for the side to move; ``WIN_SCORE - n``
is a forced win in ``n`` plies (``-(WIN_SCORE - n)`` a forced loss).

Baselines for tournaments: :func:`random_move` and :func:`greedy_move` (one ply, the same evaluation).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from meeple.core.rng import SeededRandom, make_rng
from meeple.games.hive.game import HiveGame
from meeple.games.hive.native import engine, native_position, searcher
from meeple.games.hive.state import BLACK_WINS, DRAW, ONGOING, WHITE_WINS, Move

WIN_SCORE = 30000
"""The score of a won position at the root; a win in ``n`` plies scores ``WIN_SCORE - n``."""
DEFAULT_DEPTH = 3
"""The depth searched when neither a time nor a depth is given."""
MAX_DEPTH = 60
"""The deepest nominal depth the native search accepts here."""


@dataclass
class Analysis:
    """What a search found: the move, its score and the line it expects.

    ``score`` is for the side to move, in evaluation points (``WIN_SCORE - n``: a forced win in ``n``
    plies); ``depth`` the last depth searched to the end (0: out of time before one ply, then ``move``
    is the move ordering's favourite); ``principal_variation`` starts with ``move``; ``iterations`` has
    one ``(depth, score, nodes, seconds)`` per finished depth.
    """

    move: Move
    score: int
    depth: int
    seldepth: int
    nodes: int
    seconds: float
    principal_variation: list[Move] = field(default_factory=list)
    iterations: list[tuple[int, int, int, float]] = field(default_factory=list)

    @property
    def nodes_per_second(self) -> float:
        """Nodes visited per second (of the clock the search was given)."""
        return self.nodes / self.seconds if self.seconds > 0 else float(self.nodes)

    @property
    def forced_in(self) -> int | None:
        """Plies to a forced end of the game (win or loss) if the search proved one, else None."""
        return WIN_SCORE - abs(self.score) if abs(self.score) > WIN_SCORE - 1000 else None


def analyse(
    game: HiveGame,
    time_limit: float | None = None,
    depth: int | None = None,
    *,
    clock: Callable[[], float] | None = None,
    clock_interval: int = 1024,
) -> Analysis:
    """Search ``game``'s position (left unchanged) for at most ``time_limit`` seconds and/or ``depth`` plies.

    This is the stable entry point for an analysis board: best move, score and principal variation
    for a time or depth budget (with neither, ``DEFAULT_DEPTH`` plies). The game must not be over.
    A depth-limited search starts from an empty transposition table, so it gives the same answer every
    time and on every machine; a timed one keeps what the previous searches of this thread learned.
    ``clock`` (seconds) replaces the machine's steady clock and is read every ``clock_interval``
    nodes: tests pass a fake one so that no result depends on the machine's speed.
    """
    if game.outcome() is not None:
        raise ValueError("the game is over: there is nothing to analyse")
    if time_limit is None and depth is None:
        depth = DEFAULT_DEPTH
    position = native_position(game.state)
    native = searcher()
    if time_limit is None:
        native.clear()  # a depth-limited search depends on its position alone: the same move on any machine
    report = native.search(
        position,
        max_depth=min(depth or MAX_DEPTH, MAX_DEPTH),
        time_limit=time_limit or 0.0,
        clock=clock,
        clock_interval=clock_interval,
    )
    return Analysis(
        move=tuple(report["move"]),
        score=report["score"],
        depth=report["depth"],
        seldepth=report["seldepth"],
        nodes=report["nodes"],
        seconds=report["seconds"],
        principal_variation=[tuple(move) for move in report["pv"]] or [tuple(report["move"])],
        iterations=list(report["iterations"]),
    )


def best_move(game: HiveGame, time_limit: float | None = None, depth: int | None = None) -> Move:
    """The AI's move: iterative deepening up to ``depth`` plies and/or ``time_limit`` seconds.

    With neither limit, searches ``DEFAULT_DEPTH`` plies. The game must not be over; it is left unchanged.
    """
    moves = game.legal_moves()
    if len(moves) == 1:
        return moves[0]
    return analyse(game, time_limit, depth).move


def evaluate(game: HiveGame) -> int:
    """The static value of the position for the side to move (higher is better for it)."""
    value: int = native_position(game.state).evaluate()
    return value


LEVELS: dict[str, tuple[float | None, int | None]] = {
    "medium": (None, 2),
    "hard": (None, 4),
    "expert": (1.5, None),
}
"""The searching levels (seconds per move, maximum depth); "random" and "greedy" are the baselines below.
The ladder random < greedy < medium < hard < expert is measured in docs/rules/hive.md (U4)."""


def level_move(game: HiveGame, level: str | None, seed: int) -> Move:
    """The AI's move at ``level`` ("random", "greedy" or a key of :data:`LEVELS`; None: "medium")."""
    if level == "random":
        return random_move(game, make_rng(seed))
    if level == "greedy":
        return greedy_move(game, make_rng(seed))
    time_limit, depth = LEVELS.get(level or "medium", LEVELS["medium"])
    return best_move(game, time_limit=time_limit, depth=depth)


def random_move(game: HiveGame, rng: SeededRandom) -> Move:
    """A uniformly random legal move (the weakest baseline)."""
    return rng.choice(game.legal_moves())


def greedy_move(game: HiveGame, rng: SeededRandom) -> Move:
    """The one-ply greedy baseline: the move whose resulting position evaluates best (ties at random)."""
    position = native_position(game.state)
    me = game.state.ply & 1
    best: list[Move] = []
    best_value = -float("inf")
    for move in game.legal_moves():
        position.play(*move)
        result = position.result()
        if result == ONGOING:
            value = -float(position.evaluate())
        elif result == DRAW:
            value = 0.0
        else:
            value = 1e9 if result == (WHITE_WINS if me == 0 else BLACK_WINS) else -1e9
        position.undo()
        if value > best_value:
            best, best_value = [move], value
        elif value == best_value:
            best.append(move)
    return rng.choice(best)


def feature_names() -> list[str]:
    """The names of the evaluation's features, in the order of ``Position.features()`` and the weights."""
    names: list[str] = list(engine().FEATURE_NAMES)
    return names
