"""ILYOS rules, one behaviour per test (the traceability table of docs/rules/ilyos.md names them)."""

from __future__ import annotations

import pytest

from meeple.core.errors import FormatError, IllegalMoveError
from meeple.games.ilyos import board
from meeple.games.ilyos.engine import DECK, Action, IlyosGame, stored_options
from tests.games.ilyos.helpers import arrange, moves_of

ROW = [((1, 3), 0), ((3, 3), 0), ((5, 2), 1)]
"""Islands making the row y = 3 land from x = 1 to x = 5 (cells (1..5, 3))."""

ELEVEN = board.geometry(11)
"""The 11 × 11 board the hand-built positions of these tests are written for."""
HEART = ELEVEN.heart
SANCTUARY, VILLAGES = ELEVEN.sanctuary, ELEVEN.villages


def _place_and_end(game: IlyosGame) -> None:
    if not game.state.placed:
        game.push(moves_of(game, "place")[0])
    game.push(Action("end"))


# --- rules 1 and 2: the island of the turn --------------------------------------------------------
def test_actions_may_come_before_and_after_the_island() -> None:
    game = arrange(islands=ROW, guardians=[(0, (1, 3))])
    game.push(Action("move", 0, (2, 3)))
    game.push(moves_of(game, "place")[0])
    game.push(Action("move", 0, (3, 3)))
    game.push(Action("end"))
    assert game.to_move() == 1


def test_the_turn_cannot_end_before_an_island_is_placed() -> None:
    game = arrange(islands=ROW, guardians=[(0, (1, 3))])
    assert Action("end") not in game.legal_moves()
    with pytest.raises(IllegalMoveError, match=r"place an island first|posez d'abord"):
        game.push(Action("end"))
    game.push(moves_of(game, "place")[0])
    assert Action("end") in game.legal_moves()
    assert not moves_of(game, "place"), "only one island per turn"


def test_a_new_guardian_appears_on_the_pivot_only_under_six() -> None:
    five = [(0, (x, 3)) for x in range(1, 6)]
    game = arrange(islands=ROW, guardians=five)
    place = moves_of(game, "place")[0]
    game.push(place)
    assert game.state.at[place.cell] == 5
    assert game.team_guardians(0) == 6
    game.pop()
    six = [*five, (0, (5, 2))]
    full = arrange(islands=ROW, guardians=six)
    full.push(moves_of(full, "place")[0])
    assert full.team_guardians(0) == 6, "rule 12: a team never has more than 6 guardians"
    pair = arrange({"mode": "2v2"}, islands=ROW,
                   guardians=[(0, (1, 3)), (2, (2, 3)), (0, (3, 3)), (2, (4, 3)), (0, (5, 3)), (2, (5, 2))])
    pair.push(moves_of(pair, "place")[0])
    assert pair.team_guardians(0) == 6, "in 2 vs 2 the limit is the pair's, not the seat's"


def test_islands_are_placed_over_void_touching_land() -> None:
    game = arrange(islands=ROW, guardians=[(0, (1, 3))])
    land = set(ELEVEN.fixed_land) | set(game.state.cells)
    for move in moves_of(game, "place"):
        cells = board.island_cells(move.cell, move.amount)
        assert all(ELEVEN.in_bounds(c) and c not in land for c in cells)
        assert any(n in land for c in cells for n in ELEVEN.orthogonal_neighbours(c))


# --- rule 4: the cards ---------------------------------------------------------------------------------
def test_deck_of_13_hand_of_5_discard_and_stock_capped_at_5() -> None:
    assert sorted(DECK) == sorted(["move"] * 8 + ["push"] * 4 + ["magic"])
    game = IlyosGame.new({}, 3)
    player = game.state.players[0]
    assert len(player.hand) == 5 and len(player.deck) == 8
    hand = list(player.hand)
    game.push(moves_of(game, "place")[0])
    game.push(Action("end"))
    assert sorted(player_discard := game.state.players[0].discard) == sorted(hand)
    assert len(player_discard) == 5
    assert game.state.players[0].stock == {k: hand.count(k) for k in ("move", "push", "magic")}
    spent = arrange(islands=ROW, guardians=[(0, (1, 3))], hand=["move", "move", "push", "push", "magic"], placed=True)
    spent.push(Action("move", 0, (2, 3)))
    spent.push(Action("end"))
    assert spent.state.players[0].stock == {"move": 1, "push": 2, "magic": 1}, "only unused actions are banked"
    capped = arrange(islands=ROW, guardians=[(0, (1, 3))], hand=["move"] * 5, stock={"move": 4}, placed=True)
    capped.push(Action("end"))
    assert capped.state.players[0].stock["move"] == 5


def test_actions_are_spent_from_the_hand_then_the_stock() -> None:
    game = arrange(islands=ROW, guardians=[(0, (1, 3))], hand=["move", "push", "push", "push", "magic"],
                   stock={"move": 2})
    assert game.points()["move"] == 3
    game.push(Action("move", 0, (4, 3)))
    assert game.points()["move"] == 0
    assert game.state.players[0].stock["move"] == 0


