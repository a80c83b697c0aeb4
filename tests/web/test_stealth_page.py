"""Stealth in the browser: pick level 1-1, see the preview, neutralise the sentry, reach the exit."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.browser


def test_level_1_1_is_solved_with_three_stars(page: Any) -> None:
    page.click("[data-game=stealth]")
    page.click("[data-level='1-1']")
    page.wait_for_selector("[data-node=a].target")
    assert page.inner_text("#tray-count") == "0 / 1"
    for node in ("a", "d", "e"):
        page.click(f"[data-node={node}]")
        page.wait_for_selector(f"[data-node={node}] ~ .leader, .leader", state="attached")
        page.wait_for_function(f"!document.querySelector('[data-node={node}].target')")
    page.hover("[data-node=post]")
    assert "sentry" in page.inner_text("#stealth-preview")
    assert page.locator(".hand-icon").count() == 1
    page.click("[data-node=post]")
    page.wait_for_function("document.querySelector('#tray-count').textContent === '1 / 1'")
    assert page.locator(".tray .seated").count() == 1
    page.click("[data-node=c]")
    page.wait_for_selector("[data-node=exit].target")
    page.click("[data-node=exit]")
    page.wait_for_selector("#outcome:not([hidden])")
    assert "Gagné" in page.inner_text("#outcome")
    assert page.locator(".stealth-side .star.earned").count() == 3
    page.click("#home-link")
    page.click("[data-game=stealth]")
    page.wait_for_selector("[data-level='1-1'] .star.earned")
    assert page.locator("[data-level='1-1'] .star.earned").count() == 3


def test_a_capture_is_announced_and_undo_takes_it_back(page: Any) -> None:
    page.click("[data-game=stealth]")
    page.click("[data-level='1-1']")
    page.wait_for_selector("[data-node=a].target")
    page.click("[data-node=a]")
    page.wait_for_selector("[data-node=b].target")
    page.hover("[data-node=b]")
    page.wait_for_selector(".warning-icon")
    assert "sentry" in page.inner_text("#stealth-preview")
    page.click("#preview-setting")  # "Aperçu du coup" off: no preview any more
    page.hover("[data-node=b]")
    assert page.inner_text("#stealth-preview") == "" and page.locator(".warning-icon").count() == 0
    page.click("#preview-setting")
    page.click("[data-node=b]")
    page.wait_for_selector("#outcome:not([hidden])")
    assert "Perdu" in page.inner_text("#outcome")
    page.click("#undo")
    page.wait_for_selector("[data-node=b].target")
    assert page.is_hidden("#outcome")
    page.click("#undo")
    page.wait_for_selector("[data-node=a].target")
    assert page.locator("#undo").count() == 0


def test_an_alerted_tracker_is_framed_as_not_neutralisable(page: Any) -> None:
    page.click("[data-game=stealth]")
    page.click("[data-level='1-9']")
    for node in ("a", "start", "a", "b"):
        page.wait_for_selector(f"[data-node={node}].target")
        page.click(f"[data-node={node}]")
    page.wait_for_selector(".alert-frame")
    assert "ne peut pas être neutralisé" in page.inner_text(".alert-note")
    page.click("[data-lang=en]")
    assert "cannot be neutralised" in page.inner_text(".alert-note")
