"""Each game keeps its players' day ledger carried forward (spec §3).

``games.ledger_state``: both players' tallies after their last move (totals,
penalty days, the control period in force, oversteps, charges to come; see
:mod:`timekeeping.tally`) with the ply and the regulations they were counted
under. NULL, the value every existing game gets, means "not kept": the next
change counts it again from all the moves and keeps it.

Revision ID: 0022
Revises: 0021
Create Date: 2026-11-26 09:00:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0022"
down_revision: str | None = "0021"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("games", sa.Column("ledger_state", sa.JSON(), nullable=True))


def downgrade() -> None:
    # A plain DROP COLUMN (SQLite 3.35+), as 0018: nothing refers to it.
    op.drop_column("games", "ledger_state")
