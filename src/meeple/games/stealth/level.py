"""Stealth levels: the versioned JSON format, its checks, and the compiled :class:`Level` the rules use.

A level file (``format: "meeple-stealth-level"``, ``version: 1``) looks like::

    {
      "format": "meeple-stealth-level", "version": 1,
      "id": "1-1", "title": {"fr": "...", "en": "..."}, "hint": {"fr": "...", "en": "..."},
      "teaches": "sentry", "tutorial": true, "par": 4,
      "stars": ["finish", "par", "ghost", "sweep"],
      "stones": 0, "stone_range": 2, "noise_radius": 2,
      "nodes": [{"id": "a", "x": 0, "y": 0, "hide": false, "key": "red"}, ...],
      "edges": [["a", "b"], {"a": "b", "b": "c", "oneway": true}, {"a": "c", "b": "d", "door": "red"}],
      "start": "a", "exit": "d", "caravan": ["z"],
      "enemies": [
        {"id": "s1", "kind": "sentry", "node": "c", "facing": "d"},
        {"id": "p1", "kind": "pivot", "node": "c", "cycle": ["b", "d"]},
        {"id": "r1", "kind": "patrol", "route": ["c", "d", "e"], "loop": false},
        {"id": "t1", "kind": "tracker", "node": "c", "facing": "b", "radius": 2}
      ]
    }

Every problem raises :class:`~meeple.core.errors.FormatError` naming the source, the field
(``enemies[2].route[1]``) and the reason. See docs/rules/stealth.md for the meaning of each field.

A level may come from the network (a room's ``level_data``), so its size is bounded (:data:`LEVEL_LIMITS`,
checked first, before any other work, and :data:`MAX_DEGREE`, :data:`MAX_RANGE`, :data:`MAX_STONES`): at
the limits a level still builds in milliseconds and its view, which the server draws after every move,
in a few tens of milliseconds (the shipped levels' in under ten). The shipped levels use about a third of
them (22 nodes, 30 edges, 4 enemies, 4 edges at a node, ranges of 3, one stone).
"""

from __future__ import annotations

import itertools
from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from meeple.core.boards import Graph
from meeple.core.errors import FormatError
from meeple.core.i18n import Msg
from meeple.core.limits import ContentLimits

LEVEL_FORMAT = "meeple-stealth-level"
LEVEL_VERSION = 1
ENEMY_KINDS = ("sentry", "pivot", "patrol", "tracker")
STAR_NAMES = ("finish", "par", "ghost", "sweep")
LEVEL_FIELDS = ("format", "version", "id", "title", "hint", "teaches", "tutorial", "par", "stars", "stones",
                "stone_range", "noise_radius", "nodes", "edges", "start", "exit", "caravan", "enemies", "waivers")
ENEMY_FIELDS = {"sentry": ("node", "facing"), "pivot": ("node", "cycle"), "patrol": ("route", "loop"),
                "tracker": ("node", "facing", "radius")}
"""finish: reach the exit; par: in at most ``par`` moves; ghost: neutralise nobody; sweep: neutralise all."""
MECHANIC_CODES = ("sentry", "pivot", "pivot-turn", "patrol", "patrol-walk", "tracker", "tracker-alert", "stone",
                  "diverted-front", "hide", "door", "oneway", "caravan")
"""The mechanics a level can teach (``teaches``); :mod:`.analysis` says what taking each one away means."""
DESIGN_THRESHOLDS = ("greedy", "random", "solutions")
"""The design thresholds a level may waive (``waivers``, each with its reason); :mod:`.validator` checks them."""

NO_NODE = -1

LEVEL_LIMITS = ContentLimits(
    max_bytes=32_768, max_depth=6, max_text=500, max_items=300,
    counts={"nodes": 64, "edges": 160, "enemies": 12, "caravan": 6},
    words={"nodes": Msg("nœuds", "nodes"), "edges": Msg("arêtes", "edges"), "enemies": Msg("ennemis", "enemies"),
           "caravan": Msg("membres de la file", "caravan members")},
)
"""The size limits of a level document (JSON bytes, nesting, any text, any list, and these lists)."""
MAX_DEGREE = 6
"""The most edges that meet at one node (each is a move, and the view previews every move)."""
MAX_RANGE = 4
"""The largest ``stone_range``, ``noise_radius`` and tracker ``radius``."""
MAX_STONES = 5


