"""ILYOS figures: random play-out speed per mode, and the AI's time per turn at each level.

Run: ``.venv/bin/python benchmarks/ilyos.py [--turns N] [--levels expert]``. Prints figures; asserts
nothing. The AI plays with its wall clock (as in a real game), so the times include any deadline cut;
the load average is printed beside them.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from meeple.core.rng import make_rng
from meeple.core.stats import wilson_interval
from meeple.games.ilyos.ai import LEVELS, TURN_LIMIT_SECONDS, choose_move
from meeple.games.ilyos.engine import IlyosGame
from meeple.games.ilyos.tournament import play_game

MODES: dict[str, dict[str, object]] = {"duel": {}, "2v2": {"mode": "2v2"}, "team diagonal": {"mode": "2v2", "team_diagonal": True}}


def playout_speed(options: dict[str, object], games: int = 10) -> tuple[float, float]:
    """Actions per second and mean actions per game of uniformly random play."""
    actions, began = 0, time.perf_counter()
    for seed in range(games):
        game = IlyosGame.new(options, seed)
        rng = make_rng(seed)
        while not game.is_over():
            game.push(rng.choice(game.legal_moves()))
            actions += 1
    return actions / (time.perf_counter() - began), actions / games


def turn_times(level: str, turns: int) -> list[float]:
    """Seconds the AI at ``level`` takes for each of ``turns`` whole turns (both seats at that level,
    as many games as needed)."""
    times: list[float] = []
    seed = 7
    while len(times) < turns:
        times += _game_turn_times(level, seed, turns - len(times))
        seed += 1
    return times


def _game_turn_times(level: str, seed: int, turns: int) -> list[float]:
    game = IlyosGame.new({}, seed)
    rng = make_rng(seed)
    times: list[float] = []
    while not game.is_over() and len(times) < turns:
        seat = game.to_move()
        began = time.perf_counter()
        while game.to_move() == seat and not game.is_over():
            assert seat is not None
            game.push(choose_move(game, seat, level, rng))
        times.append(time.perf_counter() - began)
    return times


def first_seat_balance(level: str, games: int) -> tuple[int, int, int]:
    """Wins of P1, wins of P2 and draws when both seats play at ``level`` (duel, default setup)."""
    first = second = draws = 0
    for seed in range(games):
        outcome = play_game({}, 1000 + seed, [level, level]).outcome()
        assert outcome is not None
        if outcome.draw:
            draws += 1
        elif 0 in outcome.winners:
            first += 1
        else:
            second += 1
    return first, second, draws


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--turns", type=int, default=12)
    parser.add_argument("--balance", type=int, default=0, help="games of Hard against Hard (P1 vs P2)")
    parser.add_argument("--levels", default=",".join(LEVELS), help="levels whose time per turn is measured")
    parser.add_argument("--no-playouts", action="store_true", help="skip the random play-out speed")
    args = parser.parse_args()
    if args.balance:
        first, second, draws = first_seat_balance("hard", args.balance)
        low, high = wilson_interval(first + 0.5 * draws, args.balance)
        print(f"Hard vs Hard, {args.balance} games: P1 {first} wins, P2 {second} wins, {draws} draws; "
              f"P1 score {(first + 0.5 * draws) / args.balance:.0%} [{low:.0%}, {high:.0%}]")
        return
    for name, options in MODES.items() if not args.no_playouts else ():
        speed, length = playout_speed(options)
        print(f"random play-outs, {name:13}: {speed:7.0f} actions/s, {length:5.1f} actions per game")
    for level in args.levels.split(","):
        before = os.getloadavg()[0]
        times = turn_times(level, args.turns)
        over = sum(t > TURN_LIMIT_SECONDS for t in times)
        print(f"AI {level:6}: {len(times)} turns, mean {statistics.mean(times):.2f} s, "
              f"max {max(times):.2f} s per turn, {over} over {TURN_LIMIT_SECONDS:.0f} s "
              f"(load average {before:.1f} before, {os.getloadavg()[0]:.1f} after)")


if __name__ == "__main__":
    main()
