"""The computer's levels (random, greedy, tactical): what each sees, reproducibility, strength at fixed seeds.

No test reads the clock: every level is a fixed computation, the same on a loaded machine.
"""

from __future__ import annotations

from typing import Any

import pytest

from meeple.core.errors import MeepleError
from meeple.core.rng import make_rng
from meeple.games.skirmish import api
from meeple.games.skirmish.ai import LEVELS, choose_move, evaluate, evaluate_exchanges, exchanges
from meeple.games.skirmish.battlefield import in_contact
from meeple.games.skirmish.engine import Action, SkirmishGame
from tests.games.skirmish.helpers import scenario_from_art


def game_of(art: list[str], **kwargs: Any) -> SkirmishGame:
    return SkirmishGame.new({"scenario": scenario_from_art(art, **kwargs)})


def test_exchanges_strike_the_blows_due_the_side_to_move_first_then_the_next_round() -> None:
    game = game_of(["aX......", "........", "........", "b......Y"])
    # round 1, side 0 to move: a strikes X, X strikes a; round 2 is opened by side 1: X fells a
    hits, felled = exchanges(game)
    assert (hits["a"], hits["X"], felled) == (0, 1, [0, 1])
    assert hits["b"] == 2 and hits["Y"] == 2  # not engaged: no blow
    assert evaluate_exchanges(game, 0) < evaluate(game, 0)


def test_exchanges_let_a_fighter_that_already_acted_be_struck_first() -> None:
    game = game_of(["aX......", "........", "........", "b......Y"])
    game.push(Action("hold", "a"))  # a has acted: X strikes this round and again first in round 2
    hits, felled = exchanges(game)
    assert (hits["a"], hits["X"], felled) == (0, 2, [0, 1])
    last = game_of(["aX......", "........", "........", "b......Y"], rounds=1)
    hits, felled = exchanges(last)  # the last round: only this round's blows, a first
    assert (hits["a"], hits["X"], felled) == (1, 1, [0, 0])


def test_tactical_does_not_engage_an_enemy_that_would_strike_first() -> None:
    # a (1 hit) can take the objective beside X, who has not acted yet and would fell it at once
    game = game_of(["a.....X"], objectives=[[5, 0]], a={"hits": 1}, X={"move": 2})
    greedy = choose_move(game, 0, make_rng(0), "greedy")
    assert greedy.to == (5, 0)  # greedy sees the objective held, not the blow
    for seed in range(3):
        tactical = choose_move(game, 0, make_rng(seed), "tactical")
        assert tactical.kind == "hold" or (tactical.to is not None and not in_contact(tactical.to, (6, 0)))


def test_tactical_takes_a_kill_when_it_can() -> None:
    game = game_of(["aX.......", ".........", "b.......Y"], X={"hits": 1})
    assert choose_move(game, 0, make_rng(1), "tactical") == Action("attack", "a", target="X")


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_every_level_plays_a_legal_move_and_leaves_the_game_unchanged(level: str) -> None:
    game = SkirmishGame.new({"scenario": "gauntlet"})
    before = game.view(None)
    move = choose_move(game, 0, make_rng(5), level)
    assert game.view(None) == before and game.is_legal(move)
    assert choose_move(game, 0, make_rng(5), level) == move  # the same seed, the same move


def test_an_unknown_level_or_the_wrong_side_is_refused() -> None:
    game = SkirmishGame.new({"scenario": "gauntlet"})
    with pytest.raises(MeepleError, match="tactical"):
        choose_move(game, 0, make_rng(0), "genius")
    with pytest.raises(MeepleError):
        choose_move(game, 1, make_rng(0), "tactical")
    with pytest.raises(MeepleError, match="greedy"):
        api.ai_move(game, seed=1, level="genius")
    assert game.is_legal(api.ai_move(game, seed=1, level="tactical"))


def _play(options: dict[str, Any], levels: tuple[str, str], seed: int) -> SkirmishGame:
    game = SkirmishGame.new(options)
    rng = make_rng(seed)
    while (side := game.to_move()) is not None:
        game.push(choose_move(game, side, rng.derive(str(len(game.move_stack))), levels[side]))
    return game


def test_tactical_outscores_greedy_at_fixed_seeds() -> None:
    """Both sides of one scenario, fixed seeds (figures over many games: benchmarks/skirmish_ai.py)."""
    points = {"tactical": 0.0, "greedy": 0.0}
    for levels in (("tactical", "greedy"), ("greedy", "tactical")):
        outcome = _play({"scenario": "open-field"}, levels, seed=1).outcome()
        assert outcome is not None
        for side, level in enumerate(levels):
            points[level] += 0.5 if outcome.draw else float(side in outcome.winners)
    assert points["tactical"] > points["greedy"]
