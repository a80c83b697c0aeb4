"""``meeple serve``: the browser app on http://127.0.0.1:8000, with an embedded SQLite database."""

from __future__ import annotations

import gc
import ipaddress
import socket
from typing import Annotated, Any

import typer

from meeple.core.cli_i18n import cli_help
from meeple.core.errors import MeepleError, os_error_reason
from meeple.core.i18n import Msg
from meeple.core.modules import require_optional
from meeple.server.bus import check_bus
from meeple.server.connections import ConnectionLimits, open_files_limit
from meeple.server.fairuse import Limits, LimitSyntaxError, parse_duration, parse_rate

DEFAULTS = Limits()


def _rate_option(flag: str, fr: str, en: str) -> Any:
    return typer.Option(flag, help=cli_help(
        f"{fr} par adresse (NOMBRE/DURÉE, par exemple 30/10m)", f"{en} per address (COUNT/PERIOD, e.g. 30/10m)"))


def _duration_option(flag: str, fr: str, en: str) -> Any:
    return typer.Option(flag, help=cli_help(
        f"{fr} (par exemple 7d, 24h, 90m ; 0 : jamais)", f"{en} (e.g. 7d, 24h, 90m; 0: never)"))


def _duration_text(seconds: float) -> str:
    for unit, size in (("d", 86400), ("h", 3600), ("m", 60)):
        if seconds and seconds % size == 0:
            return f"{int(seconds // size)}{unit}"
    return f"{int(seconds)}s" if seconds else "0"

