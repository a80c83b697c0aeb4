"""Saved games keep the rules they were played with when the defaults change (engine.stored_options)."""

from __future__ import annotations

from meeple.games.ilyos.engine import (
    DEFAULT_OPTIONS,
    OPTIONS_BEFORE_THEY_EXISTED,
    normalize_options,
    stored_options,
)


def test_a_game_saved_before_the_later_options_reads_back_with_the_rules_of_its_time() -> None:
    old = stored_options({"mode": "duel", "islands": 8})
    assert old["size"] == 11 and old["compensation"] == 2
    assert not any(old[key] for key in ("village_refuge", "anchored_carriers", "escort", "no_retake"))
    assert normalize_options({})["size"] == DEFAULT_OPTIONS["size"] != OPTIONS_BEFORE_THEY_EXISTED["size"]


def test_a_game_saved_with_every_option_reads_back_unchanged() -> None:
    today = normalize_options({"mode": "2v2", "crowns": 3})
    assert stored_options(today) == today
