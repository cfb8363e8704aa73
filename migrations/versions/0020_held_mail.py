"""A message whose sender fails authentication is held for the arbiter.

Revision ID: 0020
Revises: 0019
Create Date: 2026-11-24 00:00:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0020"
down_revision: str | None = "0019"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

OLD = "'applied', 'refused', 'ignored', 'retry', 'set_aside'"
NEW = OLD + ", 'held'"


def upgrade() -> None:
    with op.batch_alter_table("inbound_messages") as batch:
        batch.drop_constraint(op.f("ck_inbound_messages_inbound_status"), type_="check")
        batch.create_check_constraint("inbound_status", sa.text(f"status IN ({NEW})"))
        # Who released a held message, vouching for its sender.
        batch.add_column(sa.Column("released_by_id", sa.Integer(), nullable=True))
        batch.create_foreign_key(
            "fk_inbound_messages_released_by_id_players", "players", ["released_by_id"], ["id"]
        )


def downgrade() -> None:
    with op.batch_alter_table("inbound_messages") as batch:
        batch.drop_constraint("fk_inbound_messages_released_by_id_players", type_="foreignkey")
        batch.drop_column("released_by_id")
        batch.drop_constraint(op.f("ck_inbound_messages_inbound_status"), type_="check")
        batch.create_check_constraint("inbound_status", sa.text(f"status IN ({OLD})"))
