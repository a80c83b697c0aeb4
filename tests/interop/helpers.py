"""Shared by the interop tests: the game configurations they play and a seeded random play-out."""

from __future__ import annotations

from typing import Any

from meeple.core.game import Game
from meeple.core.rng import make_rng
from meeple.games import discover

CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("ilyos", {"size": 11, "islands": 4, "guardians": 1}),  # the action space is the 11 × 11 board's
    ("ilyos", {"size": 11, "mode": "2v2"}),
    ("hive", {"game_type": "Base+MLPC"}),
    ("hive", {"game_type": "Base"}),
    ("skirmish", {"scenario": "ford"}),
    ("stealth", {"level": "1-5"}),
    ("murder", {"size": 4}),
]
"""One or two configurations per game, small enough for seconds-long tests."""


def new_game(name: str, options: dict[str, Any], seed: int = 1) -> Game[Any]:
    """A fresh engine of game ``name``."""
    return discover()[name].factory(options, seed)


def played(name: str, options: dict[str, Any], plies: int, seed: int = 1) -> Game[Any]:
    """A game after up to ``plies`` random legal moves (fewer if it ends first)."""
    game = new_game(name, options, seed)
    rng = make_rng(seed)
    for _ in range(plies):
        moves = game.legal_moves()
        if not moves:
            break
        game.push(rng.choice(moves))
    return game
