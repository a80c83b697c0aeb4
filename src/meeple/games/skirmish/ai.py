"""The computer opponent, in three levels (for "play against the computer" and the server).

* ``random`` — any legal action (seeded).
* ``greedy`` — :func:`greedy_move`: tries every legal action of the side to move (hold, attack, every
  reachable cell), scores the position each one leads to with :func:`evaluate`, and plays the best.
* ``tactical`` — :func:`tactical_move`: scores every action with :func:`evaluate_exchanges` (the
  position once the blows its engagements promise are struck, :func:`exchanges`), answers the
  ``width`` best with every reply of the opponent (scored the same way from the opponent's side) and
  plays the action whose best answer leaves it best off. It sees what greedy cannot: engaging an enemy
  that has not acted yet hands it the first blow, an enemy that already acted can be struck first, and
  the side that opens the next round strikes first in it.

Ties are broken by the seeded ``rng``, so a game against the computer is reproducible from its seed; no
level reads the clock, so a level plays the same move on a fast machine and on a loaded one.

:func:`evaluate` scores a position for one side: 100 per point of the R21 score (enemies put out of
action, objectives held), 10 per hit point more than the enemy, 3 per own fighter (not harmless) engaged
with an enemy it can strike next round, minus half a point per square each fighter stands away from its
goal (the nearest objective not held by its side, or else the nearest enemy).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from meeple.core.boards import Cell
from meeple.core.errors import MeepleError
from meeple.core.i18n import Msg
from meeple.core.rng import SeededRandom
from meeple.games.skirmish.battlefield import Battlefield, Fighter, chebyshev
from meeple.games.skirmish.engine import Action, SkirmishGame

WIN = 100_000.0
"""The score of a won game (lost: minus that)."""
TACTICAL_WIDTH = 6
"""How many of its best actions (by :func:`evaluate_exchanges`) the tactical level answers with every reply."""


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
    return _position_value(game, side, {f.id: f.hits for f in game.field.fighters}, (0, 0))


def evaluate_exchanges(game: SkirmishGame, side: int) -> float:
    """:func:`evaluate` once the blows the engagements promise are struck (:func:`exchanges`)."""
    hits, felled = exchanges(game)
    return _position_value(game, side, hits, felled)


def _position_value(game: SkirmishGame, side: int, hits: dict[str, int], felled: Sequence[int]) -> float:
    """:func:`evaluate` with each fighter's ``hits`` (0: felled) and ``felled`` extra enemies per side."""
    outcome = game.outcome()
    if outcome is not None and not outcome.draw:
        return WIN if side in outcome.winners else -WIN
    field = game.field
    score = [game.state.eliminated[0] + felled[0], game.state.eliminated[1] + felled[1]]
    for cell in game.scenario.objectives:  # R21, held by a fighter still standing
        holder = field.occupant.get(cell)
        if holder is not None and hits[holder] > 0:
            score[field.fighter(holder).side] += 1
    value = 100.0 * (score[side] - score[1 - side])
    for fighter in field.fighters:
        if hits[fighter.id] <= 0:
            continue
        sign = 1.0 if fighter.side == side else -1.0
        value += sign * 10.0 * hits[fighter.id]
        if not fighter.harmless and field.engaged_with(fighter.id):
            value += sign * 3.0
        if not fighter.harmless:
            value -= sign * 0.5 * _goal_distance(game, fighter.cell, fighter.side)
    return value


def exchanges(game: SkirmishGame) -> tuple[dict[str, int], list[int]]:
    """The blows the engagements promise, struck at once: hits left per fighter, fighters each side fells.

    This round, every engaged fighter that has not acted and can strike strikes one opponent it is
    engaged with, the side to move first; then, unless it was the last round, every engaged fighter
    still standing strikes once more, the side that opens the next round first (R18). In a round the
    sides alternate blows (a side with none left lets the other go on); a blow fells a target if it
    can, else hits one that has yet to strike back, else the weakest; a felled fighter strikes no more.
    """
    field, state = game.field, game.state
    hits = {f.id: f.hits for f in field.fighters}
    felled = [0, 0]
    if state.to_move is None:
        return hits, felled
    _strike_round(field, hits, felled, [f for f in field.fighters if f.id not in state.activated], state.to_move)
    if state.round < game.scenario.rounds:
        _strike_round(field, hits, felled, list(field.fighters), (game.scenario.first + state.round) % 2)
    return hits, felled


