"""A message written with a move is kept on the move itself.

Until now it was kept only in the audit log, so a door could not tell which
move it came with and repeated it with later moves. The messages already
written are copied onto their moves: the move recorded at the same instant,
by the same player, in the same game.

Revision ID: 0016
Revises: 0015
Create Date: 2026-11-23 21:00:00
"""

from __future__ import annotations

import json
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0016"
down_revision: str | None = "0015"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("moves", sa.Column("message", sa.Text(), nullable=True))
    bind = op.get_bind()
    entries = bind.execute(
        sa.text(
            "SELECT game_id, at, details FROM audit_log"
            " WHERE action = 'message_sent' AND game_id IS NOT NULL ORDER BY id"
        )
    ).all()
    for game_id, at, details in entries:
        data = json.loads(details) if isinstance(details, str) else details
        text = (data or {}).get("text")
        player_id = (data or {}).get("player_id")
        if not text or player_id is None:
            continue
        bind.execute(
            sa.text(
                "UPDATE moves SET message = :text WHERE game_id = :game"
                " AND player_id = :player AND recorded_at = :at AND message IS NULL"
            ),
            {"text": text, "game": game_id, "player": player_id, "at": at},
        )


def downgrade() -> None:
    with op.batch_alter_table("moves") as batch:
        batch.drop_column("message")
