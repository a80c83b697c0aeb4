"""The history's words for a skirmish move name cells as the board's labels do (column letter, row number)."""

from __future__ import annotations

from meeple.games.skirmish.describe import cell_name, column_name, describe_move
from meeple.games.skirmish.engine import SkirmishGame


def test_cells_are_named_like_the_board_labels() -> None:
    assert cell_name((0, 0)) == "a1"
    assert cell_name((6, 3)) == "g4"
    assert [column_name(x) for x in (25, 26, 27, 31)] == ["z", "aa", "ab", "af"]  # maps go to 32 columns


def test_a_move_in_the_history_names_its_cell_not_its_coordinates() -> None:
    game = SkirmishGame.new({"scenario": "ford"}, seed=1)
    move = next(move for move in game.legal_moves() if move.kind == "move")
    words = describe_move(game, move)
    end = move.path[-1] if move.path else move.to
    assert f"va en {cell_name(end)}" in words.fr and f"moves to {cell_name(end)}" in words.en
    assert f"{end[0]},{end[1]}" not in words.fr
