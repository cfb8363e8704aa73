"""An event names its system of play (Art. 26): round robin, Swiss or knockout.

Revision ID: 0025
Revises: 0024
Create Date: 2026-11-24 02:40:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0025"
down_revision: str | None = "0024"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("events") as batch:
        batch.add_column(
            sa.Column("system", sa.String(32), nullable=False, server_default="round_robin")
        )


def downgrade() -> None:
    with op.batch_alter_table("events") as batch:
        batch.drop_column("system")
