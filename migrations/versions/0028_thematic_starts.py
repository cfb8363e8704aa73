"""Thematic events: every game may start from a set position, an opening
line or a Chess960 position drawn per round, and remembers where it started.

Revision ID: 0028
Revises: 0027
Create Date: 2026-11-24 02:50:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0028"
down_revision: str | None = "0027"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("events") as batch:
        batch.add_column(sa.Column("start_fen", sa.String(100), nullable=True))
        batch.add_column(sa.Column("start_line", sa.String(400), nullable=True))
        batch.add_column(
            sa.Column("chess960", sa.Boolean(), nullable=False, server_default=sa.false())
        )
        batch.add_column(sa.Column("chess960_seed", sa.String(64), nullable=True))
    with op.batch_alter_table("sections") as batch:
        batch.add_column(sa.Column("start_fen", sa.String(100), nullable=True))
        batch.add_column(sa.Column("start_line", sa.String(400), nullable=True))
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("start_fen", sa.String(100), nullable=True))
        batch.add_column(sa.Column("start_line", sa.String(400), nullable=True))
        batch.add_column(
            sa.Column("chess960", sa.Boolean(), nullable=False, server_default=sa.false())
        )


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("chess960")
        batch.drop_column("start_line")
        batch.drop_column("start_fen")
    with op.batch_alter_table("sections") as batch:
        batch.drop_column("start_line")
        batch.drop_column("start_fen")
    with op.batch_alter_table("events") as batch:
        batch.drop_column("chess960_seed")
        batch.drop_column("chess960")
        batch.drop_column("start_line")
        batch.drop_column("start_fen")
