"""The difficulty ladder: named deductions with weights, and the grade of a case from the steps that solve it.

In the spirit of Sudoku Explainer's ratings and HoDoKu's scores: each deduction the logical solver makes is a
rung of :data:`RUNGS` with a *weight* (how hard it is to see, 0-7); the *hardest* step sets the level (the band
its weight falls in, :data:`LEVEL_BANDS`), and the *effort* — the sum of every step's weight, per person of the
case — moves it up when it passes that level's budget (:data:`EFFORT_BUDGETS`), as HoDoKu raises a puzzle
whose score passes its level's maximum. The levels are « facile / moyen / difficile / expert ».

Placing somebody is rated by what the player must combine to see it: one clue alone (``direct``), several
clues of that person (``crossed``), their clues and the rows and columns other people already hold
(``last_place``, heavier the more lines it takes: ``k`` lines), the last person left (``last_person``).
docs/rules/murder.md rule 15 gives the table with an example of each and the published cases' grades.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from meeple.core.errors import MeepleError
from meeple.core.i18n import Msg

LEVEL_NAMES: dict[int, Msg] = {1: Msg("facile", "easy"), 2: Msg("moyen", "medium"), 3: Msg("difficile", "hard"),
                               4: Msg("expert", "expert")}
MAX_LEVEL = 4

LEVEL_BANDS: tuple[float, ...] = (2.0, 3.0, 4.0)
"""The heaviest weight of each level but the last: a step of weight ≤ 2.0 is « facile », ≤ 3.0 « moyen », ≤ 4.0
« difficile », above « expert »."""

EFFORT_BUDGETS: dict[int, float] = {1: 2.0, 2: 2.0, 3: 3.4}
"""The most effort per person a case of each level may take (the sum of its steps' weights divided by the
number of people); past it, the case is graded one level up (HoDoKu raises a puzzle whose score passes its
level's maximum). Measured on the ten published cases and on generated ones: ``benchmarks/murder.py
--ladder``, figures in ``benchmarks/README.md``."""


def level_of(weight: float) -> int:
    """The level of a step of ``weight`` (:data:`LEVEL_BANDS`)."""
    return 1 + sum(1 for top in LEVEL_BANDS if weight > top)


@dataclass(frozen=True)
class Rung:
    """A named deduction: its key, its name, its weight (or the weight of its first size: ``step`` more for each
    size above the first, up to ``most``) and an example sentence (the docs show the table)."""

    key: str
    name: Msg
    weight: float
    step: float = 0.0
    most: float = 0.0

    def weight_for(self, size: int = 1) -> float:
        """The weight of this deduction at ``size`` (the lines a placement takes, the people of a group)."""
        return round(min(self.weight + self.step * max(size - 1, 0), self.most or 99.0), 2)

    @property
    def level(self) -> int:
        """The level of the deduction at its first size."""
        return level_of(self.weight)


RUNGS: dict[str, Rung] = {rung.key: rung for rung in (
    Rung("given", Msg("déjà placé", "already placed"), 0.0),
    Rung("decor", Msg("le décor bloque sa case", "decor blocks its cell"), 0.0),
    Rung("clue", Msg("lire un indice", "reading a clue"), 0.0),
    Rung("last_person", Msg("la dernière personne", "the last person"), 0.5),
    Rung("direct", Msg("un indice suffit", "one clue is enough"), 1.0),
    Rung("crossed", Msg("indices croisés", "crossed clues"), 1.5, 0.3, 1.8),
    Rung("last_place", Msg("dernière place", "last place"), 1.5, 0.5, 2.5),
    Rung("line_claimed", Msg("rangée ou colonne réservée", "row or column claimed"), 2.0),
    Rung("line_single", Msg("seul à pouvoir occuper une rangée ou colonne", "the only one for a row or column"), 2.5),
    Rung("alone", Msg("seul dans la pièce", "alone in the room"), 3.2),
    Rung("victim_room", Msg("la pièce de la victime", "the victim's room"), 3.4),
    Rung("with_other", Msg("avec un autre homme / une autre femme", "with another man / woman"), 3.6),
    Rung("room_capacity", Msg("place pour deux dans la pièce", "room for two in the room"), 3.8),
    Rung("cross", Msg("croix qui bloque une personne", "a cross that blocks someone"), 4.5),
    Rung("closed_group", Msg("groupe fermé de rangées ou de colonnes", "closed group of rows or columns"), 5.0, 0.5, 6.0),
    Rung("room_census", Msg("recensement des pièces", "room census"), 6.0),
    Rung("crowded_room", Msg("pièce trop pleine", "crowded room"), 6.5),
)}
"""The ladder, lightest first. ``crossed`` weighs 1.5 for two clues (size 1) and 1.8 for three or more; ``last_place``
1.5 for one line, 2.0 for two, 2.5 for three or more; ``closed_group`` 5.0 for two people, 5.5, 6.0 for four."""


@dataclass(frozen=True)
class Grade:
    """What the steps of a solve add up to: the level, the hardest step's weight and rung, the effort."""

    level: int
    hardest: float
    hardest_rung: str
    effort: float
    steps: int
    people: int

    @property
    def effort_per_person(self) -> float:
        """The effort divided by the number of people (what :data:`EFFORT_BUDGETS` bound)."""
        return self.effort / max(self.people, 1)

    def to_json(self) -> dict[str, object]:
        """For the command line and the browser: level, its name, hardest weight and rung, effort, steps."""
        return {"level": self.level, "name": LEVEL_NAMES[self.level].to_json(), "hardest": self.hardest,
                "hardest_rung": self.hardest_rung, "effort": round(self.effort, 1), "steps": self.steps}


def grade(weights: Sequence[tuple[str, float]], people: int) -> Grade:
    """The grade of a solve whose steps have these (rung, weight): the level of the hardest, one higher when
    the effort per person passes that level's budget."""
    hardest_rung, hardest = max(weights, key=lambda item: item[1], default=("clue", 0.0))
    effort = sum(weight for _, weight in weights)
    level = level_of(hardest)
    if level < MAX_LEVEL and effort / max(people, 1) > EFFORT_BUDGETS[level]:
        level += 1
    return Grade(level, hardest, hardest_rung, effort, len(weights), people)


def parse_difficulty(text: str | int) -> int:
    """A difficulty from ``1``-``4`` or its name in either language (facile/easy, moyen/medium, ...)."""
    value = str(text).strip().lower()
    for level, name in LEVEL_NAMES.items():
        if value in (str(level), name.fr, name.en):
            return level
    raise MeepleError(Msg(f"difficulté inconnue « {text} » : 1/facile, 2/moyen, 3/difficile, 4/expert",
                          f"unknown difficulty {text!r}: 1/easy, 2/medium, 3/hard, 4/expert"))


def lines_to_cover(need: int, facts: Sequence[int], most: int = 3) -> int | None:
    """The fewest of ``facts`` (masks of rows and columns already held) that together cover every cell of
    ``need``, up to ``most`` (``most + 1`` when more are needed; ``None`` when all of them do not)."""
    if not need:
        return 0
    union = 0
    for fact in facts:
        union |= fact
    if need & ~union:
        return None
    useful = [fact & need for fact in facts if fact & need]
    for size in range(1, most + 1):
        for group in combinations(useful, size):
            covered = 0
            for fact in group:
                covered |= fact
            if covered == need:
                return size
    return most + 1
