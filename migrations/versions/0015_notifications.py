"""Notifications kept per person, each player's channels and digest hour,
the games' index of time alerts, extra headers of outgoing mail, Web Push.

Revision ID: 0015
Revises: 0014
Create Date: 2026-11-23 09:00:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0015"
down_revision: str | None = "0014"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column(
        "players", sa.Column("timezone", sa.String(length=64), server_default="UTC", nullable=False)
    )
    op.add_column(
        "players", sa.Column("digest_hour", sa.Integer(), server_default="7", nullable=False)
    )
    op.add_column("players", sa.Column("digest_sent_on", sa.Date(), nullable=True))
    op.add_column(
        "players", sa.Column("low_time_percent", sa.Integer(), server_default="20", nullable=False)
    )
    op.add_column(
        "players", sa.Column("notify_channels", sa.JSON(), server_default="{}", nullable=False)
    )
    op.add_column("games", sa.Column("alert_on", sa.Date(), nullable=True))
    op.create_index("ix_games_alert_on", "games", ["alert_on"])
    op.add_column(
        "outbound_messages", sa.Column("headers", sa.JSON(), server_default="{}", nullable=False)
    )
    op.create_table(
        "notifications",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("recipient_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=32), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=True),
        sa.Column("case_id", sa.Integer(), nullable=True),
        sa.Column("event_id", sa.Integer(), nullable=True),
        sa.Column("params", sa.JSON(), nullable=False),
        sa.Column("channels", sa.JSON(), nullable=False),
        sa.Column("key", sa.String(length=100), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("read_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("digested_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("push_due", sa.Boolean(), server_default=sa.false(), nullable=False),
        sa.ForeignKeyConstraint(
            ["recipient_id"],
            ["players.id"],
            name="fk_notifications_recipient_id_players",
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name="pk_notifications"),
        sa.UniqueConstraint("recipient_id", "key", name="uq_notifications_recipient_key"),
    )
    op.create_index(
        "ix_notifications_recipient_unread", "notifications", ["recipient_id", "read_at"]
    )
    op.create_index("ix_notifications_push_due", "notifications", ["push_due"])
    op.create_table(
        "push_subscriptions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("endpoint", sa.String(length=1000), nullable=False),
        sa.Column("p256dh", sa.String(length=200), nullable=False),
        sa.Column("auth", sa.String(length=100), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["player_id"],
            ["players.id"],
            name="fk_push_subscriptions_player_id_players",
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name="pk_push_subscriptions"),
        sa.UniqueConstraint("endpoint", name="uq_push_subscriptions_endpoint"),
    )
    op.create_index("ix_push_subscriptions_player_id", "push_subscriptions", ["player_id"])


def downgrade() -> None:
    op.drop_index("ix_push_subscriptions_player_id", table_name="push_subscriptions")
    op.drop_table("push_subscriptions")
    op.drop_index("ix_notifications_push_due", table_name="notifications")
    op.drop_index("ix_notifications_recipient_unread", table_name="notifications")
    op.drop_table("notifications")
    op.drop_column("outbound_messages", "headers")
    op.drop_index("ix_games_alert_on", table_name="games")
    op.drop_column("games", "alert_on")
    with op.batch_alter_table("players") as batch:
        batch.drop_column("notify_channels")
        batch.drop_column("low_time_percent")
        batch.drop_column("digest_sent_on")
        batch.drop_column("digest_hour")
        batch.drop_column("timezone")