def test_the_deck_is_reshuffled_from_the_discard_when_empty() -> None:
    game = IlyosGame.new({}, 5)
    for _ in range(6):
        _place_and_end(game)
    player = game.state.players[0]
    assert player.reshuffles >= 1
    assert len(player.deck) + len(player.discard) + len(player.hand) == 13


# --- rule 5: symmetric setups ----------------------------------------------------------------------------
@pytest.mark.parametrize("chosen", [s for size in board.SIZES for s in board.all_setups(size)], ids=lambda s: s.name)
def test_every_setup_maps_onto_itself_under_the_player_swap(chosen: board.Setup) -> None:
    geo = board.geometry(chosen.size)
    islands = {frozenset(board.island_cells(p, o)) for p, o in chosen.islands}
    mirrored = {frozenset(geo.mirror(c) for c in cells) for cells in islands}
    assert mirrored == islands
    assert tuple(geo.mirror(c) for c in chosen.team_a) == chosen.team_b
    for cell in chosen.team_a:
        corner = next(k for k, v in geo.villages.items() if cell in v)
        assert corner in ("NW", "SE")
    game = IlyosGame.new({"islands": len(chosen.islands), "guardians": len(chosen.team_a), "size": chosen.size}, 0)
    owned = {(g.owner, g.cell) for g in game.state.guardians.values()}
    assert {(1 - o, geo.mirror(c)) for o, c in owned} == owned


@pytest.mark.parametrize("size", board.SIZES)
def test_setups_span_4_to_12_islands_and_1_to_4_guardians_with_room(size: int) -> None:
    counts = {(len(s.islands), len(s.team_a)) for s in board.all_setups(size)}
    assert {i for i, _ in counts} == {4, 6, 8, 10, 12} and {g for _, g in counts} == {1, 2, 3, 4}
    for chosen in board.all_setups(size):
        game = IlyosGame.new({"islands": len(chosen.islands), "guardians": len(chosen.team_a), "size": size}, 0)
        assert len(moves_of(game, "place")) >= 40, "free space to build"
        turnable = [p for p in game.state.islands if any(game._rotation_fits(p, q) for q in (1, 2, 3))]
        assert len(turnable) == len(game.state.islands), "free space to rotate every island"


# --- rule 6: pushes ------------------------------------------------------------------------------------
def test_a_push_moves_the_whole_line_one_cell_per_force_point() -> None:
    islands = [((1, 3), 0), ((3, 3), 0), ((5, 3), 0), ((7, 3), 0)]  # row y = 3 from x = 1 to 8
    guardians = [(0, (1, 3)), (1, (2, 3)), (1, (3, 3)), (0, (4, 3))]
    game = arrange(islands=islands, guardians=guardians, hand=["push"] * 4 + ["move"], stock={"push": 3})
    forces = [m.amount for m in moves_of(game, "push", 0)]
    assert forces == [1, 2, 3, 4, 5, 6, 7]
    game.push(Action("push", 0, (2, 3), 3))
    assert [game.state.guardians[g].cell for g in (1, 2, 3)] == [(5, 3), (6, 3), (7, 3)]
    assert game.state.guardians[0].cell == (1, 3), "the pusher stays"
    assert game.points()["push"] == 4


def test_guardians_pushed_into_the_void_leave_play_with_their_crown() -> None:
    islands = [((1, 3), 0), ((3, 3), 0)]  # row y = 3 from x = 1 to 4; (5, 3) is void
    game = arrange({"anchored_carriers": False}, islands=islands,
                   guardians=[(0, (1, 3)), (1, (3, 3)), (1, (4, 3))], carried={2: 7}, hand=["push"] * 4 + ["move"])
    game.push(Action("move", 0, (2, 3)))
    game.push(Action("push", 0, (3, 3), 1))
    assert 2 not in game.state.guardians, "the front guardian fell into the void"
    assert game.state.guardians[1].cell == (4, 3)
    assert 7 not in game.crown_cells(), "its crown is lost"
    pick = arrange(islands=islands, guardians=[(0, (1, 3)), (1, (2, 3))], ground={(3, 3): 0, HEART: 1},
                   hand=["push"] * 4 + ["move"])
    pick.push(Action("push", 0, (2, 3), 1))
    assert pick.state.guardians[1].crown == 0, "a pushed guardian with empty hands picks up the crown it lands on"
    assert game.state.ground == {HEART: 8}, "and a new crown appears on the heart"


# --- rule 7: pushed crowns -----------------------------------------------------------------------------
def test_a_pushed_crown_flies_over_void_and_lands_on_a_free_island_cell() -> None:
    islands = [((2, 3), 0), ((6, 3), 0)]  # (2,3),(3,3) land; (4,3),(5,3) void; (6,3),(7,3) land
    game = arrange(islands=islands, guardians=[(0, (2, 3))], ground={(3, 3): 0}, hand=["push"] * 4 + ["move"],
                   stock={"push": 1})
    assert [m.amount for m in moves_of(game, "push", 0)] == [3, 4]
    game.push(Action("push", 0, (3, 3), 4))
    assert game.state.ground.get((7, 3)) == 0
    blocked = arrange(islands=islands, guardians=[(0, (2, 3)), (1, (6, 3))], ground={(3, 3): 0},
                      hand=["push"] * 4 + ["move"], stock={"push": 1})
    assert [m.amount for m in moves_of(blocked, "push", 0)] == [], "a guardian on the way stops the crown"
    taken = arrange(islands=islands, guardians=[(0, (2, 3))], ground={(3, 3): 0, (7, 3): 1},
                    hand=["push"] * 4 + ["move"], stock={"push": 1})
    assert [m.amount for m in moves_of(taken, "push", 0)] == [3], "never onto another crown"


