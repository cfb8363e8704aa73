"""Players, events, sections, games, moves, draw offers and the audit log.

The audit log is append-only: triggers refuse to update or delete its rows
on both SQLite and PostgreSQL.

Revision ID: 0001
Revises:
Create Date: 2026-11-21 12:57:09.948364
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


_PG_FUNCTION = """
CREATE FUNCTION audit_log_is_append_only() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION 'audit_log is append-only';
END;
$$ LANGUAGE plpgsql
"""


def _create_audit_guards() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute(_PG_FUNCTION)
        op.execute(
            "CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log "
            "FOR EACH ROW EXECUTE FUNCTION audit_log_is_append_only()"
        )
    else:
        for verb in ("UPDATE", "DELETE"):
            op.execute(
                f"CREATE TRIGGER audit_log_no_{verb.lower()} BEFORE {verb} ON audit_log "
                "BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END"
            )


def _drop_audit_guards() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP TRIGGER IF EXISTS audit_log_append_only ON audit_log")
        op.execute("DROP FUNCTION IF EXISTS audit_log_is_append_only()")
    else:
        op.execute("DROP TRIGGER IF EXISTS audit_log_no_update")
        op.execute("DROP TRIGGER IF EXISTS audit_log_no_delete")


def upgrade() -> None:

    op.create_table(
        "players",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("login", sa.String(length=64), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("lang", sa.String(length=8), nullable=False),
        sa.Column("password_hash", sa.String(length=255), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_players")),
        sa.UniqueConstraint("login", name=op.f("uq_players_login")),
    )
    op.create_table(
        "events",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("code", sa.String(length=64), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column(
            "mode",
            sa.Enum(
                "server",
                "email",
                "post",
                name="mode",
                native_enum=False,
                create_constraint=True,
                length=32,
            ),
            nullable=False,
        ),
        sa.Column(
            "status",
            sa.Enum(
                "draft",
                "started",
                "finished",
                name="event_status",
                native_enum=False,
                create_constraint=True,
                length=32,
            ),
            nullable=False,
        ),
        sa.Column("start_date", sa.Date(), nullable=False),
        sa.Column("end_date", sa.Date(), nullable=True),
        sa.Column("timezone", sa.String(length=64), nullable=False),
        sa.Column("cycles", sa.Integer(), nullable=False),
        sa.Column("arbiter_id", sa.Integer(), nullable=True),
        sa.Column("adjudicator_id", sa.Integer(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("control_moves", sa.Integer(), nullable=False),
        sa.Column("control_days", sa.Integer(), nullable=False),
        sa.Column("leave_days_per_year", sa.Integer(), nullable=False),
        sa.Column("leave_days_per_event", sa.Integer(), nullable=True),
        sa.Column("penalty_days", sa.Integer(), nullable=False),
        sa.Column("penalty_days_repeat", sa.Integer(), nullable=False),
        sa.Column(
            "day_counting",
            sa.Enum(
                "calendar",
                "iccf",
                name="day_counting",
                native_enum=False,
                create_constraint=True,
                length=32,
            ),
            nullable=False,
        ),
        sa.Column("iccf_double_after_20", sa.Boolean(), nullable=False),
        sa.Column("first_overstep_loses", sa.Boolean(), nullable=False),
        sa.Column("conditional_moves", sa.Boolean(), nullable=False),
        sa.Column("next_day_receipt", sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(
            ["adjudicator_id"], ["players.id"], name=op.f("fk_events_adjudicator_id_players")
        ),
        sa.ForeignKeyConstraint(
            ["arbiter_id"], ["players.id"], name=op.f("fk_events_arbiter_id_players")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_events")),
        sa.UniqueConstraint("code", name=op.f("uq_events_code")),
    )
    op.create_table(
        "player_emails",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("address", sa.String(length=320), nullable=False),
        sa.ForeignKeyConstraint(
            ["player_id"],
            ["players.id"],
            name=op.f("fk_player_emails_player_id_players"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_player_emails")),
        sa.UniqueConstraint("address", name=op.f("uq_player_emails_address")),
    )
    with op.batch_alter_table("player_emails", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_player_emails_player_id"), ["player_id"], unique=False)

    op.create_table(
        "player_roles",
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column(
            "role",
            sa.Enum(
                "player",
                "arbiter",
                "adjudicator",
                "appeal_arbiter",
                "admin",
                name="role",
                native_enum=False,
                create_constraint=True,
                length=32,
            ),
            nullable=False,
        ),
        sa.ForeignKeyConstraint(
            ["player_id"],
            ["players.id"],
            name=op.f("fk_player_roles_player_id_players"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("player_id", "role", name=op.f("pk_player_roles")),
    )
    op.create_table(
        "event_appeal_arbiters",
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["event_id"],
            ["events.id"],
            name=op.f("fk_event_appeal_arbiters_event_id_events"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["player_id"], ["players.id"], name=op.f("fk_event_appeal_arbiters_player_id_players")
        ),
        sa.PrimaryKeyConstraint("event_id", "player_id", name=op.f("pk_event_appeal_arbiters")),
    )
    op.create_table(
        "sections",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=64), nullable=False),
        sa.ForeignKeyConstraint(
            ["event_id"],
            ["events.id"],
            name=op.f("fk_sections_event_id_events"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_sections")),
        sa.UniqueConstraint("event_id", "name", name=op.f("uq_sections_event_id_name")),
    )
    op.create_table(
        "games",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("section_id", sa.Integer(), nullable=False),
        sa.Column("round", sa.Integer(), nullable=False),
        sa.Column("board", sa.Integer(), nullable=False),
        sa.Column("white_id", sa.Integer(), nullable=False),
        sa.Column("black_id", sa.Integer(), nullable=False),
        sa.Column(
            "status",
            sa.Enum(
                "ongoing",
                "finished",
                name="game_status",
                native_enum=False,
                create_constraint=True,
                length=32,
            ),
            nullable=False,
        ),
        sa.Column(
            "result",
            sa.Enum(
                "1-0",
                "0-1",
                "1/2-1/2",
                "*",
                name="game_result",
                native_enum=False,
                create_constraint=True,
                length=32,
            ),
            nullable=False,
        ),
        sa.Column(
            "result_reason",
            sa.Enum(
                "checkmate",
                "resignation",
                "agreed_draw",
                "stalemate",
                "insufficient_material",
                "threefold_repetition",
                "fifty_moves",
                "fivefold_repetition",
                "seventyfive_moves",
                "time_forfeit",
                "adjudication",
                "withdrawal",
                "default",
                name="result_reason",
                native_enum=False,
                create_constraint=True,
                length=32,
            ),
            nullable=True,
        ),
        sa.Column("fen", sa.String(length=100), nullable=False),
        sa.Column("ply_count", sa.Integer(), nullable=False),
        sa.Column("repetition", sa.JSON(), nullable=False),
        sa.Column("turn_started_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["black_id"], ["players.id"], name=op.f("fk_games_black_id_players")
        ),
        sa.ForeignKeyConstraint(["event_id"], ["events.id"], name=op.f("fk_games_event_id_events")),
        sa.ForeignKeyConstraint(
            ["section_id"], ["sections.id"], name=op.f("fk_games_section_id_sections")
        ),
        sa.ForeignKeyConstraint(
            ["white_id"], ["players.id"], name=op.f("fk_games_white_id_players")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_games")),
        sa.UniqueConstraint(
            "section_id", "round", "board", name=op.f("uq_games_section_id_round_board")
        ),
    )
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_games_black_id"), ["black_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_games_event_id"), ["event_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_games_white_id"), ["white_id"], unique=False)

    op.create_table(
        "section_entries",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("section_id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(
            ["player_id"], ["players.id"], name=op.f("fk_section_entries_player_id_players")
        ),
        sa.ForeignKeyConstraint(
            ["section_id"],
            ["sections.id"],
            name=op.f("fk_section_entries_section_id_sections"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_section_entries")),
        sa.UniqueConstraint(
            "section_id", "number", name=op.f("uq_section_entries_section_id_number")
        ),
        sa.UniqueConstraint(
            "section_id", "player_id", name=op.f("uq_section_entries_section_id_player_id")
        ),
    )
    with op.batch_alter_table("section_entries", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_section_entries_player_id"), ["player_id"], unique=False
        )

    op.create_table(
        "audit_log",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("actor_id", sa.Integer(), nullable=True),
        sa.Column("actor_label", sa.String(length=100), nullable=False),
        sa.Column(
            "door",
            sa.Enum(
                "web",
                "api",
                "email",
                "xfcc",
                "post",
                "cli",
                "system",
                name="door",
                native_enum=False,
                create_constraint=True,
                length=32,
            ),
            nullable=False,
        ),
        sa.Column("action", sa.String(length=64), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=True),
        sa.Column("game_id", sa.Integer(), nullable=True),
        sa.Column("details", sa.JSON(), nullable=False),
        sa.Column("note", sa.Text(), nullable=True),
        sa.ForeignKeyConstraint(
            ["actor_id"], ["players.id"], name=op.f("fk_audit_log_actor_id_players")
        ),
        sa.ForeignKeyConstraint(
            ["event_id"], ["events.id"], name=op.f("fk_audit_log_event_id_events")
        ),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], name=op.f("fk_audit_log_game_id_games")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_audit_log")),
    )
    with op.batch_alter_table("audit_log", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_audit_log_event_id"), ["event_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_audit_log_game_id"), ["game_id"], unique=False)

    op.create_table(
        "draw_offers",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("offered_by_id", sa.Integer(), nullable=False),
        sa.Column("ply", sa.Integer(), nullable=False),
        sa.Column("offered_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column(
            "status",
            sa.Enum(
                "open",
                "accepted",
                "declined",
                "lapsed",
                name="draw_offer_status",
                native_enum=False,
                create_constraint=True,
                length=32,
            ),
            nullable=False,
        ),
        sa.Column("answered_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["game_id"], ["games.id"], name=op.f("fk_draw_offers_game_id_games")
        ),
        sa.ForeignKeyConstraint(
            ["offered_by_id"], ["players.id"], name=op.f("fk_draw_offers_offered_by_id_players")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_draw_offers")),
    )
    with op.batch_alter_table("draw_offers", schema=None) as batch_op:
        batch_op.create_index("ix_draw_offers_game_status", ["game_id", "status"], unique=False)

    op.create_table(
        "moves",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("ply", sa.Integer(), nullable=False),
        sa.Column("uci", sa.String(length=8), nullable=False),
        sa.Column("san", sa.String(length=16), nullable=False),
        sa.Column("received_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("sent_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("received_on", sa.Date(), nullable=False),
        sa.Column("sent_on", sa.Date(), nullable=False),
        sa.Column("stated_sent_on", sa.Date(), nullable=True),
        sa.Column(
            "door",
            sa.Enum(
                "web",
                "api",
                "email",
                "xfcc",
                "post",
                "cli",
                "system",
                name="door",
                native_enum=False,
                create_constraint=True,
                length=32,
            ),
            nullable=False,
        ),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("entered_by_id", sa.Integer(), nullable=True),
        sa.Column("recorded_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["entered_by_id"], ["players.id"], name=op.f("fk_moves_entered_by_id_players")
        ),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], name=op.f("fk_moves_game_id_games")),
        sa.ForeignKeyConstraint(
            ["player_id"], ["players.id"], name=op.f("fk_moves_player_id_players")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_moves")),
        sa.UniqueConstraint("game_id", "ply", name=op.f("uq_moves_game_id_ply")),
    )
    _create_audit_guards()


def downgrade() -> None:
    _drop_audit_guards()

    op.drop_table("moves")
    with op.batch_alter_table("draw_offers", schema=None) as batch_op:
        batch_op.drop_index("ix_draw_offers_game_status")

    op.drop_table("draw_offers")
    with op.batch_alter_table("audit_log", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_audit_log_game_id"))
        batch_op.drop_index(batch_op.f("ix_audit_log_event_id"))

    op.drop_table("audit_log")
    with op.batch_alter_table("section_entries", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_section_entries_player_id"))

    op.drop_table("section_entries")
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_games_white_id"))
        batch_op.drop_index(batch_op.f("ix_games_event_id"))
        batch_op.drop_index(batch_op.f("ix_games_black_id"))

    op.drop_table("games")
    op.drop_table("sections")
    op.drop_table("event_appeal_arbiters")
    op.drop_table("player_roles")
    with op.batch_alter_table("player_emails", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_player_emails_player_id"))

    op.drop_table("player_emails")
    op.drop_table("events")
    op.drop_table("players")
