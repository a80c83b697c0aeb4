"""Base Hive rules as the UHP reference engine plays them (tournament opening, queen by turn 4, …)."""

from __future__ import annotations

import pytest

from meeple.core.errors import IllegalMoveError
from meeple.games.hive.board import DIRS, ORIGIN
from meeple.games.hive.pieces import GameType
from meeple.games.hive.state import DRAW, PASS, HiveState
from tests.games.hive.helpers import build, moves_of, targets_of

SURROUND_BLACK = [
    "wS1", "bS1 wS1-", "wQ -wS1", "bQ bS1-", "wA1 -wQ", "bA1 bQ-", "wA2 -wA1",
    "bA2 bQ\\", "wA3 -wA2", "bA3 /bQ", "wG1 -wA3", "bG1 bQ/", "wG2 -wG1", "bG2 \\bQ",
]


def test_no_queen_on_either_players_first_turn() -> None:
    game = build("Base", [])
    assert "wQ" not in {game.move_text(move) for move in game.legal_moves()}
    with pytest.raises(IllegalMoveError):
        game.push(game.parse_move("wQ"))
    game.push(game.parse_move("wS1"))
    assert not moves_of(game, "bQ")


def test_queen_must_be_placed_by_the_fourth_turn() -> None:
    game = build("Base", ["wS1", "bS1 wS1-", "wA1 -wS1", "bA1 bS1-", "wG1 -wA1", "bG1 bA1-"])
    pieces = {game.game_type.pieces[move[0]].name for move in game.legal_moves()}
    assert pieces == {"wQ"}


def test_no_piece_moves_before_its_queen_is_placed() -> None:
    game = build("Base", ["wA1", "bS1 wA1-", "wG1 -wA1"])
    game.push(game.parse_move("bA1 bS1-"))
    assert all(game.state.board.where[move[0]] == -1 for move in game.legal_moves())


def test_pieces_of_a_kind_are_placed_in_number_order() -> None:
    game = build("Base", [])
    with pytest.raises(IllegalMoveError):
        game.push(game.parse_move("wS2"))
    game.push(game.parse_move("wS1"))
    assert not moves_of(game, "bS2") and moves_of(game, "bS1")


def test_placement_touches_own_pieces_only_after_the_first_turn() -> None:
    game = build("Base", ["wS1", "bS1 wS1-", "wQ -wS1"])
    cells = game.state.placement_cells(1)
    white = {game.state.board.where[piece] for piece in game.state.own[0] if game.state.board.where[piece] != -1}
    assert cells and all(cell + step not in white for cell in cells for step in DIRS)


def test_pass_only_when_nothing_else_is_legal() -> None:
    game = build("Base", ["wS1"])
    with pytest.raises(IllegalMoveError):
        game.push(PASS)


def test_a_surrounded_queen_loses() -> None:
    game = build("Base", SURROUND_BLACK)
    outcome = game.outcome()
    assert outcome is not None and outcome.winners == {0}
    assert game.legal_moves() == [] and game.to_move() is None


def test_both_queens_surrounded_at_once_is_a_draw() -> None:
    state = HiveState(GameType.parse("Base"))
    white_queen, black_queen = state.queen
    state.board.put(white_queen, ORIGIN)
    state.board.put(black_queen, ORIGIN + DIRS[0])
    others = iter(piece for piece in range(len(state.game_type.pieces)) if piece not in state.queen)
    ring = {ORIGIN + step for step in DIRS} | {ORIGIN + DIRS[0] + step for step in DIRS}
    for cell in sorted(ring - {ORIGIN, ORIGIN + DIRS[0]}):
        state.board.put(next(others), cell)
    assert state.result() == DRAW


def test_beetle_climbs_and_covers() -> None:
    game = build("Base", ["wB1", "bS1 wB1-", "wQ -wB1", "bQ bS1-", "wA1 -wQ", "bA1 bQ-"])
    assert "wB1 bS1" not in moves_of(game, "wB1")  # pinned: wB1 holds the hive together
    game.push(game.parse_move("wA1 wB1/"))  # the ant closes the loop at (1,-1)
    game.push(game.parse_move("bA2 bA1-"))
    game.push(game.parse_move("wG1 \\wB1"))  # and wG1 at (0,-1) links wQ to it
    game.push(game.parse_move("bA3 bA2-"))
    assert "wB1 bS1" in moves_of(game, "wB1")
    game.push(game.parse_move("wB1 bS1"))
    assert game.state.board.height(game.state.board.where[game.game_type.piece_named("bS1").id]) == 2  # type: ignore[union-attr]
    assert not moves_of(game, "bS1")  # covered: it cannot move


PILLBUG_SETUP = [
    "wP", "bA1 wP-", "wQ -wP", "bQ bA1-", "wA1 -wQ", "bA2 bQ-", "wG1 -wA1", "bA2 wP\\",
]


def test_pillbug_may_not_move_the_piece_just_moved() -> None:
    game = build("Base+P", PILLBUG_SETUP)  # bA2 just ran to (0,1), next to wP
    assert moves_of(game, "bA2") == set()
    game.push(game.parse_move("wG2 -wG1"))
    game.push(game.parse_move("bG1 bQ/"))
    assert targets_of(game, "bA2") == {(1, -1, 0), (0, -1, 0), (-1, 1, 0)}  # thrown over wP


def test_a_piece_thrown_by_the_pillbug_cannot_move_next_turn() -> None:
    game = build("Base+P", [*PILLBUG_SETUP, "wG2 -wG1", "bG1 bQ/", "bA2 wP/"])
    assert moves_of(game, "bA2") == set()  # black's own ant, free of the hive rule, yet frozen
    game.push(game.parse_move("bG2 bG1/"))
    game.push(game.parse_move("wG3 -wG2"))
    assert moves_of(game, "bA2")  # a turn later it runs again
