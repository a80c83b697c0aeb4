"""Small hand-made stealth levels for the rule tests."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from meeple.games.stealth.engine import StealthGame
from meeple.games.stealth.level import Level, parse_level


def level_doc(edges: list[Any], enemies: list[dict[str, Any]], start: str, exit: str = "x",
              hide: tuple[str, ...] = (), keys: dict[str, str] | None = None, **extra: Any) -> dict[str, Any]:
    """A level document whose nodes are the names used in ``edges`` (placed on a line)."""
    names: list[str] = []
    for edge in edges:
        pair = edge if isinstance(edge, list) else [edge["a"], edge["b"]]
        names += [name for name in pair if name not in names]
    for name in (start, exit):
        if name not in names:
            names.append(name)
    keys = keys or {}
    nodes = []
    for i, name in enumerate(names):
        node: dict[str, Any] = {"id": name, "x": i, "y": 0}
        if name in hide:
            node["hide"] = True
        if name in keys:
            node["key"] = keys[name]
        nodes.append(node)
    return {"format": "meeple-stealth-level", "version": 1, "id": "test", "title": "test",
            "nodes": nodes, "edges": edges, "start": start, "exit": exit, "enemies": enemies, **extra}


def game(edges: list[Any], enemies: list[dict[str, Any]], start: str, **extra: Any) -> StealthGame:
    """A game on a hand-made level."""
    return StealthGame.new({"level_data": level_doc(edges, enemies, start, **extra)})


def level(edges: list[Any], enemies: list[dict[str, Any]], start: str, **extra: Any) -> Level:
    """A compiled hand-made level."""
    return parse_level(level_doc(edges, enemies, start, **extra), "test")


CROSS = [["c", "n"], ["c", "e"], ["c", "s"], ["c", "w"], ["n", "nn"], ["e", "ee"], ["s", "ss"], ["w", "ww"],
         ["ee", "x"]]
"""A cross: centre ``c`` with arms n, e, s, w (each two nodes long); the exit hangs off the east arm."""


def sentry(node: str = "c", facing: str = "n", id: str = "g") -> dict[str, Any]:
    """A sentry enemy description."""
    return {"id": id, "kind": "sentry", "node": node, "facing": facing}


def play(g: StealthGame, *moves: str) -> StealthGame:
    """Push moves given as text (``b`` or ``throw c``)."""
    for move in moves:
        g.push(g.parse_move(move))
    return g


def enemy(g: StealthGame, enemy_id: str) -> dict[str, Any]:
    """An enemy's entry in the view."""
    return next(e for e in g.view(None)["enemies"] if e["id"] == enemy_id)


def capture(g: StealthGame) -> dict[str, Any] | None:
    """The capture event of the last turn, if any."""
    return g.capture()


@dataclass
class Done:
    """What one in-process run of ``meeple`` printed, and its exit code."""

    returncode: int
    stdout: str
    stderr: str
