"""Tic-tac-toe: meeple's template game (docs/adding-a-game.md). Copy this package to start a game of your own.

The parts, each named in ``game.toml`` so that meeple finds them without importing anything before it needs
them: the engine (:mod:`.game`), its ``INFO`` (here), the command line (:mod:`.cli`), the server's adapter
(:mod:`.adapter`), the action space for OpenSpiel, PettingZoo and Gymnasium (:mod:`.space`), and the browser
page and rules (``web/``).
"""

from __future__ import annotations

from meeple.core.game import GameInfo
from meeple.core.i18n import Msg
from meeple_tictactoe.game import TicTacToe

INFO = GameInfo(
    name="tictactoe",
    title=Msg("Morpion", "Tic-tac-toe"),
    summary=Msg("Trois à la suite sur une grille de 3 × 3 : le jeu modèle.", "Three in a row on a 3 × 3 grid: the template game."),
    factory=TicTacToe.new,
    conformance_options=[{}],
    max_playout_moves=9,
)

__all__ = ["INFO", "TicTacToe"]
