"""Design measures (R26) on hand-made levels whose answers are worked out by hand, and the thresholds."""

from __future__ import annotations

import json
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest

from meeple.core.errors import FormatError
from meeple.games.stealth.engine import StealthGame
from meeple.games.stealth.level import Level, parse_level
from meeple.games.stealth.measures import horizon, measure
from meeple.games.stealth.validator import design_applies, threshold_broken, validate
from tests.games.stealth.helpers import Done, level, level_doc, sentry

# a three-node corridor: s - a - x
LINE = [["s", "a"], ["a", "x"]]
# a pivot on q turns a → z1 → z2 (it faces a after phases 1, 4, 7…): walking straight to a on move 1 is seen,
# so the only way is s → w → s (a back-and-forth that only passes two turns) → a on move 3 → x
WAIT = [["s", "w"], ["s", "a"], ["a", "x"], ["q", "a"], ["q", "z1"], ["q", "z2"]]
PIVOT = {"id": "pivot", "kind": "pivot", "node": "q", "cycle": ["z1", "a", "z2"]}


def _random_cautious_by_enumeration(game: StealthGame, moves: int) -> Fraction:
    """The random cautious player's chance, counted move sequence by move sequence through the engine's own
    preview (an independent count of what :func:`random_cautious` computes by value iteration)."""
    if game.outcome() is not None:
        return Fraction(int(bool(game.outcome().winners)))
    if moves == 0:
        return Fraction(0)
    safe = [move for move in game.legal_moves() if game.preview(move)["capture"] is None]
    if not safe:
        return Fraction(0)
    total = Fraction(0)
    for move in safe:
        game.push(move)
        total += _random_cautious_by_enumeration(game, moves - 1)
        game.pop()
    return total / len(safe)


def test_a_corridor_is_won_by_the_greedy_player_and_by_a_random_walk_seven_times_in_eight() -> None:
    found = measure(level(LINE, [], "s"))
    assert found.par == 2 and found.horizon == horizon(2) == 6
    # s → a, then from a: the exit (won) or back to s, each one time in two; three tries within 6 moves
    assert found.random_cautious == pytest.approx(1 / 2 + 1 / 4 + 1 / 8)
    assert found.greedy.won and found.greedy.path == ["a", "x"]
    assert (found.optimal_solutions, found.filler.solutions, found.node_share, found.dead_stubs) == (1, 0, 1.0, [])


def test_a_wait_that_must_go_and_come_back_is_one_filler_step() -> None:
    lv = level(WAIT, [PIVOT], "s")
    found = measure(lv)
    assert found.par == 4 and found.optimal_solutions == 1
    assert (found.filler.solutions, found.filler.least) == (1, 1)  # s w s a x: w changes nothing
    game = StealthGame.from_level(lv)
    assert game.preview(game.parse_move("a"))["capture"] is not None  # the straight way is seen
    assert found.greedy.won and found.greedy.path == ["w", "s", "a", "x"]  # its only safe steps


def test_the_random_cautious_chance_is_the_enumerated_one() -> None:
    for lv in (level(WAIT, [PIVOT], "s"), level(LINE, [], "s"),
               level([["s", "a"], ["a", "g"], ["g", "x"], ["s", "b"], ["b", "g"]], [sentry("g", "a")], "s")):
        found = measure(lv)
        expected = _random_cautious_by_enumeration(StealthGame.from_level(lv), found.horizon)
        assert found.random_cautious == pytest.approx(float(expected)), lv.data["edges"]


def test_two_ways_of_the_same_length_are_two_optimal_solutions() -> None:
    found = measure(level([["s", "a"], ["a", "x"], ["s", "b"], ["b", "x"]], [], "s"))
    assert found.par == 2 and found.optimal_solutions == 2 and found.node_share == 1.0


def _side_sentry(**extra: Any) -> Level:
    """s - a - x, and a sentry on y beside a, looking away at z: the par run walks past it."""
    return level([["s", "a"], ["a", "x"], ["a", "y"], ["y", "z"], ["s", "d"]], [sentry("y", "z")], "s",
                 stars=["finish", "par", "ghost", "sweep"], par=2, **extra)