def _strike_round(field: Battlefield, hits: dict[str, int], felled: list[int], strikers: list[Fighter],
                  side: int) -> None:
    """One round of blows by ``strikers`` (those engaged and able to strike), ``side`` first."""
    due: list[list[str]] = [[], []]
    for fighter in strikers:
        if hits[fighter.id] > 0 and not fighter.harmless and fighter.strike > 0 \
                and any(hits[other] > 0 for other in field.engaged_with(fighter.id)):
            due[fighter.side].append(fighter.id)
    while due[0] or due[1]:
        if not due[side]:
            side = 1 - side
            continue
        striker = field.fighter(due[side].pop(0))
        if hits[striker.id] <= 0:
            continue
        targets = [t for t in field.engaged_with(striker.id) if hits[t] > 0]
        if targets:
            target = min(targets, key=lambda t: (hits[t] > striker.strike, t not in due[1 - side], hits[t], t))
            hits[target] -= striker.strike
            if hits[target] <= 0:
                felled[side] += 1
        side = 1 - side


Evaluation = Callable[[SkirmishGame, int], float]


def _scored(game: SkirmishGame, side: int, value: Evaluation = evaluate) -> list[tuple[float, Action]]:
    """Every legal action of the side to move with ``value`` (for ``side``) of where it leads."""
    scored = []
    for move in game.legal_moves():
        game.push(move)
        scored.append((value(game, side), move))
        game.pop()
    return scored


def _best(scored: list[tuple[float, Action]], rng: SeededRandom) -> Action:
    """The best-valued action, ties broken by ``rng``."""
    top = max(value for value, _ in scored)
    return rng.choice([move for value, move in scored if value >= top - 1e-9])


def _check_seat(game: SkirmishGame, seat: int) -> None:
    if game.to_move() != seat:
        raise MeepleError(Msg(f"ce n'est pas au camp {seat} de jouer", f"it is not side {seat}'s turn"))


def greedy_move(game: SkirmishGame, seat: int, rng: SeededRandom) -> Action:
    """The greedy best action for ``seat`` (the side to move); the game is left unchanged."""
    _check_seat(game, seat)
    return _best(_scored(game, seat), rng)


def _answered(game: SkirmishGame, seat: int, value: Evaluation) -> float:
    """``value`` for ``seat`` after the opponent's best reply (the position if it is not theirs to move)."""
    mover = game.to_move()
    if mover is None or mover == seat:
        return value(game, seat)
    return -max(reply for reply, _ in _scored(game, mover, value))


def tactical_move(game: SkirmishGame, seat: int, rng: SeededRandom, width: int = TACTICAL_WIDTH) -> Action:
    """The tactical action for ``seat``: of its ``width`` best actions by :func:`evaluate_exchanges`, the one
    whose best answer by the opponent leaves it best off (``width`` 1: the best action, unanswered)."""
    _check_seat(game, seat)
    scored = sorted(_scored(game, seat, evaluate_exchanges), key=lambda item: -item[0])  # stable
    if width <= 1:
        return _best(scored, rng)
    answered = []
    for _, move in scored[:width]:
        game.push(move)
        answered.append((_answered(game, seat, evaluate_exchanges), move))
        game.pop()
    return _best(answered, rng)


def random_move(game: SkirmishGame, seat: int, rng: SeededRandom) -> Action:
    """Any legal action for ``seat`` (the side to move)."""
    _check_seat(game, seat)
    return rng.choice(game.legal_moves())


LEVELS: dict[str, Callable[[SkirmishGame, int, SeededRandom], Action]] = {
    "random": random_move,
    "greedy": greedy_move,
    "tactical": tactical_move,
}
"""The computer's levels by name, weakest first."""
DEFAULT_LEVEL = "greedy"


def choose_move(game: SkirmishGame, seat: int, rng: SeededRandom, level: str = DEFAULT_LEVEL) -> Action:
    """The action the computer plays for ``seat`` (the side to move) at ``level`` (a key of :data:`LEVELS`)."""
    play = LEVELS.get(level)
    if play is None:
        raise MeepleError(Msg(f"niveau inconnu « {level} » (choix: {', '.join(LEVELS)})",
                              f"unknown level '{level}' (choose from {', '.join(LEVELS)})"))
    return play(game, seat, rng)
