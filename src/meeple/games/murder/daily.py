"""The daily case: the same case for everyone on a date, its size and difficulty set by the day of the week
(easy early in the week, the hardest on Sunday, as daily puzzles go), generated from the date alone."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime

from meeple.core.errors import MeepleError
from meeple.core.i18n import Msg
from meeple.games.murder.ladder import LEVEL_NAMES

WEEK: tuple[tuple[int, int], ...] = ((5, 1), (6, 1), (6, 2), (7, 2), (7, 3), (8, 3), (9, 4))
"""(size, difficulty) from Monday to Sunday: 5×5 facile on Monday … 9×9 expert on Sunday."""

FIRST_DAY = date(2000, 1, 1)
LAST_DAY = date(2999, 12, 31)

WEEKDAYS = (Msg("lundi", "Monday"), Msg("mardi", "Tuesday"), Msg("mercredi", "Wednesday"), Msg("jeudi", "Thursday"),
            Msg("vendredi", "Friday"), Msg("samedi", "Saturday"), Msg("dimanche", "Sunday"))


@dataclass(frozen=True)
class DailyCase:
    """What a date's case is: its size, difficulty and seed (the date as YYYYMMDD)."""

    day: date
    size: int
    difficulty: int

    @property
    def seed(self) -> int:
        """The generator's seed: the date's digits."""
        return self.day.year * 10_000 + self.day.month * 100 + self.day.day

    @property
    def title(self) -> Msg:
        """« Enquête du jour — mercredi 2026-12-02, 6×6, moyen »."""
        weekday, level, n = WEEKDAYS[self.day.weekday()], LEVEL_NAMES[self.difficulty], self.size
        return Msg(f"Enquête du jour — {weekday.fr} {self.day.isoformat()}, {n}×{n}, {level.fr}",
                   f"Daily case — {weekday.en} {self.day.isoformat()}, {n}×{n}, {level.en}")

    def to_json(self) -> dict[str, object]:
        """For the browser: the date, size, difficulty and its name, the title, and the room's options."""
        return {"date": self.day.isoformat(), "size": self.size, "difficulty": self.difficulty,
                "level": LEVEL_NAMES[self.difficulty].to_json(), "title": self.title.to_json(),
                "options": {"daily": self.day.isoformat()}}


def daily_case(day: date) -> DailyCase:
    """The daily case of ``day``."""
    size, difficulty = WEEK[day.weekday()]
    return DailyCase(day, size, difficulty)


def today() -> date:
    """Today in UTC: one daily case for the whole world at a time."""
    return datetime.now(UTC).date()


def parse_day(text: object) -> date:
    """A date written YYYY-MM-DD, from 2000 to 2999; anything else is a clear error."""
    try:
        day = date.fromisoformat(text) if isinstance(text, str) and len(text) == 10 else None
    except ValueError:
        day = None
    if day is None or not FIRST_DAY <= day <= LAST_DAY:
        raise MeepleError(Msg(f"date {text!r} : AAAA-MM-JJ attendu, de {FIRST_DAY} à {LAST_DAY}",
                              f"date {text!r}: YYYY-MM-DD expected, from {FIRST_DAY} to {LAST_DAY}"))
    return day
