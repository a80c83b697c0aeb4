"""Perft from the start equals the UHP reference engine's published counts (last level counted directly)."""

from __future__ import annotations

import os

import pytest

from meeple.games.hive.perft import perft, perft_by_root
from meeple.games.hive.pieces import GameType
from meeple.games.hive.state import HiveState

REFERENCE = {
    "Base": [4, 96, 1440, 21600, 516240, 12219480],
    "Base+M": [5, 150, 2610, 45414, 1252800, 34233432],
    "Base+L": [5, 150, 2610, 45414, 1252800, 34233672],
    "Base+P": [5, 150, 2610, 45414, 1255932, 34395984],
    "Base+MLP": [7, 294, 6678, 151686, 5427108, 192353904],
}


def _perft(game_type: str, depth: int) -> int:
    return perft(HiveState(GameType.parse(game_type)), depth)


@pytest.mark.parametrize("game_type", list(REFERENCE))
@pytest.mark.parametrize("depth", [1, 2, 3, 4])
def test_perft_matches_the_reference_engine(game_type: str, depth: int) -> None:
    assert _perft(game_type, depth) == REFERENCE[game_type][depth - 1]


@pytest.mark.slow
@pytest.mark.timeout(900)
@pytest.mark.parametrize("game_type", list(REFERENCE))
def test_perft_5_matches_the_reference_engine(game_type: str) -> None:
    assert _perft(game_type, 5) == REFERENCE[game_type][4]


@pytest.mark.slow
@pytest.mark.timeout(3600)
@pytest.mark.skipif(
    not os.environ.get("MEEPLE_HIVE_PERFT6"),
    reason="perft 6 (12-192 M leaves, minutes each) runs on request: MEEPLE_HIVE_PERFT6=1",
)
@pytest.mark.parametrize("game_type", list(REFERENCE))
def test_perft_6_matches_the_reference_engine(game_type: str) -> None:
    assert _perft(game_type, 6) == REFERENCE[game_type][5]


def test_perft_leaves_the_position_unchanged_and_splits_by_root_move() -> None:
    state = HiveState(GameType.parse("Base+MLPC"))
    before = state.hash()
    assert sum(perft_by_root(state, 3)) == perft(state, 3)
    assert state.hash() == before and state.ply == 0


def test_centipede_perft_from_the_start() -> None:
    # The Centipede adds one more kind to place: at depth 1 and 2 it is just one more piece.
    assert _perft("Base+C", 1) == 5
    assert _perft("Base+C", 2) == 150
    assert _perft("Base+MLPC", 1) == 8
    assert _perft("Base+MLPC", 2) == 8 * 6 * 8
