"""Sign-in throttling without lockouts: failures by address and known device,
and reset requests by address.

Revision ID: 0013
Revises: 0012
Create Date: 2026-11-22 10:00:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0013"
down_revision: str | None = "0012"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("login_failures", sa.Column("device", sa.String(length=32), nullable=True))
    op.create_index("ix_login_failures_address_at", "login_failures", ["address", "at"])
    op.create_index("ix_login_failures_at", "login_failures", ["at"])
    op.create_table(
        "reset_requests",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("address", sa.String(length=64), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_reset_requests")),
    )
    op.create_index("ix_reset_requests_address_at", "reset_requests", ["address", "at"])


def downgrade() -> None:
    op.drop_index("ix_reset_requests_address_at", table_name="reset_requests")
    op.drop_table("reset_requests")
    op.drop_index("ix_login_failures_at", table_name="login_failures")
    op.drop_index("ix_login_failures_address_at", table_name="login_failures")
    # A plain DROP COLUMN (SQLite 3.35+), like 0012's.
    op.drop_column("login_failures", "device")
