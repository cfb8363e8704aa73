"""A game stores whose move it is, and a player's games are indexed by it.

The digest lists the first games a player has to move, by deadline. Read
from the position's text, whose move it is could not be indexed: a player
with many games waiting on the partner had all of them read to find the
few of their own. The new column is filled from each game's position, and
the players' indexes take it between the player's id and the deadline; they
still lead with the player's id, so they serve every look-up the old ones
did.

Revision ID: 0030
Revises: 0029
Create Date: 2026-11-24 12:00:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0030"
down_revision: str | None = "0029"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column(
        "games",
        sa.Column("white_to_move", sa.Boolean(), nullable=False, server_default=sa.true()),
    )
    # FEN's second field: "w" or "b", the only one-letter field between spaces.
    op.execute("UPDATE games SET white_to_move = (fen LIKE '% w %')")
    op.create_index(
        "ix_games_white_turn_deadline", "games", ["white_id", "white_to_move", "next_deadline"]
    )
    op.create_index(
        "ix_games_black_turn_deadline", "games", ["black_id", "white_to_move", "next_deadline"]
    )
    op.drop_index("ix_games_white_deadline", table_name="games")
    op.drop_index("ix_games_black_deadline", table_name="games")


def downgrade() -> None:
    op.create_index("ix_games_white_deadline", "games", ["white_id", "next_deadline"])
    op.create_index("ix_games_black_deadline", "games", ["black_id", "next_deadline"])
    op.drop_index("ix_games_black_turn_deadline", table_name="games")
    op.drop_index("ix_games_white_turn_deadline", table_name="games")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("white_to_move")
