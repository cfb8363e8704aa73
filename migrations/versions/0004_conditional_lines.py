"""Conditional moves: each player's private lines, fired by the partner's moves.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-21 13:42:40.070348
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "conditional_lines",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("moves", sa.JSON(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("next_ply", sa.Integer(), nullable=False),
        sa.Column(
            "status",
            sa.Enum(
                "active",
                "completed",
                "cancelled",
                "lapsed",
                name="line_status",
                native_enum=False,
                create_constraint=True,
                length=32,
            ),
            nullable=False,
        ),
        sa.Column(
            "door",
            sa.Enum(
                "web",
                "api",
                "email",
                "xfcc",
                "post",
                "cli",
                "system",
                name="door",
                native_enum=False,
                create_constraint=True,
                length=32,
            ),
            nullable=False,
        ),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("closed_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["game_id"], ["games.id"], name=op.f("fk_conditional_lines_game_id_games")
        ),
        sa.ForeignKeyConstraint(
            ["player_id"], ["players.id"], name=op.f("fk_conditional_lines_player_id_players")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_conditional_lines")),
    )
    with op.batch_alter_table("conditional_lines", schema=None) as batch_op:
        batch_op.create_index(
            "ix_conditional_lines_game_status", ["game_id", "status"], unique=False
        )


def downgrade() -> None:
    with op.batch_alter_table("conditional_lines", schema=None) as batch_op:
        batch_op.drop_index("ix_conditional_lines_game_status")

    op.drop_table("conditional_lines")
