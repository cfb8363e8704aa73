"""Alembic environment: runs revisions against the URL the caller configured.

Every run is one transaction, on SQLite with foreign keys off and checked
before commit (see :mod:`cc.store.migrate` for why).
"""

from __future__ import annotations

from contextlib import nullcontext

from alembic import context
from sqlalchemy import Connection

from cc.store.db import make_engine
from cc.store.migrate import check_sqlite_foreign_keys, sqlite_foreign_keys_off
from cc.store.models import Base

config = context.config
target_metadata = Base.metadata


def run_migrations_offline() -> None:
    context.configure(
        url=config.get_main_option("sqlalchemy.url"),
        target_metadata=target_metadata,
        literal_binds=True,
        render_as_batch=True,
    )
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    connection = config.attributes.get("connection")
    if connection is not None:
        _run(connection)
        return
    engine = make_engine(config.get_main_option("sqlalchemy.url") or "")
    try:
        with engine.connect() as conn:
            _run(conn)
    finally:
        engine.dispose()


def _run(connection: Connection) -> None:
    sqlite = connection.dialect.name == "sqlite"
    with sqlite_foreign_keys_off(connection) if sqlite else nullcontext():
        context.configure(
            connection=connection,
            target_metadata=target_metadata,
            render_as_batch=True,
            compare_type=True,
            # One transaction for the whole run: PostgreSQL's default, and
            # SQLite rolls DDL back as well (alembic assumes it cannot).
            transactional_ddl=True,
        )
        with context.begin_transaction():
            context.run_migrations()
            if sqlite:
                check_sqlite_foreign_keys(connection)


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
