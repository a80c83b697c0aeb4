"""ILYOS click flow on a prepared position: a push chosen with the − / + buttons and the mouse wheel."""

from __future__ import annotations

import json
import re
import time
from typing import Any

import httpx
import pytest
from playwright.sync_api import expect

from tests.server.live import LiveServer
from tests.web.browser import place_island_and_end_turn, start_local_game, version, wait_version

pytestmark = pytest.mark.browser

HTTP_TIMEOUT = 30.0
"""Seconds an HTTP call to the live server may take on a loaded machine."""

SEED = 0
ELEVEN = {"size": 11, "village_refuge": False, "anchored_carriers": False, "escort": False, "no_retake": False,
          "compensation_pushes": 0}
"""The 11 × 11 board and rules these recorded positions were written for (before the balance study chose
15 × 15 and the carrier protections as defaults, docs/rules/ilyos.md §14)."""
MOVES = json.loads("""[{"kind": "place", "at": [5, 8], "orientation": 3}, {"kind": "move", "guardian": 0, "to": [2, 1]},
{"kind": "move", "guardian": 4, "to": [7, 7]}, {"kind": "end"}, {"kind": "place", "at": [9, 6], "orientation": 1},
{"kind": "magic", "at": [2, 9], "quarter_turns": 4}, {"kind": "move", "guardian": 5, "to": [9, 7]},
{"kind": "move", "guardian": 2, "to": [10, 1]}, {"kind": "end"}, {"kind": "place", "at": [7, 2], "orientation": 1},
{"kind": "magic", "at": [2, 9], "quarter_turns": 4}, {"kind": "move", "guardian": 6, "to": [8, 2]}, {"kind": "end"},
{"kind": "move", "guardian": 5, "to": [8, 5]}, {"kind": "place", "at": [9, 3], "orientation": 3}, {"kind": "end"},
{"kind": "place", "at": [0, 5], "orientation": 3}, {"kind": "move", "guardian": 8, "to": [1, 5]},
{"kind": "move", "guardian": 4, "to": [6, 7]}, {"kind": "move", "guardian": 6, "to": [7, 2]},
{"kind": "move", "guardian": 6, "to": [7, 3]}, {"kind": "end"}, {"kind": "place", "at": [5, 10], "orientation": 2},
{"kind": "move", "guardian": 2, "to": [10, 0]}, {"kind": "move", "guardian": 5, "to": [7, 5]},
{"kind": "move", "guardian": 2, "to": [9, 0]}, {"kind": "move", "guardian": 7, "to": [9, 2]}, {"kind": "end"},
{"kind": "move", "guardian": 6, "to": [7, 4]}, {"kind": "place", "at": [1, 3], "orientation": 2},
{"kind": "move", "guardian": 4, "to": [4, 7]}, {"kind": "push", "guardian": 6, "to": [7, 5], "force": 1},
{"kind": "end"}, {"kind": "place", "at": [2, 6], "orientation": 1}, {"kind": "magic", "at": [9, 3], "quarter_turns": 3},
{"kind": "move", "guardian": 11, "to": [2, 7]}, {"kind": "move", "guardian": 3, "to": [0, 10]}, {"kind": "end"},
{"kind": "move", "guardian": 10, "to": [0, 3]}, {"kind": "magic", "at": [9, 6], "quarter_turns": 3},
{"kind": "place", "at": [0, 7], "orientation": 3}, {"kind": "move", "guardian": 0, "to": [3, 1]}, {"kind": "end"},
{"kind": "place", "at": [4, 2], "orientation": 3}, {"kind": "move", "guardian": 7, "to": [7, 3]}]""")
"""A local duel (seed 0) up to a turn in which guardian 7 may push the guardian on 7,4 with force 1 or more."""


def _prepared_room(server: LiveServer) -> dict[str, Any]:
    room = httpx.post(f"{server.url}/api/rooms", json={"game": "ilyos", "seed": SEED, "options": ELEVEN}, timeout=HTTP_TIMEOUT).json()
    for number, move in enumerate(MOVES):
        for _attempt in range(30):  # the seat's move rate limit (--limit-moves, 30 per 10 s): wait as told
            answer = httpx.post(f"{server.url}/api/rooms/{room['code']}/moves",
                                json={"token": room["token"], "version": number, "move": move}, timeout=HTTP_TIMEOUT)
            if answer.status_code != 429:
                break
            time.sleep(float(answer.json().get("retry_after", 1)))
        assert answer.status_code == 200, answer.text
    return dict(room)


