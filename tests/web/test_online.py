"""Online ILYOS between two browsers, played to its end with one player dropped and reconnected, and
Reprendre after a server restart."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.server.live import LiveServer
from tests.web.browser import Watch, place_island_and_end_turn, version, wait_version

pytestmark = pytest.mark.browser

CONNECTION_LOST = r"WebSocket connection to .* failed|ERR_CONNECTION_REFUSED"
"""What Chromium logs while a test has cut the network or killed the server on purpose."""


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


class Freezer:
    """Routes a page's websockets so that the test can hold back the states the server sends it."""

    def __init__(self, page: Any) -> None:
        self.frozen = False
        self.held: list[tuple[Any, str]] = []
        page.route_web_socket("**/ws/**", self._route)

    def _route(self, socket: Any) -> None:
        server = socket.connect_to_server()
        server.on_message(lambda message: self._from_server(socket, message))

    def _from_server(self, socket: Any, message: str | bytes) -> None:
        if self.frozen and isinstance(message, str) and json.loads(message).get("type") == "state":
            self.held.append((socket, message))
        else:
            socket.send(message)

    def thaw(self) -> None:
        """Deliver the held states, in order, and let the next ones through."""
        self.frozen = False
        for socket, message in self.held:
            socket.send(message)
        self.held.clear()


def opened(page: Any) -> int:
    """How many times the page's room connection has opened so far."""
    return int(page.get_attribute("#connection", "data-opened") or 0)


def wait_reconnected(page: Any, opened_before: int, timeout_ms: float = 30_000) -> None:
    """Wait for a NEW connection (not the one that was open before)."""
    page.wait_for_selector(f"#connection[data-status='open'][data-opened='{opened_before + 1}']", timeout=timeout_ms)


def seat_to_move(page: Any) -> int:
    """The seat whose turn the page shows (the game is not over)."""
    return int(page.get_attribute("#players .player[aria-current=true]", "data-seat") or -1)


def test_a_whole_online_ilyos_game_with_a_dropped_and_reconnected_player(
        page: Any, new_page: Any, watch: Watch) -> None:
    watch.allow(CONNECTION_LOST)
    page.click("[data-game=ilyos]")
    page.select_option("#ilyos-size", label="11 × 11")  # the shortest game: the smallest board
    page.select_option("#ilyos-islands", "12")  # the shortest game: few free spots for islands
    page.select_option("#seat-1", "open")
    page.click("#start")
    wait_version(page, 0)
    code = page.inner_text("#code-value")
    assert re.fullmatch(r"[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{2}", code), code  # 50 bits, read aloud in groups
    second = new_page(viewport={"width": 412, "height": 900})  # a phone-sized second player
    dropper = Dropper(second)
    second.fill("#join-code", code.lower().replace("-", " "))  # as read aloud: any case, spaces for dashes
    second.click("form.join button[type=submit]")
    wait_version(second, 1)  # taking the seat is the room's first change
    assert second.inner_text("#code-value") == code
    page.wait_for_selector("#players [data-seat='1'] .dot.on")
    assert seat_to_move(page) == 0 and seat_to_move(second) == 0
    assert second.locator("#ilyos-hand .card").count() == 0  # never the other player's cards
    # rules 3 and 15: a guardian, its targets, a click on it again cancels; then a real move
    guardian = page.locator(".guardian").first.get_attribute("data-guardian")
    page.click(f"[data-guardian='{guardian}']")
    page.wait_for_selector(".cell.target")
    page.click(f"[data-guardian='{guardian}']")
    page.wait_for_selector(".cell.target", state="detached")
    page.click(f"[data-guardian='{guardian}']")
    page.click(".cell.target.primary-move >> nth=0")
    wait_version(page, 2)
    wait_version(second, 2)
    players = [page, second]
    turns = 0
    while not page.is_visible("#outcome") and turns < 60:
        mover = players[seat_to_move(page)]
        if turns == 4:
            # the second player's network goes down while the first plays a whole turn
            assert mover is page
            dropper.drop()
            page.wait_for_selector("#players [data-seat='1'] .dot.off")
            assert "absent" in page.inner_text("#players [data-seat='1']")  # in words, not only a colour
            second.wait_for_selector("#connection[data-status='closed']")
            expect(second.locator("#reconnect")).to_be_visible()  # offered while the connection is down…
            assert page.is_hidden("#reconnect")  # …never beside « connecté »
            place_island_and_end_turn(page)
            dropper.restore()  # it comes back by itself, with the turn it missed
            page.wait_for_selector("#players [data-seat='1'] .dot.on")
            assert "absent" not in page.inner_text("#players [data-seat='1']")
        else:
            place_island_and_end_turn(mover)
        turns += 1
        for player in players:
            wait_version(player, version(mover))
    assert turns >= 7, turns  # the drop and the manual reconnection happened
    for player in players:
        expect(player.locator("#outcome")).to_be_visible()
        assert player.locator("#place-island, #end-turn").count() == 0
    assert page.inner_text("#outcome") == second.inner_text("#outcome")


