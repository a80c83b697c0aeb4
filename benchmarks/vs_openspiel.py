"""meeple's AIs against OpenSpiel's MCTS (Hive) and ISMCTS (ILYOS), at equal thinking time.

Run: ``nice .venv/bin/python benchmarks/vs_openspiel.py [--hive-games 4] [--ilyos-games 3] [--out F.json]``
(the defaults took 8 minutes on the shared 2-core machine at a load average of 17).

Both sides play meeple's engines through :mod:`meeple.interop.openspiel`; seats alternate every game.

* **Hive** (``--game-type``, default ``Base+MLPC``): meeple's AI (``best_move`` with a time limit of
  ``--hive-seconds`` per move) against OpenSpiel's ``MCTSBot`` (UCT, c = 2, random roll-outs, the
  MCTS-Solver on) stopped by the same clock: simulations run until ``--hive-seconds`` have passed.
  A game reaching ``--max-plies`` plies is a draw.
* **ILYOS** (duel, default setup): each meeple level (Easy … Expert, its own settings, wall clock on, as
  in a real game) against OpenSpiel's ``ISMCTSBot`` (c = 2, random roll-outs, re-dealing with
  ``resample_from_infostate``). meeple's AI plans a whole turn at once, so time is made equal per
  *action*: at each of its decisions ISMCTS may think as long as meeple's AI has spent per action so far
  in the game (``--ilyos-seconds`` before meeple has played).

The score is meeple's (a win 1, a draw 1/2) with its 95 % Wilson interval (``core.stats``); the table
also gives each side's mean seconds per action and OpenSpiel's mean simulations per decision. The load
average is printed beside the figures: on a loaded machine both sides get fewer simulations or nodes.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

import meeple.interop.openspiel as spiel
from meeple.core.rng import make_rng
from meeple.core.stats import wilson_interval
from meeple.games.hive.ai import best_move
from meeple.games.ilyos import ai as ilyos_ai
from meeple.interop.spaces import space_for

UCT_C = 2.0


class TimedMCTSBot(mcts.MCTSBot):  # type: ignore[misc]
    """OpenSpiel's MCTS, stopped by a clock instead of a simulation count (at least one simulation).

    OpenSpiel's search loop stops early once the root has an outcome (the MCTS-Solver); when the time is
    up, the root is given a placeholder outcome so the loop ends after the current simulation. The move
    is still the most visited child, as always.
    """

    def __init__(self, game: Any, seconds: float, rng: np.random.RandomState) -> None:
        super().__init__(game, UCT_C, 10**9, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
        self.seconds = seconds
        self.simulations: list[int] = []
        self._deadline = 0.0

    def mcts_search(self, state: Any) -> Any:
        self._deadline = time.perf_counter() + self.seconds
        root = super().mcts_search(state)
        self.simulations.append(root.explore_count)
        return root

    def _apply_tree_policy(self, root: Any, state: Any) -> Any:
        path, working = super()._apply_tree_policy(root, state)
        if time.perf_counter() >= self._deadline and root.outcome is None:
            root.outcome = np.zeros(len(state.returns()))  # only ends the loop; children decide the move
        return path, working


class TimedISMCTSBot(ismcts.ISMCTSBot):  # type: ignore[misc]
    """OpenSpiel's ISMCTS with a time budget per decision (``seconds``, set before each ``step``; at least two
    simulations, the first of which only expands the root)."""

    def __init__(self, game: Any, rng: np.random.RandomState) -> None:
        super().__init__(game, mcts.RandomRolloutEvaluator(1, rng), UCT_C, 10**9, random_state=rng)
        self.seconds = 0.1
        self.simulations: list[int] = []

    def run_search(self, state: Any) -> Any:
        self.reset()
        legal = state.legal_actions()
        if len(legal) == 1:
            return [(legal[0], 1.0)]
        self._root_node = self.create_new_node(state)
        deadline = time.perf_counter() + self.seconds
        count = 0
        while count < 2 or time.perf_counter() < deadline:  # the first one only expands the root
            self.run_simulation(self.sample_root_state(state))
            count += 1
        self.simulations.append(count)
        return self.get_final_policy(state, self._root_node)


@dataclass
class Match:
    """The games of one pairing, from meeple's side."""

    name: str
    wins: int = 0
    losses: int = 0
    draws: int = 0
    meeple_seconds: list[float] = field(default_factory=list)
    spiel_seconds: list[float] = field(default_factory=list)
    simulations: list[int] = field(default_factory=list)
    plies: list[int] = field(default_factory=list)

    def add(self, returns: list[float], seat: int) -> None:
        """Count one finished game in which meeple held ``seat``."""
        if returns[seat] > 0:
            self.wins += 1
        elif returns[seat] < 0:
            self.losses += 1
        else:
            self.draws += 1

    def row(self) -> dict[str, Any]:
        """The figures of the table."""
        games = self.wins + self.losses + self.draws
        score = self.wins + self.draws / 2
        low, high = wilson_interval(score, games)
        return {
            "pairing": self.name, "games": games, "wins": self.wins, "losses": self.losses, "draws": self.draws,
            "score": round(score / games, 3) if games else None, "ci95": [round(low, 3), round(high, 3)],
            "meeple_s_per_action": round(float(np.mean(self.meeple_seconds)), 3) if self.meeple_seconds else None,
            "openspiel_s_per_action": round(float(np.mean(self.spiel_seconds)), 3) if self.spiel_seconds else None,
            "openspiel_simulations_per_decision": round(float(np.mean(self.simulations)), 1) if self.simulations else None,
            "mean_plies": round(float(np.mean(self.plies)), 1) if self.plies else None,
        }


