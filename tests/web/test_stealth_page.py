"""Stealth in the browser: pick level 1-1, see the preview, neutralise the sentry, reach the exit."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.web.browser import wait_version

pytestmark = pytest.mark.browser


def test_level_1_1_is_solved_with_three_stars(page: Any) -> None:
    page.click("[data-game=stealth]")
    page.click("[data-level='1-1']")
    wait_version(page, 0)
    assert page.inner_text("#tray-count") == "0 / 1"
    for number, node in enumerate(("a", "d", "e")):
        page.click(f"[data-node={node}].target")
        wait_version(page, number + 1)
        assert page.inner_text("#stealth-preview") == ""  # no preview of a move the mouse is not on
    page.hover("[data-node=post].target")
    expect(page.locator("#stealth-preview")).to_contain_text("neutralise sentinelle")  # the kind in French, not the id
    assert page.locator(".hand-icon").count() == 1
    page.click("[data-node=post]")
    wait_version(page, 4)
    assert page.inner_text("#tray-count") == "1 / 1"
    assert page.locator(".tray .seated").count() == 1
    page.click("[data-node=c].target")
    wait_version(page, 5)
    page.click("[data-node=exit].target")
    wait_version(page, 6)
    expect(page.locator("#outcome")).to_contain_text("Gagné")
    assert page.locator(".stealth-side .star.earned").count() == 3
    assert page.locator("#new-game").count() == 0  # one set of end buttons: the level's own
    assert page.locator("#share-game").count() == 1  # a finished game is shared by its link
    code = page.inner_text("#code-value")
    page.click("#next-level")  # a new room with the next level
    page.wait_for_function(f"() => (document.querySelector('#code-value')?.textContent || '') !== '' "
                           f"&& document.querySelector('#code-value').textContent !== '{code}'")
    wait_version(page, 0)
    expect(page.locator(".stealth-side h2")).to_contain_text("1-2")
    page.click("#home-link")
    page.click("[data-game=stealth]")
    page.wait_for_selector("[data-level='1-1'] .star.earned")
    assert page.locator("[data-level='1-1'] .star.earned").count() == 3


def test_a_capture_is_announced_and_undo_takes_it_back(page: Any) -> None:
    page.click("[data-game=stealth]")
    page.click("[data-level='1-1']")
    wait_version(page, 0)
    page.click("[data-node=a].target")
    wait_version(page, 1)
    page.hover("[data-node=b].target")
    page.wait_for_selector(".warning-icon")
    assert "capture par sentinelle" in page.inner_text("#stealth-preview")
    page.click("#preview-setting")  # "Aperçu du coup" off: no preview any more
    expect(page.locator("#preview-setting")).not_to_be_checked()
    page.hover("[data-node=b]")
    expect(page.locator("[data-node=b]")).to_have_class(re.compile(r"\bhovered\b"))
    assert page.inner_text("#stealth-preview") == "" and page.locator(".warning-icon").count() == 0
    page.click("#preview-setting")
    expect(page.locator("#preview-setting")).to_be_checked()
    page.click("[data-node=b]")
    wait_version(page, 2)
    expect(page.locator("#outcome")).to_contain_text("Perdu")
    page.click("#undo")
    wait_version(page, 3)
    assert page.is_hidden("#outcome")
    assert page.locator("[data-node=b].target").count() == 1
    page.click("#undo")
    wait_version(page, 4)
    assert page.locator("[data-node=a].target").count() == 1
    assert page.locator("#undo").count() == 0


def test_an_alerted_tracker_is_framed_as_not_neutralisable(page: Any) -> None:
    page.click("[data-game=stealth]")
    page.click("[data-level='1-9']")
    wait_version(page, 0)
    for number, node in enumerate(("a", "start", "a", "b")):
        page.click(f"[data-node={node}].target")
        wait_version(page, number + 1)
    assert page.locator(".alert-frame").count() == 1
    assert "Traqueur : en alerte, impossible à neutraliser" in page.inner_text(".alert-note")
    page.click("[data-lang=en]")
    expect(page.locator(".alert-note")).to_contain_text("cannot be neutralised")


def test_clicking_the_centre_of_an_enemys_node_walks_onto_it_even_on_a_phone(new_page: Any) -> None:
    page = new_page(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True)
    page.click("[data-game=stealth]")
    page.click("[data-level='1-1']")
    wait_version(page, 0)
    for number, node in enumerate(("a", "d", "e")):
        page.click(f"[data-node={node}].target")
        wait_version(page, number + 1)
    for target in page.locator(".node.target .hit-area").all():  # every node is a finger-sized target
        box = target.bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44, box
    shape = page.locator("[data-node=post] .node-shape").bounding_box()
    centre = (shape["x"] + shape["width"] / 2, shape["y"] + shape["height"] / 2)
    # the sentry's triangle is drawn right there: the click still goes to the node
    body = page.locator(".enemy .enemy-body").first.bounding_box()
    assert body["x"] < centre[0] < body["x"] + body["width"] and body["y"] < centre[1] < body["y"] + body["height"]
    page.mouse.click(*centre)
    wait_version(page, 4)
    assert page.inner_text("#tray-count") == "1 / 1"
