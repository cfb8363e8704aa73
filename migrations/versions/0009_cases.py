"""The arbiter's cases: claims, silence, lost email, withdrawal, complaints;
games suspended, handed to adjudication or annulled; leave notices.

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-21 09:10:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0009"
down_revision: str | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

OLD_STATUSES = "'ongoing', 'finished'"
NEW_STATUSES = "'ongoing', 'finished', 'adjudication', 'annulled'"
DOORS = ("web", "api", "email", "xfcc", "post", "cli", "system")


def _door() -> sa.Enum:
    return sa.Enum(*DOORS, name="door", native_enum=False, create_constraint=True, length=32)


def upgrade() -> None:
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.drop_constraint(op.f("ck_games_game_status"), type_="check")
        batch_op.create_check_constraint("game_status", sa.text(f"status IN ({NEW_STATUSES})"))
        batch_op.add_column(sa.Column("silence_ply", sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column("white_oversteps_told", sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column("black_oversteps_told", sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column("suspended_by_case_id", sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column("pauses", sa.JSON(), server_default="[]", nullable=False))
    # Email and post games now have deadlines past the first reminder (overstep
    # reports, silence, post rules): the next daily run looks at each of them
    # once and sets its deadline anew.
    op.execute(
        "UPDATE games SET next_deadline = "
        "(SELECT start_date FROM events WHERE events.id = games.event_id) "
        "WHERE status = 'ongoing' AND event_id IN "
        "(SELECT id FROM events WHERE mode IN ('email', 'post'))"
    )
    with op.batch_alter_table("section_entries", schema=None) as batch_op:
        batch_op.add_column(sa.Column("withdrawn_on", sa.Date(), nullable=True))
        batch_op.add_column(sa.Column("withdrawal", sa.String(length=32), nullable=True))
    with op.batch_alter_table("player_leaves", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("start_noticed_at", sa.DateTime(timezone=True), nullable=True)
        )
        batch_op.add_column(sa.Column("end_noticed_at", sa.DateTime(timezone=True), nullable=True))
    op.create_table(
        "cases",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column(
            "kind",
            sa.Enum(
                "time_claim",
                "silence",
                "lost_email",
                "withdrawal",
                "complaint",
                "adjudication",
                name="case_kind",
                native_enum=False,
                create_constraint=True,
                length=32,
            ),
            nullable=False,
        ),
        sa.Column(
            "status",
            sa.Enum(
                "open",
                "decided",
                "appealed",
                "final",
                "closed",
                name="case_status",
                native_enum=False,
                create_constraint=True,
                length=32,
            ),
            nullable=False,
        ),
        sa.Column("game_id", sa.Integer(), nullable=True),
        sa.Column("claimant_id", sa.Integer(), nullable=True),
        sa.Column("respondent_id", sa.Integer(), nullable=True),
        sa.Column("door", _door(), nullable=False),
        sa.Column("filed_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("filed_on", sa.Date(), nullable=False),
        sa.Column("statement", sa.Text(), nullable=True),
        sa.Column("details", sa.JSON(), nullable=False),
        sa.Column("evidence", sa.JSON(), nullable=False),
        sa.Column("due_on", sa.Date(), nullable=True),
        sa.Column("protest", sa.Text(), nullable=True),
        sa.Column("protested_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("decision", sa.String(length=32), nullable=True),
        sa.Column("reasons", sa.Text(), nullable=True),
        sa.Column("decided_by_id", sa.Integer(), nullable=True),
        sa.Column("decided_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("decided_on", sa.Date(), nullable=True),
        sa.Column("barred_cycle", sa.Integer(), nullable=True),
        sa.Column("effects", sa.JSON(), nullable=False),
        sa.Column("appellant_id", sa.Integer(), nullable=True),
        sa.Column("appeal", sa.Text(), nullable=True),
        sa.Column("appealed_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("appeal_decision", sa.String(length=32), nullable=True),
        sa.Column("appeal_reasons", sa.Text(), nullable=True),
        sa.Column("appeal_decided_by_id", sa.Integer(), nullable=True),
        sa.Column("appeal_decided_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(["event_id"], ["events.id"], name=op.f("fk_cases_event_id_events")),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], name=op.f("fk_cases_game_id_games")),
        sa.ForeignKeyConstraint(
            ["claimant_id"], ["players.id"], name=op.f("fk_cases_claimant_id_players")
        ),
        sa.ForeignKeyConstraint(
            ["respondent_id"], ["players.id"], name=op.f("fk_cases_respondent_id_players")
        ),
        sa.ForeignKeyConstraint(
            ["decided_by_id"], ["players.id"], name=op.f("fk_cases_decided_by_id_players")
        ),
        sa.ForeignKeyConstraint(
            ["appellant_id"], ["players.id"], name=op.f("fk_cases_appellant_id_players")
        ),
        sa.ForeignKeyConstraint(
            ["appeal_decided_by_id"],
            ["players.id"],
            name=op.f("fk_cases_appeal_decided_by_id_players"),
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_cases")),
    )
    with op.batch_alter_table("cases", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_cases_event_id"), ["event_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_cases_game_id"), ["game_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_cases_due_on"), ["due_on"], unique=False)
    op.create_table(
        "case_entries",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("case_id", sa.Integer(), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("actor_id", sa.Integer(), nullable=True),
        sa.Column("actor_label", sa.String(length=100), nullable=False),
        sa.Column("door", _door(), nullable=False),
        sa.Column("action", sa.String(length=32), nullable=False),
        sa.Column("text", sa.Text(), nullable=True),
        sa.Column("details", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(
            ["case_id"],
            ["cases.id"],
            name=op.f("fk_case_entries_case_id_cases"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["actor_id"], ["players.id"], name=op.f("fk_case_entries_actor_id_players")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_case_entries")),
    )
    with op.batch_alter_table("case_entries", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_case_entries_case_id"), ["case_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("case_entries", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_case_entries_case_id"))
    op.drop_table("case_entries")
    with op.batch_alter_table("cases", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_cases_due_on"))
        batch_op.drop_index(batch_op.f("ix_cases_game_id"))
        batch_op.drop_index(batch_op.f("ix_cases_event_id"))
    op.drop_table("cases")
    with op.batch_alter_table("player_leaves", schema=None) as batch_op:
        batch_op.drop_column("end_noticed_at")
        batch_op.drop_column("start_noticed_at")
    with op.batch_alter_table("section_entries", schema=None) as batch_op:
        batch_op.drop_column("withdrawal")
        batch_op.drop_column("withdrawn_on")
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.drop_column("pauses")
        batch_op.drop_column("suspended_by_case_id")
        batch_op.drop_column("black_oversteps_told")
        batch_op.drop_column("white_oversteps_told")
        batch_op.drop_column("silence_ply")
        batch_op.drop_constraint(op.f("ck_games_game_status"), type_="check")
        batch_op.create_check_constraint("game_status", sa.text(f"status IN ({OLD_STATUSES})"))
