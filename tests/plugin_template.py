"""The template game (examples/tictactoe) registered as ``pip install`` would register it: through an entry
point of the group ``meeple.games`` in a distribution's metadata, found on the path. Shared by the plug-in
tests of the command line, the server, the interop layer and the browser."""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TEMPLATE_SOURCE = ROOT / "examples" / "tictactoe" / "src"


def install_template(folder: Path) -> list[str]:
    """Write the template's distribution metadata (its entry point) into ``folder``; returns the two folders
    to put on the path (the metadata's and the template's source)."""
    info = folder / "meeple_tictactoe-0.1.0.dist-info"
    info.mkdir(parents=True, exist_ok=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: meeple-tictactoe\nVersion: 0.1.0\n", encoding="utf-8")
    (info / "entry_points.txt").write_text("[meeple.games]\ntictactoe = meeple_tictactoe\n", encoding="utf-8")
    return [str(folder), str(TEMPLATE_SOURCE)]


def environment_with(paths: list[str]) -> dict[str, str]:
    """This process's environment, with ``paths`` and this tree's sources first on ``PYTHONPATH``."""
    return {**os.environ, "PYTHONPATH": os.pathsep.join([*paths, str(ROOT / "src"), str(ROOT)]),
            "MEEPLE_GAME_PLUGINS": ""}
