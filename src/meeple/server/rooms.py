"""A room in memory, what its creator asks for, and the small rules every part of the server shares about it."""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from meeple.core.errors import MeepleError
from meeple.core.game import JSON, Game, Outcome
from meeple.core.i18n import Msg
from meeple.server.clients import Client
from meeple.server.endings import outcome_scores, result_outcome
from meeple.server.errors import refusal
from meeple.server.registry import GameEntry
from meeple.server.store import RoomRow, SeatRow

MAX_NAME = 32
"""The longest name a seat is given (longer names are cut)."""
SEAT_KINDS = ("human", "ai", "open")
MODES = ("local", "online")
MAX_TURN_SECONDS = 3600
"""The longest turn clock of a game played in one sitting."""
MAX_START_MOVES = 500
"""A room may start from at most this many moves (an imported game: Hive's longest games are ~150)."""


@dataclass
class SeatSpec:
    """How a new room's seat is held: ``human`` (the creator), ``ai`` (at ``level``) or ``open``."""

    kind: str = "human"
    level: str | None = None
    name: str = ""


@dataclass
class RoomSpec:
    """What the creator of a room asks for."""

    game: str
    options: dict[str, JSON] = field(default_factory=dict)
    mode: str = "local"
    seats: list[SeatSpec] = field(default_factory=list)
    seed: int | None = None
    turn_seconds: int | None = None
    moves: list[JSON] = field(default_factory=list)
    """The moves the game starts from (an imported game, as the engine's JSON): played in order by the seat
    to move, before anyone joins; at most :data:`MAX_START_MOVES`."""
    rated: bool = False
    """Whether the room's result moves its players' ratings: no takeback, none of the computer's help
    (who may create one is the lobby's rule; the room only carries the flag)."""


@dataclass
class Room:
    """A room in memory: its stored row, its engine and its connected clients."""

    row: RoomRow
    entry: GameEntry
    game: Game[Any]
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    clients: set[Client] = field(default_factory=set)
    ai_task: asyncio.Task[None] | None = None
    timer_task: asyncio.Task[None] | None = None
    last_access: float = field(default_factory=time.monotonic)
    views: dict[int | None, tuple[int, JSON, str]] = field(default_factory=dict)
    """The last view computed for each seat, with the room version it belongs to."""
    owner: str = ""
    """Whose AI searches this room's are in the fair queue: its creator's address (for a room rebuilt
    from the store, the address that first asked for it)."""
    declined: dict[tuple[int, str], int] = field(default_factory=dict)
    """Per (seat, kind of offer), the number of moves when that seat's last such offer was declined or
    withdrawn: it may not make it again before a move (:mod:`meeple.server.actions`; this process only)."""
    rematch_told: str | None = None
    """The rematch whose seats this process already gave to the room's clients."""

    @property
    def code(self) -> str:
        """The room's short code."""
        return self.row.code

    @property
    def version(self) -> int:
        """How many changes (moves, undos, seats taken) the room has seen."""
        return self.row.version

    def seat(self, index: int) -> SeatRow:
        """The seat at ``index``."""
        return self.row.seats[index]

    def outcome(self) -> Outcome | None:
        """Whether the room's game is over, and how: the ending its players decided (a resignation, an agreed
        draw, an abort: :mod:`meeple.server.endings`), else the rules' (the engine's); None while it goes on.
        The one question every part of the server asks (never ``game.outcome()`` alone)."""
        if self.row.result is not None:
            return result_outcome(self.row.result, self.row.seats)
        return self.game.outcome()

    def to_move(self) -> int | None:
        """The seat to move, None once the room's game is over (:meth:`outcome`, for whatever reason)."""
        return None if self.row.result is not None else self.game.to_move()

    def scores(self) -> tuple[float, ...] | None:
        """Each seat's score once the game is over: 1 won, 0.5 drew, 0 lost (in seat order); None while it
        goes on, and for an aborted game, which does not count (what a rating reads)."""
        if self.row.result is not None:
            scores = self.row.result.get("scores")
            return tuple(float(score) for score in scores) if isinstance(scores, list) else None
        outcome = self.game.outcome()
        return None if outcome is None else outcome_scores(outcome, len(self.row.seats))

    def waiting(self) -> list[int]:
        """The seats still open: an online game starts (moves, clock, computer) once none is left."""
        return [s.seat for s in self.row.seats if s.kind == "open"]

    def seats_of(self, token: str | None) -> tuple[int, ...]:
        """The seats ``token`` holds (none for a spectator or an unknown token)."""
        if not token:
            return ()
        return tuple(s.seat for s in self.row.seats if s.token is not None and secrets.compare_digest(s.token, token))

    def active_seat(self, seats: Sequence[int]) -> int | None:
        """Whose view a client holding ``seats`` sees: the seat to move if it holds it, else its first."""
        mover = self.to_move()
        if mover in seats:
            return mover
        return seats[0] if seats else None



