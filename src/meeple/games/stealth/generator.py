"""A level generator graded by the solver: random drawn graphs, kept only when the validator and the analysis agree.

:func:`generate` draws a level on a grid (nodes on grid points, edges between grid neighbours, so the
drawing never has two edges crossing), places the start and the exit far apart, then the caravan, the
enemies and their routes, hide nodes, a key and its door, one-way edges and the stone, as the requested
mechanics ask. A candidate is kept only when

* the validator accepts it (solvable, at most four neutralisable enemies, every declared star earnable,
  par = shortest solution), with ``teaches`` = the requested mechanics, so that
* every requested mechanic is *needed* (docs/rules/stealth.md, R23), and
* its :func:`difficulty` — a function of the solver's figures alone — is the one asked for.

Everything random comes from one :class:`random.Random` seeded by the seed, the mechanics and the
difficulty: the same call gives the same levels.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from meeple.core.errors import BudgetExceededError, MeepleError
from meeple.core.i18n import Msg
from meeple.games.stealth.analysis import (
    BY_CODE,
    Figures,
    difficulty,
    figures,
    mechanic_needed,
)
from meeple.games.stealth.level import (
    LEVEL_FIELDS,
    LEVEL_FORMAT,
    LEVEL_VERSION,
    MECHANIC_CODES,
    Level,
    parse_level,
)
from meeple.games.stealth.measures import measure
from meeple.games.stealth.refine import REFINE_BUDGET, refine
from meeple.games.stealth.solver import solve, state_graph
from meeple.games.stealth.validator import DESIGN_FROM, MAX_NEUTRALISABLE, threshold_broken, validate

DIFFICULTIES = (1, 2, 3, 4, 5)
GENERATOR_BUDGET = 60_000
"""States a candidate may have; a larger one is thrown away (it would be slow to validate and to play)."""
DEFAULT_ATTEMPTS = 4_000
"""Candidates tried per level asked for before the generator gives up."""
MAX_COUNT = 50
"""Levels one call may ask for."""
MAX_ATTEMPTS = 100_000
"""Candidates per level one call may allow (a bound on the time a call can take)."""
ENEMY_MECHANICS = {"sentry": "sentry", "pivot": "pivot", "pivot-turn": "pivot", "patrol": "patrol",
                   "patrol-walk": "patrol", "tracker": "tracker", "tracker-alert": "tracker"}
"""The enemy kind each enemy mechanic needs on the board."""


@dataclass(frozen=True)
class Shape:
    """How big a candidate of one difficulty is drawn."""

    nodes: tuple[int, int]
    extra_edges: tuple[int, int]
    extra_enemies: tuple[int, int]
    max_mechanics: int
    grid: tuple[int, int]


SHAPES = {
    1: Shape((5, 7), (0, 1), (0, 0), 2, (4, 3)),
    2: Shape((7, 9), (1, 2), (0, 1), 3, (5, 3)),
    3: Shape((10, 13), (1, 3), (1, 1), 4, (5, 4)),
    4: Shape((13, 16), (2, 4), (1, 2), 5, (6, 4)),
    5: Shape((16, 20), (3, 5), (2, 3), 6, (7, 5)),
}
"""Difficulty → node count, extra edges (loops) beyond a spanning tree, enemies beyond the requested kinds,
the most mechanics one level may be asked to need, and the grid the nodes are drawn on."""

PATH_BIAS = 0.6
"""How often an enemy or a door is put on a shortest way from the start to the exit (and a sentry there faces
the way the player comes, a key lies off that way): an obstacle on the obvious way asks for a plan, which is
what the design thresholds measure (R26)."""

@dataclass
class Request:
    """What the generator is asked for, checked."""

    seed: int
    mechanics: tuple[str, ...]
    difficulty: int
    count: int = 1
    attempts: int = DEFAULT_ATTEMPTS
    conflict: bool = False
    """Keep only levels whose par star excludes a bonus star (ghost or sweep): two runs for all the stars."""
    at_least: bool = False
    """Accept any difficulty from the one asked for up (the daily level), not that one only."""
    max_states: int = GENERATOR_BUDGET
    """Reachable states a candidate may have (the daily level asks for small ones: quick to make and to play)."""


class RequestError(MeepleError):
    """A generator option out of range or an impossible combination: names the option and the reason."""

    def __init__(self, option: str, reason: Msg) -> None:
        self.option = option
        self.reason = reason
        super().__init__(Msg(f"{option} : {reason.fr}", f"{option}: {reason.en}"))


def check_request(seed: int, mechanics: Sequence[str], level: int, count: int = 1,
                  attempts: int = DEFAULT_ATTEMPTS, conflict: bool = False, at_least: bool = False,
                  max_states: int = GENERATOR_BUDGET) -> Request:
    """A :class:`Request`, or a :class:`RequestError` saying in one line which option is wrong and why."""
    unknown = [code for code in mechanics if code not in MECHANIC_CODES]
    if unknown:
        raise RequestError("--mechanics", Msg(f"mécanique inconnue « {unknown[0]} » (connues : {', '.join(MECHANIC_CODES)})",
                                              f"unknown mechanic '{unknown[0]}' (known: {', '.join(MECHANIC_CODES)})"))
    if not mechanics:
        raise RequestError("--mechanics", Msg("au moins une mécanique", "at least one mechanic"))
    if len(set(mechanics)) != len(mechanics):
        raise RequestError("--mechanics", Msg("une mécanique en double", "a mechanic listed twice"))
    if level not in DIFFICULTIES:
        raise RequestError("--difficulty", Msg(f"de 1 à 5 (pas {level})", f"1 to 5 (not {level})"))
    if "diverted-front" in mechanics and level < 2:
        raise RequestError("--difficulty", Msg(
            "diverted-front demande au moins la difficulté 2 (il faut deux ennemis et une pierre)",
            "diverted-front needs difficulty 2 at least (it takes two enemies and a stone)"))
    allowed = SHAPES[level].max_mechanics
    if len(mechanics) > allowed:
        raise RequestError("--mechanics", Msg(f"{len(mechanics)} mécaniques, la difficulté {level} en permet au plus {allowed}",
                                              f"{len(mechanics)} mechanics, difficulty {level} allows at most {allowed}"))
    kinds = {ENEMY_MECHANICS[code] for code in mechanics if code in ENEMY_MECHANICS}
    if len(kinds) + SHAPES[level].extra_enemies[0] > MAX_NEUTRALISABLE:
        raise RequestError("--mechanics", Msg(
            f"{len(kinds)} genres d'ennemis et {SHAPES[level].extra_enemies[0]} de plus à la difficulté {level} : "
            f"plus de {MAX_NEUTRALISABLE} ennemis neutralisables",
            f"{len(kinds)} kinds of enemies and {SHAPES[level].extra_enemies[0]} more at difficulty {level}: "
            f"more than {MAX_NEUTRALISABLE} neutralisable enemies"))
    if not 1 <= count <= MAX_COUNT:
        raise RequestError("--count", Msg(f"de 1 à {MAX_COUNT} (pas {count})", f"1 to {MAX_COUNT} (not {count})"))
    if not 1 <= attempts <= MAX_ATTEMPTS:
        raise RequestError("--attempts", Msg(f"de 1 à {MAX_ATTEMPTS} (pas {attempts})", f"1 to {MAX_ATTEMPTS} (not {attempts})"))
    if not 0 <= seed < 2 ** 63:
        raise RequestError("--seed", Msg(f"de 0 à 2⁶³ − 1 (pas {seed})", f"0 to 2⁶³ − 1 (not {seed})"))
    return Request(seed, tuple(mechanics), level, count, attempts, conflict, at_least, max_states)


# --- drawing a candidate ---------------------------------------------------------------------------------
Cell = tuple[int, int]


def cell_name(cell: Cell) -> str:
    """A grid point as a node name: column letter and row number (``b3``)."""
    return f"{chr(ord('a') + cell[0])}{cell[1] + 1}"


def _grid_graph(rng: random.Random, shape: Shape) -> tuple[list[Cell], list[tuple[Cell, Cell]]]:
    """A connected set of grid points grown at random, with a spanning tree and a few extra edges."""
    width, height = shape.grid
    size = rng.randint(*shape.nodes)
    first = (rng.randrange(width), rng.randrange(height))
    cells, edges = [first], []
    while len(cells) < size:
        here = rng.choice(cells)
        x, y = here
        options = [(x + dx, y + dy) for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
                   if 0 <= x + dx < width and 0 <= y + dy < height and (x + dx, y + dy) not in cells]
        if options:
            other = rng.choice(options)
            cells.append(other)
            edges.append((here, other))
    present = set(cells)
    spare = [(a, b) for a in cells for b in ((a[0] + 1, a[1]), (a[0], a[1] + 1))
             if b in present and (a, b) not in edges and (b, a) not in edges]
    rng.shuffle(spare)
    edges += spare[:rng.randint(*shape.extra_edges)]
    return cells, edges


def segments_cross(p: tuple[float, float], q: tuple[float, float], r: tuple[float, float], s: tuple[float, float]) -> bool:
    """Whether segments pq and rs cross at a point that is not a shared end (the drawing rule)."""
    if len({p, q, r, s}) < 4:
        return False

    def turn(a: tuple[float, float], b: tuple[float, float], c: tuple[float, float]) -> float:
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])

    d1, d2, d3, d4 = turn(r, s, p), turn(r, s, q), turn(p, q, r), turn(p, q, s)
    if d1 * d2 < 0 and d3 * d4 < 0:
        return True

    def on(a: tuple[float, float], b: tuple[float, float], c: tuple[float, float]) -> bool:
        return turn(a, b, c) == 0 and min(a[0], b[0]) <= c[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= c[1] <= max(a[1], b[1])

    return on(r, s, p) or on(r, s, q) or on(p, q, r) or on(p, q, s)


def crossings(level: Level) -> list[tuple[str, str, str, str]]:
    """Pairs of edges whose drawings cross (or pass through a node), as node names."""
    edges = sorted({tuple(sorted((a, b))) for a in range(len(level.node_ids)) for b in level.neighbours(a)})
    points = level.graph.positions
    found = []
    for i, (a, b) in enumerate(edges):
        for c, d in edges[i + 1:]:
            if segments_cross(points[a], points[b], points[c], points[d]):
                found.append((level.name(a), level.name(b), level.name(c), level.name(d)))
    return found


def _distances(start: Cell, edges: list[tuple[Cell, Cell]]) -> dict[Cell, int]:
    seen = {start: 0}
    frontier = [start]
    while frontier:
        following = []
        for here in frontier:
            for a, b in edges:
                for x, y in ((a, b), (b, a)):
                    if x == here and y not in seen:
                        seen[y] = seen[here] + 1
                        following.append(y)
        frontier = following
    return seen


class _Draft:
    """One candidate being built: cells, edges, and what stands where."""

    def __init__(self, rng: random.Random, shape: Shape) -> None:
        self.rng = rng
        self.cells, self.edges = _grid_graph(rng, shape)
        self.start = rng.choice(self.cells)
        far = _distances(self.start, self.edges)
        best = max(far.values())
        self.exit = rng.choice([cell for cell, steps in far.items() if steps == best])
        self.path = self._shortest_path(far)
        self.taken: set[Cell] = {self.start, self.exit}
        self.caravan: list[Cell] = []
        self.enemies: list[dict[str, Any]] = []
        self.route_edges: set[frozenset[Cell]] = set()
        self.hide: set[Cell] = set()
        self.key: Cell | None = None
        self.door: tuple[Cell, Cell] | None = None
        self.oneway: set[tuple[Cell, Cell]] = set()
        self.stone: tuple[int, int, int] = (0, 2, 2)

    def neighbours(self, cell: Cell) -> list[Cell]:
        return [b if a == cell else a for a, b in self.edges if cell in (a, b)]

    def _shortest_path(self, far: dict[Cell, int]) -> list[Cell]:
        """One shortest way from the start to the exit (start first), chosen at random among them: the way a
        player would head for the exit, where an obstacle asks for a plan (an enemy, a door)."""
        path = [self.exit]
        while path[-1] != self.start:
            here = path[-1]
            path.append(self.rng.choice([cell for cell in self.neighbours(here) if far.get(cell) == far[here] - 1]))
        return path[::-1]

    def _on_the_way(self, cells: list[Cell]) -> list[Cell]:
        """``cells`` on the shortest way, most of the time (else all of them): obstacles are placed there."""
        on_path = [cell for cell in cells if cell in self.path]
        return on_path if on_path and self.rng.random() < PATH_BIAS else cells

    def _facing(self, node: Cell, around: list[Cell]) -> Cell:
        """The neighbour a sentry or a tracker faces: on the way, most often the one the player comes from."""
        if node in self.path and self.path.index(node) > 0 and self.rng.random() < PATH_BIAS:
            return self.path[self.path.index(node) - 1]
        return self.rng.choice(around)

    def free(self) -> list[Cell]:
        return [cell for cell in self.cells if cell not in self.taken and cell not in self.hide]

    # each placer returns False when the drawing has no room for it
    def place_caravan(self) -> bool:
        trail, here = [], self.start
        for _ in range(self.rng.randint(1, 2)):
            options = [cell for cell in self.neighbours(here) if cell not in self.taken and cell not in trail]
            if not options:
                break
            here = self.rng.choice(options)
            trail.append(here)
        self.caravan = trail
        self.taken.update(trail)
        return bool(trail)

    def place_enemy(self, kind: str) -> bool:
        """An enemy of ``kind`` on a free node (a few tries: a pivot needs two neighbours, a patrol a path)."""
        return any(self._place_enemy_once(kind) for _ in range(4))

    def _place_enemy_once(self, kind: str) -> bool:
        free = self.free()
        if not free:
            return False
        node = self.rng.choice(self._on_the_way(free))
        around = self.neighbours(node)
        number = len(self.enemies) + 1
        if kind == "patrol":
            return self._place_patrol(node, number)
        if kind == "pivot":
            if len(around) < 2:
                return False
            cycle = self.rng.sample(around, self.rng.randint(2, min(3, len(around))))
            self.enemies.append({"id": f"pivot{number}", "kind": "pivot", "node": cell_name(node),
                                 "cycle": [cell_name(cell) for cell in cycle]})
        else:
            enemy: dict[str, Any] = {"id": f"{kind}{number}", "kind": kind, "node": cell_name(node),
                                     "facing": cell_name(self._facing(node, around))}
            if kind == "tracker":
                enemy["radius"] = self.rng.randint(1, 2)
            self.enemies.append(enemy)
        self.taken.add(node)
        return True

    def _place_patrol(self, node: Cell, number: int) -> bool:
        route = [node]
        for _ in range(self.rng.randint(1, 3)):
            options = [cell for cell in self.neighbours(route[-1])
                       if cell not in route and cell not in self.taken and cell not in self.hide]
            if not options:
                break
            route.append(self.rng.choice(options))
        if len(route) < 2:
            return False
        loop = len(route) >= 3 and route[0] in self.neighbours(route[-1]) and self.rng.random() < 0.6
        steps = list(itertools.pairwise(route)) + ([(route[-1], route[0])] if loop else [])
        self.route_edges.update(frozenset(step) for step in steps)
        self.enemies.append({"id": f"patrol{number}", "kind": "patrol", "route": [cell_name(cell) for cell in route],
                             "loop": loop})
        self.taken.update(route)
        return True

    def place_hide(self) -> bool:
        """One or two hide nodes, preferably where an enemy looks (a hideout nobody watches teaches nothing)."""
        free = [cell for cell in self.free() if cell != self.exit]
        watched = {enemy.get("facing") for enemy in self.enemies} | {
            name for enemy in self.enemies for name in enemy.get("cycle", [])}
        preferred = [cell for cell in free if cell_name(cell) in watched]
        for _ in range(self.rng.randint(1, 2)):
            pool = [cell for cell in (preferred if preferred and self.rng.random() < 0.8 else free) if cell not in self.hide]
            if pool:
                self.hide.add(self.rng.choice(pool))
        return bool(self.hide)

    def _open_edges(self) -> list[tuple[Cell, Cell]]:
        return [edge for edge in self.edges if frozenset(edge) not in self.route_edges and edge != self.door
                and edge not in self.oneway]

    def place_door(self) -> bool:
        spots = [cell for cell in self.cells if cell not in (self.start, *self.caravan)]
        edges = self._open_edges()
        if not spots or not edges:
            return False
        on_path = [edge for edge in edges if edge[0] in self.path and edge[1] in self.path]
        self.door = self.rng.choice(on_path if on_path and self.rng.random() < PATH_BIAS else edges)
        away = [cell for cell in spots if cell not in self.path]
        self.key = self.rng.choice(away if away and self.rng.random() < PATH_BIAS else spots)
        return True

    def place_oneway(self) -> bool:
        edges = self._open_edges()
        if not edges:
            return False
        for a, b in self.rng.sample(edges, min(len(edges), self.rng.randint(1, 2))):
            self.oneway.add((a, b) if self.rng.random() < 0.5 else (b, a))
        return True

    def place_stone(self, short: bool = False) -> bool:
        """One stone; ``short``: a short throw heard far (range 1, noise 3), the shape in which walking into a
        diverted enemy's face pays — it comes toward a stone thrown behind you (1-5, 2-7, 2-12)."""
        self.stone = (1, 1, 3) if short else (1, self.rng.randint(1, 3), self.rng.randint(1, 3))
        return True

    def document(self, level_id: str) -> dict[str, Any]:
        nodes: list[dict[str, Any]] = []
        for cell in sorted(self.cells, key=lambda c: (c[1], c[0])):
            node: dict[str, Any] = {"id": cell_name(cell), "x": cell[0], "y": cell[1]}
            if cell in self.hide:
                node["hide"] = True
            if cell == self.key:
                node["key"] = "red"
            nodes.append(node)
        edges: list[Any] = []
        for a, b in self.edges:
            one = (a, b) in self.oneway or (b, a) in self.oneway
            if one and (b, a) in self.oneway:
                a, b = b, a
            if not one and (a, b) != self.door:
                edges.append([cell_name(a), cell_name(b)])
                continue
            edge: dict[str, Any] = {"a": cell_name(a), "b": cell_name(b)}
            if one:
                edge["oneway"] = True
            if self.door in ((a, b), (b, a)):
                edge["door"] = "red"
            edges.append(edge)
        stones, stone_range, noise = self.stone
        doc: dict[str, Any] = {
            "format": LEVEL_FORMAT, "version": LEVEL_VERSION, "id": level_id,
            "title": {"fr": f"Niveau généré {level_id}", "en": f"Generated level {level_id}"},
            "hint": {"fr": "", "en": ""}, "teaches": [], "tutorial": False, "stars": ["finish"]}
        if stones:
            doc.update(stones=stones, stone_range=stone_range, noise_radius=noise)
        doc.update(nodes=nodes, edges=edges, start=cell_name(self.start), exit=cell_name(self.exit))
        if self.caravan:
            doc["caravan"] = [cell_name(cell) for cell in self.caravan]
        doc["enemies"] = self.enemies
        return doc


