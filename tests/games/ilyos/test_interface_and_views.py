"""What the browser and the server rely on: click targets, time-outs, views that hide the cards, records."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from meeple.core.rng import make_rng
from meeple.games.ilyos import board, interface
from meeple.games.ilyos.engine import KINDS, MAX_TEAM_GUARDIANS, STOCK_CAP, Action, IlyosGame
from tests.games.ilyos.helpers import arrange

ROW = [((1, 3), 0), ((3, 3), 0), ((5, 2), 1)]
MODES: list[dict[str, Any]] = [{}, {"mode": "2v2"}, {"mode": "2v2", "team_diagonal": True},
                               {"size": 13, "crowns": 3, "village_refuge": True, "take_cost": 2},
                               {"size": 15, "mode": "2v2", "crowns": 3, "compensation": 3},
                               {"size": 13, "anchored_carriers": True, "escort": True, "village_refuge": True},
                               {"mode": "2v2", "team_diagonal": True, "anchored_carriers": True, "no_retake": True,
                                "first_diagonal": "NE-SW"}]

ELEVEN = board.geometry(11)
"""The 11 × 11 board the hand-built positions of these tests are written for."""
HEART = ELEVEN.heart


def _by_cell(targets: list[Any]) -> dict[tuple[int, ...], Any]:
    return {tuple(t["cell"]): t for t in targets}


def test_targets_give_each_cell_its_action_cost_and_forces() -> None:
    game = arrange(islands=ROW, guardians=[(0, (2, 3)), (1, (3, 3))], carried={1: 0}, ground={HEART: 1},
                   hand=["move", "move", "push", "push", "magic"])
    cells = _by_cell(interface.targets(game, 0))
    assert cells[(1, 3)]["primary"] == "move"
    assert cells[(1, 3)]["actions"] == [{"action": "move", "cost": 1, "move": {"kind": "move", "guardian": 0,
                                                                            "to": [1, 3]}}]
    assert cells[(1, 4)]["actions"][0]["cost"] == 2
    enemy = cells[(3, 3)]
    assert enemy["primary"] == "take"
    kinds = [a["action"] for a in enemy["actions"]]
    assert kinds == ["take", "push"]
    push = enemy["actions"][1]
    assert push["forces"] == [1, 2]
    assert push["moves"]["2"] == {"kind": "push", "guardian": 0, "to": [3, 3], "force": 2}
    assert interface.targets(game, 1) == [], "an opponent's guardian offers nothing"


def test_abandoning_a_selection_spends_nothing() -> None:
    game = arrange(islands=ROW, guardians=[(0, (2, 3))], carried={0: 0}, ground={HEART: 1})
    before, points = game.position_hash(), game.points()
    chosen = interface.selection(game, 0)
    assert chosen["cancel"] == [2, 3], "clicking the start cell again leaves the action (rule 15)"
    assert chosen["drop"] == {"kind": "drop", "guardian": 0}
    interface.magic_targets(game, (1, 3))
    interface.placement_targets(game)
    assert game.position_hash() == before and game.points() == points
    game.push(game.move_from_json(interface.targets(game, 0)[0]["actions"][0]["move"]))
    assert game.points()["move"] < points["move"], "only the move finally sent spends a card"


def test_magic_targets_for_a_clicked_island_cell() -> None:
    game = arrange(islands=[((2, 3), 0)], guardians=[(0, (3, 3))], hand=["magic", "move", "move", "move", "push"])
    degrees = [t["degrees"] for t in interface.magic_targets(game, (3, 3))]
    assert degrees == [90, 180, 270, 360]
    assert interface.magic_targets(game, HEART) == [], "the sanctuary never turns"


def test_timeout_places_an_island_if_needed_then_ends_the_turn() -> None:
    game = IlyosGame.new({"time_per_turn": 1}, 11)
    twin = IlyosGame.new({"time_per_turn": 1}, 11)
    planned = game.timeout_moves()
    assert [m.kind for m in planned] == ["place", "end"]
    assert twin.timeout_moves() == planned, "deterministic given the seed"
    assert game.apply_timeout() == planned
    assert game.to_move() == 1 and game.move_stack[-2:] == planned
    game.push(next(m for m in game.legal_moves() if m.kind == "place"))
    assert game.timeout_moves() == [Action("end")], "an island already placed: the turn just ends"


def test_no_view_reveals_other_hands_or_deck_order() -> None:
    for options in MODES:
        game = IlyosGame.new(options, 4)
        rng = make_rng(4)
        for _ in range(40):
            game.push(rng.choice(game.legal_moves()))
            for seat in [None, *range(game.num_players)]:
                view = game.view(seat)
                assert "secret" not in view and "deck" not in json.dumps(view).replace("deck_size", "")
                if seat is None:
                    continue
                other = game.determinize(seat, make_rng(rng.randrange(1000)))
                assert other.view(seat) == view, "re-dealing what the seat cannot see changes nothing it sees"


def test_determinize_re_deals_hidden_cards_consistently() -> None:
    game = IlyosGame.new({}, 8)
    game.push(next(m for m in game.legal_moves() if m.kind == "place"))
    game.push(Action("end"))
    hidden_before = game.state.players[0].deck
    seen = {tuple(game.determinize(1, make_rng(k)).state.players[0].deck) for k in range(20)}
    assert len(seen) > 1, "deck order is re-drawn"
    for deck in seen:
        assert sorted(deck) == sorted(hidden_before), "from the same cards"
    mine = game.determinize(1, make_rng(3)).state.players[1]
    assert sorted(mine.hand) == sorted(game.state.players[1].hand), "a seat keeps its own hand"


def test_view_has_what_the_browser_draws() -> None:
    game = IlyosGame.new({"mode": "2v2", "team_diagonal": True}, 1)
    view = game.view(0)
    for key in ("islands", "guardians", "crowns", "villages", "sanctuary", "scores", "team_scores", "to_move",
                "last_move", "outcome", "hand", "points", "players", "placed", "time_per_turn"):
        assert key in view
    assert view["hand"] is not None and len(view["hand"]["cards"]) == 5
    assert game.view(1)["hand"] == {"cards": [], "left": {k: 0 for k in KINDS}}
    assert game.view(None)["hand"] is None
    json.dumps(view)


def test_a_record_made_mid_turn_resumes_the_same_game() -> None:
    game = IlyosGame.new({}, 21)
    rng = make_rng(21)
    for _ in range(30):
        game.push(rng.choice(game.legal_moves()))
    again = IlyosGame.from_record(json.loads(json.dumps(game.record())))
    assert again.position_json() == game.position_json()


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), mode=st.sampled_from(MODES), plies=st.integers(1, 120))
def test_random_play_keeps_the_invariants(seed: int, mode: dict[str, Any], plies: int) -> None:
    game = IlyosGame.new(mode, seed)
    rng = make_rng(seed)
    for _ in range(plies):
        if game.is_over():
            break
        move = rng.choice(game.legal_moves())
        if move.kind == "take":
            taken = game.state.guardians[game.state.at[move.cell]].crown
            assert taken not in game.state.truce, "R51: a crown just taken is not taken back at once"
        game.push(move)
        state = game.state
        cells = [g.cell for g in state.guardians.values()]
        assert len(set(cells)) == len(cells) and all(game.is_land(c) for c in cells)
        for team in (0, 1):
            assert game.team_guardians(team) <= MAX_TEAM_GUARDIANS
        assert game.crowns_in_play() <= game.max_crowns
        assert all(c in state.cells for c in state.ground if c not in game.geo.fixed_land)
        assert not any(g.crown >= 0 and g.cell in state.ground for g in state.guardians.values()), \
            "seed 22: a carrier never stands on a lying crown (nor does one appear under it)"
        if game.anchored:
            assert state.next_crown == game.crowns_in_play() + sum(game.team_scores()), \
                "R49: with anchored carriers no crown is ever lost"
        for player in state.players:
            assert all(0 <= n <= STOCK_CAP for n in player.stock.values())
            assert len(player.deck) + len(player.discard) + len(player.hand) == 13


def test_placement_targets_group_orientations_by_pivot() -> None:
    game = IlyosGame.new({}, 2)
    spots = interface.placement_targets(game)
    places = [m for m in game.legal_moves() if m.kind == "place"]
    assert sum(len(s["orientations"]) for s in spots) == len(places)
    game.push(places[0])
    assert interface.placement_targets(game) == [], "one island per turn"


def test_selecting_someone_elses_guardian_offers_nothing() -> None:
    game = arrange(islands=ROW, guardians=[(0, (2, 3)), (1, (3, 3))])
    assert interface.selection(game, 1) == {"guardian": 1, "targets": [], "drop": None, "cancel": None}
    assert interface.selection(game, 42)["targets"] == []


def test_guardians_are_numbered_1_to_6_within_each_team_and_keep_their_number() -> None:
    game = IlyosGame.new({"guardians": 3}, 7)
    guardians = game.view(0)["guardians"]
    for team in (0, 1):
        assert sorted(g["number"] for g in guardians if g["team"] == team) == [1, 2, 3]
    game.push(next(move for move in game.legal_moves() if move.kind == "place"))  # a new guardian for P1
    after = {g["id"]: g["number"] for g in game.view(0)["guardians"]}
    assert all(after[g["id"]] == g["number"] for g in guardians)  # the others keep theirs
    new = set(after) - {g["id"] for g in guardians}
    assert [after[gid] for gid in new] == [4]
