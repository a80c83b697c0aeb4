"""The API's documentation page works with no network beyond the server (issue 11: it loaded from a CDN)."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from tests.server.live import LiveServer
from tests.web.browser import Watch


def test_the_docs_page_draws_the_api_from_the_servers_own_files(browser: Any, live_server: LiveServer,
                                                                 watch: Watch) -> None:
    context = browser.new_context()
    foreign: list[str] = []

    def only_the_server(route: Any) -> None:  # anything else is refused, as offline
        if route.request.url.startswith(live_server.url) or route.request.url.startswith("data:"):
            route.continue_()
        else:
            foreign.append(route.request.url)
            route.abort()

    context.route("**/*", only_the_server)
    try:
        page = watch.page(context)  # a console error (a refused script or style) fails the test
        page.goto(live_server.url + "/docs")
        expect(page.locator(".opblock").first).to_be_visible()
        assert page.locator(".opblock").count() >= 8
        page.locator(".opblock-summary").first.click()
        expect(page.locator(".opblock-body").first).to_be_visible()
        assert not foreign
    finally:
        context.close()
