"""The Game protocol engine: moves place or remove a person; the case is won when the board obeys every rule."""

from __future__ import annotations

import json

import pytest

from meeple.core.conformance import random_playout
from meeple.core.errors import FormatError, IllegalMoveError
from meeple.games.murder import INFO
from meeple.games.murder.caseio import case_to_json
from meeple.games.murder.game import MurderGame, MurderMove, parse_move_text

from .builders import make_case
from .conftest import generated


def _solved_game(size: int = 5) -> MurderGame:
    case = generated(size, 1)
    game = MurderGame.from_case(case)
    for person, cell in (case.solution or {}).items():
        game.push(MurderMove(person, cell))
    return game


def test_playing_the_answer_solves_the_case_and_names_the_murderer() -> None:
    game = _solved_game()
    outcome = game.outcome()
    assert outcome is not None and outcome.winners == {0}
    assert game.to_move() is None and game.legal_moves() == []
    killer = outcome.details["murderer"]
    victim_room = game.case.room_of(game.board[game.case.victim.id])
    assert game.case.room_of(game.board[killer]) == victim_room and killer != game.case.victim.id
    assert "assassin" in outcome.reason.fr and "murderer" in outcome.reason.en
    view = game.view(0)
    assert view["solved"] and view["murderer"] == killer and view["to_move"] is None
    with pytest.raises(IllegalMoveError):  # game over: taking someone off is refused too
        game.push(MurderMove(killer, None))
    assert game.is_solved()


def test_a_full_but_wrong_board_is_not_over_and_can_be_undone() -> None:
    case = generated(5, 1)
    game = MurderGame.from_case(case)
    solution = dict(case.solution or {})
    ids = [p.id for p in case.people]
    swapped = dict(solution)
    swapped[ids[0]], swapped[ids[1]] = solution[ids[1]], solution[ids[0]]
    for person, cell in swapped.items():
        game.push(MurderMove(person, cell))
    if game.is_solved():
        pytest.skip("swapping two people happened to keep every clue true")
    assert game.outcome() is None
    assert game.view(None)["violations"]
    assert all(move.cell is None for move in game.legal_moves())  # every row is full: only removals
    game.push(MurderMove(ids[0], None))
    assert ids[0] not in game.board
    game.pop()
    assert game.board[ids[0]] == swapped[ids[0]]


def test_illegal_moves_are_refused_with_a_reason_and_change_nothing() -> None:
    case = generated(5, 1)
    game = MurderGame.from_case(case)
    a, b = case.people[0].id, case.people[1].id
    free = next(c for c in case.cells() if case.standable_mask >> case.index(c) & 1)
    game.push(MurderMove(a, free))
    before = game.position_json()
    standable = [c for c in case.cells() if case.standable_mask >> case.index(c) & 1]
    blocked = [c for c in case.cells() if c not in standable]
    same_row = next(c for c in standable if c[0] == free[0] and c != free)
    same_col = next(c for c in standable if c[1] == free[1] and c != free)
    elsewhere = next(c for c in standable if c[0] != free[0] and c[1] != free[1])
    cases = [
        (MurderMove(b, same_row), "row"),
        (MurderMove(b, same_col), "column"),
        (MurderMove(a, elsewhere), "already placed"),
        (MurderMove(b, None), "not on the board"),
        (MurderMove("Nobody", free), "unknown person"),
        (MurderMove(b, (9, 9)), "off the board"),
    ]
    if blocked:
        cases.append((MurderMove(b, blocked[0]), "nobody stands"))
    for move, reason in cases:
        with pytest.raises(IllegalMoveError) as error:
            game.push(move)
        assert reason in error.value.text("en")
        assert game.position_json() == before


def test_move_text_and_json_round_trip() -> None:
    game = MurderGame.from_case(generated(4, 1))
    move = MurderMove("Anna", (1, 2))
    assert game.move_text(move) == "Anna@R2C3"
    assert parse_move_text("Anna@R2C3") == move
    assert parse_move_text("-Anna") == MurderMove("Anna", None)
    assert game.move_from_json(json.loads(json.dumps(game.move_to_json(move)))) == move
    with pytest.raises(IllegalMoveError):
        parse_move_text("Anna to the kitchen")
    with pytest.raises(IllegalMoveError):
        game.move_from_json({"person": "Anna", "cell": [1]})


