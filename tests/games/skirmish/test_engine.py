"""The game around the adjudicator: activations, engagements, combat, objective, records, view (R17–R22)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from meeple.core.errors import FormatError, IllegalMoveError
from meeple.core.rng import make_rng
from meeple.games.skirmish import INFO
from meeple.games.skirmish.ai import choose_move
from meeple.games.skirmish.engine import Action, SkirmishGame
from meeple.games.skirmish.scenario import load_scenario, parse_scenario, random_scenario, shipped_scenarios
from tests.games.skirmish.helpers import scenario_from_art

DUEL = ["a.......X", ".........", "b.......Y"]


def game_of(art: list[str], **kwargs: Any) -> SkirmishGame:
    return SkirmishGame.new({"scenario": scenario_from_art(art, **kwargs)})


def test_r18_sides_alternate_and_each_fighter_acts_once_per_round() -> None:
    game = SkirmishGame.new({"scenario": "ford"})
    assert game.to_move() == 0 and game.state.round == 1
    game.push(Action("hold", "R1"))
    assert game.to_move() == 1
    with pytest.raises(IllegalMoveError):
        game.push(Action("hold", "R2"))  # not Reds' turn
    game.push(Action("hold", "B1"))
    with pytest.raises(IllegalMoveError) as caught:
        game.push(Action("hold", "R1"))
    assert "already acted" in caught.value.text("en")
    for red, blue in (("R2", "B2"), ("R3", "B3"), ("R4", "B4")):
        game.push(Action("hold", red))
        game.push(Action("hold", blue))
    assert game.state.round == 2 and game.to_move() == 1  # the other side opens round 2
    assert game.state.activated == frozenset()


def test_r18_a_side_with_nobody_left_to_act_lets_the_other_side_go_on() -> None:
    game = game_of(["a.......X", ".........", "........Y"])
    game.push(Action("hold", "a"))
    game.push(Action("hold", "X"))
    assert game.to_move() == 1 and game.can_act() == ["Y"]
    game.push(Action("hold", "Y"))
    assert game.state.round == 2


def test_r19_moves_list_hold_attacks_and_every_reachable_cell() -> None:
    game = game_of(DUEL)
    moves = game.legal_moves()
    for fighter in ("a", "b"):
        cells = {move.to for move in moves if move.fighter == fighter and move.kind == "move"}
        assert cells == set(game.reachable(fighter).destinations)
        assert Action("hold", fighter) in moves


def test_r19_a_move_with_a_path_is_checked_and_an_illegal_one_changes_nothing() -> None:
    game = game_of(DUEL)
    before = game.position_json()
    with pytest.raises(IllegalMoveError, match="R12"):
        game.push(game.parse_move("a 1,0 2,0 3,0 4,0 5,0 6,0 6,1"))
    assert game.position_json() == before and not game.move_stack
    game.push(game.parse_move("a 1,0 2,1 3,0 4,0 5,0 6,0"))  # a detour outside the ZOC is fine
    assert game.move_stack[-1].path == ((1, 0), (2, 1), (3, 0), (4, 0), (5, 0), (6, 0))
    assert game.field.fighter("a").cell == (6, 0)


def test_r8_engagements_are_recorded_and_leaving_ends_them() -> None:
    game = game_of(DUEL)
    game.push(Action("move", "a", (7, 0)))
    assert game.field.engagements == {frozenset({"a", "X"})}
    assert game.view(None)["engagements"] == [["X", "a"]]
    with pytest.raises(IllegalMoveError, match="R14"):
        game.push(game.parse_move("X 8,1"))  # leaving, X cannot end in contact with a
    game.push(game.parse_move("X 8,1 7,2"))  # X leaves the engagement
    assert game.field.engagements == frozenset()


def test_r20_attack_costs_hits_and_puts_out_of_action() -> None:
    game = game_of(DUEL, rounds=5)
    game.push(Action("move", "a", (7, 0)))
    assert Action("attack", "X", target="a") in game.legal_moves()
    game.push(Action("attack", "X", target="a"))
    assert game.field.fighter("a").hits == 1
    while game.to_move() is not None and "a" in game.field.by_id:
        actor = game.can_act()[0]
        if actor == "X":
            game.push(Action("attack", "X", target="a"))
        else:
            game.push(Action("hold", actor))
    assert "a" not in game.field.by_id
    assert game.state.eliminated == (0, 1)
    assert all("a" not in engagement for engagement in game.field.engagements)


def test_r20_a_harmless_fighter_cannot_attack() -> None:
    game = game_of(["aX.", "...", "b.Y"], a={"harmless": True, "strike": 0}, X={"zoc": 1})
    with pytest.raises(IllegalMoveError, match="R20"):
        game.push(Action("attack", "a", target="X"))


def test_r21_wiping_out_the_enemy_wins_at_once() -> None:
    game = game_of(["aX.......", ".........", "........."], X={"hits": 1})
    game.push(Action("attack", "a", target="X"))
    outcome = game.outcome()
    assert outcome is not None and outcome.winners == {0}
    assert game.to_move() is None and game.legal_moves() == []


def test_r21_after_the_last_round_the_score_decides() -> None:
    game = game_of(DUEL, rounds=1, objectives=[[4, 1]])
    game.push(Action("move", "a", (4, 1)))
    for actor in ("X", "b", "Y"):
        game.push(Action("hold", actor))
    outcome = game.outcome()
    assert outcome is not None and outcome.winners == {0} and outcome.details["scores"] == [1, 0]
    tie = game_of(DUEL, rounds=1)
    for actor in ("a", "X", "b", "Y"):
        tie.push(Action("hold", actor))
    assert tie.outcome() is not None and tie.outcome().draw  # type: ignore[union-attr]


def test_records_replay_with_their_paths() -> None:
    game = SkirmishGame.new({"scenario": "gauntlet"}, seed=5)
    rng = make_rng(5)
    while not game.is_over():
        game.push(choose_move(game, game.to_move(), rng))  # type: ignore[arg-type]
    record = json.loads(json.dumps(game.record()))
    again = SkirmishGame.from_record(record)
    assert again.position_json() == game.position_json()
    broken = dict(record, moves=[*record["moves"][:2], {"kind": "move", "fighter": "R1", "to": [99, 99]}])
    with pytest.raises(FormatError, match=r"moves\[2\]"):
        SkirmishGame.from_record(broken)


def test_view_carries_grid_terrain_fighters_zocs_engagements_and_turn() -> None:
    game = SkirmishGame.new({"scenario": "ford"})
    game.push(Action("move", "R1", (5, 3)))
    view = json.loads(json.dumps(game.view(0)))
    assert (view["width"], view["height"]) == (16, 10) and view["map"][1][2] == "#" and view["map"][0][7] == "~"
    assert {f["id"] for f in view["fighters"]} == {"R1", "R2", "R3", "R4", "B1", "B2", "B3", "B4"}
    r1 = next(f for f in view["fighters"] if f["id"] == "R1")
    assert r1["at"] == [5, 3] and r1["activated"] and r1["has_zoc"]
    assert [9, 3] in view["zocs"]["B1"] is not None or [12, 3] in view["zocs"]["B1"]
    assert view["to_move"] == 1 and view["can_act"] == ["B1", "B2", "B3", "B4"]
    assert view["last_move"]["outcome"]["kind"] == "free" and view["outcome"] is None
    assert view["objectives"] == [[7, 4], [8, 5]] and view["score"] == [0, 0]
    assert view == json.loads(json.dumps(game.view(None)))


def test_r22_shipped_scenarios_load_and_round_trip() -> None:
    assert set(shipped_scenarios()) >= {"ford", "gauntlet", "open-field"}
    for name in shipped_scenarios():
        scenario = load_scenario(name)
        assert parse_scenario(scenario.to_json()) == scenario
    assert [dict(options) for options in INFO.conformance_options] == [{"scenario": n} for n in shipped_scenarios()]


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"version": 2}, "version"),
        ({"format": "other"}, "format"),
        ({"name": "Bad Name"}, "name"),
        ({"map": ["...", ".."]}, "map[1]"),
        ({"map": ["..x"]}, "map[0][2]"),
        ({"rounds": 0}, "rounds"),
        ({"objectives": [[0, 9]]}, "objectives[0]"),
        ({"fighters": []}, "fighters"),
        ({"fighters": [{"id": "a", "side": 0, "at": [0, 0]}, {"id": "a", "side": 1, "at": [2, 0]}]}, "fighters[1].id"),
        ({"fighters": [{"id": "a", "side": 0, "at": [0, 0]}, {"id": "b", "side": 1, "at": [0, 0]}]}, "fighters[1].at"),
        ({"fighters": [{"id": "a", "side": 3, "at": [0, 0]}, {"id": "b", "side": 1, "at": [2, 0]}]}, "fighters[0].side"),
        ({"fighters": [{"id": "a", "side": 0, "at": [0, 0], "speed": 3}, {"id": "b", "side": 1, "at": [2, 0]}]},
         "fighters[0].speed"),
        ({"round": 3}, "round"),  # a misspelt top-level field is refused like a fighter's
        ({"fighters": [{"id": "a", "side": 0, "at": [0, 0], "harmless": True}, {"id": "b", "side": 1, "at": [2, 0]}]},
         "fighters"),
        # the size limits (a scenario may come from the network)
        ({"map": ["." * 33]}, "map"),
        ({"map": ["..."] * 33}, "map"),
        ({"fighters": [{"id": f"f{i}", "side": i % 2, "at": [i, 0]} for i in range(17)]}, "fighters"),
        ({"objectives": [[0, 0]] * 9}, "objectives"),
        ({"fighters": [{"id": "a", "side": 0, "at": [0, 0], "move": 21}, {"id": "b", "side": 1, "at": [2, 0]}]},
         "fighters[0].move"),
        ({"fighters": [{"id": "a", "side": 0, "at": [0, 0], "zoc": 6}, {"id": "b", "side": 1, "at": [2, 0]}]},
         "fighters[0].zoc"),
        ({"title": "x" * 501}, "title"),
    ],
)
def test_r22_bad_scenarios_name_the_field(change: dict[str, Any], field: str) -> None:
    data = scenario_from_art(["a.X"]) | change
    with pytest.raises(FormatError) as caught:
        parse_scenario(data, "bad.json")
    assert caught.value.field == field and caught.value.source == "bad.json"


@pytest.mark.parametrize(
    ("rules", "field"),
    [({"zoc": "smell"}, "rules.zoc"), ({"shortest": "fastest"}, "rules.shortest"), ({"fog": True}, "rules.fog"),
     (["walk"], "rules")],
)
def test_bad_rules_are_refused_naming_the_field(rules: Any, field: str) -> None:
    with pytest.raises(FormatError) as caught:
        parse_scenario(scenario_from_art(["a.X"]) | {"rules": rules}, "bad.json")
    assert caught.value.field == field
    chosen = parse_scenario(scenario_from_art(["a.X"]) | {"rules": {"zoc": "sight", "shortest": "cost"}})
    assert (chosen.ground.zoc, chosen.ground.shortest) == ("sight", "cost")
    assert parse_scenario(chosen.to_json()) == chosen  # the rules round-trip through the file format
    assert parse_scenario(scenario_from_art(["a.X"])).ground.zoc == "walk"  # the defaults


def test_bad_options_name_the_option() -> None:
    with pytest.raises(FormatError, match="colour"):
        SkirmishGame.new({"colour": "red"})
    with pytest.raises(FormatError, match="scenario"):
        SkirmishGame.new({"scenario": 12})


def test_move_text_round_trips() -> None:
    game = game_of(DUEL)
    for move in game.legal_moves()[:40]:
        assert game.move_key(game.parse_move(game.move_text(move))) == game.move_key(move)
    with pytest.raises(IllegalMoveError):
        game.parse_move("a nowhere")


def test_the_ai_takes_a_kill_when_it_can() -> None:
    game = game_of(["aX.......", ".........", "b.......Y"], X={"hits": 1})
    assert choose_move(game, 0, make_rng(1)) == Action("attack", "a", target="X")


@pytest.mark.parametrize("seed", range(3))
def test_r8_in_play_two_opponents_are_engaged_exactly_when_they_are_in_contact(seed: int) -> None:
    game = SkirmishGame.new({"scenario": random_scenario(seed, width=10, height=6, per_side=3, rounds=3)})
    rng = make_rng(seed)
    while game.to_move() is not None:
        moves = game.legal_moves()
        attacks = [move for move in moves if move.kind == "attack"]
        engaging = [move for move in moves if move.kind == "move" and game.reachable(move.fighter)
                    .destinations[move.to].outcome.kind == "engaged"]  # type: ignore[index]
        game.push(rng.choice(attacks or engaging or moves))  # seek fights, to meet every case
        assert game.field.engagements == game.field.contact_engagements()
    assert game.outcome() is not None
