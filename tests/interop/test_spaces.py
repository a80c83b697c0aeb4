"""The fixed action spaces: one id per legal move, ids that decode back, errors that keep the engine's reason."""

from __future__ import annotations

from typing import Any

import pytest

from meeple.core.errors import IllegalMoveError
from meeple.core.i18n import set_language
from meeple.core.rng import make_rng
from tests.interop.helpers import CONFIGS, new_game, played

np = pytest.importorskip("numpy")
from meeple.interop.spaces import ILYOS_NUM_ACTIONS, ILYOS_OFFSETS, space_for  # noqa: E402


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=[f"{n}-{i}" for i, (n, _) in enumerate(CONFIGS)])
def test_every_legal_move_has_one_id_that_decodes_back(name: str, options: dict[str, Any]) -> None:
    game = new_game(name, options)
    space = space_for(game)
    rng = make_rng(3)
    for _ in range(25):
        legal = space.legal(game)
        assert len(legal) == len(game.legal_moves())  # no two moves share an id
        assert list(legal) == sorted(legal) and all(0 <= a < space.num_actions for a in legal)
        for action, move in legal.items():
            assert game.move_key(space.decode(game, action, legal)) == game.move_key(move)
        seat = game.to_move()
        observation = space.observe(game, 0 if seat is None else seat)
        assert observation.shape == space.observation_shape and observation.dtype == np.float32
        assert space.observation_low <= observation.min() and observation.max() <= space.observation_high
        if not legal:
            break
        game.push(legal[rng.choice(list(legal))])


def test_an_id_outside_the_space_is_refused_by_its_range() -> None:
    game = new_game("stealth", {"level": "1-1"})
    space = space_for(game)
    set_language("en")
    with pytest.raises(IllegalMoveError, match=f"outside 0..{space.num_actions - 1}"):
        space.decode(game, space.num_actions)
    with pytest.raises(IllegalMoveError):
        space.decode(game, -1)


def test_an_illegal_id_carries_the_engines_reason_and_changes_nothing() -> None:
    game = new_game("hive", {"game_type": "Base"})
    space = space_for(game)
    game.push(game.parse_move("wS1"))
    before = game.position_hash()
    queen = game.game_type.piece_named("bQ").id
    spider = game.game_type.piece_named("wS1").id
    set_language("en")
    with pytest.raises(IllegalMoveError, match="the Queen may not be placed on the first turn"):
        space.decode(game, (queen * space.pieces + spider) * 8 + 0)
    assert game.position_hash() == before and len(game.move_stack) == 1


def test_an_id_naming_no_move_here_says_so() -> None:
    game = new_game("hive", {"game_type": "Base"})
    space = space_for(game)
    game.push(game.parse_move("wS1"))
    black_ant = game.game_type.piece_named("bA1").id
    set_language("en")
    with pytest.raises(IllegalMoveError, match="names no move in this position"):
        space.decode(game, (0 * space.pieces + black_ant) * 8 + 3)  # next to a piece still in hand


def test_a_legal_move_under_another_id_points_to_its_canonical_id() -> None:
    from meeple.games.hive.board import DIRS

    game = played("hive", {"game_type": "Base"}, 14, seed=2)
    space = space_for(game)
    board = game.state.board
    for candidate, (piece, dest, swap) in space.legal(game).items():
        if swap or dest in board.stacks:
            continue
        others = sorted(p for step in DIRS for p in board.stacks.get(dest + step, ()) if p != piece)
        if len(others) > 1:
            action, reference = candidate, others[-1]
            break
    else:
        pytest.fail("no move with two possible references")
    alias = (piece * space.pieces + reference) * 8 + DIRS.index(dest - board.where[reference])
    assert alias != action
    set_language("en")
    with pytest.raises(IllegalMoveError, match=f"this move's action id is {action}"):
        space.decode(game, alias)


def test_hive_first_move_and_pass_have_their_own_ids() -> None:
    game = new_game("hive", {"game_type": "Base+MLPC"})
    space = space_for(game)
    assert space.num_actions == 8 * 30 * 30 + 30 + 1
    ids = space.legal_actions(game)
    assert all(space.lone <= a < space.pass_id for a in ids)
    assert sorted(space.action_text(game, a) for a in ids)[0] == "wA1"


def test_ilyos_ids_follow_the_documented_blocks() -> None:
    game = played("ilyos", {"size": 11}, 0)
    space = space_for(game)
    assert space.num_actions == ILYOS_NUM_ACTIONS == 21_539
    assert ILYOS_OFFSETS["end"] == ILYOS_NUM_ACTIONS - 1
    place = next(m for m in game.legal_moves() if m.kind == "place")
    x, y = place.cell
    assert space.encode(game, place) == (y * 11 + x) * 4 + place.amount


def test_ilyos_observation_shows_only_what_the_view_shows() -> None:
    game = played("ilyos", {"size": 11}, 12, seed=4)
    space = space_for(game)
    for seat in (0, 1):
        redealt = game.determinize(seat, make_rng(9))
        assert (space.observe(redealt, seat) == space.observe(game, seat)).all()


def test_the_ilyos_space_names_the_one_board_it_is_written_for() -> None:
    with pytest.raises(ValueError, match=r"11 × 11 board \(option size=11\), not 15 × 15"):
        space_for(new_game("ilyos", {"size": 15}))


def test_murder_observation_never_holds_the_answer() -> None:
    game = new_game("murder", {"size": 4})
    space = space_for(game)
    empty = space.observe(game, 0)
    assert empty[: 4 * 16].sum() == 0  # nobody placed yet: the placement planes are empty
    move = game.legal_moves()[-1]
    game.push(move)
    assert space.observe(game, 0)[: 4 * 16].sum() == 1


def test_docs_interop_states_the_encodings_the_code_uses() -> None:
    import re
    from pathlib import Path

    text = (Path(__file__).parents[2] / "docs" / "interop.md").read_text(encoding="utf-8")
    for kind, offset in ILYOS_OFFSETS.items():
        row = re.search(rf"^\| {kind} \| ([\d ]+) \|", text, re.MULTILINE)
        assert row is not None and int(row.group(1).replace(" ", "")) == offset, kind
    game = new_game("hive", {"game_type": "Base+MLPC"})
    space = space_for(game)
    game.push(game.parse_move("wS1"))
    assert "`bS1 wS1-` is `(16 × 30 + 1) × 8 + 0`" in text
    assert space.encode(game, game.parse_move("bS1 wS1-")) == (16 * 30 + 1) * 8 + 0
    assert "space.num_actions == 7231" in text and space.num_actions == 7231
    for name, options, count in (("skirmish", {"scenario": "ford"}, "1 352"), ("stealth", {"level": "1-1"}, "16"),
                                 ("murder", {"size": 4}, "68"), ("murder", {"size": 6}, "222")):
        assert f"{count} ids" in text and space_for(new_game(name, options)).num_actions == int(count.replace(" ", ""))


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=[f"{n}-{i}" for i, (n, _) in enumerate(CONFIGS)])
def test_every_space_passes_the_interop_checker(name: str, options: dict[str, Any]) -> None:
    from meeple.games import game_info
    from meeple.interop.conformance import check_space

    check_space(game_info(name).factory, options, seeds=range(2), plies=40)


def test_every_registered_game_with_a_space_is_checked_here() -> None:
    from meeple.games import plugins

    assert {name for name, game in plugins().items() if game.has("space")} <= {name for name, _ in CONFIGS}
