"""``meeple stealth --help`` speaks one language: French by default, English with ``--lang en``."""

from __future__ import annotations

import pytest

from meeple.cli import main


def _help(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, *args: str) -> str:
    monkeypatch.setenv("COLUMNS", "250")  # no phrase wrapped
    monkeypatch.delenv("MEEPLE_LANG", raising=False)
    capsys.readouterr()
    assert main([*args, "--help"]) == 0
    return capsys.readouterr().out


def test_help_pages_show_one_language_each(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    french = _help(capsys, monkeypatch, "--lang", "fr", "stealth")
    assert "Joue un niveau dans le terminal." in french and "Play a level" not in french
    english = _help(capsys, monkeypatch, "--lang", "en", "stealth")
    assert "Play a level in the terminal." in english and "Joue un niveau" not in english
    french = _help(capsys, monkeypatch, "--lang", "fr", "stealth", "show")
    assert "coups à jouer d'abord, séparés par des virgules" in french and "comma-separated" not in french
    english = _help(capsys, monkeypatch, "--lang", "en", "stealth", "show")
    assert "moves to play first, comma-separated" in english and "séparés" not in english
