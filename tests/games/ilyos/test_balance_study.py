"""The default ILYOS setup is the one the balance study measured (docs/rules/ilyos.md §14, third study).

``benchmarks/results/ilyos-study3.jsonl`` keeps every game of that study, one JSON line each, as
``benchmarks/ilyos_balance.py`` wrote them. These tests tie the shipped defaults to those games: a default
changed without a new study fails here, and the headline figures of the rules page are the data's.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from meeple.games.ilyos.engine import DEFAULT_OPTIONS, normalize_options

STUDY = Path(__file__).resolve().parents[3] / "benchmarks" / "results" / "ilyos-study3.jsonl"
DEFAULT_VARIANTS = ("size15-raen-p1", "size15-raen-p1-m")


def _games(level: str = "expert") -> list[dict[str, Any]]:
    lines = [json.loads(line) for line in STUDY.read_text().splitlines() if line.strip()]
    return [game for game in lines if game["variant"] in DEFAULT_VARIANTS and game["level"] == level]


def test_the_studied_setup_is_the_default_on_both_diagonals() -> None:
    games = _games()
    for game in games:
        mirrored = game["variant"].endswith("-m")
        expected = {**DEFAULT_OPTIONS, "first_diagonal": "NE-SW" if mirrored else "NW-SE"}
        assert normalize_options(game["options"]) == expected, (game["variant"], game["index"])
    per_diagonal = {variant: sum(game["variant"] == variant for game in games) for variant in DEFAULT_VARIANTS}
    assert per_diagonal == {"size15-raen-p1": 200, "size15-raen-p1-m": 200}
    assert len({(game["variant"], game["index"]) for game in games}) == len(games), "each game once"


def test_the_rules_page_headline_figures_are_the_studys() -> None:
    games = _games()
    first = sum(0.5 if game["draw"] else float(game["first_team_won"]) for game in games) / len(games)
    three = sum(game["reason"] == "three" for game in games)
    rounds = sorted(game["rounds"] for game in games)
    assert len(games) >= 400 and 0.45 <= first <= 0.55  # the goal for the turn order
    page = (Path(__file__).resolve().parents[3] / "docs" / "rules" / "ilyos.md").read_text()
    assert f"**{first:.0%}".replace("%", " %") in page  # "**49 %": the default's row
    assert f"({three})" in page and f"{three / len(games):.0%}".replace("%", " %") in page
    assert 12 <= rounds[len(rounds) // 2] <= 25
