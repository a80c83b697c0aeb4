"""The engine's fast paths agree with the plain rules: states shared by copy-on-write never change once
played past, the island memo follows every placement and rotation, and the placements and rotations
computed on bit masks are those a direct reading of rules 2, 10 and 31 gives."""

from __future__ import annotations

import json
from typing import Any

import pytest

from meeple.core.rng import make_rng
from meeple.games.ilyos import ai, board
from meeple.games.ilyos.engine import Action, IlyosGame, _shape_table

OPTIONS: list[dict[str, Any]] = [
    {},
    {"mode": "2v2", "sacrificed_guardian": True},
    {"size": 15, "village_refuge": True, "crowns": 3, "islands": 12},
    {"mode": "2v2", "team_diagonal": True, "size": 13, "take_cost": 2},
    {"size": 15, "anchored_carriers": True, "escort": True, "no_retake": True, "compensation": 3},
]


def _snapshot(game: IlyosGame) -> str:
    game.state.json_cache = None  # computed afresh from the state's dictionaries
    return json.dumps(game.position_json(), sort_keys=True)


def _plain_placements(game: IlyosGame) -> list[Action]:
    """Rule 31 read directly: over void, inside the board, touching land (in the table's order)."""
    land = set(game.geo.fixed_land) | set(game.state.cells)
    return [action for action, cells, around in _shape_table(game.geo.size)
            if not any(c in game.state.cells for c in cells) and any(n in land for n in around)]


def _plain_rotations(game: IlyosGame) -> list[Action]:
    """Rules 10 and 2 read directly: the turned island fits; before placing, an island still fits."""
    found = []
    for pivot in sorted(game.state.islands):
        for quarter in (1, 2, 3, 4):
            turned = board.island_cells(pivot, game.state.islands[pivot] + quarter)
            if not game.island_fits(turned, pivot=pivot):
                continue
            trial = game.copy()
            trial._rotate(trial.state, pivot, quarter)
            if game.state.placed or quarter == 4 or _plain_placements(trial):
                found.append(Action("magic", cell=pivot, amount=quarter))
    return found


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "default")
def test_random_play_keeps_past_states_intact_and_the_fast_paths_exact(options: dict[str, Any]) -> None:
    game = IlyosGame.new(options, 11)
    rng = make_rng(5)
    snapshots = [_snapshot(game)]
    while not game.is_over() and len(snapshots) < 160:
        islands, taken = game.islands_memo()
        assert islands == frozenset(game.state.islands.items())
        assert taken == game.geo.mask(game.state.cells)
        legal = game.legal_moves()
        assert [m for m in legal if m.kind == "place"] == (_plain_placements(game) if not game.state.placed else [])
        if game.points()["magic"]:
            assert [m for m in legal if m.kind == "magic"] == _plain_rotations(game)
        useful = [m for m in legal if m.kind != "end"] if rng.random() < 0.8 else legal
        game.push(rng.choice(useful or legal))
        snapshots.append(_snapshot(game))
    while len(snapshots) > 1:  # every earlier position is exactly as it was when it was played
        snapshots.pop()
        game.pop()
        assert _snapshot(game) == snapshots[-1]


@pytest.mark.parametrize("options", OPTIONS[:3], ids=["default", "2v2", "size15"])
def test_a_placement_weighed_without_its_island_gets_the_value_of_the_played_placement(
        options: dict[str, Any]) -> None:
    game = IlyosGame.new(options, 4)
    rng = make_rng(2)
    checked = 0
    while not game.is_over() and checked < 60:
        seat = game.to_move()
        assert seat is not None
        places = [m for m in game.legal_moves() if m.kind == "place"]
        for move in places[:: max(1, len(places) // 6)]:
            preview = game.pieces_after_placement(move)
            game.push(move)
            played = ai.evaluate(game, seat)
            game.pop()
            if preview is not None:
                state, game.state = game.state, preview
                assert ai.evaluate(game, seat) == played, game.move_text(move)
                game.state = state
                checked += 1
        game.push(rng.choice(game.legal_moves()))
    assert checked >= 20


def test_positions_kept_by_a_search_are_pushed_again_without_replaying() -> None:
    game = IlyosGame.new({}, 3)
    rng = make_rng(1)
    moves, states = [], []
    for _ in range(6):
        move = rng.choice([m for m in game.legal_moves() if m.kind != "end"] or game.legal_moves())
        game.push(move)
        moves.append(move)
        states.append(game.state)
    end = _snapshot(game)
    for _ in moves:
        game.pop()
    start = _snapshot(game)
    game.push_reached(moves, states)
    assert _snapshot(game) == end and list(game.move_stack[-6:]) == moves
    for _ in moves:
        game.pop()
    assert _snapshot(game) == start
    with pytest.raises(ValueError, match="one position per move"):
        game.push_reached(moves, states[:-1])
