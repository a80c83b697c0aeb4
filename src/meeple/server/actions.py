"""The game actions players expect beside their moves: resign, abort, offer / accept / decline a draw, a
takeback, a rematch (issue 23 item 4).

Each action is a change of the room like a move: under the room's lock, for the seats of the client's token,
checked against the room version the client saw (a replayed or stale message is refused, 409 ``stale``),
stored in the group commit with the version check (:class:`~meeple.server.store.Write`: ``result``, ``offer``,
``rematch``), then shown to every client and, in a cluster, re-read by the other processes (the bus's
``change``). An action that makes no sense now is refused — 409 with a code and a reason in French and
English (``game_over``, ``no_offer``, ``too_late_to_abort``, ``rated_no_takeback``…) — and changes nothing.

The rules (docs/security.md, « Game actions »):

- **resign**, while the game is under way (every seat taken, not over): that seat loses, every other seat
  wins — in a game of three or four too, which ends for everyone (:mod:`meeple.server.endings`). Against the
  computer alone it is recorded as ``abandoned``: a loss, and the game stops counting towards the cap of
  live games against the computer at once.
- **abort**, until every seat has moved at least once (or while the room waits for its players): the game
  ends without a result; it does not count.
- **offers** — ``draw``, ``takeback``, ``rematch`` — wait for the consent of every other person in the room
  (the human seats held by another token). With nobody to ask (a game against the computer alone, or one
  person holding every human seat on one device), a takeback or a rematch is granted at once; the computer
  never agrees to a draw. One offer waits at a time. A draw offer survives its author's own moves and is
  declined by anyone else's move; a takeback offer by any move. **accept** adds the client's consent (the
  offer is carried out once everyone agreed); **decline** refuses it (its author's decline withdraws it).
- **takeback** (online and unrated only; a local game has its undo): the moves from the author's last turn on
  are taken back, its answer included.
- **rematch** (the game over, two seats or more): a new room with the same game, options, mode, clock and
  rated flag, a fresh seed, the seats turned by one (seat *i*'s player takes seat *i* + 1, the last one's seat
  0: for two players the colours swap; for three or four everyone's place in the order of play moves on and
  the first player becomes the last), names, computer levels and accounts carried. It is stored in the same
  transaction as the old room's pointer to it (``rooms.rematch``), and each player's client of the old room
  receives its new seat token over its own websocket: ``{"type": "rematch", "code", "token", "seats"}``.

Against floods: every action message spends the seat's and the address's allowance of changes, as a move
does (``--limit-moves``, ``--limit-moves-per-address``); a seat whose offer was declined (or withdrawn) may not
make that offer again before a move (stored with the room); and each seat of a room makes at most
:data:`OFFER_RATE` offers. All three hold across a cluster (the last two through the store and the bus's
Redis).
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from meeple.core.game import JSON
from meeple.core.i18n import Msg
from meeple.core.rng import fresh_seed
from meeple.server.clients import Client
from meeple.server.endings import aborted, agreed_draw, resignation
from meeple.server.errors import ServerError, refusal
from meeple.server.fairuse import Rate, RateLimited
from meeple.server.rooms import Room, recorded_options
from meeple.server.store import RoomRow, SeatRow, StaleWriteError, Write

if TYPE_CHECKING:
    from meeple.server.service import RoomService

log = logging.getLogger("meeple.server")

OFFER_KINDS = ("draw", "takeback", "rematch")
"""What a player may offer (or ask for): each waits for the others' consent."""
MESSAGES = frozenset({"resign", "abort", "offer", "accept", "decline"})
"""The websocket message types (and HTTP routes) of the actions."""
OFFER_RATE = Rate(3, 300)
"""Offers one seat of a room may make: 3 at once, then one more every 100 s."""


