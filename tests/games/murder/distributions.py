"""What a set of cases looks like: house shapes and clue mix, for the generator's test and benchmark.

Used by ``test_generate.py`` (generated cases near the published ones, with tolerances) and by
``benchmarks/murder.py --houses`` (the full table, generated beside the ten reference cases).
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from meeple.games.murder.generate import FAMILIES
from meeple.games.murder.model import Case


@dataclass(frozen=True)
class HouseStats:
    """One case's house: how many rooms, and their sizes (cells), largest first."""

    size: int
    rooms: int
    sizes: tuple[int, ...]

    @property
    def largest(self) -> int:
        """The largest room's cells."""
        return self.sizes[0]

    @property
    def smallest(self) -> int:
        """The smallest room's cells."""
        return self.sizes[-1]


def house_stats(case: Case) -> HouseStats:
    """The house of ``case``."""
    counts = Counter(room for row in case.grid for room in row)
    return HouseStats(case.size, len(counts), tuple(sorted(counts.values(), reverse=True)))


@dataclass(frozen=True)
class ClueMix:
    """The clues of a set of cases: share of each family, and who holds them."""

    families: dict[str, float]
    """Share of all clues by family (line, room, object, beside, corner, company), 0-1."""
    negated_lines: float
    """Share of all clues that are ``not_row``/``not_column``."""
    suspects_without_clue: int
    """Suspects (not the victim) with no clue at all, over every case."""
    victims_with_clue: int
    """Cases whose victim has a clue of their own."""
    cases: int


def clue_mix(cases: Iterable[Case]) -> ClueMix:
    """The clue mix of ``cases``."""
    families: Counter[str] = Counter()
    negated = total = bare = victim = count = 0
    for case in cases:
        count += 1
        for clue in case.clues:
            families[FAMILIES[clue.kind]] += 1
            negated += clue.kind in ("not_row", "not_column")
            total += 1
        holders = Counter(clue.person for clue in case.clues)
        bare += sum(1 for p in case.people if not p.victim and not holders[p.id])
        victim += holders[case.victim.id] > 0
    shares = {family: families[family] / max(total, 1) for family in sorted(set(FAMILIES.values()))}
    return ClueMix(shares, negated / max(total, 1), bare, victim, count)


def median(values: Iterable[float]) -> float:
    """The median (of at least one value)."""
    return float(statistics.median(list(values)))
