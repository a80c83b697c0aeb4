"""The versioned JSON case format: reading (every error names the field and the reason) and writing.

Format ``meeple-murder-case``, version 1::

    {"format": "meeple-murder-case", "version": 1,
     "title": {"fr": "...", "en": "..."},                       (optional)
     "size": 6,
     "grid": [["A", "A", "B", ...], ...],                       room id of each cell, rows top to bottom
     "rooms": [{"id": "A", "name": {"fr": "la Bibliothèque", "en": "the Library"},
                "preposition": "dans" | "sur", "floor": "parquet"}, ...],
     "object_kinds": [{"id": "télé", "name": {"fr": "télé", "en": "TV"}, "feminine": true,
                       "standable": false, "icon": "shelf"}, ...],  (optional) the case's own kinds
     "objects": [{"cell": [row, col], "kind": "fauteuil"}, ...],  kinds as the rules page names them, or own
     "people": [{"id": "anna", "name": "Anna", "gender": "f", "victim": false}, ...],
     "clues": [{"person": "anna", "kind": "row", "index": 0}, ...],
     "solution": {"anna": [row, col], ...}}                     (optional)

Rows and columns count from 0. Clue kinds and their fields: ``row``/``not_row`` and ``column``/``not_column``
(``index``), ``room``/``not_room`` (``room``), ``on``/``not_on`` and ``beside``/``not_beside``
(``object``), ``corner``, ``not_corner``, ``alone``, ``with_one_other`` (``room``, ``gender``).

A case may come from the network (a room's ``case`` option), so its size is bounded: :data:`CASE_LIMITS`
is checked first, before any other work (a generated 9×9 case is about 4 kB, 16 clues).
"""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping
from pathlib import Path
from typing import Any

from meeple.core.errors import FormatError
from meeple.core.files import read_json
from meeple.core.i18n import Msg
from meeple.core.limits import ContentLimits
from meeple.games.murder.model import (
    CLUE_FIELDS,
    FLOORS,
    GENDERS,
    ICON_SHAPES,
    MAX_SIZE,
    MIN_SIZE,
    OBJECT_KINDS,
    PREPOSITIONS,
    Case,
    Cell,
    Clue,
    ObjectKind,
    Person,
    Room,
    violations,
)

CASE_FORMAT = "meeple-murder-case"
CASE_VERSION = 1
MAX_OWN_KINDS = 16
"""The most object kinds of its own a case may declare (published cases use a handful: TV, window, car…)."""
CASE_LIMITS = ContentLimits(
    max_bytes=32_768, max_depth=5, max_text=200, max_items=100,
    counts={"rooms": MAX_SIZE * MAX_SIZE, "objects": MAX_SIZE * MAX_SIZE, "people": MAX_SIZE, "clues": 100,
            "object_kinds": MAX_OWN_KINDS},
    words={"rooms": Msg("pièces", "rooms"), "objects": Msg("objets", "objects"), "people": Msg("personnes", "people"),
           "clues": Msg("indices", "clues"), "object_kinds": Msg("sortes d'objets", "kinds of object")},
)
"""The size limits of a case document (JSON bytes, nesting, any text, any list, and these lists)."""


def _expect(condition: bool, source: str, where: str, fr: str, en: str) -> None:
    if not condition:
        raise FormatError(source, where, Msg(fr, en))


def _member(value: Any, known: Collection[str]) -> bool:
    """Whether ``value`` is one of the ``known`` names (anything but a string is not)."""
    return isinstance(value, str) and value in known


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _text(data: Mapping[str, Any], key: str, source: str, where: str) -> str:
    value = data.get(key)
    _expect(isinstance(value, str) and value != "", source, f"{where}.{key}",
            "un texte non vide est attendu", "a non-empty string is expected")
    assert isinstance(value, str)
    return value