def test_a_crown_never_lands_in_the_sanctuary_or_a_village() -> None:
    game = arrange(islands=[((2, 5), 2)], guardians=[(0, (2, 5))], ground={(3, 5): 0},
                   hand=["push"] * 4 + ["move"])
    assert not moves_of(game, "push", 0), "east of (3,5) lies only the sanctuary"


# --- rules 9 and 10: moves and magic -------------------------------------------------------------------
def test_orthogonal_steps_cost_one_and_diagonals_two() -> None:
    islands = [((1, 3), 0), ((3, 5), 2)]  # (1,3),(2,3),(1,4) and (3,5),(2,5),(3,4)
    game = arrange(islands=islands, guardians=[(0, (2, 3))], hand=["move", "move", "push", "push", "magic"])
    assert game.reachable(0) == {(1, 3): 1, (1, 4): 2, (3, 4): 2}
    game.push(Action("move", 0, (3, 4)))
    assert game.points()["move"] == 0, "the diagonal cost exactly 2 moves"


def test_magic_turns_an_island_with_what_stands_on_it() -> None:
    game = arrange(islands=[((2, 3), 0), ((7, 7), 0)], guardians=[(0, (3, 3))], carried={0: 4},
                   ground={(2, 4): 5}, hand=["magic", "move", "move", "move", "push"])
    assert {m.amount for m in moves_of(game, "magic") if m.cell == (2, 3)} == {1, 2, 3, 4}
    game.push(Action("magic", cell=(2, 3), amount=1))
    assert game.state.islands[(2, 3)] == 1
    assert game.state.guardians[0].cell == (2, 4) and game.state.guardians[0].crown == 4
    assert game.state.ground == {(1, 3): 5}
    assert game.points()["magic"] == 0
    full_turn = arrange(islands=[((2, 3), 0)], guardians=[(0, (3, 3))], hand=["magic", "move", "move", "move", "push"])
    before = full_turn.state.cells.copy()
    full_turn.push(Action("magic", cell=(2, 3), amount=4))
    assert full_turn.state.cells == before, "360° leaves the island as it was"


def test_magic_cannot_turn_an_island_onto_land() -> None:
    game = arrange(islands=[((3, 5), 2)], guardians=[(0, (3, 5))], hand=["magic", "move", "move", "move", "push"])
    quarter_turns = {m.amount for m in moves_of(game, "magic")}
    assert 2 not in quarter_turns, "a half turn would cover the sanctuary's west arm"


# --- rule 11: the sanctuary ------------------------------------------------------------------------------
def test_the_sanctuary_is_a_fixed_cross_never_covered_or_turned() -> None:
    assert {(5, 5), (4, 5), (6, 5), (5, 4), (5, 6)} == SANCTUARY
    game = IlyosGame.new({"size": 11}, 0)
    for move in moves_of(game, "place"):
        assert not set(board.island_cells(move.cell, move.amount)) & SANCTUARY
    assert all(pivot not in SANCTUARY for pivot in game.state.islands)
    with pytest.raises(IllegalMoveError):
        game.push(Action("magic", cell=HEART, amount=1))


# --- rule 13: the end ----------------------------------------------------------------------------------
def _fill_board(game: IlyosGame) -> None:
    state = game.state
    while True:
        free = [m for m in game._placements(state) if m.cell not in state.ground]
        if not free:
            break
        game._add_island(state, free[0].cell, free[0].amount)
    state.legal = None
    state.reach_cache.clear()


def test_the_game_stops_when_the_next_player_cannot_place_most_crowns_wins() -> None:
    game = arrange(guardians=[(0, (1, 0)), (1, (9, 0))], placed=True, ground={HEART: 0, (8, 2): 1})
    game.state.scores[0] = 1
    _fill_board(game)
    game.push(Action("end"))
    outcome = game.outcome()
    assert outcome is not None and outcome.winners == {0}, "most crowns, though P2's crown lies nearer home"
    assert "most crowns" in outcome.reason.en
    assert game.to_move() is None and game.legal_moves() == []


def test_a_tie_goes_to_the_nearest_crown_then_is_a_draw() -> None:
    near = arrange(guardians=[(0, (1, 0)), (1, (9, 0))], placed=True, ground={HEART: 0, (0, 2): 1})
    _fill_board(near)
    near.push(Action("end"))
    outcome = near.outcome()
    assert outcome is not None and outcome.winners == {0} and outcome.details["distances"] == {"0": 1, "1": 7}
    level = arrange(guardians=[(0, (1, 0)), (1, (9, 0))], placed=True, ground={HEART: 0, (0, 5): 1})
    _fill_board(level)
    level.push(Action("end"))
    tie = level.outcome()
    assert tie is not None and tie.draw and not tie.winners


