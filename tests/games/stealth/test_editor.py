"""The level editor's live check (editor.editor_report) and the server's ``analyse`` catalogue question."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from meeple.games.stealth.editor import editor_report
from meeple.server.app import create_app
from meeple.server.registry import GameRegistry
from tests.games.stealth.helpers import level_doc, sentry

THREE = [["a", "b"], ["b", "c"]]


def test_a_three_node_level_is_solvable_with_its_par_and_figures() -> None:
    answer = editor_report({"level_data": level_doc(THREE, [], "a", exit="c")})
    assert answer["ok"] is True and answer["par"] == 2 and answer["format_error"] is None
    assert answer["figures"]["reachable"] == 3 and answer["mechanics"] == []


def test_a_draft_that_cannot_be_read_points_at_the_field() -> None:
    answer = editor_report({"level_data": level_doc(THREE, [sentry("b", "z")], "a", exit="c")})
    assert answer["ok"] is False
    assert answer["format_error"] == {"field": "enemies[0].facing", "reason": {"fr": "nœud inconnu « z »",
                                                                              "en": "unknown node 'z'"}}
    assert editor_report({})["format_error"]["reason"]["en"] == "a JSON object is expected"


def good_doc(edges: list[Any]) -> dict[str, Any]:
    return level_doc(edges, [sentry("g", "a")], "s", teaches=["sentry"])


def test_a_level_without_enemies_offers_no_bonus_star() -> None:
    assert editor_report({"level_data": level_doc(THREE, [], "a", exit="c")})["stars"] == ["finish", "par"]


def test_an_unsolvable_level_gives_the_validators_reason_and_the_needed_mechanics_when_solvable() -> None:
    blocked = editor_report({"level_data": level_doc(THREE, [sentry("b", "a")], "a", exit="c")})
    assert blocked["ok"] is False and blocked["problems"] == [{"fr": "le niveau n'a pas de solution",
                                                               "en": "the level has no solution"}]
    edges = [["s", "a"], ["a", "g"], ["g", "x"], ["s", "b"], ["b", "g"]]
    good = editor_report({"level_data": good_doc(edges)})
    assert good["ok"] and good["mechanics"] == [{"mechanic": "sentry", "present": True, "needed": True, "par_with": 3,
                                                 "par_without": None, "solvable_without": False,
                                                 "name": {"fr": "neutraliser une sentinelle", "en": "neutralising a sentry"}}]
    # the level « Jouer ce niveau » plays: completed with its par and the stars it can offer (one sentry, on the way)
    assert good["stars"] == ["finish", "par", "sweep"]
    assert good["level"] == {**good_doc(edges), "par": 3, "stars": ["finish", "par", "sweep"]}


@pytest.fixture
def server(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'editor.sqlite3'}", GameRegistry.from_environment(),
                               ai_delay=0.0)) as client:
        yield client


def test_the_server_answers_the_analyse_question_and_refuses_an_oversized_level(server: TestClient) -> None:
    doc = level_doc(THREE, [], "a", exit="c")
    reply = server.post("/api/games/stealth/catalog/analyse", json={"params": {"level_data": doc}})
    assert reply.status_code == 200 and reply.json()["result"]["par"] == 2
    huge: dict[str, Any] = {**doc, "nodes": [{"id": f"n{i}", "x": i, "y": 0} for i in range(101)]}
    too_big = server.post("/api/games/stealth/catalog/analyse", json={"params": {"level_data": huge}})
    # over the node limit: refused by the server before a worker builds anything, the message naming the field
    assert too_big.status_code == 413 and "params.level_data: nodes" in too_big.json()["message"]["en"]


def test_the_hint_query_gives_the_next_move_of_a_shortest_way_out() -> None:
    from meeple.games.stealth.engine import StealthGame
    from meeple.server.adapters.stealth import hint, level_info

    game = StealthGame.new({"level": "1-1"})
    assert hint(game, 0, None) == {"move": {"to": "a"}}  # the first move of the only shortest solution
    game.push(game.parse_move("a"))
    game.push(game.parse_move("b"))  # in front of the sentry: captured, no way out any more
    assert hint(game, 0, None) == {"move": None}
    info = level_info(StealthGame.new({"level": "1-9"}), 0, None)
    assert info["posts"] == {"tracker": "post"} and info["options"] == {"level": "1-9"} and info["patrols"] == []
