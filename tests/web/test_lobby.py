"""The lobby: the five games, French by default with an English switch, the keyboard, a phone's width."""

from __future__ import annotations

from typing import Any

import pytest

from tests.server.live import LiveServer

pytestmark = pytest.mark.browser

FIVE = ["stealth", "ilyos", "skirmish", "hive", "murder"]


def test_the_five_games_in_french_then_english(page: Any) -> None:
    for name in FIVE:
        assert page.locator(f"[data-game={name}]").count() == 1
    assert page.inner_text("h1") == "Choisissez un jeu"
    assert "Reprendre" in page.inner_text(".lobby") and "Rejoindre une salle" in page.inner_text(".lobby")
    page.click("[data-lang=en]")
    assert page.inner_text("h1") == "Choose a game"
    assert "Resume" in page.inner_text(".lobby") and "Infiltration" not in page.inner_text(".game-cards")
    page.reload()
    page.wait_for_selector(".game-cards")
    assert page.inner_text("h1") == "Choose a game"  # the choice is remembered
    assert page.get_attribute("html", "lang") == "en"
    page.click("[data-lang=fr]")
    assert page.inner_text("h1") == "Choisissez un jeu"


def test_a_level_is_played_with_the_keyboard_alone(page: Any) -> None:
    for _ in range(30):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.dataset.game") == "stealth":
            break
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-level='1-1']")
    page.focus("[data-level='1-1']")
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-node=a].target")
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.closest('[data-node]')?.dataset.node") == "a":
            break
    assert "aller à a" in (page.evaluate("document.activeElement.getAttribute('aria-label')") or "")
    page.keyboard.press("Enter")
    page.wait_for_selector("section.room[data-version='1']")


def test_pages_fit_a_phone(browser: Any, live_server: LiveServer) -> None:
    context = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True)
    page = context.new_page()
    try:
        page.goto(live_server.url + "/")
        page.wait_for_selector(".game-cards")
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        page.click("[data-game=hive]")
        page.check("input[name=mode][value=local]")
        page.click("#start")
        page.wait_for_selector("#reserve-w")
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        assert page.locator("#code-value").is_visible()
    finally:
        context.close()


def test_a_wrong_code_is_refused_and_a_full_room_is_watched(page: Any, browser: Any, live_server: LiveServer) -> None:
    page.fill("#join-code", "ZZZZZZ")
    page.click("form.join button[type=submit]")
    page.wait_for_selector(".toast.error")
    assert "ZZZZZZ" in page.inner_text(".toast.error")
    page.click("[data-game=hive]")
    page.check("input[name=mode][value=ai]")
    page.click("#start")
    code = page.inner_text("#code-value")
    watcher = browser.new_context().new_page()
    try:
        watcher.goto(f"{live_server.url}/#/room/{code}")
        watcher.wait_for_selector(".hive-board")
        assert "Vous regardez la partie" in watcher.inner_text(".room-actions")
        assert watcher.locator("#reserve-w button").count() == 0  # nothing to click for a spectator
    finally:
        watcher.context.close()


def test_the_keyboard_focus_stays_on_the_board_after_a_move(page: Any) -> None:
    page.click("[data-game=stealth]")
    page.click("[data-level='1-1']")
    page.wait_for_selector("[data-node=a].target")
    page.focus("[data-node=a]")
    page.keyboard.press("Enter")
    page.wait_for_selector("section.room[data-version='1']")
    # "a" is where the leader stands now, no longer a target: the focus goes to the board's first target
    page.wait_for_function("document.activeElement.closest('[data-node]')?.classList.contains('target')")
    page.keyboard.press("Enter")
    page.wait_for_selector("section.room[data-version='2']")
