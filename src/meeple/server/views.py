"""What a client sees of a room: its state message, built from its own seat's view and sent to every client.

A seat's view (the engine's ``view(seat)``) is computed once per room version (once for every seat when the
game has no hidden information) and encoded once; each client gets the state of the seats it holds, never
another seat's hidden cards.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence

from meeple.core.game import JSON
from meeple.server.actions import available
from meeple.server.clock import Clock
from meeple.server.rooms import Room

RemoteSeats = Callable[[str], set[int]]
"""``(room code) -> seats``: the seats of a room that clients hold on the cluster's other processes."""


def no_remote_seats(_code: str) -> set[int]:
    """One process alone: no other process has clients."""
    return set()


class Views:
    """The state messages of rooms, and their sending to the rooms' clients."""

    def __init__(self, clock: Clock, remote_seats: RemoteSeats = no_remote_seats) -> None:
        self.clock = clock
        self.remote_seats = remote_seats

    def players(self, room: Room) -> list[dict[str, JSON]]:
        """Who holds each seat, and whether a client of theirs is connected (here or on another process)."""
        connected = {seat for client in room.clients for seat in client.seats} | self.remote_seats(room.code)
        return [
            {"seat": s.seat, "kind": s.kind, "name": s.name, "level": s.level,
             "connected": s.kind == "ai" or s.seat in connected,
             "account": s.name if s.account_id is not None else None, "deleted": s.account_deleted}
            for s in room.row.seats
        ]

    def summary(self, room: Room, seats: Sequence[int]) -> dict[str, JSON]:
        """A room in a list of rooms (« Reprendre », « Mes parties »), for a client holding ``seats``: its game,
        how far it is, whose turn it is, who plays."""
        outcome = room.outcome()
        return {
            "code": room.code, "game": room.row.game, "mode": room.row.mode, "seats": list(seats),
            "moves": len(room.game.move_stack), "over": outcome is not None, "result": room.row.result,
            "to_move": room.to_move(), "updated_at": room.row.updated_at, "waiting": room.waiting(),
            "players": self.players(room), "rated": room.row.rated,
        }

    @staticmethod
    def can_undo(room: Room, seats: Sequence[int]) -> bool:
        """Undo exists in local unrated games only, for the person holding every human seat, once a person
        moved, and not once the players ended the game (a resignation, a draw agreed) or made its rematch."""
        humans = [s.seat for s in room.row.seats if s.kind == "human"]
        return (
            room.row.mode == "local"
            and not room.row.rated and room.row.result is None and room.row.rematch is None
            and bool(seats)
            and set(humans) <= set(seats)
            and any(room.seat(seat).kind == "human" for seat, _move in room.row.moves)
        )

    @staticmethod
    def view(room: Room, seat: int | None) -> tuple[JSON, str]:
        """``view(seat)`` and its JSON text, computed once per room version (once for all seats when the
        view is public)."""
        key = None if room.entry.adapter.public_view else seat
        cached = room.views.get(key)
        if cached is None or cached[0] != room.version:
            view = room.game.view(seat)
            cached = (room.version, view, json.dumps(view, ensure_ascii=False, separators=(",", ":")))
            room.views[key] = cached
        return cached[1], cached[2]

    def state_text(self, room: Room, seats: Sequence[int]) -> str:
        """:meth:`state_for` as JSON text, reusing the view's text already encoded for this version."""
        state = self.state_for(room, seats, with_view=False)
        _view, view_text = self.view(room, state["seat"])
        head = json.dumps(state, ensure_ascii=False, separators=(",", ":"))
        return f'{head[:-1]},"view":{view_text}}}'

    def state_for(self, room: Room, seats: Sequence[int], with_view: bool = True) -> dict[str, JSON]:
        """The state message for a client holding ``seats``: its own view, never another seat's. Beside the
        game: ``result`` (the ending its players decided, :mod:`meeple.server.endings`), ``offer`` (the offer
        waiting for an answer, or the last one declined), ``rematch`` (the code of its rematch), ``rated`` and
        ``actions`` (what these seats may do now: :func:`meeple.server.actions.available`)."""
        game = room.game
        active = room.active_seat(seats)
        mover = room.to_move()
        outcome = room.outcome()
        deadline = room.row.turn_deadline
        legal = None
        if room.entry.adapter.send_legal_moves and mover is not None and mover == active:
            legal = [game.move_to_json(move) for move in game.legal_moves()]
        state: dict[str, JSON] = {
            "type": "state",
            "code": room.code,
            "game": room.row.game,
            "mode": room.row.mode,
            "version": room.version,
            "seat": active,
            "seats": list(seats),
            "to_move": mover,
            "moves": len(game.move_stack),
            "outcome": outcome.to_json() if outcome is not None else None,
            "legal": legal,
            "players": self.players(room),
            "can_undo": self.can_undo(room, seats),
            "turn_seconds": room.row.turn_seconds,
            "time_left": None if deadline is None or outcome is not None else max(0.0, deadline - self.clock.now()),
            "waiting": room.waiting(),
            "result": room.row.result,
            "offer": room.row.offer,
            "rematch": room.row.rematch,
            "rated": room.row.rated,
            "actions": available(room, seats),
        }
        if with_view:
            state["view"] = self.view(room, active)[0]
        return state

    def broadcast(self, room: Room) -> None:
        """Queue every client of the room its state (one encoding per set of seats held)."""
        texts: dict[tuple[int, ...], str] = {}
        for client in list(room.clients):
            if client.seats not in texts:
                texts[client.seats] = self.state_text(room, client.seats)
            client.push_state(texts[client.seats])