def draw(rng: random.Random, mechanics: Sequence[str], level: int, level_id: str) -> dict[str, Any] | None:
    """One random candidate document with every requested mechanic on the board (None: no room for one)."""
    shape = SHAPES[level]
    draft = _Draft(rng, shape)
    placers: list[Callable[[], bool]] = []
    if "caravan" in mechanics:
        placers.append(draft.place_caravan)
    kinds = sorted({ENEMY_MECHANICS[code] for code in mechanics if code in ENEMY_MECHANICS})
    extra = rng.randint(*shape.extra_enemies)
    kinds += [rng.choice(("sentry", "sentry", "pivot", "patrol")) for _ in range(extra)]
    if not kinds:  # a stealth level without an enemy teaches nothing about stealth
        kinds.append("sentry")
    if "diverted-front" in mechanics:  # it needs an enemy to come through your front and one to hear a stone in front
        kinds += ["sentry", "sentry"][:max(0, 2 - len(kinds))]
    for kind in kinds[:MAX_NEUTRALISABLE]:
        placers.append(lambda kind=kind: draft.place_enemy(kind))  # type: ignore[misc]
    if "hide" in mechanics:
        placers.append(draft.place_hide)
    if "stone" in mechanics or "diverted-front" in mechanics:
        short = "diverted-front" in mechanics and rng.random() < 0.7
        placers.append(lambda: draft.place_stone(short))
    if "door" in mechanics:
        placers.append(draft.place_door)
    if "oneway" in mechanics:
        placers.append(draft.place_oneway)
    if not all(place() for place in placers):
        return None
    return draft.document(level_id)


