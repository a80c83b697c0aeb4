"""Sudoku Murder: place N people on an N×N house so that every clue holds and find the murderer.

Modules: :mod:`.model` (the case and its rules), :mod:`.caseio` (the JSON case format), :mod:`.text`
(the card sentences), :mod:`.exact` and :mod:`.logic` (the two solvers), :mod:`.generate` (the case
generator), :mod:`.render` (SVG/PDF), :mod:`.game` (the Game protocol), :mod:`.api` (what the browser
calls), :mod:`.cli`. Rules: ``docs/rules/murder.md``.
"""

from __future__ import annotations

from meeple.core.game import GameInfo
from meeple.core.i18n import Msg
from meeple.games.murder.game import MurderGame

INFO = GameInfo(
    name="murder",
    title=Msg("Sudoku Murder", "Sudoku Murder"),
    summary=Msg(
        "Placez chaque personne dans la maison d'après les indices, et trouvez l'assassin.",
        "Place everyone in the house from the clues, and find the murderer.",
    ),
    factory=MurderGame.new,
    conformance_options=[{"size": 4}, {"size": 5, "difficulty": 2}],
    max_playout_moves=40,
)

__all__ = ["INFO", "MurderGame"]
