"""Alembic's environment: migrations run on the connection :func:`meeple.server.migrations.upgrade` gives."""

from __future__ import annotations

from alembic import context

connection = context.config.attributes["connection"]
context.configure(connection=connection, render_as_batch=connection.dialect.name == "sqlite",
                  transaction_per_migration=False)
with context.begin_transaction():
    context.run_migrations()