# --- who is who ----------------------------------------------------------------------------------
def _person(room: Room, seats: Sequence[int]) -> set[int]:
    """The seats held by the person of ``seats`` (one token: in a game on one device, every human seat)."""
    if not seats:
        return set()
    token = room.seat(seats[0]).token
    return {s.seat for s in room.row.seats if s.token is not None and s.token == token}


def _others(room: Room, seats: Sequence[int]) -> list[SeatRow]:
    """The seats of the room not held by the person of ``seats``."""
    mine = _person(room, seats)
    return [s for s in room.row.seats if s.seat not in mine]


def _pending(room: Room) -> dict[str, Any] | None:
    """The offer waiting for an answer (the stored offer may be a declined one, kept until the next move)."""
    offer = room.row.offer
    return offer if offer is not None and not offer.get("declined") else None


def _takeback_from(room: Room, seats: Sequence[int]) -> int | None:
    """Where a takeback asked by ``seats`` cuts the moves: the start of its person's last turn (a turn of
    several actions goes back whole); None when that person has not moved."""
    mine = _person(room, seats)
    moves = room.row.moves
    index = next((i for i in range(len(moves) - 1, -1, -1) if moves[i][0] in mine), None)
    if index is None:
        return None
    while index > 0 and moves[index - 1][0] == moves[index][0]:
        index -= 1
    return index


def _everyone_moved(room: Room) -> bool:
    """Whether every seat has made a move (then it is too late to abort)."""
    waiting = {s.seat for s in room.row.seats}
    for seat, _move in room.row.moves:
        waiting.discard(seat)
        if not waiting:
            return True
    return False


# --- what makes sense now (each check: the refusal, or None) ------------------------------------
def _no(code: str, fr: str, en: str, status: int = 409) -> ServerError:
    return refusal(code, fr, en, status)


def _not_a_player(room: Room, seats: Sequence[int]) -> ServerError | None:
    if not seats:
        return _no("not_your_seat", "vous ne tenez aucune place dans cette salle", "you hold no seat in this room", 403)
    if len(room.row.seats) < 2:
        return _no("no_opponent", "une partie à un joueur n'a ni abandon, ni nulle, ni revanche",
                   "a one-player game has no resignation, draw or rematch")
    return None


def _not_under_way(room: Room) -> ServerError | None:
    if room.outcome() is not None:
        return _no("game_over", "la partie est terminée", "the game is over")
    if room.waiting():
        return _no("waiting_for_players", "la partie n'a pas commencé : elle attend ses joueurs (annulez-la plutôt)",
                   "the game has not started: it is waiting for its players (abort it instead)")
    return None


def resign_refusal(room: Room, seats: Sequence[int]) -> ServerError | None:
    """Why ``seats`` may not resign now (None: they may)."""
    return _not_a_player(room, seats) or _not_under_way(room)


def abort_refusal(room: Room, seats: Sequence[int]) -> ServerError | None:
    """Why ``seats`` may not abort the game now (None: they may)."""
    refused = _not_a_player(room, seats)
    if refused is not None:
        return refused
    if room.outcome() is not None:
        return _no("game_over", "la partie est terminée", "the game is over")
    if _everyone_moved(room):
        return _no("too_late_to_abort", "trop tard pour annuler : chacun a déjà joué (abandonnez plutôt)",
                   "too late to abort: every side has moved (resign instead)")
    return None


