"""One test per sentence of the seed (zones-of-control.fr.txt): the traceability table of
docs/rules/skirmish.md names them. Grids: x to the right, y downward; ``a``… side 0, ``X``… side 1."""

from __future__ import annotations

from meeple.core.search import astar
from meeple.games.skirmish.battlefield import Battlefield, in_contact
from meeple.games.skirmish.engine import Action, SkirmishGame
from meeple.games.skirmish.movement import Adjudicator, check, reachable
from tests.games.skirmish.helpers import field_from_art, scenario_from_art, walk

BLANK = "." * 14

# a lone opponent X, ZOC reach 2: a walking east enters it on (6, 2)
LONE = ["............", "............", "a.......X...", "............", "............"]
# X reaches 5 squares, Y 2: walking east along row 3, a enters X's ZOC on (6, 3), then Y's on (7, 3)
THROUGH = [BLANK, BLANK, BLANK, "a..........X..", BLANK, ".........Y....", BLANK, BLANK]
THROUGH_STATS = {"X": {"zoc": 5}}
# X and Y (reach 3) two squares apart diagonally: a enters both ZOCs at once on (7, 4)
PAIR = [BLANK, "........X.....", BLANK, "..........Y...", BLANK, "..a...........", BLANK, BLANK]
PAIR_STATS = {"X": {"zoc": 3}, "Y": {"zoc": 3}}
PAIR_ENTRY = walk((2, 5), "4E", "NE")


def approach_distance(field: Battlefield, mover: str, target: str, start: tuple[int, int]) -> float:
    """Independent shortest cost from ``start`` to a free cell touching ``target`` (core A*, no ZOC)."""
    ground, occupied = field.ground, {f.cell for f in field.fighters if f.id != mover}
    goal_of = field.fighter(target).cell

    def successors(cell: tuple[int, int]) -> list[tuple[str, tuple[int, int], float]]:
        result = []
        for other in ground.neighbours(cell):
            cost = ground.step_cost(cell, other)
            if cost is not None and other not in occupied:
                result.append(("step", other, float(cost)))
        return result

    found = astar(start, successors, lambda cell: in_contact(cell, goal_of))
    return found.cost if found.found else float("inf")


# --- paragraph 1 -------------------------------------------------------------------------------------
def test_s1_entering_a_zoc_one_may_stop_at_once() -> None:
    field = field_from_art(LONE)
    result = check(field, "a", walk((0, 2), "6E"))
    assert result.legal and result.outcome is not None
    assert (result.outcome.kind, result.outcome.opponents) == ("stopped", ("X",))
    assert reachable(field, "a").destinations[(6, 2)].outcome.kind == "stopped"


def test_s1_or_go_on_in_a_straight_line_toward_that_opponent() -> None:
    # entering diagonally below X's line, the straight line to X is the diagonal, not an L-shaped path
    field = field_from_art(["............", "........X...", "............", "............", "a..........."])
    entry = walk((0, 4), "5E", "NE")  # (6, 3): first cell in X's ZOC
    assert check(field, "a", entry).outcome.kind == "stopped"  # type: ignore[union-attr]
    straight = check(field, "a", [*entry, (7, 2)])
    assert straight.legal and straight.outcome.opponents == ("X",)  # type: ignore[union-attr]
    crooked = check(field, "a", [*entry, (6, 2), (7, 2)])
    assert not crooked.legal and crooked.error.rule == "R12"  # type: ignore[union-attr]


def test_s1_moving_toward_the_opponent_ignores_the_other_zocs_entered() -> None:
    field = field_from_art(THROUGH, **THROUGH_STATS)
    path = walk((0, 3), "10E")
    adjudicator = Adjudicator(field, "a")
    assert adjudicator.binding[field.ground.index((7, 3))] == {"X", "Y"}  # Y's ZOC is crossed
    result = check(field, "a", path)
    assert result.legal and result.outcome.kind == "engaged"  # type: ignore[union-attr]
    assert result.outcome.opponents == ("X",)  # type: ignore[union-attr]
    # without X to move toward, Y's ZOC would have stopped the same march east
    alone = field_from_art([row.replace("X", ".") for row in THROUGH])
    assert check(alone, "a", path).error.rule == "R12"  # type: ignore[union-attr]


