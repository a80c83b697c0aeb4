"""Game actions: a room's ending decided by its players (resign, agreed draw, abort), the offer waiting for an
answer (draw, takeback, rematch), and the room of its rematch.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("rooms", sa.Column("result", sa.Text, nullable=True))
    op.add_column("rooms", sa.Column("offer", sa.Text, nullable=True))
    op.add_column("rooms", sa.Column("rematch", sa.String(16), nullable=True))
