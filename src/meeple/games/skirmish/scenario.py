"""Scenario files: versioned JSON, shipped as package data, every error naming its field (rule R22).

A scenario (``format: "meeple-skirmish-scenario"``, ``version: 1``)::

    {
      "format": "meeple-skirmish-scenario", "version": 1,
      "name": "ford",                                   # [a-z0-9-]+
      "title": {"fr": "…", "en": "…"},                  # or one string for both
      "description": {"fr": "…", "en": "…"},            # optional
      "map": ["....#...", "..~~#...", …],                # rows top to bottom: . open, ~ difficult, # blocking
      "rounds": 6,                                       # optional, default 6 (1..99)
      "first": 0,                                        # optional: side that acts first in round 1
      "sides": [{"fr": "Rouges", "en": "Reds"}, …],      # optional: two names
      "objectives": [[x, y], …],                         # optional: cells worth 1 point at the end
      "rules": {"zoc": "walk", "shortest": "length"},    # optional, defaults shown: "zoc": "walk" (a ZOC
                                                         #   spreads by steps around blocking ground) or
                                                         #   "sight" (line of sight), R6; "shortest":
                                                         #   "length" or "cost" (MP), R10
      "fighters": [
        {"id": "R1", "side": 0, "at": [x, y],            # required
         "move": 10, "zoc": 2, "harmless": false,        # optional, defaults shown
         "keeps_zoc": false, "hits": 2, "strike": 1}
      ]
    }

Fighters that start in contact with an opponent start engaged with it (R8).

A scenario may come from the network (a room's ``scenario`` option), so its size is bounded: the JSON
limits of :data:`SCENARIO_LIMITS` are checked first, before any other work, then at most
:data:`MAX_SIDE` × :data:`MAX_SIDE` cells, ``move`` ≤ :data:`MAX_MOVE` and ``zoc`` ≤ :data:`MAX_ZOC`. At
the limits the tactical AI still answers within seconds (its work grows with fighters × reachable cells);
the shipped scenarios use about half of them (16×10 cells, 8 fighters, move 14).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from meeple.core.boards import Cell
from meeple.core.errors import FormatError
from meeple.core.files import parse_json
from meeple.core.game import JSON
from meeple.core.i18n import Msg
from meeple.core.limits import ContentLimits
from meeple.core.rng import make_rng
from meeple.games.skirmish.battlefield import SHORTEST_RULES, ZOC_RULES, Battlefield, Fighter, Ground

SCENARIO_FORMAT = "meeple-skirmish-scenario"
SCENARIO_VERSION = 1
DEFAULT_SIDES = (Msg("Rouges", "Reds"), Msg("Bleus", "Blues"))
_NAME = re.compile(r"^[a-z0-9][a-z0-9-]*$")
_ID = re.compile(r"^[A-Za-z0-9_-]{1,8}$")
MAX_SIDE = 32
"""The widest and tallest map, in cells."""
MAX_MOVE = 20
MAX_ZOC = 5
SCENARIO_LIMITS = ContentLimits(
    max_bytes=32_768, max_depth=5, max_text=500, max_items=100,
    counts={"map": MAX_SIDE, "fighters": 16, "objectives": 8},
    words={"map": Msg("rangées", "rows"), "fighters": Msg("combattants", "fighters"),
           "objectives": Msg("objectifs", "objectives")},
)
"""The size limits of a scenario document (JSON bytes, nesting, any text, any list, and these lists)."""


@dataclass(frozen=True)
class Scenario:
    """A battlefield, its fighters, its objectives and its length in rounds."""

    name: str
    title: Msg
    description: Msg
    ground: Ground
    fighters: tuple[Fighter, ...]
    objectives: tuple[Cell, ...]
    rounds: int
    first: int
    sides: tuple[Msg, Msg]

    def battlefield(self) -> Battlefield:
        """The starting battlefield: fighters in contact with an opponent start engaged with it."""
        field = Battlefield(self.ground, tuple(sorted(self.fighters, key=lambda f: f.id)))
        return Battlefield(field.ground, field.fighters, field.contact_engagements())

    def to_json(self) -> dict[str, JSON]:
        """The scenario in its file format (``parse_scenario(s.to_json())`` gives ``s`` back)."""
        return {
            "format": SCENARIO_FORMAT,
            "version": SCENARIO_VERSION,
            "name": self.name,
            "title": self.title.to_json(),
            "description": self.description.to_json(),
            "map": list(self.ground.rows),
            "rounds": self.rounds,
            "first": self.first,
            "sides": [side.to_json() for side in self.sides],
            "objectives": [list(cell) for cell in self.objectives],
            "rules": {"zoc": self.ground.zoc, "shortest": self.ground.shortest},
            "fighters": [
                {key: value for key, value in fighter.to_json().items() if key != "max_hits"}
                | {"hits": fighter.max_hits}
                for fighter in self.fighters
            ],
        }


# --- reading ---------------------------------------------------------------------------------------
def _error(source: str, where: str, fr: str, en: str) -> FormatError:
    return FormatError(source, where, Msg(fr, en))


def _int(data: Mapping[str, Any], key: str, source: str, where: str, low: int, high: int,
         default: int | None = None) -> int:
    value = data.get(key, default)
    if value is None:
        raise _error(source, f"{where}{key}", "champ obligatoire manquant", "missing required field")
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise _error(source, f"{where}{key}", f"un entier de {low} à {high} est attendu",
                     f"an integer from {low} to {high} is expected")
    return value


def _bool(data: Mapping[str, Any], key: str, source: str, where: str) -> bool:
    value = data.get(key, False)
    if not isinstance(value, bool):
        raise _error(source, f"{where}{key}", "true ou false est attendu", "true or false is expected")
    return value


def _msg(value: Any, source: str, where: str, default: Msg | None = None) -> Msg:
    if value is None and default is not None:
        return default
    if isinstance(value, str) and value:
        return Msg(value, value)
    if isinstance(value, Mapping) and isinstance(value.get("fr"), str) and isinstance(value.get("en"), str):
        return Msg(value["fr"], value["en"])
    raise _error(source, where, "un texte ou {\"fr\": …, \"en\": …} est attendu",
                 "a string or {\"fr\": …, \"en\": …} is expected")


def _cell(value: Any, source: str, where: str, ground: Ground) -> Cell:
    if not (isinstance(value, list) and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
        raise _error(source, where, "une case [x, y] est attendue", "a cell [x, y] is expected")
    cell = (value[0], value[1])
    if not ground.in_bounds(cell):
        raise _error(source, where, f"({cell[0]}, {cell[1]}) est hors de la carte "
                     f"{ground.width}×{ground.height}", f"({cell[0]}, {cell[1]}) is off the "
                     f"{ground.width}×{ground.height} map")
    return cell


def _ground(data: Mapping[str, Any], source: str) -> Ground:
    rows = data.get("map")
    if not isinstance(rows, list) or not rows or not all(isinstance(row, str) for row in rows):
        raise _error(source, "map", "une liste non vide de lignes est attendue", "a non-empty list of rows is expected")
    if len(rows) > MAX_SIDE or len(rows[0]) > MAX_SIDE:
        raise _error(source, "map", f"{MAX_SIDE}×{MAX_SIDE} cases au plus (limite)",
                     f"at most {MAX_SIDE}×{MAX_SIDE} cells (the limit)")
    for y, row in enumerate(rows):
        if len(row) != len(rows[0]):
            raise _error(source, f"map[{y}]", f"{len(row)} cases au lieu de {len(rows[0])}",
                         f"{len(row)} cells instead of {len(rows[0])}")
        for x, char in enumerate(row):
            if char not in ".~#":
                raise _error(source, f"map[{y}][{x}]", f"terrain {char!r} inconnu (. ~ #)",
                             f"unknown terrain {char!r} (. ~ #)")
    rules = data.get("rules", {})
    if not isinstance(rules, Mapping):
        raise _error(source, "rules", "un objet {\"zoc\": …, \"shortest\": …} est attendu",
                     "an object {\"zoc\": …, \"shortest\": …} is expected")
    choices = {"zoc": ZOC_RULES, "shortest": SHORTEST_RULES}
    for key, value in rules.items():
        if key not in choices:
            raise _error(source, f"rules.{key}", "règle inconnue (zoc, shortest)", "unknown rule (zoc, shortest)")
        if value not in choices[key]:
            allowed = ", ".join(choices[key])
            raise _error(source, f"rules.{key}", f"une valeur parmi {allowed} est attendue",
                         f"one of {allowed} is expected")
    return Ground.parse(rows, zoc=rules.get("zoc", "walk"), shortest=rules.get("shortest", "length"))


def _fighter(data: Any, index: int, source: str, ground: Ground, taken: dict[Cell, str]) -> Fighter:
    where = f"fighters[{index}]"
    if not isinstance(data, Mapping):
        raise _error(source, where, "un objet est attendu", "an object is expected")
    known = {"id", "side", "at", "move", "zoc", "harmless", "keeps_zoc", "hits", "strike", "name"}
    for key in data:
        if key not in known:
            raise _error(source, f"{where}.{key}", "champ inconnu", "unknown field")
    fighter_id = data.get("id")
    if not isinstance(fighter_id, str) or not _ID.match(fighter_id):
        raise _error(source, f"{where}.id", "1 à 8 lettres, chiffres, _ ou -", "1 to 8 letters, digits, _ or -")
    cell = _cell(data.get("at"), source, f"{where}.at", ground)
    if not ground.passable(cell):
        raise _error(source, f"{where}.at", "case infranchissable", "blocking cell")
    if cell in taken:
        raise _error(source, f"{where}.at", f"case déjà occupée par {taken[cell]}", f"cell already taken by {taken[cell]}")
    harmless = _bool(data, "harmless", source, f"{where}.")
    hits = _int(data, "hits", source, f"{where}.", 1, 99, 2)
    strike = _int(data, "strike", source, f"{where}.", 0, 99, 0 if harmless else 1)
    if harmless and strike:
        raise _error(source, f"{where}.strike", "un combattant inoffensif ne frappe pas (0)",
                     "a harmless fighter does not strike (0)")
    if not harmless and not strike:
        raise _error(source, f"{where}.strike", "frappe ≥ 1 pour un combattant qui n'est pas inoffensif",
                     "strike ≥ 1 for a fighter that is not harmless")
    return Fighter(
        id=fighter_id,
        side=_int(data, "side", source, f"{where}.", 0, 1),
        cell=cell,
        move=_int(data, "move", source, f"{where}.", 0, MAX_MOVE, 10),
        zoc=_int(data, "zoc", source, f"{where}.", 0, MAX_ZOC, 2),
        harmless=harmless,
        keeps_zoc=_bool(data, "keeps_zoc", source, f"{where}."),
        hits=hits,
        max_hits=hits,
        strike=strike,
    )


SCENARIO_FIELDS = ("format", "version", "name", "title", "description", "map", "rounds", "first", "sides",
                   "objectives", "rules", "fighters")


def _header(data: Any, source: str) -> None:
    if not isinstance(data, Mapping):
        raise _error(source, "", "un objet JSON est attendu", "a JSON object is expected")
    if data.get("format") != SCENARIO_FORMAT:
        raise _error(source, "format", f"« {SCENARIO_FORMAT} » attendu", f"'{SCENARIO_FORMAT}' expected")
    if data.get("version") != SCENARIO_VERSION:
        raise _error(source, "version", f"version {data.get('version')!r} inconnue (1 attendue)",
                     f"unknown version {data.get('version')!r} (1 expected)")
    name = data.get("name")
    if not isinstance(name, str) or not _NAME.match(name):
        raise _error(source, "name", "un nom en minuscules, chiffres et tirets est attendu",
                     "a name of lower-case letters, digits and dashes is expected")


def parse_scenario(data: Any, source: str = "scenario") -> Scenario:
    """A scenario from its JSON value; raises :class:`FormatError` naming ``source`` and the field (a
    :class:`~meeple.core.limits.TooLargeError` naming the limit for a scenario over :data:`SCENARIO_LIMITS`)."""
    SCENARIO_LIMITS.check(data, source)
    _header(data, source)
    ground = _ground(data, source)
    fighters_data = data.get("fighters")
    if not isinstance(fighters_data, list) or not fighters_data:
        raise _error(source, "fighters", "une liste non vide est attendue", "a non-empty list is expected")
    taken: dict[Cell, str] = {}
    fighters: list[Fighter] = []
    for index, item in enumerate(fighters_data):
        fighter = _fighter(item, index, source, ground, taken)
        if any(other.id == fighter.id for other in fighters):
            raise _error(source, f"fighters[{index}].id", f"identifiant {fighter.id} en double", f"duplicate id {fighter.id}")
        taken[fighter.cell] = fighter.id
        fighters.append(fighter)
    for side in (0, 1):
        if not any(f.side == side and not f.harmless for f in fighters):
            raise _error(source, "fighters", f"le camp {side} n'a aucun combattant qui ne soit pas inoffensif",
                         f"side {side} has no fighter that is not harmless")
    objectives_data = data.get("objectives", [])
    if not isinstance(objectives_data, list):
        raise _error(source, "objectives", "une liste de cases est attendue", "a list of cells is expected")
    objectives = tuple(_cell(item, source, f"objectives[{i}]", ground) for i, item in enumerate(objectives_data))
    for index, cell in enumerate(objectives):
        if not ground.passable(cell):
            raise _error(source, f"objectives[{index}]", "case infranchissable", "blocking cell")
    sides_data = data.get("sides", [side.to_json() for side in DEFAULT_SIDES])
    if not isinstance(sides_data, list) or len(sides_data) != 2:
        raise _error(source, "sides", "deux noms de camps sont attendus", "two side names are expected")
    sides = (_msg(sides_data[0], source, "sides[0]"), _msg(sides_data[1], source, "sides[1]"))
    for key in data:
        if key not in SCENARIO_FIELDS:
            raise _error(source, key, "champ inconnu", "unknown field")
    return Scenario(
        name=data["name"],
        title=_msg(data.get("title"), source, "title"),
        description=_msg(data.get("description"), source, "description", Msg("", "")),
        ground=ground,
        fighters=tuple(fighters),
        objectives=objectives,
        rounds=_int(data, "rounds", source, "", 1, 99, 6),
        first=_int(data, "first", source, "", 0, 1, 0),
        sides=sides,
    )


def _shipped_dir() -> Any:
    return resources.files("meeple.games.skirmish") / "data" / "scenarios"


def shipped_scenarios() -> list[str]:
    """Names of the scenarios shipped with meeple, sorted."""
    return sorted(entry.name[:-5] for entry in _shipped_dir().iterdir() if entry.name.endswith(".json"))


def shipped_scenario(name: str, source: str = "options") -> Scenario:
    """A shipped scenario, chosen by name from the closed list :func:`shipped_scenarios`.

    This is the only way a name reaches a file: a room option (from the network) never names a path. An
    unknown name raises :class:`FormatError` listing the shipped names, the same answer whatever the
    name is (a path that exists on the server, a folder, ``/dev/zero``…): it reveals nothing of the disk.
    """
    if not isinstance(name, str) or name not in shipped_scenarios():
        known = ", ".join(shipped_scenarios())
        shown = f" « {name} »" if isinstance(name, str) and _NAME.match(name) and len(name) <= 40 else ""
        shown_en = f" '{name}'" if shown else ""
        raise FormatError(source, "scenario", Msg(f"scénario inconnu{shown} (fournis : {known})",
                                                  f"unknown scenario{shown_en} (shipped: {known})"))
    file_name = f"{name}.json"
    return parse_scenario(parse_json((_shipped_dir() / file_name).read_text(encoding="utf-8"), file_name), file_name)


def load_scenario(name_or_path: str) -> Scenario:
    """A shipped scenario by name, or a scenario file by path (the command line: a file of the local user);
    raises :class:`FormatError` or ``OSError``. Never for a name from the network: :func:`shipped_scenario`."""
    if name_or_path in shipped_scenarios():
        return shipped_scenario(name_or_path)
    path = Path(name_or_path)
    if not path.exists():
        known = ", ".join(shipped_scenarios())
        raise FormatError(name_or_path, "", Msg(f"ni un fichier ni un scénario fourni ({known})",
                                                f"neither a file nor a shipped scenario ({known})"))
    source = str(path)
    return parse_scenario(parse_json(path.read_text(encoding="utf-8"), source), source)


def random_scenario(seed: int, width: int = 16, height: int = 10, per_side: int = 4, rounds: int = 6) -> dict[str, JSON]:
    """A random but valid scenario JSON value (seeded): scattered rocks and difficult ground, the two
    sides deployed on opposite edges, two objectives in the middle.

    Raises ``ValueError`` for sizes the generator cannot fill (at least 6×4, at most :data:`MAX_SIDE` a side,
    ``per_side`` in 1..min(height, 8)).
    """
    if width < 6 or height < 4 or not 1 <= per_side <= min(height, 8) or width > MAX_SIDE or height > MAX_SIDE:
        raise ValueError(f"need width ≥ 6, height ≥ 4 (at most {MAX_SIDE}) and 1 ≤ per_side ≤ height (at most 8)")
    rng = make_rng(seed)
    rows = [[rng.choices(".~#", weights=(80, 12, 8))[0] if 2 <= x < width - 2 else "." for x in range(width)]
            for y in range(height)]
    middle = [(width // 2 - 1, height // 2), (width // 2, height // 2 - 1)]
    for x, y in middle:
        rows[y][x] = "."
    fighters: list[dict[str, JSON]] = []
    for side, column in ((0, 0), (1, width - 1)):
        for index, y in enumerate(sorted(rng.sample(range(height), per_side))):
            harmless = per_side > 1 and index == per_side - 1 and rng.random() < 0.5
            fighter: dict[str, JSON] = {"id": f"{'RB'[side]}{index + 1}", "side": side, "at": [column, y],
                                        "move": rng.choice((8, 10, 12)), "zoc": rng.randint(1, 3)}
            if harmless:
                fighter |= {"harmless": True, "hits": 1, "zoc": 1}
            fighters.append(fighter)
    return {
        "format": SCENARIO_FORMAT,
        "version": SCENARIO_VERSION,
        "name": f"random-{seed}",
        "title": {"fr": f"Escarmouche aléatoire {seed}", "en": f"Random skirmish {seed}"},
        "map": ["".join(row) for row in rows],
        "rounds": rounds,
        "objectives": [list(cell) for cell in middle],
        "fighters": fighters,
    }
