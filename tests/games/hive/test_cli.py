"""``meeple hive --help`` speaks one language: French by default, English with ``--lang en``."""

from __future__ import annotations

from collections.abc import Callable


def test_help_pages_show_one_language_each(help_page: Callable[..., str]) -> None:
    french = help_page("--lang", "fr", "hive")
    assert "Fait jouer l'IA contre un adversaire" in french and "Play the AI against" not in french
    english = help_page("--lang", "en", "hive")
    assert "Play the AI against an opponent" in english and "Fait jouer l'IA" not in english
    french = help_page("--lang", "fr", "hive", "tournament")
    assert "nombre maximal de coups par partie" in french and "move cap" not in french
    english = help_page("--lang", "en", "hive", "tournament")
    assert "move cap per game" in english and "nombre maximal de coups" not in english
