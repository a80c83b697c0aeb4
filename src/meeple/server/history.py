"""A room's moves in words and its replay, as two queries any game adapter may offer.

``history`` lists the room's moves (at most :data:`MAX_HISTORY`, the latest), each in words in both
languages (the game's ``describe_move``), with the seat that played it and its JSON (the page highlights
the last one on the board). ``replay`` gives the asking seat's own view (``view(seat)``: what other seats
hide stays hidden) after the first ``ply`` moves, so that the page can step from the start to now.

Both receive a copy of the room's game: they pop moves off it and push them back, through the protocol.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

from meeple.core.errors import FormatError
from meeple.core.game import JSON, Game
from meeple.core.i18n import Msg

Describe = Callable[[Game[Any], Any], Msg]
"""``(game, move) -> words``: the move in words, ``game`` being the position before it."""

MAX_HISTORY = 1000
"""At most this many moves are described in one answer (the latest ones): a long ILYOS game of many
actions stays one small message."""


def _rewound(game: Game[Any], ply: int) -> list[Any]:
    """Pop ``game`` back to ``ply`` moves; returns the popped moves in play order."""
    popped = []
    while len(game.move_stack) > ply:
        popped.append(game.pop())
    popped.reverse()
    return popped


def history(describe: Describe, game: Game[Any], _seat: int | None, params: JSON) -> JSON:
    """The moves so far after the first ``params["after"]`` (default 0; at most the last :data:`MAX_HISTORY`):
    ``{"total", "moves": [{ply, seat, text, move}]}``, ``ply`` counting from 1. A page that already shows
    the first moves asks only for the new ones."""
    total = len(game.move_stack)
    after = params.get("after", 0) if isinstance(params, Mapping) else 0
    if not isinstance(after, int) or isinstance(after, bool) or not 0 <= after <= total:
        raise FormatError("params", "after", Msg(f"un nombre de coups de 0 à {total} est attendu",
                                                  f"a number of moves from 0 to {total} is expected"))
    first = max(after, total - MAX_HISTORY)
    moves = _rewound(game, first)
    entries: list[JSON] = []
    for ply, move in enumerate(moves, start=first + 1):
        entries.append({"ply": ply, "seat": game.to_move(), "text": describe(game, move).to_json(),
                        "move": game.move_to_json(move)})
        game.push(move)
    return {"total": total, "moves": entries}


def replay(game: Game[Any], seat: int | None, params: JSON) -> JSON:
    """The asking seat's view after ``params["ply"]`` moves (0 = the start, up to the moves so far)."""
    total = len(game.move_stack)
    ply = params.get("ply") if isinstance(params, Mapping) else None
    if not isinstance(ply, int) or isinstance(ply, bool) or not 0 <= ply <= total:
        raise FormatError("params", "ply", Msg(f"un nombre de coups de 0 à {total} est attendu",
                                                f"a number of moves from 0 to {total} is expected"))
    _rewound(game, ply)
    return {"ply": ply, "total": total, "to_move": game.to_move(), "view": game.view(seat)}


def history_queries(describe: Describe) -> dict[str, Callable[[Game[Any], int | None, JSON], JSON]]:
    """The ``history`` and ``replay`` queries of a game whose moves ``describe`` puts into words."""
    return {"history": partial(history, describe), "replay": replay}
