"""The aids an event's regulations forbid (engines, databases, books, tablebases).

Revision ID: 0012
Revises: 0011
Create Date: 2026-11-21 20:00:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0012"
down_revision: str | None = "0011"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

AIDS = ("no_engines", "no_databases", "no_opening_books", "no_tablebases")


def upgrade() -> None:
    for name in AIDS:
        op.add_column(
            "events", sa.Column(name, sa.Boolean(), server_default=sa.false(), nullable=False)
        )


def downgrade() -> None:
    # Plain DROP COLUMNs (SQLite 3.35+): copying the events table, as batch
    # mode would, is refused while games refer to its rows.
    for name in reversed(AIDS):
        op.drop_column("events", name)
