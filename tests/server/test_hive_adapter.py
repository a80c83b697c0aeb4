"""The Hive adapter's questions for the page: a GameString read into a room's starting moves, and the
engine's analysis of a position (best move, score, principal variation with its positions)."""

from __future__ import annotations

import pytest

from meeple.core.errors import FormatError
from meeple.games.hive.notation import game_string
from meeple.server.adapters.hive import MAX_ANALYSIS_SECONDS, MAX_GAME_STRING, analyse, read_game
from tests.games.hive.helpers import build

WIN_IN_ONE = [
    "wS1", "bS1 wS1-", "wQ -wS1", "bQ bS1-", "wG1 -wQ", "bA1 bQ-", "wG2 -wG1",
    "bA2 bQ\\", "wA1 -wG2", "bA3 /bQ", "wG3 \\wQ", "bG1 bQ/",
]
"""Black's queen lacks one neighbour; White's ant can fill it (the AI tests' position)."""


def test_a_game_string_is_read_into_the_moves_a_room_starts_from() -> None:
    game = build("Base", WIN_IN_ONE)
    answer = read_game({"game_string": game_string(game.state)})
    assert answer["game_type"] == "Base" and answer["turn"] == "White[7]" and answer["state"] == "InProgress"
    assert answer["moves"] == [move for move in (game.move_to_json(m) for m in game.move_stack)]
    assert read_game({"game_string": "Base+MLP"})["moves"] == []  # a GameTypeString alone: an empty board


@pytest.mark.parametrize(("text", "named"), [
    ("Base;InProgress;White[2];wS1;bS1 wS1-;wQ wS1", "coup 3"),  # wQ on top of a spider: refused, numbered
    ("Base+X", "game_string"),
    ("", "game_string"),
    ("Base;InProgress;White[1];" + "wS1;" * (MAX_GAME_STRING // 4), "16000"),
])
def test_a_bad_game_string_is_refused_naming_what_is_wrong(text: str, named: str) -> None:
    with pytest.raises(FormatError) as caught:
        read_game({"game_string": text})
    assert named in str(caught.value.field) + caught.value.message.fr + caught.value.message.en


def test_the_analysis_finds_the_win_and_walks_its_line() -> None:
    game = build("Base", WIN_IN_ONE)
    answer = analyse(game, None, {"depth": 2})
    assert answer["colour"] == "w" and answer["forced_in"] == 1 and answer["score"] > 0
    assert answer["best"] == answer["pv"][0]["uhp"] and answer["best"].startswith("wA1")
    final = answer["pv"][-1]["view"]
    assert final["outcome"]["winners"] == [0] and "targets" not in final
    assert len(game.move_stack) == len(WIN_IN_ONE)  # the room's game is left as it was


def test_the_analysis_keeps_to_its_limits() -> None:
    game = build("Base", WIN_IN_ONE[:4])
    for params in ({"seconds": MAX_ANALYSIS_SECONDS + 1}, {"depth": 7}, {"depth": "3"}, {"seconds": True}):
        with pytest.raises(FormatError):
            analyse(game, None, params)
    over = build("Base", WIN_IN_ONE)
    over.push(over.parse_move(analyse(over, None, {"depth": 1})["best"]))
    assert over.outcome() is not None
    with pytest.raises(FormatError):
        analyse(over, None, {})
