"""Golden files (reach of shipped scenarios) and the random scenario generator."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from meeple.core.conformance import random_playout
from meeple.games.skirmish import INFO
from meeple.games.skirmish.engine import SkirmishGame
from meeple.games.skirmish.movement import check
from meeple.games.skirmish.scenario import parse_scenario, random_scenario

GOLDEN = Path(__file__).parent / "golden"


@pytest.mark.parametrize(("scenario", "fighter"), [("gauntlet", "R1"), ("ford", "B3")])
def test_reach_matches_the_golden_file(scenario: str, fighter: str) -> None:
    """Regenerate with: meeple skirmish reach SCENARIO FIGHTER --json | python -m json.tool > golden/…"""
    game = SkirmishGame.new({"scenario": scenario})
    expected = json.loads((GOLDEN / f"{scenario}-{fighter}-reach.json").read_text())
    assert game.reachable(fighter).to_json() == expected
    for destination in expected["destinations"]:  # and every golden path is still legal
        assert check(game.field, fighter, [tuple(cell) for cell in destination["path"]]).legal


@pytest.mark.parametrize("seed", range(6))
def test_random_scenarios_are_valid_and_play_by_the_protocol(seed: int) -> None:
    data = random_scenario(seed, width=10 + seed, height=6 + seed % 3, per_side=2 + seed % 3, rounds=3)
    scenario = parse_scenario(data, "generated")
    assert scenario.name == f"random-{seed}" and len(scenario.fighters) == 2 * (2 + seed % 3)
    random_playout(INFO.factory, {"scenario": data}, seed, max_moves=40, every_move_check_interval=11)


def test_random_scenarios_depend_only_on_the_seed() -> None:
    assert random_scenario(9) == random_scenario(9) != random_scenario(10)
    with pytest.raises(ValueError):
        random_scenario(1, width=3)
