"""The stealth tests read messages in English."""

from __future__ import annotations

import io
import sys
from collections.abc import Callable, Iterator

import pytest
from rich.console import Console

from meeple.cli import main
from meeple.core import progress
from meeple.core.i18n import get_language, set_language
from meeple.games.stealth import cli as stealth_cli
from tests.games.stealth.helpers import Done


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    before = get_language()
    set_language("en")
    yield
    set_language(before)


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> Callable[..., Done]:
    """Run ``meeple [--lang en] stealth ARGS`` in this process (no interpreter start-up: fast and steady)."""

    # plain text whatever the terminal the tests run in (no colour codes between the words checked)
    monkeypatch.setattr(stealth_cli, "console", Console(highlight=False, soft_wrap=True, no_color=True,
                                                        force_terminal=False))
    monkeypatch.setattr(progress, "stderr_console", Console(stderr=True, no_color=True, force_terminal=False))

    def run(*args: str, stdin: str = "", lang: str | None = "en") -> Done:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
        monkeypatch.delenv("MEEPLE_LANG", raising=False)
        capsys.readouterr()
        code = main([*(["--lang", lang] if lang else []), "stealth", *args])
        out, err = capsys.readouterr()
        return Done(code, out, err)

    return run
