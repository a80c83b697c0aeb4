"""The skirmish page as a player reads it: cells named on the board and in the history, an enemy's reach
told apart from one's own, zones of control that leave the map readable."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.web.browser import version, wait_version

pytestmark = pytest.mark.browser


def _local_ford(page: Any) -> None:
    page.click("[data-game=skirmish]")
    page.check("input[name=mode][value=local]")
    page.click("#start")
    wait_version(page, 0)


def _column(x: int) -> str:
    return chr(ord("a") + x)


def test_cells_are_labelled_on_the_board_and_named_so_in_the_history(page: Any) -> None:
    _local_ford(page)
    labels = page.locator(".skirmish-board .axis-label").all_text_contents()
    assert labels[:3] == ["a", "b", "c"] and "1" in labels and "10" in labels
    page.click("[data-fighter=R1]")
    target = page.locator(".reach.movable.outcome-free").first
    x, y = (int(v) for v in (target.get_attribute("data-cell") or "").split(","))
    name = f"{_column(x)}{y + 1}"
    target.hover()
    expect(page.locator("#skirmish-info")).to_contain_text(f"{name} :")
    target.click()
    wait_version(page, 1)
    line = page.locator("#history-list li").first
    expect(line).to_contain_text(f"R1 va en {name}")
    assert not re.search(r"\d+,\d+", line.inner_text()), line.inner_text()  # no raw « 6,3 »


def test_an_enemy_reach_is_drawn_apart_and_its_cells_say_why_they_do_nothing(page: Any) -> None:
    _local_ford(page)
    page.click("[data-fighter=B1]")  # the reds move first: B1 is the enemy
    page.wait_for_selector(".reach")
    assert page.locator(".reach.foreign").count() == page.locator(".reach").count() > 0
    assert page.locator(".reach[role=button]").count() == 0
    expect(page.locator("#skirmish-info")).to_contain_text("B1 est un ennemi")
    page.locator(".reach.foreign[data-cell='12,4']").click()  # next to B1, in sight
    expect(page.locator("#skirmish-info")).to_contain_text("où il pourra aller à son tour")
    assert version(page) == 0  # nothing was played
    page.click("[data-fighter=R1]")  # one's own fighter: its cells are moves again
    page.wait_for_selector(".reach.movable")
    assert page.locator(".reach.foreign").count() == 0


def test_zones_of_control_are_outlines_that_leave_the_ground_colours(page: Any) -> None:
    _local_ford(page)
    page.click("[data-fighter=R1]")
    page.wait_for_selector(".zoc.selected-zoc")
    fills = page.eval_on_selector_all(".skirmish-board .zoc", "(zones) => zones.map((z) => getComputedStyle(z).fill)")
    assert fills and set(fills) == {"none"}, fills
