"""Accounts, without HTTP: sign up, sign in and out, change the password, delete the account, the rooms an
account holds.

A session is a random 256-bit secret the browser keeps in an HttpOnly cookie (:mod:`meeple.server.people.api`);
the database keeps only its SHA-256, with the account, an anti-CSRF token and when it expires
(:data:`SESSION_SECONDS` after it was last used). Every sign-in makes a new session (a session id is never
carried over from before, so none can be planted); a new password ends every other session of the account.

Sign-in is rate limited per address and per name (:attr:`Limits.signin`, :attr:`Limits.signin_name`); a wrong
name and a wrong password get the same answer, after the same work (one argon2id verification).
"""

from __future__ import annotations

import hashlib
import logging
import secrets
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from meeple.core.game import JSON
from meeple.server.errors import ServerError, refusal
from meeple.server.people.passwords import Hashing, check_name, check_password, name_key
from meeple.server.people.store import Account, NameTaken, PeopleStore, Session

if TYPE_CHECKING:
    from meeple.server.service import RoomService

log = logging.getLogger("meeple.server")

SESSION_SECONDS = 30 * 86400.0
"""A session ends once unused for 30 days (signing out ends it at once)."""
EXTEND_AFTER_SECONDS = 3600.0
"""A session's end is pushed back when it is used, at most once an hour (not a write per request)."""
SECRET_BYTES = 32


def secret_hash(secret: str) -> str:
    """What the database keeps of a session's secret."""
    return hashlib.sha256(secret.encode()).hexdigest()


def wrong_credentials() -> ServerError:
    """The one answer to a failed sign-in, whatever was wrong: the name or the password."""
    return refusal("wrong_credentials", "nom ou mot de passe incorrect", "wrong name or password", 401)


