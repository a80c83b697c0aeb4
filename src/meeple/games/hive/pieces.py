"""Hive pieces and game types (UHP GameTypeString, with ``C`` for the Centipede).

A game type fixes the pieces in play. Pieces get small integer ids (white first, then black, kinds in
a fixed order, numbers ascending), so the board can keep them in plain lists.

>>> game_type = GameType.parse("Base+MLPC")
>>> str(game_type), len(game_type.pieces)
('Base+MLPC', 30)
>>> game_type.pieces[0].name, game_type.pieces[15].name
('wQ', 'bQ')
"""

from __future__ import annotations

from dataclasses import dataclass, field

from meeple.core.errors import FormatError
from meeple.core.i18n import Msg

WHITE, BLACK = 0, 1
COLOUR_LETTERS = ("w", "b")
COLOUR_NAMES = ("White", "Black")

QUEEN, SPIDER, BEETLE, GRASSHOPPER, ANT, MOSQUITO, LADYBUG, PILLBUG, CENTIPEDE = "QSBGAMLPC"
BASE_COUNTS: tuple[tuple[str, int], ...] = ((QUEEN, 1), (SPIDER, 2), (BEETLE, 2), (GRASSHOPPER, 3), (ANT, 3))
EXPANSIONS = "MLPC"
"""Expansion letters in the order a GameTypeString writes them (UHP's M, L, P, then meeple's C)."""
UNNUMBERED = frozenset({QUEEN, MOSQUITO, LADYBUG, PILLBUG, CENTIPEDE})

BUG_NAMES: dict[str, Msg] = {
    QUEEN: Msg("Reine", "Queen"),
    SPIDER: Msg("Araignée", "Spider"),
    BEETLE: Msg("Scarabée", "Beetle"),
    GRASSHOPPER: Msg("Sauterelle", "Grasshopper"),
    ANT: Msg("Fourmi", "Ant"),
    MOSQUITO: Msg("Moustique", "Mosquito"),
    LADYBUG: Msg("Coccinelle", "Ladybug"),
    PILLBUG: Msg("Cloporte", "Pillbug"),
    CENTIPEDE: Msg("Mille-pattes", "Centipede"),
}


@dataclass(frozen=True)
class Piece:
    """One piece: its id, colour (0 white, 1 black), bug letter and number (0 for unique bugs)."""

    id: int
    colour: int
    bug: str
    number: int

    @property
    def name(self) -> str:
        """The UHP piece name: ``wQ``, ``bS2``, ``wC``."""
        suffix = "" if self.number == 0 else str(self.number)
        return f"{COLOUR_LETTERS[self.colour]}{self.bug}{suffix}"


@dataclass(frozen=True)
class GameType:
    """A set of expansions (a subset of ``MLPC``) and the pieces it puts in play."""

    expansions: str = ""
    pieces: tuple[Piece, ...] = field(default=(), compare=False, repr=False)

    def __post_init__(self) -> None:
        if not self.pieces:
            object.__setattr__(self, "pieces", _make_pieces(self.expansions))

    @classmethod
    def parse(cls, text: str, source: str = "game type") -> GameType:
        """Read a GameTypeString (``Base``, ``Base+MLP``, ``Base+C`` …); raises :class:`FormatError`."""
        head, plus, letters = text.strip().partition("+")
        if head != "Base" or (plus and not letters):
            raise FormatError(source, text, Msg("« Base » ou « Base+<MLPC> » attendu", "'Base' or 'Base+<MLPC>' expected"))
        if any(letter not in EXPANSIONS for letter in letters) or len(set(letters)) != len(letters):
            raise FormatError(source, text, Msg("extensions inconnues ou répétées", "unknown or repeated expansions"))
        ordered = "".join(letter for letter in EXPANSIONS if letter in letters)
        if ordered != letters:
            raise FormatError(source, text, Msg(f"écrire les extensions dans l'ordre : {ordered}", f"write the expansions in order: {ordered}"))
        return cls(ordered)

    def __str__(self) -> str:
        return "Base" + (f"+{self.expansions}" if self.expansions else "")

    def piece_named(self, name: str) -> Piece | None:
        """The piece called ``name`` in this game type, or ``None``."""
        return _names(self).get(name)

    def kinds(self) -> list[str]:
        """The bug letters in play, base bugs first."""
        return [bug for bug, _ in BASE_COUNTS] + list(self.expansions)


def _make_pieces(expansions: str) -> tuple[Piece, ...]:
    counts = list(BASE_COUNTS) + [(letter, 1) for letter in expansions]
    pieces: list[Piece] = []
    for colour in (WHITE, BLACK):
        for bug, count in counts:
            for number in range(1, count + 1):
                label = 0 if bug in UNNUMBERED else number
                pieces.append(Piece(len(pieces), colour, bug, label))
    return tuple(pieces)


_NAME_CACHE: dict[str, dict[str, Piece]] = {}


def _names(game_type: GameType) -> dict[str, Piece]:
    table = _NAME_CACHE.get(game_type.expansions)
    if table is None:
        table = {piece.name: piece for piece in game_type.pieces}
        _NAME_CACHE[game_type.expansions] = table
    return table


ALL_GAME_TYPES: tuple[str, ...] = ("Base", "Base+M", "Base+L", "Base+P", "Base+MLP", "Base+C", "Base+MLPC")
"""The game types the tests and the conformance kit exercise (any subset of MLPC is accepted)."""
