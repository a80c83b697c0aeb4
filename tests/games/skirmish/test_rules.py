"""The numbered decisions of docs/rules/skirmish.md that the seed leaves open (R1–R16)."""

from __future__ import annotations

from meeple.games.skirmish.battlefield import DIAGONAL_COST, STRAIGHT_COST
from meeple.games.skirmish.movement import Adjudicator, check, reachable
from tests.games.skirmish.helpers import field_from_art, walk


def test_r1_steps_go_to_one_of_the_eight_neighbours_on_the_map() -> None:
    field = field_from_art(["a....", ".....", "....X"])
    assert check(field, "a", [(1, 1)]).legal  # a corner neighbour
    assert check(field, "a", [(2, 0)]).error.rule == "R1"  # type: ignore[union-attr]
    assert check(field, "a", [(-1, 0)]).error.rule == "R1"  # type: ignore[union-attr]
    assert check(field, "a", [(1, 0), (1, 0)]).error.rule == "R1"  # type: ignore[union-attr]
    assert check(field, "a", [(True, 1)]).error.rule == "R1"  # type: ignore[union-attr]  # not an integer


def test_r2_costs_straight_2_diagonal_3_difficult_double_no_blocking_no_corner_cutting() -> None:
    assert (STRAIGHT_COST, DIAGONAL_COST) == (2, 3)
    field = field_from_art(["a~.#.", "...#.", ".....", "....X"], X={"zoc": 0})
    assert check(field, "a", [(1, 1)]).cost == 3
    assert check(field, "a", [(1, 0)]).cost == 4  # entering difficult ground
    assert check(field, "a", [(1, 0), (2, 0)]).cost == 6  # leaving it costs the usual 2
    assert check(field, "a", [(1, 0), (2, 0), (3, 0)]).error.rule == "R2"  # type: ignore[union-attr]
    cut = check(field, "a", [(1, 0), (2, 0), (2, 1), (3, 2), (4, 1)])  # (3,1) is rock: no cutting its corner
    assert cut.error.rule == "R2" and cut.error.step == 3  # type: ignore[union-attr]


def test_r2_reachable_costs_are_shortest_paths_around_obstacles() -> None:
    field = field_from_art(["a.#..", "..#..", ".....", ".....", "X...."], X={"zoc": 0})
    # around the rock, never cutting its corners: (1,1) 3, (1,2) 2, (2,2) 2, (3,2) 2, (3,1) 2, (3,0) 2
    destination = reachable(field, "a").destinations[(3, 0)]
    assert destination.cost == 13 and check(field, "a", destination.path).cost == 13


def test_r4_one_fighter_per_cell_and_no_walking_through() -> None:
    field = field_from_art(["ab...", ".....", "....X"])
    assert check(field, "a", [(1, 0)]).error.rule == "R4"  # type: ignore[union-attr]
    assert (1, 0) not in reachable(field, "a").destinations


def test_r5_contact_is_touching_by_a_side_or_a_corner() -> None:
    field = field_from_art([".......", "a......", ".......", "....X..", "......."], X={"zoc": 1})
    result = check(field, "a", walk((0, 1), "2E", "SE"))  # (3, 2) touches X at (4, 3) by a corner
    assert result.outcome.kind == "engaged"  # type: ignore[union-attr]


def test_r6_the_zoc_is_every_cell_within_reach_squares() -> None:
    field = field_from_art([".........", "....X....", ".........", "a........"], X={"zoc": 3})
    zoc = set(field.zoc_cells("X"))
    assert (1, 3) in zoc and (7, 0) in zoc and (0, 3) not in zoc and (4, 1) not in zoc
    assert check(field, "a", [(1, 3)]).outcome.kind == "stopped"  # type: ignore[union-attr]
    nozoc = field_from_art([".........", "....X....", ".........", "a........"], X={"zoc": 0})
    assert not nozoc.has_zoc("X") and check(nozoc, "a", walk((0, 3), "3E")).outcome.kind == "free"  # type: ignore[union-attr]


def test_r13_a_fighter_starting_in_a_zoc_may_only_engage() -> None:
    field = field_from_art(["........", "..a.X...", "........"])
    reach = reachable(field, "a")
    assert reach.held_by == ("X",)
    assert all(d.bound_to == ("X",) for d in reach.destinations.values())
    assert check(field, "a", [(1, 1)]).error.rule == "R12"  # type: ignore[union-attr]
    assert check(field, "a", [(3, 1)]).outcome.kind == "engaged"  # type: ignore[union-attr]
    assert check(field, "a", [(3, 0)]).error.rule == "R12"  # type: ignore[union-attr]  # (3, 1) is shorter
    assert check(field, "a", [(2, 0)]).error.rule == "R12"  # type: ignore[union-attr]


