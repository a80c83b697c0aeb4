"""Bilingual user-facing text. French is the default language; English is one switch away.

Every sentence a user can read is a :class:`Msg` carrying both languages::

    >>> from meeple.core.i18n import Msg, set_language
    >>> m = Msg("Coup illégal", "Illegal move")
    >>> set_language("fr"); str(m)
    'Coup illégal'
    >>> set_language("en"); str(m)
    'Illegal move'
    >>> set_language("fr")
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Literal

Language = Literal["fr", "en"]
LANGUAGES: tuple[Language, ...] = ("fr", "en")

LANGUAGE_VARIABLE = "MEEPLE_LANG"
"""The environment variable that chooses the language (``en``, ``fr``; a locale such as ``en_GB.UTF-8`` too)."""


def language_named(value: str | None) -> Language | None:
    """The language ``value`` names: ``fr`` or ``en``, any case, or a locale of one (``en_GB.UTF-8``,
    ``fr-CA``); ``None`` for anything else.

    >>> language_named("en_GB.UTF-8"), language_named("FR"), language_named("de")
    ('en', 'fr', None)
    """
    word = (value or "").strip().lower().replace("-", "_").split(".")[0].split("_")[0]
    return "en" if word == "en" else "fr" if word == "fr" else None


_current: list[Language] = [language_named(os.environ.get(LANGUAGE_VARIABLE)) or "fr"]


def set_language(language: str) -> None:
    """Choose the language of every :class:`Msg` rendered from now on ("fr" or "en"): the messages of
    meeple's errors (``str(error)``), outcomes and texts. French is the default; ``MEEPLE_LANG=en`` in the
    environment chooses English from the start. Also ``meeple.set_language``."""
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}: choose one of {', '.join(LANGUAGES)}")
    _current[0] = "en" if language == "en" else "fr"


def get_language() -> Language:
    """The language currently used to render messages."""
    return _current[0]


@dataclass(frozen=True)
class Msg:
    """One user-facing sentence in French and English."""

    fr: str
    en: str

    def text(self, language: str | None = None) -> str:
        """The sentence in ``language`` (default: the current language)."""
        return self.en if (language or get_language()) == "en" else self.fr

    def format(self, **values: object) -> Msg:
        """Both sentences with ``{name}`` fields filled in."""
        return Msg(self.fr.format(**values), self.en.format(**values))

    def to_json(self) -> dict[str, str]:
        """Both languages, for the browser."""
        return {"fr": self.fr, "en": self.en}

    def __str__(self) -> str:
        return self.text()


def counted(count: int, fr: tuple[str, str], en: tuple[str, str]) -> Msg:
    """``count`` followed by its word, singular or plural as each language wants it: French keeps 0 and
    1 singular (« 0 niveau invalide »), English only 1 ("0 levels").

    >>> counted(1, ("niveau", "niveaux"), ("level", "levels")).text("fr")
    '1 niveau'
    >>> counted(0, ("niveau", "niveaux"), ("level", "levels")).text("en")
    '0 levels'
    """
    return Msg(f"{count} {fr[0] if abs(count) < 2 else fr[1]}", f"{count} {en[0] if count == 1 else en[1]}")