def test_s1_during_that_move_one_may_stop_at_any_moment() -> None:
    field = field_from_art(THROUGH, **THROUGH_STATS)
    path = walk((0, 3), "10E")
    reach = reachable(field, "a")
    for length in range(6, 10):  # every cell between the entry and the contact
        result = check(field, "a", path[:length])
        assert result.legal and result.outcome.kind == "stopped"  # type: ignore[union-attr]
        assert reach.destinations[path[length - 1]].outcome == result.outcome


def test_s1_or_advance_until_contacting_an_opponent() -> None:
    field = field_from_art(THROUGH, **THROUGH_STATS)
    path = walk((0, 3), "10E")
    assert check(field, "a", path).outcome.kind == "engaged"  # type: ignore[union-attr]
    beyond = check(field, "a", [*path, (10, 2)])
    assert not beyond.legal and beyond.error.rule == "R8"  # type: ignore[union-attr]
    assert beyond.error.step == len(path)  # type: ignore[union-attr]


def test_s1_the_opponent_contacted_may_be_another_one_standing_between() -> None:
    field = field_from_art(["." * 13] * 3 + ["a.......Y.X.."] + ["." * 13] * 3, X={"zoc": 4}, Y={"zoc": 0})
    entry = walk((0, 3), "6E")  # (6, 3): in X's ZOC only (Y has none)
    assert check(field, "a", entry).outcome.opponents == ("X",)  # type: ignore[union-attr]
    toward_x = check(field, "a", [*entry, (7, 2)])  # a shortest path to X's side passes by Y
    assert toward_x.legal and toward_x.outcome.kind == "engaged"  # type: ignore[union-attr]
    assert toward_x.outcome.opponents == ("Y",)  # type: ignore[union-attr]
    destination = reachable(field, "a").destinations[(7, 2)]
    assert destination.bound_to == ("X",) and destination.outcome.opponents == ("Y",)


def test_s1_entering_several_zocs_at_once_one_may_consider_only_one() -> None:
    field = field_from_art(PAIR, **PAIR_STATS)
    adjudicator = Adjudicator(field, "a")
    entry = PAIR_ENTRY[-1]
    assert adjudicator.binding[field.ground.index(entry)] == {"X", "Y"}
    only_x = check(field, "a", [*PAIR_ENTRY, (7, 3), (7, 2)])
    assert only_x.legal and only_x.outcome.opponents == ("X",)  # type: ignore[union-attr]
    only_y = check(field, "a", [*PAIR_ENTRY, (8, 4), (9, 4)])
    assert only_y.legal and only_y.outcome.opponents == ("Y",)  # type: ignore[union-attr]


def test_s1_or_consider_several_to_engage_them_simultaneously_if_he_can() -> None:
    field = field_from_art(PAIR, **PAIR_STATS)
    path = [*PAIR_ENTRY, (8, 3), (9, 2)]
    adjudicator = Adjudicator(field, "a")
    x_entry, x_next = (field.ground.index(cell) for cell in (PAIR_ENTRY[-1], (8, 3)))
    # the diagonal toward (9, 2) is a shortest path to neither X alone nor Y alone, only to both at once
    assert not adjudicator.is_shortest_step(frozenset({"X"}), x_entry, x_next, 3)
    assert not adjudicator.is_shortest_step(frozenset({"Y"}), x_entry, x_next, 3)
    result = check(field, "a", path)
    assert result.legal and result.outcome.opponents == ("X", "Y")  # type: ignore[union-attr]
    assert reachable(field, "a").destinations[(9, 2)].outcome.opponents == ("X", "Y")
    # "if he can": X and Y four squares apart share no cell, so no group of both exists
    apart = field_from_art(["a" + BLANK[1:], "........X.....", BLANK, BLANK, BLANK, "........Y.....", BLANK])
    assert frozenset({"X", "Y"}) not in Adjudicator(apart, "a").groups(frozenset({"X", "Y"}))


