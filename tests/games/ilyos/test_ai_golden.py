"""The AI plays exactly the recorded games: an optimisation of the engine or of the AI changes no move.

``ai_golden.json`` holds whole AI-against-AI games recorded move by move (wall clock off: node limits
only, rule R45) by ``benchmarks/ilyos_golden.py --record``. These tests replay the cheap ones (Hard and
Medium games, and an Expert whose node limits are divided by 8); the full Expert games are checked by
``benchmarks/ilyos_golden.py --check`` (too slow for the test suite).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from meeple.games.ilyos import ai
from meeple.games.ilyos.engine import stored_options
from meeple.games.ilyos.tournament import play_game

GOLDEN = json.loads((Path(__file__).parent / "ai_golden.json").read_text())["games"]
FAST = [game for game in GOLDEN if game.get("fast")]


def test_the_golden_file_covers_every_level_searching_and_the_options() -> None:
    levels = {level for game in GOLDEN for level in game["levels"]}
    assert {"medium", "hard", "expert"} <= levels
    assert any(game["options"].get("size") == 15 for game in FAST), "a 15 × 15 game is replayed by the tests"
    assert any(game.get("divisor", 1) == 1 and "expert" in game["levels"] for game in GOLDEN), "a full Expert"
    assert all(len(game["moves"]) > 10 for game in GOLDEN), "whole games"


@pytest.mark.parametrize("game", FAST, ids=lambda game: game["name"])
def test_the_ai_replays_the_recorded_game_move_for_move(game: dict[str, Any]) -> None:
    with ai.divided_budget(game.get("divisor", 1)):
        # a game recorded before an option existed is replayed under that option's value of the time
        played = play_game(stored_options(game["options"]), game["seed"], game["levels"])
    moves = [played.move_text(m) for m in played.move_stack]
    first_difference = next((i for i, (a, b) in enumerate(zip(moves, game["moves"], strict=False)) if a != b), None)
    assert moves == game["moves"], f"first different action: #{first_difference}"
    assert played.is_over()


def test_a_divided_budget_is_restored_and_checked() -> None:
    before = ai.SETTINGS["expert"], ai.EXPERT_BEAM_NODES, ai.QUICK_SETTINGS, ai.REPLY_SETTINGS
    with ai.divided_budget(4):
        assert ai.SETTINGS["expert"].nodes == before[0].nodes // 4
        assert ai.REPLY_SETTINGS.nodes == before[3].nodes // 4
    assert (ai.SETTINGS["expert"], ai.EXPERT_BEAM_NODES, ai.QUICK_SETTINGS, ai.REPLY_SETTINGS) == before
    with pytest.raises(ValueError, match="divisor"), ai.divided_budget(0):
        pass
