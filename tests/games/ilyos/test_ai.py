"""The computer player: legal moves at every level, its own view only, and the plays of rule 17."""

from __future__ import annotations

import pytest

from meeple.core.rng import make_rng
from meeple.games.ilyos import ai, board
from meeple.games.ilyos.ai import LEVELS, choose_move, evaluate
from meeple.games.ilyos.board import manhattan
from meeple.games.ilyos.engine import Action, IlyosGame
from tests.games.ilyos.helpers import arrange

ROW = [((1, 3), 0), ((3, 3), 0), ((5, 2), 1)]

ELEVEN = board.geometry(11)
"""The 11 × 11 board the hand-built positions of these tests are written for."""
HEART = ELEVEN.heart


def _play_turn(game: IlyosGame, level: str, seed: int = 0) -> list[Action]:
    seat = game.to_move()
    assert seat is not None
    rng = make_rng(seed)
    played: list[Action] = []
    while game.to_move() == seat and len(played) < 30:
        move = choose_move(game, seat, level, rng)
        game.push(move)
        played.append(move)
    return played


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_legal_whole_turns(level: str) -> None:
    game = IlyosGame.new({"mode": "2v2"}, 3)
    for _ in range(4):
        played = _play_turn(game, level, 5)
        assert played[-1].kind == "end" and sum(m.kind == "place" for m in played) == 1


@pytest.mark.parametrize("level", ["hard", "expert"])
def test_hard_and_expert_put_a_crown_down_in_the_village(level: str) -> None:
    game = arrange(islands=[((2, 1), 0)], guardians=[(0, (1, 0)), (1, (9, 0))], carried={0: 0},
                   ground={(2, 1): 1}, hand=["move", "move", "move", "push", "magic"])
    played = _play_turn(game, level)
    assert Action("drop", 0) in played, [game.move_text(m) for m in played]
    assert game.state.ground.get((1, 0)) == 0, "the crown waits in the village to score"


@pytest.mark.parametrize("level", ["hard", "expert"])
def test_hard_and_expert_pass_a_crown_to_an_ally_nearer_home(level: str) -> None:
    game = arrange(islands=ROW, guardians=[(0, (2, 3)), (0, (3, 3)), (1, (4, 3))], carried={1: 0},
                   ground={HEART: 1}, hand=["push", "push", "push", "push", "magic"])
    played = _play_turn(game, level)
    assert Action("give", 1, (2, 3)) in played, [game.move_text(m) for m in played]


@pytest.mark.parametrize("level", ["hard", "expert"])
def test_hard_and_expert_push_a_crown_toward_their_village(level: str) -> None:
    game = arrange(islands=ROW, guardians=[(0, (4, 3)), (1, (9, 0))], ground={(3, 3): 0, HEART: 1},
                   hand=["push", "push", "push", "push", "magic"])
    played = _play_turn(game, level)
    pushes = [m for m in played if m.kind == "push" and m.cell == (3, 3)]
    assert pushes, [game.move_text(m) for m in played]
    crown = game.crown_cells()[0]
    home = min(manhattan(crown, v) for v in game.validation[0])
    assert home < 5, f"the crown came nearer the village (from 5 cells to {home})"


def test_the_ai_decides_from_its_own_view_only() -> None:
    game = IlyosGame.new({}, 6)
    for move in _play_turn(game, "medium"):
        assert move in game.move_stack
    other = game.determinize(1, make_rng(99))  # seat 0's hidden cards re-dealt
    assert other.position_json()["secret"] != game.position_json()["secret"]
    assert choose_move(game, 1, "hard", make_rng(7)) == choose_move(other, 1, "hard", make_rng(7))


