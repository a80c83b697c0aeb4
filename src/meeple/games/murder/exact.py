"""The exact solver: counts a case's solutions, stopping at ``limit`` (2 proves uniqueness).

Depth-first search over people with bit-mask domains. Each node propagates until nothing changes: a
person with one cell left is placed (their row, column and cell leave everyone else), a row or a column
that only one person can reach takes that person, and the room rules prune (an « alone » person empties
their room, the victim's room closes at two, « with another man » closes at one other man). Branching
picks the person with the fewest cells. Every full board is checked again by
:func:`meeple.games.murder.model.is_solution`, so propagation can only speed the search, never change
the answer.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass

from meeple.games.murder.model import Case, Cell, bits, is_solution

MATCHING_AFTER = 200
"""After this many nodes the search also checks, at each node, that the people left can still fill the
free rows and columns by their clues alone (a memoised exact test that catches hopeless branches the
local propagation misses; skipped on easy cases, where it would only cost time)."""


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
        self.fill_memo: dict[tuple[int, int, int], bool] = {}

    def run(self) -> None:
        self._search(list(self.start), [-1] * self.n)

    def _search(self, domains: list[int], placed: list[int]) -> None:
        self.nodes += 1
        if not self._propagate(domains, placed):
            return
        if self.nodes > MATCHING_AFTER and not self._can_fill(placed):
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
        people = sum(1 << p for p in range(self.n) if placed[p] < 0)
        used_rows = {placed[p] // size for p in range(self.n) if placed[p] >= 0}
        used_cols = {placed[p] % size for p in range(self.n) if placed[p] >= 0}
        rows = sum(1 << r for r in range(size) if r not in used_rows)
        cols = sum(1 << c for c in range(size) if c not in used_cols)
        return self._fill(people, rows, cols)

    def _fill(self, people: int, rows: int, cols: int) -> bool:
        if not rows:
            return True
        key = (people, rows, cols)
        known = self.fill_memo.get(key)
        if known is not None:
            return known
        size = self.case.size
        row = (rows & -rows).bit_length() - 1
        answer = False
        for p in bits(people):
            reachable = (self.start[p] >> (row * size)) & cols
            for col in bits(reachable):
                if self._fill(people & ~(1 << p), rows & ~(1 << row), cols & ~(1 << col)):
                    answer = True
                    break
            if answer:
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
            for q in range(self.n):
                if placed[q] >= 0:
                    room = self.room_of[placed[q]]
                    if sum(1 for o in range(self.n) if placed[o] >= 0 and (1 << placed[o]) & room) >= 2:
                        domains[self.victim] &= ~room
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
