"""Hive figures: perft leaves per second (depths 4 and 5, Base and Base+MLP), mid-game move generation
and AI search speed.

Run: ``.venv/bin/python benchmarks/hive_perft.py [--depths 4,5] [--types Base,Base+MLP]``.
Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import time

from meeple.core.rng import make_rng
from meeple.games.hive.ai import search
from meeple.games.hive.game import HiveGame
from meeple.games.hive.perft import perft
from meeple.games.hive.pieces import GameType
from meeple.games.hive.state import HiveState


def perft_rate(game_type: str, depth: int) -> tuple[int, float]:
    """Leaves of perft ``depth`` from the start, and leaves per second."""
    state = HiveState(GameType.parse(game_type))
    began = time.perf_counter()
    leaves = perft(state, depth)
    return leaves, leaves / (time.perf_counter() - began)


def midgame_positions(game_type: str, count: int = 40, plies: int = 40) -> list[HiveGame]:
    """Positions after ``plies`` random moves (games that ended earlier are skipped)."""
    games = []
    for seed in range(count):
        game = HiveGame.new({"game_type": game_type}, seed)
        rng = make_rng(seed)
        while game.outcome() is None and len(game.move_stack) < plies:
            game.push(rng.choice(game.legal_moves()))
        if game.outcome() is None:
            games.append(game)
    return games


def movegen_rate(games: list[HiveGame], rounds: int = 5) -> tuple[float, float]:
    """Move generations per second and mean moves per position on mid-game positions."""
    began = time.perf_counter()
    total = 0
    for _ in range(rounds):
        for game in games:
            total += len(game.state.moves())
    seconds = time.perf_counter() - began
    return rounds * len(games) / seconds, total / (rounds * len(games))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--depths", default="4,5")
    parser.add_argument("--types", default="Base,Base+MLP")
    args = parser.parse_args()
    types = args.types.split(",")
    print(f"{'game type':<12}{'depth':>6}{'leaves':>12}{'leaves/s':>14}")
    for game_type in types:
        for depth in (int(d) for d in args.depths.split(",")):
            leaves, rate = perft_rate(game_type, depth)
            print(f"{game_type:<12}{depth:>6}{leaves:>12,}{rate:>14,.0f}")
    print()
    for game_type in [*types, "Base+MLPC"]:
        games = midgame_positions(game_type)
        rate, mean = movegen_rate(games)
        print(f"{game_type:<12} mid-game (ply 40): {rate:,.0f} move lists/s, {mean:.0f} moves each")
    games = midgame_positions("Base+MLPC", count=4, plies=30)
    for game in games:
        result = search(game, time_limit=2.0)
        print(f"AI search, Base+MLPC ply 30: depth {result.depth} in {result.seconds:.2f} s, {result.nodes_per_second:,.0f} nodes/s")


if __name__ == "__main__":
    main()
