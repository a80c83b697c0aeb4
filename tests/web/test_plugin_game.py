"""A game plug-in in the browser: the template game (examples/tictactoe), registered through its entry point,
has its card in the lobby, its own page module (served from its package) and its rules dialog, and is played
against the computer — with no file of meeple's web app naming it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.plugin_template import install_template
from tests.server.live import LiveServer
from tests.web.browser import wait_version, wait_version_at_least

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def plugin_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    folder = tmp_path_factory.mktemp("plugin")
    server = LiveServer(folder / "rooms.sqlite3", plugins="", extra_path=tuple(install_template(folder / "site")))
    yield server.start()
    server.stop()


@pytest.mark.parametrize("width", [1280, 360])
def test_the_template_game_is_in_the_lobby_and_plays_against_the_computer(
        browser: Any, plugin_server: LiveServer, watch: Any, width: int, tmp_path: Path) -> None:
    context = browser.new_context(viewport={"width": width, "height": 900}, locale="en-GB", reduced_motion="reduce")
    try:
        page = watch.page(context)
        page.goto(plugin_server.url + "/")
        card = page.locator(".game-cards [data-game=tictactoe]")
        expect(card).to_have_count(1)
        expect(page.locator(".game-cards")).to_contain_text("Three in a row on a 3 × 3 grid")
        page.screenshot(path=str(tmp_path / f"lobby-{width}.png"), full_page=True)
        card.click()
        expect(page.locator("#ai-level")).to_have_value("perfect")  # the adapter's levels, from /api/games
        page.click("#start")
        wait_version(page, 0)
        expect(page.locator(".ttt-cell")).to_have_count(9)  # the plug-in's page, not the generic one
        page.click(".ttt-cell[data-cell='4']")
        wait_version_at_least(page, 2)  # the centre, then the computer's answer
        expect(page.locator(".ttt-cell.mark-X")).to_have_count(1)
        expect(page.locator(".ttt-cell.mark-O")).to_have_count(1)
        page.screenshot(path=str(tmp_path / f"room-{width}.png"), full_page=True)
        page.click("#rules-button")
        dialog = page.locator("dialog.rules-dialog")
        expect(dialog).to_contain_text("Line up three of your marks")  # the plug-in's rules module
        page.screenshot(path=str(tmp_path / f"rules-{width}.png"))  # (pytest --basetemp=DIR keeps them)
    finally:
        context.close()