def hive_match(games: int, seconds: float, game_type: str, max_plies: int, seed: int) -> Match:
    """meeple's Hive AI against timed MCTS, ``games`` games, seats alternating."""
    game = spiel.load("hive", game_type=game_type, max_plies=max_plies)
    result = Match(f"hive {game_type}: meeple AI vs MCTS, {seconds:g} s/move")
    for index in range(games):
        rng = np.random.RandomState(seed + index)
        bot = TimedMCTSBot(game, seconds, rng)
        meeple_seat = index % 2
        state = game.new_initial_state()
        while not state.is_terminal():
            began = time.perf_counter()
            if state.current_player() == meeple_seat:
                engine = state.engine
                action = space_for(engine).encode(engine, best_move(engine, time_limit=seconds))
                result.meeple_seconds.append(time.perf_counter() - began)
            else:
                action = bot.step(state)
                result.spiel_seconds.append(time.perf_counter() - began)
            state.apply_action(action)
        result.simulations += bot.simulations
        result.plies.append(len(state.history()))
        result.add(state.returns(), meeple_seat)
        print(f"  hive game {index + 1}/{games}: meeple {'white' if meeple_seat == 0 else 'black'}, "
              f"returns {state.returns()}, {len(state.history())} plies", flush=True)
    return result


def ilyos_match(level: str, games: int, seconds: float, seed: int) -> Match:
    """meeple's ILYOS AI at ``level`` against ISMCTS given meeple's own time per action."""
    game = spiel.load("ilyos")
    result = Match(f"ilyos duel: meeple {level} vs ISMCTS, equal time per action")
    for index in range(games):
        rng = np.random.RandomState(seed + index)
        bot = TimedISMCTSBot(game, rng)
        meeple_seat = index % 2
        state = game.new_initial_state()
        state.apply_action(int(rng.randint(game.max_chance_outcomes())))  # the deal
        meeple_time, meeple_actions = 0.0, 0
        ai_rng = make_rng(seed * 1000 + index)
        while not state.is_terminal():
            began = time.perf_counter()
            if state.current_player() == meeple_seat:
                engine = state.engine
                move = ilyos_ai.choose_move(engine, meeple_seat, level, ai_rng)
                action = space_for(engine).encode(engine, move)
                meeple_time += time.perf_counter() - began
                meeple_actions += 1
                result.meeple_seconds.append(time.perf_counter() - began)
            else:
                bot.seconds = meeple_time / meeple_actions if meeple_actions else seconds
                action = int(bot.step(state))
                result.spiel_seconds.append(time.perf_counter() - began)
            state.apply_action(action)
        result.simulations += bot.simulations
        result.plies.append(len(state.history()) - 1)
        result.add(state.returns(), meeple_seat)
        print(f"  ilyos {level} game {index + 1}/{games}: meeple seat {meeple_seat}, returns {state.returns()}, "
              f"{len(state.history()) - 1} actions", flush=True)
    return result


def main() -> None:
    """Play both benchmarks and print the table (Markdown) with the load average."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--hive-games", type=int, default=4)
    parser.add_argument("--hive-seconds", type=float, default=0.5, help="seconds per move for both sides")
    parser.add_argument("--game-type", default="Base+MLPC")
    parser.add_argument("--max-plies", type=int, default=100)
    parser.add_argument("--ilyos-games", type=int, default=3, help="games per meeple level")
    parser.add_argument("--ilyos-seconds", type=float, default=0.2,
                        help="ISMCTS seconds per decision before meeple has played its first action")
    parser.add_argument("--levels", default=",".join(ilyos_ai.LEVELS))
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    began = time.time()
    rows = []
    if args.hive_games > 0:
        rows.append(hive_match(args.hive_games, args.hive_seconds, args.game_type, args.max_plies, args.seed).row())
    for level in [name.strip() for name in args.levels.split(",") if name.strip()]:
        if args.ilyos_games > 0:
            rows.append(ilyos_match(level, args.ilyos_games, args.ilyos_seconds, args.seed).row())
    load = os.getloadavg()
    print()
    print("| pairing | games | meeple W-L-D | meeple score | 95 % CI | s/action meeple | s/action OpenSpiel "
          "| OpenSpiel sims/decision | mean length |")
    print("|---|---|---|---|---|---|---|---|---|")
    for row in rows:
        low, high = row["ci95"]
        print(f"| {row['pairing']} | {row['games']} | {row['wins']}-{row['losses']}-{row['draws']} "
              f"| {row['score']:.0%} | {low:.0%}-{high:.0%} | {row['meeple_s_per_action']} "
              f"| {row['openspiel_s_per_action']} | {row['openspiel_simulations_per_decision']} | {row['mean_plies']} |")
    print(f"\nelapsed {time.time() - began:.0f} s, load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    if args.out is not None:
        args.out.write_text(json.dumps({"rows": rows, "loadavg": load, "args": vars(args) | {"out": str(args.out)}},
                                       indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