def _msg(data: Any, source: str, where: str) -> Msg:
    _expect(isinstance(data, dict) and all(isinstance(data.get(lang), str) and data[lang].strip() for lang in ("fr", "en")),
            source, where, "un objet {\"fr\": ..., \"en\": ...} de textes non vides est attendu",
            "an object {\"fr\": ..., \"en\": ...} of non-empty strings is expected")
    return Msg(data["fr"], data["en"])


def _cell(value: Any, size: int, source: str, where: str) -> Cell:
    _expect(isinstance(value, list) and len(value) == 2 and all(_is_int(v) for v in value),
            source, where, "une case [rangée, colonne] est attendue", "a cell [row, col] is expected")
    _expect(all(0 <= v < size for v in value), source, where,
            f"case hors du plateau {size}×{size}", f"cell outside the {size}×{size} board")
    return (value[0], value[1])


def case_from_json(data: Any, source: str = "case") -> Case:
    """Read a case from its JSON value. A bad value raises :class:`FormatError` naming the field (a
    :class:`~meeple.core.limits.TooLargeError` naming the limit for a case over :data:`CASE_LIMITS`)."""
    CASE_LIMITS.check(data, source)
    _expect(isinstance(data, dict), source, "", "un objet JSON est attendu", "a JSON object is expected")
    _expect(data.get("format") == CASE_FORMAT, source, "format", f"« {CASE_FORMAT} » attendu", f"'{CASE_FORMAT}' expected")
    _expect(data.get("version") == CASE_VERSION, source, "version",
            f"version inconnue (seule la {CASE_VERSION} existe)", f"unknown version (only {CASE_VERSION} exists)")
    size = data.get("size")
    _expect(_is_int(size) and MIN_SIZE <= size <= MAX_SIZE, source, "size",
            f"un entier de {MIN_SIZE} à {MAX_SIZE} est attendu", f"an integer from {MIN_SIZE} to {MAX_SIZE} is expected")
    rooms = _read_rooms(data.get("rooms"), source)
    grid = _read_grid(data.get("grid"), size, {room.id for room in rooms}, source)
    kinds = _read_kinds(data.get("object_kinds", []), source)
    known = {**OBJECT_KINDS, **kinds}
    objects = _read_objects(data.get("objects", []), size, known, source)
    people = _read_people(data.get("people"), size, source)
    clues = _read_clues(data.get("clues", []), size, {r.id for r in rooms}, {p.id for p in people}, known, source)
    title = _msg(data["title"], source, "title") if data.get("title") is not None else None
    case = Case(size, grid, rooms, objects, people, clues, None, title, kinds)
    _check_rooms_in_one_piece(case, source)
    _check_floors(case, source)
    solution = data.get("solution")
    if solution is not None:
        case = _with_solution(case, solution, source)
    return case


def _read_rooms(value: Any, source: str) -> tuple[Room, ...]:
    _expect(isinstance(value, list) and bool(value), source, "rooms", "une liste non vide est attendue", "a non-empty list is expected")
    rooms: list[Room] = []
    for i, item in enumerate(value):
        where = f"rooms[{i}]"
        _expect(isinstance(item, dict), source, where, "un objet est attendu", "an object is expected")
        room_id = _text(item, "id", source, where)
        _expect(all(room.id != room_id for room in rooms), source, f"{where}.id",
                f"pièce « {room_id} » en double", f"duplicate room '{room_id}'")
        preposition = item.get("preposition", "dans")
        _expect(_member(preposition, PREPOSITIONS), source, f"{where}.preposition", "« dans » ou « sur » attendu", "'dans' or 'sur' expected")
        floor = item.get("floor")
        _expect(_member(floor, FLOORS), source, f"{where}.floor", f"sol inconnu (connus : {', '.join(FLOORS)})",
                f"unknown floor (known: {', '.join(FLOORS)})")
        rooms.append(Room(room_id, _msg(item.get("name"), source, f"{where}.name"), preposition, floor))
    return tuple(rooms)


