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


def test_no_variant_that_narrows_a_stated_sentence_is_on_by_default() -> None:
    """Rule 15 makes adjacency the condition of a take; the options that refuse some adjacent takes are
    variants (engine.NARROWING_VARIANTS, docs/rules/ilyos.md §3), off unless a player turns them on."""
    from pathlib import Path

    from meeple.games.ilyos.engine import NARROWING_VARIANTS

    assert set(NARROWING_VARIANTS) == {"village_refuge", "escort", "no_retake"}
    assert [name for name in NARROWING_VARIANTS if DEFAULT_OPTIONS[name]] == []
    page = (Path(__file__).resolve().parents[3] / "docs" / "rules" / "ilyos.md").read_text()
    for name in NARROWING_VARIANTS:
        assert f"| `{name}` | off | variant, off by default |" in page, name
    assert all(normalize_options({name: True})[name] for name in NARROWING_VARIANTS), "still playable"
