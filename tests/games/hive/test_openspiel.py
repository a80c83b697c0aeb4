"""Differential test: our move generator against OpenSpiel's independent ``hive`` implementation.

OpenSpiel names pieces without enforcing placement order and differs at the opening, so the test
compares, in mid-game positions reached by random play, the *sets of positions* one move away,
pieces named by colour and bug only.
"""

from __future__ import annotations

import pytest

from meeple.core.boards import HEX_DIRECTIONS
from meeple.core.rng import make_rng
from meeple.games.hive.game import HiveGame
from meeple.games.hive.notation import move_string

pyspiel = pytest.importorskip("pyspiel")

Position = frozenset[tuple[str, int, int, int]]


def geometry(move_texts: list[str]) -> Position:
    """The position a list of UHP MoveStrings leads to, computed from geometry alone (no rules)."""
    cells: dict[str, tuple[int, int]] = {}
    stacks: dict[tuple[int, int], list[str]] = {}
    for text in move_texts:
        words = text.split()
        if words == ["pass"]:
            continue
        name = words[0]
        dest = (0, 0) if len(words) == 1 else _destination(words[1], cells)
        if name in cells:
            stacks[cells[name]].remove(name)
        stacks.setdefault(dest, []).append(name)
        cells[name] = dest
    return frozenset(
        (name[:2], q, r, level) for (q, r), stack in stacks.items() for level, name in enumerate(stack)
    )


def _destination(where: str, cells: dict[str, tuple[int, int]]) -> tuple[int, int]:
    for direction in HEX_DIRECTIONS:
        prefix, suffix = direction.uhp_prefix, direction.uhp_suffix
        if (prefix and where.startswith(prefix)) or (suffix and where.endswith(suffix)):
            q, r = cells[where.removeprefix(prefix).removesuffix(suffix) if prefix else where[: -len(suffix)]]
            return (q + direction.dq, r + direction.dr)
    return cells[where]


def _spiel_children(state: object) -> set[Position]:
    children = set()
    for action in state.legal_actions():  # type: ignore[attr-defined]
        child = state.child(action)  # type: ignore[attr-defined]
        children.add(geometry(str(child).split(";")[3:]))
    return children


def _our_children(game: HiveGame, history: list[str]) -> set[Position]:
    children = set()
    for move in game.legal_moves():
        children.add(geometry([*history, move_string(game.state, move)]))
    return children


SPIEL_PARAMS = {
    "Base": "uses_mosquito=False,uses_ladybug=False,uses_pillbug=False",
    "Base+M": "uses_mosquito=True,uses_ladybug=False,uses_pillbug=False",
    "Base+L": "uses_mosquito=False,uses_ladybug=True,uses_pillbug=False",
    "Base+P": "uses_mosquito=False,uses_ladybug=False,uses_pillbug=True",
    "Base+MLP": "uses_mosquito=True,uses_ladybug=True,uses_pillbug=True",
}


@pytest.mark.parametrize("game_type", list(SPIEL_PARAMS))
@pytest.mark.parametrize("seed", range(2))
def test_mid_game_moves_match_openspiel(game_type: str, seed: int) -> None:
    spiel = pyspiel.load_game(f"hive(board_size=20,{SPIEL_PARAMS[game_type]})").new_initial_state()
    game = HiveGame.new({"game_type": game_type}, seed)
    rng = make_rng(seed)
    history: list[str] = []
    compared = 0
    while game.outcome() is None and len(history) < 60:
        queens_down = all(game.state.board.where[queen] != -1 for queen in game.state.queen)
        if queens_down and len(history) >= 8 and len(history) % 2 == seed % 2:
            ours, theirs = _our_children(game, history), _spiel_children(spiel)
            assert ours == theirs, f"ply {len(history)} after {';'.join(history)}: only ours {ours - theirs}, only OpenSpiel {theirs - ours}"
            compared += 1
        move = rng.choice(game.legal_moves())
        text = move_string(game.state, move)
        spiel.apply_action(spiel.string_to_action(text))
        game.push(move)
        history.append(text)
    assert compared > 0
