"""The numbered decisions of docs/rules/skirmish.md that the seed leaves open (R1–R16)."""

from __future__ import annotations

from typing import Any

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


WALL_OF_FRIENDS: dict[str, dict[str, Any]] = {f: {"harmless": True, "strike": 0} for f in "bcdef"}
"""Fighters of the mover's side used as an obstacle that a ZOC crosses (harmless: X keeps its ZOC)."""


def test_r12_the_shortest_path_may_go_round_an_obstacle_out_of_the_zoc() -> None:
    # a's own fighters b-f stand in a line between a and X: X's ZOC reaches over them (fighters do not
    # stop a ZOC, R6), a's path to X must go round them (R4); they are harmless, so d's contact leaves
    # X its ZOC (R7)
    art = ["....b...", "a...c...", "....dX..", "....e...", "....f...", "........", "........"]
    field = field_from_art(art, a={"move": 40}, **WALL_OF_FRIENDS)
    entry = walk((0, 1), "3E")  # (3, 1): X's ZOC spans x 3-7, y 0-4
    around = [*entry, *walk((3, 1), "3S", "SE", "NE", "N")]  # down, out of the ZOC below the line, back up
    result = check(field, "a", around)
    assert result.legal and result.outcome.opponents == ("X",)  # type: ignore[union-attr]
    assert (4, 5) in around and (4, 5) not in field.zoc_cells("X")
    assert reachable(field, "a").destinations[(5, 3)].outcome.kind == "engaged"
    # it may stop on the way round while inside the ZOC, not once out of it (that would be leaving it)
    assert check(field, "a", around[:5]).outcome.kind == "stopped"  # type: ignore[union-attr]
    outside = check(field, "a", around[:7]).error
    assert outside is not None and outside.rule == "R12" and outside.at_end and outside.cell == (4, 5)


def test_r12_a_bound_fighter_cannot_stop_outside_the_zoc_it_goes_round() -> None:
    # a starts in X's ZOC (R13) with its own fighters b-e between them: the only way to engage goes out
    # of the ZOC
    field = field_from_art(["....b...", "...acX..", "....d...", "....e...", "........"], **WALL_OF_FRIENDS)
    reach = reachable(field, "a")
    assert reach.held_by == ("X",)
    assert reach.destinations[(5, 2)].path == ((3, 2), (3, 3), (4, 4), (5, 3), (5, 2))
    assert reach.destinations[(5, 2)].outcome.kind == "engaged"
    assert reach.destinations[(5, 3)].outcome.kind == "stopped"  # back inside the ZOC: it may stop
    assert (4, 4) not in reach.destinations  # out of it: it may not
    refused = check(field, "a", [(3, 2), (3, 3), (4, 4)]).error
    assert refused is not None and refused.rule == "R12" and refused.at_end
    assert "ZdC de X" in refused.reason.fr and "ZOC of X" in refused.reason.en
    assert Adjudicator(field, "a").why_unreachable((4, 4))[0] == "R12"  # what a move there is told
    assert Adjudicator(field, "a").why_unreachable((0, 4))[0] == "R9-R15"  # never on the way at all


def test_r13_held_by_an_opponent_it_cannot_reach_a_fighter_can_only_hold() -> None:
    field = field_from_art(["..b...", "a.cX..", "..d..."], X={"zoc": 3}, **WALL_OF_FRIENDS)  # walled in
    reach = reachable(field, "a")
    assert reach.held_by == ("X",) and reach.destinations == {}
    assert check(field, "a", [(0, 0)]).error.rule == "R12"  # type: ignore[union-attr]


# --- R6: blocking ground stops a ZOC -------------------------------------------------------------------
WALL = ["..........", "#########.", "....X....."]
"""A wall of rock between row 0 and X (row 2), open at its east end."""


def test_r6_a_zoc_does_not_reach_through_blocking_ground() -> None:
    field = field_from_art(["a" + WALL[0][1:], *WALL[1:]], X={"zoc": 2})
    assert (4, 0) not in field.zoc_cells("X") and (4, 1) not in field.zoc_cells("X")  # the rock is between
    along = walk((0, 0), "8E")  # a walks along the far side of the wall, right past X
    result = check(field, "a", along)
    assert result.legal and result.outcome.kind == "free" and result.cost == 16
    assert reachable(field, "a").destinations[(8, 0)].outcome.kind == "free"


