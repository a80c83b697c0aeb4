"""Moves that show themselves (only when the player did not ask for reduced motion), and the guided first
steps of a game new to the player."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.web.browser import place_island_and_end_turn, wait_version

pytestmark = pytest.mark.browser


def start_local_hive(page: Any) -> None:
    page.click("[data-game=hive]")
    page.check("input[name=mode][value=local]")
    page.click("#start")
    wait_version(page, 0)


def place_first_piece(page: Any) -> None:
    page.click("[data-piece=wG1]")
    page.click("[data-to='0,0']")
    wait_version(page, 1)
    page.wait_for_selector(".hive-board .last-move")


def test_a_move_shows_itself_unless_the_player_asked_for_reduced_motion(new_page: Any) -> None:
    moving = new_page(reduced_motion="no-preference")
    start_local_hive(moving)
    place_first_piece(moving)
    assert moving.evaluate("document.getAnimations().length") > 0  # the piece just placed glows, then settles
    calm = new_page()  # reduced motion
    start_local_hive(calm)
    place_first_piece(calm)
    assert calm.evaluate("document.getAnimations().length") == 0


def test_the_first_game_of_hive_guides_the_first_moves_once(page: Any) -> None:
    start_local_hive(page)
    coach = page.locator("#coach")
    expect(coach).to_contain_text("Premiers pas")
    expect(coach.locator("li[aria-current=step]")).to_contain_text("Choisissez une pièce dans votre réserve")
    place_first_piece(page)
    expect(coach.locator("li.done")).to_have_count(1)
    page.click("#coach-done")
    expect(page.locator("#coach")).to_have_count(0)
    page.click("#home-link")
    start_local_hive(page)
    expect(page.locator("#history-list li")).to_have_count(1)  # the room is drawn…
    assert page.locator("#coach").count() == 0  # …without the guide: it was put away


def test_a_computers_turn_is_drawn_one_action_at_a_time(new_page: Any) -> None:
    page = new_page(reduced_motion="no-preference")
    page.click("[data-game=ilyos]")
    page.select_option("#seat-1", "ai:easy")
    page.click("#start")
    wait_version(page, 0)
    page.evaluate("""() => {
        window.drawn = [];
        const room = document.querySelector('section.room');
        new MutationObserver(() => window.drawn.push([Number(room.dataset.version), performance.now()]))
          .observe(room, { attributes: true, attributeFilter: ['data-version'] });
    }""")
    place_island_and_end_turn(page)
    page.wait_for_selector("#place-island")  # the computer's whole turn was drawn: my turn again
    first_seen: dict[int, float] = {}
    for number, moment in page.evaluate("window.drawn"):
        first_seen.setdefault(number, moment)
    computer = sorted((number, moment) for number, moment in first_seen.items() if number > 2)
    assert len(computer) >= 2, computer  # at least an island and the end of its turn
    gaps = [later - earlier for (_, earlier), (_, later) in itertools.pairwise(computer)]
    assert min(gaps) >= 600, gaps  # a readable pace, one action at a time


SLIDING = "document.getAnimations().some((a) => a.effect.getKeyframes().some((k) => String(k.transform).startsWith('translate')))"


def test_the_leader_slides_to_the_node_it_walked_to(new_page: Any) -> None:
    page = new_page(reduced_motion="no-preference")
    page.click("[data-game=stealth]")
    page.click("[data-level='1-1']")
    wait_version(page, 0)
    page.click("[data-node=a].target")
    wait_version(page, 1)
    assert page.evaluate(SLIDING)
