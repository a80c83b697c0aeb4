"""The exact solver: counts a case's solutions, stopping at ``limit`` (2 proves uniqueness).

Depth-first search with bit-mask domains (the cells each person may still take). Each node propagates
until nothing changes, cheapest rules first:

- a person with one cell left is placed (their row, column and cell leave everyone else), a row or a
  column that only one person can reach takes that person, and the room rules prune once people stand
  (an « alone » person empties their room, the victim's room closes at two, « avec un autre homme »
  closes at one other man);
- everyone takes a row and a column of their own: Régin's all-different filter keeps only the rows
  (columns) a person can take while the others still get one each, which catches every closed group;
- room counts: each room's head count has a low and a high bound (people surely in it, what the rows and
  columns force in or leave room for — largest row-column matchings inside and outside it, and when that
  bound is tight the cheapest assignment of free rows to free columns where the room's cells cost 1 — the
  exact number of men or women a room « avec un autre homme » holds), and the rooms share the N people. A
  room that is full closes, one that needs everyone who can come takes them, and the victim (2), an
  « alone » person (1) and a « with another » person (2 or more) keep out of rooms whose bounds rule
  their count out; the victim and the « alone » people need a room each (an all-different matching of
  them to rooms); the rooms must have space for every man and every woman.

The root (and every node of a long search) also checks that the people left can still fill the free
rows and columns by their clues alone — a memoised exact test in which people whose clues allow the same
cells are interchangeable, so a counting argument (six rows need a corner, only one person may stand on
one) costs a few states. Branching takes the person with the fewest cells, or who comes into a room that
needs one more person (the victim's companion, the one other man): the choice the room rules force.
Twins — two suspects of one gender with the same clues — can swap places in any solution, so a case with
twins has none or several: counting to 2, the search keeps twins in the order of their cells and shows a
board it finds twice, the second time swapped. Every full board is checked again by
:func:`meeple.games.murder.model.is_solution`, so propagation can only speed the search, never change
the answer. Figures: ``benchmarks/murder.py --adversarial``.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass

from meeple.core.errors import BudgetExceededError
from meeple.core.i18n import Msg
from meeple.games.murder.model import Case, Cell, bits, is_solution, violations

MATCHING_AFTER = 200
"""The fill test runs at the root, then at every node once the search passes this many nodes (on easy
cases, where propagation alone finishes, it would only cost time)."""

FILL_BUDGET = 400
"""One fill test gives up (and prunes nothing) after this many new states: a counting argument shows in a
few dozen, while a fillable board that the test finds hard to fill would only cost time."""

FILL_MEMO_LIMIT = 200_000
"""The fill test (:meth:`_Search._can_fill`) forgets what it learnt beyond this many states (memory bound)."""


ROOM_PREFERENCE = 2
"""Branching takes who comes into a room that needs somebody over a person's cells while it has fewer than
this many times as many choices: a room count fails fast where a person's cells may not (measured on the
stress set of ``benchmarks/murder.py --adversarial``: 1, 1.5, 3, 4 and 5 each blew up on some case —
seed 5034 took 292 453 nodes at 1, seed 4471 12 162 at 4 — where 2 stays under 6 200)."""

MATCHING_MEMO_LIMIT = 100_000
"""Largest row-column matchings remembered by cell set (memory bound)."""


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
    def __init__(self, case: Case, limit: int, given: Mapping[str, Cell], max_nodes: int | None = None) -> None:
        self.case = case
        self.limit = limit
        self.max_nodes = max_nodes
        self.ids = [p.id for p in case.people]
        self.n = len(self.ids)
        self.room_of = [case.room_masks[room] for room in case.room_index_of]
        self.row_of = [case.row_masks[i // case.size] for i in range(case.size * case.size)]
        self.col_of = [case.column_masks[i % case.size] for i in range(case.size * case.size)]
        self.victim = next(i for i, p in enumerate(case.people) if p.victim)
        self.alone = [any(c.kind == "alone" for c in case.clues_of(pid)) for pid in self.ids]
        self.genders = [p.gender for p in case.people]
        self.with_other = [
            (self.ids.index(c.person), case.room_masks[c.room or ""], c.gender or "")
            for c in case.clues if c.kind == "with_one_other"
        ]
        self.solutions: list[dict[str, Cell]] = []
        self.nodes = 0
        self.matchings: dict[int, int] = {}
        self.surely_in: dict[int, tuple[int, int]] = {}
        """Per room: how many people are surely in it, and at least how many counted gender by gender
        (the exact men/women of « avec un autre », else those surely there): set by :meth:`_room_bounds`."""
        self.short: list[tuple[int, list[int]]] = []
        """Rooms that need one more person (one more man, woman) from a group: set by :meth:`_room_counts`."""
        domains = [case.person_mask(pid) for pid in self.ids]
        # the head count of each person's room, as far as the rules say: the victim's holds 2, an « alone »
        # person's 1, a room « avec un autre homme » at least 2; a person asked two counts fits nowhere
        self.need = [(1, self.n)] * self.n
        for p, pid in enumerate(self.ids):
            least, most = (2, 2) if p == self.victim else (1, self.n)
            if self.alone[p]:
                most = 1
            if any(c.kind == "with_one_other" for c in case.clues_of(pid)):
                least = max(least, 2)
            self.need[p] = (least, most)
            if least > most:
                domains[p] = 0
        self.counted = [p for p in range(self.n) if self.need[p] != (1, self.n)]
        self.own_room = [p for p in range(self.n) if self.need[p][1] <= 2 and (p == self.victim or self.alone[p])]
        self.rooms = sorted(set(case.room_masks.values()))
        self.gender_set = sorted(set(self.genders))
        # « avec un autre homme » in room R: R holds exactly two men (the speaker and one other), or one
        # if the speaker is a woman; two clues asking different counts of one room fit nowhere
        self.exact_gender: dict[tuple[int, str], int] = {}
        for owner, room, gender in self.with_other:
            exact = 1 + (self.genders[owner] == gender)
            if self.exact_gender.setdefault((room, gender), exact) != exact:
                domains[owner] = 0
        for pid, cell in given.items():
            index = self.ids.index(pid)
            domains[index] &= 1 << case.index(cell)
        self.start = domains
        # twins: two suspects of one gender with the same clues (and cells) can swap places in any solution,
        # so a case with twins has no solution or several. Counting to 2 or less, the search keeps twins in
        # the order of their cells (one board of each swap) and shows a found board twice, swapped.
        classes: dict[tuple[object, ...], list[int]] = {}
        for p, person in enumerate(case.people):
            if not person.victim:
                clues = sorted((c.kind, c.index or 0, c.room or "", c.object or "", c.gender or "")
                               for c in case.clues_of(person.id))
                classes.setdefault((person.gender, domains[p], tuple(clues)), []).append(p)
        self.twins = [members for members in classes.values() if len(members) > 1] if limit <= 2 else []
        self.twin_class = {p: members for members in self.twins for p in members}
        kinds = sorted(set(domains), key=lambda cells: (cells.bit_count(), cells))  # the narrowest tried first
        self.kind_of = [kinds.index(domain) for domain in domains]
        self.kind_cells = kinds
        self.fill_memo: dict[tuple[int, int, tuple[int, ...]], bool] = {}
        self.fill_budget = FILL_BUDGET

    def run(self) -> None:
        self._search(list(self.start), [-1] * self.n)

    def _search(self, domains: list[int], placed: list[int]) -> None:
        self.nodes += 1
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            raise BudgetExceededError(Msg(f"plus de {self.max_nodes} nœuds de recherche",
                                          f"more than {self.max_nodes} search nodes"))
        if not self._propagate(domains, placed):
            return
        if (self.nodes == 1 or self.nodes > MATCHING_AFTER) and not self._can_fill(placed):
            return
        free = [p for p in range(self.n) if placed[p] < 0]
        if not free:
            board = {self.ids[p]: self.case.cell(placed[p]) for p in range(self.n)}
            if is_solution(self.case, board):
                self.solutions.append(board)
                if self.twins and len(self.solutions) < self.limit:
                    first, second = (self.ids[q] for q in self.twins[0][:2])
                    swapped = board | {first: board[second], second: board[first]}
                    self.solutions.append(swapped)  # the same board with two twins swapped: a solution too
            return
        branches = self._branches(domains, free)
        for i, (person, cell) in enumerate(branches):
            if len(self.solutions) >= self.limit:
                return
            branch = list(domains)
            for other, other_cell in branches[:i]:  # branches stay disjoint: no solution is counted twice
                branch[other] &= ~(1 << other_cell)
            branch[person] = 1 << cell
            self._search(branch, list(placed))

    def _branches(self, domains: list[int], free: list[int]) -> list[tuple[int, int]]:
        """(person, cell) choices one of which every solution makes: the cells of the person with the
        fewest, or — the room rules' own choice, preferred up to :data:`ROOM_PREFERENCE` times as many —
        who comes into a room that needs one more person (the victim's companion) or one more man (woman).
        Branch ``i`` also forbids choices ``0 … i-1``, so that a solution is found in one branch only."""
        person = min(free, key=lambda p: domains[p].bit_count())
        best = [(person, cell) for cell in bits(domains[person])]
        for room, group in self.short:
            choices = [(q, cell) for q in group if q in free for cell in bits(domains[q] & room)]
            if 1 < len(choices) < ROOM_PREFERENCE * len(best):
                best = choices
        return best

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
            if changed:
                continue  # the cheap rules first; the counting rules once these rest
            for lines in (rows, cols):
                hall = self._lines_matched(domains, lines)
                if hall is None:
                    return False
                changed = changed or hall
            if changed:
                continue
            counted = self._room_counts(domains, placed)
            if counted is None:
                return False
            changed = counted
        return True

    def _lines_matched(self, domains: list[int], lines: tuple[int, ...]) -> bool | None:
        """Everyone takes a line (row or column) of their own: keep only the lines a person can take while
        the others still get one each — Régin's all-different filter: match people to lines, then a person
        may move from their line to another only along a cycle of such moves (the same strongly connected
        component of the line graph). It finds every closed group (k people confined to k lines) at once.
        ``None`` when no matching covers everyone, else whether a domain shrank."""
        size = self.case.size
        options = [sum(1 << i for i, line in enumerate(lines) if domain & line) for domain in domains]
        holder = [-1] * size  # line -> person

        def augment(person: int, seen: int) -> int:
            free = options[person] & ~seen
            while free:
                low = free & -free
                seen |= low
                line = low.bit_length() - 1
                if holder[line] < 0:
                    holder[line] = person
                    return seen
                grown = augment(holder[line], seen)
                if grown >= 0:
                    holder[line] = person
                    return grown
                free &= ~low
            return -1

        for person in range(self.n):
            if augment(person, 0) < 0:
                return None
        # reach[a]: the lines reachable from line a (its person could move to b, whose person...)
        reach = [options[holder[line]] & ~(1 << line) for line in range(size)]
        for middle in range(size):
            bit = 1 << middle
            for line in range(size):
                if reach[line] & bit:
                    reach[line] |= reach[middle]
        changed = False
        for line in range(size):
            person = holder[line]
            allowed = 1 << line
            for other in bits(reach[line] & options[person]):
                if reach[other] >> line & 1:
                    allowed |= 1 << other
            if allowed != options[person]:
                domains[person] &= sum(lines[i] for i in bits(allowed))
                changed = True
        return changed

    def _room_counts(self, domains: list[int], placed: list[int]) -> bool | None:
        """Count heads room by room; ``None`` when the counts cannot add up, else whether a domain shrank.

        Each room's head count gets a low and a high bound (:meth:`_room_bounds`), then the rooms share
        the N people: a room holds at least N minus what the others can hold at most, and at most N minus
        what they hold at least. Then a full room is closed to everyone else, a room that needs everyone
        who can still come takes them, and a person whose room must hold a count (the victim 2, « seul »
        1, « avec un autre homme » 2 or more) is kept out of rooms whose bounds rule that count out.
        """
        free = [q for q in range(self.n) if placed[q] < 0]
        homes = [self.room_of[placed[q]] if placed[q] >= 0 else self._home(domains[q]) for q in range(self.n)]
        bounds = self._room_bounds(domains, placed, free, homes)
        if bounds is None:
            return None
        total_low = sum(low for low, _ in bounds.values())
        total_high = sum(high for _, high in bounds.values())
        if total_low > self.n or total_high < self.n:
            return None
        changed = False
        self.short = []
        for room, (low, high) in bounds.items():
            low, high = max(low, self.n - (total_high - high)), min(high, self.n - (total_low - low))
            if low > high:
                return None
            bounds[room] = (low, high)
            homed = sum(1 for q in range(self.n) if homes[q] == room)
            coming = [q for q in free if domains[q] & room and homes[q] != room]
            if not coming:
                continue
            if homed == high:  # full: closed to everyone else
                for q in coming:
                    domains[q] &= ~room
                changed = True
            elif homed + len(coming) == low:  # needs all who can come
                for q in coming:
                    domains[q] &= room
                changed = True
            elif homed < low:  # needs one of them at least: a choice to branch on
                self.short.append((room, coming))
        if len(self.own_room) > 1 and self._own_rooms(domains, placed):
            changed = True
        if self.exact_gender:
            shrank = self._gender_counts(domains, homes, bounds)
            if shrank is None:
                return None
            changed = changed or shrank
        for p in self.counted:
            if placed[p] >= 0:
                continue
            least, most = self.need[p]
            removed = 0
            for room in (room for room in self.rooms if domains[p] & room):
                low, high = bounds[room]
                if homes[p] != room:  # were p there, the room would have one more than those surely in it
                    surely, by_gender = self.surely_in[room]
                    low = max(low, surely + 1, by_gender + ((room, self.genders[p]) not in self.exact_gender))
                if low > most or high < least:
                    removed |= room
            if removed:
                domains[p] &= ~removed
                changed = True
        return changed

    def _room_bounds(self, domains: list[int], placed: list[int], free: list[int],
                     homes: list[int]) -> dict[int, tuple[int, int]] | None:
        """The low and high head count of each room, ``None`` if one room's low passes its high.

        Low: those surely in it (placed there, or with every cell left in it); the largest count one of
        them needs; ``placed + free - outside``, since the free people fill the free rows and columns one
        each, so those outside the room form a matching of rows to columns through the cells anybody can
        still take outside it (at most ``outside``, the largest such matching); and, gender by gender,
        the exact number of men (women) a room « avec un autre homme » holds, or those surely there.
        High: ``placed`` plus the largest matching inside it; those who can still be there; the smallest
        count one of those surely there allows (« seul » 1); and, gender by gender, the exact number or
        the men (women) who can be there.
        """
        reach = 0
        for q in free:
            reach |= domains[q]
        bounds: dict[int, tuple[int, int]] = {}
        for room in self.rooms:
            homed = [q for q in range(self.n) if homes[q] == room]
            by_gender = len(homed)
            placed_in = sum(1 for q in homed if placed[q] >= 0)
            can = homed + [q for q in free if domains[q] & room and homes[q] != room]
            low = max(len(homed), placed_in + len(free) - self._matching(reach & ~room),
                      max((self.need[q][0] for q in homed), default=0))
            high = min(placed_in + self._matching(reach & room), len(can),
                       min((self.need[q][1] for q in homed), default=self.n))
            if low == high and homed and len(free) > 1:  # tight: the exact fewest may be one more
                low = max(low, placed_in + self._fewest_inside(reach, room, placed))
            if self.exact_gender:
                low_sum = high_sum = 0
                for gender in self.gender_set:
                    exact = self.exact_gender.get((room, gender))
                    low_sum += exact if exact is not None else sum(1 for q in homed if self.genders[q] == gender)
                    can_gender = sum(1 for q in can if self.genders[q] == gender)
                    high_sum += min(exact, can_gender) if exact is not None else can_gender
                low, high = max(low, low_sum), min(high, high_sum)
                by_gender = low_sum
            if low > high:
                return None
            bounds[room] = (low, high)
            self.surely_in[room] = (len(homed), by_gender)
        return bounds

    def _own_rooms(self, domains: list[int], placed: list[int]) -> bool:
        """The victim and each « alone » person stand in rooms of their own, one each (the victim's holds
        only the murderer besides, who is not « alone »): a person keeps only rooms that leave the others
        a room each (a matching of these people to rooms, as an all-different constraint); whether a
        domain shrank. A person who can have no room at all is left with no cell."""
        rooms_of: dict[int, list[int]] = {}
        for p in self.own_room:
            domain = 1 << placed[p] if placed[p] >= 0 else domains[p]
            rooms_of[p] = [room for room in self.rooms if domain & room]
        owner: dict[int, int] = {}

        for p in self.own_room:
            if not self._rehome(p, rooms_of, owner, 0):
                domains[p] = 0  # no room left for somebody: the node fails
                return True
        changed = False
        for p in self.own_room:
            mine = next(room for room, q in owner.items() if q == p)
            removed = 0
            for room in rooms_of[p]:
                if room == mine:
                    continue
                # can p take ``room``? its holder, if any, must then find another room (p's is free)
                trial = dict(owner)
                holder = trial.get(room)
                del trial[mine]
                trial[room] = p
                if holder is not None and not self._rehome(holder, rooms_of, trial, room):
                    removed |= room
            if removed and placed[p] < 0:
                domains[p] &= ~removed
                changed = True
        return changed

    @staticmethod
    def _rehome(p: int, rooms_of: dict[int, list[int]], owner: dict[int, int], taken: int) -> bool:
        """Find ``p`` a room other than ``taken`` by an augmenting path through ``owner`` (updated)."""
        def augment(q: int, seen: set[int]) -> bool:
            for room in rooms_of[q]:
                if room in seen:
                    continue
                seen.add(room)
                if room not in owner or augment(owner[room], seen):
                    owner[room] = q
                    return True
            return False

        return augment(p, {taken})

    def _gender_counts(self, domains: list[int], homes: list[int], bounds: dict[int, tuple[int, int]]) -> bool | None:
        """The rooms « avec un autre homme / une autre femme » hold an exact number of men (women): a room
        that has them all is closed to other men, one that needs every man who can come takes them, and the
        rooms together must have room for every man (woman). ``None`` when the counts cannot add up."""
        changed = False
        for gender in self.gender_set:
            group = [q for q in range(self.n) if self.genders[q] == gender]
            capacity = 0
            for room in self.rooms:
                homed = sum(1 for q in group if homes[q] == room)
                others_homed = sum(1 for q in range(self.n) if homes[q] == room and self.genders[q] != gender)
                coming = [q for q in group if homes[q] != room and domains[q] & room]
                cap = min(bounds[room][1] - others_homed, homed + len(coming))
                exact = self.exact_gender.get((room, gender))
                if exact is not None:
                    if homed > exact or homed + len(coming) < exact:
                        return None
                    if coming and homed == exact:
                        for q in coming:
                            domains[q] &= ~room
                        changed = True
                    elif coming and homed + len(coming) == exact:
                        for q in coming:
                            domains[q] &= room
                        changed = True
                    elif coming and homed < exact:
                        self.short.append((room, coming))
                    cap = min(cap, exact)
                capacity += max(cap, 0)
            if capacity < len(group):
                return None
        return changed

    def _home(self, domain: int) -> int:
        """The room holding every cell of ``domain``, or 0."""
        if not domain:
            return 0
        room = self.room_of[(domain & -domain).bit_length() - 1]
        return room if domain & ~room == 0 else 0

    def _fewest_inside(self, reach: int, room: int, placed: list[int]) -> int:
        """The fewest free people ``room`` must take: the free rows and columns are filled one person each
        through cells someone can take, so this is a cheapest assignment of rows to columns where a cell
        of the room costs 1 and one outside it 0 (Hungarian method, at most 9 × 9). A row that cannot be
        assigned at all counts as the whole board (the caller's other checks fail that node anyway)."""
        size = self.case.size
        taken_rows = {placed[q] // size for q in range(self.n) if placed[q] >= 0}
        taken_cols = {placed[q] % size for q in range(self.n) if placed[q] >= 0}
        rows = [r for r in range(size) if r not in taken_rows]
        cols = [c for c in range(size) if c not in taken_cols]
        unreachable = size + 1
        cost = [[(1 if room >> (r * size + c) & 1 else 0) if reach >> (r * size + c) & 1 else unreachable
                 for c in cols] for r in rows]
        total = _assignment(cost)
        return min(total, size) if total < unreachable else size

    def _matching(self, cells: int) -> int:
        """The most people that cells of ``cells`` can hold, one per row and column (a maximum bipartite
        matching of rows to columns, by augmenting paths: at most 9 × 9; remembered)."""
        known = self.matchings.get(cells)
        if known is None:
            if len(self.matchings) > MATCHING_MEMO_LIMIT:
                self.matchings.clear()
            known = self.matchings[cells] = self._match(cells)
        return known

    def _match(self, cells: int) -> int:
        size = self.case.size
        line = (1 << size) - 1
        adjacent = [(cells >> (row * size)) & line for row in range(size)]
        owner = [-1] * size

        def augment(row: int, seen: int) -> int:
            options = adjacent[row] & ~seen
            while options:
                low = options & -options
                col = low.bit_length() - 1
                seen |= low
                if owner[col] < 0:
                    owner[col] = row
                    return seen
                grown = augment(owner[col], seen)
                if grown >= 0:
                    owner[col] = row
                    return grown
                options &= ~low
            return -1

        return sum(1 for row in range(size) if adjacent[row] and augment(row, 0) >= 0)

    def _place(self, p: int, cell: int, domains: list[int], placed: list[int]) -> bool:
        placed[p] = cell
        domains[p] = 1 << cell
        for q in self.twin_class.get(p, ()):  # twins stand in the order of their cells
            if q == p:
                continue
            if placed[q] >= 0:
                if (q < p) != (placed[q] < cell):
                    return False
            else:
                domains[q] &= (1 << cell) - 1 if q < p else ~((1 << (cell + 1)) - 1)
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
            return True
        room = self.room_of[victim_cell]
        count = sum(1 for q in range(self.n) if placed[q] >= 0 and (1 << placed[q]) & room)
        if count > 2:
            return False
        if count == 2:
            self._exclude(room, domains, placed, keep=())
            return True
        reach = [q for q in range(self.n) if placed[q] < 0 and domains[q] & room]
        if not reach:
            return False  # nobody left can join the victim
        if len(reach) == 1:
            domains[reach[0]] &= room  # the only one who can: the murderer
        return True

    def _with_other_rule(self, domains: list[int], placed: list[int]) -> bool:
        for owner, room, gender in self.with_other:
            others = [q for q in range(self.n) if q != owner and self.genders[q] == gender]
            count = sum(1 for q in others if placed[q] >= 0 and (1 << placed[q]) & room)
            count += sum(1 for q in others if placed[q] < 0 and domains[q] & ~room == 0)
            if count > 1:
                return False
            reach = [q for q in others if placed[q] < 0 and domains[q] & room]
            if count == 1:
                for q in reach:
                    if domains[q] & ~room:
                        domains[q] &= ~room
            elif not reach:
                return False  # the other man (woman) can no longer come
            elif len(reach) == 1:
                domains[reach[0]] &= room
        return True


def _assignment(cost: list[list[int]]) -> int:
    """The least total cost of giving each row its own column (a square matrix; Hungarian method)."""
    n = len(cost)
    big = 1 << 30
    u, v, owner, way = [0] * (n + 1), [0] * (n + 1), [0] * (n + 1), [0] * (n + 1)
    for row in range(1, n + 1):
        owner[0] = row
        col0 = 0
        least = [big] * (n + 1)
        used = [False] * (n + 1)
        while True:
            used[col0] = True
            row0, delta, col1 = owner[col0], big, 0
            for col in range(1, n + 1):
                if not used[col]:
                    reduced = cost[row0 - 1][col - 1] - u[row0] - v[col]
                    if reduced < least[col]:
                        least[col], way[col] = reduced, col0
                    if least[col] < delta:
                        delta, col1 = least[col], col
            for col in range(n + 1):
                if used[col]:
                    u[owner[col]] += delta
                    v[col] -= delta
                else:
                    least[col] -= delta
            col0 = col1
            if owner[col0] == 0:
                break
        while col0:
            col1 = way[col0]
            owner[col0] = owner[col1]
            col0 = col1
    return -v[0]


def count_solutions(case: Case, limit: int = 2, given: Mapping[str, Cell] | None = None,
                    max_nodes: int | None = None) -> ExactResult:
    """Count the solutions of ``case`` (with some people already ``given``), stopping at ``limit``.

    With ``max_nodes``, a search that would visit more nodes stops with :class:`BudgetExceededError`
    (the case editor's bound: a draft is anything a person draws, not a case the generator proved)."""
    started = time.perf_counter()
    search = _Search(case, limit, given or {}, max_nodes)
    search.run()
    solutions = search.solutions[:limit]
    return ExactResult(len(solutions), solutions, search.nodes, time.perf_counter() - started)


def answer_board(case: Case, max_nodes: int | None = None) -> dict[str, Cell] | None:
    """The board a printed answer shows: the case's own solution when it breaks no rule, else the first
    solution the search finds (``None``: there is none). ``max_nodes`` bounds that search as in
    :func:`count_solutions`."""
    if case.solution and not violations(case, dict(case.solution)):
        return dict(case.solution)
    found = count_solutions(case, 1, max_nodes=max_nodes)
    return found.solutions[0] if found.solutions else None
