"""A player's games are indexed with their next deadline.

The digest lists the first games a player has to move, by deadline: with
the player's id and the deadline in one index, the first few are read
without sorting all the player's games. The new indexes lead with the
player's id, so they serve every look-up the old ones did.

Revision ID: 0029
Revises: 0028
Create Date: 2026-11-24 10:00:00
"""

from __future__ import annotations

from collections.abc import Sequence

from alembic import op

revision: str = "0029"
down_revision: str | None = "0028"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_index("ix_games_white_deadline", "games", ["white_id", "next_deadline"])
    op.create_index("ix_games_black_deadline", "games", ["black_id", "next_deadline"])
    op.drop_index("ix_games_white_id", table_name="games")
    op.drop_index("ix_games_black_id", table_name="games")


def downgrade() -> None:
    op.create_index("ix_games_white_id", "games", ["white_id"])
    op.create_index("ix_games_black_id", "games", ["black_id"])
    op.drop_index("ix_games_black_deadline", table_name="games")
    op.drop_index("ix_games_white_deadline", table_name="games")
