"""What 0026 (the Swiss system) adds, on a site that never ran it.

Sites deployed between the knockout merge and the Swiss merge stand at 0027
from the time 0027 revised 0025 directly; the Swiss merge put 0026 before
0027, so alembic takes 0026 as applied on those sites and never runs it:
they lack the Swiss columns of the events and of the section entries. Each
is added here where it is missing, as 0026 adds it (0026 makes no table and
no index); a site that ran 0026 is left as it is.

Revision ID: 0032
Revises: 0031
Create Date: 2026-11-27 17:00:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0032"
down_revision: str | None = "0031"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def swiss_columns() -> dict[str, list[sa.Column[object]]]:
    """0026's columns, table by table, as 0026 makes them (new objects each time)."""
    return {
        "events": [
            sa.Column("rounds", sa.Integer(), nullable=True),
            sa.Column("pairing_system", sa.String(32), nullable=True),
            sa.Column("bye_points", sa.String(8), nullable=False, server_default="1"),
        ],
        "section_entries": [sa.Column("bye_round", sa.Integer(), nullable=True)],
    }


def upgrade() -> None:
    inspector = sa.inspect(op.get_bind())
    for table, columns in swiss_columns().items():
        present = {column["name"] for column in inspector.get_columns(table)}
        missing = [column for column in columns if column.name not in present]
        if missing:
            with op.batch_alter_table(table) as batch:
                for column in missing:
                    batch.add_column(column)


def downgrade() -> None:
    # Nothing to undo: the columns are 0026's, and going below 0026 drops them.
    pass
