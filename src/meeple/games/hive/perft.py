"""Perft: count the leaves of the move tree, the standard check of a move generator.

The last level is counted directly (the length of the move list), as the UHP reference engine does.
"""

from __future__ import annotations

from collections.abc import Callable

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


def perft_divided(
    state: HiveState, depth: int, progress: Callable[[int], None] | None = None
) -> int:
    """:func:`perft`, calling ``progress(done)`` after each root move (for a progress bar)."""
    if depth <= 1:
        return perft(state, depth)
    total = 0
    for done, move in enumerate(state.moves(), start=1):
        state.play(move)
        total += perft(state, depth - 1)
        state.undo()
        if progress is not None:
            progress(done)
    return total
