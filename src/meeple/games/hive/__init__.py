"""hive: Hive with the Mosquito, Ladybug, Pillbug and the Centipede (see docs/rules/hive.md).

The engine is :class:`meeple.games.hive.game.HiveGame`; the AI entry point is
:func:`meeple.games.hive.ai.best_move`; ``meeple hive uhp`` speaks the Universal Hive Protocol.
"""

from __future__ import annotations

from meeple.core.game import GameInfo
from meeple.core.i18n import Msg
from meeple.games.hive.game import HiveGame, legal_targets

INFO = GameInfo(
    name="hive",
    title=Msg("Hive et le Mille-pattes", "Hive with the Centipede"),
    summary=Msg(
        "Encerclez la reine adverse ; Moustique, Coccinelle, Cloporte et Mille-pattes en option.",
        "Surround the opposing queen; Mosquito, Ladybug, Pillbug and Centipede optional.",
    ),
    factory=HiveGame.new,
    conformance_options=[{"game_type": "Base"}, {"game_type": "Base+MLP"}, {"game_type": "Base+MLPC"}],
    max_playout_moves=150,
)

__all__ = ["INFO", "HiveGame", "legal_targets"]
