"""The email gateway: messages in (each once) and out (queued with their change).

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-21 13:49:28.331301
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "inbound_messages",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("key", sa.String(length=400), nullable=False),
        sa.Column("sender", sa.String(length=320), nullable=False),
        sa.Column("message_id", sa.String(length=400), nullable=True),
        sa.Column("subject", sa.Text(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=True),
        sa.Column("player_id", sa.Integer(), nullable=True),
        sa.Column("arrived_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("date_header", sa.String(length=200), nullable=True),
        sa.Column("source", sa.String(length=16), nullable=False),
        sa.Column(
            "status",
            sa.Enum(
                "applied",
                "refused",
                "ignored",
                "retry",
                "set_aside",
                name="inbound_status",
                native_enum=False,
                create_constraint=True,
                length=32,
            ),
            nullable=False,
        ),
        sa.Column("outcome", sa.String(length=64), nullable=False),
        sa.Column("detail", sa.Text(), nullable=True),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("raw", sa.LargeBinary(), nullable=True),
        sa.Column("processed_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"], ["games.id"], name=op.f("fk_inbound_messages_game_id_games")
        ),
        sa.ForeignKeyConstraint(
            ["player_id"], ["players.id"], name=op.f("fk_inbound_messages_player_id_players")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_inbound_messages")),
        sa.UniqueConstraint("key", "sender", name=op.f("uq_inbound_messages_key_sender")),
    )
    with op.batch_alter_table("inbound_messages", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_inbound_messages_game_id"), ["game_id"], unique=False)

    op.create_table(
        "outbound_messages",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=32), nullable=False),
        sa.Column("to_address", sa.String(length=320), nullable=False),
        sa.Column("cc", sa.JSON(), nullable=False),
        sa.Column("subject", sa.Text(), nullable=False),
        sa.Column("body", sa.Text(), nullable=False),
        sa.Column("message_id", sa.String(length=400), nullable=False),
        sa.Column("in_reply_to", sa.String(length=400), nullable=True),
        sa.Column("game_id", sa.Integer(), nullable=True),
        sa.Column("ply", sa.Integer(), nullable=True),
        sa.Column(
            "status",
            sa.Enum(
                "queued",
                "sending",
                "sent",
                "failed",
                name="outbound_status",
                native_enum=False,
                create_constraint=True,
                length=32,
            ),
            nullable=False,
        ),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("next_attempt_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("last_error", sa.Text(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("sent_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["game_id"], ["games.id"], name=op.f("fk_outbound_messages_game_id_games")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_outbound_messages")),
        sa.UniqueConstraint("message_id", name=op.f("uq_outbound_messages_message_id")),
    )
    with op.batch_alter_table("outbound_messages", schema=None) as batch_op:
        batch_op.create_index(
            "ix_outbound_messages_status_due", ["status", "next_attempt_at"], unique=False
        )

    with op.batch_alter_table("players", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("mail_moves", sa.Boolean(), server_default=sa.true(), nullable=False)
        )


def downgrade() -> None:
    with op.batch_alter_table("players", schema=None) as batch_op:
        batch_op.drop_column("mail_moves")

    with op.batch_alter_table("outbound_messages", schema=None) as batch_op:
        batch_op.drop_index("ix_outbound_messages_status_due")

    op.drop_table("outbound_messages")
    with op.batch_alter_table("inbound_messages", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_inbound_messages_game_id"))

    op.drop_table("inbound_messages")