@dataclass(frozen=True)
class EnemySpec:
    """An enemy as the level places it (indices are node indices of the level)."""

    id: str
    kind: str
    node: int
    facing: int
    cycle: tuple[int, ...] = ()
    route: tuple[int, ...] = ()
    loop: bool = False
    radius: int = 2


@dataclass
class Level:
    """A checked level, with nodes as indices (``node_ids[i]`` is the name of node ``i``)."""

    id: str
    title: Msg
    hint: Msg
    teaches: tuple[str, ...]
    """The mechanics the level claims to teach (codes of ``MECHANIC_CODES``); the validator checks each is needed."""
    tutorial: bool
    par: int | None
    stars: tuple[str, ...]
    node_ids: tuple[str, ...]
    index: dict[str, int]
    graph: Graph[int]
    hide: frozenset[int]
    keys_at: dict[int, int]
    key_names: tuple[str, ...]
    doors: dict[tuple[int, int], int]
    start: int
    exit: int
    caravan: tuple[int, ...]
    enemies: tuple[EnemySpec, ...]
    stones: int
    stone_range: int
    noise_radius: int
    source: str = "level"
    waivers: dict[str, Msg] = field(default_factory=dict)
    """Design thresholds this level is exempt from, each with the reason the designer gives (R26)."""
    diverted_any_side: bool = True
    """The seed's rule that a diverted enemy is neutralised from any direction, its front included (R7).
    Only the mechanic analysis switches it off, to measure whether a level needs it."""
    data: dict[str, Any] = field(default_factory=dict)
    _paths: dict[int, tuple[list[list[int]], list[list[int]]]] = field(
        default_factory=dict, init=False, repr=False, compare=False)
    _throw_targets: dict[int, tuple[int, ...]] = field(default_factory=dict, init=False, repr=False, compare=False)
    _walks: tuple[tuple[tuple[int, int], ...], ...] = field(default=(), init=False, repr=False, compare=False)
    _trackers: tuple[tuple[EnemySpec, ...], tuple[int, ...]] = field(
        default=((), ()), init=False, repr=False, compare=False)
    foe_moves: dict[tuple[Any, ...], Any] = field(default_factory=dict, init=False, repr=False, compare=False)
    """Memo of the rules' enemy phases (a pure function of the enemies, the keys and, when a tracker is alert,
    the leader's node: see ``rules._enemy_phase``).

    Not copied by ``dataclasses.replace`` (``init=False``): a level with other enemies starts afresh."""

    # --- geometry --------------------------------------------------------------------------------
    def neighbours(self, node: int) -> list[int]:
        """Nodes joined to ``node`` by an edge in either direction (the directions an enemy can face)."""
        out = self.graph.successors(node)
        return out + [other for other in self.graph.predecessors(node) if other not in out]

    @property
    def trackers(self) -> tuple[int, ...]:
        """Indices of the tracker enemies (recomputed if ``enemies`` was replaced)."""
        enemies, indices = self._trackers
        if enemies is not self.enemies:
            indices = tuple(i for i, spec in enumerate(self.enemies) if spec.kind == "tracker")
            self._trackers = (self.enemies, indices)
        return indices

    def walks_from(self, node: int) -> tuple[tuple[int, int], ...]:
        """The edges the leader may walk from ``node``: ``(other, door)`` where ``door`` is the bit of the key
        that opens it (0: no door), in the order of :meth:`Graph.successors`."""
        if not self._walks:
            self._walks = tuple(
                tuple((other, 0 if (here, other) not in self.doors else 1 << self.doors[(here, other)])
                      for other in self.graph.successors(here))
                for here in range(len(self.node_ids)))
        return self._walks[node]

    def passable(self, a: int, b: int, keys: int) -> bool:
        """Whether the edge a→b exists and, if it is a door, its key has been taken."""
        if not self.graph.has_edge(a, b):
            return False
        door = self.doors.get((a, b))
        return door is None or bool(keys & (1 << door))

    def enemy_paths(self, keys: int) -> tuple[list[list[int]], list[list[int]]]:
        """(distance, next hop) tables for enemies with the keys ``keys`` taken (-1: no path).

        Enemies never enter hide nodes and follow one-way edges and open doors like the leader.
        Ties between shortest paths go to the edge listed first in the level.
        """
        tables = self._paths.get(keys)
        if tables is None:
            tables = self._compute_paths(keys)
            self._paths[keys] = tables
        return tables

    def _compute_paths(self, keys: int) -> tuple[list[list[int]], list[list[int]]]:
        size = len(self.node_ids)
        distance = [[NO_NODE] * size for _ in range(size)]
        hop = [[NO_NODE] * size for _ in range(size)]
        for source in range(size):
            if source in self.hide:
                continue
            distance[source][source] = 0
            queue = deque([source])
            while queue:
                node = queue.popleft()
                for other in self.graph.successors(node):
                    if other in self.hide or distance[source][other] != NO_NODE:
                        continue
                    if not self.passable(node, other, keys):
                        continue
                    distance[source][other] = distance[source][node] + 1
                    hop[source][other] = other if node == source else hop[source][node]
                    queue.append(other)
        return distance, hop

    def throw_targets(self, node: int) -> tuple[int, ...]:
        """Nodes a stone thrown from ``node`` can land on: 1 to ``stone_range`` edges away, never hide."""
        targets = self._throw_targets.get(node)
        if targets is None:
            reach = {node: 0}
            queue = deque([node])
            while queue:
                here = queue.popleft()
                if reach[here] == self.stone_range:
                    continue
                for other in self.neighbours(here):
                    if other not in reach:
                        reach[other] = reach[here] + 1
                        queue.append(other)
            targets = tuple(n for n in range(len(self.node_ids)) if reach.get(n, 0) > 0 and n not in self.hide)
            self._throw_targets[node] = targets
        return targets

    def name(self, node: int) -> str:
        """The name of node ``node`` in the level file."""
        return self.node_ids[node]


