"""Ratings (issue 23.2): Glicko-2 per account and per family of games.

Public for other packages (the lobby): :func:`family_of` (which family a game with its options is
rated in, None when unrated), :data:`FAMILIES`, :class:`Rating` (``provisional`` while RD > 110).
The store of ratings and ``Ratings.rating_of(account_id, family)`` come in the next landing.
"""

from meeple.server.ratings.families import FAMILIES, family_of
from meeple.server.ratings.glicko2 import Rating, after_game, update

__all__ = ["FAMILIES", "Rating", "after_game", "family_of", "update"]