def test_s1_in_every_case_only_actions_consistent_with_the_movement() -> None:
    field = field_from_art(PAIR, **PAIR_STATS)
    switching = check(field, "a", [*PAIR_ENTRY, (7, 3), (8, 3)])  # first toward X, then toward Y
    assert not switching.legal and switching.error.rule == "R11"  # type: ignore[union-attr]
    # in the game: a fighter that stopped short of contact cannot strike
    game = SkirmishGame.new({"scenario": scenario_from_art(LONE)})
    game.push(Action("move", "a", (6, 2)))
    assert all(move.kind != "attack" for move in game.copy().legal_moves())


# --- paragraph 2: the three choices ------------------------------------------------------------------
def test_s2_entering_a_zoc_a_fighter_has_only_three_choices() -> None:
    field = field_from_art(["............", "........X...", "............", "............", "a..........."])
    entry = walk((0, 4), "5E", "NE")
    for after in field.ground.neighbours(entry[-1]):
        expected = (approach_distance(field, "a", "X", after)
                    == approach_distance(field, "a", "X", entry[-1]) - field.ground.step_cost(entry[-1], after))  # type: ignore[operator]
        assert check(field, "a", [*entry, after]).legal == expected, after
    # choices: stop (the entry), approach (none here: one step reaches contact), engage
    kinds = {check(field, "a", entry).outcome.kind, check(field, "a", [*entry, (7, 2)]).outcome.kind}  # type: ignore[union-attr]
    assert kinds == {"stopped", "engaged"}


def test_s2_choice_one_go_on_to_engage_by_the_shortest_path_even_through_another_zoc() -> None:
    field = field_from_art(THROUGH, **THROUGH_STATS)
    path = walk((0, 3), "10E")
    result = check(field, "a", path)
    assert result.legal and result.outcome.opponents == ("X",)  # type: ignore[union-attr]
    assert result.cost == approach_distance(field, "a", "X", (0, 3))  # the shortest way to X's side
    assert reachable(field, "a").destinations[(10, 3)].cost == result.cost


def test_s2_choice_two_approach_the_same_way_but_stop_before_contact() -> None:
    field = field_from_art(THROUGH, **THROUGH_STATS)
    result = check(field, "a", walk((0, 3), "9E"))
    assert result.legal and result.outcome.kind == "stopped"  # type: ignore[union-attr]
    assert set(result.outcome.opponents) == {"X", "Y"}  # type: ignore[union-attr]


def test_s2_choice_three_stop_at_once() -> None:
    field = field_from_art(THROUGH, **THROUGH_STATS)
    result = check(field, "a", walk((0, 3), "6E"))
    assert result.legal and result.outcome.opponents == ("X",)  # type: ignore[union-attr]
    assert reachable(field, "a").destinations[(6, 3)].path == tuple(walk((0, 3), "6E"))


def test_s2_he_cannot_go_on_to_leave_the_zoc_or_move_in_it_except_to_engage() -> None:
    field = field_from_art(LONE)
    entry = walk((0, 2), "6E")
    back = check(field, "a", [*entry, (5, 2)])
    assert back.error.rule == "R12" and "leave" in back.error.reason.en  # type: ignore[union-attr]
    sideways = check(field, "a", [*entry, (6, 1)])
    assert sideways.error.rule == "R12" and "inside" in sideways.error.reason.en  # type: ignore[union-attr]
    # inside the ZOC: only the cells where one enters it, and contact with X
    inside = {cell for cell in reachable(field, "a").destinations if cell[0] >= 6}
    assert inside == {(6, 0), (6, 1), (6, 2), (6, 3), (6, 4), (7, 1), (7, 2), (7, 3)}


def test_s2_stopping_before_contact_the_two_fighters_are_not_engaged() -> None:
    game = SkirmishGame.new({"scenario": scenario_from_art(LONE)})
    game.push(Action("move", "a", (6, 2)))
    assert game.field.engagements == frozenset()
    assert game.field.has_zoc("X") and game.field.has_zoc("a")
    game.pop()
    game.push(Action("move", "a", (7, 2)))
    assert game.field.engagements == {frozenset({"a", "X"})}


