"""The game actions in the room page, between two browsers on an online Hive game: resign (with its
confirmation), a draw offered and accepted, abort before both sides moved, a takeback asked and granted, a
rematch with the seats swapped; and abandoning games against the computer frees their places (the 11th
game can start)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.server.live import LiveServer
from tests.web.browser import Watch, version, wait_version

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True}


def _online_hive(page: Any, new_page: Any, **second_context: Any) -> tuple[Any, Any, str]:
    """Ana creates an online Hive room (no expansions), Bea joins it from another browser: both at version 1."""
    page.click("[data-game=hive]")
    page.wait_for_selector("input[name=expansion]")
    for box in page.query_selector_all("input[name=expansion]"):
        box.uncheck()
    page.check("input[name=mode][value=online]")
    page.fill("#player-name", "Ana")
    page.click("#start")
    wait_version(page, 0)
    code = page.inner_text("#code-value")
    second = new_page(**second_context)
    second.fill("#join-code", code)
    second.fill("#join-name", "Bea")
    second.click("form.join button[type=submit]")
    wait_version(second, 1)
    wait_version(page, 1)
    return page, second, code


def _move(page: Any, others: list[Any], piece: str, cell: str) -> None:
    before = version(page)
    page.click(f"[data-piece={piece}]")
    page.click(f"[data-to='{cell}']")
    for each in (page, *others):
        wait_version(each, before + 1)


def _open_menu(page: Any) -> None:
    """On a phone the actions fold under « Partie »."""
    if not page.locator("#game-menu").evaluate("(menu) => menu.open"):
        page.click("#game-menu summary")


def test_resign_after_a_confirmation_then_a_rematch_with_the_seats_swapped(
        page: Any, new_page: Any, tmp_path: Path) -> None:
    ana, bea, code = _online_hive(page, new_page, **PHONE)
    _move(ana, [bea], "wG1", "0,0")
    _move(bea, [ana], "bG1", "1,0")
    expect(ana.locator("#abort")).to_have_count(0)  # both sides moved: too late to abort
    ana.set_viewport_size({"width": 1280, "height": 800})
    ana.screenshot(path=str(tmp_path / "actions-1280.png"))
    _open_menu(bea)
    expect(bea.locator("#resign")).to_be_visible()
    bea.screenshot(path=str(tmp_path / "actions-360.png"))
    ana.click("#resign")
    expect(ana.locator("#game-actions")).to_contain_text("Abandonner la partie ?")
    ana.screenshot(path=str(tmp_path / "resign-confirm-1000.png"))
    ana.click("#resign-no")  # changed her mind: nothing happened
    expect(ana.locator("#resign")).to_be_visible()
    assert version(ana) == 3
    ana.click("#resign")
    ana.click("#resign-yes")
    wait_version(ana, 4)
    wait_version(bea, 4)
    expect(bea.locator("#outcome")).to_contain_text("Victoire : Bea")
    expect(bea.locator("#outcome")).to_contain_text("Ana abandonne")
    expect(ana.locator("#resign")).to_have_count(0)
    # the rematch, offered by the loser, accepted on the phone
    ana.click("#rematch")
    expect(bea.locator("#offer-prompt")).to_contain_text("Ana propose une revanche.")
    bea.screenshot(path=str(tmp_path / "rematch-offer-360.png"))
    bea.click("#offer-accept")
    for each in (ana, bea):
        expect(each.locator("#code-value")).not_to_have_text(code)
        wait_version(each, 0)
    assert ana.inner_text("#code-value") == bea.inner_text("#code-value")
    assert bea.get_attribute("#players .player.mine", "data-seat") == "0"  # Bea has White now
    assert ana.get_attribute("#players .player.mine", "data-seat") == "1"
    _move(bea, [ana], "wG1", "0,0")  # and moves first
    ana.goto(ana.url.split("#")[0] + f"#/room/{code}")  # the old room: a way to the rematch, no redirect
    expect(ana.locator("#to-rematch")).to_be_visible()
    assert ana.inner_text("#code-value") == code


def test_a_draw_by_agreement(page: Any, new_page: Any, tmp_path: Path) -> None:
    ana, bea, _code = _online_hive(page, new_page)
    _move(ana, [bea], "wG1", "0,0")
    bea.click("#offer-draw")
    expect(bea.locator("#offer-prompt")).to_contain_text("Vous proposez la nulle")
    expect(ana.locator("#offer-prompt")).to_contain_text("Bea propose la nulle.")
    ana.set_viewport_size({"width": 1280, "height": 800})
    ana.screenshot(path=str(tmp_path / "draw-offer-1280.png"))
    ana.click("#offer-decline")  # first refused: Bea is told, and must wait for a move to offer again
    expect(bea.locator(".toast")).to_contain_text("Proposition refusée")
    expect(bea.locator("#offer-draw")).to_have_count(0)
    _move(bea, [ana], "bG1", "1,0")
    bea.click("#offer-draw")
    ana.click("#offer-accept")
    for each in (ana, bea):
        expect(each.locator("#outcome")).to_contain_text("Partie nulle")
        expect(each.locator("#outcome")).to_contain_text("nulle par accord mutuel")


def test_abort_before_both_sides_moved(page: Any, new_page: Any) -> None:
    ana, bea, _code = _online_hive(page, new_page)
    _move(ana, [bea], "wG1", "0,0")
    expect(ana.locator("#abort")).to_be_visible()  # Bea has not moved yet
    bea.click("#abort")
    for each in (ana, bea):
        expect(each.locator("#outcome")).to_contain_text("partie annulée par Bea")
        expect(each.locator("#abort")).to_have_count(0)
        expect(each.locator("#resign")).to_have_count(0)


def test_a_takeback_in_an_unrated_game(page: Any, new_page: Any) -> None:
    ana, bea, _code = _online_hive(page, new_page)
    _move(ana, [bea], "wG1", "0,0")
    _move(bea, [ana], "bG1", "1,0")
    ana.click("#takeback")
    expect(bea.locator("#offer-prompt")).to_contain_text("Ana demande à reprendre son dernier coup.")
    bea.click("#offer-accept")
    for each in (ana, bea):
        wait_version(each, 5)
    expect(ana.locator("#reserve-w [data-piece=wG1]")).to_be_visible()  # her grasshopper is back in hand
    expect(ana.locator("#players .player.mine.to-move")).to_have_count(1)  # and it is her turn again
    _move(ana, [bea], "wA1", "0,0")  # she plays something else


@pytest.fixture
def capped_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A server with the default cap of 10 live games against the computer per address."""
    server = LiveServer(tmp_path_factory.mktemp("cap") / "rooms.sqlite3",
                        extra_args=("--ai-rooms-per-client", "10")).start()
    yield server
    server.stop()


def test_abandoning_games_against_the_computer_frees_their_places(new_page: Any, capped_server: LiveServer,
                                                                  watch: Watch) -> None:
    watch.allow("status of 429")  # the 11th game refused, on purpose
    page = new_page()
    start = capped_server.url + "/#/new/hive"
    codes = []
    for _ in range(10):
        page.goto(start)
        page.click("#start")  # « Contre l'ordinateur » is the default
        wait_version(page, 0)
        codes.append(page.inner_text("#code-value"))
    page.goto(start)
    page.click("#start")
    expect(page.locator(".toast")).to_contain_text("déjà 10 parties contre l'ordinateur")
    page.goto(capped_server.url + f"/#/room/{codes[3]}")
    wait_version(page, 0)
    page.click("#resign")
    page.click("#resign-yes")
    expect(page.locator("#outcome")).to_contain_text("abandonne la partie contre l'ordinateur")
    page.goto(start)
    page.click("#start")  # the 11th game starts
    wait_version(page, 0)
    assert page.inner_text("#code-value") not in codes
