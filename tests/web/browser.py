"""Helpers of the browser tests: the error watch and the waits on the room's state version.

Waits in these tests always wait for the NEW state (the room's ``data-version``, a count that changed,
a text that became true), never for an element that may still be there from before the action.
``page.wait_for_function`` is always given an arrow function: a bare expression is run through ``eval``,
which the app's Content-Security-Policy refuses (no ``unsafe-eval``).
"""

from __future__ import annotations

import re
from typing import Any

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run"]
STEP_TIMEOUT_MS = 30_000
"""How long one wait may take: generous, for a 2-core CI machine under load."""


class Watch:
    """Collects the page errors and console errors of every page it watches."""

    def __init__(self) -> None:
        self.errors: list[str] = []
        self.allowed: list[re.Pattern[str]] = []

    def allow(self, pattern: str) -> None:
        """Accept console errors matching ``pattern`` (a regular expression): the test provokes them."""
        self.allowed.append(re.compile(pattern))

    def page(self, context: Any) -> Any:
        """A new page of ``context``, watched."""
        page = context.new_page()
        page.set_default_timeout(STEP_TIMEOUT_MS)
        page.on("pageerror", lambda error: self.errors.append(f"page error: {error}"))
        page.on("console", self._console)
        return page

    def _console(self, message: Any) -> None:
        if message.type == "error":
            self.errors.append(f"console error: {message.text}")

    def unexpected(self) -> list[str]:
        return [error for error in self.errors if not any(p.search(error) for p in self.allowed)]


def version(page: Any) -> int:
    """The room's state version (moves and undos so far) as the page shows it."""
    return int(page.get_attribute("section.room", "data-version") or -1)


def wait_version(page: Any, number: int) -> None:
    """Wait until the page has drawn the room's state ``number``."""
    page.wait_for_selector(f"section.room[data-version='{number}']")


def wait_version_at_least(page: Any, number: int) -> None:
    """Wait until the page has drawn the room's state ``number`` or a later one (computers may play on)."""
    page.wait_for_function(f"() => Number(document.querySelector('section.room')?.dataset.version ?? -1) >= {number}")


def start_local_game(page: Any, game: str) -> None:
    """From the lobby, start ``game`` the quickest way for this device alone; wait for its first state."""
    page.click(f"[data-game={game}]")
    start_from_new_game(page, game)


def start_from_new_game(page: Any, game: str) -> None:
    """From ``game``'s new-game page, start a local game the quickest way; wait for its first state."""
    if game == "stealth":
        page.click("[data-level='1-1']")
    else:
        if game == "murder":
            page.select_option("#case-size", "4")
        elif game == "ilyos":
            page.select_option("#seat-1", "local")
        else:
            page.check("input[name=mode][value=local]")
        page.click("#start")
    wait_version(page, 0)


def place_island_and_end_turn(page: Any) -> None:
    """Place an island at the first pivot offered (first orientation), end the turn, wait for both states."""
    before = version(page)
    page.click("#place-island")
    page.click(".cell.pivot >> nth=0")  # the pivots appear once the server answered
    if page.locator(".orientation").count():  # drawn by the same click when there is a choice to make
        page.click(".orientation >> nth=0")
    wait_version(page, before + 1)
    page.click("#end-turn")
    wait_version_at_least(page, before + 2)