def test_r6_a_zoc_spreads_round_the_end_of_a_wall_within_its_reach() -> None:
    field = field_from_art(WALL, X={"zoc": 7})
    zoc = set(field.zoc_cells("X"))
    assert (9, 1) in zoc and (9, 0) in zoc  # 6 and 7 steps round the wall's end (no cutting its corner)
    assert (8, 0) not in zoc and (4, 0) not in zoc  # 8 steps round it, however near as the crow flies
    assert not zoc & {(x, 1) for x in range(9)}  # never on blocking ground


def test_r6_line_of_sight_is_a_scenario_option() -> None:
    # X at (2,2); rocks at (3,2) and (2,3) and (0,2): walk and sight disagree on both sides
    art = ["......", "......", "#.X#..", "..#...", "......"]
    walked = field_from_art(art, X={"zoc": 4})
    seen = field_from_art(art, rules={"zoc": "sight"}, X={"zoc": 4})
    assert (3, 3) not in walked.zoc_cells("X") and (3, 3) in seen.zoc_cells("X")  # seen past two corners
    assert (4, 2) in walked.zoc_cells("X") and (4, 2) not in seen.zoc_cells("X")  # walked round, hidden
    assert (5, 2) not in seen.zoc_cells("X") and (0, 2) not in seen.zoc_cells("X")  # behind rock / on it
    assert (1, 2) in seen.zoc_cells("X") and (1, 2) in walked.zoc_cells("X")


# --- R10: "straight line" onto difficult ground ---------------------------------------------------
DIFFICULT_AHEAD = [".........", "a....~.X.", "........."]


def test_r10_the_straight_line_toward_the_opponent_may_cross_difficult_ground() -> None:
    field = field_from_art(DIFFICULT_AHEAD, a={"move": 30}, X={"zoc": 3})
    straight = [*walk((0, 1), "6E")]  # enters X's ZOC at (4,1), then straight on over the ~ at (5,1)
    result = check(field, "a", straight)
    assert result.legal and result.outcome.opponents == ("X",) and result.cost == 14  # ~ costs 4
    detour = [*walk((0, 1), "4E"), (5, 0), (6, 0)]  # cheaper in MP (13) but longer: not toward X
    refused = check(field, "a", detour).error
    assert refused is not None and refused.rule == "R12" and refused.cell == (5, 0)
    assert reachable(field, "a").destinations[(6, 1)].cost == 14


def test_r10_a_scenario_may_measure_the_shortest_path_in_movement_points() -> None:
    field = field_from_art(DIFFICULT_AHEAD, rules={"shortest": "cost"}, a={"move": 30}, X={"zoc": 3})
    assert check(field, "a", [*walk((0, 1), "4E"), (5, 0), (6, 0)]).legal  # 13 MP: the cheapest way
    refused = check(field, "a", walk((0, 1), "6E")).error
    assert refused is not None and refused.rule == "R12" and refused.cell == (5, 1)


# --- R8: passing by an opponent that has no ZOC -------------------------------------------------------
def test_r8_passing_by_an_opponent_without_a_zoc_does_not_stop_the_move() -> None:
    field = field_from_art([".....", "a.Y..", "....."], Y={"zoc": 0, "harmless": True, "strike": 0})
    past = walk((0, 1), "NE", "2E", "SE")  # brushes Y at (1,0), (2,0), (3,0), then on to (4,1)
    result = check(field, "a", past)
    assert result.legal and result.outcome.kind == "free"
    stop = check(field, "a", past[:2])  # but stopping beside it engages it (contact is engagement, R8)
    assert stop.legal and stop.outcome.kind == "engaged" and stop.outcome.opponents == ("Y",)  # type: ignore[union-attr]
    assert reachable(field, "a").destinations[(4, 1)].outcome.kind == "free"


def test_r8_an_engaged_opponent_has_no_zoc_and_does_not_stop_a_fighter_passing_by() -> None:
    # Y is engaged by b (not harmless), so Y has no ZOC (seed ¶4): a may walk past it
    field = field_from_art([".....", "a.Yb.", "....."])
    assert not field.has_zoc("Y")
    result = check(field, "a", walk((0, 1), "NE", "2E"))
    assert result.legal and result.outcome.kind == "engaged"  # it ends beside Y: engaged with it
    assert check(field, "a", walk((0, 1), "NE", "3E")).legal  # and may go on past it
    harmless_with_zoc = field_from_art([".......", "a...Y..", "......."], Y={"harmless": True, "strike": 0})
    stopped = check(harmless_with_zoc, "a", walk((0, 1), "3E", "NE")).error  # a harmless ZOC binds, contact stops
    assert stopped is not None and stopped.rule == "R8" and stopped.step == 3
