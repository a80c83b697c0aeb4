"""Benchmark: the greedy computer opponent against a random player, on every shipped scenario.

Plays N games per scenario with the AI on each side in turn and prints wins / draws / losses and the
mean and worst time per AI move.

    .venv/bin/python benchmarks/skirmish_ai.py [--games 10]
"""

from __future__ import annotations

import argparse
import statistics
import time

from meeple.core.progress import track
from meeple.core.rng import make_rng
from meeple.games.skirmish.ai import choose_move
from meeple.games.skirmish.engine import SkirmishGame
from meeple.games.skirmish.scenario import shipped_scenarios


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    args = parser.parse_args()
    for name in shipped_scenarios():
        results = {"win": 0, "draw": 0, "loss": 0}
        timings: list[float] = []
        for game_index in track(range(args.games), args.games, name):
            ai_side = game_index % 2
            rng = make_rng(game_index)
            game = SkirmishGame.new({"scenario": name})
            while (side := game.to_move()) is not None:
                if side == ai_side:
                    began = time.perf_counter()
                    move = choose_move(game, side, rng)
                    timings.append(time.perf_counter() - began)
                else:
                    move = rng.choice(game.legal_moves())
                game.push(move)
            outcome = game.outcome()
            assert outcome is not None
            results["draw" if outcome.draw else "win" if ai_side in outcome.winners else "loss"] += 1
        print(f"{name:>11}: AI vs random {results['win']} won, {results['draw']} drawn, {results['loss']} lost; "
              f"AI move mean {statistics.mean(timings) * 1000:.0f} ms, worst {max(timings) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