def test_push_force_with_buttons_and_wheel_then_cancel_a_selection(page: Any, live_server: LiveServer) -> None:
    room = _prepared_room(live_server)
    kept = json.dumps([{"code": room["code"], "token": room["token"], "game": "ilyos", "at": 0}])
    page.evaluate(f"localStorage.setItem('meeple.rooms', {json.dumps(kept)})")
    page.goto(f"{live_server.url}/#/room/{room['code']}")
    wait_version(page, len(MOVES))
    page.click("[data-guardian='7']")
    page.wait_for_selector(".cell.target")
    target = page.locator("[data-cell='7,4']")
    if "primary-push" in (target.get_attribute("class") or ""):
        target.click()
    else:
        page.click(".alt-action:has-text('7,4')")
    force = page.locator("#push-force")
    expect(force).to_have_text("1")
    page.click("#force-plus")
    expect(force).to_have_text("2")
    page.dispatch_event("#push-card", "wheel", {"deltaY": 100})
    expect(force).to_have_text("1")
    page.dispatch_event("#push-card", "wheel", {"deltaY": -100})
    expect(force).to_have_text("2")
    page.click("#force-minus")
    expect(force).to_have_text("1")
    page.click("#push-go")
    wait_version(page, len(MOVES) + 1)
    assert page.locator("#push-card").count() == 0
    # rule 15: clicking the selected guardian again leaves the action without spending anything
    points = page.inner_text(".points")
    page.click("[data-guardian='7']")
    page.wait_for_selector(".cell.target")
    page.click("[data-guardian='7']")
    page.wait_for_selector(".cell.target", state="detached")
    assert page.inner_text(".points") == points
    assert version(page) == len(MOVES) + 1


def test_two_versus_two_with_three_computer_seats(page: Any) -> None:
    page.click("[data-game=ilyos]")
    page.select_option("#ilyos-mode", "2v2")
    page.check("#team-diagonal")
    for seat in (1, 2, 3):
        page.select_option(f"#seat-{seat}", "ai:easy")
    page.click("#start")
    wait_version(page, 0)
    assert page.locator(".ilyos-players li").count() == 4
    assert page.locator("#players .player").count() == 4
    assert "Équipes" in page.inner_text("#ilyos-table")
    place_island_and_end_turn(page)
    # the three computers play their turns, then it is this seat's turn again
    page.wait_for_selector("#place-island", timeout=90_000)
    assert page.get_attribute("#players .seat-0", "aria-current") == "true"
    assert "Tour 2" in page.inner_text("#ilyos-table")


def test_a_complete_local_duel_until_nobody_can_place_an_island(page: Any) -> None:
    page.click("[data-game=ilyos]")
    page.select_option("#ilyos-size", label="11 × 11")  # the shortest game: the smallest board,
    page.select_option("#ilyos-islands", "12")  # few free spots for islands
    page.select_option("#seat-1", "local")
    page.select_option("#time-per-turn", "5")  # rule 16; no turn of this test comes near 5 minutes
    page.click("#start")
    wait_version(page, 0)
    expect(page.locator("#clock")).to_have_text(re.compile(r"^⏱ [45]:\d\d$"))
    assert "5 min par tour" in page.inner_text("#ilyos-table")
    for _ in range(40):
        if page.is_visible("#outcome"):
            break
        place_island_and_end_turn(page)
    expect(page.locator("#outcome")).to_be_visible()
    assert page.inner_text("#outcome")
    assert page.locator("#place-island").count() == 0
    expect(page.locator("#clock")).to_be_hidden()  # no clock once the game is over


def test_magic_offers_the_rotations_of_the_clicked_island(page: Any, live_server: LiveServer) -> None:
    # seed 1: a magic card in hand
    room = httpx.post(f"{live_server.url}/api/rooms", json={"game": "ilyos", "seed": 1, "options": ELEVEN}, timeout=HTTP_TIMEOUT).json()
    kept = json.dumps([{"code": room["code"], "token": room["token"], "game": "ilyos", "at": 0}])
    page.evaluate(f"localStorage.setItem('meeple.rooms', {json.dumps(kept)})")
    page.goto(f"{live_server.url}/#/room/{room['code']}")
    page.wait_for_selector("section.room[data-version='0'] .ilyos-board")
    page.click("[data-cell='2,1']")
    page.wait_for_selector(".rotation")
    degrees = [page.get_attribute(f".rotation >> nth={i}", "data-degrees") for i in range(page.locator(".rotation").count())]
    assert degrees and set(degrees) <= {"90", "180", "270", "360"}
    assert page.locator(".cell.magic-island").count() == 3
    page.click(".rotation[data-degrees='90']")
    wait_version(page, 1)
    assert "Magie 0" in page.inner_text(".points")


def test_a_guardian_is_moved_with_the_keyboard(page: Any) -> None:
    start_local_game(page, "ilyos")
    cell = page.locator(".cell:has(.guardian)").first.get_attribute("data-cell")
    page.focus(f"[data-cell='{cell}']")
    page.keyboard.press("Enter")
    page.wait_for_selector(".cell.target")
    assert page.evaluate("document.activeElement.dataset.cell") == cell  # the focus stays on the guardian
    page.keyboard.press("Escape")  # rule 15: leave the action
    page.wait_for_selector(".cell.target", state="detached")
    page.keyboard.press("Enter")
    page.wait_for_selector(".cell.target")
    for _ in range(150):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.matches('.cell.target.primary-move')"):
            break
    page.keyboard.press("Enter")
    wait_version(page, 1)
    assert page.locator(f"[data-cell='{cell}'] .guardian").count() == 0  # it walked away
