"""A short complete game or puzzle of hive, murder and skirmish through the browser (stealth: its own file)."""

from __future__ import annotations

import re
from typing import Any

import pytest

pytestmark = pytest.mark.browser

HIVE_WIN = [("wG1", "0,0"), ("bG1", "1,0"), ("wQ", "-1,0"), ("bQ", "2,-1"), ("wA1", "-1,-1"), ("bA1", "3,-2"),
            ("wA2", "-2,0"), ("bS1", "2,0"), ("wA3", "-2,1"), ("bG2", "3,-1"), ("wG2", "-3,0"), ("bB1", "2,-2"),
            ("wA1", "1,-1")]
"""Thirteen plies of base Hive in which White surrounds the black queen (checked against the engine)."""


def _version(page: Any) -> int:
    return int(page.get_attribute("section.room", "data-version") or -1)


def test_hive_local_game_until_the_queen_is_surrounded(page: Any) -> None:
    page.click("[data-game=hive]")
    for box in page.query_selector_all("input[name=expansion]"):
        box.uncheck()
    page.check("input[name=mode][value=local]")
    page.click("#start")
    page.wait_for_selector("#reserve-w [data-piece=wG1]")
    assert "Reine" in page.inner_text("#reserve-w")
    for piece, cell in HIVE_WIN:
        page.click(f"[data-piece={piece}]")
        page.click(f"[data-to='{cell}']")
        page.wait_for_selector(f"[data-cell='{cell}'][data-piece={piece}]")
    page.wait_for_selector("#outcome:not([hidden])")
    assert "reine noire est encerclée" in page.inner_text("#outcome")
    assert page.get_attribute("#new-game", "href") == "#/new/hive"
    page.click("#undo")
    page.wait_for_selector("#outcome", state="hidden")
    assert page.locator("[data-cell='1,-1']").count() == 0


def test_hive_against_the_computer(page: Any) -> None:
    page.click("[data-game=hive]")
    page.check("input[name=mode][value=ai]")
    page.select_option("#ai-level", "greedy")
    page.click("#start")
    page.click("#reserve-w [data-piece=wS1]")
    page.click("[data-to='0,0']")
    page.wait_for_selector("#reserve-w [data-piece=wQ]")  # the computer answered: white to move again
    assert page.locator(".stack.black").count() == 1


def test_murder_case_solved_with_hints(page: Any) -> None:
    page.click("[data-game=murder]")
    page.select_option("#case-size", "4")
    page.click("#start")
    page.wait_for_selector(".murder-card")
    people = page.locator(".murder-card").count()
    assert people == 4 and "La victime" in page.inner_text("#murder-cards")
    page.click("#check")
    page.wait_for_selector("#murder-report p")
    for _ in range(people):
        page.click("#hint")
        page.wait_for_selector(".hint-message")  # the report was cleared by the previous placement
        message = page.inner_text(".hint-message")
        found = re.search(r"Indice : (.+) ne peut être qu'en R(\d+)C(\d+)", message)
        assert found, message
        name, row, col = found.group(1), int(found.group(2)) - 1, int(found.group(3)) - 1
        page.click(f"[data-person='{name}'] .card-name")
        page.click(f"[data-cell='{row},{col}']")
        page.wait_for_selector(f"[data-person='{name}'].placed")
        page.wait_for_selector(".hint-message", state="detached")
    page.wait_for_selector("#outcome:not([hidden])")
    assert "Gagné" in page.inner_text("#outcome")
    assert "l'assassin est" in page.inner_text("#murderer")


def test_murder_pencil_marks_and_removal(page: Any) -> None:
    page.click("[data-game=murder]")
    page.select_option("#case-size", "4")
    page.click("#start")
    page.wait_for_selector(".murder-card")
    first = page.locator(".murder-card").first
    name = first.get_attribute("data-person")
    first.locator(".card-name").click()
    page.click("#pencil")
    cell = page.locator(".murder-board .cell:not(.blocked)").first
    cell_id = cell.get_attribute("data-cell")
    cell.click()
    assert name[:2] in (page.text_content(f"[data-cell='{cell_id}'] .pencil") or "")
    page.click("#pencil")  # pencil off; the person stays selected
    page.click(f"[data-cell='{cell_id}']")
    page.wait_for_selector(f"[data-person='{name}'].placed")
    page.click(f"[data-person='{name}'] .card-name")
    page.click("#remove")
    page.wait_for_selector(f"[data-person='{name}']:not(.placed)")


def test_skirmish_sandbox_game_to_the_end(page: Any) -> None:
    page.click("[data-game=skirmish]")
    page.select_option("#scenario", "gauntlet")
    page.check("input[name=mode][value=local]")
    page.click("#start")
    page.wait_for_selector(".fighter.can-act")
    page.click("[data-fighter=R1]")
    page.wait_for_selector(".reach")
    assert page.locator(".reach.outcome-free").count() > 0
    assert page.locator(".zoc.selected-zoc").count() > 0
    target = page.locator(".reach.outcome-free").first
    cell = target.get_attribute("data-cell")
    target.hover()
    assert "libre" in page.inner_text("#skirmish-info")
    target.click()
    page.wait_for_selector("[data-fighter=R1].activated")
    assert page.get_attribute("[data-fighter=R1] circle", "cx") == str(int(cell.split(",")[0]) * 40 + 20)
    for _ in range(40):
        if page.is_visible("#outcome"):
            break
        version = _version(page)
        page.locator(".fighter.can-act").first.click()
        page.click("#hold")
        page.wait_for_selector(f"section.room[data-version='{version + 1}']")
    page.wait_for_selector("#outcome:not([hidden])")
    assert page.locator(".fighter.can-act").count() == 0


def test_hive_centipede_swaps_places(page: Any) -> None:
    page.click("[data-game=hive]")
    for box in page.query_selector_all("input[name=expansion]"):
        if box.get_attribute("value") != "C":
            box.uncheck()
    page.check("input[name=mode][value=local]")
    page.click("#start")
    for piece, cell in [("wG1", "0,0"), ("bG1", "1,0"), ("wQ", "-1,0"), ("bQ", "2,0"), ("wC", "-1,1"), ("bA1", "3,0")]:
        page.click(f"[data-piece={piece}]")
        page.click(f"[data-to='{cell}']")
        page.wait_for_selector(f"[data-cell='{cell}'][data-piece={piece}]")
    page.click("[data-cell='-1,1'][data-piece=wC]")
    assert page.locator(".target.swap").count() == 2 and page.locator(".target:not(.swap)").count() == 0
    page.click(".target.swap[data-to='0,0']")
    page.wait_for_selector("[data-cell='0,0'][data-piece=wC]")
    assert page.locator("[data-cell='-1,1'][data-piece=wG1]").count() == 1
