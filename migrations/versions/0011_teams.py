"""Team sections: teams with their boards, and the team ranking (Art. 38.7, 39.3.2).

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-21 18:00:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0011"
down_revision: str | None = "0010"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "teams",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("section_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("number", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(
            ["section_id"],
            ["sections.id"],
            name=op.f("fk_teams_section_id_sections"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_teams")),
        sa.UniqueConstraint("section_id", "name", name=op.f("uq_teams_section_id_name")),
        sa.UniqueConstraint("section_id", "number", name=op.f("uq_teams_section_id_number")),
    )
    # Batch mode copies section_entries on SQLite; no table refers to it.
    with op.batch_alter_table("section_entries", schema=None) as batch_op:
        batch_op.add_column(sa.Column("team_id", sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column("board", sa.Integer(), nullable=True))
        batch_op.create_foreign_key(
            op.f("fk_section_entries_team_id_teams"), "teams", ["team_id"], ["id"]
        )
        batch_op.create_index(op.f("ix_section_entries_team_id"), ["team_id"], unique=False)
    op.add_column(
        "events",
        sa.Column(
            "team_ranking",
            sa.String(length=200),
            server_default="match_points,board_points,head_to_head,sonneborn_berger",
            nullable=False,
        ),
    )


def downgrade() -> None:
    # A plain DROP COLUMN on events (SQLite 3.35+): copying it, as batch mode
    # would, is refused while games refer to its rows.
    op.drop_column("events", "team_ranking")
    with op.batch_alter_table("section_entries", schema=None) as batch_op:
        batch_op.drop_index(op.f("ix_section_entries_team_id"))
        batch_op.drop_constraint(op.f("fk_section_entries_team_id_teams"), type_="foreignkey")
        batch_op.drop_column("board")
        batch_op.drop_column("team_id")
    op.drop_table("teams")
