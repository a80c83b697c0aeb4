"""The exact solver: counts a case's solutions, stopping at ``limit`` (2 proves uniqueness).

Depth-first search over people with bit-mask domains. Each node propagates until nothing changes: a
person with one cell left is placed (their row, column and cell leave everyone else), a row or a column
that only one person can reach takes that person, and the room rules prune (an « alone » person empties
their room, the victim's room closes at two, « with another man » closes at one other man), and the
victim (someone « alone ») keeps out of any room that rows must fill with three people (two) or more: k
rows that reach a room with places outside it in only j columns put k - j people in it. The root
(and every node of a long search) also checks that the people left can still fill the free rows and
columns by their clues alone — a memoised exact test in which people whose clues allow the same cells
are interchangeable, so a counting argument (six rows need a corner, only one person may stand on one)
costs a few states instead of a search through every order of the people. Branching picks the person
with the fewest cells. Every full board is checked again by
:func:`meeple.games.murder.model.is_solution`, so propagation can only speed the search, never change
the answer.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass

from meeple.games.murder.model import Case, Cell, bits, is_solution, lines_filling

MATCHING_AFTER = 200
"""The fill test runs at the root, then at every node once the search passes this many nodes (on easy
cases, where propagation alone finishes, it would only cost time)."""

FILL_BUDGET = 400
"""One fill test gives up (and prunes nothing) after this many new states: a counting argument shows in a
few dozen, while a fillable board that the test finds hard to fill would only cost time."""

FILL_MEMO_LIMIT = 200_000
"""The fill test (:meth:`_Search._can_fill`) forgets what it learnt beyond this many states (memory bound)."""


class _OutOfBudget(Exception):
    """The fill test took too long to conclude."""


@dataclass
class ExactResult:
    """How many solutions were found (at most the limit), the solutions, and the work done."""

    count: int
    solutions: list[dict[str, Cell]]
    nodes: int
    seconds: float

    @property
    def unique(self) -> bool:
        """Exactly one solution."""
        return self.count == 1


class _Search:
    def __init__(self, case: Case, limit: int, given: Mapping[str, Cell]) -> None:
        self.case = case
        self.limit = limit
        self.ids = [p.id for p in case.people]
        self.n = len(self.ids)
        self.room_of = [case.room_masks[room] for room in case.room_index_of]
        self.row_of = [case.row_masks[i // case.size] for i in range(case.size * case.size)]
        self.col_of = [case.column_masks[i % case.size] for i in range(case.size * case.size)]
        self.victim = next(i for i, p in enumerate(case.people) if p.victim)
        self.alone = [any(c.kind == "alone" for c in case.clues_of(pid)) for pid in self.ids]
        self.genders = [p.gender for p in case.people]
        # who stands in a room of a known head count: the victim (2), each « alone » person (1)
        self.room_limits = [(self.victim, 2)] + [(p, 1) for p in range(self.n) if self.alone[p] and p != self.victim]
        self.with_other = [
            (self.ids.index(c.person), case.room_masks[c.room or ""], c.gender)
            for c in case.clues if c.kind == "with_one_other"
        ]
        self.solutions: list[dict[str, Cell]] = []
        self.nodes = 0
        domains = [case.person_mask(pid) for pid in self.ids]
        for pid, cell in given.items():
            index = self.ids.index(pid)
            domains[index] &= 1 << case.index(cell)
        self.start = domains
        kinds = sorted(set(domains), key=lambda cells: (cells.bit_count(), cells))  # the narrowest tried first
        self.kind_of = [kinds.index(domain) for domain in domains]
        self.kind_cells = kinds
        self.fill_memo: dict[tuple[int, int, tuple[int, ...]], bool] = {}
        self.fill_budget = FILL_BUDGET

    def run(self) -> None:
        self._search(list(self.start), [-1] * self.n)

    def _search(self, domains: list[int], placed: list[int]) -> None:
        self.nodes += 1
        if not self._propagate(domains, placed):
            return
        if (self.nodes == 1 or self.nodes > MATCHING_AFTER) and not self._can_fill(placed):
            return
        free = [p for p in range(self.n) if placed[p] < 0]
        if not free:
            board = {self.ids[p]: self.case.cell(placed[p]) for p in range(self.n)}
            if is_solution(self.case, board):
                self.solutions.append(board)
            return
        person = min(free, key=lambda p: domains[p].bit_count())
        for cell in bits(domains[person]):
            if len(self.solutions) >= self.limit:
                return
            branch = list(domains)
            branch[person] = 1 << cell
            self._search(branch, list(placed))

    def _can_fill(self, placed: list[int]) -> bool:
        """Whether the unplaced people could still fill the free rows and columns, by their clues alone."""
        size = self.case.size
        counts = [0] * len(self.kind_cells)
        rows = cols = (1 << size) - 1
        for p in range(self.n):
            if placed[p] < 0:
                counts[self.kind_of[p]] += 1
            else:
                rows &= ~(1 << placed[p] // size)
                cols &= ~(1 << placed[p] % size)
        if len(self.fill_memo) > FILL_MEMO_LIMIT:
            self.fill_memo.clear()
        self.fill_budget = FILL_BUDGET
        try:
            return self._fill(rows, cols, tuple(counts))
        except _OutOfBudget:
            return True  # not proved impossible: the search goes on (what was learnt stays exact)

    def _fill(self, rows: int, cols: int, counts: tuple[int, ...]) -> bool:
        """Fill the row with the fewest ways first (a row or a column nobody can take fails at once)."""
        if not rows:
            return True
        key = (rows, cols, counts)
        known = self.fill_memo.get(key)
        if known is not None:
            return known
        self.fill_budget -= 1
        if self.fill_budget < 0:
            raise _OutOfBudget
        size = self.case.size
        present = [cells for cells, left in zip(self.kind_cells, counts, strict=True) if left]
        reached = fewest = best_row = 0
        for row in bits(rows):
            shift = row * size
            ways = 0
            for cells in present:
                line = (cells >> shift) & cols
                reached |= line
                ways += line.bit_count()
            if not ways:
                fewest = 0
                break
            if not fewest or ways < fewest:
                fewest, best_row = ways, row
        answer = False
        if fewest and reached == cols:
            shift = best_row * size
            for kind, left in enumerate(counts):
                if not left:
                    continue
                rest = (*counts[:kind], left - 1, *counts[kind + 1:])
                if any(self._fill(rows & ~(1 << best_row), cols & ~(1 << col), rest)
                       for col in bits((self.kind_cells[kind] >> shift) & cols)):
                    answer = True
                    break
        self.fill_memo[key] = answer
        return answer

    def _propagate(self, domains: list[int], placed: list[int]) -> bool:
        size = self.case.size
        rows = self.case.row_masks
        cols = self.case.column_masks
        changed = True
        while changed:
            changed = False
            for p in range(self.n):
                if placed[p] >= 0:
                    continue
                domain = domains[p]
                if not domain:
                    return False
                if domain & (domain - 1) == 0:
                    if not self._place(p, domain.bit_length() - 1, domains, placed):
                        return False
                    changed = True
            taken_rows = {placed[p] // size for p in range(self.n) if placed[p] >= 0}
            taken_cols = {placed[p] % size for p in range(self.n) if placed[p] >= 0}
            for lines, taken in ((rows, taken_rows), (cols, taken_cols)):
                for line_index, line in enumerate(lines):
                    if line_index in taken:
                        continue
                    reach = [p for p in range(self.n) if placed[p] < 0 and domains[p] & line]
                    if not reach:
                        return False
                    if len(reach) == 1 and domains[reach[0]] & ~line:
                        domains[reach[0]] &= line
                        changed = True
            for person, room_size in self.room_limits:
                if placed[person] < 0 and self._crowded_rooms(person, room_size, domains, placed):
                    changed = True
        return True

    def _place(self, p: int, cell: int, domains: list[int], placed: list[int]) -> bool:
        placed[p] = cell
        domains[p] = 1 << cell
        room = self.room_of[cell]
        cut = self.row_of[cell] | self.col_of[cell]
        for q in range(self.n):
            if q != p and placed[q] < 0:
                domains[q] &= ~cut
        in_room = [q for q in range(self.n) if placed[q] >= 0 and (1 << placed[q]) & room]
        if self.alone[p]:
            if len(in_room) > 1:
                return False
            self._exclude(room, domains, placed, keep=())
        for q in range(self.n):
            if self.alone[q] and placed[q] < 0:
                domains[q] &= ~room
            if self.alone[q] and placed[q] >= 0 and q != p and (1 << placed[q]) & room:
                return False
        return self._victim_rule(domains, placed) and self._with_other_rule(domains, placed)

    def _exclude(self, room: int, domains: list[int], placed: list[int], keep: tuple[int, ...]) -> None:
        for q in range(self.n):
            if placed[q] < 0 and q not in keep:
                domains[q] &= ~room

    def _victim_rule(self, domains: list[int], placed: list[int]) -> bool:
        victim_cell = placed[self.victim]
        if victim_cell < 0:
            self._crowded_rooms(self.victim, 2, domains, placed)
            return True
        room = self.room_of[victim_cell]
        count = sum(1 for q in range(self.n) if placed[q] >= 0 and (1 << placed[q]) & room)
        if count > 2:
            return False
        if count == 2:
            self._exclude(room, domains, placed, keep=())
        elif not any(placed[q] < 0 and domains[q] & room for q in range(self.n)):
            return False  # nobody left can join the victim
        return True

    def _crowded_rooms(self, person: int, room_size: int, domains: list[int], placed: list[int]) -> bool:
        """Keep ``person``, whose room holds exactly ``room_size`` people (the victim 2, someone alone 1),
        out of every room that others already fill, or that will hold more people than that (``person``
        may be one of them); whether any room closed."""
        crowded = 0
        for room in {self.room_of[i] for i in bits(domains[person])}:
            inside, forced = self._least_in(room, domains, placed)
            if inside >= room_size or inside + forced > room_size:
                crowded |= room
        domains[person] &= ~crowded
        return bool(crowded)

    def _least_in(self, room: int, domains: list[int], placed: list[int]) -> tuple[int, int]:
        """How many people stand in ``room``, and at least how many of the others will: if k free rows that
        reach the room have, outside it, places in only j columns, then k - j of their people are in the
        room (rows with the fewest places outside are taken first)."""
        inside = reach = 0
        for q in range(self.n):
            if placed[q] >= 0:
                inside += (1 << placed[q]) & room != 0
            else:
                reach |= domains[q]
        lines, across = lines_filling(self.case, reach, room)
        return inside, len(lines) - across.bit_count()

    def _with_other_rule(self, domains: list[int], placed: list[int]) -> bool:
        for owner, room, gender in self.with_other:
            others = [q for q in range(self.n) if q != owner and self.genders[q] == gender]
            count = sum(1 for q in others if placed[q] >= 0 and (1 << placed[q]) & room)
            if count > 1:
                return False
            if count == 1:
                for q in others:
                    if placed[q] < 0:
                        domains[q] &= ~room
            elif not any(placed[q] < 0 and domains[q] & room for q in others):
                return False  # the other man (woman) can no longer come
        return True


def count_solutions(case: Case, limit: int = 2, given: Mapping[str, Cell] | None = None) -> ExactResult:
    """Count the solutions of ``case`` (with some people already ``given``), stopping at ``limit``."""
    started = time.perf_counter()
    search = _Search(case, limit, given or {})
    search.run()
    solutions = search.solutions[:limit]
    return ExactResult(len(solutions), solutions, search.nodes, time.perf_counter() - started)
