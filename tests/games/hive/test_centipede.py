"""The Centipede: one test per sentence of the seed page and per decision of docs/rules/hive.md.

Positions are built from UHP move lists played from the start (every move legal). Cells are axial
(q, r): east (1, 0), south-east (0, 1); the first piece stands at (0, 0).
"""

from __future__ import annotations

import pytest

from meeple.core.errors import IllegalMoveError
from meeple.games.hive.board import articulation_points
from tests.games.hive.helpers import build, moves_of, targets_of, where

# wC (0,0) between wQ (-1,0) and bA1 (1,0); bQ (2,0). White to move; wC is an articulation point.
LINE = ["wC", "bA1 wC-", "wQ -wC", "bQ bA1-"]


def test_movement_1_swaps_with_adjacent_single_pieces_of_either_colour() -> None:
    game = build("Base+C", LINE)
    assert moves_of(game, "wC") == {"wC wQ", "wC bA1"}
    game.push(game.parse_move("wC bA1"))
    assert where(game, "wC") == (1, 0)
    assert where(game, "bA1") == (0, 0)


def test_movement_1_must_swap_while_a_single_piece_touches_it() -> None:
    # wC touches wQ and bA1 (single pieces) and has empty cells around: it still may not slide.
    game = build("Base+C", LINE)
    assert all(swap == 1 for _, _, swap in targets_of(game, "wC"))


def test_movement_2_no_swap_with_a_stacked_piece_nor_a_whole_stack() -> None:
    # wB1 climbs on wQ at (0,-1), next to wC: that stack is a barrier; only bA1 can be swapped.
    game = build(
        "Base+C",
        ["wC", "bA1 wC-", "wQ \\wC", "bQ bA1-", "wB1 -wC", "bA2 bQ-", "wB1 wQ", "bA3 bA2-"],
    )
    assert moves_of(game, "wC") == {"wC bA1"}
    for text in ("wC wB1", "wC wQ"):
        with pytest.raises(IllegalMoveError):
            game.push(game.parse_move(text))


# wC (-2,0) touches only the stack wQ+wB1 at (-1,0): it slides one space along the hive's edge.
ONLY_STACKS = [
    "wA1", "bA1 wA1-", "wQ -wA1", "bQ bA1-", "wC -wQ",
    "bB1 bQ-", "wB1 /wA1", "bG1 bB1-", "wB1 wQ", "bG2 bG1-",
]


def test_movement_3_slides_one_space_when_it_touches_only_stacks() -> None:
    game = build("Base+C", ONLY_STACKS)
    assert targets_of(game, "wC") == {(-1, -1, 0), (-2, 1, 0)}


def test_movement_4_never_climbs() -> None:
    game = build("Base+C", ONLY_STACKS)
    occupied = {(q, r) for q, r, _ in targets_of(game, "wC")} & {where(game, "wB1")}
    assert occupied == set()
    with pytest.raises(IllegalMoveError):
        game.push(game.parse_move("wC wB1"))


def test_movement_5_a_covered_centipede_is_pinned() -> None:
    game = build(
        "Base+C",
        ["wC", "bA1 wC-", "wQ -wC", "bQ bA1-", "wB1 \\wC", "bA2 bQ-", "wB1 wC", "bA3 bA2-"],
    )
    assert moves_of(game, "wC") == set()
    with pytest.raises(IllegalMoveError):
        game.push(game.parse_move("wC wB1"))


def test_movement_6_a_swap_cannot_break_the_hive() -> None:
    # In LINE, wC holds the hive together (wQ - wC - bA1 - bQ), yet it swaps.
    game = build("Base+C", LINE)
    assert game.state.board.where[game.game_type.piece_named("wC").id] in articulation_points(game.state.board.stacks)  # type: ignore[union-attr]
    assert moves_of(game, "wC") == {"wC wQ", "wC bA1"}