class People:
    """The accounts of one server (over its database, on its database thread)."""

    def __init__(self, service: RoomService) -> None:
        self.service = service
        self.store = PeopleStore(service.store.engine)
        self.hashing = Hashing()
        self.on_deleted: list[Callable[[Account], None]] = []
        """Called (on the database thread, before the account's row goes) when an account is deleted: the
        ratings and other personal data kept elsewhere go with it."""

    async def _db(self, function: Callable[..., object], *args: object) -> object:
        return await self.service.db.run(function, *args)

    # --- accounts ----------------------------------------------------------------------------------
    async def sign_up(self, name: object, password: object, tokens: Sequence[str] = ()) -> tuple[Account, str]:
        """A new account and its first session (its secret returned); the guest seats of ``tokens`` join it."""
        chosen, given = check_name(name), check_password(password)
        hashed = await self.hashing.hash(given)
        try:
            account = await self.service.db.run(self.store.create_account, chosen, name_key(chosen), hashed,
                                                self.service.clock.now())
        except NameTaken:
            raise refusal("name_taken", f"le nom « {chosen} » est déjà pris", f"the name '{chosen}' is taken",
                          409) from None
        log.info("account %s created", account.name)
        await self._claim(account, tokens)
        return account, await self._new_session(account)

    async def sign_in(self, name: object, password: object, address: str, tokens: Sequence[str] = (),
                      replaces: str | None = None) -> tuple[Account, str]:
        """A new session for the account ``name`` if ``password`` is its own (the session of ``replaces``, the
        browser's old cookie, ends); :func:`wrong_credentials` otherwise, the same for an unknown name."""
        typed = name if isinstance(name, str) else ""
        await self.service.fair.take("signin", address)
        await self.service.fair.take("signin_name", name_key(typed[:40]))
        given = password if isinstance(password, str) and len(password.encode()) <= 128 else ""
        found = await self.service.db.run(self.store.find, name_key(typed)) if 0 < len(typed) <= 40 else None
        account, stored = found if found is not None else (None, None)
        if not await self.hashing.verify(stored, given) or account is None:
            raise wrong_credentials()
        await self._claim(account, tokens)
        return account, await self._new_session(account, replaces)

    async def change_password(self, session: Session, secret: str, current: object, new: object) -> None:
        """A new password, if ``current`` is the account's own; every other session ends."""
        given = check_password(new, "new_password")
        stored = await self.service.db.run(self.store.password_hash, session.account.id)
        if not await self.hashing.verify(stored, current if isinstance(current, str) else ""):
            raise refusal("wrong_password", "mot de passe actuel incorrect", "wrong current password", 403)
        hashed = await self.hashing.hash(given)
        await self._db(self.store.set_password, session.account.id, hashed, secret_hash(secret))

    async def delete(self, session: Session, password: object) -> None:
        """Delete the account and its personal data, if ``password`` is its own: its games stay, its seats
        shown as held by « joueur supprimé »."""
        stored = await self.service.db.run(self.store.password_hash, session.account.id)
        if not await self.hashing.verify(stored, password if isinstance(password, str) else ""):
            raise refusal("wrong_password", "mot de passe incorrect", "wrong password", 403)
        for forget in self.on_deleted:
            await self._db(forget, session.account)
        codes = await self.service.db.run(self.store.delete_account, session.account.id)
        log.info("an account was deleted (%d rooms keep its games)", len(codes))
        await self._reread(codes)

    async def _claim(self, account: Account, tokens: Sequence[str]) -> None:
        codes = await self.service.db.run(self.store.claim_seats, account, list(tokens))
        await self._reread(codes)

    async def _reread(self, codes: list[str]) -> None:
        """Rooms whose seats changed in the database: those in memory here are read again and shown anew, and
        the other processes are told."""
        for code in codes:
            room = self.service.rooms.get(code)
            if room is None:
                continue
            async with room.lock:
                await self.service.refresh(room)
                self.service.after_change(room)

    # --- sessions ----------------------------------------------------------------------------------
    async def _new_session(self, account: Account, replaces: str | None = None) -> str:
        secret = secrets.token_urlsafe(SECRET_BYTES)
        now = self.service.clock.now()
        await self._db(self.store.create_session, account.id, secret_hash(secret), secrets.token_urlsafe(24), now,
                       now + SESSION_SECONDS, secret_hash(replaces) if replaces else None)
        return secret

    async def session(self, secret: str | None) -> Session | None:
        """The live session of a cookie's ``secret`` (None: none, unknown or expired); its end is pushed back."""
        if not secret or len(secret) > 100:
            return None
        hashed = secret_hash(secret)
        now = self.service.clock.now()
        session = await self.service.db.run(self.store.session, hashed, now)
        if session is not None and now - session.seen_at > EXTEND_AFTER_SECONDS:
            await self._db(self.store.extend_session, hashed, now, now + SESSION_SECONDS)
        return session

    async def sign_out(self, secret: str | None) -> None:
        """End the session of ``secret`` (nothing if there is none)."""
        if secret and len(secret) <= 100:
            await self._db(self.store.end_session, secret_hash(secret))

    # --- what an account holds ---------------------------------------------------------------------
    async def rooms(self, account: Account) -> list[dict[str, JSON]]:
        """The rooms the account holds seats in (« Mes parties »), most recent first, each with the tokens of
        its seats (so that a browser the account signs in on can play them) and whose turn it is."""
        held = await self.service.db.run(self.store.rooms_of, account.id, self.service.expiry.cutoffs())
        by_room: dict[str, list[tuple[int, str]]] = {}
        for code, seat, token in held:
            by_room.setdefault(code, []).append((seat, token))
        found: list[dict[str, JSON]] = []
        for code, seats in list(by_room.items())[:50]:
            try:
                room = await self.service.room(code)
            except Exception as error:  # a room that no longer replays is left out of the list, not fatal
                log.warning("room %s cannot be listed: %s", code, error)
                continue
            summary = self.service.views.summary(room, [seat for seat, _token in seats])
            summary["tokens"] = sorted({token for _seat, token in seats if token})
            summary["your_turn"] = room.to_move() in {seat for seat, _token in seats} and not room.waiting()
            found.append(summary)
        return found
