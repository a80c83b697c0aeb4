"""The interop checker: what every game's action space (:mod:`meeple.interop.spaces`) must honour, checked
over random play-outs, as the conformance kit (:mod:`meeple.core.conformance`) checks the engine.

At every position: the legal ids are ascending, inside ``0 .. num_actions - 1``, one per legal move (no two
moves share one), and each decodes back to its move; ``mask`` is exactly those ids; the observation of
every seat has ``observation_shape``, is float32, finite and inside ``[observation_low, observation_high]``,
is the same when asked twice and when what the seat cannot see is re-dealt (``determinize``); a sample of
ids that are not legal is refused with an :class:`~meeple.core.errors.IllegalMoveError` that changes
nothing. ``tests/interop/test_spaces.py`` runs it on every registered game that names a space; a new game's
own tests run it too (docs/adding-a-game.md).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import numpy as np

from meeple.core.conformance import ConformanceFailure
from meeple.core.errors import IllegalMoveError
from meeple.core.game import JSON, Game, canonical_json
from meeple.core.rng import make_rng
from meeple.interop.spaces import ActionSpace, space_for

Factory = Callable[[Mapping[str, JSON] | None, int | None], Game[Any]]


def _fail(game: Game[Any], seed: int, what: str) -> ConformanceFailure:
    return ConformanceFailure(f"{game.name} space (seed {seed}, ply {len(game.move_stack)}): {what}")


def check_position(space: ActionSpace[Any], game: Game[Any], seed: int, illegal_sample: int = 8) -> Mapping[int, Any]:
    """Check the space at ``game``'s position; returns its legal moves by id."""
    legal = space.legal(game)
    if len(legal) != len(game.legal_moves()):
        raise _fail(game, seed, f"{len(game.legal_moves())} legal moves but {len(legal)} ids")
    ids = list(legal)
    if ids != sorted(ids) or any(not 0 <= action < space.num_actions for action in ids):
        raise _fail(game, seed, "legal ids not ascending or outside the space")
    for action, move in legal.items():
        if game.move_key(space.decode(game, action, legal)) != game.move_key(move):
            raise _fail(game, seed, f"id {action} does not decode to {game.move_text(move)}")
    mask = space.mask(game)
    if mask.shape != (space.num_actions,) or set(np.flatnonzero(mask).tolist()) != set(ids):
        raise _fail(game, seed, "mask() is not the legal ids")
    for seat in range(game.num_players):
        _check_observation(space, game, seat, seed)
    before = canonical_json(game.position_json()), len(game.move_stack)
    rng = make_rng(seed + len(game.move_stack))
    others = [action for action in rng.sample(range(space.num_actions), min(space.num_actions, 4 * illegal_sample))
              if action not in legal][:illegal_sample]
    for action in [*others, -1, space.num_actions]:
        try:
            space.decode(game, action, legal)
        except IllegalMoveError:
            if (canonical_json(game.position_json()), len(game.move_stack)) != before:
                raise _fail(game, seed, f"refusing id {action} changed the position") from None
            continue
        raise _fail(game, seed, f"id {action} is not legal but decode() accepted it")
    return legal


def _check_observation(space: ActionSpace[Any], game: Game[Any], seat: int, seed: int) -> None:
    observation = space.observe(game, seat)
    if observation.shape != tuple(space.observation_shape) or observation.dtype != np.float32:
        raise _fail(game, seed, f"observation of seat {seat}: {observation.shape} {observation.dtype}, expected "
                                f"{tuple(space.observation_shape)} float32")
    if not np.all(np.isfinite(observation)) or observation.min() < space.observation_low \
            or observation.max() > space.observation_high:
        raise _fail(game, seed, f"observation of seat {seat} outside [{space.observation_low}, "
                                f"{space.observation_high}]")
    if not np.array_equal(space.observe(game, seat), observation):
        raise _fail(game, seed, f"two observations of seat {seat} differ")
    if not game.is_over():
        hidden = game.determinize(seat, make_rng(seed))
        if not np.array_equal(space.observe(hidden, seat), observation):
            raise _fail(game, seed, f"the observation of seat {seat} reads what it cannot see")


def check_space(factory: Factory, options: Mapping[str, JSON], seeds: range = range(3), plies: int = 60) -> None:
    """Random play-outs of the game ``factory`` makes with ``options``, checking its space at every ply."""
    for seed in seeds:
        game = factory(options, seed)
        space = space_for(game)
        rng = make_rng(seed)
        for _ in range(plies):
            legal = check_position(space, game, seed)
            if not legal:
                break
            game.push(legal[rng.choice(list(legal))])
        check_position(space, game, seed)
