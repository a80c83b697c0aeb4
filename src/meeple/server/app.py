"""The FastAPI application: the HTTP API (:mod:`meeple.server.api`, documented at ``/docs``), the room
websocket (:mod:`meeple.server.websocket`) and the browser app's files, behind the transport's guards
(:mod:`meeple.server.transport`: body size, security headers) and the server's error replies.
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from meeple.core.errors import MeepleError
from meeple.core.i18n import Msg
from meeple.server.api import add_api
from meeple.server.bus import make_bus
from meeple.server.clock import Clock
from meeple.server.errors import ServerError
from meeple.server.fairuse import Limits, RateLimited
from meeple.server.people.api import SignedIn, add_people_api
from meeple.server.registry import GameRegistry, UnknownGameError
from meeple.server.requests import ClientGone, error_response, limited_json
from meeple.server.service import RoomService
from meeple.server.store import DEFAULT_URL, Store
from meeple.server.transport import BodyLimit, JsonRefused, SecurityHeaders, configured_origins
from meeple.server.websocket import add_room_socket

WEB_DIR = Path(__file__).resolve().parent.parent / "web"
HTTP_ERRORS = {
    400: Msg("corps de requête illisible : JSON mal formé, trop imbriqué ou nombre trop long",
             "unreadable request body: malformed JSON, nested too deep or a number too long"),
    404: Msg("adresse inconnue", "no such address"),
    405: Msg("méthode non permise à cette adresse", "method not allowed at this address"),
}


def database_url(explicit: str | None = None) -> str:
    """The database to use: ``explicit``, else ``MEEPLE_DATABASE_URL``, else a SQLite file here.

    A value without a scheme is a SQLite file path: ``games.sqlite3`` means ``sqlite:///games.sqlite3``.
    """
    chosen = explicit or os.environ.get("MEEPLE_DATABASE_URL") or DEFAULT_URL
    if "://" not in chosen:
        return "sqlite:///" + str(Path(chosen).expanduser().resolve())
    return chosen


def create_app(db_url: str | None = None, registry: GameRegistry | None = None, ai_delay: float = 0.3,
               clock: Clock | None = None, limits: Limits | None = None, origins: Sequence[str] = (),
               docs: bool = True, bus_url: str | None = None) -> FastAPI:
    """The whole server: API, websocket and the browser app, over the games of ``registry``.

    ``clock`` replaces the wall clock of the turn timers, the rate limits and the rooms' expiry (tests
    move theirs by hand); ``limits`` are the fair-use limits (docs/security.md). Websockets are accepted
    from the server's own origin, from ``origins`` and from :data:`~meeple.server.transport.ORIGINS_ENV`'s;
    ``docs`` serves the API's documentation page at ``/docs`` (from local files); ``bus_url`` (Redis) joins
    the cluster of processes that share the database (:mod:`meeple.server.bus`)."""
    allowed = configured_origins(origins)
    limits = limits or Limits()
    service = RoomService(Store(database_url(db_url)), registry or GameRegistry.from_environment(), ai_delay,
                          clock, limits=limits, bus=make_bus(bus_url))

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        service.start()
        yield
        await service.close()

    app = FastAPI(title="meeple", summary="Rooms, seats and moves for the five games of meeple.",
                  lifespan=lifespan, docs_url=None, redoc_url=None, openapi_url="/openapi.json" if docs else None)
    app.state.service = service
    app.add_middleware(BodyLimit)
    app.add_middleware(SecurityHeaders)  # added after BodyLimit, so around it: the 413 replies carry the headers
    if limits.trusted_proxies:
        from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

        # only these proxies' X-Forwarded-For names the client; anyone else's is its own claim, ignored
        # (added last, so outermost: every other layer sees the client's own address)
        app.add_middleware(ProxyHeadersMiddleware, trusted_hosts=list(limits.trusted_proxies))
    _add_error_handlers(app)
    signed_in = SignedIn(service.people, allowed)
    add_api(app, service, signed_in)
    add_people_api(app, service.people, signed_in)
    add_room_socket(app, service, allowed)
    _add_web(app, service.registry)
    if docs:
        _add_docs(app)
    return app


def _add_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(RateLimited)
    async def _rate_limited(_request: Request, error: RateLimited) -> JSONResponse:
        return JSONResponse(limited_json(error), status_code=429, headers={"Retry-After": str(error.retry_after)})

    @app.exception_handler(ClientGone)
    async def _client_gone(_request: Request, _error: ClientGone) -> Response:
        return Response(status_code=499)  # nobody reads it: the connection is closed

    @app.exception_handler(ServerError)
    async def _server_error(_request: Request, error: ServerError) -> JSONResponse:
        return error_response(error)

    @app.exception_handler(UnknownGameError)
    async def _unknown_game(_request: Request, error: UnknownGameError) -> JSONResponse:
        return error_response(ServerError("unknown_game", error.message, 404))

    @app.exception_handler(MeepleError)
    async def _meeple_error(_request: Request, error: MeepleError) -> JSONResponse:
        return error_response(ServerError("bad_request", error.message, 400))

    @app.exception_handler(RequestValidationError)
    async def _invalid(_request: Request, error: RequestValidationError) -> JSONResponse:
        first = error.errors()[0] if error.errors() else {}
        where = ".".join(str(part) for part in first.get("loc", ()) if part != "body")[:80]
        refused = first.get("ctx", {}).get("error")
        if isinstance(refused, JsonRefused):
            message = Msg(f"requête invalide : {where} : {refused.message.fr}",
                          f"invalid request: {where}: {refused.message.en}")
        else:
            reason = first.get("msg", "invalid")
            message = Msg(f"requête invalide : {where} : {reason}", f"invalid request: {where}: {reason}")
        return error_response(ServerError("malformed", message, 422))

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(_request: Request, error: StarletteHTTPException) -> JSONResponse:
        # FastAPI's own refusals (a body it cannot parse, an unknown path…), in the server's error shape
        message = HTTP_ERRORS.get(error.status_code, Msg(f"erreur HTTP {error.status_code}",
                                                         f"HTTP error {error.status_code}"))
        code = "malformed" if error.status_code == 400 else f"http_{error.status_code}"
        response = error_response(ServerError(code, message, error.status_code))
        response.headers.update(error.headers or {})
        return response


def _add_web(app: FastAPI, registry: GameRegistry) -> None:
    if not WEB_DIR.is_dir():
        return

    # HEAD too: uptime monitors ask with HEAD (the headers of the page, no body)
    @app.api_route("/", methods=["GET", "HEAD"], include_in_schema=False)
    async def index() -> Response:
        return FileResponse(WEB_DIR / "index.html", headers={"Cache-Control": "no-cache"})

    app.mount("/static", StaticFiles(directory=WEB_DIR), name="static")
    for entry in registry.entries():  # a plug-in game's own page and rules modules (game.toml, [web] dir)
        folder = entry.plugin.web_directory() if entry.plugin is not None else None
        if folder is not None:
            app.mount(f"/plugins/{entry.info.name}", StaticFiles(directory=folder), name=f"plugin-{entry.info.name}")


DOCS_PAGE = """<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>meeple — API</title>
  <link rel="icon" href="data:,">
  <link rel="stylesheet" href="/docs/assets/swagger-ui.css">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="/docs/assets/swagger-ui-bundle.js"></script>
  <script src="/static/docs.js"></script>
</body>
</html>
"""


def _add_docs(app: FastAPI) -> None:
    """``/docs``: Swagger UI from the files the ``fastapi-offline`` package ships, never from a CDN (it
    works offline and loads nothing from another site)."""
    from importlib.resources import files

    swagger_ui_path = str(files("fastapi_offline") / "static")

    @app.get("/docs", include_in_schema=False)
    async def docs_page() -> Response:
        return HTMLResponse(DOCS_PAGE)  # under the same strict policy as every page (Swagger UI needs no more)

    app.mount("/docs/assets", StaticFiles(directory=swagger_ui_path), name="docs-assets")
