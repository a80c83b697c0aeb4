"""On a 360 px phone: no page scrolls sideways, and every control outside the boards is at least 44 × 44
CSS px (boards scale to the width; stealth's nodes are tested in test_stealth_page)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.browser import start_from_new_game

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True}

SMALL_TARGETS = """() => [...document.querySelectorAll('button, a[href], select, input, [role=button], label.choice')]
  .filter((el) => !el.closest('svg') && el.getClientRects().length && getComputedStyle(el).visibility !== 'hidden')
  .filter((el) => !(el.matches('input[type=checkbox], input[type=radio]') && el.closest('label.choice')))
  .map((el) => [el, el.getBoundingClientRect()])
  .filter(([, box]) => box.width < 44 || box.height < 44)
  .map(([el, box]) => `${el.tagName.toLowerCase()}#${el.id}.${el.className} "${el.textContent.trim().slice(0, 30)}" ${Math.round(box.width)}x${Math.round(box.height)}`)"""


def check(page: Any, where: str) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, f"{where}: the page scrolls sideways ({width} px)"
    assert page.evaluate(SMALL_TARGETS) == [], where


@pytest.mark.parametrize("game", ["stealth", "ilyos", "skirmish", "hive", "murder"])
def test_lobby_new_game_and_room_fit_a_phone(new_page: Any, game: str) -> None:
    page = new_page(**PHONE)
    check(page, "lobby")
    page.click(f"[data-game={game}]")
    page.wait_for_selector("#rules-button")
    check(page, "new game")
    start_from_new_game(page, game)
    page.wait_for_selector("#history-list li")
    check(page, "room")


def test_the_murder_case_editor_fits_a_phone(new_page: Any) -> None:
    page = new_page(**PHONE)
    page.click("[data-game=murder]")
    page.click("#create-case")
    for _ in range(2):
        page.click("#editor-add-person")
    page.click("#editor-add-kind")  # the own object kind's form, its problem line shown
    page.fill("#kind-0-fr", "table")
    page.click("#editor-add-clue")
    page.select_option("#clue-0-kind", "with_one_other")  # the widest clue row: room and gender menus
    page.wait_for_selector("#editor-status[data-state=not-ok]")
    check(page, "case editor")