# --- rule 14: 2 versus 2 -----------------------------------------------------------------------------------
def test_two_versus_two_each_player_scores_in_its_own_village() -> None:
    game = arrange({"mode": "2v2"}, guardians=[(0, (1, 0))], ground={(9, 10): 0, HEART: 1}, placed=True)
    assert [game.village_corners(s) for s in range(4)] == [("NW",), ("NE",), ("SE",), ("SW",)]
    game.push(Action("end"))  # seat 1 starts: the SE crown is not its own
    assert game.state.scores == [0, 0, 0, 0]
    _place_and_end(game)  # seat 2 starts: SE is its village
    assert game.state.scores == [0, 0, 1, 0]
    assert game.team_scores() == [1, 0]


def test_team_diagonal_shares_villages_guardians_and_crowns() -> None:
    options = {"mode": "2v2", "team_diagonal": True}
    game = arrange(options, islands=ROW, guardians=[(2, (1, 3)), (1, (9, 0))], ground={(9, 10): 0, HEART: 1},
                   placed=True)
    assert game.village_corners(0) == game.village_corners(2) == ("NW", "SE")
    assert moves_of(game, "move", 0), "seat 0 commands its teammate's guardian"
    plain = arrange({"mode": "2v2"}, islands=ROW, guardians=[(2, (1, 3))], placed=True)
    assert not moves_of(plain, "move", 0), "without the option it does not"
    game.push(Action("end"))
    _place_and_end(game)
    assert game.state.scores == [1, 0, 1, 0], "the team's shared score"
    assert game.team_scores() == [1, 0]


def test_the_first_team_to_three_wins_in_two_versus_two() -> None:
    game = arrange({"mode": "2v2"}, guardians=[(0, (1, 0))], ground={(0, 0): 0, HEART: 1}, placed=True, seat=3)
    game.state.scores[0] = 2
    game.push(Action("end"))
    outcome = game.outcome()
    assert outcome is not None and outcome.winners == {0, 2}


# --- rule 15: taking a crown -------------------------------------------------------------------------------
def test_a_guardian_takes_the_crown_of_an_adjacent_opponent_for_one_move() -> None:
    game = arrange(islands=ROW, guardians=[(0, (1, 3)), (1, (2, 3))], carried={1: 0}, ground={HEART: 1})
    take = Action("take", 0, (2, 3))
    assert take in game.legal_moves()
    game.push(take)
    assert game.state.guardians[0].crown == 0 and game.state.guardians[1].crown == -1
    assert game.points()["move"] == 2
    ally = arrange(islands=ROW, guardians=[(0, (1, 3)), (0, (2, 3))], carried={1: 0}, ground={HEART: 1})
    assert Action("take", 0, (2, 3)) not in ally.legal_moves(), "only an opponent's crown is taken"


# --- rules 21 to 25: crowns ----------------------------------------------------------------------------------
def test_one_crown_at_start_and_a_second_appears_once_it_is_taken() -> None:
    assert IlyosGame.new({}, 0).crowns_in_play() == 1
    game = arrange(guardians=[(0, (4, 5))], ground={HEART: 0})
    game.push(Action("move", 0, HEART))
    assert game.state.guardians[0].crown == 0
    assert game.state.ground == {(5, 4): 1}, "at once, on the sanctuary's north arm: not under the carrier"
    assert game.crowns_in_play() == 2


def test_a_crown_pushed_off_the_heart_is_replaced_at_once() -> None:
    game = arrange(islands=[((7, 5), 0)], guardians=[(0, (4, 5))], ground={HEART: 0}, hand=["push"] * 4 + ["move"])
    game.push(Action("push", 0, HEART, 2))
    assert game.state.ground == {(7, 5): 0, HEART: 1}, "rule 33: the heart is empty and one crown is in play"


def test_a_carrier_cannot_stop_on_a_lying_crown_but_can_pass_over_it() -> None:
    game = arrange(islands=ROW, guardians=[(0, (1, 3))], carried={0: 0}, ground={(2, 3): 1})
    reach = game.reachable(0)
    assert (2, 3) not in reach and reach[(3, 3)] == 2
    free = arrange(islands=ROW, guardians=[(0, (1, 3))], ground={(2, 3): 1, HEART: 0})
    free.push(Action("move", 0, (2, 3)))
    assert free.state.guardians[0].crown == 1, "empty hands pick the crown up"



def test_a_pushed_carrier_never_stops_on_a_lying_crown() -> None:
    islands = [((1, 3), 0), ((3, 3), 0), ((5, 3), 0)]  # row y = 3 from x = 1 to 6; (7, 3) is void
    game = arrange({"anchored_carriers": False}, islands=islands, guardians=[(0, (1, 3)), (1, (2, 3))],
                   carried={1: 5}, ground={(4, 3): 6}, hand=["push"] * 4 + ["move"], stock={"push": 1})
    assert [m.amount for m in moves_of(game, "push", 0)] == [1, 3, 4, 5], "force 2 would stop it on the crown"
    game.push(Action("push", 0, (2, 3), 3))
    assert game.state.guardians[1].cell == (5, 3) and game.state.ground == {(4, 3): 6}, "pushed over it"

