"""Two browsers connected to two different `meeple serve` processes of one cluster (a throwaway PostgreSQL
and Redis) play an online ILYOS game to its end: each sees the other's moves, made on the other process."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.server.cluster_parts import cluster_parts, two_cluster_servers
from tests.server.live import LiveServer
from tests.web.browser import Watch, place_island_and_end_turn, version, wait_version
from tests.web.test_online import seat_to_move

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.fixture(scope="module")
def two_processes() -> Iterator[tuple[LiveServer, LiveServer]]:
    with cluster_parts() as parts, two_cluster_servers(*parts) as servers:
        yield servers


def _page_on(browser: Any, watch: Watch, server: LiveServer) -> Any:
    context = browser.new_context(viewport={"width": 1000, "height": 800}, locale="fr-FR", reduced_motion="reduce")
    page = watch.page(context)
    page.goto(server.url + "/")
    page.wait_for_selector(".game-cards [data-game=ilyos]")
    return page


def test_two_browsers_on_two_processes_play_an_online_ilyos_game_to_the_end(
        browser: Any, watch: Watch, two_processes: tuple[LiveServer, LiveServer]) -> None:
    first_server, second_server = two_processes
    first, second = _page_on(browser, watch, first_server), _page_on(browser, watch, second_server)
    try:
        first.click("[data-game=ilyos]")
        first.select_option("#ilyos-size", label="11 × 11")  # the shortest game: the smallest board
        first.select_option("#ilyos-islands", "12")  # the shortest game
        first.select_option("#seat-1", "open")
        first.click("#start")
        wait_version(first, 0)
        code = first.inner_text("#code-value")
        assert re.fullmatch(r"[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{2}", code), code
        second.fill("#join-code", code)  # the same room, through the other process
        second.click("form.join button[type=submit]")
        wait_version(second, 1)  # taking the seat is a change both processes see
        wait_version(first, 1)
        first.wait_for_selector("#players [data-seat='1'] .dot.on")  # presence crosses processes too
        players = [first, second]
        turns = 0
        while not first.is_visible("#outcome") and turns < 60:
            mover = players[seat_to_move(first)]
            place_island_and_end_turn(mover)
            turns += 1
            for player in players:
                wait_version(player, version(mover))
        assert turns >= 2, "both players moved"
        for player in players:
            expect(player.locator("#outcome")).to_be_visible()
        assert first.inner_text("#outcome") == second.inner_text("#outcome")
    finally:
        for page in (first, second):
            page.context.close()