# --- parsing ---------------------------------------------------------------------------------------

TYPE_WORDS: dict[type, Msg] = {str: Msg("un texte", "a string"), int: Msg("un entier", "an integer"),
                               float: Msg("un nombre", "a number"), bool: Msg("vrai ou faux", "true or false"),
                               list: Msg("une liste", "a list"), dict: Msg("un objet", "an object")}
"""The JSON types a level field can hold, as a reader names them."""


def _error(source: str, where: str, fr: str, en: str) -> FormatError:
    return FormatError(source, where, Msg(fr, en))


class _Reader:
    """Reads one level document, raising FormatError with the field's path on the first problem."""

    def __init__(self, data: Any, source: str) -> None:
        self.source = source
        if not isinstance(data, Mapping):
            raise _error(source, "", "un objet JSON est attendu", "a JSON object is expected")
        self.data = data
        self.index: dict[str, int] = {}
        self.placed: dict[tuple[float, float], str] = {}
        self.hide: set[int] = set()

    def fail(self, where: str, fr: str, en: str) -> FormatError:
        return _error(self.source, where, fr, en)

    def get(self, mapping: Mapping[str, Any], key: str, where: str, kind: type | tuple[type, ...], default: Any = ...) -> Any:
        if key not in mapping:
            if default is ...:
                raise self.fail(f"{where}{key}", "champ obligatoire absent", "required field missing")
            return default
        value = mapping[key]
        bad_bool = isinstance(value, bool) and kind in (int, (int, float))
        if not isinstance(value, kind) or bad_bool:
            types = (kind,) if isinstance(kind, type) else kind
            kinds = [TYPE_WORDS[k] for k in types if not (k is int and float in types)]  # a number covers both
            raise self.fail(f"{where}{key}", f"type attendu : {' ou '.join(k.fr for k in kinds)}",
                            f"{' or '.join(k.en for k in kinds)} expected")
        return value

    def known(self, mapping: Mapping[str, Any], allowed: Sequence[str], where: str) -> None:
        """Refuse a field the format does not have (a misspelt ``loop`` would silently change the level)."""
        for key in mapping:
            if key not in allowed:
                raise self.fail(f"{where}{key}", f"champ inconnu (connus : {', '.join(allowed)})",
                                f"unknown field (known: {', '.join(allowed)})")

    def node(self, value: Any, where: str) -> int:
        if not isinstance(value, str):
            raise self.fail(where, "un nom de nœud est attendu", "a node name is expected")
        if value not in self.index:
            raise self.fail(where, f"nœud inconnu « {value} »", f"unknown node '{value}'")
        return self.index[value]

    def msg(self, key: str) -> Msg:
        value = self.get(self.data, key, "", (dict, str), default="")
        if isinstance(value, str):
            return Msg(value, value)
        fr, en = value.get("fr"), value.get("en")
        if not isinstance(fr, str) or not isinstance(en, str):
            raise self.fail(key, "« fr » et « en » sont attendus", "'fr' and 'en' are expected")
        return Msg(fr, en)

    def count(self, key: str, default: int, minimum: int, maximum: int) -> int:
        value: int = self.get(self.data, key, "", int, default=default)
        if not minimum <= value <= maximum:
            raise self.fail(key, f"un entier de {minimum} à {maximum} est attendu",
                            f"an integer from {minimum} to {maximum} is expected")
        return value


