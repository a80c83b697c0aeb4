"""The default ILYOS setup is the one the latest balance study measured (docs/rules/ilyos.md §14, fourth study).

``benchmarks/results/ilyos-study4.jsonl`` keeps every game of that study (issue 28: the page's rules, no
narrowing variant on), one JSON line each, as ``benchmarks/ilyos_balance.py`` wrote them; the earlier study
(``ilyos-study3.jsonl``, the three protections on) stays as data for the variants. These tests tie the shipped
defaults to the fourth study's games: a default changed without a new study fails here, and the figures the
rules page gives are the data's. The study is at Hard (100 duels per diagonal): the 400-duel Expert run of
issue 28 remains to do.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from meeple.core.stats import wilson_interval
from meeple.games.ilyos.engine import DEFAULT_OPTIONS, normalize_options

ROOT = Path(__file__).resolve().parents[3]
STUDY = ROOT / "benchmarks" / "results" / "ilyos-study4.jsonl"
DEFAULT_VARIANTS = ("size15-a-p1", "size15-a-p1-m")


def _games(level: str = "hard") -> list[dict[str, Any]]:
    lines = [json.loads(line) for line in STUDY.read_text().splitlines() if line.strip()]
    return [game for game in lines if game["variant"] in DEFAULT_VARIANTS and game["level"] == level]


def _first(games: list[dict[str, Any]]) -> float:
    return sum(0.5 if game["draw"] else float(game["first_team_won"]) for game in games) / len(games)


def test_the_studied_setup_is_the_default_on_both_diagonals() -> None:
    games = _games()
    for game in games:
        mirrored = game["variant"].endswith("-m")
        expected = {**DEFAULT_OPTIONS, "first_diagonal": "NE-SW" if mirrored else "NW-SE"}
        assert normalize_options(game["options"]) == expected, (game["variant"], game["index"])
    per_diagonal = {variant: sum(game["variant"] == variant for game in games) for variant in DEFAULT_VARIANTS}
    assert per_diagonal == {"size15-a-p1": 100, "size15-a-p1-m": 100}
    assert len({(game["variant"], game["index"]) for game in games}) == len(games), "each game once"


def test_the_rules_page_gives_the_studys_figures_per_diagonal() -> None:
    page = (ROOT / "docs" / "rules" / "ilyos.md").read_text()
    for variant in DEFAULT_VARIANTS:
        games = [game for game in _games() if game["variant"] == variant]
        first = _first(games)
        low, high = wilson_interval(first * len(games), len(games))
        three = sum(game["reason"] == "three" for game in games)
        row = f"| {variant} | hard | {len(games)} | {three / len(games):.0%} | {first:.0%} [{low:.0%}, {high:.0%}] |"
        assert row in page, row
