"""When each API token was last used; links that invite a new account to choose a password.

Revision ID: 0014
Revises: 0013
Create Date: 2026-11-22 10:00:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0014"
down_revision: str | None = "0013"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column(
        "api_tokens", sa.Column("last_used_at", sa.DateTime(timezone=True), nullable=True)
    )
    op.add_column(
        "password_resets",
        sa.Column("purpose", sa.String(length=16), server_default="reset", nullable=False),
    )


def downgrade() -> None:
    op.drop_column("password_resets", "purpose")
    op.drop_column("api_tokens", "last_used_at")
