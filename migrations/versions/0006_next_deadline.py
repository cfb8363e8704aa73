"""Each game's next deadline, so the daily run reads only the games that need work.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-21 14:31:36.416104
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.add_column(sa.Column("next_deadline", sa.Date(), nullable=True))
        batch_op.create_index(batch_op.f("ix_games_next_deadline"), ["next_deadline"], unique=False)
    # The daily run reads only games whose deadline has come, so a game
    # already under way needs one: the start of its event makes the next run
    # look at it once and set the real one (without it, a player who never
    # moves again would never be found over the limit).
    op.execute(
        "UPDATE games SET next_deadline = "
        "(SELECT start_date FROM events WHERE events.id = games.event_id) "
        "WHERE status = 'ongoing'"
    )


def downgrade() -> None:
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_games_next_deadline"))
        batch_op.drop_column("next_deadline")
