"""Hive as an RL environment: random steps per second through PettingZoo (AEC) and OpenSpiel.

Run: ``nice -n 19 .venv/bin/python benchmarks/hive_env.py [--steps 20000] [--game-type Base+MLPC]``.

A step is what a random agent's loop costs: ``last()`` (observation and action mask), a masked random
action (``action_space.sample(mask)``) and ``step``; a finished or truncated game is reset (max_plies
400). OpenSpiel: ``legal_actions()``, a random choice, ``apply_action`` (a new game at the end).
Prints steps per CPU second and the load average; asserts nothing.
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np


def pettingzoo_rate(game_type: str, steps: int) -> float:
    """Random steps per CPU second through :func:`meeple.interop.pettingzoo.env`."""
    from meeple.interop.pettingzoo import env

    game = env("hive", game_type=game_type)
    game.reset(seed=1)
    rng = np.random.default_rng(1)
    for space in game.action_spaces.values():
        space.seed(int(rng.integers(1 << 30)))
    done = 0
    began = time.process_time()
    while done < steps:
        for agent in game.agent_iter():
            observation, _reward, terminated, truncated, _info = game.last()
            action = None if terminated or truncated else game.action_space(agent).sample(observation["action_mask"])
            game.step(action)
            done += 1
            if done >= steps:
                break
        game.reset(seed=done)
    return steps / max(time.process_time() - began, 1e-9)


def openspiel_rate(game_type: str, steps: int) -> float:
    """Random steps per CPU second through the ``meeple_hive`` OpenSpiel game."""
    import meeple.interop.openspiel as spiel

    game = spiel.load("hive", game_type=game_type)
    rng = random.Random(1)
    state = game.new_initial_state()
    began = time.process_time()
    for _ in range(steps):
        if state.is_terminal():
            state = game.new_initial_state()
        state.apply_action(rng.choice(state.legal_actions()))
    return steps / max(time.process_time() - began, 1e-9)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--steps", type=int, default=20000)
    parser.add_argument("--game-type", default="Base+MLPC")
    parser.add_argument("--skip-openspiel", action="store_true")
    args = parser.parse_args()
    with open("/proc/loadavg", encoding="ascii") as load:
        print(f"load average {' '.join(load.read().split()[:3])}")
    print(f"PettingZoo {args.game_type}: {pettingzoo_rate(args.game_type, args.steps):,.0f} random steps/s", flush=True)
    if not args.skip_openspiel:
        print(f"OpenSpiel  {args.game_type}: {openspiel_rate(args.game_type, args.steps):,.0f} random steps/s")
    with open("/proc/loadavg", encoding="ascii") as load:
        print(f"load average {' '.join(load.read().split()[:3])}")


if __name__ == "__main__":
    main()