def _read_grid(value: Any, size: int, room_ids: set[str], source: str) -> tuple[tuple[str, ...], ...]:
    _expect(isinstance(value, list) and len(value) == size, source, "grid",
            f"{size} rangées sont attendues", f"{size} rows are expected")
    rows: list[tuple[str, ...]] = []
    for r, row in enumerate(value):
        _expect(isinstance(row, list) and len(row) == size, source, f"grid[{r}]",
                f"{size} cases sont attendues", f"{size} cells are expected")
        for c, room in enumerate(row):
            _expect(_member(room, room_ids), source, f"grid[{r}][{c}]", f"pièce inconnue {room!r}", f"unknown room {room!r}")
        rows.append(tuple(row))
    used = {room for row in rows for room in row}
    missing = sorted(room_ids - used)
    _expect(not missing, source, "rooms", f"pièce sans case : {', '.join(missing)}", f"room without a cell: {', '.join(missing)}")
    return tuple(rows)


MAX_KIND_TEXT = 40
"""The longest id or name of a case's own object kind, in characters."""

KIND_FIELDS = ("id", "name", "feminine", "standable", "icon")


def _read_kinds(value: Any, source: str) -> dict[str, ObjectKind]:
    """The case's own object kinds: ``[{"id", "name": {"fr", "en"}, "feminine", "standable", "icon"}]``."""
    _expect(isinstance(value, list), source, "object_kinds", "une liste est attendue", "a list is expected")
    _expect(len(value) <= MAX_OWN_KINDS, source, "object_kinds", f"au plus {MAX_OWN_KINDS} sortes d'objets",
            f"at most {MAX_OWN_KINDS} kinds of object")
    kinds: dict[str, ObjectKind] = {}
    for i, item in enumerate(value):
        where = f"object_kinds[{i}]"
        _expect(isinstance(item, dict), source, where, "un objet est attendu", "an object is expected")
        key = _text(item, "id", source, where)
        _expect(key not in OBJECT_KINDS and key not in kinds, source, f"{where}.id",
                f"l'objet « {key} » existe déjà", f"object '{key}' already exists")
        name = _msg(item.get("name"), source, f"{where}.name")
        _expect(all(len(text) <= MAX_KIND_TEXT for text in (key, name.fr, name.en)), source, where,
                f"id et noms de {MAX_KIND_TEXT} caractères au plus", f"id and names of {MAX_KIND_TEXT} characters at most")
        for flag, fr, en in (("feminine", "vrai si le nom français est féminin (une télé), faux sinon",
                              "true if the French name is feminine (une télé), else false"),
                             ("standable", "vrai si l'on peut s'y tenir, faux s'il bloque sa case",
                              "true if one may stand on it, false if it blocks its cell")):
            _expect(isinstance(item.get(flag), bool), source, f"{where}.{flag}", fr, en)
        icon = item.get("icon")
        _expect(_member(icon, ICON_SHAPES), source, f"{where}.icon", f"dessin inconnu (connus : {', '.join(ICON_SHAPES)})",
                f"unknown picture (known: {', '.join(ICON_SHAPES)})")
        extra = sorted(set(item) - set(KIND_FIELDS))
        _expect(not extra, source, where, f"champ inattendu : {', '.join(extra)}", f"unexpected field: {', '.join(extra)}")
        kinds[key] = ObjectKind(key, item["feminine"], name.en, item["standable"], icon, name.fr)
    return kinds


def _read_objects(value: Any, size: int, known: Mapping[str, ObjectKind], source: str) -> dict[Cell, str]:
    _expect(isinstance(value, list), source, "objects", "une liste est attendue", "a list is expected")
    objects: dict[Cell, str] = {}
    for i, item in enumerate(value):
        where = f"objects[{i}]"
        _expect(isinstance(item, dict), source, where, "un objet est attendu", "an object is expected")
        cell = _cell(item.get("cell"), size, source, f"{where}.cell")
        _expect(cell not in objects, source, f"{where}.cell", "deux objets sur la même case", "two objects on one cell")
        kind = item.get("kind")
        _expect(_member(kind, known), source, f"{where}.kind", f"objet inconnu {kind!r}", f"unknown object {kind!r}")
        objects[cell] = kind
    return objects


