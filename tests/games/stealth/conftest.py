"""The stealth tests read messages in English."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from meeple.core.i18n import get_language, set_language


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    before = get_language()
    set_language("en")
    yield
    set_language(before)