def test_r15_a_move_is_one_step_or_more_within_the_allowance_and_ends_elsewhere() -> None:
    field = field_from_art(["a.......", "........", ".......X"], a={"move": 5}, X={"zoc": 0})
    assert check(field, "a", []).error.rule == "R15"  # type: ignore[union-attr]
    assert check(field, "a", [(1, 0), (2, 0)]).legal
    over = check(field, "a", [(1, 0), (2, 0), (3, 0)])
    assert over.error.rule == "R15" and over.error.step == 2  # type: ignore[union-attr]
    assert check(field, "a", [(1, 0), (0, 0)]).error.rule == "R15"  # type: ignore[union-attr]
    assert (0, 0) not in reachable(field, "a").destinations
    assert max(d.cost for d in reachable(field, "a").destinations.values()) <= 5


def test_r16_outcome_depends_on_the_end_cell_only() -> None:
    field = field_from_art(["a.........", "..........", "......X..."])
    reach = reachable(field, "a")
    kinds = {d.outcome.kind for d in reach.destinations.values()}
    assert kinds == {"free", "stopped", "engaged"}
    for destination in reach.destinations.values():
        assert destination.outcome.to_json()["kind"] == destination.outcome.kind


def test_r12_the_shortest_path_may_go_round_an_obstacle_out_of_the_zoc() -> None:
    art = ["....#...", "a...#...", "....#X..", "....#...", "....#...", "........", "........"]
    field = field_from_art(art, a={"move": 40})
    entry = walk((0, 1), "3E")  # (3, 1): X's ZOC spans x 3-7, y 0-4, behind a wall
    around = [*entry, *walk((3, 1), "4S", "2E", "2N")]  # down, out of the ZOC below the wall, back up
    result = check(field, "a", around)
    assert result.legal and result.outcome.opponents == ("X",)  # type: ignore[union-attr]
    assert (3, 5) in around and (3, 5) not in field.zoc_cells("X")
    assert reachable(field, "a").destinations[(5, 3)].outcome.kind == "engaged"
    # it may stop on the way round while inside the ZOC, not once out of it (that would be leaving it)
    assert check(field, "a", around[:6]).outcome.kind == "stopped"  # type: ignore[union-attr]
    outside = check(field, "a", around[:8]).error
    assert outside is not None and outside.rule == "R12" and outside.at_end and outside.cell == (4, 5)


def test_r12_a_bound_fighter_cannot_stop_outside_the_zoc_it_goes_round() -> None:
    # a starts in X's ZOC (R13) with a wall between them: the only way to engage goes out of the ZOC
    field = field_from_art(["....#...", "...a#X..", "....#...", "....#...", "........"])
    reach = reachable(field, "a")
    assert reach.held_by == ("X",)
    assert reach.destinations[(5, 2)].path == ((3, 2), (3, 3), (3, 4), (4, 4), (5, 4), (5, 3), (5, 2))
    assert reach.destinations[(5, 2)].outcome.kind == "engaged"
    assert reach.destinations[(5, 3)].outcome.kind == "stopped"  # back inside the ZOC: it may stop
    assert {(3, 4), (4, 4), (5, 4)}.isdisjoint(reach.destinations)  # out of it: it may not
    refused = check(field, "a", [(3, 2), (3, 3), (3, 4), (4, 4)]).error
    assert refused is not None and refused.rule == "R12" and refused.at_end
    assert "ZdC de X" in refused.reason.fr and "ZOC of X" in refused.reason.en
    assert Adjudicator(field, "a").why_unreachable((4, 4))[0] == "R12"  # what a move there is told
    assert Adjudicator(field, "a").why_unreachable((0, 4))[0] == "R9-R15"  # never on the way at all


def test_r13_held_by_an_opponent_it_cannot_reach_a_fighter_can_only_hold() -> None:
    field = field_from_art(["..#...", "a.#X..", "..#..."], X={"zoc": 3})
    reach = reachable(field, "a")
    assert reach.held_by == ("X",) and reach.destinations == {}
    assert check(field, "a", [(0, 0)]).error.rule == "R12"  # type: ignore[union-attr]
