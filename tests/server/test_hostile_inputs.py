"""Hostile room options: nothing from the network names a server file, inline content is bounded and built
in a worker with a time limit, never on the event loop (issue 11, part C)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from meeple.games.skirmish.scenario import random_scenario, shipped_scenarios
from meeple.server.app import create_app
from meeple.server.registry import GameRegistry

SCENARIO = random_scenario(7)


@pytest.fixture
def real(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'hostile.sqlite3'}", GameRegistry.from_environment(),
                               ai_delay=0.0)) as client:
        yield client


def _refusal(client: TestClient, game: str, options: dict[str, Any]) -> dict[str, Any]:
    response = client.post("/api/rooms", json={"game": game, "options": options})
    assert 400 <= response.status_code < 500, response.text
    body = dict(response.json())
    assert body["message"]["fr"] and body["message"]["en"]
    return body


def test_a_skirmish_option_naming_a_path_opens_no_file_and_says_nothing_about_it(real: TestClient,
                                                                                  tmp_path: Path) -> None:
    scenario_file = tmp_path / "mine.json"
    scenario_file.write_text(json.dumps(SCENARIO), encoding="utf-8")
    (tmp_path / "folder").mkdir()
    not_json = tmp_path / "binary.bin"
    not_json.write_bytes(b"\x00\xff" * 100)
    paths = [str(scenario_file), str(tmp_path / "missing.json"), str(tmp_path / "folder"), str(not_json),
             "/dev/zero", "/etc/passwd", "../../../../etc/passwd", "ford/../ford", "./ford"]
    answers = []
    for path in paths:
        body = _refusal(real, "skirmish", {"scenario": path})
        # the same answer whatever lies at that path (the name itself is not repeated either)
        answers.append((body["error"], body["message"]["en"].replace(path, "…"), body["message"]["fr"].replace(path, "…")))
        assert "exist" not in body["message"]["en"] and "folder" not in body["message"]["en"]
    assert len(set(answers)) == 1, answers
    assert all(name in answers[0][1] for name in shipped_scenarios())  # names what may be chosen
    # the same scenario sent inline is fine, and a shipped name still works
    assert real.post("/api/rooms", json={"game": "skirmish", "options": {"scenario": SCENARIO}}).status_code == 200
    assert real.post("/api/rooms", json={"game": "skirmish", "options": {"scenario": "ford"}}).status_code == 200


OPTIONS_THAT_TAKE_TEXT = [
    ("stealth", "level"), ("stealth", "level_data"), ("skirmish", "scenario"), ("hive", "game_type"),
    ("murder", "case"), ("murder", "difficulty"), ("murder", "size"), ("ilyos", "mode"), ("ilyos", "islands"),
]
"""Every option of the five games (each game's factory refuses any other key): none may name a file."""


@pytest.mark.parametrize(("game", "option"), OPTIONS_THAT_TAKE_TEXT)
def test_no_option_of_any_game_reads_the_path_it_is_given(real: TestClient, tmp_path: Path, game: str,
                                                         option: str) -> None:
    existing = tmp_path / "content.json"
    existing.write_text(json.dumps(SCENARIO), encoding="utf-8")
    answers = set()
    for path in (str(existing), str(tmp_path / "missing.json"), str(tmp_path), "/dev/zero", "../levels/act1/1-1"):
        body = _refusal(real, game, {option: path})
        answers.add((body["error"], body["message"]["en"].replace(path, "…")))
    assert len(answers) == 1, answers


def test_an_unknown_option_is_refused_by_every_game(real: TestClient) -> None:
    for game in ("stealth", "skirmish", "hive", "murder", "ilyos"):
        assert "file" in _refusal(real, game, {"file": "/etc/passwd"})["message"]["en"]
