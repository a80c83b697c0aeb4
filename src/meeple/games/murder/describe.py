"""A Sudoku Murder move in words for the move history: « Léa placée en R2C4 », "Léa placed at R2C4",
« Marc retiré du plateau ». Cells are written as the hints write them (:func:`text.cell_name`)."""

from __future__ import annotations

from meeple.core.i18n import Msg
from meeple.games.murder.game import MurderGame, MurderMove
from meeple.games.murder.text import cell_name


def describe_move(game: MurderGame, move: MurderMove) -> Msg:
    """``move`` in words, ``game`` being the board before it."""
    person = game.case.person_by_id.get(move.person)
    name = person.name if person else move.person
    agree = "e" if person is not None and person.gender == "f" else ""
    if move.cell is None:
        return Msg(f"{name} retiré{agree} du plateau", f"{name} taken off the board")
    verb = Msg("déplacé", "moved to") if move.person in game.board else Msg("placé", "placed at")
    where = cell_name(move.cell)
    return Msg(f"{name} {verb.fr}{agree} en {where}", f"{name} {verb.en} {where}")
