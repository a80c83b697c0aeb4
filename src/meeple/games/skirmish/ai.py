"""The computer opponent: a greedy one-activation look-ahead (for "play against the computer").

:func:`choose_move` tries every legal action of the side to move (hold, attack, every reachable cell),
scores the position each one leads to with :func:`evaluate`, and plays the best (ties broken by the
seeded ``rng``, so a game against the computer is reproducible from its seed).

:func:`evaluate` scores a position for one side: 100 per point of the R21 score (enemies put out of
action, objectives held), 10 per hit point more than the enemy, 3 per own fighter (not harmless) engaged
with an enemy it can strike next round, minus half a point per square each fighter stands away from its
goal (the nearest objective not held by its side, or else the nearest enemy).
"""

from __future__ import annotations

from meeple.core.boards import Cell
from meeple.core.rng import SeededRandom
from meeple.games.skirmish.battlefield import chebyshev
from meeple.games.skirmish.engine import Action, SkirmishGame


def _goal_distance(game: SkirmishGame, cell: Cell, side: int) -> int:
    field = game.field
    open_objectives = [obj for obj in game.scenario.objectives
                       if obj == cell or obj not in field.occupant
                       or field.fighter(field.occupant[obj]).side != side]
    enemies = [f.cell for f in field.fighters if f.side != side]
    targets = open_objectives or enemies
    return min((chebyshev(cell, target) for target in targets), default=0)


def evaluate(game: SkirmishGame, side: int) -> float:
    """How good the position is for ``side`` (higher is better); see the module docstring."""
    outcome = game.outcome()
    if outcome is not None and not outcome.draw:
        return 100_000.0 if side in outcome.winners else -100_000.0
    field = game.field
    score = game.score()
    value = 100.0 * (score[side] - score[1 - side])
    for fighter in field.fighters:
        sign = 1.0 if fighter.side == side else -1.0
        value += sign * 10.0 * fighter.hits
        if not fighter.harmless and field.engaged_with(fighter.id):
            value += sign * 3.0
        if not fighter.harmless:
            value -= sign * 0.5 * _goal_distance(game, fighter.cell, fighter.side)
    return value


def choose_move(game: SkirmishGame, seat: int, rng: SeededRandom) -> Action:
    """The greedy best action for ``seat`` (who must be the side to move); the game is left unchanged."""
    if game.to_move() != seat:
        raise ValueError(f"seat {seat} is not the side to move")
    best_value, best_moves = float("-inf"), []
    for move in game.legal_moves():
        game.push(move)
        value = evaluate(game, seat)
        game.pop()
        if value > best_value + 1e-9:
            best_value, best_moves = value, [move]
        elif abs(value - best_value) <= 1e-9:
            best_moves.append(move)
    return rng.choice(best_moves)
