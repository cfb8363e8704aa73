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
from datetime import UTC, date, datetime
from pathlib import Path

import pytest
import sqlalchemy as sa

from cc.app.services import Services
from cc.base.clock import FixedClock
from cc.base.kinds import Door
from cc.clock.ledger import LedgerService
from cc.events.lifecycle import EventSpec
from cc.kernel.context import Actor
from cc.office.outbound import MailSettings
from cc.store import migrate
from cc.store.db import Database
from cc.store.models import Event, Notification, OutboundMessage
from tests.support.postgres import PostgresServer
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

    def admin(statement: str) -> None:
        engine = sa.create_engine(admin_url, isolation_level="AUTOCOMMIT")
        with engine.connect() as conn:
            conn.exec_driver_sql(statement)
        engine.dispose()

    admin(f'CREATE DATABASE "{name}"{clause}')
    request.addfinalizer(lambda: admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
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


OPERATOR = Actor.operator(Door.CLI, label="test-operator")


def make_event(
    services: Services,
    players: int = 2,
    *,
    code: str = "T1",
    mode: str = "server",
    start: date = date(2026, 5, 10),
    cycles: int = 1,
    start_it: bool = True,
    keep_start: bool = False,
) -> dict[str, int]:
    """Register an arbiter and ``players`` players, an event with them; start it.

    Returns the ids by login: ``arb`` and ``p1``..``pN``.
    """
    ids = {
        "arb": services.players.add(OPERATOR, login=f"arb{code}", name="Arbiter", roles=["arbiter"])
    }
    for i in range(1, players + 1):
        ids[f"p{i}"] = services.players.add(
            OPERATOR,
            login=f"{code.lower()}p{i}",
            name=f"Player {i}",
            emails=[f"{code.lower()}p{i}@example.org"],
        )
    services.events.create(
        OPERATOR,
        EventSpec(
            code=code,
            name=f"Event {code}",
            mode=mode,
            start_date=start,  # type: ignore[arg-type]
            timezone="Europe/Moscow",
            arbiter=f"arb{code}",
            cycles=cycles,
        ),
    )
    services.events.add_players(
        OPERATOR, code, [f"{code.lower()}p{i}" for i in range(1, players + 1)]
    )
    if start_it:
        services.events.start(OPERATOR, code)
        if not keep_start:
            forget_start(services, code)
    return ids


def forget_start(services: Services, code: str) -> None:
    """Drop the start's notices and mail (EVENT_STARTED, tests/notify/test_notice_kinds.py
    checks them), so a test sees only what follows the start."""
    with services.ctx.db.write() as session:
        event = session.scalar(sa.select(Event).where(Event.code == code))
        assert event is not None
        session.execute(
            sa.delete(Notification).where(
                Notification.event_id == event.id, Notification.kind == "event_started"
            )
        )
        session.execute(
            sa.delete(OutboundMessage).where(
                OutboundMessage.kind == "start", OutboundMessage.subject == f"[cc] {code}"
            )
        )
