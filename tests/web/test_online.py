"""Online ILYOS between two browsers (one dropped and reconnected), and Reprendre after a server restart."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.server.live import LiveServer

pytestmark = pytest.mark.browser


class Dropper:
    """Routes a page's websockets through Playwright so that the test can cut them like a bad network."""

    def __init__(self, page: Any) -> None:
        self.blocked = False
        self.routes: list[Any] = []
        page.route_web_socket("**/ws/**", self._route)

    def _route(self, socket: Any) -> None:
        if self.blocked:
            socket.close()
            return
        socket.connect_to_server()
        self.routes.append(socket)

    def drop(self) -> None:
        """Cut every open connection and refuse new ones."""
        self.blocked = True
        for socket in self.routes:
            socket.close()
        self.routes.clear()

    def restore(self) -> None:
        self.blocked = False


def _play_island_and_end_turn(page: Any) -> None:
    page.click("#place-island")
    page.click(".cell.pivot >> nth=0")
    if page.locator(".orientation").count():
        page.click(".orientation >> nth=0")
    page.click("#end-turn")


@pytest.fixture
def second_page(browser: Any, live_server: LiveServer) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 412, "height": 900})  # a phone-sized second player
    page = context.new_page()
    yield page
    context.close()


def test_online_ilyos_with_a_dropped_and_reconnected_player(page: Any, second_page: Any, live_server: LiveServer) -> None:
    page.click("[data-game=ilyos]")
    page.select_option("#seat-1", "open")
    page.click("#start")
    code = page.inner_text("#code-value")
    assert len(code) == 6
    dropper = Dropper(second_page)
    second_page.goto(live_server.url + "/")
    second_page.fill("#join-code", code)
    second_page.click("form.join button[type=submit]")
    second_page.wait_for_selector(".ilyos-board")
    assert second_page.inner_text("#code-value") == code
    page.wait_for_selector("#players [data-seat='1'] .dot.on")
    # rule 3 and 15: a guardian, its targets, a click on it again cancels; then a real move
    guardian = page.locator(".guardian").first.get_attribute("data-guardian")
    page.click(f"[data-guardian='{guardian}']")
    page.wait_for_selector(".cell.target")
    page.click(f"[data-guardian='{guardian}']")
    page.wait_for_selector(".cell.target", state="detached")
    page.click(f"[data-guardian='{guardian}']")
    page.click(".cell.target.primary-move >> nth=0")
    page.wait_for_selector("section.room[data-version='1']")
    assert second_page.locator("#ilyos-hand .card").count() == 0  # never the other player's cards
    _play_island_and_end_turn(page)
    second_page.wait_for_selector("#place-island")
    dropper.drop()
    page.wait_for_selector("#players [data-seat='1'] .dot.off")
    second_page.wait_for_selector("#connection[data-status='closed']")
    dropper.restore()
    page.wait_for_selector("#players [data-seat='1'] .dot.on")
    second_page.wait_for_selector("#connection[data-status='open']")
    second_page.click("#reconnect")  # the manual reconnection of rule 19
    second_page.wait_for_selector("#connection[data-status='open']")
    assert second_page.locator("#ilyos-hand .card").count() == 5
    _play_island_and_end_turn(second_page)
    page.wait_for_selector("#place-island")
    assert page.inner_text("#ilyos-table").count("pioche") == 2


def test_resume_after_a_server_restart(browser: Any, tmp_path: Path) -> None:
    server = LiveServer(tmp_path / "rooms.sqlite3").start()
    context = browser.new_context()
    page = context.new_page()
    try:
        page.goto(server.url + "/")
        page.click("[data-game=stealth]")
        page.click("[data-level='1-1']")
        page.click("[data-node=a]")
        page.wait_for_selector("section.room[data-version='1']")
        code = page.inner_text("#code-value")
        server.kill()
        page.wait_for_selector("#connection[data-status='closed']")
        server.start()
        page.wait_for_selector("#connection[data-status='open']", timeout=20000)  # reconnected by itself
        page.click("[data-node=d]")
        page.wait_for_selector("section.room[data-version='2']")
        page.goto("about:blank")
        page.goto(server.url + "/")
        page.wait_for_selector(f".resume-rooms [data-code='{code}']")
        page.click(f".resume-rooms [data-code='{code}'] a")
        page.wait_for_selector("section.room[data-version='2']")
        assert page.get_attribute(".leader", "transform") is not None
        assert "Tour 2" in page.inner_text(".stealth-side")
    finally:
        context.close()
        server.stop()
