"""SQLite transactions as cc.store.db opens them: a writer holds the database lock
from its first statement, a reader takes none, and a lock not had in time
is "try later" for the doors, never a failure of the request."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event, exc, text

from cc.kernel.outages import unavailable
from cc.store import migrate
from cc.store.db import Database


@pytest.fixture
def database(tmp_path: Path) -> Database:
    url = f"sqlite:///{tmp_path / 'cc.sqlite3'}"
    migrate.upgrade(url)
    db = Database(url)

    @event.listens_for(db.engine, "connect")
    def _impatient(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.execute("PRAGMA busy_timeout=50")

    return db


@pytest.fixture
def other(database: Database) -> Iterator[sqlite3.Connection]:
    """Another process's connection to the same file, as impatient."""
    name = database.engine.url.database or ""
    connection = sqlite3.connect(name, timeout=0.05, isolation_level=None)
    yield connection
    connection.close()


def test_a_write_holds_the_lock_from_its_start(
    database: Database, other: sqlite3.Connection
) -> None:
    with database.write() as session:
        session.connection()  # nothing written yet
        with pytest.raises(sqlite3.OperationalError, match="locked"):
            other.execute("BEGIN IMMEDIATE")
    other.execute("BEGIN IMMEDIATE")  # let go at the commit
    other.execute("ROLLBACK")


def test_a_read_takes_no_lock(database: Database, other: sqlite3.Connection) -> None:
    with database.read() as session:
        assert session.execute(text("SELECT count(*) FROM games")).scalar() == 0
        other.execute("BEGIN IMMEDIATE")
        other.execute("ROLLBACK")


def test_a_lock_not_had_in_time_is_try_later(database: Database, other: sqlite3.Connection) -> None:
    other.execute("BEGIN IMMEDIATE")
    with pytest.raises(exc.OperationalError) as raised, database.write() as session:
        session.connection()
    assert "locked" in str(raised.value) and unavailable(raised.value)
    assert raised.value.statement == "BEGIN IMMEDIATE"
    other.execute("ROLLBACK")
    with database.write() as session:  # and the next one goes through
        session.execute(text("SELECT 1"))
