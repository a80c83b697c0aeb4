"""The HTTP routes of accounts, and how a request is known to come from a signed-in person.

The session is a cookie (``meeple_session``: HttpOnly, so no script reads it; SameSite=Lax, so another site's
page does not send it with its requests; Secure when the page was served over TLS). Every request that
changes something and carries that cookie must also carry the session's anti-CSRF token in the
``X-CSRF-Token`` header (the app reads it from ``GET /api/me``, which another site's page cannot read), and,
when it has an ``Origin``, come from the server's own origin or one allowed with ``--allow-origin``;
otherwise it is refused with 403 ``csrf``, whatever it asked. docs/security.md, « Accounts ».
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence

from fastapi import FastAPI, Request, Response
from pydantic import BaseModel, Field

from meeple.core.game import JSON
from meeple.server.errors import ServerError, refusal
from meeple.server.people.accounts import SESSION_SECONDS, People
from meeple.server.people.store import MAX_CLAIMED_TOKENS, Account, Session
from meeple.server.requests import address_of
from meeple.server.transport import origin_allowed

COOKIE = "meeple_session"
CSRF_HEADER = "x-csrf-token"
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
MAX_FIELD = 200
"""Names and passwords arrive as text of at most this many characters (the rules then say more)."""


class Credentials(BaseModel):
    """A name and a password, with the seat tokens this browser kept as a guest (they join the account)."""

    name: str = Field(max_length=MAX_FIELD)
    password: str = Field(max_length=MAX_FIELD)
    tokens: list[str] = Field(default_factory=list, max_length=MAX_CLAIMED_TOKENS)


class NewPassword(BaseModel):
    """The current password, and the new one."""

    current: str = Field(max_length=MAX_FIELD)
    new: str = Field(max_length=MAX_FIELD)


class Confirmation(BaseModel):
    """The password, to confirm a deletion."""

    password: str = Field(max_length=MAX_FIELD)


def account_json(account: Account) -> dict[str, JSON]:
    """An account as its owner and the app see it."""
    return {"name": account.name, "created_at": account.created_at}


class SignedIn:
    """Who a request comes from, checked against CSRF: ``await signed_in(request)`` is the session and its
    secret, or None for a guest."""

    def __init__(self, people: People, origins: Sequence[str]) -> None:
        self.people = people
        self.origins = tuple(origins)

    async def __call__(self, request: Request) -> tuple[Session, str] | None:
        secret = request.cookies.get(COOKIE)
        if not secret:
            return None
        session = await self.people.session(secret)
        if session is None:
            return None
        if request.method not in SAFE_METHODS:
            token = request.headers.get(CSRF_HEADER, "")
            if not origin_allowed(request.scope, self.origins) or not secrets.compare_digest(token, session.csrf):
                raise _csrf_refused()
        return session, secret

    def from_the_app(self, request: Request) -> None:
        """Refuse (403 ``csrf``) a sign-in or sign-up that another site's page could have sent: it must carry
        the ``X-CSRF-Token`` header (a page can set it only on its own site's requests: another site's needs a
        CORS permission meeple never gives; a guest's app sends ``guest``) and come from an allowed origin."""
        if not request.headers.get(CSRF_HEADER) or not origin_allowed(request.scope, self.origins):
            raise _csrf_refused()

    async def required(self, request: Request) -> tuple[Session, str]:
        """The session of ``request``, or 401 for a guest."""
        found = await self(request)
        if found is None:
            raise refusal("signed_out", "connectez-vous d'abord", "sign in first", 401)
        return found


def _csrf_refused() -> ServerError:
    return refusal("csrf", "requête refusée : elle ne vient pas de la page de meeple (jeton anti-CSRF)",
                   "request refused: it does not come from meeple's page (anti-CSRF token)", 403)


def _set_cookie(request: Request, response: Response, secret: str) -> None:
    response.set_cookie(COOKIE, secret, max_age=int(SESSION_SECONDS), httponly=True, samesite="lax", path="/",
                        secure=request.url.scheme == "https")


def _clear_cookie(request: Request, response: Response) -> None:
    response.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax", secure=request.url.scheme == "https")


def add_people_api(app: FastAPI, people: People, signed_in: SignedIn) -> None:
    """The routes of accounts: who am I, sign up, sign in and out, change the password, delete the account,
    my rooms."""
    fair = people.service.fair

    @app.get("/api/me", summary="Who this browser is signed in as (and the anti-CSRF token of its session)")
    async def me(request: Request, response: Response) -> dict[str, JSON]:
        found = await signed_in(request)
        if found is None:
            if request.cookies.get(COOKIE):
                _clear_cookie(request, response)  # an ended session's cookie is dropped
            return {"account": None, "csrf": None}
        session, _secret = found
        return {"account": account_json(session.account), "csrf": session.csrf}

    @app.post("/api/account", summary="Create an account (the guest seats of this browser join it); signs in")
    async def sign_up(body: Credentials, request: Request, response: Response) -> dict[str, JSON]:
        signed_in.from_the_app(request)
        await fair.take("signup", address_of(request))
        previous = await signed_in(request)  # a signed-in page creating another account: CSRF-checked too
        account, secret = await people.sign_up(body.name, body.password, body.tokens)
        if previous is not None:
            await people.sign_out(previous[1])
        _set_cookie(request, response, secret)
        return await _signed_in_reply(people, account, secret)

    @app.post("/api/session", summary="Sign in (the guest seats of this browser join the account)")
    async def sign_in(body: Credentials, request: Request, response: Response) -> dict[str, JSON]:
        signed_in.from_the_app(request)
        # a new session id at every sign-in: the browser's old one (if any) ends, none is carried over
        account, secret = await people.sign_in(body.name, body.password, address_of(request), body.tokens,
                                               replaces=request.cookies.get(COOKIE))
        _set_cookie(request, response, secret)
        return await _signed_in_reply(people, account, secret)

    @app.delete("/api/session", summary="Sign out")
    async def sign_out(request: Request, response: Response) -> dict[str, JSON]:
        found = await signed_in(request)
        if found is not None:
            await people.sign_out(found[1])
        _clear_cookie(request, response)
        return {"account": None}

    @app.post("/api/account/password", summary="Change the password (every other session ends)")
    async def change_password(body: NewPassword, request: Request) -> dict[str, JSON]:
        session, secret = await signed_in.required(request)
        await people.change_password(session, secret, body.current, body.new)
        return {"account": account_json(session.account)}

    @app.post("/api/account/delete", summary="Delete the account and its personal data (its games stay)")
    async def delete_account(body: Confirmation, request: Request, response: Response) -> dict[str, JSON]:
        session, _secret = await signed_in.required(request)
        await people.delete(session, body.password)
        _clear_cookie(request, response)
        return {"account": None}

    @app.get("/api/me/rooms", summary="The rooms the signed-in account plays in, with their seat tokens")
    async def my_rooms(request: Request) -> dict[str, JSON]:
        session, _secret = await signed_in.required(request)
        await fair.take("lookup", address_of(request))
        return {"rooms": await people.rooms(session.account)}


async def _signed_in_reply(people: People, account: Account, secret: str) -> dict[str, JSON]:
    session = await people.session(secret)
    assert session is not None
    return {"account": account_json(account), "csrf": session.csrf}
