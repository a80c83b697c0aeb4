"""The move history in words and the replay queries of the five games (server/history.py and each game's
describe_move)."""

from __future__ import annotations

from typing import Any

import pytest

from meeple.core.errors import FormatError
from meeple.games import discover
from meeple.server.adapters import hive, ilyos, murder, skirmish, stealth
from meeple.server.history import history, replay

GAMES = discover()


def _played(name: str, options: dict[str, Any], moves: list[Any]) -> Any:
    game = GAMES[name].factory(options, 7)
    for data in moves:
        game.push(game.move_from_json(data))
    return game


def _texts(adapter: Any, game: Any, after: int = 0) -> list[tuple[str, str]]:
    answer = adapter.make_adapter().queries["history"](game.copy(), 0, {"after": after})
    return [(entry["text"]["fr"], entry["text"]["en"]) for entry in answer["moves"]]


def test_hive_moves_in_words_name_the_piece_and_its_neighbour() -> None:
    game = _played("hive", {"game_type": "Base"}, [{"piece": "wG1", "to": [0, 0]}, {"piece": "bS1", "to": [1, 0]},
                                                   {"piece": "wA1", "to": [-1, 0]}])
    assert _texts(hive, game) == [
        ("Sauterelle blanche 1 posée en premier", "White Grasshopper 1 placed first"),
        ("Araignée noire 1 posée à côté de la Sauterelle blanche 1", "Black Spider 1 placed next to the white Grasshopper 1"),
        ("Fourmi blanche 1 posée à côté de la Sauterelle blanche 1", "White Ant 1 placed next to the white Grasshopper 1"),
    ]
    assert _texts(hive, game, after=2) == _texts(hive, game)[2:]  # a page asks only for the new moves


def test_stealth_moves_say_what_they_caused() -> None:
    game = GAMES["stealth"].factory({"level": "1-1"}, 0)
    # walk until something happens: every move is described, the position is left as it was
    game.push(game.legal_moves()[0])
    before = len(game.move_stack)
    texts = _texts(stealth, game)
    # the map shows no node names: a move is told by its direction (start → a goes east in 1-1)
    assert texts[0] == ("Vers l'est", "East")
    assert len(game.move_stack) == before


def test_murder_skirmish_and_ilyos_moves_in_words() -> None:
    case = GAMES["murder"].factory({"size": 4}, 7)
    placing = case.legal_moves()[0]
    case.push(placing)
    person = case.case.person_by_id[placing.person]
    agree = "e" if person.gender == "f" else ""
    where = f"R{placing.cell[0] + 1}C{placing.cell[1] + 1}"
    assert _texts(murder, case) == [(f"{person.name} placé{agree} en {where}", f"{person.name} placed at {where}")]

    field = GAMES["skirmish"].factory({}, 7)
    fighter = field.legal_moves()[0].fighter
    field.push(field.move_from_json({"kind": "hold", "fighter": fighter}))
    assert _texts(skirmish, field) == [(f"{fighter} ne bouge pas", f"{fighter} holds")]

    board = GAMES["ilyos"].factory({}, 7)
    island = next(move for move in board.legal_moves() if move.kind == "place")
    board.push(island)
    board.push(board.move_from_json({"kind": "end"}))
    (placed_fr, placed_en), (end_fr, end_en) = _texts(ilyos, board)
    assert placed_fr.startswith("Île posée en ") and placed_en.startswith("Island placed at ")
    assert (end_fr, end_en) == ("Fin du tour", "End of turn")


def test_replay_gives_the_seats_own_view_after_n_moves_and_leaves_the_room_alone() -> None:
    game = _played("hive", {"game_type": "Base"}, [{"piece": "wG1", "to": [0, 0]}, {"piece": "bS1", "to": [1, 0]}])
    start = replay(game.copy(), 0, {"ply": 0})
    assert start["view"]["stacks"] == [] and start["total"] == 2 and start["to_move"] == 0
    assert len(replay(game.copy(), 0, {"ply": 1})["view"]["stacks"]) == 1
    assert len(game.move_stack) == 2


def test_ilyos_replay_keeps_the_other_seats_hand_hidden() -> None:
    game = GAMES["ilyos"].factory({}, 7)
    answer = replay(game.copy(), 1, {"ply": 0})
    assert answer["view"] == game.view(1)  # the asking seat's own view, never another's


@pytest.mark.parametrize("params", [{"ply": -1}, {"ply": 3}, {"ply": "1"}, {"ply": True}, None])
def test_a_bad_replay_ply_is_named(params: Any) -> None:
    game = _played("hive", {"game_type": "Base"}, [{"piece": "wG1", "to": [0, 0]}])
    with pytest.raises(FormatError) as caught:
        replay(game.copy(), 0, params)
    assert "ply" in str(caught.value.message.en) or "ply" in repr(caught.value)


def test_a_bad_history_start_is_named() -> None:
    game = _played("hive", {"game_type": "Base"}, [{"piece": "wG1", "to": [0, 0]}])
    with pytest.raises(FormatError):
        history(hive.describe, game.copy(), 0, {"after": 5})



def test_ilyos_history_names_a_new_guardian_by_its_number_in_its_team() -> None:
    game = GAMES["ilyos"].factory({"guardians": 3}, 7)
    game.push(next(move for move in game.legal_moves() if move.kind == "place"))
    assert _texts(ilyos, game)[0][0].endswith("le gardien 4 (J1) apparaît")
