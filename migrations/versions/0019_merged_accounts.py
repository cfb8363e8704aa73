"""A duplicate account can be merged into the person's real one.

Revision ID: 0019
Revises: 0018
Create Date: 2026-11-23 23:00:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0019"
down_revision: str | None = "0018"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("players") as batch:
        batch.add_column(sa.Column("merged_into_id", sa.Integer(), nullable=True))
        batch.create_foreign_key(
            "fk_players_merged_into_id_players", "players", ["merged_into_id"], ["id"]
        )


def downgrade() -> None:
    with op.batch_alter_table("players") as batch:
        batch.drop_constraint("fk_players_merged_into_id_players", type_="foreignkey")
        batch.drop_column("merged_into_id")
