"""The server's ``analyse`` catalogue question of murder (the case editor's live check), through the real app."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from tests.games.murder.test_editor import ANSWER, GOOD_CLUES, draft

ROUTE = "/api/games/murder/catalog/analyse"



def test_the_server_checks_a_draft_and_answers_garbage_with_a_format_error_and_oversize_with_413(
        server: TestClient) -> None:
    reply = server.post(ROUTE, json={"params": {"case": draft(GOOD_CLUES), "lang": "en"}})
    assert reply.status_code == 200
    answer = reply.json()["result"]
    assert answer["ok"] is True and answer["difficulty"] == 3 and answer["murderer"] == "Blanche"
    assert answer["solution"] == {pid: list(cell) for pid, cell in ANSWER.items()}
    for garbage in ("a case", 42, None, {"format": "meeple-murder-case", "version": 1, "size": "big"}):
        reply = server.post(ROUTE, json={"params": {"case": garbage}})
        assert reply.status_code == 200 and reply.json()["result"]["format_error"] is not None
    assert server.post(ROUTE, json={"params": "nonsense"}).json()["result"]["format_error"]["field"] == ""
    too_many = server.post(ROUTE, json={"params": {"case": draft([GOOD_CLUES[1]] * 101)}})
    assert too_many.status_code == 413
    assert too_many.json()["error"] == "too_large" and "101" in too_many.json()["message"]["en"]


def test_an_oversized_draft_is_refused_before_it_takes_a_worker(server: TestClient,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """A hostile client cannot spend the workers' time on drafts past the format's limits."""
    service = server.app.state.service  # type: ignore[attr-defined]
    calls: list[str] = []

    async def counting_run(function, *args):  # type: ignore[no-untyped-def]
        calls.append(function.__name__)
        raise AssertionError("an oversized draft reached a worker")

    monkeypatch.setattr(service.game_workers, "run", counting_run)
    reply = server.post(ROUTE, json={"params": {"case": draft([GOOD_CLUES[1]] * 101)}})
    assert reply.status_code == 413 and reply.json()["error"] == "too_large"
    level = {"nodes": [{"id": f"n{i}"} for i in range(5_000)]}
    reply = server.post("/api/games/stealth/catalog/analyse", json={"params": {"level_data": level}})
    assert reply.status_code == 413 and reply.json()["error"] == "too_large"
    assert calls == []
