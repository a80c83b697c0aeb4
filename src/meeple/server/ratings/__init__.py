"""Ratings (issue 23.2): Glicko-2 per account and per family of games.

Public for other packages (the lobby): :func:`family_of` (which family a game with its options is
rated in, None when unrated), :data:`FAMILIES`, :class:`Rating` (``provisional`` while RD > 110).
``Ratings(engine).rating_of(account_id, family)`` reads the stored rating (a new player's when none).
"""

from meeple.server.ratings.families import FAMILIES, family_of
from meeple.server.ratings.glicko2 import Rating, after_game, update
from meeple.server.ratings.store import Ratings

__all__ = ["FAMILIES", "Rating", "Ratings", "after_game", "family_of", "update"]
