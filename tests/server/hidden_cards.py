"""A tiny two-player card game with hidden hands, to prove the server never leaks a seat's cards.

Each player is dealt three secret cards (numbers from the seed); in turn, each plays one card face up.
After both hands are empty, the higher total wins. Cards are drawn from a range so distinctive that a
card number appearing anywhere in a message means it leaked.

Also a plug-in module for ``MEEPLE_GAME_PLUGINS`` (``INFO`` and ``ADAPTER``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Self

from meeple.core.errors import IllegalMoveError, MeepleError
from meeple.core.game import JSON, Game, GameInfo, Outcome
from meeple.core.i18n import Msg
from meeple.core.rng import make_rng
from meeple.server.registry import GameAdapter

HAND = 3


def deal(seed: int) -> list[list[int]]:
    """Two hands of distinctive card numbers (six distinct values in 900001..999999)."""
    cards = make_rng(seed).sample(range(900_001, 1_000_000), 2 * HAND)
    return [sorted(cards[:HAND]), sorted(cards[HAND:])]


class HiddenCards(Game[int]):
    """Play a card from your secret hand; the higher total wins."""

    name = "hidden-cards"

    def __init__(self, seed: int) -> None:
        self.options: dict[str, JSON] = {}
        self.seed = seed
        self.hands = deal(seed)
        self.stack: list[int] = []

    @classmethod
    def new(cls, options: Mapping[str, JSON] | None = None, seed: int | None = None) -> Self:
        return cls(cls.choose_seed(seed))

    @property
    def num_players(self) -> int:
        return 2

    def to_move(self) -> int | None:
        return None if len(self.stack) == 2 * HAND else len(self.stack) % 2

    def legal_moves(self) -> list[int]:
        mover = self.to_move()
        return [] if mover is None else list(self.hands[mover])

    def push(self, move: int) -> None:
        if move not in self.legal_moves():
            raise IllegalMoveError(move, Msg("carte absente de la main", "card not in hand"))
        self.hands[len(self.stack) % 2].remove(move)
        self.stack.append(move)

    def pop(self) -> int:
        if not self.stack:
            raise MeepleError("nothing to undo")
        move = self.stack.pop()
        self.hands[len(self.stack) % 2].append(move)
        self.hands[len(self.stack) % 2].sort()
        return move

    @property
    def move_stack(self) -> Sequence[int]:
        return self.stack

    def copy(self) -> Self:
        clone = type(self)(self.seed)
        clone.hands = [list(hand) for hand in self.hands]
        clone.stack = list(self.stack)
        return clone

    def totals(self) -> list[int]:
        return [sum(self.stack[seat::2]) for seat in (0, 1)]

    def outcome(self) -> Outcome | None:
        if self.to_move() is not None:
            return None
        first, second = self.totals()
        return Outcome(frozenset({0 if first > second else 1}), Msg("plus haut total", "higher total"))

    def position_json(self) -> dict[str, Any]:
        return {"hands": self.hands, "played": self.stack, "to_move": self.to_move()}

    def view(self, seat: int | None) -> dict[str, JSON]:
        return {
            "hand": list(self.hands[seat]) if seat is not None else None,
            "hand_sizes": [len(hand) for hand in self.hands],
            "played": list(self.stack),
            "to_move": self.to_move(),
        }

    def move_to_json(self, move: int) -> JSON:
        return move

    def move_from_json(self, data: JSON) -> int:
        if not isinstance(data, int) or isinstance(data, bool):
            raise IllegalMoveError(data, Msg("un numéro de carte est attendu", "a card number is expected"))
        return data


def _hand_size(game: Game[Any], seat: int | None, params: JSON) -> JSON:
    """A query that answers from the asker's own view only."""
    return {"my_hand": game.view(seat)["hand"]}


INFO = GameInfo(
    name="hidden-cards",
    title=Msg("Cartes cachées", "Hidden cards"),
    summary=Msg("Un jeu de test à mains secrètes", "A test game with secret hands"),
    factory=HiddenCards.new,
)
ADAPTER = GameAdapter(queries={"my_hand": _hand_size}, send_legal_moves=True)
