"""The five game systems. Each package exposes ``INFO`` (a :class:`~meeple.core.game.GameInfo`) and,
for the command line, ``cli.app`` (a Typer app). Nothing here is imported by a game.
"""

from __future__ import annotations

from types import ModuleType

from meeple.core.game import GameInfo
from meeple.core.modules import import_optional

GAME_NAMES: tuple[str, ...] = ("stealth", "ilyos", "skirmish", "hive", "murder")


def discover() -> dict[str, GameInfo]:
    """Every game package that exposes ``INFO``, by name, in the order of :data:`GAME_NAMES`."""
    found: dict[str, GameInfo] = {}
    for name in GAME_NAMES:
        module = import_optional(f"meeple.games.{name}")
        info = getattr(module, "INFO", None)
        if isinstance(info, GameInfo):
            found[name] = info
    return found


def game_cli_modules() -> dict[str, ModuleType]:
    """Each game's ``cli`` module (those that have one), by game name."""
    modules: dict[str, ModuleType] = {}
    for name in GAME_NAMES:
        module = import_optional(f"meeple.games.{name}.cli")
        if module is not None and hasattr(module, "app"):
            modules[name] = module
    return modules
