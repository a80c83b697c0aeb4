"""stealth: a turn-based stealth puzzle on a node graph, built around neutralisation.

Walk onto an enemy's node from any side but its front and you neutralise it; arrive from its front and
you are captured. See docs/rules/stealth.md for the numbered rules, :mod:`.engine` for the Game and its
``view`` JSON, :mod:`.solver` for the solver and validator, :mod:`.render` for the SVG and text boards.
"""

from __future__ import annotations

from meeple.core.game import GameInfo
from meeple.core.i18n import Msg
from meeple.games.stealth.engine import Move, StealthGame
from meeple.games.stealth.shipped import shipped_level_ids

INFO = GameInfo(
    name="stealth",
    title=Msg("Infiltration", "Stealth"),
    summary=Msg(
        "Puzzle d'infiltration sur un graphe : atteignez la sortie, neutralisez par le côté ou par-derrière.",
        "Stealth puzzle on a node graph: reach the exit, neutralise enemies from the side or behind.",
    ),
    factory=StealthGame.new,
    conformance_options=[{"level": level_id} for level_id in shipped_level_ids()],
    max_playout_moves=40,
)

__all__ = ["INFO", "Move", "StealthGame"]
