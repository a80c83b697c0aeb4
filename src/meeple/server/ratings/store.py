"""The ratings tables (synchronous: run on the server's database thread)."""

from __future__ import annotations

from sqlalchemy import Engine, insert, select, update
from sqlalchemy.exc import IntegrityError

from meeple.server.ratings.glicko2 import Rating, after_game
from meeple.server.tables import rating_games_table, ratings_table


class Ratings:
    """Each account's rating per family, and the games applied to them (once each: the primary key of
    rating_games is (room, account), so a second process or a restart applying the same game is refused)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def rating_of(self, account_id: int, family: str) -> Rating:
        """The account's rating in this family; a new player's (1500, 350, 0.06) when it has none."""
        with self.engine.connect() as connection:
            row = connection.execute(select(ratings_table.c.rating, ratings_table.c.rd, ratings_table.c.volatility)
                                     .where(ratings_table.c.account_id == account_id,
                                            ratings_table.c.family == family)).first()
        return Rating(row.rating, row.rd, row.volatility) if row is not None else Rating()

    def record(self, room_code: str, account_id: int, family: str, score: float, new: Rating, at: float) -> bool:
        """Store one account's rating after one rated game; False (and nothing changed) if this game was
        already applied to this account."""
        old = self.rating_of(account_id, family)
        try:
            with self.engine.begin() as connection:
                connection.execute(insert(rating_games_table).values(
                    room_code=room_code, account_id=account_id, family=family, score=score, rating=new.rating,
                    rd=new.rd, volatility=new.volatility, delta=new.rating - old.rating, at=at))
                values = {"rating": new.rating, "rd": new.rd, "volatility": new.volatility, "updated_at": at}
                changed = connection.execute(update(ratings_table).where(
                    ratings_table.c.account_id == account_id, ratings_table.c.family == family)
                    .values(games=ratings_table.c.games + 1, **values)).rowcount
                if not changed:
                    connection.execute(insert(ratings_table).values(
                        account_id=account_id, family=family, games=1, **values))
        except IntegrityError:
            return False
        return True

    def apply(self, room_code: str, family: str, sides: list[tuple[int | None, Rating | None, float]],
              at: float) -> int:
        """Apply one finished two-sided game: each side is (account id, None, score) for a person or (None,
        the level's fixed rating, score) for the computer (its anchor never moves). Both new ratings come from
        the ratings before the game. Returns how many accounts it was applied to now (0 if already done)."""
        if len(sides) != 2:
            raise ValueError("a rated game has two sides")
        before = [self.rating_of(account, family) if account is not None else anchor for account, anchor, _ in sides]
        if any(rating is None for rating in before):
            raise ValueError("a computer side needs its fixed rating")
        done = 0
        for index, (account, _anchor, score) in enumerate(sides):
            mine, theirs = before[index], before[1 - index]
            assert mine is not None and theirs is not None
            if account is not None:
                done += self.record(room_code, account, family, score, after_game(mine, theirs, score), at)
        return done
