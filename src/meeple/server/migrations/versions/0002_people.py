"""People: accounts and their sessions; a seat knows the account holding it; a room may be rated.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "accounts",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(20), nullable=False),
        sa.Column("name_key", sa.String(20), nullable=False, unique=True),
        sa.Column("password_hash", sa.String(255), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_table(
        "sessions",
        sa.Column("secret_hash", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("csrf", sa.String(64), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("seen_at", sa.Float, nullable=False),
        sa.Column("expires_at", sa.Float, nullable=False),
    )
    op.create_index("ix_sessions_account_id", "sessions", ["account_id"])
    if op.get_bind().dialect.name == "sqlite":
        # SQLite adds a column with its reference in one statement (a batch copy of the table would trip
        # the foreign keys of the tables that point at it)
        op.execute("ALTER TABLE seats ADD COLUMN account_id INTEGER REFERENCES accounts (id)")
    else:
        op.add_column("seats", sa.Column("account_id", sa.Integer, nullable=True))
        op.create_foreign_key("fk_seats_account_id", "seats", "accounts", ["account_id"], ["id"])
    op.add_column("seats", sa.Column("account_deleted", sa.Boolean, nullable=False, server_default=sa.false()))
    op.create_index("ix_seats_account_id", "seats", ["account_id"])
    op.add_column("rooms", sa.Column("rated", sa.Boolean, nullable=False, server_default=sa.false()))
