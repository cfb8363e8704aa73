"""A registered address whose mail bounces is marked as failing (56.1.6).

``player_emails.failing_since``: NULL, the value every existing address
keeps, for an address whose mail goes through; the instant a permanent
failure of our mail to it was first reported. ``failing_reason``: what the
report said (its status and the receiving server's words).

Revision ID: 0021
Revises: 0020
Create Date: 2026-11-25 09:00:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0021"
down_revision: str | None = "0020"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column(
        "player_emails", sa.Column("failing_since", sa.DateTime(timezone=True), nullable=True)
    )
    op.add_column("player_emails", sa.Column("failing_reason", sa.Text(), nullable=True))


def downgrade() -> None:
    # A plain DROP COLUMN (SQLite 3.35+), as 0018: nothing refers to these columns.
    op.drop_column("player_emails", "failing_reason")
    op.drop_column("player_emails", "failing_since")
