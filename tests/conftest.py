"""Shared fixtures: every database test runs on SQLite and on a real PostgreSQL.

Each test gets a fresh database already upgraded through every alembic
revision: a template is migrated once per run and copied (SQLite: the
file; PostgreSQL: CREATE DATABASE ... TEMPLATE).

``CC_TEST_BACKENDS`` (default ``sqlite,postgresql``) picks the backends;
``CC_TEST_POSTGRES_URL`` points at an existing server instead of starting one.
"""

from __future__ import annotations

import itertools
import os
import shutil
import tempfile
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
import sqlalchemy as sa

from cc.app.services import Services
from cc.base.clock import FixedClock
from cc.clock.ledger import LedgerService
from cc.office.outbound import MailSettings
from cc.store import migrate
from cc.store.db import Database

# the web, browser, console, text and run tests import these two from here
from tests.support.console import Console
from tests.support.postgres import PostgresServer, run_as_admin
from tests.support.sites import site_over

BACKENDS = [
    b.strip() for b in os.environ.get("CC_TEST_BACKENDS", "sqlite,postgresql").split(",") if b
]
_counter = itertools.count()


@pytest.fixture(scope="session")
def work_dir() -> Iterator[Path]:
    path = Path(tempfile.mkdtemp(prefix="cc-tests-"))
    yield path
    shutil.rmtree(path, ignore_errors=True)


@pytest.fixture(scope="session")
def postgres_admin_url(work_dir: Path) -> Iterator[str]:
    external = os.environ.get("CC_TEST_POSTGRES_URL")
    if external:
        yield external
        return
    server = PostgresServer()
    server.start()
    try:
        yield server.url
    finally:
        server.stop()


def _pg_url(admin_url: str, database: str) -> str:
    return (
        sa.engine.make_url(admin_url).set(database=database).render_as_string(hide_password=False)
    )


@pytest.fixture(scope="session")
def sqlite_template(work_dir: Path) -> Path:
    path = work_dir / "template.sqlite3"
    migrate.upgrade(f"sqlite:///{path}")
    return path


@pytest.fixture(scope="session")
def postgres_template(postgres_admin_url: str) -> str:
    name = f"cc_template_{os.getpid()}"
    admin = sa.create_engine(postgres_admin_url, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.exec_driver_sql(f'DROP DATABASE IF EXISTS "{name}"')
        conn.exec_driver_sql(f'CREATE DATABASE "{name}"')
    admin.dispose()
    migrate.upgrade(_pg_url(postgres_admin_url, name))
    return name


def _create_pg_database(
    request: pytest.FixtureRequest, prefix: str, template: str | None = None
) -> str:
    """A new PostgreSQL database, dropped when the test ends; returns its URL."""
    admin_url: str = request.getfixturevalue("postgres_admin_url")
    name = f"{prefix}_{os.getpid()}_{next(_counter)}"
    clause = f' TEMPLATE "{template}"' if template else ""

    run_as_admin(admin_url, f'CREATE DATABASE "{name}"{clause}')
    request.addfinalizer(
        lambda: run_as_admin(admin_url, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    )
    return _pg_url(admin_url, name)


def fresh_database_url(request: pytest.FixtureRequest, backend: str, tmp_path: Path) -> str:
    """A database upgraded through every revision, copied from the template."""
    if backend == "sqlite":
        template: Path = request.getfixturevalue("sqlite_template")
        target = tmp_path / "cc.sqlite3"
        shutil.copyfile(template, target)
        return f"sqlite:///{target}"
    return _create_pg_database(
        request, "cc_test", template=request.getfixturevalue("postgres_template")
    )


def empty_database_url(request: pytest.FixtureRequest, backend: str, tmp_path: Path) -> str:
    """A database with no tables at all, for the migration and console tests."""
    if backend == "sqlite":
        return f"sqlite:///{tmp_path / 'empty.sqlite3'}"
    return _create_pg_database(request, "cc_empty")


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def db_url(request: pytest.FixtureRequest, backend: str, tmp_path: Path) -> str:
    return fresh_database_url(request, backend, tmp_path)


@pytest.fixture
def db(db_url: str) -> Iterator[Database]:
    database = Database(db_url)
    yield database
    database.dispose()


@pytest.fixture(autouse=True)
def check_kept_ledgers(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every ledger carried forward is compared with the full computation."""
    monkeypatch.setattr(LedgerService, "check_kept", True)


@pytest.fixture
def clock() -> FixedClock:
    # Noon in Moscow on the day after the test events' official start.
    return FixedClock(datetime(2026, 5, 11, 9, 0, tzinfo=UTC))


@pytest.fixture
def mail_settings() -> MailSettings | None:
    """The site's mail settings: a test file overrides this fixture for its own
    address, secret or site URL (None: the defaults)."""
    return None


@pytest.fixture
def services(db: Database, clock: FixedClock, mail_settings: MailSettings | None) -> Services:
    """The site as the console and ``cc serve`` build it, over the test's
    database and clock: every test file takes this one, never its own."""
    return site_over(db, clock, mail_settings)


@pytest.fixture
def console(request: pytest.FixtureRequest, backend: str, tmp_path: Path) -> Console:
    """``cc`` over an empty database of the test's backend."""
    return Console(empty_database_url(request, backend, tmp_path), tmp_path)
