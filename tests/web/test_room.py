"""The room's shell around every game: the waiting panel of an online room and the connection line."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.web.browser import Watch, wait_version
from tests.web.test_online import CONNECTION_LOST, Dropper, opened, wait_reconnected

pytestmark = pytest.mark.browser


def _online_room(page: Any, game: str) -> None:
    page.click(f"[data-game={game}]")
    page.check("input[name=mode][value=online]")
    page.click("#start")
    wait_version(page, 0)
    expect(page.locator("#waiting")).to_be_visible()


@pytest.mark.parametrize("game", ["hive", "skirmish"])
def test_the_waiting_panel_of_a_game_without_options_shows_no_null(page: Any, game: str) -> None:
    _online_room(page, game)
    page.wait_for_selector("#connection[data-status='open']")
    text = page.inner_text("#waiting")
    assert "Places libres" in text
    assert "null" not in text and "undefined" not in text, text


def test_reconnect_is_offered_only_while_the_connection_is_down(new_page: Any, watch: Watch) -> None:
    watch.allow(CONNECTION_LOST)
    page = new_page()
    dropper = Dropper(page)
    _online_room(page, "hive")
    page.wait_for_selector("#connection[data-status='open']")
    assert page.inner_text("#connection") == "connecté"
    assert page.is_hidden("#reconnect")  # not beside « connecté »
    before = opened(page)
    dropper.drop()
    page.wait_for_selector("#connection[data-status='closed']")
    expect(page.locator("#reconnect")).to_be_visible()
    page.click("#reconnect")  # the network is still down: the attempt fails, the button stays
    page.wait_for_selector("#connection[data-status='closed']")
    expect(page.locator("#reconnect")).to_be_visible()
    dropper.restore()
    # now (the button, or the next automatic attempt if it came first) it comes back
    page.evaluate("() => document.querySelector('#reconnect:not([hidden])')?.click()")
    wait_reconnected(page, before)
    expect(page.locator("#reconnect")).to_be_hidden()
