"""Stealth levels whose building the test controls, as a server plug-in game (``slow-stealth``).

The options are stealth's (``level_data``, within the format's limits) plus two the test sets:
``spin`` (seconds of pure CPU work before the level is built: a build that runs past the time limit) and
``wait_for`` (a file whose appearance the build waits for: a build the test releases when it wants). The
game records in ``options["built_in"]`` the process that built it.
"""

from __future__ import annotations

import itertools
import os
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from meeple.core.game import JSON, GameInfo
from meeple.core.i18n import Msg
from meeple.games.stealth import StealthGame
from meeple.server.adapters.stealth import make_adapter


def build(options: Mapping[str, JSON] | None, seed: int | None) -> StealthGame:
    """Wait and spin as the options say, then build the stealth level."""
    given = dict(options or {})
    spin, wait_for = given.pop("spin", 0), given.pop("wait_for", None)
    given.pop("built_in", None)
    if isinstance(wait_for, str):
        deadline = time.monotonic() + 120
        while not Path(wait_for).exists() and time.monotonic() < deadline:
            time.sleep(0.01)
    end = time.monotonic() + float(spin) if isinstance(spin, int | float) else 0.0
    while time.monotonic() < end:  # busy: a build stuck in its own work, not waiting
        pass
    game = StealthGame.new(given, seed)
    game.options = {**game.options, "built_in": os.getpid()}
    return game


INFO = GameInfo(name="slow-stealth", title=Msg("Infiltration lente", "Slow stealth"),
                summary=Msg("Un niveau qui se construit lentement", "A level that builds slowly"), factory=build)
ADAPTER = make_adapter()


def level(nodes: int = 4, enemies: int = 0) -> dict[str, Any]:
    """A valid level: a row of ``nodes`` nodes, sentries on every other node from the third."""
    names = [f"n{i}" for i in range(nodes)]
    return {
        "format": "meeple-stealth-level", "version": 1, "id": "custom",
        "nodes": [{"id": name, "x": i, "y": 0} for i, name in enumerate(names)],
        "edges": [[a, b] for a, b in itertools.pairwise(names)],
        "start": names[0], "exit": names[-1],
        "enemies": [{"id": f"s{i}", "kind": "sentry", "node": names[2 + 2 * i], "facing": names[1 + 2 * i]}
                    for i in range(enemies)],
    }