def test_the_ai_searches_a_determinised_copy_never_the_real_game(monkeypatch: pytest.MonkeyPatch) -> None:
    game = IlyosGame.new({}, 6)
    _play_turn(game, "easy")
    searched: list[IlyosGame] = []
    real_plan = ai.plan_turn

    def spy(world: IlyosGame, *args: object) -> list[Action]:
        searched.append(world)
        return real_plan(world, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(ai, "plan_turn", spy)
    ai._PLANS.clear()
    for level in ("medium", "hard", "expert"):
        choose_move(game, 1, level, make_rng(3))
    assert len(searched) == 3
    for world in searched:
        assert world is not game and world.view(1) == game.view(1), "the same view"
        hidden, real = world.position_json()["secret"], game.position_json()["secret"]
        assert hidden["decks"][0] != real["decks"][0], "the opponent's deck order was re-dealt"
        assert hidden["decks"][1] != real["decks"][1] and hidden["salt"] != real["salt"], "its own deck too"


def test_evaluate_prefers_a_crown_nearer_home() -> None:
    near = arrange(islands=ROW, guardians=[(0, (1, 3))], carried={0: 0}, ground={HEART: 1})
    far = arrange(islands=ROW, guardians=[(0, (4, 3))], carried={0: 0}, ground={HEART: 1})
    assert evaluate(near, 0) > evaluate(far, 0)
    assert evaluate(near, 1) < evaluate(far, 1)


def test_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown level"):
        choose_move(IlyosGame.new({}, 0), 0, "godlike")


class SlowClock:
    """A simulated clock that advances ``step`` seconds at every reading: a machine so loaded that each
    position the search evaluates takes ``step`` seconds, with no real waiting."""

    def __init__(self, step: float) -> None:
        self.now = 0.0
        self.step = step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def test_the_expert_stops_at_its_deadline_and_plays_a_whole_turn_on_a_slow_machine(
        monkeypatch: pytest.MonkeyPatch) -> None:
    clock = SlowClock(0.002)  # ~500 positions a second: Expert's searches need several thousand
    monkeypatch.setattr(ai, "_now", clock)
    monkeypatch.setattr(ai, "WALL_CLOCK", True)
    game = IlyosGame.new({}, 11)
    _play_turn(game, "hard", 1)
    began = clock.now
    played = _play_turn(game, "expert", 2)
    spent = clock.now - began
    assert played[-1].kind == "end" and sum(m.kind == "place" for m in played) == 1
    assert ai.SETTINGS["expert"].seconds <= spent < ai.TURN_LIMIT_SECONDS, (
        f"the deadline cut the search ({spent:.2f} simulated seconds)")


def test_without_the_clock_the_search_is_bounded_by_its_node_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = SlowClock(0.002)
    monkeypatch.setattr(ai, "_now", clock)  # WALL_CLOCK is off in the tests: the clock is never consulted
    game = IlyosGame.new({}, 11)
    seat = game.to_move()
    assert seat is not None
    evaluated = 0
    real_evaluate = ai.evaluate

    def counting(*args: object) -> float:
        nonlocal evaluated
        evaluated += 1
        return real_evaluate(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(ai, "evaluate", counting)
    narrow = ai.LevelSettings(width=10, placements=10, max_actions=12, threats=True, nodes=300, seconds=0.0)
    plan = ai.plan_turn(game.determinize(seat, make_rng(1)), seat, narrow, make_rng(1))
    assert plan[-1].kind == "end" and sum(m.kind == "place" for m in plan) == 1
    assert evaluated <= 300 + ai.FALLBACK_PLACEMENTS + 5, evaluated
    assert clock.now < 0.1, "no deadline was read"


def test_a_search_with_no_budget_left_still_plays_a_whole_legal_turn() -> None:
    game = IlyosGame.new({"mode": "2v2"}, 4)
    seat = game.to_move()
    assert seat is not None
    empty = ai.LevelSettings(width=2, placements=4, max_actions=12, threats=False, nodes=0, seconds=0.0)
    plan = ai.plan_turn(game.determinize(seat, make_rng(2)), seat, empty, make_rng(2))
    for move in plan:
        game.push(move)  # legal in the real game
    assert plan[-1].kind == "end" and game.to_move() != seat


@pytest.mark.parametrize("level", ["medium", "hard", "expert"])
def test_the_same_position_and_seed_give_the_same_plan(level: str) -> None:
    game = IlyosGame.new({}, 8)
    _play_turn(game, "easy", 3)
    first = _play_turn(game.copy(), level, 9)
    ai._PLANS.clear()
    assert _play_turn(game.copy(), level, 9) == first


def test_an_expert_cut_short_by_a_loaded_machine_still_puts_the_crown_down_at_home(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ai, "_now", SlowClock(0.002))  # its wide beam cannot finish before the deadline
    monkeypatch.setattr(ai, "WALL_CLOCK", True)
    game = arrange(islands=[((2, 1), 0)], guardians=[(0, (1, 0)), (1, (9, 0))], carried={0: 0},
                   ground={(2, 1): 1}, hand=["move", "move", "move", "push", "magic"])
    played = _play_turn(game, "expert")
    assert Action("drop", 0) in played, [game.move_text(m) for m in played]
