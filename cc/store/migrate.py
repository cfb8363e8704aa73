"""Schema upgrades through the alembic revisions in ``migrations/``.

An upgrade or downgrade runs in one transaction on both backends, so a
revision that fails leaves the database at the revision it started from,
never half-way (SQLite's DDL is transactional too; alembic only has to be
told, see ``migrations/env.py``).

On SQLite, batch mode changes a table by copying it to a new one, dropping
the old and renaming the copy. With foreign keys on, that DROP TABLE first
deletes every row: it fails as soon as another table refers to one of them
and, worse, silently cascades to the rows declared ``ON DELETE CASCADE`` (a
player's addresses, roles, sessions). So SQLite migrations follow the table
rebuild procedure SQLite documents for ALTER TABLE: foreign keys off before
the transaction begins (the pragma does nothing inside one), ``PRAGMA
foreign_key_check`` before commit, rolling everything back if a row points
nowhere, and foreign keys back as they were afterwards.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from alembic.script import ScriptDirectory
from sqlalchemy import Connection

from cc.store.db import make_engine, normalise_url
from cc.store.models import Base


class ForeignKeyViolation(RuntimeError):
    """A migration would leave rows referring to rows that do not exist."""


def revisions_folder() -> Path:
    """Where ``migrations/`` is, found by path and not imported: its ``env.py``
    imports this module, and alembic runs it as a script of its own."""
    spec = importlib.util.find_spec("migrations")
    if spec is None or spec.origin is None:
        raise RuntimeError("the migrations package is not installed with cc")
    return Path(spec.origin).parent


def alembic_config(url: str) -> Config:
    """An alembic configuration for ``url``, built in code (no alembic.ini)."""
    cfg = Config()
    cfg.set_main_option("script_location", str(revisions_folder()))
    cfg.set_main_option("sqlalchemy.url", normalise_url(url).replace("%", "%%"))
    return cfg


def upgrade(url: str, revision: str = "head") -> None:
    command.upgrade(alembic_config(url), revision)


def downgrade(url: str, revision: str) -> None:
    command.downgrade(alembic_config(url), revision)


def head() -> str | None:
    """The newest revision of this version's history."""
    return ScriptDirectory.from_config(alembic_config("sqlite://")).get_current_head()


def missing_schema(url: str) -> list[tuple[str, str | None]]:
    """What the models need that the database lacks: ``(table, None)`` for a
    table, ``(table, column)`` for a column of a table that is there.

    A database at the head revision should lack nothing. One that does was
    stamped with a revision it never ran: a site deployed while a revision
    had another parent, or another number, than it has now.
    """
    engine = make_engine(url)
    try:
        inspector = sa.inspect(engine)
        present = set(inspector.get_table_names())
        missing: list[tuple[str, str | None]] = []
        for table in Base.metadata.sorted_tables:
            if table.name not in present:
                missing.append((table.name, None))
                continue
            columns = {column["name"] for column in inspector.get_columns(table.name)}
            missing.extend(
                (table.name, column.name) for column in table.columns if column.name not in columns
            )
        return missing
    finally:
        engine.dispose()


@contextmanager
def sqlite_foreign_keys_off(connection: Connection) -> Iterator[None]:
    """Foreign keys off on this SQLite connection while the block runs, then
    as they were.

    Set on the driver's connection: SQLAlchemy would open a transaction
    first, and SQLite ignores the pragma inside one. A connection already in
    a transaction with foreign keys on is refused rather than migrated with
    them on.
    """
    driver = connection.connection.driver_connection
    assert driver is not None

    def enabled() -> bool:
        return bool(driver.execute("PRAGMA foreign_keys").fetchone()[0])

    was_on = enabled()
    if was_on:
        driver.execute("PRAGMA foreign_keys=OFF")
        if enabled():
            raise RuntimeError(
                "SQLite foreign keys cannot be turned off inside a transaction: "
                "migrate on a connection that has not begun one"
            )
    try:
        yield
    finally:
        if was_on:
            driver.execute("PRAGMA foreign_keys=ON")


def check_sqlite_foreign_keys(connection: Connection) -> None:
    """Raise :class:`ForeignKeyViolation` if any row refers to a missing row.

    Run inside the migration's transaction, so that raising rolls it back.
    """
    problems = connection.exec_driver_sql("PRAGMA foreign_key_check").all()
    if not problems:
        return
    shown = "; ".join(
        f"{table} row {rowid} refers to a missing {parent} row"
        for table, rowid, parent, _fk in problems[:10]
    )
    more = f" and {len(problems) - 10} more" if len(problems) > 10 else ""
    raise ForeignKeyViolation(
        f"the migration would leave rows referring to nothing, so it was rolled back: {shown}{more}"
    )
