"""Players' leaves and the time charges (penalties, grace, adjustments) of games.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-21 13:19:00.520552
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "player_leaves",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("first_day", sa.Date(), nullable=False),
        sa.Column("last_day", sa.Date(), nullable=False),
        sa.Column(
            "status",
            sa.Enum(
                "active",
                "cancelled",
                name="leave_status",
                native_enum=False,
                create_constraint=True,
                length=32,
            ),
            nullable=False,
        ),
        sa.Column("requested_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("granted_by_id", sa.Integer(), nullable=True),
        sa.Column("ended_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("note", sa.Text(), nullable=True),
        sa.ForeignKeyConstraint(
            ["granted_by_id"], ["players.id"], name=op.f("fk_player_leaves_granted_by_id_players")
        ),
        sa.ForeignKeyConstraint(
            ["player_id"], ["players.id"], name=op.f("fk_player_leaves_player_id_players")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_player_leaves")),
    )
    with op.batch_alter_table("player_leaves", schema=None) as batch_op:
        batch_op.create_index(
            "ix_player_leaves_player_days", ["player_id", "first_day"], unique=False
        )

    op.create_table(
        "time_charges",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("move_number", sa.Integer(), nullable=False),
        sa.Column("days", sa.Integer(), nullable=False),
        sa.Column(
            "kind",
            sa.Enum(
                "penalty",
                "grace",
                "adjustment",
                name="charge_kind",
                native_enum=False,
                create_constraint=True,
                length=32,
            ),
            nullable=False,
        ),
        sa.Column("reason", sa.Text(), nullable=False),
        sa.Column("on", sa.Date(), nullable=False),
        sa.Column("created_by_id", sa.Integer(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["created_by_id"], ["players.id"], name=op.f("fk_time_charges_created_by_id_players")
        ),
        sa.ForeignKeyConstraint(
            ["game_id"], ["games.id"], name=op.f("fk_time_charges_game_id_games")
        ),
        sa.ForeignKeyConstraint(
            ["player_id"], ["players.id"], name=op.f("fk_time_charges_player_id_players")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_time_charges")),
    )
    with op.batch_alter_table("time_charges", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_time_charges_game_id"), ["game_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("time_charges", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_time_charges_game_id"))

    op.drop_table("time_charges")
    with op.batch_alter_table("player_leaves", schema=None) as batch_op:
        batch_op.drop_index("ix_player_leaves_player_days")

    op.drop_table("player_leaves")
