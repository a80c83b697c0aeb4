"""The ratings tables: a game is applied once per account, deletion takes the ratings away."""

from pathlib import Path

from sqlalchemy import create_engine

from meeple.server import migrations
from meeple.server.people.store import PeopleStore
from meeple.server.ratings import Rating, Ratings, after_game


def test_a_game_counts_once_and_deletion_forgets_the_ratings(tmp_path: Path) -> None:
    engine = create_engine(f"sqlite:///{tmp_path / 'r.db'}")
    migrations.upgrade(engine)
    people = PeopleStore(engine)
    alice = people.create_account("alice", "alice", "x", 1.0)
    ratings = Ratings(engine)
    assert ratings.rating_of(alice.id, "hive-base") == Rating()
    new = after_game(Rating(), Rating(), 1.0)
    assert ratings.record("ROOM1", alice.id, "hive-base", 1.0, new, 2.0)
    assert ratings.rating_of(alice.id, "hive-base") == new
    assert not ratings.record("ROOM1", alice.id, "hive-base", 1.0, after_game(new, Rating(), 1.0), 3.0)
    assert ratings.rating_of(alice.id, "hive-base") == new
    assert ratings.rating_of(alice.id, "skirmish") == Rating()
    people.delete_account(alice.id)
    assert ratings.rating_of(alice.id, "hive-base") == Rating()


def test_apply_a_game_between_two_people_and_against_a_fixed_level(tmp_path: Path) -> None:
    engine = create_engine(f"sqlite:///{tmp_path / 'r.db'}")
    migrations.upgrade(engine)
    people = PeopleStore(engine)
    a, b = people.create_account("alice", "alice", "x", 1.0), people.create_account("bob", "bob", "x", 1.0)
    ratings = Ratings(engine)
    assert ratings.apply("R1", "skirmish", [(a.id, None, 1.0), (b.id, None, 0.0)], 2.0) == 2
    assert ratings.apply("R1", "skirmish", [(a.id, None, 1.0), (b.id, None, 0.0)], 3.0) == 0
    assert ratings.rating_of(a.id, "skirmish") == after_game(Rating(), Rating(), 1.0)
    assert ratings.rating_of(b.id, "skirmish") == after_game(Rating(), Rating(), 0.0)
    level = Rating(1650, 50)
    assert ratings.apply("R2", "hive-base", [(None, level, 0.5), (a.id, None, 0.5)], 4.0) == 1
    assert ratings.rating_of(a.id, "hive-base") == after_game(Rating(), level, 0.5)