def parse_level(data: Any, source: str = "level") -> Level:
    """Check a level document and compile it. Any problem raises FormatError (source, field, reason)."""
    LEVEL_LIMITS.check(data, source)
    reader = _Reader(data, source)
    if data.get("format") != LEVEL_FORMAT:
        raise reader.fail("format", f"« {LEVEL_FORMAT} » attendu", f"'{LEVEL_FORMAT}' expected")
    if data.get("version") != LEVEL_VERSION:
        raise reader.fail("version", f"version inconnue (seule {LEVEL_VERSION} est lue)",
                          f"unknown version (only {LEVEL_VERSION} is read)")
    level_id = reader.get(data, "id", "", str)
    graph, keys_at, key_names = _read_nodes(reader)
    doors = _read_edges(reader, graph, key_names)
    start = reader.node(reader.get(data, "start", "", str), "start")
    exit_node = reader.node(reader.get(data, "exit", "", str), "exit")
    if start == exit_node:
        raise reader.fail("exit", "la sortie doit différer du départ", "the exit must differ from the start")
    caravan = _read_caravan(reader, graph, start)
    level = Level(
        id=level_id, title=reader.msg("title"), hint=reader.msg("hint"),
        teaches=_read_teaches(reader),
        tutorial=reader.get(data, "tutorial", "", bool, default=False),
        par=_read_par(reader), stars=_read_stars(reader),
        node_ids=tuple(reader.index), index=dict(reader.index), graph=graph, hide=frozenset(reader.hide),
        keys_at=keys_at, key_names=key_names, doors=doors, start=start, exit=exit_node, caravan=caravan,
        enemies=(), stones=reader.count("stones", 0, 0, MAX_STONES), stone_range=reader.count("stone_range", 2, 1, MAX_RANGE),
        noise_radius=reader.count("noise_radius", 2, 1, MAX_RANGE), source=source, waivers=_read_waivers(reader),
        data=dict(data),
    )
    level.enemies = _read_enemies(reader, level)
    occupied = {spec.node: index for index, spec in enumerate(level.enemies)}
    for field_name, node in [("start", start), *((f"caravan[{i}]", n) for i, n in enumerate(caravan))]:
        if node in occupied:
            raise reader.fail(field_name, f"l'ennemi enemies[{occupied[node]}] s'y tient",
                              f"enemy enemies[{occupied[node]}] stands there")
    reader.known(data, LEVEL_FIELDS, "")
    return level


