"""Build ILYOS test positions by hand: islands, guardians, crowns and cards exactly where a test wants them."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from meeple.core.boards import Cell
from meeple.games.ilyos.engine import DECK, KINDS, Guardian, IlyosGame


def arrange(
    options: Mapping[str, Any] | None = None,
    islands: Iterable[tuple[Cell, int]] = (),
    guardians: Iterable[tuple[int, Cell]] = (),
    carried: Mapping[int, int] | None = None,
    ground: Mapping[Cell, int] | None = None,
    hand: list[str] | None = None,
    stock: Mapping[str, int] | None = None,
    seat: int = 0,
    placed: bool = False,
    seed: int = 1,
) -> IlyosGame:
    """A game whose board holds only what is given (guardian ids are their order in ``guardians``).

    ``carried`` maps a guardian index to the crown it carries; ``ground`` maps cells to lying crowns.
    ``hand`` is the mover's hand (the rest of its 13 cards forms its deck). The board is 11 × 11 (the
    coordinates the tests write) unless ``options`` gives another ``size``.
    """
    game = IlyosGame.new({"size": 11, **(options or {})}, seed)
    state = game.state
    state.islands.clear()
    state.cells.clear()
    state.guardians.clear()
    state.at.clear()
    state.ground.clear()
    for pivot, orientation in islands:
        game._add_island(state, pivot, orientation)
    carried = carried or {}
    for index, (owner, cell) in enumerate(guardians):
        state.guardians[index] = Guardian(owner, cell, carried.get(index, -1))
        state.at[cell] = index
    state.next_guardian = len(state.guardians)
    state.ground.update(ground or {})
    crowns = list(carried.values()) + list((ground or {}).values())
    state.next_crown = max(crowns, default=-1) + 1
    state.current = seat
    state.placed = placed
    player = state.players[seat]
    player.hand = list(hand if hand is not None else ["move"] * 3 + ["push", "magic"])
    player.played = []
    deck = list(DECK)
    for card in player.hand:
        deck.remove(card)
    player.deck, player.discard = deck, []
    player.stock = {kind: (stock or {}).get(kind, 0) for kind in KINDS}
    for other, other_player in enumerate(state.players):
        if other != seat:
            other_player.hand, other_player.played = [], []
    state.legal = None
    state.reach_cache.clear()
    state.islands_memo = None
    state.json_cache = None
    state.hash_cache = -1
    return game


def moves_of(game: IlyosGame, kind: str, guardian: int | None = None) -> list[Any]:
    """The legal actions of one kind (and one guardian)."""
    return [m for m in game.legal_moves() if m.kind == kind and (guardian is None or m.guardian == guardian)]
