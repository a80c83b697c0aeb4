"""AI against AI: matches between difficulty levels and the win table with confidence intervals."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

from meeple.core.game import JSON
from meeple.core.rng import derive_seed, make_rng
from meeple.core.stats import wilson_interval
from meeple.games.ilyos import ai
from meeple.games.ilyos.ai import choose_move
from meeple.games.ilyos.engine import IlyosGame


@dataclass
class MatchResult:
    """The results of ``first`` against ``second`` (first's point of view)."""

    first: str
    second: str
    wins: int = 0
    losses: int = 0
    draws: int = 0
    slowest_turn: dict[str, float] = field(default_factory=dict)

    @property
    def games(self) -> int:
        """Games played."""
        return self.wins + self.losses + self.draws

    @property
    def score(self) -> float:
        """First's score rate: a win counts 1, a draw 1/2."""
        return (self.wins + 0.5 * self.draws) / self.games if self.games else 0.0

    def interval(self) -> tuple[float, float]:
        """95 % Wilson interval of first's score rate."""
        return wilson_interval(self.wins + 0.5 * self.draws, self.games)


def play_game(options: Mapping[str, JSON], seed: int, levels: list[str],
              slowest: dict[str, float] | None = None) -> IlyosGame:
    """One whole game where seat ``i`` is played by the AI at ``levels[i]``; returns the finished game."""
    game = IlyosGame.new(options, seed)
    rng = make_rng(derive_seed(seed, "ai"))
    turn_began = time.perf_counter()
    while not game.is_over():
        seat = game.to_move()
        assert seat is not None
        move = choose_move(game, seat, levels[seat], rng)
        game.push(move)
        if move.kind == "end" or game.is_over():
            spent = time.perf_counter() - turn_began
            if slowest is not None:
                slowest[levels[seat]] = max(slowest.get(levels[seat], 0.0), spent)
            turn_began = time.perf_counter()
    return game


def match_jobs(pairs: Iterable[tuple[str, str]], games: int) -> list[tuple[str, str, int]]:
    """Every game to play: each pair ``games`` times, seats swapped every other game."""
    return [(first, second, index) for first, second in pairs for index in range(games)]


def play_match_game(first: str, second: str, index: int, options: Mapping[str, JSON], seed: int,
                    slowest: dict[str, float] | None = None) -> str:
    """Game ``index`` of ``first`` against ``second``: first holds the even seats in even games and the odd
    ones in odd games. Returns first's outcome: ``win``, ``loss`` or ``draw``."""
    num = IlyosGame.new(options, 0).num_players
    first_seats = {s for s in range(num) if s % 2 == index % 2}
    levels = [first if s in first_seats else second for s in range(num)]
    game = play_game(options, derive_seed(seed, f"{first}-{second}-{index}"), levels, slowest)
    outcome = game.outcome()
    assert outcome is not None
    if outcome.draw:
        return "draw"
    return "win" if outcome.winners & first_seats else "loss"


def tournament_game(first: str, second: str, index: int, options: Mapping[str, JSON], seed: int,
                    clock: bool) -> dict[str, JSON]:
    """:func:`play_match_game` as a batch task (module-level, so that a worker process or a Ray node can
    play it): its outcome and each level's slowest turn, as JSON. Without ``clock`` the outcome depends on
    the arguments alone, wherever it runs."""
    ai._PLANS.clear()  # a plan cached by an earlier game of this worker must not steer this one
    slowest: dict[str, float] = {}
    with ai.wall_clock(clock):
        outcome = play_match_game(first, second, index, options, seed, slowest)
    return {"first": first, "second": second, "index": index, "outcome": outcome, "slowest": dict(slowest)}


def add_game(result: MatchResult, outcome: str, slowest: Mapping[str, float]) -> None:
    """Count one game's ``outcome`` (first's point of view) and its slowest turns in ``result``."""
    if outcome == "win":
        result.wins += 1
    elif outcome == "loss":
        result.losses += 1
    else:
        result.draws += 1
    for level, seconds in slowest.items():
        result.slowest_turn[level] = max(result.slowest_turn.get(level, 0.0), seconds)


def run_match_jobs(
    jobs: Iterable[tuple[str, str, int]],
    options: Mapping[str, JSON],
    seed: int,
    on_game: Callable[[list[MatchResult]], None] | None = None,
) -> list[MatchResult]:
    """Play the jobs in this process and gather one :class:`MatchResult` per pair, in the order pairs first
    appear; ``on_game`` gets the results so far after every game."""
    results: dict[tuple[str, str], MatchResult] = {}
    for first, second, index in jobs:
        result = results.setdefault((first, second), MatchResult(first, second))
        slowest: dict[str, float] = {}
        add_game(result, play_match_game(first, second, index, options, seed, slowest), slowest)
        if on_game is not None:
            on_game(list(results.values()))
    return list(results.values())
