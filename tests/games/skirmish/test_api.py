"""The JSON functions the browser calls (meeple.games.skirmish.api)."""

from __future__ import annotations

import json

import pytest

from meeple.core.errors import FormatError, MeepleError
from meeple.games.skirmish import api
from meeple.games.skirmish.engine import SkirmishGame
from tests.games.skirmish.helpers import scenario_from_art


def test_reach_json_lists_destinations_and_zocs() -> None:
    game = SkirmishGame.new({"scenario": "gauntlet"})
    data = json.loads(json.dumps(api.reach_json(game, "R1")))
    assert data["fighter"] == "R1" and data["start"] == [1, 3] and data["allowance"] == 14
    assert {"B1", "B2", "R1"} <= set(data["zocs"])
    engaged = [d for d in data["destinations"] if d["outcome"]["kind"] == "engaged"]
    assert {tuple(d["cell"]) for d in engaged} == {(6, 1), (6, 3), (6, 5)}
    assert all(d["path"][-1] == d["cell"] for d in data["destinations"])


def test_check_json_gives_the_first_illegal_step() -> None:
    game = SkirmishGame.new({"scenario": "gauntlet"})
    data = api.check_json(game, "R1", [[2, 3], [3, 3], [4, 3], [5, 3], [5, 2]])
    assert data["legal"] is False and data["error"]["step"] == 4 and data["error"]["rule"] == "R12"  # type: ignore[index]
    assert data["error"]["at_end"] is False  # type: ignore[index]  # a wrong step, not a wrong place to stop
    assert api.check_json(game, "R1", [[2, 3]])["legal"] is True
    with pytest.raises(FormatError, match=r"path\[1\]"):
        api.check_json(game, "R1", [[2, 3], "x"])


def test_sandbox_works_on_a_scenario_value() -> None:
    scenario = scenario_from_art(["a......X"])
    reach = api.sandbox_reach(scenario, "a")
    assert [5, 0] in [d["cell"] for d in reach["destinations"]]  # type: ignore[union-attr]
    assert api.sandbox_check(scenario, "a", [[1, 0], [2, 0]])["legal"] is True
    with pytest.raises(FormatError, match="fighter"):
        api.sandbox_reach(scenario, "q")
    with pytest.raises(FormatError, match="version"):
        api.sandbox_reach(scenario | {"version": 9}, "a")


def test_ai_move_json_is_a_legal_move_for_the_side_to_move() -> None:
    game = SkirmishGame.new({"scenario": "ford"})
    move = api.ai_move_json(game, 0, seed=3)
    game.push(game.move_from_json(move))
    assert game.to_move() == 1
    with pytest.raises(MeepleError):
        api.ai_move_json(game, 0)


def test_ai_move_gives_the_server_a_move_to_push() -> None:
    game = SkirmishGame.new({"scenario": "gauntlet"})
    move = api.ai_move(game, seed=7)
    assert game.is_legal(move) and game.move_to_json(move) == api.ai_move_json(game, 0, seed=7)
    game.push(move)