def offer_refusal(room: Room, seats: Sequence[int], kind: JSON) -> ServerError | None:
    """Why ``seats`` may not offer ``kind`` now (None: they may)."""
    if kind not in OFFER_KINDS:
        return _no("malformed", f"« offer » : {' | '.join(OFFER_KINDS)} attendu", f"'offer': {' | '.join(OFFER_KINDS)} expected", 400)
    refused = _not_a_player(room, seats)
    if refused is not None:
        return refused
    if _pending(room) is not None:
        return _no("offer_pending", "une proposition attend déjà sa réponse", "an offer is already waiting for its answer")
    stored = room.row.offer
    if stored is not None and stored.get("kind") == kind and stored.get("seat") in _person(room, seats) \
            and stored.get("ply") == len(room.row.moves):
        return _no("offer_repeated", "proposition déjà refusée : attendez un coup avant de la refaire",
                   "offer already declined: wait for a move before making it again")
    if kind == "rematch":
        return _rematch_refusal(room)
    refused = _not_under_way(room)
    if refused is not None:
        return refused
    others = _others(room, seats)
    if kind == "draw" and any(s.kind == "ai" for s in others):
        return _no("computer_declines", "l'ordinateur n'accepte pas la nulle : jouez ou abandonnez",
                   "the computer does not agree to draws: play on or resign")
    if kind == "takeback":
        if room.row.rated:
            return _no("rated_no_takeback", "pas de reprise de coup dans une partie classée",
                       "no takebacks in a rated game")
        if room.row.mode == "local":
            return _no("use_undo", "sur cet appareil, utilisez « Annuler le coup »", "on this device, use 'Undo'")
        if _takeback_from(room, seats) is None:
            return _no("nothing_to_take_back", "vous n'avez encore joué aucun coup", "you have not moved yet")
    return None


def _rematch_refusal(room: Room) -> ServerError | None:
    if room.outcome() is None:
        return _no("game_not_over", "la revanche se propose une fois la partie finie", "a rematch is offered once the game is over")
    if room.row.rematch is not None:
        return _no("rematch_exists", f"la revanche est déjà prête : salle {room.row.rematch}",
                   f"the rematch is ready already: room {room.row.rematch}")
    if room.waiting():
        return _no("waiting_for_players", "personne n'a rejoint cette salle : pas de revanche",
                   "nobody joined this room: no rematch")
    return None


def answer_refusal(room: Room, seats: Sequence[int], kind: JSON, accepting: bool) -> ServerError | None:
    """Why ``seats`` may not accept (or decline) the offer of ``kind`` (any kind when None) now."""
    refused = _not_a_player(room, seats)
    if refused is not None:
        return refused
    offer = _pending(room)
    if offer is None or (kind is not None and kind != offer.get("kind")):
        return _no("no_offer", "aucune proposition n'attend de réponse", "no offer is waiting for an answer")
    if accepting and not _person(room, seats) & set(offer.get("waiting", [])):
        if offer.get("seat") in _person(room, seats):
            return _no("own_offer", "c'est votre propre proposition : l'autre camp y répond",
                       "this is your own offer: the other side answers it")
        return _no("already_agreed", "vous avez déjà accepté : on attend les autres", "you agreed already: waiting for the others")
    return None


def available(room: Room, seats: Sequence[int]) -> list[str]:
    """The actions ``seats`` may take now, for the room page's buttons: among ``resign``, ``abort``, ``draw``,
    ``takeback``, ``rematch`` (the offers) and ``accept``, ``decline`` (an offer waiting)."""
    if not seats or len(room.row.seats) < 2:
        return []
    found = []
    if resign_refusal(room, seats) is None:
        found.append("resign")
    if abort_refusal(room, seats) is None:
        found.append("abort")
    found += [kind for kind in OFFER_KINDS if offer_refusal(room, seats, kind) is None]
    for name, accepting in (("accept", True), ("decline", False)):
        if answer_refusal(room, seats, None, accepting) is None:
            found.append(name)
    return found


@dataclass(frozen=True)
class Rematch:
    """A client's seats in the rematch of a room."""

    code: str
    token: str
    seats: tuple[int, ...]

    def to_json(self) -> dict[str, JSON]:
        """The message that gives a client its seat in the rematch."""
        return {"type": "rematch", "code": self.code, "token": self.token, "seats": list(self.seats)}


