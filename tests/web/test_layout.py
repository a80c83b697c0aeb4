"""One layout rule for every game (web/layout.js, docs in /work/notes/layout.md): at 360 × 740 (a phone) the
board and the controls of the current action fit one screen, without scrolling; a board's cells are at
least 44 CSS px there (a finger's width: a big board pans and pinch-zooms instead of shrinking); at
1280 × 800 the main action buttons are visible without scrolling.

Each game is a :class:`Scene`: how to reach a position where the player is in the middle of an action,
what its board is, which controls that action needs, and one cell of its board. The test measures the
bounding boxes in the browser, as the player sees the page (no scrolling done by the test).

Adding a game: write its ``start`` (from the lobby to the action, waiting for the new state or the
controls to appear), list its ``controls`` selectors, and add the scene to :data:`SCENES`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from tests.web.browser import wait_version

pytestmark = pytest.mark.browser

SIZES = {
    "phone": {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True},
    "desktop": {"viewport": {"width": 1280, "height": 800}},
}
FINGER_PX = 44


@dataclass(frozen=True)
class Scene:
    """A game in the middle of an action."""

    start: Callable[[Any], None]
    """From the lobby to the action (returns once the page shows its controls)."""
    controls: tuple[str, ...]
    """The controls of the action: every element each selector matches must be wholly on screen."""
    board: str
    """The board: wholly on screen."""
    cell: str | None = None
    """A cell of the board: at least FINGER_PX wide and high on a phone (None: the board has no cells)."""


def _hive(page: Any) -> None:
    page.click("[data-game=hive]")
    page.check("input[name=mode][value=local]")
    page.click("#start")
    wait_version(page, 0)
    for number, (piece, cell) in enumerate([("wG1", "0,0"), ("bG1", "1,0"), ("wQ", "-1,0"), ("bQ", "2,0")]):
        page.click(f"[data-piece={piece}]")
        page.click(f"[data-to='{cell}']")
        wait_version(page, number + 1)
    page.click("#reserve-w [data-piece=wA1]")  # a piece chosen: its targets on the board, the reserve still there
    page.wait_for_selector(".hive-board .target")


def _skirmish(page: Any) -> None:
    page.click("[data-game=skirmish]")
    page.check("input[name=mode][value=local]")
    page.click("#start")
    wait_version(page, 0)
    page.click("[data-fighter=R1]")
    page.wait_for_selector(".reach")


def _generic(page: Any) -> None:
    page.click("[data-game=take]")  # the test plug-in's game (tests/server/take_plugin.py): no page of its own
    page.check("input[name=mode][value=local]")
    page.click("#start")
    wait_version(page, 0)
    page.wait_for_selector("#generic-moves button")


def _murder(page: Any) -> None:
    page.click("[data-game=murder]")
    page.select_option("#case-size", "6")
    page.click("#start")
    wait_version(page, 0)
    page.click(".murder-card .card-name >> nth=0")  # a person chosen: now a cell, or another card
    page.wait_for_selector(".murder-card.selected")


def _stealth(page: Any) -> None:
    page.click("[data-game=stealth]")
    page.click("[data-level='3-15']")  # the widest level of act 3, with a stone to throw
    wait_version(page, 0)
    page.wait_for_selector("#hint")


SCENES: dict[str, Scene] = {
    "hive": Scene(_hive, ("#reserve-w button[data-piece]", "#hive-info", "#undo"), ".play-board .board-view",
                  ".hive-board .stack"),
    "skirmish": Scene(_skirmish, ("#hold", "#skirmish-info", "#skirmish-turn"), ".play-board .board-view",
                      ".skirmish-board .ground"),
    "generic": Scene(_generic, ("#generic-moves button",), "#generic-view"),
    "murder": Scene(_murder, ("#murder-cards .card-name", "#hint", "#check"), ".play-board .murder-board",
                    ".murder-board .cell-floor"),
    "stealth": Scene(_stealth, ("#hint", "#throw", ".stealth-board .node.target"), ".play-board .board-view",
                     ".stealth-board .node.target .hit-area"),
}

OFF_SCREEN = """(selectors) => {
  const out = [];
  for (const selector of selectors) {
    const found = [...document.querySelectorAll(selector)].filter((el) => el.getClientRects().length);
    if (!found.length) out.push(`${selector}: not shown`);
    for (const el of found) {
      const box = el.getBoundingClientRect();
      if (box.top < -1 || box.left < -1 || box.bottom > innerHeight + 1 || box.right > innerWidth + 1) {
        out.push(`${selector} "${el.textContent.trim().slice(0, 20)}" at ${Math.round(box.left)},${Math.round(box.top)}`
          + `-${Math.round(box.right)},${Math.round(box.bottom)} (screen ${innerWidth} x ${innerHeight})`);
      }
    }
  }
  return out;
}"""


def sized_page(new_page: Any, size: str) -> Any:
    """A page at ``size`` for a returning player (the first-steps guide put away: it sits above the board)."""
    page = new_page(**SIZES[size])
    page.evaluate("localStorage.setItem('meeple.coached', JSON.stringify(['hive', 'ilyos', 'skirmish', 'murder']))")
    return page


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", SCENES)
def test_the_board_and_the_controls_of_the_action_fit_one_screen(new_page: Any, game: str, size: str) -> None:
    page = sized_page(new_page, size)
    scene = SCENES[game]
    scene.start(page)
    page.wait_for_timeout(100)  # the layout measures at the next frame
    assert page.evaluate(OFF_SCREEN, [scene.board, *scene.controls]) == [], f"{game} at {size}"
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"], "scrolls sideways"
    if size == "phone" and scene.cell:
        box = page.locator(scene.cell).first.bounding_box()
        assert box and box["width"] >= FINGER_PX - 0.5 and box["height"] >= FINGER_PX - 0.5, (game, box)


def test_a_big_board_pans_on_a_phone_and_centre_brings_it_back(new_page: Any) -> None:
    """The skirmish field is larger than a phone at 44 px a cell: a drag pans it (and is not a click)."""
    page = sized_page(new_page, "phone")
    _skirmish(page)
    before = page.get_attribute(".skirmish-board", "viewBox")
    box = page.locator(".skirmish-board").bounding_box()
    assert box
    x, y = box["x"] + box["width"] * 0.8, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x - 120, y, steps=6)
    page.mouse.up()
    panned = page.get_attribute(".skirmish-board", "viewBox")
    assert panned != before
    assert float(panned.split()[0]) > float(before.split()[0])  # dragged left: the view moved right
    page.click(".board-tool[data-tool=centre]")
    assert page.get_attribute(".skirmish-board", "viewBox") == before