# --- keeping a candidate ---------------------------------------------------------------------------------
@dataclass
class Generated:
    """An accepted level, its figures and how many candidates it took."""

    document: dict[str, Any]
    figures: Figures
    difficulty: int
    attempts: int


PRUNE_ROUNDS = 3
"""How many times dead stubs are cut off a candidate before it is given up."""


def accept(doc: dict[str, Any], mechanics: Sequence[str], level: int, budget: int = GENERATOR_BUDGET,
           conflict: bool = False, at_least: bool = False) -> Generated | None:
    """``doc`` completed (par, stars, teaches, hint) when it passes every check, else None.

    The cheap checks come first: solvable, then each requested mechanic needed, then the figures and the
    difficulty, then the design measures (R26: the thresholds of the levels beyond act 1, no filler step in
    any optimal solution, no dead stub — a dead stub is cut off and the smaller level checked again — and,
    when ``conflict`` is asked, a par star that excludes a bonus star), and last
    the full validator on the finished document (which checks the lessons and the thresholds again).
    """
    try:
        for _ in range(PRUNE_ROUNDS):
            candidate = parse_level(doc, "generated")
            shortest = solve(candidate, "finish", budget)
            if not shortest.found:
                return None
            for code in mechanics:
                if not mechanic_needed(candidate, code, shortest.length, budget).needed:
                    return None
            graph = state_graph(candidate, budget)
            found = figures(candidate, budget, graph=graph)
            if difficulty(found) < level if at_least else difficulty(found) != level:
                return None
            stars = ["finish", "par"] + [star for star in ("ghost", "sweep") if solve(candidate, star, budget).found]
            candidate.stars = tuple(stars)
            measured = measure(candidate, budget, graph)
            held = threshold_broken(candidate, measured) if level >= DESIGN_FROM else {}
            if held or measured.filler.solutions or (conflict and not measured.stars_conflict):
                return None
            if not measured.dead_stubs:
                break
            doc = without_nodes(doc, set(measured.dead_stubs))
        else:
            return None
        filled = {**doc, "par": shortest.length, "stars": stars, "teaches": list(mechanics), "hint": _hint(mechanics)}
        finished = {key: filled[key] for key in LEVEL_FIELDS if key in filled}  # the order of the format
        report = validate(parse_level(finished, "generated"), budget, design=level >= DESIGN_FROM)
    except (BudgetExceededError, MeepleError):
        return None
    if not report.ok:
        return None
    return Generated(finished, found, difficulty(found), 0)