# --- paragraph 3: several ZOCs at once ---------------------------------------------------------------
def test_s3_entering_several_zocs_at_once_he_may_stop() -> None:
    field = field_from_art(PAIR, **PAIR_STATS)
    result = check(field, "a", PAIR_ENTRY)
    assert result.legal and result.outcome.kind == "stopped"  # type: ignore[union-attr]
    assert result.outcome.opponents == ("X", "Y")  # type: ignore[union-attr]


def test_s3_or_choose_one_opponent_and_engage_it_legally_leaving_the_others_zoc() -> None:
    field = field_from_art([BLANK, BLANK, "........X.....", BLANK, "a.............", BLANK,
                            "........Y.....", BLANK, BLANK])
    entry = walk((0, 4), "6E")  # (6, 4): in X's ZOC (rows 0-4) and Y's (rows 4-8)
    assert check(field, "a", entry).outcome.opponents == ("X", "Y")  # type: ignore[union-attr]
    for cell, chosen in (((7, 3), "X"), ((7, 5), "Y")):
        result = check(field, "a", [*entry, cell])
        assert result.legal and result.outcome.opponents == (chosen,)  # type: ignore[union-attr]
    adjudicator = Adjudicator(field, "a")
    assert "Y" not in adjudicator.binding[field.ground.index((7, 3))]  # it left Y's ZOC, legally


def test_s3_or_engage_several_opponents_simultaneously() -> None:
    field = field_from_art(PAIR, **PAIR_STATS)
    game = SkirmishGame.new({"scenario": scenario_from_art(PAIR, **PAIR_STATS)})
    assert field.fighter("a").cell == game.field.fighter("a").cell
    game.push(Action("move", "a", (9, 2), (*PAIR_ENTRY, (8, 3), (9, 2))))
    assert game.field.engaged_with("a") == ["X", "Y"]
    assert not game.field.has_zoc("X") and not game.field.has_zoc("Y")


# --- paragraph 4 and 5 ---------------------------------------------------------------------------------
ENGAGED_X = ["a.............", "..............", "........Xb....", ".............."]


def test_s4_engaged_by_an_opponent_not_harmless_a_fighter_has_no_zoc() -> None:
    path = walk((0, 0), "10E")  # along row 0, two squares from X: inside its ZOC if it has one
    field = field_from_art(ENGAGED_X)
    assert field.engaged_with("X") == ["b"] and not field.has_zoc("X")
    assert check(field, "a", path).legal
    harmless_b = field_from_art(ENGAGED_X, b={"harmless": True, "strike": 0})
    assert harmless_b.has_zoc("X")
    assert check(harmless_b, "a", path).error.rule == "R12"  # type: ignore[union-attr]


def test_s4_unless_stated_otherwise() -> None:
    field = field_from_art(ENGAGED_X, X={"keeps_zoc": True})
    assert field.has_zoc("X")
    assert check(field, "a", walk((0, 0), "10E")).error.rule == "R12"  # type: ignore[union-attr]


def test_s5_leaving_an_engagement_ignores_the_zocs_of_the_opponents_in_contact() -> None:
    art = ["..........", "..........", "W....aX...", "..........", "....c....."]
    field = field_from_art(art, X={"keeps_zoc": True})
    assert field.engaged_with("a") == ["X"] and field.has_zoc("X")
    away = check(field, "a", walk((5, 2), "2W"))
    assert away.legal and away.outcome.kind == "free"  # type: ignore[union-attr]
    # c, in X's ZOC but not in contact, is held by it
    assert check(field, "c", [(3, 4)]).error.rule == "R12"  # type: ignore[union-attr]
    # leaving means leaving: the move cannot end in contact with X again
    assert check(field, "a", [(5, 1)]).error.rule == "R14"  # type: ignore[union-attr]
    # the ZOC of an opponent it is not in contact with still binds it
    assert check(field, "a", walk((5, 2), "3W")).outcome.opponents == ("W",)  # type: ignore[union-attr]
    assert check(field, "a", [*walk((5, 2), "3W"), (2, 1)]).error.rule == "R12"  # type: ignore[union-attr]
    reach = reachable(field, "a")
    assert reach.ignoring == ("X",)
    assert not any(in_contact(cell, (6, 2)) for cell in reach.destinations)