def serve(
    host: Annotated[str, typer.Option("--host", help=cli_help("adresse d'écoute", "address to listen on"))]
    = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=1, max=65535, help=cli_help("port d'écoute", "port to listen on"))]
    = 8000,
    db: Annotated[str | None, typer.Option("--db", help=cli_help(
        "fichier SQLite ou URL SQLAlchemy de la base (défaut : MEEPLE_DATABASE_URL, sinon meeple.sqlite3)",
        "SQLite file or SQLAlchemy URL of the database (default: MEEPLE_DATABASE_URL, else meeple.sqlite3)",
    ))] = None,
    bus: Annotated[str | None, typer.Option("--bus", envvar="MEEPLE_BUS_URL", help=cli_help(
        "URL Redis du bus d'une grappe de serveurs (redis://HÔTE:PORT/N) ; tous les processus lancés avec la "
        "même --db PostgreSQL et le même --bus servent les mêmes salles",
        "Redis URL of a server cluster's bus (redis://HOST:PORT/N); every process started with the same "
        "PostgreSQL --db and the same --bus serves the same rooms",
    ))] = None,
    limit_create: Annotated[str, _rate_option("--limit-create", "salles créées", "rooms created")]
    = str(DEFAULTS.create),
    limit_join: Annotated[str, _rate_option("--limit-join", "places prises", "seats taken")] = str(DEFAULTS.join),
    limit_lookup: Annotated[str, _rate_option("--limit-lookup", "salles consultées par leur code",
                                              "rooms looked up by code")] = str(DEFAULTS.lookup),
    limit_query: Annotated[str, _rate_option("--limit-query", "questions aux jeux", "questions to the games")]
    = str(DEFAULTS.query),
    limit_moves: Annotated[str, typer.Option("--limit-moves", help=cli_help(
        "coups et annulations par place d'une salle (NOMBRE/DURÉE)", "moves and undos per seat of a room (COUNT/PERIOD)"))]
    = str(DEFAULTS.moves),
    limit_moves_per_address: Annotated[str, _rate_option("--limit-moves-per-address", "coups et annulations",
                                                         "moves and undos")] = str(DEFAULTS.moves_per_address),
    limit_signup: Annotated[str, _rate_option("--limit-signup", "comptes créés", "accounts created")]
    = str(DEFAULTS.signup),
    limit_signin: Annotated[str, _rate_option("--limit-signin", "connexions tentées", "sign-in attempts")]
    = str(DEFAULTS.signin),
    limit_signin_name: Annotated[str, typer.Option("--limit-signin-name", help=cli_help(
        "connexions tentées par nom de compte, toutes adresses confondues (NOMBRE/DURÉE)",
        "sign-in attempts per account name, from every address together (COUNT/PERIOD)"))]
    = str(DEFAULTS.signin_name),
    limit_misses: Annotated[str, _rate_option("--limit-misses", "codes de salle inconnus avant blocage",
                                              "unknown room codes before a lockout")] = str(DEFAULTS.misses),
    lockout: Annotated[str, _duration_option("--lockout", "durée du blocage après trop de codes inconnus",
                                             "how long a lockout after too many unknown codes lasts")]
    = _duration_text(DEFAULTS.lockout_seconds),
    ai_searches: Annotated[int, typer.Option("--ai-searches-per-client", min=1, help=cli_help(
        "recherches de l'ordinateur simultanées par adresse (les autres attendent leur tour)",
        "computer searches at once per address (the others wait their turn)"))] = DEFAULTS.ai_searches_per_client,
    ai_rooms: Annotated[int, typer.Option("--ai-rooms-per-client", min=1, help=cli_help(
        "parties en cours contre l'ordinateur par adresse", "games against the computer under way per address"))]
    = DEFAULTS.ai_rooms_per_client,
    game_calls: Annotated[int, typer.Option("--game-calls-per-client", min=1, help=cli_help(
        "calculs lourds des jeux (énigme générée, indice, vérification d'un éditeur) en cours à la fois par "
        "adresse, un seul calculé à la fois ; au-delà : refusé",
        "heavy game computations (a generated case, a hint, an editor's check) under way at once per address, "
        "one computed at a time; beyond: refused"))] = DEFAULTS.game_calls_per_client,
    trust_proxy: Annotated[list[str] | None, typer.Option("--trust-proxy", help=cli_help(
        "adresse ou réseau (CIDR) d'un proxy inverse dont X-Forwarded-For donne l'adresse du client "
        "(répétable ; aucun par défaut : l'en-tête est ignoré)",
        "address or network (CIDR) of a reverse proxy whose X-Forwarded-For gives the client's address "
        "(repeatable; none by default: the header is ignored)"))] = None,
    expire_finished: Annotated[str, _duration_option("--expire-finished", "une partie finie est effacée après",
                                                     "a finished game is deleted after")]
    = _duration_text(DEFAULTS.finished_ttl),
    expire_abandoned: Annotated[str, _duration_option(
        "--expire-abandoned", "une partie sans coup depuis cette durée est effacée",
        "a game with no move for this long is deleted")] = _duration_text(DEFAULTS.abandoned_ttl),
    expire_unstarted: Annotated[str, _duration_option(
        "--expire-unstarted", "une salle en ligne qui attend encore ses joueurs est effacée après",
        "an online room still waiting for its players is deleted after")] = _duration_text(DEFAULTS.unstarted_ttl),
    allow_origin: Annotated[list[str] | None, typer.Option("--allow-origin", help=cli_help(
        "origine (https://hote[:port]) d'où une page peut ouvrir les websockets, en plus de l'adresse du serveur "
        "(répétable ; s'ajoute à MEEPLE_ALLOW_ORIGINS, séparées par des virgules)",
        "origin (https://host[:port]) whose pages may open websockets, besides the server's own address "
        "(repeatable; adds to MEEPLE_ALLOW_ORIGINS, comma-separated)"))] = None,
    docs: Annotated[bool, typer.Option("--docs/--no-docs", help=cli_help(
        "la documentation de l'API sur /docs (fichiers locaux, aucun CDN)",
        "the API's documentation at /docs (local files, no CDN)"))] = True,
) -> None:
    """Start the browser app."""
    needed = ("fastapi", "sqlalchemy", "uvicorn") + (("fastapi_offline",) if docs else ())  # fastapi_offline: /docs
    for part in needed:  # in the default install: missing means a broken one
        require_optional(part, None, Msg("meeple serve", "meeple serve"))
    import uvicorn

    from meeple.server.app import create_app
    from meeple.server.transport import configured_origins

    try:
        origins = configured_origins(allow_origin or ())
    except ValueError as error:
        raise typer.BadParameter(Msg(f"origine invalide « {error} » : attendu http(s)://hote[:port]",
                                     f"invalid origin '{error}': expected http(s)://host[:port]").text(),
                                 param_hint="--allow-origin / MEEPLE_ALLOW_ORIGINS") from None

    limits = Limits(
        create=parse_rate(limit_create), join=parse_rate(limit_join), lookup=parse_rate(limit_lookup),
        query=parse_rate(limit_query), moves=parse_rate(limit_moves),
        moves_per_address=parse_rate(limit_moves_per_address), misses=parse_rate(limit_misses),
        lockout_seconds=parse_duration(lockout),
        signup=parse_rate(limit_signup), signin=parse_rate(limit_signin), signin_name=parse_rate(limit_signin_name),
        ai_searches_per_client=ai_searches, ai_rooms_per_client=ai_rooms, game_calls_per_client=game_calls,
        trusted_proxies=tuple(_proxy(value) for value in trust_proxy or ()),
        finished_ttl=parse_duration(expire_finished), abandoned_ttl=parse_duration(expire_abandoned),
        unstarted_ttl=parse_duration(expire_unstarted),
    )
    _check_address_free(host, port)
    if bus:
        check_bus(bus)
    app = create_app(db, limits=limits, origins=origins, docs=docs, bus_url=bus)
    _tune_garbage_collector()
    open_files_limit(raise_to_hard=True)  # before the cap on connections is derived from it
    connections = ConnectionLimits(trusted=limits.trusted_proxies)
    print(Msg(f"meeple : http://{host}:{port}", f"meeple: http://{host}:{port}").text(), flush=True)
    server = uvicorn.Server(uvicorn.Config(app, host=host, port=port, **uvicorn_options(connections)))
    # Not uvicorn.run, which swallows the Ctrl-C it re-raises after its graceful shutdown: here it reaches
    # the command line, which exits 130 as every interrupted command does (docs/cli.md).
    server.run()
    if not server.started:
        raise MeepleError(Msg(f"le serveur n'a pas démarré sur {host}:{port}", f"the server did not start on {host}:{port}"))