def rematch_seats(seats: Sequence[SeatRow]) -> list[SeatRow]:
    """The seats of a rematch: turned by one (seat i's holder takes seat i + 1, the last one's seat 0), each
    person with a new token (one per old token), names, levels and accounts kept."""
    count = len(seats)
    tokens: dict[str | None, str] = {}
    turned = []
    for index in range(count):
        old = seats[(index - 1) % count]
        token = tokens.setdefault(old.token, secrets.token_urlsafe(18)) if old.kind == "human" else None
        turned.append(SeatRow(seat=index, kind=old.kind, token=token, name=old.name, level=old.level,
                              account_id=old.account_id, account_deleted=old.account_deleted))
    return turned


def rematch_for(room: Room, new: RoomRow, seats: Sequence[int]) -> Rematch | None:
    """Where the client holding ``seats`` of ``room`` sits in its rematch ``new`` (None: nowhere)."""
    count = len(room.row.seats)
    turned = tuple(sorted((seat + 1) % count for seat in seats))
    if not turned or len(new.seats) != count:
        return None
    token = new.seats[turned[0]].token
    return Rematch(new.code, token, turned) if token else None


class Actions:
    """The game actions of one server's rooms."""

    def __init__(self, service: RoomService) -> None:
        self.service = service

    async def act(self, room: Room, seats: Sequence[int], action: str, version: JSON, kind: JSON = None,
                  owner: str = "") -> dict[str, JSON]:
        """Do ``action`` (one of :data:`MESSAGES`; ``kind``: the offer's) for the client holding ``seats``, at
        the room ``version`` it saw; ``owner``: its address (a rematch's new room is its). Returns the new
        version, and the client's seats in the rematch when there is one."""
        service = self.service
        if owner:  # every action message counts like a move (whatever becomes of it): --limit-moves
            await service.fair.take_change(owner, room.code, seats)
        async with room.lock:
            if service.cluster.clustered and isinstance(version, int) and version != room.version:
                await service.refresh(room)  # another process may have changed it: the database decides
            _check_version(room, version)
            if action == "resign":
                await self._resign(room, seats)
            elif action == "abort":
                await self._abort(room, seats)
            elif action == "offer":
                await self._offer(room, seats, kind, owner)
            elif action == "accept":
                await self._accept(room, seats, kind, owner)
            elif action == "decline":
                await self._decline(room, seats, kind)
            else:
                raise _no("malformed", f"action inconnue : {action!r}"[:120], f"unknown action: {action!r}"[:120], 400)
            reply: dict[str, JSON] = {"version": room.version}
        if room.row.rematch is not None and seats:
            new = await service.room(room.row.rematch)
            found = rematch_for(room, new.row, seats)
            reply["rematch"] = found.to_json() if found is not None else None
        return reply

    # --- the actions ---------------------------------------------------------------------------
    async def _resign(self, room: Room, seats: Sequence[int]) -> None:
        _raise(resign_refusal(room, seats))
        others = _others(room, seats)
        alone = any(s.kind == "ai" for s in others) and not any(s.kind == "human" for s in others)
        seat = room.active_seat(seats)
        assert seat is not None
        await self._store(room, result=resignation(room.row.seats, seat, against_computer=alone), offer=None)

    async def _abort(self, room: Room, seats: Sequence[int]) -> None:
        _raise(abort_refusal(room, seats))
        seat = room.active_seat(seats)
        assert seat is not None
        await self._store(room, result=aborted(seat), offer=None)

    async def _offer(self, room: Room, seats: Sequence[int], kind: JSON, owner: str) -> None:
        _raise(offer_refusal(room, seats, kind))
        seat = room.active_seat(seats)
        assert seat is not None and isinstance(kind, str)
        waiting = [s.seat for s in _others(room, seats) if s.kind == "human"]
        if not waiting:  # nobody to ask: the computer, or this person holds every human seat
            await self._carry_out(room, {"kind": kind, "seat": seat}, seats, owner)
            return
        # counted where the server counts its other allowances: in a cluster, the bus's Redis (one count for
        # the seat whatever process its messages reach)
        wait = await self.service.fair.counters.take("offers", OFFER_RATE, f"{room.code}/{seat}", self.service.clock.now())
        if wait > 0:
            raise RateLimited("rate_limited", Msg(
                f"trop de propositions : {OFFER_RATE.count} au plus, puis une toutes les "
                f"{OFFER_RATE.seconds / OFFER_RATE.count:.0f} s",
                f"too many offers: at most {OFFER_RATE.count}, then one every {OFFER_RATE.seconds / OFFER_RATE.count:.0f} s"),
                wait)
        offer = {"kind": kind, "seat": seat, "waiting": waiting, "ply": len(room.row.moves)}
        await self._store(room, result=room.row.result, offer=offer)

    async def _accept(self, room: Room, seats: Sequence[int], kind: JSON, owner: str) -> None:
        _raise(answer_refusal(room, seats, kind, accepting=True))
        offer = _pending(room)
        assert offer is not None
        waiting = [seat for seat in offer.get("waiting", []) if seat not in _person(room, seats)]
        if waiting:  # three or four people: the others are still to agree
            await self._store(room, result=room.row.result, offer={**offer, "waiting": waiting})
            return
        await self._carry_out(room, offer, seats, owner)

    async def _decline(self, room: Room, seats: Sequence[int], kind: JSON) -> None:
        _raise(answer_refusal(room, seats, kind, accepting=False))
        offer = _pending(room)
        assert offer is not None
        # kept, marked declined, until the next move: its author may not make it again before then
        await self._store(room, result=room.row.result, offer={**offer, "declined": True, "waiting": []})

    async def _carry_out(self, room: Room, offer: dict[str, Any], seats: Sequence[int], owner: str) -> None:
        """Do what everyone agreed to: the draw, the takeback (``seats``: whoever's consent came last, the
        author's seats when nobody was asked) or the rematch."""
        kind, author = offer["kind"], offer["seat"]
        if kind == "draw":
            await self._store(room, result=agreed_draw(room.row.seats, author), offer=None)
        elif kind == "takeback":
            cut = _takeback_from(room, (author,))
            if cut is None:  # the author's moves are gone meanwhile (cannot happen: any move clears the offer)
                raise _no("nothing_to_take_back", "plus rien à reprendre", "nothing left to take back")
            await self._store(room, result=None, offer=None, keep=cut)
        else:
            await self._open_rematch(room, owner)

    async def _open_rematch(self, room: Room, owner: str) -> None:
        service = self.service
        row, entry = room.row, room.entry
        if any(s.kind == "ai" for s in row.seats):
            service.turns.check_ai_rooms(owner)
        if owner:
            await service.fair.take("create", owner)  # a rematch is a room made, like any other
        upgrade = entry.adapter.stored_options
        options = upgrade(row.options) if upgrade is not None else row.options
        game = await service.calls.new_game(entry, dict(options), fresh_seed(), owner)
        now = service.clock.now()
        new = RoomRow(
            code=await service.fresh_code(), game=row.game, options=recorded_options(entry, game), seed=game.seed,
            mode=row.mode, version=0, turn_seconds=row.turn_seconds,
            turn_deadline=now + row.turn_seconds if row.turn_seconds and game.to_move() is not None else None,
            created_at=now, updated_at=now, seats=rematch_seats(row.seats), moves=[], rated=row.rated,
        )
        # the old room's clients are given their new seats by a task (tell_rematch) that runs only after this
        # coroutine's next await: the new room is in memory by then
        await self._store(room, result=row.result, offer=None, creates=new)
        created = Room(row=new, entry=entry, game=game, owner=owner)
        service.keep_in_memory(created)
        service.after_change(created)

    # --- storing a change ----------------------------------------------------------------------
    async def _store(self, room: Room, *, result: dict[str, JSON] | None, offer: dict[str, JSON] | None,
                     keep: int | None = None, creates: RoomRow | None = None) -> None:
        """Commit the room's change (its version checked), then show it; ``keep``: the moves kept (a takeback,
        the others popped from the engine first). A room that ends here tells :attr:`RoomService.on_finished`."""
        service, row = self.service, room.row
        mover_before = room.game.to_move()
        popped = row.moves[keep:] if keep is not None else []
        for _ in popped:
            room.game.pop()
        ends = row.result is None and result is not None
        now = service.clock.now()
        if ends:
            deadline, finished = None, now
        elif keep is not None:
            deadline, finished = service.next_deadline(room, mover_before), None
        else:
            deadline, finished = row.turn_deadline, row.finished_at
        rematch = creates.code if creates is not None else row.rematch
        write = Write(room.code, room.version + 1, deadline, keep=keep, at=now, finished_at=finished, result=result,
                      offer=offer, rematch=rematch, creates=creates)
        try:
            await service.db.write(write)
        except StaleWriteError:
            await service.refresh_after_race(room)  # rebuilt from the store: the pops are undone too
        except Exception as error:
            log.exception("storage failure in room %s", room.code)
            for _seat, data in popped:
                room.game.push(room.game.move_from_json(data))
            raise refusal("storage", "l'action n'a pas pu être enregistrée", "the action could not be stored", 503) from error
        if keep is not None:
            del row.moves[keep:]
        row.version += 1
        row.turn_deadline, row.updated_at, row.finished_at = deadline, now, finished
        row.result, row.offer, row.rematch = result, offer, rematch
        service.after_change(room)
        if ends:
            service.finished(room)

    # --- a move's effect on the offer ----------------------------------------------------------
    @staticmethod
    def offer_after_moves(room: Room, movers: Sequence[int]) -> dict[str, JSON] | None:
        """The offer that stands once ``movers`` played: a draw offer survives its author's own moves, any
        other move declines it; a takeback offer goes with any move; a declined one is forgotten."""
        offer = _pending(room)
        if offer is None or offer.get("kind") != "draw":
            return None
        author = _person(room, (offer["seat"],))
        return offer if all(seat in author for seat in movers) else None

    # --- the rematch's seats, to each client ---------------------------------------------------
    def tell_rematch(self, room: Room, clients: Sequence[Client] | None = None) -> None:
        """Give each player's client of ``room`` (or only ``clients``, newly connected) its seat token in the
        rematch, once per rematch and client: after the change that made it, here or on another process."""
        if room.row.rematch is None:
            return
        if clients is None:
            if room.rematch_told == room.row.rematch:
                return
            room.rematch_told = room.row.rematch
            clients = list(room.clients)
        players = [client for client in clients if client.seats]
        if players:
            self.service.spawn(self._send_rematch(room, room.row.rematch, players))

    async def _send_rematch(self, room: Room, code: str, clients: list[Client]) -> None:
        try:
            new = await self.service.room(code)
        except ServerError as error:  # expired meanwhile: nothing to give
            log.warning("rematch %s of room %s not found: %s", code, room.code, error.text("en"))
            return
        for client in clients:
            found = rematch_for(room, new.row, client.seats)
            if found is not None:
                client.push(found.to_json())


def _check_version(room: Room, version: JSON) -> None:
    if isinstance(version, bool) or not isinstance(version, int):
        raise _no("malformed", "« version » : un entier est attendu", "'version': an integer is expected", 400)
    if version != room.version:
        raise _no("stale", f"message périmé : la partie en est à la version {room.version}, pas {version}",
                  f"stale message: the game is at version {room.version}, not {version}")


def _raise(refused: ServerError | None) -> None:
    if refused is not None:
        raise refused


__all__ = ["MESSAGES", "OFFER_KINDS", "OFFER_RATE", "Actions", "Rematch", "available", "rematch_seats"]