def test_resume_after_a_server_restart(browser: Any, tmp_path: Path, watch: Watch) -> None:
    watch.allow(CONNECTION_LOST)
    server = LiveServer(tmp_path / "rooms.sqlite3").start()
    context = browser.new_context(locale="fr-FR")
    page = watch.page(context)
    try:
        page.goto(server.url + "/")
        page.click("[data-game=stealth]")
        page.click("[data-level='1-1']")
        wait_version(page, 0)
        page.click("[data-node=a].target")
        wait_version(page, 1)
        code = page.inner_text("#code-value")
        before = opened(page)
        server.kill()
        page.wait_for_selector("#connection[data-status='closed']")
        server.start()
        wait_reconnected(page, before, timeout_ms=60_000)  # by itself (the retries wait up to 8 s)
        page.click("[data-node=d].target")
        wait_version(page, 2)
        page.goto("about:blank")
        page.goto(server.url + "/")
        page.click(f".resume-rooms [data-code='{code}'] a")
        wait_version(page, 2)
        assert page.get_attribute(".leader", "transform") is not None
        assert "Tour 2" in page.inner_text(".stealth-side")
    finally:
        context.close()
        server.stop()


def test_a_move_from_a_page_behind_the_game_is_refused_and_explained(page: Any, new_page: Any,
                                                                     live_server: LiveServer) -> None:
    page.click("[data-game=stealth]")
    page.click("[data-level='1-1']")
    wait_version(page, 0)
    code = page.inner_text("#code-value")
    kept = page.evaluate("localStorage.getItem('meeple.rooms')")
    other = new_page()  # the same player in a second tab: same seat token
    other.evaluate(f"localStorage.setItem('meeple.rooms', {json.dumps(kept)})")
    freezer = Freezer(page)
    page.reload()  # the room's connection now goes through the freezer
    wait_version(page, 0)
    freezer.frozen = True
    other.goto(f"{live_server.url}/#/room/{code}")
    wait_version(other, 0)
    other.click("[data-node=a].target")
    wait_version(other, 1)
    page.click("[data-node=a].target")  # this page has not seen that move yet
    expect(page.locator(".toast.error")).to_contain_text("La partie a changé entre-temps")
    assert version(page) == 0
    freezer.thaw()
    wait_version(page, 1)  # the current position, with the move played once only
    assert version(other) == 1
    assert "Tour 1" in page.inner_text(".stealth-side")


def test_a_shared_room_link_lets_a_watcher_take_the_open_seat(page: Any, new_page: Any,
                                                              live_server: LiveServer) -> None:
    page.click("[data-game=ilyos]")
    page.select_option("#seat-1", "open")
    page.click("#start")
    wait_version(page, 0)
    code = page.inner_text("#code-value")
    friend = new_page()
    friend.goto(f"{live_server.url}/#/room/{code}")  # the link, without a seat token: watching
    wait_version(friend, 0)
    assert "Vous regardez la partie" in friend.inner_text(".room-actions")
    assert "les mains restent cachées" in friend.inner_text("#ilyos-hand")  # a watcher sees no cards
    assert friend.locator("#ilyos-hand .card").count() == 0 < page.locator("#ilyos-hand .card").count()
    friend.click("#join-here")
    friend.wait_for_selector("#players .player.seat-1.mine")
    assert friend.locator("#join-here").count() == 0
    page.wait_for_selector("#players [data-seat='1'] .dot.on")
    friend.goto(f"{live_server.url}/")  # the seat is kept for Reprendre
    friend.wait_for_selector(f".resume-rooms [data-code='{code}']")


def test_an_online_room_waits_for_its_players_showing_its_code_and_link(page: Any, new_page: Any) -> None:
    page.click("[data-game=ilyos]")
    page.select_option("#time-per-turn", "1")
    page.select_option("#seat-1", "open")
    page.click("#start")
    wait_version(page, 0)
    code = page.inner_text("#code-value")
    expect(page.locator("#waiting")).to_be_visible()
    assert page.inner_text("#waiting-code") == code and "place 2" in page.inner_text("#missing")
    link = page.input_value("#share-link")
    assert link.endswith(f"/#/room/{code}")
    assert page.is_hidden("#clock")  # no turn clock runs for an empty seat
    page.click(".room-actions a[href='#/']")
    expect(page.locator(f".resume-rooms [data-code='{code}']")).to_contain_text("en attente des joueurs")
    page.click(f".resume-rooms [data-code='{code}'] a")
    wait_version(page, 0)
    guardian = page.locator(".guardian").first.get_attribute("data-guardian")
    page.click(f"[data-guardian='{guardian}']")
    page.click(".cell.target.primary-move >> nth=0")
    expect(page.locator(".toast.error")).to_contain_text("la partie attend ses joueurs")  # nobody plays alone
    friend = new_page()
    friend.goto(link)  # the shared link: watching, with the seat to take
    wait_version(friend, 0)
    expect(friend.locator("#waiting")).to_be_visible()
    friend.click("#join-here")
    friend.wait_for_selector("#players .player.seat-1.mine")
    for player in (page, friend):
        expect(player.locator("#waiting")).to_be_hidden()  # everyone is here: the game and its clock start
        expect(player.locator("#clock")).to_be_visible()
    assert version(page) == 1  # the seat taken, no move yet