def test_movement_6_a_slide_obeys_the_one_hive_rule() -> None:
    # The stack wB2-on-wG1 at (-3,0) hangs on wC alone: wC touches only stacks but may not slide.
    extra = ["wG1 -wC", "bG3 bG2-", "wB2 \\wG1", "bA2 bG3-", "wB2 wG1", "bA3 bA2-"]
    game = build("Base+C", [*ONLY_STACKS, *extra])
    assert game.state.board.height(game.state.board.where[game.game_type.piece_named("wG1").id]) == 2  # type: ignore[union-attr]
    assert moves_of(game, "wC") == set()


def test_exception_1_swapped_centipede_may_not_swap_straight_back() -> None:
    game = build("Base+C", ["wC", "bC wC-", "wQ -wC", "bQ bC-", "wC bC"])
    assert where(game, "wC") == (1, 0)
    assert moves_of(game, "bC") == {"bC wQ"}
    with pytest.raises(IllegalMoveError):
        game.push(game.parse_move("bC wC"))


def test_exception_1_only_on_the_very_next_move() -> None:
    game = build("Base+C", ["wC", "bC wC-", "wQ -wC", "bQ bC-", "wC bC", "bA1 bQ-", "wA1 -wQ"])
    assert "bC wC" in moves_of(game, "bC")


def test_exception_1_also_binds_a_swapped_mosquito_acting_as_centipede() -> None:
    game = build("Base+MC", ["wC", "bM wC-", "wQ -wC", "bQ bM-", "wC bM"])
    assert moves_of(game, "bM") == {"bM ~wQ"}  # may swap as a Centipede, just not back with wC
    with pytest.raises(IllegalMoveError):
        game.push(game.parse_move("bM ~wC"))


# --- decisions (docs/rules/hive.md, rules C1-C9) -----------------------------------------------
def test_decision_swap_needs_no_freedom_to_slide() -> None:
    # wA1 (1,-1) and bA2 (0,1) close the gate between wC (0,0) and bA1 (1,0): the swap is still legal.
    game = build("Base+C", ["wC", "bA1 wC-", "wQ -wC", "bQ bA1-", "wA1 -wQ", "bA2 bQ-", "wA1 wC/", "bA2 wC\\"])
    assert "wC bA1" in moves_of(game, "wC")


RING = [
    "wC", "bA1 wC-", "wQ -wC", "bQ bA1-", "wA1 -wQ", "bP bA1\\",
    "wA1 wC/", "bP wC\\", "wB1 \\wC", "bG1 bQ-",
]


def test_decision_pillbug_may_not_move_a_piece_just_swapped() -> None:
    game = build("Base+PC", [*RING, "wC wB1"])  # wB1 lands on (0,0), next to bP, hive intact without it
    assert where(game, "wB1") == (0, 0)
    assert moves_of(game, "wB1") == set()
    game.push(game.parse_move("bG2 bG1-"))
    game.push(game.parse_move("wG1 \\wC"))
    assert len(moves_of(game, "wB1")) == 4  # a move later the Pillbug may throw it


def test_decision_a_swapped_piece_is_not_frozen() -> None:
    # A piece swapped by the opponent may move on its owner's next turn (here: to swap with wQ).
    game = build("Base+C", ["wC", "bC wC-", "wQ -wC", "bQ bC-", "wC bC"])
    assert game.state.frozen(1) == set()
    assert moves_of(game, "bC") == {"bC wQ"}


def test_decision_mosquito_copies_the_centipede_on_the_ground_only() -> None:
    game = build("Base+MC", ["wC", "bM wC-", "wQ -wC", "bQ bM-", "wM -wQ", "bA1 bQ-"])
    # wM (-2,0) touches only wQ: no Centipede to copy, so no swap.
    assert all(swap == 0 for _, _, swap in targets_of(game, "wM"))
    game.push(game.parse_move("wC bM"))  # wC to (1,0), bM to (0,0) next to wQ and wC
    game.push(game.parse_move("bM ~wQ"))  # the black Mosquito swaps as a Centipede
    assert where(game, "bM") == (-1, 0)
    assert where(game, "wQ") == (0, 0)


