"""skirmish: zones of control, engagement and movement adjudication on a square grid.

See ``docs/rules/skirmish.md``. Public API:

* :class:`~meeple.games.skirmish.engine.SkirmishGame` — the game (Game protocol; ``view`` documented in
  :mod:`meeple.games.skirmish.engine`);
* :func:`~meeple.games.skirmish.movement.reachable` and :func:`~meeple.games.skirmish.movement.check` —
  the movement adjudicator;
* :mod:`meeple.games.skirmish.api` — the same as JSON for the browser (reach, check, sandbox, AI move).
"""

from __future__ import annotations

from meeple.core.game import GameInfo
from meeple.core.i18n import Msg
from meeple.games.skirmish.engine import SkirmishGame
from meeple.games.skirmish.scenario import shipped_scenarios

INFO = GameInfo(
    name="skirmish",
    title=Msg("Escarmouche", "Skirmish"),
    summary=Msg(
        "Escarmouche sur grille : zones de contrôle, engagements, activations alternées.",
        "Grid skirmish: zones of control, engagements, alternate activations.",
    ),
    factory=SkirmishGame.new,
    conformance_options=[{"scenario": name} for name in shipped_scenarios()],
    max_playout_moves=120,
)

__all__ = ["INFO", "SkirmishGame"]
