"""Knockout events (Art. 26): their match rules, and each game's match.

Revision ID: 0027
Revises: 0025
Create Date: 2026-11-24 03:00:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0027"
down_revision: str | None = "0026"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "knockout_rules",
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("games_per_match", sa.Integer(), nullable=False),
        sa.Column("tie_break", sa.String(32), nullable=False),
        sa.Column("extra_pairs", sa.Integer(), nullable=False),
        sa.Column("bracket_reset", sa.Boolean(), nullable=False),
        sa.Column("lots_seed", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(
            ["event_id"],
            ["events.id"],
            name=op.f("fk_knockout_rules_event_id_events"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("event_id", name=op.f("pk_knockout_rules")),
    )
    op.create_table(
        "knockout_games",
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("section_id", sa.Integer(), nullable=False),
        sa.Column("match", sa.String(16), nullable=False),
        sa.Column("game_index", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["games.id"],
            name=op.f("fk_knockout_games_game_id_games"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["section_id"],
            ["sections.id"],
            name=op.f("fk_knockout_games_section_id_sections"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("game_id", name=op.f("pk_knockout_games")),
        sa.UniqueConstraint(
            "section_id",
            "match",
            "game_index",
            name=op.f("uq_knockout_games_section_id_match_game_index"),
        ),
    )


def downgrade() -> None:
    op.drop_table("knockout_games")
    op.drop_table("knockout_rules")