def test_decision_swap_with_a_queen_is_allowed() -> None:
    game = build("Base+C", LINE)
    game.push(game.parse_move("wC wQ"))
    assert where(game, "wQ") == (0, 0)
    assert where(game, "wC") == (-1, 0)


def test_decision_notation_writes_a_swap_as_the_partner() -> None:
    game = build("Base+C", LINE)
    move = game.parse_move("wC bA1")
    assert move[2] == 1
    assert game.move_to_json(move) == {"piece": "wC", "to": [1, 0], "swap": True}
    assert game.move_text(move) == "wC bA1"


def test_decision_one_centipede_per_player_written_C() -> None:
    game = build("Base+C", [])
    names = sorted(piece.name for piece in game.game_type.pieces if piece.bug == "C")
    assert names == ["bC", "wC"]


def test_decision_no_swap_before_the_queen_is_placed() -> None:
    game = build("Base+C", ["wC", "bA1 wC-", "wA1 -wC", "bQ bA1-"])
    assert moves_of(game, "wC") == set()  # wC touches wA1 and bA1, but wQ is still in hand


def test_decision_a_centipede_may_be_placed_on_the_first_turn() -> None:
    game = build("Base+C", ["wC"])
    assert "bC wC-" in moves_of(game, "bC")


def test_decision_a_pillbug_may_throw_a_centipede() -> None:
    game = build("Base+PC", ["wP", "bA1 wP-", "wQ -wP", "bQ bA1-", "wC \\wP", "bA2 bQ-"])
    swaps = {(0, 0, 1), (-1, 0, 1)}  # wC at (0,-1) must swap with wP or wQ by itself…
    throws = {(1, -1, 0), (0, 1, 0), (-1, 1, 0)}  # …and wP may lift it over to an empty cell
    assert targets_of(game, "wC") == swaps | throws


# --- second pass: an adversarial audit, one position per corner of the seed and the decisions ------
def test_exception_1_binds_the_swapped_centipede_when_a_mosquito_made_the_swap() -> None:
    # bM (copying wC) swaps with wC: on White's next move wC may not swap straight back with bM.
    game = build("Base+MC", ["wC", "bM wC-", "wQ -wC", "bQ bM-", "wA1 -wQ", "bM ~wC"])
    assert where(game, "wC") == (1, 0)
    assert moves_of(game, "wC") == {"wC bQ"}


def test_exception_1_does_not_bind_a_swap_with_ones_own_mosquito() -> None:
    # wC swaps with its own wM; White's next move is two plies later: wM may swap back with wC.
    game = build(
        "Base+MC",
        ["wC", "bA1 wC-", "wQ -wC", "bQ bA1-", "wM \\wC", "bA2 bQ-", "wC wM", "bA3 bA2-"],
    )
    assert moves_of(game, "wM") == {"wM ~wC", "wM ~wQ", "wM ~bA1"}


def test_decision_a_centipede_may_swap_with_the_piece_just_moved() -> None:
    # bA2 has just run next to wC: the Pillbug's "not the last moved piece" is the Pillbug's rule only.
    game = build(
        "Base+C",
        ["wC", "bA1 wC-", "wQ -wC", "bQ bA1-", "wA1 -wQ", "bA2 bQ-", "wA2 -wA1", "bA2 wC\\"],
    )
    assert moves_of(game, "wC") == {"wC bA2", "wC bA1", "wC wQ"}


def test_decision_a_piece_thrown_by_the_pillbug_cannot_be_swapped() -> None:
    # Black's Pillbug has just thrown wA1 next to wC: wC swaps with any other single neighbour only.
    game = build(
        "Base+PC",
        [
            "wC", "bP -wC", "wA1 wC\\", "bQ -bP", "wA2 wA1-", "bB1 -bQ", "wQ wA2/",
            "bB2 \\bB1", "wQ wC-", "bC \\bP", "wB1 wA1\\", "bG1 \\bC", "wC bP", "wA1 wC\\",
        ],
    )
    assert where(game, "wA1") == (-1, 1) and moves_of(game, "wA1") == set()
    assert moves_of(game, "wC") == {"wC bQ", "wC bP", "wC bC"}
    with pytest.raises(IllegalMoveError):
        game.push(game.parse_move("wC wA1"))