def test_a_replacement_crown_never_appears_under_a_carrier() -> None:
    # a carrier on the heart, the north arm taken by a guardian: the next crown appears on the south arm
    game = arrange(guardians=[(0, HEART), (1, (5, 4))], carried={0: 0})
    game.push(moves_of(game, "place")[0])
    assert game.state.ground == {(5, 6): 1} and game.crowns_in_play() == 2
    # every arm held by a guardian: no crown appears until the carrier leaves the heart
    arms = [(5, 4), (5, 6), (6, 5), (4, 5)]
    full = arrange(islands=[((6, 3), 0)], guardians=[(0, HEART), *[(1, arm) for arm in arms]], carried={0: 0},
                   hand=["move"] * 5)
    full.push(moves_of(full, "place")[0])
    assert full.state.ground == {} and full.crowns_in_play() == 1, "nowhere free: it waits"
    full.push(Action("move", 0, (6, 4)))  # a diagonal step off the heart
    assert full.state.ground == {HEART: 1}, "the carrier has left the heart: the crown appears there"
    # an empty-handed guardian on the heart picks up the crown that appears; the next one avoids it
    picker = arrange(guardians=[(0, HEART)])
    picker.push(moves_of(picker, "place")[0])
    assert picker.state.guardians[0].crown == 0 and picker.state.ground == {(5, 4): 1}


def test_a_crown_in_your_village_at_the_start_of_your_turn_scores_for_you_whoever_carries_it() -> None:
    # P1 (seat 0) pushes P2's carrier into P1's village NW: at the start of P1's next turn it scores for P1
    game = arrange(islands=[((2, 0), 0)], guardians=[(0, (3, 0)), (1, (2, 0))], carried={1: 0}, ground={HEART: 1},
                   hand=["push", "move", "move", "move", "magic"])
    game.push(Action("push", 0, (2, 0), 1))
    assert game.state.guardians[1].cell == (1, 0) and game.state.guardians[1].crown == 0
    _place_and_end(game)
    assert game.state.scores == [0, 0], "P2's turn: NW is not its village"
    game.push(moves_of(game, "place")[0])
    game.push(Action("end"))
    assert game.state.scores == [1, 0], "P1's turn starts with the crown in its village: P1 scores"
    assert game.state.guardians[1].cell == (1, 0) and game.state.guardians[1].crown == -1, "P2's guardian stays"


def test_in_two_versus_two_a_crown_scores_for_the_seat_whose_village_holds_it() -> None:
    # seat 0's village NW holds a crown carried by an opponent (seat 1) and one carried by its ally (seat 2)
    game = arrange({"mode": "2v2"}, guardians=[(1, (1, 0)), (2, (0, 1))], carried={0: 0, 1: 1}, placed=True, seat=3)
    game.push(Action("end"))  # seat 0's turn starts
    assert game.state.scores == [2, 0, 0, 0] and game.team_scores() == [2, 0]
    diagonal = arrange({"mode": "2v2", "team_diagonal": True}, guardians=[(1, (10, 10))], carried={0: 0},
                       placed=True, seat=1)
    diagonal.push(Action("end"))  # seat 2 (team 0, villages NW and SE) starts with an enemy carrier in SE
    assert diagonal.team_scores() == [1, 0]


def test_a_crown_scores_only_at_the_start_of_its_owners_turn() -> None:
    game = arrange(islands=[((1, 1), 0)], guardians=[(0, (1, 1))], carried={0: 0}, ground={HEART: 1}, placed=True)
    game.push(Action("move", 0, (1, 0)))
    assert game.state.scores == [0, 0], "bringing it home does not score at once"
    game.push(Action("end"))
    assert game.state.scores == [0, 0]
    _place_and_end(game)
    assert game.state.scores == [1, 0]
    assert game.state.guardians[0].cell == (1, 0), "rule 24: the guardian stays on its village"
    assert game.crowns_in_play() == 1 and game.state.ground == {HEART: 1}, "the validated crown left play"


def test_a_crown_put_down_in_the_village_scores_too() -> None:
    game = arrange(islands=[((1, 1), 0)], guardians=[(0, (1, 0))], carried={0: 0}, ground={HEART: 1}, placed=True)
    game.push(Action("drop", 0))
    assert game.state.ground[(1, 0)] == 0
    assert Action("drop", 0) not in game.legal_moves()
    game.push(Action("end"))
    _place_and_end(game)
    assert game.state.scores == [1, 0]


def test_the_sacrificed_guardian_option_removes_the_validating_guardian() -> None:
    game = arrange({"sacrificed_guardian": True}, guardians=[(0, (1, 0))], carried={0: 0}, ground={HEART: 1},
                   placed=True)
    game.push(Action("end"))
    _place_and_end(game)
    assert game.state.scores == [1, 0]
    assert 0 not in game.state.guardians


def test_three_validated_crowns_win() -> None:
    game = arrange(guardians=[(0, (1, 0))], carried={0: 0}, ground={HEART: 1}, placed=True)
    game.state.scores[0] = 2
    game.push(Action("end"))
    _place_and_end(game)
    outcome = game.outcome()
    assert outcome is not None and outcome.winners == {0} and "three" in outcome.reason.en


