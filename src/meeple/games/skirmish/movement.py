"""Movement adjudication: where a fighter may go, and whether a given path is legal (rules R8–R16).

Two public functions, built on one :class:`Adjudicator` per (battlefield, fighter):

* :func:`reachable` — every legal end cell with one legal path, its cost and its outcome (free; stopped in
  the ZOC of X, Y…; engaged with X, Y…). It is a Dijkstra search over *(cell, movement mode)* states,
  never an enumeration of paths. The modes are ``FREE`` (outside every binding ZOC) and ``BOUND(T)``: the
  fighter entered ZOCs and chose to engage the group of opponents ``T`` by the shortest path (R9, R10).
  A bound step must go exactly one step down the distance field ``d_T`` (the cost to a free cell touching
  every member of ``T``), computed lazily by a backward Dijkstra from those cells.
* :func:`check` — legal, or the first illegal step and the rule it breaks. It follows the path keeping
  the set of groups ``T`` the fighter may still be bound to (the path, not the player, says which
  opponent it engages), so it never searches.

Both return JSON through ``to_json()`` (documented on each class) for the browser sandbox.

>>> from meeple.games.skirmish.battlefield import Battlefield, Fighter, Ground
>>> field = Battlefield(Ground.parse(["......."] * 3),
...                     (Fighter("a", 0, (0, 1), move=12), Fighter("b", 1, (6, 1), zoc=2)))
>>> reach = reachable(field, "a")
>>> reach.destinations[(5, 1)].outcome.text("en"), reach.destinations[(5, 1)].cost
('engaged with b', 10)
>>> check(field, "a", [(1, 1), (2, 1), (3, 1), (4, 1), (4, 0)]).error.rule
'R12'
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from meeple.core.boards import Cell
from meeple.core.i18n import Msg
from meeple.games.skirmish.battlefield import Battlefield, Fighter, chebyshev

INF = math.inf
Group = frozenset[str]
"""The opponents a bound fighter moves to engage (one, or several at once)."""


# --- results -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class MoveOutcome:
    """How a move ends (R16): ``free``; ``stopped`` in the ZOC of ``opponents``; ``engaged`` with them."""

    kind: Literal["free", "stopped", "engaged"]
    opponents: tuple[str, ...] = ()

    def message(self) -> Msg:
        """The outcome as a sentence."""
        names = ", ".join(self.opponents)
        if self.kind == "engaged":
            return Msg(f"engagé avec {names}", f"engaged with {names}")
        if self.kind == "stopped":
            return Msg(f"arrêté dans la ZdC de {names}", f"stopped in the ZOC of {names}")
        return Msg("libre", "free")

    def text(self, language: str | None = None) -> str:
        """The outcome as a sentence in ``language``."""
        return self.message().text(language)

    def to_json(self) -> dict[str, object]:
        """``{"kind": "free" | "stopped" | "engaged", "opponents": [ids], "text": {"fr", "en"}}``."""
        return {"kind": self.kind, "opponents": list(self.opponents), "text": self.message().to_json()}


FREE_OUTCOME = MoveOutcome("free")


@dataclass(frozen=True)
class Destination:
    """A legal end cell: one cheapest legal path to it (start excluded), its cost and the outcome.

    ``bound_to`` is the group the fighter was bound to on its last step (``None`` when it moved free or
    stopped on the cell where it entered the ZOC).
    """

    cell: Cell
    cost: int
    path: tuple[Cell, ...]
    outcome: MoveOutcome
    bound_to: tuple[str, ...] | None = None

    def to_json(self) -> dict[str, object]:
        """``{"cell": [x, y], "cost": MP, "path": [[x, y], …], "outcome": {…}, "bound_to": [ids] | null}``."""
        return {
            "cell": list(self.cell),
            "cost": self.cost,
            "path": [list(cell) for cell in self.path],
            "outcome": self.outcome.to_json(),
            "bound_to": None if self.bound_to is None else list(self.bound_to),
        }


@dataclass
class Reach:
    """What :func:`reachable` found for one fighter.

    ``held_by``: opponents whose ZOC holds the fighter where it stands (R13); ``ignoring``: opponents in
    contact at the start, whose ZOCs a fighter leaving an engagement ignores (R14); ``states``: how many
    (cell, mode) states the search settled.
    """

    fighter: str
    start: Cell
    allowance: int
    destinations: dict[Cell, Destination]
    held_by: tuple[str, ...] = ()
    ignoring: tuple[str, ...] = ()
    states: int = 0

    def to_json(self) -> dict[str, object]:
        """``{"fighter", "start": [x, y], "allowance", "held_by": [ids], "ignoring": [ids],
        "destinations": [Destination.to_json(), …] (row by row)}``."""
        cells = sorted(self.destinations, key=lambda cell: (cell[1], cell[0]))
        return {
            "fighter": self.fighter,
            "start": list(self.start),
            "allowance": self.allowance,
            "held_by": list(self.held_by),
            "ignoring": list(self.ignoring),
            "destinations": [self.destinations[cell].to_json() for cell in cells],
        }


@dataclass(frozen=True)
class StepError:
    """The first illegal step of a path: its index in the path (0 = first step), the cell, the rule.

    ``at_end`` is true when every step is legal and only stopping on the last cell is not (R12, R14,
    R15): a longer path may still be legal.
    """

    step: int
    cell: Cell | None
    rule: str
    reason: Msg
    at_end: bool = False

    def message(self) -> Msg:
        """``step N (x,y): rule Rk: reason`` in both languages (« règle R1 », never a bare ``R1`` that could
        be read as the fighter R1)."""
        where = f"{self.step + 1}" + (f" ({self.cell[0]},{self.cell[1]})" if self.cell else "")
        return Msg(f"pas {where} : règle {self.rule} : {self.reason.fr}",
                   f"step {where}: rule {self.rule}: {self.reason.en}")

    def to_json(self) -> dict[str, object]:
        """``{"step": index, "cell": [x, y] | null, "rule": "R12", "reason": {"fr", "en"}, "at_end": bool}``."""
        return {
            "step": self.step,
            "cell": None if self.cell is None else list(self.cell),
            "rule": self.rule,
            "reason": self.reason.to_json(),
            "at_end": self.at_end,
        }


@dataclass(frozen=True)
class CheckResult:
    """What :func:`check` says of a path: legal (with its cost and outcome) or its first illegal step."""

    fighter: str
    path: tuple[Cell, ...]
    cost: int = 0
    outcome: MoveOutcome | None = None
    error: StepError | None = None

    @property
    def legal(self) -> bool:
        """Whether the whole path is legal."""
        return self.error is None

    def message(self) -> Msg:
        """One line for a person."""
        if self.error is not None:
            return self.error.message()
        assert self.outcome is not None
        out = self.outcome.message()
        return Msg(f"légal : coût {self.cost} PM, {out.fr}", f"legal: cost {self.cost} MP, {out.en}")

    def to_json(self) -> dict[str, object]:
        """``{"fighter", "path", "legal", "cost", "outcome": {…} | null, "error": {…} | null}``."""
        return {
            "fighter": self.fighter,
            "path": [list(cell) for cell in self.path],
            "legal": self.legal,
            "cost": self.cost,
            "outcome": None if self.outcome is None else self.outcome.to_json(),
            "error": None if self.error is None else self.error.to_json(),
        }


# --- distance to contact ---------------------------------------------------------------------------
class DistanceField:
    """``d_T``: the length (or, with ``shortest: "cost"``, the MP cost) from a cell to the nearest free cell
    touching every member of a group (R10).

    A backward Dijkstra from those cells over the terrain, around occupied cells, ignoring ZOCs; it
    expands only as far as the questions asked of it need.
    """

    def __init__(self, adjudicator: Adjudicator, goals: frozenset[int]) -> None:
        ground = adjudicator.field.ground
        self._steps = ground.steps
        self._factor = adjudicator.metric
        self._occupied = adjudicator.occupied
        self.goals = goals
        self._dist: dict[int, int] = dict.fromkeys(goals, 0)
        self._settled: dict[int, int] = {}
        self._heap: list[tuple[int, int]] = [(0, goal) for goal in sorted(goals)]

    def _settle_next(self) -> None:
        d, cell = heapq.heappop(self._heap)
        if cell in self._settled:
            return
        self._settled[cell] = d
        enter_cost = self._factor[cell]
        for before, base in self._steps[cell]:
            if before in self._occupied or before in self._settled:
                continue
            candidate = d + base * enter_cost
            if candidate < self._dist.get(before, INF):
                self._dist[before] = candidate
                heapq.heappush(self._heap, (candidate, before))

    def distance(self, cell: int) -> float:
        """``d_T(cell)`` (``inf`` when no such cell can be reached)."""
        while cell not in self._settled and self._heap:
            self._settle_next()
        return self._settled.get(cell, INF)

    def equals(self, cell: int, value: float) -> bool:
        """Whether ``d_T(cell) == value``, expanding no further than ``value``."""
        if value < 0 or value == INF:
            return False
        while cell not in self._settled and self._heap and self._heap[0][0] <= value:
            self._settle_next()
        return self._settled.get(cell) == value


# --- the adjudicator -----------------------------------------------------------------------------------
class Adjudicator:
    """The facts one move of one fighter depends on, fixed at the start of the move (R15).

    * ``binding[cell]``: opponents whose ZOC binds the mover on that cell (ZOCs that exist (R7) and that
      the mover does not ignore (R14));
    * ``contact[cell]``: opponents (not ignored) that exert a ZOC and touch that cell: entering it ends
      the move (R8); an opponent without a ZOC does not stop a fighter passing by it;
    * ``touching[cell]``: every opponent (not ignored) touching that cell: ending there engages them (R8);
    * ``metric[cell]``: the multiplier of a step's base cost entering ``cell`` in ``d_T`` (R10): 1 when the
      shortest path is measured in length (the default), the terrain factor when it is measured in MP;
    * ``ignored``: opponents in contact at the start — the mover leaves that engagement (R14);
    * ``ignored_contact``: cells touching an ignored opponent: the move may cross them but not end there.
    """

    def __init__(self, field: Battlefield, fighter_id: str) -> None:
        self.field = field
        self.mover: Fighter = field.fighter(fighter_id)
        ground = field.ground
        self.ground = ground
        self.start = ground.index(self.mover.cell)
        self.occupied = frozenset(ground.index(f.cell) for f in field.fighters if f.id != fighter_id)
        self.ignored = frozenset(field.in_contact_with(fighter_id))
        binding: dict[int, set[str]] = {}
        contact: dict[int, set[str]] = {}
        touching_cells: dict[int, set[str]] = {}
        ignored_contact: set[int] = set()
        self.contact_cells: dict[str, frozenset[int]] = {}
        for opponent in field.opponents(fighter_id):
            touching = [ground.index(cell) for cell in ground.neighbours(opponent.cell)]
            free = frozenset(i for i in touching if ground.factor[i] and i not in self.occupied)
            self.contact_cells[opponent.id] = free
            if opponent.id in self.ignored:
                ignored_contact.update(touching)
                continue
            halts = field.has_zoc(opponent.id)
            for index in touching:
                touching_cells.setdefault(index, set()).add(opponent.id)
                if halts:
                    contact.setdefault(index, set()).add(opponent.id)
            for cell in field.zoc_cells(opponent.id):
                binding.setdefault(ground.index(cell), set()).add(opponent.id)
        self.binding = {cell: frozenset(ids) for cell, ids in binding.items()}
        self.contact = {cell: frozenset(ids) for cell, ids in contact.items()}
        self.touching = {cell: frozenset(ids) for cell, ids in touching_cells.items()}
        self.metric = ground.factor if ground.shortest == "cost" else tuple(min(1, f) for f in ground.factor)
        self.ignored_contact = frozenset(ignored_contact)
        self._fields: dict[Group, DistanceField] = {}
        self._groups: dict[frozenset[str], tuple[Group, ...]] = {}

    # -- shared facts --
    def held_by(self) -> frozenset[str]:
        """Opponents whose ZOC holds the mover on its start cell (R13)."""
        return self.binding.get(self.start, frozenset())

    def groups(self, entered: frozenset[str]) -> tuple[Group, ...]:
        """The groups a fighter entering the ZOCs of ``entered`` may choose to engage (R9).

        One opponent, or several that one free cell touches all at once ("if he can").
        """
        cached = self._groups.get(entered)
        if cached is not None:
            return cached
        members = sorted(entered)
        found: list[Group] = []

        def grow(chosen: tuple[str, ...], common: frozenset[int], start: int) -> None:
            for position in range(start, len(members)):
                shared = common & self.contact_cells[members[position]]
                if shared:
                    group = (*chosen, members[position])
                    found.append(frozenset(group))
                    grow(group, shared, position + 1)

        for position, member in enumerate(members):
            if self.contact_cells[member]:
                found.append(frozenset((member,)))
                grow((member,), self.contact_cells[member], position + 1)
        result = tuple(found)
        self._groups[entered] = result
        return result

    def distance_field(self, group: Group) -> DistanceField:
        """``d_T`` for the group (built on first use)."""
        found = self._fields.get(group)
        if found is None:
            goals = frozenset.intersection(*(self.contact_cells[member] for member in group))
            found = self._fields[group] = DistanceField(self, goals)
        return found

    def is_shortest_step(self, group: Group, before: int, after: int, cost: int) -> bool:
        """Whether stepping from ``before`` to ``after`` (``cost`` in ``d_T``'s measure: :attr:`metric`)
        follows a shortest path (R10)."""
        distances = self.distance_field(group)
        here = distances.distance(before)
        return here != INF and distances.equals(after, here - cost)

    def outcome_at(self, cell: int) -> MoveOutcome:
        """How a move ending on ``cell`` ends (R16)."""
        touching = self.touching.get(cell)
        if touching:
            return MoveOutcome("engaged", tuple(sorted(touching)))
        holding = self.binding.get(cell)
        if holding:
            return MoveOutcome("stopped", tuple(sorted(holding)))
        return FREE_OUTCOME

    def may_end_on(self, cell: int) -> bool:
        """Whether a move may end on ``cell`` (R14, R15): not the start, not touching an ignored opponent."""
        return cell != self.start and cell not in self.ignored_contact

    def may_stop_bound(self, cell: int, group: Group) -> bool:
        """Whether a fighter bound toward ``group`` may stop on ``cell`` (R12): in contact with an opponent
        (engaging it),
        or inside the ZOC of a member of the group (having gone round an obstacle out of those ZOCs, it
        must go on until it is back in one or in contact: stopping outside would be leaving the ZOC)."""
        return cell in self.touching or not group.isdisjoint(self.binding.get(cell, ()))

    def why_unreachable(self, cell: Cell) -> tuple[str, Msg]:
        """The rule (and reason) that keeps a move from ending on ``cell`` when no legal path reaches it."""
        ground = self.ground
        if not ground.in_bounds(cell):
            return "R1", Msg("hors de la carte", "off the map")
        index = ground.index(cell)
        if not ground.passable(cell):
            return "R2", Msg("terrain infranchissable", "blocking terrain")
        if index in self.occupied:
            return "R4", Msg(f"case occupée par {self.field.occupant[cell]}", f"cell occupied by {self.field.occupant[cell]}")
        if index == self.start:
            return "R15", Msg("un déplacement finit ailleurs qu'à son départ", "a move ends elsewhere than where it started")
        if index in self.ignored_contact:
            names = ", ".join(sorted(self.ignored))
            return "R14", Msg(f"qui quitte un engagement ne peut finir au contact de {names}",
                              f"a fighter leaving an engagement cannot end in contact with {names}")
        search = _ReachSearch(self)
        search.run()
        if any(state[0] == index for state in search.best):  # passed bound, but no stop there
            return "R12", Msg("on n'y passe qu'en allant engager, et l'on ne s'arrête pas hors de la ZdC visée",
                              "it only passes there on its way to engage, and cannot stop out of the ZOC it entered")
        return "R9-R15", Msg(f"aucun chemin légal de {self.mover.move} PM au plus n'y mène (zones de contrôle, contact)",
                             f"no legal path of at most {self.mover.move} MP leads there (zones of control, contact)")

    # -- reachable ----------------------------------------------------------------------------------
    def reachable(self) -> Reach:
        """Every legal end cell with one cheapest legal path (see :func:`reachable`)."""
        search = _ReachSearch(self)
        search.run()
        return Reach(
            fighter=self.mover.id,
            start=self.mover.cell,
            allowance=self.mover.move,
            destinations=search.destinations(),
            held_by=tuple(sorted(self.held_by())),
            ignoring=tuple(sorted(self.ignored)),
            states=search.settled,
        )

    # -- check -------------------------------------------------------------------------------------
    def check(self, path: Sequence[Cell]) -> CheckResult:
        """Follow ``path`` step by step (see :func:`check`)."""
        return _PathCheck(self, tuple(_as_cell(cell) for cell in path)).run()


def _as_cell(value: object) -> Cell:
    if isinstance(value, (list, tuple)) and len(value) == 2:
        return (value[0], value[1])
    return value  # type: ignore[return-value]  # rejected by the R1 check


_FREE = -1
"""The mode index of a fighter moving free."""


class _ReachSearch:
    """Dijkstra over (cell, mode) states; mode ``_FREE`` or the index of a bound group."""

    def __init__(self, adjudicator: Adjudicator) -> None:
        self.a = adjudicator
        self.budget = adjudicator.mover.move
        self.modes: list[Group] = []
        self.mode_index: dict[Group, int] = {}
        self.best: dict[tuple[int, int], int] = {}
        self.parent: dict[tuple[int, int], tuple[int, int] | None] = {}
        self.ends: dict[int, tuple[int, tuple[int, int]]] = {}
        self.heap: list[tuple[int, int, int]] = []
        self.settled = 0

    def _mode(self, group: Group) -> int:
        index = self.mode_index.get(group)
        if index is None:
            index = self.mode_index[group] = len(self.modes)
            self.modes.append(group)
        return index

    def _relax(self, state: tuple[int, int], cost: int, parent: tuple[int, int] | None) -> None:
        if cost < self.best.get(state, INF):
            self.best[state] = cost
            self.parent[state] = parent
            heapq.heappush(self.heap, (cost, state[0], state[1]))

    def _end(self, cell: int, cost: int, parent: tuple[int, int]) -> None:
        if self.a.may_end_on(cell) and cost < self.ends.get(cell, (INF, parent))[0]:
            self.ends[cell] = (cost, parent)

    def run(self) -> None:
        a = self.a
        held = a.held_by()
        if held:
            for group in a.groups(held):
                self._relax((a.start, self._mode(group)), 0, None)
        else:
            self._relax((a.start, _FREE), 0, None)
        steps, factor, occupied, metric = a.ground.steps, a.ground.factor, a.occupied, a.metric
        contact, budget = a.contact, self.budget
        while self.heap:
            cost, cell, mode = heapq.heappop(self.heap)
            if cost > self.best[(cell, mode)]:
                continue
            self.settled += 1
            state = (cell, mode)
            if mode == _FREE:
                self._expand_free(state, cost)
                continue
            group = self.modes[mode]
            distances = a.distance_field(group)
            here = distances.distance(cell)
            if here == INF:
                continue
            for after, base in steps[cell]:
                price = base * factor[after]
                if (after in occupied or cost + price > budget
                        or not distances.equals(after, here - base * metric[after])):
                    continue
                if a.may_stop_bound(after, group):
                    self._end(after, cost + price, state)
                if after not in contact:
                    self._relax((after, mode), cost + price, state)

    def _expand_free(self, state: tuple[int, int], cost: int) -> None:
        """Steps of a fighter moving free (the hot loop: helpers inlined)."""
        a = self.a
        factor, occupied, contact, binding = a.ground.factor, a.occupied, a.contact, a.binding
        start, ignored_contact, budget = a.start, a.ignored_contact, self.budget
        best, parent, ends, heap = self.best, self.parent, self.ends, self.heap
        for after, base in a.ground.steps[state[0]]:
            step_cost = cost + base * factor[after]
            if step_cost > budget or after in occupied:
                continue
            if after != start and after not in ignored_contact:
                known = ends.get(after)
                if known is None or step_cost < known[0]:
                    ends[after] = (step_cost, state)
            if after in contact:
                continue  # contact ends the move (R8)
            entered = binding.get(after)
            if entered is None:
                key = (after, _FREE)
                if step_cost < best.get(key, INF):
                    best[key] = step_cost
                    parent[key] = state
                    heapq.heappush(heap, (step_cost, after, _FREE))
            else:  # R9: stop here, or engage one group by the shortest path
                for group in a.groups(entered):
                    self._relax((after, self._mode(group)), step_cost, state)

    def _paths(self) -> dict[tuple[int, int], tuple[Cell, ...]]:
        """The path (start excluded) of every state, each built once from its parent's."""
        width = self.a.ground.width
        paths: dict[tuple[int, int], tuple[Cell, ...]] = {}
        for state in sorted(self.parent, key=self.best.__getitem__):  # parents cost no more than children
            parent = self.parent[state]
            paths[state] = () if parent is None else (*paths[parent], (state[0] % width, state[0] // width))
        return paths

    def destinations(self) -> dict[Cell, Destination]:
        a = self.a
        width = a.ground.width
        paths = self._paths()
        found: dict[Cell, Destination] = {}
        for cell, (cost, parent) in self.ends.items():
            xy = (cell % width, cell // width)
            mode = parent[1]
            bound = None if mode == _FREE else tuple(sorted(self.modes[mode]))
            found[xy] = Destination(xy, cost, (*paths[parent], xy), a.outcome_at(cell), bound)
        return found


class _PathCheck:
    """Follows a path, keeping the groups the fighter may still be bound to."""

    def __init__(self, adjudicator: Adjudicator, path: tuple[Cell, ...]) -> None:
        self.a = adjudicator
        self.path = path
        self.cost = 0
        self.bound = bool(adjudicator.held_by())
        self.holding: frozenset[str] = adjudicator.held_by()
        self.entry_groups: tuple[Group, ...] = adjudicator.groups(self.holding) if self.bound else ()
        self.candidates: set[Group] = set(self.entry_groups)
        self.contacted: frozenset[str] = frozenset()

    def _fail(self, step: int, cell: Cell | None, rule: str, reason: Msg, at_end: bool = False) -> CheckResult:
        return CheckResult(self.a.mover.id, self.path, self.cost, None, StepError(step, cell, rule, reason, at_end))

    def run(self) -> CheckResult:
        a = self.a
        if not self.path:
            return self._fail(0, None, "R15", Msg("un déplacement compte au moins un pas", "a move has at least one step"))
        before = a.mover.cell
        for step, cell in enumerate(self.path):
            error = self._step(step, before, cell)
            if error is not None:
                return error
            before = cell
        end = a.ground.index(before)
        last = len(self.path) - 1
        if end == a.start:
            return self._fail(last, before, "R15", Msg("un déplacement finit ailleurs qu'à son départ",
                                                     "a move ends elsewhere than where it started"), True)
        if end in a.ignored_contact:
            names = ", ".join(sorted(a.ignored))
            return self._fail(last, before, "R14", Msg(
                f"qui quitte un engagement ne peut finir au contact de {names}",
                f"a fighter leaving an engagement cannot end in contact with {names}"), True)
        groups = self.candidates or {self.holding}  # no group: it stopped on the cell where it entered
        if self.bound and not any(a.may_stop_bound(end, group) for group in groups):
            names = " | ".join(", ".join(sorted(group)) for group in sorted(groups, key=sorted))
            return self._fail(last, before, "R12", Msg(
                f"sorti de la ZdC de {names} pour contourner un obstacle, il doit y revenir ou aller au contact",
                f"out of the ZOC of {names} to go round an obstacle, it must come back into it or reach contact"), True)
        return CheckResult(a.mover.id, self.path, self.cost, a.outcome_at(end), None)

    def _step(self, step: int, before: Cell, cell: Cell) -> CheckResult | None:
        a, ground = self.a, self.a.ground
        if self.contacted:
            names = ", ".join(sorted(self.contacted))
            return self._fail(step, cell, "R8", Msg(f"le contact avec {names} a terminé le déplacement",
                                                   f"contact with {names} ended the move"))
        if not (isinstance(cell, tuple) and len(cell) == 2
                and all(isinstance(v, int) and not isinstance(v, bool) for v in cell)):
            return self._fail(step, None, "R1", Msg("une case est une paire d'entiers x,y", "a cell is a pair of integers x,y"))
        if not ground.in_bounds(cell):
            return self._fail(step, cell, "R1", Msg("hors de la carte", "off the map"))
        if chebyshev(before, cell) == 0:
            return self._fail(step, cell, "R1", Msg("même case que la précédente (un chemin commence après la case de départ)",
                                                    "same cell as the previous one (a path starts after the fighter's cell)"))
        if chebyshev(before, cell) != 1:
            return self._fail(step, cell, "R1", Msg("pas une case voisine de la précédente", "not a neighbour of the previous cell"))
        base = ground.base_cost(before, cell)
        if base is None:
            reason = (Msg("terrain infranchissable", "blocking terrain") if not ground.passable(cell)
                      else Msg("la diagonale coupe le coin d'un obstacle", "the diagonal cuts the corner of an obstacle"))
            return self._fail(step, cell, "R2", reason)
        index = ground.index(cell)
        if index in a.occupied:
            return self._fail(step, cell, "R4", Msg(f"case occupée par {a.field.occupant[cell]}", f"cell occupied by {a.field.occupant[cell]}"))
        price = base * ground.factor[index]
        self.cost += price
        if self.cost > a.mover.move:
            return self._fail(step, cell, "R15", Msg(f"coût {self.cost} PM > allocation {a.mover.move} PM",
                                                     f"cost {self.cost} MP > allowance {a.mover.move} MP"))
        if self.bound:
            error = self._bound_step(step, ground.index(before), index, base * a.metric[index], cell)
            if error is not None:
                return error
        elif index not in a.contact and index in a.binding:
            self.bound = True  # R9: entering ZOCs; from now on only stopping or engaging
            self.holding = a.binding[index]
            self.entry_groups = a.groups(self.holding)
            self.candidates = set(self.entry_groups)
        self.contacted = a.contact.get(index, frozenset())
        return None

    def _bound_step(self, step: int, before: int, after: int, price: int, cell: Cell) -> CheckResult | None:
        """A step of a bound fighter; ``price`` is the step in ``d_T``'s measure (R10)."""
        a = self.a
        fitting = {group for group in self.candidates if a.is_shortest_step(group, before, after, price)}
        if fitting:
            self.candidates = fitting
            return None
        names = ", ".join(sorted(self.holding))
        if any(a.is_shortest_step(group, before, after, price) for group in self.entry_groups):
            chosen = " | ".join(", ".join(sorted(group)) for group in sorted(self.candidates, key=sorted))
            return self._fail(step, cell, "R11", Msg(
                f"le déplacement engagé vers {chosen} ne peut changer de cible",
                f"a move bound to engage {chosen} cannot switch target"))
        if not self.entry_groups:
            return self._fail(step, cell, "R12", Msg(
                f"dans la ZdC de {names} sans adversaire engageable: il faut s'arrêter",
                f"in the ZOC of {names} with no opponent it can engage: it must stop"))
        if after not in a.binding or not (a.binding[after] & self.holding):
            return self._fail(step, cell, "R12", Msg(
                f"on ne sort pas de la ZdC de {names} sinon pour engager par le plus court chemin",
                f"cannot leave the ZOC of {names} except to engage by the shortest path"))
        return self._fail(step, cell, "R12", Msg(
            f"dans la ZdC de {names}, on ne se déplace que vers l'engagement, par le plus court chemin",
            f"inside the ZOC of {names}, a fighter only moves to engage, by the shortest path"))


# --- the public functions --------------------------------------------------------------------------------
def reachable(field: Battlefield, fighter_id: str) -> Reach:
    """Every legal end cell of ``fighter_id``'s move, with one cheapest legal path, cost and outcome.

    A Dijkstra over (cell, mode) states (module docstring); the start cell is never a destination
    (staying put is the ``hold`` action).
    """
    return Adjudicator(field, fighter_id).reachable()


def check(field: Battlefield, fighter_id: str, path: Sequence[Cell]) -> CheckResult:
    """Whether ``fighter_id`` may move along ``path`` (its cells after the start, in order).

    Returns the cost and outcome of a legal path, or the first illegal step and the rule it breaks.
    """
    return Adjudicator(field, fighter_id).check(path)


__all__ = [
    "Adjudicator",
    "CheckResult",
    "Destination",
    "DistanceField",
    "MoveOutcome",
    "Reach",
    "StepError",
    "check",
    "reachable",
]
