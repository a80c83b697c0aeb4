"""The app's language: the first visit follows the browser's (French for fr-*, English otherwise), then the
player's own choice is kept."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def test_an_english_browser_gets_the_app_in_english_then_the_players_choice_is_kept(new_page: Any) -> None:
    page = new_page(locale="en-GB")
    expect(page.locator("h1")).to_have_text("Choose a game")
    assert page.get_attribute("html", "lang") == "en"
    page.click("[data-lang=fr]")
    expect(page.locator("h1")).to_have_text("Choisissez un jeu")
    page.reload()
    page.wait_for_selector(".game-cards [data-game=murder]")
    expect(page.locator("h1")).to_have_text("Choisissez un jeu")  # the choice, not the browser, wins now


def test_a_french_browser_gets_the_app_in_french(new_page: Any) -> None:
    page = new_page(locale="fr-CA")
    expect(page.locator("h1")).to_have_text("Choisissez un jeu")
    assert page.get_attribute("html", "lang") == "fr"
