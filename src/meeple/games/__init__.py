"""The game systems. Each is a package with a ``game.toml`` manifest (see :mod:`meeple.games.registry`);
nothing here imports a game until it is asked for one, and nothing here is imported by a game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.games.registry import GamePlugin, UnknownGameError, plugin, plugins, problems

if TYPE_CHECKING:
    from meeple.core.game import GameInfo


def discover() -> dict[str, GameInfo]:
    """Every game's :class:`GameInfo`, by name, in lobby order (imports every game)."""
    return {name: game.info() for name, game in plugins().items()}


def game_info(name: str) -> GameInfo:
    """The :class:`GameInfo` of game ``name`` (imports that game only)."""
    return plugin(name).info()


__all__ = ["GamePlugin", "UnknownGameError", "discover", "game_info", "plugin", "plugins", "problems"]