def without_nodes(doc: dict[str, Any], names: set[str]) -> dict[str, Any]:
    """``doc`` without the nodes ``names`` and their edges; an enemy that faces one of them keeps the level
    from being cut (None would follow): the caller checks the result again anyway."""
    for enemy in doc.get("enemies", []):
        if enemy.get("facing") in names or names & set(enemy.get("cycle", [])):
            raise MeepleError(Msg("un ennemi regarde un cul-de-sac", "an enemy faces a dead stub"))
    nodes = [node for node in doc["nodes"] if node["id"] not in names]
    edges = [edge for edge in doc["edges"]
             if not names & set(edge if isinstance(edge, list) else (edge["a"], edge["b"]))]
    return {**doc, "nodes": nodes, "edges": edges}


def _hint(mechanics: Sequence[str]) -> dict[str, str]:
    names = [BY_CODE[code].name for code in mechanics]
    return {"fr": "Il vous faudra : " + ", ".join(name.fr for name in names) + ".",
            "en": "You will need: " + ", ".join(name.en for name in names) + "."}


def generate(request: Request, prefix: str | None = None) -> Iterator[Generated]:
    """Yield ``request.count`` accepted levels, in order; raises MeepleError when a level takes more than
    ``request.attempts`` candidates.

    Level ids are ``<prefix>-<n>`` (prefix: ``g<seed>``).
    """
    tag = (f"{request.seed}:{','.join(request.mechanics)}:{request.difficulty}" + (":conflict" if request.conflict else "")
           + (":up" if request.at_least else ""))
    rng = random.Random(tag)
    prefix = prefix or f"g{request.seed}"
    for number in range(1, request.count + 1):
        level_id = f"{prefix}-{number}"
        for attempt in range(1, request.attempts + 1):
            doc = draw(rng, request.mechanics, request.difficulty, level_id)
            if doc is None:
                continue
            doc = refine(doc, rng, request.mechanics, request.difficulty, conflict=request.conflict,
                         at_least=request.at_least, budget=min(request.max_states, REFINE_BUDGET))
            if doc is None:
                continue
            kept = accept(doc, request.mechanics, request.difficulty, request.max_states, conflict=request.conflict,
                          at_least=request.at_least)
            if kept is not None:
                kept.attempts = attempt
                yield kept
                break
        else:
            raise MeepleError(Msg(
                f"aucun niveau accepté en {request.attempts} essais (mécaniques {', '.join(request.mechanics)}, "
                f"difficulté {request.difficulty}) : essayez moins de mécaniques, une autre difficulté ou --attempts",
                f"no level accepted in {request.attempts} attempts (mechanics {', '.join(request.mechanics)}, "
                f"difficulty {request.difficulty}): try fewer mechanics, another difficulty or --attempts"))
