"""A short complete game or puzzle of hive, murder and skirmish through the browser (stealth: its own file)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.web.browser import start_local_game, version, wait_version

pytestmark = pytest.mark.browser

HIVE_WIN = [("wG1", "0,0"), ("bG1", "1,0"), ("wQ", "-1,0"), ("bQ", "2,-1"), ("wA1", "-1,-1"), ("bA1", "3,-2"),
            ("wA2", "-2,0"), ("bS1", "2,0"), ("wA3", "-2,1"), ("bG2", "3,-1"), ("wG2", "-3,0"), ("bB1", "2,-2"),
            ("wA1", "1,-1")]
"""Thirteen plies of base Hive in which White surrounds the black queen (checked against the engine)."""


def test_hive_local_game_until_the_queen_is_surrounded(page: Any) -> None:
    page.click("[data-game=hive]")
    for box in page.query_selector_all("input[name=expansion]"):
        box.uncheck()
    page.check("input[name=mode][value=local]")
    page.click("#start")
    wait_version(page, 0)
    assert "Reine" in page.inner_text("#reserve-w")
    for number, (piece, cell) in enumerate(HIVE_WIN):
        page.click(f"[data-piece={piece}]")
        page.click(f"[data-to='{cell}']")
        wait_version(page, number + 1)
        assert page.locator(f"[data-cell='{cell}'][data-piece={piece}]").count() == 1
    expect(page.locator("#outcome")).to_contain_text("reine noire est encerclée")
    assert page.get_attribute("#new-game", "href") == "#/new/hive"
    page.click("#undo")
    wait_version(page, len(HIVE_WIN) + 1)
    assert page.is_hidden("#outcome")
    assert page.locator("[data-cell='1,-1']").count() == 0


def test_hive_against_the_computer(page: Any) -> None:
    page.click("[data-game=hive]")
    page.check("input[name=mode][value=ai]")
    page.select_option("#ai-level", "greedy")
    page.click("#start")
    wait_version(page, 0)
    page.click("#reserve-w [data-piece=wS1]")
    page.click("[data-to='0,0']")
    wait_version(page, 2)  # the computer answered
    assert page.locator(".stack.black").count() == 1
    assert page.locator("#reserve-w button[data-piece]").count() > 0  # white to move again


def test_murder_case_solved_with_hints(page: Any) -> None:
    page.click("[data-game=murder]")
    page.select_option("#case-size", "4")
    page.click("#start")
    wait_version(page, 0)
    people = page.locator(".murder-card").count()
    assert people == 4 and "La victime" in page.inner_text("#murder-cards")
    page.click("#check")
    page.wait_for_selector("#murder-report p")
    for placed in range(people):
        page.click("#hint")
        page.wait_for_selector(".hint-message")  # the report was cleared by the previous placement
        message = page.inner_text(".hint-message")
        found = re.search(r"Indice : (.+) ne peut être qu'en R(\d+)C(\d+)", message)
        assert found, message
        name, row, col = found.group(1), int(found.group(2)) - 1, int(found.group(3)) - 1
        page.click(f"[data-person='{name}'] .card-name")
        page.wait_for_selector(f"[data-person='{name}'].selected")
        page.click(f"[data-cell='{row},{col}']")
        wait_version(page, placed + 1)  # the new state also cleared the hint it answered
        assert page.locator(f"[data-person='{name}'].placed").count() == 1
        assert page.locator(".hint-message").count() == 0
    expect(page.locator("#outcome")).to_contain_text("Gagné")
    assert "l'assassin est" in page.inner_text("#murderer")


def test_murder_pencil_marks_and_removal(page: Any) -> None:
    page.click("[data-game=murder]")
    page.select_option("#case-size", "4")
    page.click("#start")
    wait_version(page, 0)
    first = page.locator(".murder-card").first
    name = first.get_attribute("data-person")
    first.locator(".card-name").click()
    page.click("#pencil")
    expect(page.locator("#pencil")).to_have_attribute("aria-pressed", "true")
    cell = page.locator(".murder-board .cell:not(.blocked)").first
    cell_id = cell.get_attribute("data-cell")
    cell.click()
    expect(page.locator(f"[data-cell='{cell_id}'] .pencil")).to_contain_text(name[:2])
    assert version(page) == 0  # a pencil mark is a note, not a move
    page.click("#pencil")  # pencil off; the person stays selected
    expect(page.locator("#pencil")).to_have_attribute("aria-pressed", "false")
    page.click(f"[data-cell='{cell_id}']")
    wait_version(page, 1)
    assert page.locator(f"[data-person='{name}'].placed").count() == 1
    assert page.locator(".murder-card.selected").count() == 0  # the placement ended the selection
    page.click(f"[data-person='{name}'] .card-name")
    page.click("#remove")
    wait_version(page, 2)
    assert page.locator(f"[data-person='{name}'].placed").count() == 0


def test_skirmish_sandbox_game_to_the_end(page: Any) -> None:
    page.click("[data-game=skirmish]")
    page.select_option("#scenario", "gauntlet")
    page.check("input[name=mode][value=local]")
    page.click("#start")
    wait_version(page, 0)
    page.click("[data-fighter=R1]")
    page.wait_for_selector(".reach")
    assert page.locator(".reach.outcome-free").count() > 0
    assert page.locator(".zoc.selected-zoc").count() > 0
    target = page.locator(".reach.outcome-free").first
    cell = target.get_attribute("data-cell")
    target.hover()
    expect(page.locator("#skirmish-info")).to_contain_text("libre")
    target.click()
    wait_version(page, 1)
    assert page.locator("[data-fighter=R1].activated").count() == 1
    assert page.get_attribute("[data-fighter=R1] circle", "cx") == str(int(cell.split(",")[0]) * 40 + 20)
    for _ in range(40):
        if page.is_visible("#outcome"):
            break
        before = version(page)
        fighter = page.locator(".fighter.can-act").first.get_attribute("data-fighter")
        page.click(f"[data-fighter={fighter}]")
        page.click(f"#fighter-panel:has-text('{fighter}') #hold")
        wait_version(page, before + 1)
    expect(page.locator("#outcome")).to_be_visible()
    assert page.locator(".fighter.can-act").count() == 0


def test_hive_centipede_swaps_places(page: Any) -> None:
    page.click("[data-game=hive]")
    for box in page.query_selector_all("input[name=expansion]"):
        if box.get_attribute("value") != "C":
            box.uncheck()
    page.check("input[name=mode][value=local]")
    page.click("#start")
    wait_version(page, 0)
    opening = [("wG1", "0,0"), ("bG1", "1,0"), ("wQ", "-1,0"), ("bQ", "2,0"), ("wC", "-1,1"), ("bA1", "3,0")]
    for number, (piece, cell) in enumerate(opening):
        page.click(f"[data-piece={piece}]")
        page.click(f"[data-to='{cell}']")
        wait_version(page, number + 1)
    page.click("[data-cell='-1,1'][data-piece=wC]")
    page.wait_for_selector(".target")
    assert page.locator(".target.swap").count() == 2 and page.locator(".target:not(.swap)").count() == 0
    page.click(".target.swap[data-to='0,0']")
    wait_version(page, len(opening) + 1)
    assert page.locator("[data-cell='0,0'][data-piece=wC]").count() == 1
    assert page.locator("[data-cell='-1,1'][data-piece=wG1]").count() == 1


def test_murder_case_is_printed_with_its_cards(page: Any) -> None:
    start_local_game(page, "murder")
    name = page.locator(".murder-card").first.get_attribute("data-person")
    refused: list[str] = []  # the sheet lives under the page's Content-Security-Policy too
    page.context.on("console", lambda message: refused.append(message.text) if message.type == "error" else None)
    with page.context.expect_page() as opened:
        page.click("#print")
    sheet = opened.value
    sheet.wait_for_selector("svg")
    assert name in (sheet.text_content("svg") or "")
    assert sheet.evaluate("getComputedStyle(document.body).margin") == "0px"
    assert version(page) == 0  # printing changes nothing
    assert not refused


def test_hive_is_played_with_the_keyboard(page: Any) -> None:
    start_local_game(page, "hive")
    page.focus("#reserve-w [data-piece=wS1]")
    page.keyboard.press("Enter")  # the piece is chosen and the focus goes to its first target
    page.wait_for_function("() => document.activeElement.matches('.target')")
    page.keyboard.press("Enter")
    wait_version(page, 1)
    assert page.locator("[data-cell='0,0'][data-piece=wS1]").count() == 1
