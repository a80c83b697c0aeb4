"""The « Historique » / "History" panel: moves in words after they are played, the last one highlighted on
the board, and the replay stepping back to the start and forward to now."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.web.browser import start_local_game, wait_version

pytestmark = pytest.mark.browser


def test_hive_history_in_words_and_replay_back_and_forward(page: Any) -> None:
    page.click("[data-game=hive]")
    for box in page.query_selector_all("input[name=expansion]"):
        box.uncheck()
    page.check("input[name=mode][value=local]")
    page.click("#start")
    wait_version(page, 0)
    for number, (piece, cell) in enumerate([("wG1", "0,0"), ("bS1", "1,0")]):
        page.click(f"[data-piece={piece}]")
        page.click(f"[data-to='{cell}']")
        wait_version(page, number + 1)
    log = page.get_by_role("log", name="Historique")
    expect(log.locator("li")).to_have_count(2)
    expect(log.locator("li").nth(0)).to_contain_text("Sauterelle blanche 1 posée en premier")
    expect(log.locator("li").nth(1)).to_contain_text("Araignée noire 1 posée à côté de la Sauterelle blanche 1")
    expect(page.locator(".hive-board .last-move[data-cell='1,0']")).to_have_count(1)  # the last move, on the board

    page.click("#replay-start")
    expect(page.locator("#replay-where")).to_have_text("Coup 0 / 2")
    expect(page.locator(".hive-board .stack")).to_have_count(0)
    expect(page.locator("#replay-notice")).to_be_visible()
    assert page.locator("#reserve-w button[data-piece]").count() == 0  # a replayed board is read-only
    assert page.locator("#undo").count() == 0  # and nothing is undone from it
    page.click("#replay-forward")
    expect(page.locator("#replay-where")).to_have_text("Coup 1 / 2")
    expect(page.locator(".hive-board .stack")).to_have_count(1)
    expect(page.locator(".hive-board .last-move[data-cell='0,0']")).to_have_count(1)
    page.click("#replay-forward")  # past the last replayed move: live again
    expect(page.locator("#replay-notice")).to_be_hidden()
    expect(page.locator(".hive-board .stack")).to_have_count(2)
    expect(page.locator("#reserve-w button[data-piece]").first).to_be_visible()
    expect(page.locator("#undo")).to_be_visible()


def test_stealth_history_in_english(page: Any) -> None:
    page.click("[data-lang=en]")
    page.click("[data-game=stealth]")
    page.click("[data-level='1-1']")
    wait_version(page, 0)
    expect(page.get_by_role("log", name="History")).to_contain_text("No move yet.")
    page.click("[data-node=a].target")  # east of the start: the history says the way, not the node's name
    wait_version(page, 1)
    expect(page.get_by_role("log", name="History").locator("li")).to_contain_text(["1. East"])
    page.click("#replay-back")
    expect(page.locator("#replay-where")).to_have_text("Move 0 / 1")
    page.click("#replay-now")
    expect(page.locator("#replay-where")).to_have_text("1 move")


@pytest.mark.parametrize(("game", "words"), [("skirmish", "ne bouge pas"), ("murder", "placé"), ("ilyos", "Île posée en")])
def test_every_game_lists_its_move_in_words_and_replays_it(page: Any, game: str, words: str) -> None:
    start_local_game(page, game)
    if game == "skirmish":
        page.click(".fighter.can-act >> nth=0")
        page.click("#hold")
    elif game == "murder":
        page.click(".murder-card .card-name >> nth=0")
        page.click(".cell.free >> nth=0")
    else:
        page.click("#place-island")
        page.click(".cell.pivot >> nth=0")
        if page.locator(".orientation").count():
            page.click(".orientation >> nth=0")
    wait_version(page, 1)
    expect(page.get_by_role("log", name="Historique").locator("li")).to_contain_text([words])
    page.click("#replay-start")
    expect(page.locator("#replay-where")).to_have_text("Coup 0 / 1")
    page.click("#replay-forward")
    expect(page.locator("#replay-notice")).to_be_hidden()  # forward to now: live again


def test_a_finished_game_opened_from_its_link_is_watched_and_replayed(page: Any, new_page: Any) -> None:
    page.click("[data-game=stealth]")
    page.click("[data-level='1-1']")
    wait_version(page, 0)
    for number, node in enumerate(("a", "d", "e", "post", "c", "exit")):
        page.click(f"[data-node={node}].target")
        wait_version(page, number + 1)
    link = page.url  # what « Partager la partie » copies
    guest = new_page()
    guest.goto(link)
    wait_version(guest, 6)
    expect(guest.locator(".room-actions")).to_contain_text("Vous regardez la partie.")
    expect(guest.get_by_role("log", name="Historique").locator("li")).to_have_count(6)
    guest.click("#replay-start")
    expect(guest.locator("#replay-where")).to_have_text("Coup 0 / 6")
    guest.click("#replay-forward")
    expect(guest.locator("#replay-where")).to_have_text("Coup 1 / 6")
    assert guest.locator(".node.target").count() == 0  # read-only
