"""Glicko-2 against the worked example of Glickman's paper, and the rating families."""

import pytest

from meeple.server.ratings import Rating, after_game, family_of, update


def test_paper_example() -> None:
    player = Rating(1500, 200, 0.06)
    games = [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)]
    new = update(player, games, min_rd=0.0, max_rd=float("inf"))
    assert new.rating == pytest.approx(1464.06, abs=0.01)
    assert new.rd == pytest.approx(151.52, abs=0.01)
    assert new.volatility == pytest.approx(0.05999, abs=0.00001)


def test_one_game_moves_both_ways_and_provisional() -> None:
    a, b = Rating(), Rating()
    assert a.provisional
    win, loss = after_game(a, b, 1.0), after_game(b, a, 0.0)
    assert win.rating > 1500 > loss.rating
    assert win.rating - 1500 == pytest.approx(1500 - loss.rating)
    draw = after_game(a, b, 0.5)
    assert draw.rating == pytest.approx(1500) and draw.rd < 350
    assert not Rating(1500, 100).provisional


def test_no_game_grows_rd_only() -> None:
    new = update(Rating(1600, 100, 0.06), [])
    assert new.rating == 1600 and new.rd > 100


def test_families() -> None:
    assert family_of("hive", {"game_type": "Base"}) == "hive-base"
    assert family_of("hive", {"game_type": "Base+MLP"}) == "hive-mlp"
    assert family_of("hive", {"game_type": "Base+M"}) == "hive-mlp"
    assert family_of("hive", {"game_type": "Base+MLPC"}) == "hive-centipede"
    assert family_of("hive", {}) == "hive-centipede"  # the default game type is Base+MLPC
    assert family_of("ilyos", {"mode": "duel"}) == "ilyos-duel"
    assert family_of("ilyos", {"mode": "2v2"}) is None
    assert family_of("skirmish", {}) == "skirmish"
    assert family_of("stealth", {}) is None and family_of("murder", {}) is None