def test_a_star_the_par_run_cannot_earn_excludes_the_par_star() -> None:
    found = measure(_side_sentry())
    stars = {star.star: star for star in found.stars}
    assert (stars["ghost"].shortest, stars["ghost"].by_par_run) == (2, True)  # s a x neutralises nobody
    assert (stars["sweep"].shortest, stars["sweep"].by_par_run) == (4, False)  # s a y a x: two moves more
    assert found.exclusive == [("par", "sweep"), ("ghost", "sweep")] and found.stars_conflict
    # d hangs off the start and holds nothing; z is watched but nobody needs it either
    assert found.dead_stubs == ["z", "d"]
    assert found.node_share == pytest.approx(3 / 6)  # s, a, x of s, a, x, y, z, d


def test_the_thresholds_hold_beyond_act_1_and_a_waiver_needs_a_reason_and_a_need() -> None:
    assert not design_applies(_side_sentry()) and design_applies(_side_sentry(id="2-4"))
    lv = level(LINE, [], "s", id="3-1", stars=["finish", "par"], par=2)
    assert set(threshold_broken(lv, measure(lv))) == {"greedy", "random"}
    problems = [problem.en for problem in validate(lv).problems]
    assert problems == [
        "threshold 'greedy': the greedy player wins (a x) (expected: the greedy player (never into danger, always "
        "toward the exit) does not win); else a waiver with a reason",
        "threshold 'random': a random cautious player wins 88% of the time (expected: a random cautious player wins "
        "at most 25%); else a waiver with a reason"]
    reason = {"fr": "un couloir pour souffler", "en": "a corridor to breathe"}
    waived = level(LINE, [], "s", id="3-1", stars=["finish", "par"], par=2,
                   waivers={"greedy": reason, "random": reason, "solutions": reason})
    assert [problem.en for problem in validate(waived).problems] == [
        "waiver 'solutions' not needed: the level meets that threshold, remove it"]
    assert validate(level(LINE, [], "s", id="custom")).ok  # a custom level is not held to them


@pytest.mark.parametrize(("waivers", "field"), [
    ({"boring": {"fr": "x", "en": "x"}}, "waivers.boring"),
    ({"greedy": {"fr": "", "en": "x"}}, "waivers.greedy"),
    ({"greedy": "because"}, "waivers.greedy"),
    ({"greedy": {"fr": "x"}}, "waivers.greedy"),
])
def test_a_bad_waiver_names_its_field(waivers: dict[str, Any], field: str) -> None:
    with pytest.raises(FormatError) as caught:
        parse_level(level_doc(LINE, [], "s", waivers=waivers), "t")
    assert caught.value.field == field


def test_many_optimal_solutions_break_the_threshold_only_with_a_par_star() -> None:
    # three parallel ways of two steps, twice in a row: 9 optimal solutions
    edges = [["s", m] for m in ("m1", "m2", "m3")] + [[m, "c"] for m in ("m1", "m2", "m3")]
    edges += [["c", n] for n in ("n1", "n2", "n3")] + [[n, "x"] for n in ("n1", "n2", "n3")]
    with_par = level(edges, [], "s", id="2-9", stars=["finish", "par"], par=4)
    found = measure(with_par)
    assert found.optimal_solutions == 9 and "solutions" in threshold_broken(with_par, found)
    assert "solutions" not in threshold_broken(level(edges, [], "s", id="2-9"), found)


def test_cli_analyse_prints_the_design_measures_and_the_thresholds(cli: Callable[..., Done]) -> None:
    out = cli("analyse", "1-13").stdout
    assert "random cautious player (within 27 moves): 11% wins" in out
    assert "greedy exit-seeker: loses" in out and "optimal solutions: 48" in out
    assert "stars that exclude each other: par + ghost, par + sweep, ghost + sweep" in out
    assert "✗ solutions" in out and "(not required here: they hold beyond act 1)" in out  # 1-13 is act 1's
    data = json.loads(cli("analyse", "3-1", "--json").stdout)["measures"]
    assert data["greedy_wins"] is False and data["random_cautious"] <= 0.25 and data["optimal_solutions"] == 1
    assert data["exclusive"] == [["par", "ghost"], ["par", "sweep"], ["ghost", "sweep"]] and data["stars_conflict"]
    assert [star["star"] for star in data["stars"]] == ["ghost", "sweep"] and data["filler_solutions"] == 0
