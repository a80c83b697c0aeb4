"""``meeple serve``: the browser app on http://127.0.0.1:8000, with an embedded SQLite database."""

from __future__ import annotations

from typing import Annotated

import typer

from meeple.core.i18n import Msg


def serve(
    host: Annotated[str, typer.Option("--host", help="adresse d'écoute / address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="port")] = 8000,
    db: Annotated[
        str | None,
        typer.Option("--db", help="URL SQLAlchemy (défaut : MEEPLE_DATABASE_URL, sinon sqlite:///meeple.sqlite3)"),
    ] = None,
) -> None:
    """Lance l'application web / start the browser app."""
    import uvicorn

    from meeple.server.app import create_app

    app = create_app(db)
    print(Msg(f"meeple : http://{host}:{port}", f"meeple: http://{host}:{port}").text(), flush=True)
    uvicorn.run(app, host=host, port=port, log_level="warning", ws_max_size=64 * 1024)


def register(app: typer.Typer) -> None:
    """Add ``serve`` to the root command line."""
    app.command("serve")(serve)
