"""Accounts across a cluster: an account and its session made through one process work on the other (the
database holds them), and guessing a password through both processes meets one per-name limit (the bus's
Redis counts it), not one per process."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest

from tests.server.cluster_parts import cluster_parts, two_cluster_servers
from tests.server.live import LiveServer

pytestmark = pytest.mark.slow
TIMEOUT = 60.0
PASSWORD = "correct horse battery"


@pytest.fixture(scope="module")
def two_servers() -> Iterator[tuple[LiveServer, LiveServer]]:
    with cluster_parts() as (db_url, bus_url), \
            two_cluster_servers(db_url, bus_url, ("--limit-signin-name", "10/10m")) as servers:
        yield servers


def _sign(client: httpx.Client, path: str, name: str, password: str) -> httpx.Response:
    return client.post(path, json={"name": name, "password": password}, headers={"X-CSRF-Token": "guest"})


def test_a_session_made_on_one_process_is_known_to_the_other(two_servers: tuple[LiveServer, LiveServer]) -> None:
    first, second = two_servers
    with httpx.Client(base_url=first.url, timeout=TIMEOUT) as browser:
        assert _sign(browser, "/api/account", "Ana", PASSWORD).status_code == 200
        cookie = browser.cookies.get("meeple_session")
    with httpx.Client(base_url=second.url, timeout=TIMEOUT, cookies={"meeple_session": cookie or ""}) as same:
        me = same.get("/api/me").json()
        assert me["account"]["name"] == "Ana"
        room = same.post("/api/rooms", json={"game": "take", "options": {"pile": 9}},
                         headers={"X-CSRF-Token": me["csrf"]}).json()
        assert room["state"]["players"][0]["account"] == "Ana"
        assert same.delete("/api/session", headers={"X-CSRF-Token": me["csrf"]}).status_code == 200
    with httpx.Client(base_url=first.url, timeout=TIMEOUT, cookies={"meeple_session": cookie or ""}) as after:
        assert after.get("/api/me").json()["account"] is None, "signed out on one process: out on both"


def test_guessing_one_name_through_two_processes_meets_one_limit(two_servers: tuple[LiveServer, LiveServer]) -> None:
    first, second = two_servers
    with httpx.Client(base_url=first.url, timeout=TIMEOUT) as owner:
        assert _sign(owner, "/api/account", "Bea", PASSWORD).status_code == 200
    answers = []
    for attempt in range(14):
        server = (first, second)[attempt % 2]
        with httpx.Client(base_url=server.url, timeout=TIMEOUT) as guesser:
            answers.append(_sign(guesser, "/api/session", "bea", f"guess {attempt}").status_code)
    assert answers[:10] == [401] * 10 and set(answers[10:]) == {429}, answers