def _read_nodes(reader: _Reader) -> tuple[Graph[int], dict[int, int], tuple[str, ...]]:
    nodes = reader.get(reader.data, "nodes", "", list)
    if len(nodes) < 2:
        raise reader.fail("nodes", "au moins deux nœuds sont attendus", "at least two nodes are expected")
    graph: Graph[int] = Graph()
    keys_at: dict[int, int] = {}
    key_names: list[str] = []
    for i, node in enumerate(nodes):
        where = f"nodes[{i}]."
        if not isinstance(node, Mapping):
            raise reader.fail(f"nodes[{i}]", "un objet est attendu", "an object is expected")
        name = reader.get(node, "id", where, str)
        if not name or name in reader.index:
            raise reader.fail(f"{where}id", f"identifiant vide ou en double « {name} »", f"empty or duplicate id '{name}'")
        if name.startswith("throw") or " " in name:
            raise reader.fail(f"{where}id", "un nom ne commence pas par « throw » ni ne contient d'espace",
                              "a name may not start with 'throw' nor contain a space")
        x = float(reader.get(node, "x", where, (int, float)))
        y = float(reader.get(node, "y", where, (int, float)))
        if (x, y) in reader.placed:
            other = reader.placed[(x, y)]
            raise reader.fail(f"{where}y", f"même position que « {other} » (les deux seraient dessinés l'un sur l'autre)",
                              f"same position as '{other}' (the two would be drawn on top of each other)")
        reader.placed[(x, y)] = name
        reader.index[name] = i
        graph.add_node(i, (x, y))
        if reader.get(node, "hide", where, bool, default=False):
            reader.hide.add(i)
        key = reader.get(node, "key", where, str, default=None)
        if key is not None:
            if key in key_names:
                raise reader.fail(f"{where}key", f"clé « {key} » déjà posée ailleurs", f"key '{key}' already placed elsewhere")
            keys_at[i] = len(key_names)
            key_names.append(key)
        reader.known(node, ("id", "x", "y", "hide", "key"), where)
    return graph, keys_at, tuple(key_names)


def _read_edges(reader: _Reader, graph: Graph[int], key_names: Sequence[str]) -> dict[tuple[int, int], int]:
    edges = reader.get(reader.data, "edges", "", list)
    doors: dict[tuple[int, int], int] = {}
    seen: set[frozenset[int]] = set()
    degree: dict[int, int] = {}
    for i, edge in enumerate(edges):
        where = f"edges[{i}]"
        if isinstance(edge, list) and len(edge) == 2:
            edge = {"a": edge[0], "b": edge[1]}
        if not isinstance(edge, Mapping):
            raise reader.fail(where, "[a, b] ou un objet {a, b} est attendu", "[a, b] or an object {a, b} is expected")
        a = reader.node(edge.get("a"), f"{where}.a")
        b = reader.node(edge.get("b"), f"{where}.b")
        if a == b:
            raise reader.fail(f"{where}.b", "une arête ne relie pas un nœud à lui-même", "an edge cannot join a node to itself")
        if frozenset((a, b)) in seen:
            raise reader.fail(where, "arête en double", "duplicate edge")
        seen.add(frozenset((a, b)))
        for end in (a, b):
            degree[end] = degree.get(end, 0) + 1
            if degree[end] > MAX_DEGREE:
                raise reader.fail(where, f"plus de {MAX_DEGREE} arêtes au nœud « {reader.data['nodes'][end]['id']} » (limite)",
                                  f"more than {MAX_DEGREE} edges at node '{reader.data['nodes'][end]['id']}' (the limit)")
        oneway = reader.get(edge, "oneway", f"{where}.", bool, default=False)
        graph.add_edge(a, b, directed=oneway)
        door = reader.get(edge, "door", f"{where}.", str, default=None)
        if door is not None:
            if door not in key_names:
                raise reader.fail(f"{where}.door", f"aucun nœud ne porte la clé « {door} »", f"no node holds the key '{door}'")
            doors[(a, b)] = key_names.index(door)
            if not oneway:
                doors[(b, a)] = key_names.index(door)
        reader.known(edge, ("a", "b", "oneway", "door"), f"{where}.")
    return doors


def _read_caravan(reader: _Reader, graph: Graph[int], start: int) -> tuple[int, ...]:
    members = reader.get(reader.data, "caravan", "", list, default=[])
    trail: list[int] = []
    ahead = start
    for i, name in enumerate(members):
        node = reader.node(name, f"caravan[{i}]")
        if node == start or node in trail:
            raise reader.fail(f"caravan[{i}]", "deux membres ne partagent pas un nœud", "two members cannot share a node")
        if not graph.has_edge(node, ahead):
            raise reader.fail(f"caravan[{i}]", "la file doit suivre une arête vers le membre de devant",
                              "the trail must follow an edge to the member ahead")
        trail.append(node)
        ahead = node
    return tuple(trail)