def test_a_name_may_be_typed_without_its_accents_or_capitals() -> None:
    people = [("Hélène", "f", True), ("Jérôme", "m", False), ("Noël", "m", False), ("Zoé", "f", False)]
    game = MurderGame.from_case(make_case(["AABB", "AABB", "CCDD", "CCDD"], people=people))
    assert game.parse_move("jerome@R1C2") == MurderMove("Jérôme", (0, 1))
    assert game.parse_move("Hélène@R2C1") == MurderMove("Hélène", (1, 0))
    assert game.parse_move("-NOEL") == MurderMove("Noël", None)
    game.push(game.parse_move("zoe@R3C3"))
    assert game.board == {"Zoé": (2, 2)} and game.move_text(game.move_stack[-1]) == "Zoé@R3C3"
    with pytest.raises(IllegalMoveError, match="Zoey"):  # nobody by that name: refused, nothing changes
        game.push(game.parse_move("Zoey@R4C4"))
    assert game.board == {"Zoé": (2, 2)}


def test_view_carries_everything_needed_to_draw_the_case() -> None:
    case = generated(6, 2)
    game = MurderGame.from_case(case)
    person = case.people[0].id
    game.push(MurderMove(person, (case.solution or {})[person]))
    view = json.loads(json.dumps(game.view(None)))
    assert view["size"] == 6 and len(view["grid"]) == 6
    assert {room["id"] for room in view["rooms"]} == set(case.room_by_id)
    assert all(room["located"]["fr"].startswith(("dans ", "sur ")) for room in view["rooms"])
    assert view["floors"] == {room.id: room.floor for room in case.rooms}
    assert len(view["objects"]) == len(case.objects)
    people = {p["id"]: p for p in view["people"]}
    assert people[person]["cell"] == list((case.solution or {})[person])
    victim = people[case.victim.id]
    assert victim["card"][0]["fr"] == "La victime. Elle était seule avec l'assassin."
    assert all(line["fr"] and line["en"] for p in view["people"] for line in p["card"])
    assert view["last_move"] == {"person": person, "cell": people[person]["cell"]}
    assert view["to_move"] == 0 and view["outcome"] is None
    assert "solution" not in json.dumps(view)


def test_options_generate_from_the_seed_or_take_a_case() -> None:
    a = MurderGame.new({"size": 5, "difficulty": "moyen"}, seed=4)
    b = MurderGame.new({"size": 5, "difficulty": 2}, seed=4)
    assert a.position_json() == b.position_json()
    case = generated(4, 1)
    c = MurderGame.new({"case": case_to_json(case, with_solution=False)}, seed=0)
    assert c.case.size == 4
    for bad, field in (({"size": 12}, "size"), ({"difficulty": "impossible"}, "difficulty"), ({"colour": 1}, "colour")):
        with pytest.raises(FormatError) as error:
            MurderGame.new(bad, seed=0)
        assert error.value.field == field


def test_record_replays_a_solved_game() -> None:
    game = MurderGame.new({"size": 4}, seed=3)
    for person, cell in (game.case.solution or {}).items():
        game.push(MurderMove(person, cell))
    again = MurderGame.from_record(json.loads(json.dumps(game.record())))
    assert again.is_solved() and again.position_json() == game.position_json()


@pytest.mark.parametrize("options", INFO.conformance_options)
def test_conformance_kit_on_a_short_playout(options: dict[str, object]) -> None:
    final = random_playout(INFO.factory, options, seed=21, max_moves=INFO.max_playout_moves)
    assert final.move_stack


def test_a_game_on_a_given_case_replays_from_its_record() -> None:
    case = generated(6, 3)
    game = MurderGame.from_case(case)
    person, cell = next(iter((case.solution or {}).items()))
    game.push(MurderMove(person, cell))
    game.push(MurderMove(person, None))
    game.push(MurderMove(person, cell))
    again = MurderGame.from_record(json.loads(json.dumps(game.record())))
    assert again.position_json() == game.position_json() and len(again.move_stack) == 3
