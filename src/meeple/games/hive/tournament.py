"""AI matches: the alpha-beta AI against a baseline (random, one-ply greedy) or itself, colours alternating."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field

from meeple.core.game import JSON
from meeple.core.rng import SeededRandom, make_rng
from meeple.games.hive.ai import best_move, greedy_move, random_move
from meeple.games.hive.game import HiveGame
from meeple.games.hive.state import Move

Player = Callable[[HiveGame, SeededRandom], Move]


def alpha_beta_player(time_limit: float | None, depth: int | None) -> Player:
    """A player that asks :func:`best_move` with these limits."""
    return lambda game, rng: best_move(game, time_limit=time_limit, depth=depth)


BASELINES: dict[str, Player] = {"random": random_move, "greedy": greedy_move}


@dataclass
class GameResult:
    """One game of a match: the AI's seat, the winning seat (None: draw or move cap), the length."""

    ai_seat: int
    winner: int | None
    plies: int
    capped: bool

    @property
    def ai_won(self) -> bool:
        """Whether the AI won this game."""
        return self.winner == self.ai_seat


@dataclass
class MatchSummary:
    """Wins, losses and draws of the AI over a match."""

    games: list[GameResult] = field(default_factory=list)

    @property
    def wins(self) -> int:
        """Games the AI won."""
        return sum(game.ai_won for game in self.games)

    @property
    def losses(self) -> int:
        """Games the AI lost."""
        return sum(game.winner is not None and not game.ai_won for game in self.games)

    @property
    def draws(self) -> int:
        """Drawn games, and games stopped at the move cap."""
        return sum(game.winner is None for game in self.games)


def play_game(game: HiveGame, players: tuple[Player, Player], rng: SeededRandom, max_plies: int) -> int | None:
    """Play ``game`` to the end (or ``max_plies``); returns the winning seat, or None."""
    while game.outcome() is None and len(game.move_stack) < max_plies:
        seat = game.to_move()
        assert seat is not None
        game.push(players[seat](game, rng))
    outcome = game.outcome()
    if outcome is None or outcome.draw:
        return None
    return min(outcome.winners)


def play_match_game(index: int, ai: Player, opponent: Player, game_type: str, seed: int,
                    max_plies: int) -> GameResult:
    """Game ``index`` of a match: the AI White in even games and Black in odd ones."""
    rng = make_rng(seed).derive(f"game-{index}")
    game = HiveGame.new({"game_type": game_type}, seed + index)
    ai_seat = index % 2
    players = (ai, opponent) if ai_seat == 0 else (opponent, ai)
    winner = play_game(game, players, rng, max_plies)
    return GameResult(ai_seat, winner, len(game.move_stack), game.outcome() is None)


def match(
    ai: Player, opponent: Player, games: int, game_type: str, seed: int, max_plies: int
) -> Iterator[GameResult]:
    """Play ``games`` games, the AI White in even games and Black in odd ones; yields each result."""
    for index in range(games):
        yield play_match_game(index, ai, opponent, game_type, seed, max_plies)


def tournament_game(index: int, opponent: str, time_limit: float | None, depth: int | None, game_type: str,
                    seed: int, max_plies: int) -> dict[str, JSON]:
    """:func:`play_match_game` as a batch task: players named, result as JSON (module-level, so that a worker
    process or a Ray node can play it; at a fixed depth its result depends on its arguments alone)."""
    ai = alpha_beta_player(time_limit, depth)
    other = ai if opponent == "ai" else BASELINES[opponent]
    return asdict(play_match_game(index, ai, other, game_type, seed, max_plies))
