"""Perft: count the leaves of the move tree, the standard check of a move generator.

The last level is counted directly (the length of the move list), as the UHP reference engine does.
"""

from __future__ import annotations

from collections.abc import Iterator

from meeple.games.hive.state import HiveState


def perft(state: HiveState, depth: int) -> int:
    """The number of move sequences of length ``depth`` from ``state`` (left unchanged)."""
    if depth <= 0:
        return 1
    moves = state.moves()
    if depth == 1:
        return len(moves)
    total = 0
    play, undo = state.play, state.undo
    for move in moves:
        play(move)
        total += perft(state, depth - 1)
        undo()
    return total


def perft_by_root(state: HiveState, depth: int) -> Iterator[int]:
    """The leaf count under each root move in turn (their sum is :func:`perft`), for a progress bar."""
    for move in state.moves():
        state.play(move)
        try:
            yield perft(state, depth - 1)
        finally:
            state.undo()
