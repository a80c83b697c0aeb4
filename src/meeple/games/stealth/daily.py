"""The daily level: one generated level per date, the same for everyone (R27).

The date chooses everything: the weekday picks the mechanics and the difficulty (:data:`WEEK`, a gentle
Monday to a hard weekend), the date itself is the generator's seed (``20250601``). The level is made by the
ordinary generator (:mod:`.generator`: validated, every requested mechanic needed, the design thresholds of
the levels beyond act 1 met, no filler step, no dead stub), so it is the same level on every machine that runs
the same meeple. Should a seed give no level within :data:`DAILY_ATTEMPTS` candidates, the next seed is tried
(:data:`DAILY_SEEDS` at most) — deterministically too.

``meeple stealth daily [--date YYYY-MM-DD]`` prints or writes it; the server's ``daily`` catalogue question
answers it for a date within a day of the server's own (:func:`check_server_date`), computed in a worker and
remembered for the few dates asked (:data:`CACHE_SIZE`).
"""

from __future__ import annotations

import datetime as dt
import re
from collections import OrderedDict
from typing import Any

from meeple.core.errors import FormatError, MeepleError
from meeple.core.i18n import Msg
from meeple.games.stealth.generator import Generated, check_request, generate

WEEK: tuple[tuple[tuple[str, ...], int], ...] = (
    (("sentry", "oneway"), 3),          # Monday
    (("patrol-walk", "door"), 3),       # Tuesday
    (("pivot-turn", "stone"), 3),       # Wednesday
    (("diverted-front", "door"), 4),    # Thursday
    (("stone", "door"), 4),             # Friday
    (("patrol-walk", "stone"), 4),      # Saturday
    (("patrol-walk", "stone"), 5),      # Sunday
)
"""Per weekday (Monday first): the mechanics the day's level needs and its least difficulty (R24). Chosen among
the pairs the generator accepts most often (benchmarks/README.md): a date must never wait long for its level."""
DAILY_ATTEMPTS = 1_500
"""Candidates one seed may take before the next seed is tried."""
DAILY_STATES = 1_500
"""Reachable states a daily level may have: a small level, quick to make (each candidate and each refinement
step is checked in milliseconds) and to play on a phone."""
DAILY_SEEDS = 8
"""Seeds tried at most for one date."""
CACHE_SIZE = 4
"""Dates whose level a process remembers (the server is asked about yesterday, today and tomorrow)."""
_CACHE: OrderedDict[str, dict[str, Any]] = OrderedDict()


def parse_date(text: Any, where: str = "date") -> dt.date:
    """A ``YYYY-MM-DD`` date, or a FormatError naming ``where``."""
    if not isinstance(text, str) or not re.fullmatch(r"\d{4}-\d{2}-\d{2}", text):
        raise FormatError("params", where, Msg("une date AAAA-MM-JJ est attendue", "a YYYY-MM-DD date is expected"))
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        raise FormatError("params", where, Msg(f"date impossible « {text} »", f"no such date '{text}'")) from None


def check_server_date(date: dt.date, today: dt.date | None = None) -> dt.date:
    """A date a player somewhere can be living (the server's UTC date ± 1 day), else a FormatError: the server
    does not make levels for any date a client names (each costs a generation)."""
    today = today or dt.datetime.now(dt.UTC).date()
    if abs((date - today).days) > 1:
        raise FormatError("params", "date", Msg("le niveau du jour n'existe que pour hier, aujourd'hui et demain",
                                                "the daily level exists only for yesterday, today and tomorrow"))
    return date


def daily_request(date: dt.date) -> tuple[tuple[str, ...], int, int]:
    """The mechanics, difficulty and first seed of ``date``'s level."""
    mechanics, difficulty = WEEK[date.weekday()]
    return mechanics, difficulty, int(date.strftime("%Y%m%d"))


def make_daily(date: dt.date) -> Generated:
    """Generate ``date``'s level (the same for the same date); MeepleError if no seed gave one."""
    mechanics, difficulty, seed = daily_request(date)
    for offset in range(DAILY_SEEDS):
        request = check_request(seed + offset, mechanics, difficulty, 1, DAILY_ATTEMPTS, at_least=True,
                                max_states=DAILY_STATES)
        try:
            made = next(generate(request, prefix=f"daily-{date.isoformat()}"))
        except MeepleError:
            continue
        made.document["id"] = f"daily-{date.isoformat()}"
        made.document["title"] = {"fr": f"Niveau du jour · {date.isoformat()}", "en": f"Daily level · {date.isoformat()}"}
        return made
    raise MeepleError(Msg(f"pas de niveau du jour pour le {date.isoformat()}", f"no daily level for {date.isoformat()}"))


def daily_level(date: dt.date) -> dict[str, Any]:
    """``date``'s level document, remembered for the last :data:`CACHE_SIZE` dates asked."""
    key = date.isoformat()
    if key not in _CACHE:
        _CACHE[key] = make_daily(date).document
        while len(_CACHE) > CACHE_SIZE:
            _CACHE.popitem(last=False)
    _CACHE.move_to_end(key)
    return _CACHE[key]


def daily_answer(params: Any) -> dict[str, Any]:
    """The server's ``daily`` question: ``{"date", "level"}`` for ``params["date"]`` (within a day of today)."""
    text = params.get("date") if isinstance(params, dict) else None
    date = check_server_date(parse_date(text))
    return {"date": date.isoformat(), "level": daily_level(date)}
