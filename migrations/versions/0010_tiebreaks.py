"""The tie-breaks of an event's final standings, chosen in its regulations (Art. 39).

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-21 16:00:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0010"
down_revision: str | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("events", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column(
                "tiebreaks",
                sa.String(length=200),
                server_default="head_to_head,wins,sonneborn_berger,koya",
                nullable=False,
            )
        )


def downgrade() -> None:
    # A plain DROP COLUMN (SQLite 3.35+): copying the events table, as batch
    # mode would, is refused while games refer to its rows.
    op.drop_column("events", "tiebreaks")
