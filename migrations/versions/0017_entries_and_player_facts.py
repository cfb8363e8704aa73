"""Events open for entry and the players' applications; a player's
federation id, rating and country.

Revision ID: 0017
Revises: 0016
Create Date: 2026-11-23 22:00:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0017"
down_revision: str | None = "0016"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("players", sa.Column("federation_id", sa.String(length=32), nullable=True))
    op.add_column("players", sa.Column("rating", sa.Integer(), nullable=True))
    op.add_column("players", sa.Column("country", sa.String(length=3), nullable=True))
    op.add_column(
        "events",
        sa.Column("entry_open", sa.Boolean(), server_default=sa.false(), nullable=False),
    )
    op.add_column("events", sa.Column("entry_closes_on", sa.Date(), nullable=True))
    op.create_table(
        "event_applications",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column(
            "event_id",
            sa.Integer(),
            sa.ForeignKey("events.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("player_id", sa.Integer(), sa.ForeignKey("players.id"), nullable=False),
        sa.Column(
            "status",
            sa.Enum(
                "applied",
                "accepted",
                "refused",
                "withdrawn",
                name="application_status",
                native_enum=False,
                create_constraint=True,
                length=32,
            ),
            nullable=False,
        ),
        sa.Column("applied_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("decided_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("decided_by_id", sa.Integer(), sa.ForeignKey("players.id"), nullable=True),
        sa.Column("note", sa.Text(), nullable=True),
        sa.UniqueConstraint("event_id", "player_id"),
    )
    op.create_index("ix_event_applications_event_id", "event_applications", ["event_id"])


def downgrade() -> None:
    op.drop_index("ix_event_applications_event_id", table_name="event_applications")
    op.drop_table("event_applications")
    with op.batch_alter_table("events") as batch:
        batch.drop_column("entry_closes_on")
        batch.drop_column("entry_open")
    with op.batch_alter_table("players") as batch:
        batch.drop_column("country")
        batch.drop_column("rating")
        batch.drop_column("federation_id")