def _read_teaches(reader: _Reader) -> tuple[str, ...]:
    """One mechanic code or a list of them (an empty text: none)."""
    value = reader.get(reader.data, "teaches", "", (list, str), default=[])
    codes = ([value] if value else []) if isinstance(value, str) else value
    for i, code in enumerate(codes):
        where = "teaches" if isinstance(value, str) else f"teaches[{i}]"
        if code not in MECHANIC_CODES:
            raise reader.fail(where, f"mécanique inconnue (connues : {', '.join(MECHANIC_CODES)})",
                              f"unknown mechanic (known: {', '.join(MECHANIC_CODES)})")
        if code in codes[:i]:
            raise reader.fail(where, f"mécanique « {code} » en double", f"mechanic '{code}' listed twice")
    return tuple(codes)


def _read_waivers(reader: _Reader) -> dict[str, Msg]:
    """``{threshold code: {fr, en}}``: a waiver always says why, in both languages."""
    value = reader.get(reader.data, "waivers", "", dict, default={})
    waivers: dict[str, Msg] = {}
    for code, reason in value.items():
        where = f"waivers.{code}"
        if code not in DESIGN_THRESHOLDS:
            raise reader.fail(where, f"seuil inconnu (connus : {', '.join(DESIGN_THRESHOLDS)})",
                              f"unknown threshold (known: {', '.join(DESIGN_THRESHOLDS)})")
        if not isinstance(reason, Mapping) or set(reason) != {"fr", "en"} or not all(
                isinstance(text, str) and text.strip() for text in reason.values()):
            raise reader.fail(where, "une raison est attendue : {\"fr\": …, \"en\": …}, non vides",
                              "a reason is expected: {\"fr\": …, \"en\": …}, not empty")
        waivers[code] = Msg(reason["fr"], reason["en"])
    return waivers


def _read_par(reader: _Reader) -> int | None:
    par: int | None = reader.get(reader.data, "par", "", int, default=None)
    if par is not None and not 1 <= par <= 9999:
        raise reader.fail("par", "un entier de 1 à 9999 est attendu", "an integer from 1 to 9999 is expected")
    return par


def _read_stars(reader: _Reader) -> tuple[str, ...]:
    stars = reader.get(reader.data, "stars", "", list, default=["finish"])
    for i, star in enumerate(stars):
        if star not in STAR_NAMES:
            raise reader.fail(f"stars[{i}]", f"étoile inconnue (connues : {', '.join(STAR_NAMES)})",
                              f"unknown star (known: {', '.join(STAR_NAMES)})")
        if star in stars[:i]:
            raise reader.fail(f"stars[{i}]", f"étoile « {star} » en double", f"star '{star}' declared twice")
    if "finish" not in stars:
        raise reader.fail("stars", "l'étoile « finish » est toujours déclarée", "the 'finish' star is always declared")
    if "par" in stars and reader.data.get("par") is None:
        raise reader.fail("par", "l'étoile « par » demande un par", "the 'par' star needs a par")
    return tuple(stars)


def _read_enemies(reader: _Reader, level: Level) -> tuple[EnemySpec, ...]:
    enemies = reader.get(reader.data, "enemies", "", list, default=[])
    specs: list[EnemySpec] = []
    ids: set[str] = set()
    for i, enemy in enumerate(enemies):
        where = f"enemies[{i}]."
        if not isinstance(enemy, Mapping):
            raise reader.fail(f"enemies[{i}]", "un objet est attendu", "an object is expected")
        enemy_id = reader.get(enemy, "id", where, str)
        if enemy_id in ids:
            raise reader.fail(f"{where}id", f"identifiant en double « {enemy_id} »", f"duplicate id '{enemy_id}'")
        ids.add(enemy_id)
        kind = reader.get(enemy, "kind", where, str)
        if kind not in ENEMY_KINDS:
            raise reader.fail(f"{where}kind", f"genre inconnu (connus : {', '.join(ENEMY_KINDS)})",
                              f"unknown kind (known: {', '.join(ENEMY_KINDS)})")
        spec = _ROUTE_READERS[kind](reader, level, enemy, where, enemy_id)
        reader.known(enemy, ("id", "kind", *ENEMY_FIELDS[kind]), where)
        if spec.node in level.hide:
            raise reader.fail(f"{where}{'route' if kind == 'patrol' else 'node'}",
                              "un ennemi ne se tient jamais sur une cachette", "an enemy never stands on a hide node")
        specs.append(spec)
    return tuple(specs)


