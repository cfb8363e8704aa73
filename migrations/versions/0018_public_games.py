"""How the public sees an event's games while they are played.

``events.public_moves_behind``: NULL, the default every existing event
keeps, shows a game to the public once it ends; N shows it as it stood N
moves ago (ICCF's delay).

Revision ID: 0018
Revises: 0017
Create Date: 2026-11-24 09:00:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0018"
down_revision: str | None = "0017"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("events", sa.Column("public_moves_behind", sa.Integer(), nullable=True))


def downgrade() -> None:
    # A plain DROP COLUMN (SQLite 3.35+), as 0012: games refer to events' rows.
    op.drop_column("events", "public_moves_behind")