def test_decision_no_move_when_every_single_neighbour_is_forbidden() -> None:
    # wC has just swapped with bC; bC touches no other single piece: it may neither swap nor slide.
    game = build(
        "Base+PC",
        [
            "wP", "bP \\wP", "wC /wP", "bC -bP", "wA1 wP-", "bB1 /bC", "wQ wA1\\", "bQ -bB1",
            "wC bP-", "bB2 -bQ", "wB1 wP\\", "bG1 \\bC", "wP bB1-", "bC bP", "wB2 wQ\\",
            "bA1 /bG1", "wB1 wA1", "bG2 -bA1", "bB1 wP\\", "bG3 bQ\\", "wC bC",
        ],
    )
    assert moves_of(game, "bC") == set()


def test_decision_a_swap_can_surround_the_rival_queen() -> None:
    # wC (-2,2) touches six single pieces; swapping with bQ (-1,1) drops her into that full ring.
    game = build(
        "Base+C",
        [
            "wC", "bB1 /wC", "wB1 wC/", "bC /bB1", "wQ \\wB1", "bS1 /bC", "wA1 wQ/", "bQ -bB1",
            "wB2 wQ-", "bA1 \\bQ", "wB2 wA1", "bG1 bC-", "wC bB1", "bB2 /bQ", "wG1 wB2/",
            "bS2 bS1-", "wC bC", "bC bQ",
        ],
    )
    game.push(game.parse_move("wC bQ"))
    outcome = game.outcome()
    assert outcome is not None and outcome.winners == {0}
    assert game.legal_moves() == []


def test_decision_a_mosquito_on_top_never_swaps() -> None:
    # wM sits on wB1 next to the single wC: it moves as a Beetle (it may climb onto wC), never swaps.
    game = build(
        "Base+MC",
        ["wC", "bC wC\\", "wB1 \\wC", "bM bC-", "wM \\wB1", "bS1 bM/", "wQ wB1-", "bQ bS1/", "wM wB1", "bM ~bC"],
    )
    assert "wM wC" in moves_of(game, "wM")
    assert all(swap == 0 for _, _, swap in targets_of(game, "wM"))


def test_decision_a_mosquito_cannot_copy_a_covered_centipede() -> None:
    # wB1 covers wC; wM touches that stack and the single wQ, but no uncovered Centipede.
    game = build(
        "Base+MC",
        ["wC", "bA1 \\wC", "wM wC-", "bS1 bA1/", "wB1 wC\\", "bC -bA1", "wQ wM-", "bQ /bC", "wB1 wC", "bB1 /bQ"],
    )
    assert moves_of(game, "wM") == set()
    with pytest.raises(IllegalMoveError):
        game.push(game.parse_move("wM ~wQ"))


def test_movement_3_the_slide_keeps_the_freedom_to_move() -> None:
    # wC (0,0) touches only the stacks bB1/bA1 (1,-1) and wB1/wQ (0,1): it may slide along them, but
    # not east into the hole (1,0), whose way in passes between those two stacks (a closed gate).
    game = build(
        "Base+C",
        [
            "wC", "bA1 wC/", "wQ wC\\", "bQ bA1-", "wB1 /wQ", "bG1 bQ\\",
            "wB1 wQ", "bB1 \\bA1", "wA1 wB1\\", "bB1 bA1", "wA1 /bG1", "bA2 bQ/",
        ],
    )
    assert targets_of(game, "wC") == {(0, -1, 0), (-1, 1, 0)}
    with pytest.raises(IllegalMoveError):
        game.push(game.parse_move("wC /bQ"))
