"""The conformance kit: checks that every engine honours the :class:`Game` protocol.

In the spirit of OpenSpiel's random-simulation test and PettingZoo's ``api_test``: random play-outs from
many seeds, exact undo, replayable records, moves that survive JSON and their own text notation
(``parse_move(move_text(m))``), every legal move accepted and a sample of illegal ones rejected,
independent copies and JSON views. ``tests/test_conformance.py`` runs it on every registered
game; a new game only has to expose ``INFO`` (a :class:`GameInfo`) in its package.

Each check raises :class:`ConformanceFailure` with a sentence that names the game, seed, ply and move.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from meeple.core.errors import MeepleError
from meeple.core.game import JSON, Game, canonical_json
from meeple.core.rng import make_rng

Factory = Callable[[Mapping[str, JSON] | None, int | None], Game[Any]]


class ConformanceFailure(AssertionError):
    """A game broke the protocol; the message says where and how."""


def _snapshot(game: Game[Any]) -> tuple[int, str]:
    return game.position_hash(), canonical_json(game.position_json())


def _fail(game: Game[Any], seed: int, what: str) -> ConformanceFailure:
    return ConformanceFailure(f"{game.name} (seed {seed}, ply {len(game.move_stack)}): {what}")


def _check_position_invariants(game: Game[Any], seed: int) -> None:
    over = game.outcome() is not None
    moves = game.legal_moves()
    if over and moves:
        raise _fail(game, seed, f"the game is over but {len(moves)} legal moves remain")
    if over and game.to_move() is not None:
        raise _fail(game, seed, "the game is over but to_move() is not None")
    if not over and not moves:
        raise _fail(game, seed, "the game goes on but there is no legal move")
    mover = game.to_move()
    if not over and (mover is None or not 0 <= mover < game.num_players):
        raise _fail(game, seed, f"to_move() returned {mover!r} for {game.num_players} seat(s)")
    keys = [game.move_key(move) for move in moves]
    if len(set(keys)) != len(keys):
        raise _fail(game, seed, "legal_moves() lists the same move twice")


def _check_undo_of(game: Game[Any], move: Any, seed: int) -> None:
    before = _snapshot(game)
    stack = len(game.move_stack)
    game.push(move)
    if len(game.move_stack) != stack + 1:
        raise _fail(game, seed, f"push({game.move_text(move)}) did not add one move to the stack")
    undone = game.pop()
    if game.move_key(undone) != game.move_key(move):
        raise _fail(game, seed, f"pop() returned {game.move_text(undone)}, not {game.move_text(move)}")
    if _snapshot(game) != before:
        raise _fail(game, seed, f"undo of {game.move_text(move)} did not restore the position (hash and JSON)")


def _check_move_json(game: Game[Any], move: Any, seed: int) -> None:
    data = json.loads(json.dumps(game.move_to_json(move)))
    again = game.move_from_json(data)
    if game.move_key(again) != game.move_key(move):
        raise _fail(game, seed, f"move JSON does not round-trip: {game.move_text(move)}")
    text = game.move_text(move)
    try:
        parsed = game.parse_move(text)
    except MeepleError as error:
        raise _fail(game, seed, f"parse_move() refuses its own move_text() {text!r}: {error}") from error
    if game.move_key(parsed) != game.move_key(move):
        raise _fail(game, seed, f"parse_move({text!r}) names another move than the one written")


def _check_illegal_rejected(game: Game[Any], candidates: Mapping[str, JSON], seed: int, sample: int) -> None:
    legal = {game.move_key(move) for move in game.legal_moves()}
    rng = make_rng(seed)
    foreign = [data for key, data in candidates.items() if key not in legal]
    rng.shuffle(foreign)
    before = _snapshot(game)
    for data in foreign[:sample]:
        try:
            move = game.move_from_json(data)
        except MeepleError:
            continue  # cannot even be described here: rejected, which is what we want
        try:
            game.push(move)
        except MeepleError:
            if _snapshot(game) != before:
                raise _fail(game, seed, f"a rejected move changed the position: {data}") from None
            continue
        raise _fail(game, seed, f"push() accepted a move absent from legal_moves(): {canonical_json(data)}")
    junk_moves: list[JSON] = [{"no": "such move"}, "not a move", 12345, None, [[[]]]]
    for junk in junk_moves:
        try:
            game.push(game.move_from_json(junk))
        except MeepleError:
            if _snapshot(game) != before:
                raise _fail(game, seed, f"malformed move {junk!r} changed the position") from None
            continue
        except Exception as error:
            raise _fail(game, seed, f"malformed move {junk!r} raised {type(error).__name__}, not an error of meeple") from error
        raise _fail(game, seed, f"malformed move {junk!r} was accepted")


def _check_views(game: Game[Any], seed: int) -> None:
    for seat in [None, *range(game.num_players)]:
        try:
            json.dumps(game.view(seat))
        except (TypeError, ValueError) as error:
            raise _fail(game, seed, f"view({seat}) is not JSON: {error}") from error


def random_playout(
    factory: Factory,
    options: Mapping[str, JSON],
    seed: int,
    max_moves: int = 400,
    every_move_check_interval: int = 7,
    illegal_sample: int = 12,
) -> Game[Any]:
    """Play one random game from ``seed`` and check the protocol at every ply; returns the final game."""
    game = factory(options, seed)
    again = factory(options, seed)
    if _snapshot(game) != _snapshot(again):
        raise _fail(game, seed, "two games created from the same options and seed differ")
    rng = make_rng(seed)
    start = _snapshot(game)
    seen_moves: dict[str, JSON] = {}
    for ply in range(max_moves):
        _check_position_invariants(game, seed)
        if game.outcome() is not None:
            break
        moves = game.legal_moves()
        for move in moves:
            seen_moves.setdefault(game.move_key(move), game.move_to_json(move))
        checked = moves if ply % every_move_check_interval == 0 else [rng.choice(moves)]
        for move in checked:
            _check_move_json(game, move, seed)
            _check_undo_of(game, move, seed)
        if ply % every_move_check_interval == 0:
            _check_illegal_rejected(game, seen_moves, seed + ply, illegal_sample)
            _check_views(game, seed)
            _check_copy_independent(game, rng.choice(moves), seed)
        game.push(rng.choice(moves))
    _check_views(game, seed)
    _check_replay(game, seed)
    end = _snapshot(game)
    moves_played = list(game.move_stack)
    for _ in moves_played:
        game.pop()
    if _snapshot(game) != start:
        raise _fail(game, seed, f"undoing all {len(moves_played)} moves did not give back the starting position")
    game.replay(moves_played)
    if _snapshot(game) != end:
        raise _fail(game, seed, "playing the moves again after undoing them all gave another position")
    return game


def _check_copy_independent(game: Game[Any], move: Any, seed: int) -> None:
    before = _snapshot(game)
    clone = game.copy()
    if _snapshot(clone) != before:
        raise _fail(game, seed, "copy() is not the same position")
    clone.push(move)
    if _snapshot(game) != before:
        raise _fail(game, seed, "playing a move on a copy changed the original")
    clone.pop()
    if _snapshot(clone) != before:
        raise _fail(game, seed, "undo on a copy did not restore it")


def _check_replay(game: Game[Any], seed: int) -> None:
    record = json.loads(json.dumps(game.record()))
    replayed = type(game).from_record(record)
    if _snapshot(replayed) != _snapshot(game):
        raise _fail(game, seed, "replaying the game record does not reach the same position")