def recorded_options(entry: GameEntry, game: Game[Any]) -> dict[str, JSON]:
    """The options a new room stores: those that rebuild this very game (see ``GameAdapter.recorded_options``)."""
    record = entry.adapter.recorded_options
    return dict(record(game) if record is not None else game.options)


def play_opening(game: Game[Any], moves: Sequence[JSON]) -> list[tuple[int, JSON]]:
    """Play a new room's starting moves (an imported game) on its fresh game, each by the seat to move;
    returns them as stored. A move the rules refuse names its index, and no room is made."""
    if len(moves) > MAX_START_MOVES:
        raise refusal("too_large", f"moves : {len(moves)} coups, la limite est {MAX_START_MOVES}",
                      f"moves: {len(moves)} moves, the limit is {MAX_START_MOVES}", 413)
    played: list[tuple[int, JSON]] = []
    for index, data in enumerate(moves):
        seat = game.to_move()
        try:
            if seat is None:
                raise MeepleError(Msg("la partie est finie", "the game is over"))
            move = game.move_from_json(data)
            game.push(move)
        except MeepleError as error:
            raise refusal("illegal", f"moves[{index}] : {error.message.fr}", f"moves[{index}]: {error.message.en}") from error
        played.append((seat, game.move_to_json(move)))
    return played


def replay(row: RoomRow, game: Game[Any]) -> None:
    """Push a stored room's moves on its fresh game; a move that no longer replays makes it corrupt."""
    for index, (_seat, data) in enumerate(row.moves):
        try:
            game.push(game.move_from_json(data))
        except MeepleError as error:
            raise refusal("corrupt_room", f"salle {row.code} : coup {index} illisible : {error.message.fr}",
                             f"room {row.code}: move {index} cannot be replayed: {error.message.en}", 500) from error


def cancel_other(task: asyncio.Task[None] | None) -> None:
    """Cancel a room's pending task, unless it is the one running (the AI or the timer that just played
    finishes by itself)."""
    if task is not None and not task.done() and task is not asyncio.current_task():
        task.cancel()


def new_seats(entry: GameEntry, spec: RoomSpec, count: int, token: str) -> list[SeatRow]:
    """The seats of a new room as ``spec`` asks, the creator's (``human``) ones holding ``token``; 400 naming
    the seat for a kind or level the game does not have."""
    if len(spec.seats) > count:
        raise refusal("bad_request", f"ce jeu a {count} place(s), pas {len(spec.seats)}",
                      f"this game has {count} seat(s), not {len(spec.seats)}")
    default_kind = "human" if spec.mode == "local" else "open"
    specs = list(spec.seats) or [SeatSpec("human")]
    specs += [SeatSpec(default_kind) for _ in range(count - len(specs))]
    levels = {level.key for level in entry.adapter.levels}
    seats = []
    for index, seat in enumerate(specs):
        if seat.kind not in SEAT_KINDS:
            raise refusal("bad_request", f"places[{index}] : type « {seat.kind} » inconnu",
                          f"seats[{index}]: unknown kind '{seat.kind}'")
        if seat.kind == "open" and spec.mode == "local":
            raise refusal("bad_request", "une partie locale n'a pas de place libre", "a local game has no open seat")
        level = seat.level or entry.adapter.levels[0].key if seat.kind == "ai" else None
        if level is not None and level not in levels:
            raise refusal("bad_request", f"places[{index}] : niveau « {level} » inconnu",
                          f"seats[{index}]: unknown level '{level}'")
        seats.append(SeatRow(seat=index, kind=seat.kind, token=token if seat.kind == "human" else None,
                             name=seat.name.strip()[:MAX_NAME], level=level))
    if not any(seat.kind == "human" for seat in seats):
        raise refusal("bad_request", "il faut au moins une place pour vous", "at least one seat must be yours")
    return seats


def turn_seconds(entry: GameEntry, spec: RoomSpec) -> int | None:
    """The turn clock of a new room in seconds (None: no clock), as asked or as the game's options say."""
    seconds = spec.turn_seconds
    if seconds is None and entry.adapter.turn_seconds is not None:
        seconds = entry.adapter.turn_seconds(spec.options)
    if seconds is None:
        return None
    if entry.adapter.timeout_moves is None:
        raise refusal("bad_request", "ce jeu n'a pas de limite de temps par tour", "this game has no turn timer")
    if not isinstance(seconds, int) or not 0 < seconds <= MAX_TURN_SECONDS:
        raise refusal("bad_request", f"temps par tour : entre 1 et {MAX_TURN_SECONDS} secondes",
                      f"time per turn: between 1 and {MAX_TURN_SECONDS} seconds")
    return seconds