def test_passing_a_crown_between_allies_is_free_once_per_turn() -> None:
    game = arrange(islands=ROW, guardians=[(0, (1, 3)), (0, (2, 3))], carried={0: 0}, ground={HEART: 1})
    before = game.points()
    game.push(Action("give", 0, (2, 3)))
    assert game.state.guardians[1].crown == 0 and game.points() == before
    assert Action("give", 1, (1, 3)) not in game.legal_moves(), "no endless free passing"


# --- rules 20 and 12, options, errors -----------------------------------------------------------------------
def test_two_players_each_own_two_diagonal_villages() -> None:
    game = IlyosGame.new({}, 0)
    assert game.village_corners(0) == ("NW", "SE") and game.village_corners(1) == ("NE", "SW")
    seats = {v["corner"]: v["seats"] for v in game.view(None)["villages"]}
    assert seats == {"NW": [0], "NE": [1], "SE": [0], "SW": [1]}


@pytest.mark.parametrize(
    ("options", "field"),
    [({"mode": "solo"}, "mode"), ({"islands": 5}, "islands"), ({"guardians": 0}, "guardians"),
     ({"time_per_turn": 4}, "time_per_turn"), ({"team_diagonal": True}, "team_diagonal"), ({"colour": 1}, "colour"),
     ({"sacrificed_guardian": "yes"}, "sacrificed_guardian"), ({"size": 12}, "size"), ({"size": True}, "size"),
     ({"compensation": 6}, "compensation"), ({"take_cost": 0}, "take_cost"), ({"crowns": 1}, "crowns"),
     ({"village_refuge": 1}, "village_refuge"), ({"anchored_carriers": "yes"}, "anchored_carriers"),
     ({"escort": 1}, "escort"), ({"no_retake": None}, "no_retake"), ({"first_diagonal": "NW-NE"}, "first_diagonal")],
)
def test_bad_options_name_the_field(options: dict[str, object], field: str) -> None:
    with pytest.raises(FormatError, match=field):
        IlyosGame.new(options, 0)


def test_time_per_turn_accepts_1_2_3_5_minutes_and_is_shown() -> None:
    for minutes in (0, 1, 2, 3, 5):
        assert IlyosGame.new({"time_per_turn": minutes}, 0).view(0)["time_per_turn"] == minutes


def test_an_illegal_move_says_why_and_changes_nothing() -> None:
    game = IlyosGame.new({}, 0)
    before = game.position_hash()
    enemy = next(gid for gid, g in game.state.guardians.items() if g.owner == 1)
    with pytest.raises(IllegalMoveError, match=r"not yours|pas à vous"):
        game.push(Action("move", enemy, (5, 5)))
    with pytest.raises(IllegalMoveError):
        game.push(game.move_from_json({"kind": "push", "guardian": 0, "to": [1, 1]}))
    assert game.position_hash() == before


def test_a_move_refused_for_lack_of_cards_says_so() -> None:
    walker = arrange(islands=ROW, guardians=[(0, (1, 3))], hand=["move", "push", "push", "push", "magic"])
    with pytest.raises(IllegalMoveError, match=r"coûte 2, vous avez 1 déplacement|costs 2, you have 1 move"):
        walker.push(Action("move", 0, (3, 3)))
    game = arrange(islands=ROW, guardians=[(0, (1, 3)), (1, (2, 3))], hand=["move", "push", "push", "magic", "move"])
    with pytest.raises(IllegalMoveError, match=r"force 3, mais vous avez 2 poussée|force 3, but you have 2 push"):
        game.push(Action("push", 0, (2, 3), 3))
    with pytest.raises(IllegalMoveError, match=r"impossible dans cette position|not possible here"):
        game.push(Action("push", 0, (1, 4), 3))
    poor = arrange(islands=ROW, guardians=[(0, (1, 3))], hand=["move"] * 5)
    with pytest.raises(IllegalMoveError, match=r"aucune carte de ce type|no card of this kind"):
        poor.push(Action("magic", cell=(1, 3), amount=1))


def test_move_text_round_trips() -> None:
    game = IlyosGame.new({}, 2)
    for move in game.legal_moves():
        assert game.parse_move(game.move_text(move)) == move
    for bad in ("fly #1 z99", "place c4/0 now", "move #0 c2 c3", "drop #0 c2", "push #0 c2", "end turn", ""):
        with pytest.raises(IllegalMoveError, match=r"unreadable|illisible"):
            game.parse_move(bad)


def test_before_placing_no_rotation_may_leave_the_island_without_room() -> None:
    hand = ["magic", "move", "move", "move", "push"]
    full = arrange(guardians=[(0, (1, 0)), (1, (9, 0))], ground={HEART: 0}, hand=hand)
    _fill_board(full)
    islands = list(full.state.islands.items())
    refused = []
    for removed in islands:
        game = arrange(guardians=[(0, (1, 0)), (1, (9, 0))], ground={HEART: 0}, hand=hand,
                       islands=[item for item in islands if item != removed])
        if not game._placements(game.state):
            continue
        refused += [(game, Action("magic", cell=p, amount=q)) for p in game.state.islands for q in (1, 2, 3)
                    if game._rotation_fits(p, q) and Action("magic", cell=p, amount=q) not in game.legal_moves()]
    assert refused, "some rotation would have taken the last room for an island"
    game, magic = refused[0]
    game.push(next(m for m in game.legal_moves() if m.kind == "place"))
    assert magic in game.legal_moves() or not game._rotation_fits(magic.cell, magic.amount), \
        "once the island is placed, the rotation is allowed"