def _facing(reader: _Reader, level: Level, node: int, value: Any, where: str) -> int:
    facing = reader.node(value, where)
    if facing not in level.neighbours(node):
        raise reader.fail(where, f"« {value} » n'est pas voisin de « {level.name(node)} »",
                          f"'{value}' is not a neighbour of '{level.name(node)}'")
    return facing


def _read_sentry(reader: _Reader, level: Level, enemy: Mapping[str, Any], where: str, enemy_id: str) -> EnemySpec:
    node = reader.node(enemy.get("node"), f"{where}node")
    facing = _facing(reader, level, node, enemy.get("facing"), f"{where}facing")
    return EnemySpec(enemy_id, "sentry", node, facing)


def _read_tracker(reader: _Reader, level: Level, enemy: Mapping[str, Any], where: str, enemy_id: str) -> EnemySpec:
    node = reader.node(enemy.get("node"), f"{where}node")
    facing = _facing(reader, level, node, enemy.get("facing"), f"{where}facing")
    radius = reader.get(enemy, "radius", where, int, default=2)
    if not 1 <= radius <= MAX_RANGE:
        raise reader.fail(f"{where}radius", f"un entier de 1 à {MAX_RANGE} est attendu",
                          f"an integer from 1 to {MAX_RANGE} is expected")
    return EnemySpec(enemy_id, "tracker", node, facing, radius=radius)


def _read_pivot(reader: _Reader, level: Level, enemy: Mapping[str, Any], where: str, enemy_id: str) -> EnemySpec:
    node = reader.node(enemy.get("node"), f"{where}node")
    cycle = reader.get(enemy, "cycle", where, list)
    if len(cycle) < 2:
        raise reader.fail(f"{where}cycle", "au moins deux orientations sont attendues", "at least two orientations are expected")
    facings = tuple(_facing(reader, level, node, value, f"{where}cycle[{j}]") for j, value in enumerate(cycle))
    return EnemySpec(enemy_id, "pivot", node, facings[0], cycle=facings)


def _read_patrol(reader: _Reader, level: Level, enemy: Mapping[str, Any], where: str, enemy_id: str) -> EnemySpec:
    names = reader.get(enemy, "route", where, list)
    if len(names) < 2:
        raise reader.fail(f"{where}route", "au moins deux nœuds sont attendus", "at least two nodes are expected")
    route = tuple(reader.node(value, f"{where}route[{j}]") for j, value in enumerate(names))
    loop = reader.get(enemy, "loop", where, bool, default=False)
    if len(set(route)) != len(route):
        raise reader.fail(f"{where}route", "un parcours ne repasse pas par un nœud", "a route does not visit a node twice")
    steps = list(itertools.pairwise(route))
    if loop:
        steps.append((route[-1], route[0]))
    else:
        steps += [(b, a) for a, b in steps]
    for j, node in enumerate(route):
        if node in level.hide:
            raise reader.fail(f"{where}route[{j}]", "un ennemi ne se tient jamais sur une cachette",
                              "an enemy never stands on a hide node")
    for a, b in steps:
        if not level.graph.has_edge(a, b) or (a, b) in level.doors:
            j = route.index(b)
            raise reader.fail(f"{where}route[{j}]",
                              f"le parcours n'est pas un chemin : pas d'arête libre {level.name(a)}→{level.name(b)}",
                              f"the route is not a path: no open edge {level.name(a)}→{level.name(b)}")
    return EnemySpec(enemy_id, "patrol", route[0], route[1], route=route, loop=loop)


_ROUTE_READERS = {"sentry": _read_sentry, "pivot": _read_pivot, "patrol": _read_patrol, "tracker": _read_tracker}
