"""Every ILYOS test runs the AI without its wall clock: a search then stops only at its node limits, so
the same position and seed give the same move however loaded the machine is (no timing-dependent test)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from meeple.games.ilyos import ai


@pytest.fixture(autouse=True)
def _ai_without_wall_clock(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(ai, "WALL_CLOCK", False)
    ai._PLANS.clear()
    yield
    ai._PLANS.clear()
