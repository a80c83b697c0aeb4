"""Browser tests: a live server in a subprocess and headless Debian Chromium driven by Playwright.

Every page a test opens is watched: an uncaught exception or a console error fails the test, unless the
test said beforehand which error it provokes (``watch.allow("404")``).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.server.live import LiveServer
from tests.web.browser import CHROMIUM, CHROMIUM_ARGS, STEP_TIMEOUT_MS, Watch

expect.set_options(timeout=STEP_TIMEOUT_MS)  # expect() retries as long as a wait may take


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    server = LiveServer(tmp_path_factory.mktemp("web") / "rooms.sqlite3").start()
    yield server
    server.stop()


@pytest.fixture(scope="package")
def browser() -> Iterator[Any]:
    # Package scope: Playwright's sync API keeps an event loop running in this thread until it stops,
    # so tests collected after tests/web (asyncio.run in tests/server, say) need it stopped first.
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's chromium is not installed (scripts/setup.sh --test installs it)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def watch() -> Iterator[Watch]:
    """The error watch of this test: fails it at teardown on any error it did not allow."""
    watch = Watch()
    yield watch
    assert not watch.unexpected(), watch.unexpected()


@pytest.fixture
def new_page(browser: Any, live_server: LiveServer, watch: Watch) -> Iterator[Any]:
    """new_page(**context_options): a watched page in a fresh context (its own localStorage) on the lobby."""
    contexts: list[Any] = []

    def make(**options: Any) -> Any:
        # a French browser unless a test says otherwise (the app's first visit follows the browser's language),
        # asking for reduced motion (no animation to wait for; test_motion turns them on)
        context = browser.new_context(**{"viewport": {"width": 1000, "height": 800}, "locale": "fr-FR",
                                         "reduced_motion": "reduce", **options})
        contexts.append(context)
        page = watch.page(context)
        page.goto(live_server.url + "/")
        page.wait_for_selector(".game-cards [data-game=murder]")  # the lobby is drawn once the games are known
        return page

    yield make
    for context in contexts:
        context.close()


@pytest.fixture
def page(new_page: Any) -> Any:
    """A fresh, watched browser page on the lobby."""
    return new_page()
