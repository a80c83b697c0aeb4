"""Hostile room options: nothing from the network names a server file, inline content is bounded and built
in a worker with a time limit, never on the event loop (issue 11, part C)."""

from __future__ import annotations

import asyncio
import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from meeple.games.skirmish.scenario import random_scenario, shipped_scenarios
from meeple.server.app import create_app
from meeple.server.errors import ServerError
from meeple.server.registry import GameRegistry
from meeple.server.rooms import RoomSpec
from meeple.server.service import RoomService
from meeple.server.store import Store
from meeple.server.workers import TimedWorkers
from tests.server import slow_levels
from tests.server.live import process_gone

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


def _service(tmp_path: Path, workers: TimedWorkers | None = None) -> RoomService:
    registry = GameRegistry.from_environment().with_game(slow_levels.INFO, slow_levels.ADAPTER)
    return RoomService(Store(f"sqlite:///{tmp_path / 'rooms.sqlite3'}"), registry, ai_delay=0.0,
                       game_workers=workers or TimedWorkers(processes=1))


def _over(change: Any) -> dict[str, Any]:
    data = slow_levels.level()
    change(data)
    return data


def _case() -> dict[str, Any]:
    from meeple.games.murder.caseio import case_to_json
    from meeple.games.murder.generate import generate_case

    return case_to_json(generate_case(4, 1, 1), with_solution=False)


OVER_THE_LIMITS = [
    ("stealth", "level_data", _over(lambda d: d["nodes"].extend({"id": f"m{i}", "x": i, "y": 1} for i in range(61))),
     "nodes", "65 nodes, the limit is 64"),
    ("stealth", "level_data", _over(lambda d: d["edges"].extend([["n0", "n1"]] * 158)), "edges", "the limit is 160"),
    ("stealth", "level_data", _over(lambda d: d.update(enemies=[{"id": "s"}] * 13)), "enemies", "the limit is 12"),
    ("stealth", "level_data", _over(lambda d: d.update(caravan=["n1"] * 7)), "caravan", "the limit is 6"),
    ("stealth", "level_data", _over(lambda d: d.update(title="t" * 501)), "text", "the limit is 500"),
    ("stealth", "level_data", _over(lambda d: d.update(stars=["finish"] * 301)), "list", "the limit is 300"),
    ("stealth", "level_data", _over(lambda d: d.update(hint={"fr": [[[[["x"]]]]]})), "depth", "levels deep"),
    ("stealth", "level_data", _over(lambda d: d.update(par=2**70)), "number", "64 bits"),
    ("stealth", "level_data", _over(lambda d: d.update(nodes=[{"id": "x" * 500, "x": i, "y": 0} for i in range(64)])),
     "bytes", "32768 bytes"),
    ("skirmish", "scenario", dict(SCENARIO, map=["." * 16] * 33), "map", "33 rows, the limit is 32"),
    ("skirmish", "scenario", dict(SCENARIO, fighters=[{"id": "x"}] * 17), "fighters", "the limit is 16"),
    ("skirmish", "scenario", dict(SCENARIO, objectives=[[0, 0]] * 9), "objectives", "the limit is 8"),
    ("murder", "case", dict(_case(), clues=[{}] * 101), "clues", "101 clues, the limit is 100"),
    ("murder", "case", dict(_case(), title={"fr": "x" * 201, "en": "x"}), "text", "the limit is 200"),
    ("hive", "game_type", "Base+" + "M" * 600, "text", "the limit is 500"),
]


@pytest.mark.parametrize(("game", "option", "value", "limit", "reason"), OVER_THE_LIMITS,
                         ids=[f"{case[0]}-{case[3]}" for case in OVER_THE_LIMITS])
def test_content_over_a_limit_is_refused_naming_the_limit_and_nothing_is_built(
        tmp_path: Path, game: str, option: str, value: Any, limit: str, reason: str) -> None:
    async def scenario() -> None:
        service = _service(tmp_path)
        try:
            with pytest.raises(ServerError) as refused:
                await service.create_room(RoomSpec(game=game, options={option: value}))
            assert refused.value.status == 413 and refused.value.code == "too_large"
            assert reason in refused.value.message.en and refused.value.message.fr
            assert not service.rooms and service.game_workers.pids() == []  # no worker was even started
        finally:
            await service.close()

    asyncio.run(scenario())


def test_a_limit_refusal_over_http_is_a_413_naming_the_limit(real: TestClient) -> None:
    level = slow_levels.level()
    level["nodes"] += [{"id": f"m{i}", "x": i, "y": 1} for i in range(200)]
    response = real.post("/api/rooms", json={"game": "stealth", "options": {"level_data": level}})
    assert response.status_code == 413
    assert response.json()["error"] == "too_large"
    assert response.json()["message"]["en"] == "options.level_data: nodes: 204 nodes, the limit is 64"
    assert response.json()["message"]["fr"] == "options.level_data : nodes : 204 nœuds, la limite est 64"


def test_a_level_within_the_limits_is_built_in_a_worker_while_the_server_serves(tmp_path: Path) -> None:
    release = tmp_path / "go"

    async def scenario() -> None:
        service = _service(tmp_path)
        try:
            building = asyncio.ensure_future(service.create_room(RoomSpec(
                game="slow-stealth", options={"level_data": slow_levels.level(6, 2), "wait_for": str(release)})))
            while not service.game_workers.pids():  # the build has reached its worker
                await asyncio.sleep(0.01)
            # the server goes on serving while the level is being built: other rooms are made and played
            other, _token = await service.create_room(RoomSpec(game="stealth", options={"level": "1-1"}))
            move = other.game.move_to_json(other.game.legal_moves()[0])
            assert await service.play(other, (0,), 0, move) == 1
            assert not building.done()
            release.touch()
            room, _token = await building
            assert room.row.options["built_in"] != os.getpid()  # built in another process
            assert room.row.options["built_in"] in service.game_workers.pids()
            assert room.game.view(0)["enemies"][1]["id"] == "s1"
        finally:
            await service.close()

    asyncio.run(scenario())


def test_a_build_past_the_time_limit_kills_its_worker_and_the_server_goes_on(tmp_path: Path) -> None:
    async def scenario() -> None:
        workers = TimedWorkers(processes=1, time_limit=2.0)
        service = _service(tmp_path, workers)
        try:
            first, _token = await service.create_room(RoomSpec(game="slow-stealth",
                                                               options={"level_data": slow_levels.level()}))
            worker = first.row.options["built_in"]
            with pytest.raises(ServerError) as refused:
                await service.create_room(RoomSpec(game="slow-stealth",
                                                   options={"level_data": slow_levels.level(), "spin": 600}))
            assert refused.value.status == 422 and refused.value.code == "too_slow"
            assert "2 s (the limit)" in refused.value.message.en and "2 s (limite)" in refused.value.message.fr
            assert workers.replaced == 1 and process_gone(worker)  # killed, not left spinning
            again, _token = await service.create_room(RoomSpec(game="slow-stealth",
                                                               options={"level_data": slow_levels.level()}))
            assert again.row.options["built_in"] not in (worker, os.getpid())  # a fresh worker
            move = again.game.move_to_json(again.game.legal_moves()[0])
            assert await service.play(again, (0,), 0, move) == 1
        finally:
            await service.close()

    asyncio.run(scenario())

