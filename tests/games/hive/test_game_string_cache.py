"""The view's GameString is written from the MoveStrings kept between views (issue 26 item 5: no replay of
the whole game per view): it always equals the one written by replaying the game from the start, through
moves, undos, a move taken back and replaced, copies and a game rebuilt from its moves."""

from __future__ import annotations

import random

from meeple.games.hive.game import HiveGame
from meeple.games.hive.notation import game_string
from meeple.games.hive.pieces import GameType


def test_the_kept_move_strings_give_the_replayed_game_string() -> None:
    for seed in range(12):
        rng = random.Random(seed)
        game = HiveGame(GameType.parse("Base+MLPC"), seed)
        for _step in range(160):
            if game.outcome() is not None:
                break
            if game.move_stack and rng.random() < 0.2:
                for _ in range(rng.randint(1, min(3, len(game.move_stack)))):  # take back, then play on
                    game.pop()
            else:
                game.push(rng.choice(game.legal_moves()))
            if rng.random() < 0.5:  # not after every change: the kept strings must catch up with several
                assert game.view(game.to_move())["game_string"] == game_string(game.state)
        assert game.game_string() == game_string(game.state)
        clone = game.copy()
        if clone.to_move() is not None:
            clone.push(rng.choice(clone.legal_moves()))
        assert clone.game_string() == game_string(clone.state)
        assert game.game_string() == game_string(game.state)  # the copy's move did not touch the original


def test_a_game_rebuilt_from_its_moves_writes_the_same_game_string() -> None:
    rng = random.Random(7)
    game = HiveGame(GameType.parse("Base+MLPC"), 7)
    for _ in range(60):
        game.push(rng.choice(game.legal_moves()))
    game.view(0)
    rebuilt = HiveGame(GameType.parse("Base+MLPC"), 7)
    for move in game.move_stack:
        rebuilt.push(move)
    assert rebuilt.view(0)["game_string"] == game.view(0)["game_string"] == game_string(game.state)