WS_PING_SECONDS = 20.0
"""A websocket is pinged after this long without traffic, and closed if the pong does not come within
as long again: a peer gone without a word (a half-open connection) is let go within 40 s."""


def uvicorn_options(connections: ConnectionLimits | None = None) -> dict[str, Any]:
    """How uvicorn runs the app: quiet, websocket messages of at most the app's own limit, uncompressed
    (a compressed message could unpack to far more than its size), proxy headers off (the app itself reads
    X-Forwarded-For, from the --trust-proxy proxies only), HTTP connections under ``connections``' limits
    (:mod:`meeple.server.connections`: time limits on heads and bodies, caps per address and in total,
    idle connections closed) and silent websockets pinged."""
    from meeple.server.connections import guarded_protocol
    from meeple.server.websocket import MAX_MESSAGE

    limits = connections or ConnectionLimits()
    return {"log_level": "warning", "ws_max_size": MAX_MESSAGE, "ws_per_message_deflate": False,
            "proxy_headers": False, "http": guarded_protocol(limits), "timeout_keep_alive": limits.keep_alive_seconds,
            "h11_max_incomplete_event_size": limits.head_bytes, "ws_ping_interval": WS_PING_SECONDS,
            "ws_ping_timeout": WS_PING_SECONDS}


def _proxy(value: str) -> str:
    """A --trust-proxy value: an IP address or network, else one clear error."""
    try:
        return str(ipaddress.ip_network(value.strip(), strict=False))
    except ValueError:
        raise LimitSyntaxError(Msg(f"--trust-proxy : « {value} » n'est ni une adresse IP ni un réseau (CIDR)",
                                   f"--trust-proxy: '{value}' is neither an IP address nor a network (CIDR)")) from None


def _check_address_free(host: str, port: int) -> None:
    """Refuse, before printing any address, a host that does not resolve (a usage error) or a port that
    something else already listens on (the work cannot be done: exit 1), in one line either way."""
    try:
        family, kind, proto, _name, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
    except (socket.gaierror, UnicodeError):
        raise typer.BadParameter(Msg(f"« {host} » : adresse inconnue", f"'{host}': unknown address").text(),
                                 param_hint="--host") from None
    with socket.socket(family, kind, proto) as probe:
        # as uvicorn will: a port left in TIME_WAIT by a server that just stopped is free
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(address)
        except OSError as error:
            reason = os_error_reason(error)
            raise MeepleError(Msg(f"impossible d'écouter sur {host}:{port} : {reason.fr}",
                                  f"cannot listen on {host}:{port}: {reason.en}")) from None


def _tune_garbage_collector() -> None:
    """Fewer, cheaper collections for a long-running server: what start-up loaded (the engines, their
    tables) is frozen out of every collection, and the oldest generation is collected ten times less often,
    which keeps its pauses out of most moves' round trips."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(2000, 20, 100)


app = typer.Typer(add_completion=False)
"""``meeple serve`` (its help line is the root command line's, which lists it before importing the server)."""
app.command("serve")(serve)
