"""``meeple hive --help`` speaks one language: French by default, English with ``--lang en``."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from meeple.cli import main
from meeple.core.i18n import set_language


@pytest.fixture
def help_page(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[..., str]]:
    """``help_page(*args)``: the output of ``meeple ARGS --help`` on a wide terminal (no phrase wrapped)."""
    monkeypatch.setenv("COLUMNS", "250")
    monkeypatch.delenv("MEEPLE_LANG", raising=False)

    def run(*args: str) -> str:
        capsys.readouterr()
        assert main([*args, "--help"]) == 0
        return capsys.readouterr().out

    yield run
    set_language("fr")


def test_help_pages_show_one_language_each(help_page: Callable[..., str]) -> None:
    french = help_page("--lang", "fr", "hive")
    assert "Fait jouer l'IA contre un adversaire" in french and "Play the AI against" not in french
    english = help_page("--lang", "en", "hive")
    assert "Play the AI against an opponent" in english and "Fait jouer l'IA" not in english
    french = help_page("--lang", "fr", "hive", "tournament")
    assert "nombre maximal de coups par partie" in french and "move cap" not in french
    english = help_page("--lang", "en", "hive", "tournament")
    assert "move cap per game" in english and "nombre maximal de coups" not in english
