"""The Sudoku Murder page in the browser (issues 27 and 29): the hint beside the board at 1280 × 800, pencil
marks gone once solved, the clock (hideable), automatic notes crossed as rows and columns fill, a mistake
shown (not in « défi »), the daily case from the lobby with its result line."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from meeple.games.murder.daily import daily_case, today
from tests.web.browser import wait_version

pytestmark = pytest.mark.browser

ON_SCREEN = """(selector) => { const box = document.querySelector(selector).getBoundingClientRect();
  return box.top >= 0 && box.left >= 0 && box.bottom <= innerHeight && box.right <= innerWidth; }"""


def _new_case(page: Any, size: str = "4") -> None:
    page.click("[data-game=murder]")
    page.select_option("#case-size", size)
    page.click("#start")
    wait_version(page, 0)


def _solve_with_hints(page: Any) -> None:
    """Place everyone where the hint says, one after the other."""
    people = page.locator(".murder-card").count()
    for placed in range(people):
        page.click("#hint")
        page.wait_for_selector(".hint-message")
        found = re.search(r"(?:Indice|Hint) ?: (.+) (?:ne peut être qu'en|can only be at) R(\d+)C(\d+)",
                          page.inner_text(".hint-message"))
        assert found, page.inner_text(".hint-message")
        name, row, col = found.group(1), int(found.group(2)) - 1, int(found.group(3)) - 1
        page.click(f"[data-person='{name}'] .card-name")
        page.click(f"[data-cell='{row},{col}']")
        wait_version(page, placed + 1)


def test_the_hint_is_beside_the_board_and_pencil_marks_go_once_solved(new_page: Any) -> None:
    page = new_page(viewport={"width": 1280, "height": 800})
    # a returning player: the first-steps guide, shown above the tools on a first game, is put away
    page.evaluate("localStorage.setItem('meeple.coached', JSON.stringify(['murder']))")
    _new_case(page)
    page.click("#hint")
    page.wait_for_selector(".hint-steps")
    assert page.evaluate(ON_SCREEN, ".hint-steps"), "the hint's explanation is below the fold at 1280 × 800"
    assert page.evaluate(ON_SCREEN, ".murder-board")
    first = page.locator(".murder-card").first
    first.locator(".card-name").click()
    page.click("#pencil")
    cell = page.locator(".murder-board .cell:not(.blocked)").first
    cell.click()
    expect(page.locator(".murder-board .pencil")).to_have_count(1)
    page.click("#pencil")
    first.locator(".card-name").click()  # deselect: the hints choose who is placed
    _solve_with_hints(page)
    expect(page.locator("#murderer")).to_contain_text("l'assassin est")
    expect(page.locator(".murder-board .pencil")).to_have_count(0)  # issue 27: the marks stayed after solving


def test_clock_notes_and_mistakes_and_the_challenge_turns_them_off(page: Any) -> None:
    _new_case(page)
    expect(page.locator("#murder-timer")).to_have_text(re.compile(r"Chrono 00:\d\d"))
    page.uncheck("#murder-show-timer")  # hideable
    expect(page.locator("#murder-timer")).to_be_hidden()
    page.check("#murder-show-timer")
    expect(page.locator("#murder-timer")).to_be_visible()
    page.check("#murder-show-notes")
    notes_before = page.locator(".murder-board .auto-note").count()
    assert notes_before > 0
    # place someone on a cell their clues forbid: the token is marked, the card says « erreur »
    # someone and a cell their clues forbid (not every person has one: the victim may have no clue)
    noted = {cell.get_attribute("data-cell"): cell.locator(".auto-note").text_content() or ""
             for cell in page.locator(".murder-board .cell:not(.blocked)").all()}
    name, placed_at = next((person, cell) for person in (c.get_attribute("data-person") for c in
                                                          page.locator(".murder-card").all())
                           for cell, names in noted.items() if person[:2] not in names.split())
    page.click(f"[data-person='{name}'] .card-name")
    page.click(f".murder-board [data-cell='{placed_at}']")
    wait_version(page, 1)
    expect(page.locator(".murder-board .token.wrong")).to_have_count(1)
    expect(page.locator(f"[data-person='{name}'] .wrong-mark")).to_be_visible()
    assert page.locator(".murder-board .token").count() == 1
    row, col = (int(v) for v in placed_at.split(","))
    for note in page.locator(".murder-board .cell").all():  # crossed: nobody else noted in that row or column
        r, c = (int(v) for v in note.get_attribute("data-cell").split(","))
        if (r == row or c == col) and note.locator(".auto-note").count():
            raise AssertionError(f"a note left in row {row + 1} or column {col + 1}: {r},{c}")
    page.check("#murder-show-challenge")  # « défi »: no mistakes shown, no notes, no hint
    expect(page.locator(".murder-board .token.wrong")).to_have_count(0)
    expect(page.locator(".murder-board .auto-note")).to_have_count(0)
    expect(page.locator("#hint")).to_have_count(0)
    page.uncheck("#murder-show-challenge")
    expect(page.locator(".murder-board .token.wrong")).to_have_count(1)


def test_the_daily_case_from_the_lobby_is_todays_and_gives_a_result_line(page: Any) -> None:
    day = daily_case(today())
    page.click("#lobby-daily-murder")
    wait_version(page, 0)
    expect(page.locator(".murder-card")).to_have_count(day.size)
    expect(page.locator("#room-title, .room-bar").first).to_be_visible()
    if day.size > 6:
        return  # solving a 7×7-9×9 by hints takes too long for a test; the line is checked on smaller days
    _solve_with_hints(page)
    line = page.locator("#share-line")
    expect(line).to_contain_text(f"enquête du {day.day.isoformat()} ({day.size}×{day.size}")
    expect(line).to_contain_text(re.compile(r"résolue en \d\d:\d\d · \d+ indices?"))
    expect(page.locator("#share-copy")).to_be_visible()
