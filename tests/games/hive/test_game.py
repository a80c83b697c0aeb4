"""The engine behind the Game protocol: options, move JSON and text, errors, records and the view."""

from __future__ import annotations

import json

import pytest

from meeple.core.errors import FormatError, IllegalMoveError
from meeple.games.hive import INFO, HiveGame, legal_targets
from tests.games.hive.helpers import build


def test_default_game_type_has_every_expansion_and_the_centipede() -> None:
    game = HiveGame.new(seed=1)
    assert game.options == {"game_type": "Base+MLPC"}
    assert len(game.game_type.pieces) == 30
    assert INFO.factory({"game_type": "Base"}, 3).options == {"game_type": "Base"}


@pytest.mark.parametrize(
    ("options", "field"),
    [({"game_type": "Advanced"}, "Advanced"), ({"game_type": "Base+X"}, "Base\\+X"), ({"game_type": 3}, "game_type"), ({"colour": "w"}, "colour")],
)
def test_bad_options_name_the_field(options: dict[str, object], field: str) -> None:
    with pytest.raises(FormatError, match=field):
        HiveGame.new(options, seed=0)


def test_expansions_must_be_written_in_order() -> None:
    with pytest.raises(FormatError, match="MLP"):
        HiveGame.new({"game_type": "Base+PLM"})


def test_illegal_move_names_the_move_and_changes_nothing() -> None:
    game = build("Base+MLPC", ["wS1", "bS1 wS1-"])
    before = (game.position_hash(), json.dumps(game.position_json()))
    with pytest.raises(IllegalMoveError, match="wA1"):
        game.push(game.parse_move("wA1 bS1-"))  # touches a black piece
    assert (game.position_hash(), json.dumps(game.position_json())) == before


@pytest.mark.parametrize("text", ["wZ1 wS1-", "wA1 wS9-", "wA1 -wS1-", "wA1", "a b c", ""])
def test_unreadable_move_text_is_refused_with_the_text(text: str) -> None:
    game = build("Base+MLPC", ["wS1", "bS1 wS1-"])
    with pytest.raises(IllegalMoveError):
        game.parse_move(text)


def test_move_json_and_text_round_trip() -> None:
    game = build("Base+MLPC", ["wS1", "bS1 wS1-", "wQ -wS1", "bQ bS1-"])
    for move in game.legal_moves():
        assert game.move_from_json(json.loads(json.dumps(game.move_to_json(move)))) == move
        assert game.parse_move(game.move_text(move)) == move


def test_record_replays_to_the_same_position() -> None:
    game = build("Base+MLPC", ["wS1", "bS1 wS1-", "wQ -wS1", "bQ bS1-", "wC -wQ", "bC bQ-"])
    again = HiveGame.from_record(json.loads(json.dumps(game.record())))
    assert again.position_json() == game.position_json()
    assert again.position_hash() == game.position_hash()


def test_view_draws_the_whole_game() -> None:
    game = build("Base+MLPC", ["wB1", "bS1 wB1-", "wQ -wB1", "bQ bS1-", "wA1 -wQ", "bA1 bQ-", "wA1 wB1/", "bA2 bA1-", "wG1 \\wB1", "bA3 bA2-", "wB1 bS1"])
    view = json.loads(json.dumps(game.view(None)))
    assert view["to_move"] == 1 and view["colour_to_move"] == "b" and view["turn"] == 6
    assert {"q": 1, "r": 0, "pieces": ["bS1", "wB1"]} in view["stacks"]
    assert view["reserves"]["w"]["B"] == 1 and view["reserves"]["b"]["A"] == 0
    assert view["last_move"] == {"uhp": "wB1 bS1", "piece": "wB1", "from": [0, 0], "to": [1, 0], "swap": False, "partner": None}
    assert view["placeable"]["S"] == "bS2"
    assert view["game_string"].startswith("Base+MLPC;InProgress;Black[6];wB1;bS1 wB1-")
    assert view["outcome"] is None and view["state"] == "InProgress"
    assert sum(len(entries) for entries in view["targets"].values()) == len(game.legal_moves())


def test_legal_targets_of_a_piece_and_of_a_reserve_kind() -> None:
    game = build("Base+MLPC", ["wS1", "bS1 wS1-", "wQ -wS1"])
    by_kind = legal_targets(game, "bA")
    assert by_kind == legal_targets(game, "bA1") and len(by_kind) == 3
    assert all(entry["move"]["piece"] == "bA1" for entry in by_kind)
    assert legal_targets(game, "bA2") == [] and legal_targets(game, "nonsense") == []


def test_copy_is_independent() -> None:
    game = build("Base", ["wS1", "bS1 wS1-"])
    clone = game.copy()
    clone.push(clone.legal_moves()[0])
    assert len(game.move_stack) == 2 and len(clone.move_stack) == 3


def test_view_of_a_finished_game_names_the_winner() -> None:
    from tests.games.hive.test_rules import SURROUND_BLACK

    view = build("Base", SURROUND_BLACK).view(1)
    assert view["to_move"] is None and view["state"] == "WhiteWins"
    assert view["outcome"]["winners"] == [0] and view["targets"] == {}
