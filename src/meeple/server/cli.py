"""``meeple serve``: the browser app on http://127.0.0.1:8000, with an embedded SQLite database."""

from __future__ import annotations

import gc
from typing import Annotated

import typer

from meeple.core.cli_i18n import cli_help
from meeple.core.i18n import Msg

SERVE_HELP = cli_help(
    "Lance l'application web ; ouvrez l'adresse affichée dans un navigateur.",
    "Start the browser app; open the address it prints in a browser.",
)


def serve(
    host: Annotated[str, typer.Option("--host", help=cli_help("adresse d'écoute", "address to listen on"))]
    = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help=cli_help("port d'écoute", "port to listen on"))] = 8000,
    db: Annotated[str | None, typer.Option("--db", help=cli_help(
        "fichier SQLite ou URL SQLAlchemy de la base (défaut : MEEPLE_DATABASE_URL, sinon meeple.sqlite3)",
        "SQLite file or SQLAlchemy URL of the database (default: MEEPLE_DATABASE_URL, else meeple.sqlite3)",
    ))] = None,
) -> None:
    """Start the browser app."""
    import uvicorn

    from meeple.server.app import create_app

    app = create_app(db)
    _tune_garbage_collector()
    print(Msg(f"meeple : http://{host}:{port}", f"meeple: http://{host}:{port}").text(), flush=True)
    uvicorn.run(app, host=host, port=port, log_level="warning", ws_max_size=64 * 1024,
                ws_per_message_deflate=False)


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
