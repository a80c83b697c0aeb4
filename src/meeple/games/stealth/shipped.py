"""The levels shipped with meeple (package data ``levels/act<N>/<id>.json``) and level files on disk."""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path
from typing import Any

from meeple.core.errors import FormatError
from meeple.core.files import parse_json, read_json
from meeple.core.i18n import Msg
from meeple.games.stealth.level import Level, parse_level


# --- files -----------------------------------------------------------------------------------------
def load_level_file(path: str | Path) -> Level:
    """Read and check a level file; unreadable JSON is a FormatError naming the line."""
    return parse_level(read_json(path), str(path))


def _level_sort_key(level_id: str) -> tuple[int, ...]:
    return tuple(int(part) if part.isdigit() else 0 for part in level_id.split("-"))


def shipped_level_ids() -> list[str]:
    """The ids of the levels shipped with meeple, in play order (1-1, 1-2, …, 1-12)."""
    folder = resources.files("meeple.games.stealth") / "levels"
    ids = [item.name[:-5] for act in folder.iterdir() if act.is_dir() for item in act.iterdir() if item.name.endswith(".json")]
    return sorted(ids, key=_level_sort_key)


def shipped_level_data(level_id: str) -> dict[str, Any]:
    """The JSON document of a shipped level, chosen by id from the closed list :func:`shipped_level_ids` (an
    id may come from the network: it never becomes a path by itself). An unknown id raises FormatError naming
    the option."""
    if level_id not in shipped_level_ids():
        shown = level_id if re.fullmatch(r"\d{1,3}-\d{1,3}", level_id) else "…"
        raise FormatError("options", "level", Msg(f"niveau inconnu « {shown} »", f"unknown level '{shown}'"))
    act = level_id.split("-")[0]
    item = resources.files("meeple.games.stealth") / "levels" / f"act{act}" / f"{level_id}.json"
    data: dict[str, Any] = parse_json(item.read_text(encoding="utf-8"), f"{level_id}.json")
    return data


_SHIPPED_CACHE: dict[str, Level] = {}


def load_shipped_level(level_id: str) -> Level:
    """A shipped level, checked and compiled once per process."""
    level = _SHIPPED_CACHE.get(level_id)
    if level is None:
        level = parse_level(shipped_level_data(level_id), f"levels/act{level_id.split('-')[0]}/{level_id}.json")
        _SHIPPED_CACHE[level_id] = level
    return level


def shipped_level_paths() -> list[Path]:
    """Paths of the shipped level files (for ``meeple stealth validate`` on the whole act)."""
    folder = Path(str(resources.files("meeple.games.stealth") / "levels"))
    return sorted(folder.glob("act*/*.json"), key=lambda path: _level_sort_key(path.stem))