def _read_people(value: Any, size: int, source: str) -> tuple[Person, ...]:
    _expect(isinstance(value, list) and len(value) == size, source, "people",
            f"{size} personnes sont attendues (une par rangée)", f"{size} people are expected (one per row)")
    people: list[Person] = []
    for i, item in enumerate(value):
        where = f"people[{i}]"
        _expect(isinstance(item, dict), source, where, "un objet est attendu", "an object is expected")
        pid = _text(item, "id", source, where)
        _expect(all(p.id != pid for p in people), source, f"{where}.id", f"personne « {pid} » en double", f"duplicate person '{pid}'")
        _expect(_member(item.get("gender"), GENDERS), source, f"{where}.gender", "« m » ou « f » attendu", "'m' or 'f' expected")
        _expect(isinstance(item.get("victim", False), bool), source, f"{where}.victim", "vrai ou faux attendu", "true or false expected")
        name = item.get("name", pid)
        _expect(isinstance(name, str) and name != "", source, f"{where}.name", "un texte non vide est attendu", "a non-empty string is expected")
        people.append(Person(pid, name, item["gender"], bool(item.get("victim", False))))
    _expect(sum(p.victim for p in people) == 1, source, "people", "il faut exactement une victime", "exactly one victim is needed")
    return tuple(people)


def _read_clues(value: Any, size: int, room_ids: set[str], person_ids: set[str], known: Mapping[str, ObjectKind],
                source: str) -> tuple[Clue, ...]:
    _expect(isinstance(value, list), source, "clues", "une liste est attendue", "a list is expected")
    clues = []
    for i, item in enumerate(value):
        clues.append(_read_clue(item, size, room_ids, person_ids, known, source, f"clues[{i}]"))
    return tuple(clues)


def _read_clue(item: Any, size: int, room_ids: set[str], person_ids: set[str], known: Mapping[str, ObjectKind],
               source: str, where: str) -> Clue:
    _expect(isinstance(item, dict), source, where, "un objet est attendu", "an object is expected")
    person = item.get("person")
    _expect(_member(person, person_ids), source, f"{where}.person", f"personne inconnue {person!r}", f"unknown person {person!r}")
    kind = item.get("kind")
    _expect(_member(kind, CLUE_FIELDS), source, f"{where}.kind", f"sorte d'indice inconnue {kind!r}", f"unknown clue kind {kind!r}")
    fields: dict[str, Any] = {}
    for name in CLUE_FIELDS[kind]:
        value = item.get(name)
        at = f"{where}.{name}"
        if name == "index":
            _expect(_is_int(value) and 0 <= value < size, source, at, f"un entier de 0 à {size - 1} est attendu",
                    f"an integer from 0 to {size - 1} is expected")
        elif name == "room":
            _expect(_member(value, room_ids), source, at, f"pièce inconnue {value!r}", f"unknown room {value!r}")
        elif name == "object":
            _expect(_member(value, known), source, at, f"objet inconnu {value!r}", f"unknown object {value!r}")
            if kind in ("on", "not_on"):
                _expect(known[value].standable, source, at, "on ne se tient pas sur ce décor",
                        "nobody can stand on this decor")
        else:
            _expect(_member(value, GENDERS), source, at, "« m » ou « f » attendu", "'m' or 'f' expected")
        fields[name] = value
    extra = sorted(set(item) - {"person", "kind", *CLUE_FIELDS[kind]})
    _expect(not extra, source, where, f"champ inattendu : {', '.join(extra)}", f"unexpected field: {', '.join(extra)}")
    return Clue(person, kind, **fields)


