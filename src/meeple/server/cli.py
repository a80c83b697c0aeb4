"""``meeple serve``: the browser app on http://127.0.0.1:8000, with an embedded SQLite database."""

from __future__ import annotations

import gc
import socket
from typing import Annotated

import typer

from meeple.core.cli_i18n import cli_help
from meeple.core.errors import MeepleError, os_error_reason
from meeple.core.i18n import Msg

SERVE_HELP = cli_help(
    "Lance l'application web ; ouvrez l'adresse affichée dans un navigateur.",
    "Start the browser app; open the address it prints in a browser.",
)


def serve(
    host: Annotated[str, typer.Option("--host", help=cli_help("adresse d'écoute", "address to listen on"))]
    = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=1, max=65535, help=cli_help("port d'écoute", "port to listen on"))]
    = 8000,
    db: Annotated[str | None, typer.Option("--db", help=cli_help(
        "fichier SQLite ou URL SQLAlchemy de la base (défaut : MEEPLE_DATABASE_URL, sinon meeple.sqlite3)",
        "SQLite file or SQLAlchemy URL of the database (default: MEEPLE_DATABASE_URL, else meeple.sqlite3)",
    ))] = None,
) -> None:
    """Start the browser app."""
    import uvicorn

    from meeple.server.app import create_app

    _check_address_free(host, port)
    app = create_app(db)
    _tune_garbage_collector()
    print(Msg(f"meeple : http://{host}:{port}", f"meeple: http://{host}:{port}").text(), flush=True)
    uvicorn.run(app, host=host, port=port, log_level="warning", ws_max_size=64 * 1024,
                ws_per_message_deflate=False)


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


def register(app: typer.Typer) -> None:
    """Add ``serve`` to the root command line."""
    app.command("serve", help=SERVE_HELP)(serve)
