"""How a room ends when its players, not the rules, decide: a resignation, a draw agreed, an abort.

The rules of a game end it by themselves (the engine's :class:`~meeple.core.game.Outcome`). A room may also
end by its players' decision (:mod:`meeple.server.actions`); that ending is stored beside the moves, in
``rooms.result``, as JSON::

    {"reason": "resign" | "abandoned" | "agreed_draw" | "aborted", "seat": <who decided>,
     "scores": [<one per seat: 1 won, 0.5 drew, 0 lost>] | null}

``abandoned`` is a resignation in a game against the computer alone (no other person in it): a loss all the
same, named apart so that a player's record tells the two apart. ``aborted`` has no scores: the game did not
count (no rating changes). :meth:`Room.outcome <meeple.server.rooms.Room.outcome>` combines the two endings;
every part of the server asks it, never the engine alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from meeple.core.game import JSON, Outcome
from meeple.core.i18n import Msg
from meeple.server.store import SeatRow

REASONS = ("resign", "abandoned", "agreed_draw", "aborted")
"""The endings a room's players may decide."""


def seat_name(seat: SeatRow) -> Msg:
    """A seat's name as the players read it (the room page's ``playerName``)."""
    if seat.name:
        return Msg(seat.name, seat.name)
    if seat.kind == "ai":
        return Msg("l'ordinateur", "the computer")
    return Msg(f"Joueur {seat.seat + 1}", f"Player {seat.seat + 1}")


def resignation(seats: Sequence[SeatRow], seat: int, against_computer: bool) -> dict[str, JSON]:
    """The result of ``seat`` resigning: it loses, every other seat wins (together, in a game of three or
    four: the resignation ends the game for everyone, the engines cannot drop a player)."""
    reason = "abandoned" if against_computer else "resign"
    return {"reason": reason, "seat": seat, "scores": [0.0 if s.seat == seat else 1.0 for s in seats]}


def agreed_draw(seats: Sequence[SeatRow], seat: int) -> dict[str, JSON]:
    """The result of a draw that ``seat`` offered and every other person accepted: half a point each."""
    return {"reason": "agreed_draw", "seat": seat, "scores": [0.5 for _ in seats]}


def aborted(seat: int) -> dict[str, JSON]:
    """The result of ``seat`` aborting the game: it does not count (no scores)."""
    return {"reason": "aborted", "seat": seat, "scores": None}


def result_outcome(result: dict[str, Any], seats: Sequence[SeatRow]) -> Outcome:
    """The :class:`Outcome` of a room ended by ``result`` (its ``details`` carry the reason and the seat)."""
    reason, seat = result.get("reason"), result.get("seat")
    scores = result.get("scores") or []
    who = seat_name(seats[seat]) if isinstance(seat, int) and 0 <= seat < len(seats) else Msg("?", "?")
    if reason in ("resign", "abandoned"):
        text = Msg(f"{who.fr} abandonne", f"{who.en} resigned") if reason == "resign" else \
            Msg(f"{who.fr} abandonne la partie contre l'ordinateur", f"{who.en} abandoned the game against the computer")
    elif reason == "agreed_draw":
        text = Msg("nulle par accord mutuel", "draw by agreement")
    else:
        text = Msg(f"partie annulée par {who.fr} avant que chacun ait joué : elle ne compte pas",
                   f"game aborted by {who.en} before every side moved: it does not count")
    winners = frozenset(index for index, score in enumerate(scores) if score == 1.0)
    return Outcome(winners=winners, reason=text, draw=reason == "agreed_draw",
                   details={"result": reason, "seat": seat})


def outcome_scores(outcome: Outcome, count: int) -> tuple[float, ...]:
    """Each seat's score of an ending the rules decided: 1 for a winner, 0.5 for all in a draw, else 0."""
    return tuple(outcome.reward(seat) for seat in range(count))