def _check_rooms_in_one_piece(case: Case, source: str) -> None:
    """Walls divide the board into rooms: the cells of one room are joined side by side."""
    for room in case.rooms:
        cells = [cell for cell in case.cells() if case.room_of(cell) == room.id]
        seen, todo = {cells[0]}, [cells[0]]
        while todo:
            for other in case.neighbours(todo.pop()):
                if other not in seen and case.room_of(other) == room.id:
                    seen.add(other)
                    todo.append(other)
        _expect(len(seen) == len(cells), source, "grid",
                f"la pièce {room.id} est coupée en morceaux séparés par des murs",
                f"room {room.id} is split into parts that walls separate")


def _check_floors(case: Case, source: str) -> None:
    for pair in sorted(sorted(p) for p in case.neighbouring_rooms()):
        a, b = (case.room_by_id[room] for room in pair)
        _expect(a.floor != b.floor, source, "rooms",
                f"les pièces voisines {a.id} et {b.id} ont le même sol ({a.floor})",
                f"neighbouring rooms {a.id} and {b.id} share a floor ({a.floor})")


def _with_solution(case: Case, value: Any, source: str) -> Case:
    _expect(isinstance(value, dict) and set(value) == set(case.person_by_id), source, "solution",
            "une case pour chaque personne est attendue", "one cell for each person is expected")
    solution = {pid: _cell(value[pid], case.size, source, f"solution.{pid}") for pid in case.person_by_id}
    broken = violations(case, solution)
    _expect(not broken, source, "solution", f"ne respecte pas les règles : {broken[0].message.fr if broken else ''}",
            f"breaks the rules: {broken[0].message.en if broken else ''}")
    return case.rebuilt(solution=solution)


def case_to_json(case: Case, with_solution: bool = True) -> dict[str, Any]:
    """The case as JSON in the current format (the solution only if known and asked for)."""
    data: dict[str, Any] = {"format": CASE_FORMAT, "version": CASE_VERSION}
    if case.title is not None:
        data["title"] = case.title.to_json()
    data.update({
        "size": case.size,
        "grid": [list(row) for row in case.grid],
        "rooms": [{"id": r.id, "name": r.name.to_json(), "preposition": r.preposition, "floor": r.floor} for r in case.rooms],
        "objects": [{"cell": list(cell), "kind": kind} for cell, kind in sorted(case.objects.items())],
        **({"object_kinds": [
            {"id": kind.key, "name": {"fr": kind.name_fr, "en": kind.english}, "feminine": kind.feminine,
             "standable": kind.standable, "icon": kind.icon} for kind in case.kinds.values()]} if case.kinds else {}),
        "people": [{"id": p.id, "name": p.name, "gender": p.gender, "victim": p.victim} for p in case.people],
        "clues": [clue.to_json() for clue in case.clues],
    })
    if with_solution and case.solution is not None:
        data["solution"] = {pid: list(case.solution[pid]) for pid in case.person_by_id}
    return data


def load_case(path: str | Path) -> Case:
    """Read a case file. A missing or bad file raises an error naming the file (and the field); so does JSON
    nested too deeply for the parser (Python's reader recurses: a file of 100 000 « [ » would otherwise end
    in a RecursionError)."""
    try:
        data = read_json(path)
    except RecursionError:
        depth = CASE_LIMITS.max_depth
        raise FormatError(str(path), "", Msg(f"JSON imbriqué bien plus profondément que la limite d'une enquête ({depth} niveaux)",
                                             f"JSON nested far deeper than a case's limit ({depth} levels)")) from None
    return case_from_json(data, str(path))


def save_case(case: Case, path: str | Path, with_solution: bool = True) -> None:
    """Write a case file (UTF-8, indented)."""
    Path(path).write_text(json.dumps(case_to_json(case, with_solution), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


def with_solution(case: Case, solution: Mapping[str, Cell]) -> Case:
    """The same case carrying ``solution``."""
    return case.rebuilt(solution=dict(solution))
