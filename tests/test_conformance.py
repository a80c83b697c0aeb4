"""The conformance kit, run on every registered game, every option set, many seeds."""

from __future__ import annotations

from typing import Any

import pytest

from meeple.core.conformance import random_playout
from meeple.games import discover

SEEDS = range(8)


def _cases() -> list[Any]:
    cases = []
    for name, info in discover().items():
        for index, options in enumerate(info.conformance_options):
            cases.append(pytest.param(info, options, id=f"{name}-{index}"))
    return cases


CASES = _cases()


@pytest.mark.parametrize(("info", "options"), CASES)
@pytest.mark.parametrize("seed", SEEDS)
def test_random_playouts_honour_the_protocol(info: Any, options: dict[str, Any], seed: int) -> None:
    random_playout(info.factory, options, seed, max_moves=info.max_playout_moves)


def test_every_game_is_registered() -> None:
    """All five games expose INFO, each with at least one option set for the kit to play."""
    found = discover()
    assert set(found) == {"stealth", "ilyos", "skirmish", "hive", "murder"}
    for name, info in found.items():
        assert info.conformance_options, f"{name} gives the kit no option set to play"