def test_the_team_playing_second_starts_with_two_banked_moves() -> None:
    duel = IlyosGame.new({}, 0)
    assert duel.state.players[0].stock == {"move": 0, "push": 0, "magic": 0}
    assert duel.state.players[1].stock == {"move": 2, "push": 1, "magic": 0}  # and a push: the default of R47
    four = IlyosGame.new({"mode": "2v2"}, 0)
    assert [p.stock["move"] for p in four.state.players] == [0, 2, 0, 2]
    for moves in (0, 1, 3):  # the visible "compensation" setup option
        game = IlyosGame.new({"compensation": moves}, 0)
        assert [p.stock["move"] for p in game.state.players] == [0, moves]
        assert game.view(0)["players"][1]["stock"]["move"] == moves and game.view(0)["options"]["compensation"] == moves


def test_the_second_seat_may_also_start_with_banked_pushes() -> None:
    """R47's finer unit: ``compensation_pushes`` puts pushes in the starting stock of P2 (and P4), beside the moves;
    the first team's stock stays empty, and a bad count is refused by name."""
    duel = IlyosGame.new({"compensation": 2, "compensation_pushes": 1}, 0)
    assert [p.stock for p in duel.state.players] == [{"move": 0, "push": 0, "magic": 0},
                                                     {"move": 2, "push": 1, "magic": 0}]
    assert duel.view(0)["players"][1]["stock"]["push"] == 1
    four = IlyosGame.new({"mode": "2v2", "compensation_pushes": 3}, 0)
    assert [p.stock["push"] for p in four.state.players] == [0, 3, 0, 3]
    for bad in (6, -1, True, "1"):
        with pytest.raises(FormatError) as refused:
            IlyosGame.new({"compensation_pushes": bad}, 0)
        assert "compensation_pushes" in str(refused.value)
    # a game saved before the option existed had no pushes banked
    assert stored_options({"size": 15})["compensation_pushes"] == 0


