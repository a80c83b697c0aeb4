"""What every HTTP route of the server needs: the client's address (the key of its fair-use limits), the
error replies, and stopping a request's work when its client hangs up."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable
from typing import TypeVar

from fastapi import Request, WebSocket
from fastapi.responses import JSONResponse

from meeple.core.game import JSON
from meeple.server.errors import ServerError
from meeple.server.fairuse import RateLimited, address_key
from meeple.server.transport import client_log

T = TypeVar("T")


def error_response(error: ServerError) -> JSONResponse:
    """A refusal as the HTTP reply every error has: its status, ``{"type": "error", "error", "message"}``."""
    return JSONResponse(error.to_json(), status_code=error.status)


def limited_json(error: RateLimited) -> dict[str, JSON]:
    """A rate-limit refusal's body: the error with ``retry_after`` (whole seconds)."""
    return {"type": "error", "error": error.code, "message": error.message.to_json(), "retry_after": error.retry_after}


def address_of(connection: Request | WebSocket) -> str:
    """The key of the client's fair-use limits: its address (as a listed proxy reported it), IPv6 by /64."""
    return address_key(connection.client.host if connection.client else None)


class ClientGone(Exception):
    """The client of an HTTP request hung up before its answer was ready: its work was stopped."""


async def _hung_up(request: Request) -> None:
    """Return once the client of ``request`` (whose body is already read) has closed its connection."""
    while (await request.receive())["type"] != "http.disconnect":
        pass


async def while_connected(request: Request, work: Awaitable[T]) -> T:
    """``work``'s result, unless the client hangs up first: the work is then cancelled (a call waiting
    for a game worker leaves its queue, a running one stops its worker) and :class:`ClientGone` raised,
    so that nobody's cores go on computing an answer nobody will read."""
    job = asyncio.ensure_future(work)
    watch = asyncio.ensure_future(_hung_up(request))
    try:
        await asyncio.wait({job, watch}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        watch.cancel()
        if not job.done():
            job.cancel()
    if job.cancelled() or not job.done():
        with contextlib.suppress(BaseException):
            await job
        client_log.warning(address_of(request), "left before the answer to %s: its work is stopped",
                           request.url.path[:80])
        raise ClientGone
    return job.result()


