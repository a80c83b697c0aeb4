"""The « Règles » / "Rules" dialog: on the new-game page of every game and on a room page, opened and
closed from the keyboard, with the focus back on its button."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.web.browser import start_local_game

pytestmark = pytest.mark.browser

GAMES = ["stealth", "ilyos", "skirmish", "hive", "murder"]


def open_and_close_by_keyboard(page: Any, heading: str, goal: str) -> None:
    """Tab-focus the Rules button, Enter opens the dialog, Escape closes it and the focus comes back."""
    page.focus("#rules-button")
    page.keyboard.press("Enter")
    dialog = page.get_by_role("dialog")
    expect(dialog).to_be_visible()
    # the name as the reader says it: Chromium may add a space at its end (a flex box's edge), which no one hears
    expect(dialog).to_have_accessible_name(re.compile(rf"^\s*{re.escape(heading)}\s*$"))
    expect(dialog.locator("h3").first).to_have_text(goal)
    assert dialog.locator(".rules-piece").count() >= 3  # each piece or enemy type with its picture
    assert dialog.locator(".rules-piece svg[role=img][aria-label]").count() >= 3
    page.keyboard.press("Escape")
    expect(page.locator("dialog")).to_have_count(0)
    expect(page.locator("#rules-button")).to_be_focused()


def test_every_new_game_page_has_its_rules(page: Any) -> None:
    for game in GAMES:
        page.click("#home-link")
        page.click(f"[data-game={game}]")
        title = page.inner_text("h1").strip()
        open_and_close_by_keyboard(page, f"Règles : {title}", "But du jeu")


def test_the_rules_in_english_and_on_a_room_page(page: Any) -> None:
    page.click("[data-lang=en]")
    start_local_game(page, "stealth")
    open_and_close_by_keyboard(page, "Rules: Stealth", "Goal")
    page.click("#rules-button")
    dialog = page.get_by_role("dialog")
    expect(dialog).to_contain_text("Walk onto an enemy's node from any direction other than the one it faces")
    page.click("#rules-close")
    expect(page.locator("dialog")).to_have_count(0)