def test_the_board_size_option_scales_the_sanctuary_villages_and_setups() -> None:
    for size in board.SIZES:
        game = IlyosGame.new({"size": size}, 0)
        view = game.view(0)
        last = size - 1
        assert view["size"] == size and view["heart"] == [size // 2, size // 2]
        corners = {v["corner"]: sorted(map(tuple, v["cells"])) for v in view["villages"]}
        assert corners["SE"] == [(last - 1, last), (last, last - 1), (last, last)]
        assert all(0 <= c < size for g in view["guardians"] for c in g["cell"])
        assert game.parse_move(f"place {chr(ord('a') + last)}1/2") == Action("place", cell=(last, 0), amount=2)
    with pytest.raises(IllegalMoveError):
        IlyosGame.new({"size": 11}, 0).parse_move("place m1/2")  # column m is off an 11 × 11 board


def test_the_take_cost_option_prices_a_take() -> None:
    game = arrange({"take_cost": 2}, islands=ROW, guardians=[(0, (1, 3)), (1, (2, 3))], carried={1: 0},
                   ground={HEART: 1}, hand=["move", "move", "move", "push", "magic"])
    game.push(Action("take", 0, (2, 3)))
    assert game.points()["move"] == 1
    poor = arrange({"take_cost": 2}, islands=ROW, guardians=[(0, (1, 3)), (1, (2, 3))], carried={1: 0},
                   ground={HEART: 1}, hand=["move", "push", "push", "push", "magic"])
    assert Action("take", 0, (2, 3)) not in poor.legal_moves()
    with pytest.raises(IllegalMoveError, match=r"2 (move|déplacement)"):
        poor.push(Action("take", 0, (2, 3)))


def test_the_crowns_option_lets_three_crowns_circulate() -> None:
    game = arrange({"crowns": 3}, islands=ROW, guardians=[(0, (4, 5)), (1, (1, 3))], carried={1: 0},
                   ground={HEART: 1})
    game.push(Action("move", 0, HEART))
    assert game.crowns_in_play() == 3 and game.state.ground == {(5, 4): 2}


def test_the_village_refuge_option_protects_a_carrier_standing_in_its_own_village() -> None:
    options = {"village_refuge": True}
    home = arrange(options, islands=[((2, 0), 0)], guardians=[(0, (1, 0)), (1, (2, 0))], carried={0: 0},
                   ground={HEART: 1}, seat=1)
    assert Action("take", 1, (1, 0)) not in home.legal_moves(), "NW is seat 0's village"
    away = arrange(options, islands=[((8, 0), 1)], guardians=[(0, (9, 0)), (1, (8, 0))], carried={0: 0},
                   ground={HEART: 1}, seat=1)
    assert Action("take", 1, (9, 0)) in away.legal_moves(), "NE is not its village: it may be taken"


def test_the_anchored_carriers_option_never_pushes_a_carrier_into_the_void() -> None:
    islands = [((1, 3), 0), ((3, 3), 0)]  # row y = 3 from x = 1 to 4; (5, 3) is void
    line = [(0, (2, 3)), (1, (3, 3)), (1, (4, 3))]
    game = arrange({"anchored_carriers": True}, islands=islands, guardians=line, carried={2: 7},
                   ground={HEART: 8}, hand=["push"] * 4 + ["move"])
    assert moves_of(game, "push", 0) == [], "every force would drop the carrier at the front into the void"
    with pytest.raises(IllegalMoveError, match=r"Anchored carriers|Porteurs ancrés"):
        game.push(Action("push", 0, (3, 3), 1))
    assert game.state.guardians[2].crown == 7 and game.state.guardians[2].cell == (4, 3)
    empty_handed = arrange({"anchored_carriers": True}, islands=islands, guardians=line, carried={0: 7},
                           ground={HEART: 8}, hand=["push"] * 4 + ["move"])
    empty_handed.push(Action("push", 0, (3, 3), 1))
    assert 2 not in empty_handed.state.guardians, "a guardian without a crown still falls"
    walled = arrange({"anchored_carriers": True}, islands=[*islands, ((5, 3), 0)], guardians=line,
                     carried={2: 7}, ground={HEART: 8}, hand=["push"] * 4 + ["move"])
    assert [m.amount for m in moves_of(walled, "push", 0)] == [1, 2], "a carrier is pushed along land as before"


def test_the_escort_option_protects_a_carrier_beside_an_ally() -> None:
    escorted = arrange({"escort": True}, islands=ROW, guardians=[(0, (1, 3)), (1, (2, 3)), (1, (3, 3))],
                       carried={1: 0}, ground={HEART: 1})
    assert Action("take", 0, (2, 3)) not in escorted.legal_moves()
    with pytest.raises(IllegalMoveError, match=r"Escort|Escorte"):
        escorted.push(Action("take", 0, (2, 3)))
    alone = arrange({"escort": True}, islands=ROW, guardians=[(0, (1, 3)), (1, (2, 3)), (0, (3, 3))],
                    carried={1: 0}, ground={HEART: 1})
    assert Action("take", 0, (2, 3)) in alone.legal_moves(), "guardians of the taker's team escort nobody"
    unprotected = arrange({"escort": False}, islands=ROW, guardians=[(0, (1, 3)), (1, (2, 3)), (1, (3, 3))],
                          carried={1: 0}, ground={HEART: 1})
    assert Action("take", 0, (2, 3)) in unprotected.legal_moves(), "without the option an escort protects nothing"


def test_the_no_retake_option_keeps_a_taken_crown_from_being_taken_back_at_once() -> None:
    options = {"no_retake": True}
    game = arrange(options, islands=ROW, guardians=[(0, (1, 3)), (1, (2, 3))], carried={1: 0}, ground={HEART: 1})
    game.push(Action("take", 0, (2, 3)))
    assert game.view(None)["truce"] == {"now": [], "next_turn": [0]}
    _place_and_end(game)
    assert game.to_move() == 1 and Action("take", 1, (1, 3)) not in game.legal_moves()
    with pytest.raises(IllegalMoveError, match=r"No immediate retake|Pas de reprise"):
        game.push(Action("take", 1, (1, 3)))
    _place_and_end(game)
    _place_and_end(game)
    assert game.view(None)["truce"]["now"] == [], "the truce ends when the taking team has played again"
    assert Action("take", 1, (1, 3)) in game.legal_moves()
    plain = arrange({"no_retake": False}, islands=ROW, guardians=[(0, (1, 3)), (1, (2, 3))], carried={1: 0}, ground={HEART: 1})
    plain.push(Action("take", 0, (2, 3)))
    _place_and_end(plain)
    assert Action("take", 1, (1, 3)) in plain.legal_moves(), "without the option a crown is taken back at once"
    assert "truce" not in plain.view(None)


@pytest.mark.parametrize("mode", [{}, {"mode": "2v2"}, {"mode": "2v2", "team_diagonal": True}])
def test_the_first_diagonal_option_is_the_mirror_image_of_the_board(mode: dict[str, object]) -> None:
    plain = IlyosGame.new(mode, 3)
    mirrored = IlyosGame.new({**mode, "first_diagonal": "NE-SW"}, 3)
    for seat in range(plain.num_players):
        assert mirrored.village_corners(seat) == tuple(
            {"NW": "NE", "NE": "NW", "SE": "SW", "SW": "SE"}[c] for c in plain.village_corners(seat))
    last = plain.geo.size - 1
    starts = sorted((g.owner, g.cell) for g in plain.state.guardians.values())
    mirrored_starts = sorted((g.owner, (last - g.cell[0], g.cell[1])) for g in mirrored.state.guardians.values())
    assert mirrored_starts == starts, "each seat starts in its own villages, mirrored"
    for g in mirrored.state.guardians.values():
        assert g.cell in mirrored.validation[g.owner]


def test_the_default_setup_is_the_page_with_its_silences_filled() -> None:
    game = IlyosGame.new({}, 0)  # docs/rules/ilyos.md §14: rule 15 holds as written, no narrowing variant on
    assert game.geo.size == 15 and game.anchored and not game.escort and not game.village_refuge
    assert not game.no_retake and (game.options["compensation"], game.take_cost, game.max_crowns) == (2, 1, 2)
    assert game.view(None)["size"] == 15 and game.options["first_diagonal"] == "NW-SE"
