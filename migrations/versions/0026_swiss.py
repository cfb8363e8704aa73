"""The Swiss system (Art. 26, 31.7): the number of rounds and the pairing
system announced in advance, the points of a bye, and each player's bye.

A Swiss pairs one round at a time; a player gets the bye at most once, so
the round of his bye is kept on his section entry.

Revision ID: 0026
Revises: 0025
Create Date: 2026-11-24 04:00:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0026"
down_revision: str | None = "0025"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("events") as batch:
        batch.add_column(sa.Column("rounds", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("pairing_system", sa.String(32), nullable=True))
        batch.add_column(sa.Column("bye_points", sa.String(8), nullable=False, server_default="1"))
    with op.batch_alter_table("section_entries") as batch:
        batch.add_column(sa.Column("bye_round", sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("section_entries") as batch:
        batch.drop_column("bye_round")
    with op.batch_alter_table("events") as batch:
        batch.drop_column("bye_points")
        batch.drop_column("pairing_system")
        batch.drop_column("rounds")
