"""A person's surname and given names are kept apart.

The name was one text, kept surname first ("Иванов Иван Петрович"), and PGN
and Xfcc wrote it "Surname, Given" by taking its first word for the
surname. The two parts are now columns of their own, as FIDE's and ICCF's
lists keep them, and ``name`` stays as the display form made from them.
Existing names are split by the old convention: a name written with a
comma has its surname before the comma; otherwise the first word is the
surname and the rest the given names; a one-word name is a surname only.
``name`` is written again from the two parts (spaces made single, a comma
dropped), so it reads as every new name does.

Revision ID: 0031
Revises: 0030
Create Date: 2026-11-27 16:00:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0031"
down_revision: str | None = "0030"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

players = sa.table(
    "players",
    sa.column("id", sa.Integer()),
    sa.column("name", sa.String()),
    sa.column("surname", sa.String()),
    sa.column("given_names", sa.String()),
)


def split(name: str) -> tuple[str, str]:
    """The old convention, as notation.pgn.split_name read it on 0030."""
    if "," in name:
        surname, given = name.split(",", 1)
        return " ".join(surname.split()), " ".join(given.replace(",", " ").split())
    words = name.split()
    return (words[0], " ".join(words[1:])) if words else ("", "")


def upgrade() -> None:
    with op.batch_alter_table("players") as batch:
        batch.add_column(sa.Column("surname", sa.String(200), nullable=False, server_default=""))
        batch.add_column(
            sa.Column("given_names", sa.String(200), nullable=False, server_default="")
        )
    conn = op.get_bind()
    rows = conn.execute(sa.select(players.c.id, players.c.name)).all()
    changes = []
    for pid, name in rows:
        surname, given = split(name or "")
        changes.append(
            {
                "pid": pid,
                "surname": surname,
                "given": given,
                "display": " ".join(f"{surname} {given}".split()),
            }
        )
    if changes:
        conn.execute(
            players.update()
            .where(players.c.id == sa.bindparam("pid"))
            .values(
                surname=sa.bindparam("surname"),
                given_names=sa.bindparam("given"),
                name=sa.bindparam("display"),
            ),
            changes,
        )
    # Every name has a surname from now on: the model gives it, no default.
    with op.batch_alter_table("players") as batch:
        batch.alter_column("surname", server_default=None, existing_type=sa.String(200))


def downgrade() -> None:
    with op.batch_alter_table("players") as batch:
        batch.drop_column("given_names")
        batch.drop_column("surname")
