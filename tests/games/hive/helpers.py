"""Shared helpers for the Hive tests: build games from UHP move lists, list a piece's moves."""

from __future__ import annotations

from meeple.games.hive.board import axial
from meeple.games.hive.game import HiveGame
from meeple.games.hive.notation import move_string


def build(game_type: str, moves: list[str]) -> HiveGame:
    """A game of ``game_type`` after the UHP ``moves`` (each must be legal)."""
    game = HiveGame.new({"game_type": game_type}, seed=0)
    for text in moves:
        game.push(game.parse_move(text))
    return game


def moves_of(game: HiveGame, name: str) -> set[str]:
    """The legal MoveStrings of the piece ``name``."""
    piece = game.game_type.piece_named(name)
    assert piece is not None
    return {move_string(game.state, move) for move in game.legal_moves() if move[0] == piece.id}


def targets_of(game: HiveGame, name: str) -> set[tuple[int, int, int]]:
    """The legal (q, r, swap) targets of the piece ``name``."""
    piece = game.game_type.piece_named(name)
    assert piece is not None
    return {(*axial(move[1]), move[2]) for move in game.legal_moves() if move[0] == piece.id}


def where(game: HiveGame, name: str) -> tuple[int, int]:
    """The axial cell of the piece ``name`` (which must be on the board)."""
    piece = game.game_type.piece_named(name)
    assert piece is not None
    return axial(game.state.board.where[piece.id])
