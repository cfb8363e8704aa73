"""The server's rating: periods closed by the organiser, the games each one
rated, and every player's Glicko-2 rating after each period (their history).

New tables only; existing games are rated by the first period closed.

Revision ID: 0023
Revises: 0022
Create Date: 2026-12-01 09:00:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0023"
down_revision: str | None = "0022"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "rating_periods",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("until", sa.Date(), nullable=False),
        sa.Column("closed_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_rating_periods"),
    )
    op.create_table(
        "rating_period_games",
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("period_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"], ["games.id"], name="fk_rating_period_games_game_id_games"
        ),
        sa.ForeignKeyConstraint(
            ["period_id"],
            ["rating_periods.id"],
            name="fk_rating_period_games_period_id_rating_periods",
        ),
        sa.PrimaryKeyConstraint("game_id", name="pk_rating_period_games"),
    )
    op.create_index(
        "ix_rating_period_games_period_id", "rating_period_games", ["period_id"], unique=False
    )
    op.create_table(
        "player_ratings",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("period_id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("rating", sa.Float(), nullable=False),
        sa.Column("deviation", sa.Float(), nullable=False),
        sa.Column("volatility", sa.Float(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("points", sa.Float(), nullable=False),
        sa.Column("opponents_average", sa.Float(), nullable=True),
        sa.ForeignKeyConstraint(
            ["period_id"], ["rating_periods.id"], name="fk_player_ratings_period_id_rating_periods"
        ),
        sa.ForeignKeyConstraint(
            ["player_id"], ["players.id"], name="fk_player_ratings_player_id_players"
        ),
        sa.PrimaryKeyConstraint("id", name="pk_player_ratings"),
        sa.UniqueConstraint("period_id", "player_id", name="uq_player_ratings_period_id_player_id"),
    )
    op.create_index("ix_player_ratings_player_id", "player_ratings", ["player_id"], unique=False)


def downgrade() -> None:
    op.drop_index("ix_player_ratings_player_id", table_name="player_ratings")
    op.drop_table("player_ratings")
    op.drop_index("ix_rating_period_games_period_id", table_name="rating_period_games")
    op.drop_table("rating_period_games")
    op.drop_table("rating_periods")
