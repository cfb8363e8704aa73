"""The schema comes only from the alembic revisions, and they match the models."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory

from cc.app.services import Services
from cc.base.clock import FixedClock
from cc.store import migrate
from cc.store.db import Database, make_engine
from tests.conftest import empty_database_url
from tests.support.schema import drift
from tests.support.sites import site_over


def test_empty_database_upgrades_through_every_revision_without_drift(
    request: pytest.FixtureRequest, backend: str, tmp_path: Path
) -> None:
    url = empty_database_url(request, backend, tmp_path)
    script = ScriptDirectory.from_config(migrate.alembic_config(url))
    revisions = [r.revision for r in script.walk_revisions("base", "heads")][::-1]
    assert revisions, "there must be at least one revision"
    for revision in revisions:  # one step at a time, as a long-lived site would
        migrate.upgrade(url, revision)
    assert drift(url) == []
    engine = make_engine(url)
    with engine.connect() as conn:
        assert MigrationContext.configure(conn).get_current_revision() == script.get_current_head()
    engine.dispose()


def test_downgrade_to_base_and_up_again(
    request: pytest.FixtureRequest, backend: str, tmp_path: Path
) -> None:
    url = empty_database_url(request, backend, tmp_path)
    migrate.upgrade(url)
    migrate.downgrade(url, "base")
    engine = make_engine(url)
    tables = set(sa.inspect(engine).get_table_names()) - {"alembic_version"}
    engine.dispose()
    assert tables == set()
    migrate.upgrade(url)
    assert drift(url) == []


def test_audit_log_refuses_updates_and_deletes(db_url: str) -> None:
    engine = make_engine(db_url)
    now = datetime(2026, 5, 1, tzinfo=UTC)
    insert = sa.text(
        "INSERT INTO audit_log (at, actor_label, door, action, details) "
        "VALUES (:at, 'test', 'cli', 'probe', '{}')"
    )
    with engine.begin() as conn:
        conn.execute(insert, {"at": now.replace(tzinfo=None)})
    for statement in ("UPDATE audit_log SET action = 'forged'", "DELETE FROM audit_log"):
        with pytest.raises(sa.exc.DBAPIError, match="append-only"), engine.begin() as conn:
            conn.execute(sa.text(statement))
    with engine.connect() as conn:
        assert conn.execute(sa.text("SELECT action FROM audit_log")).scalars().all() == ["probe"]
    engine.dispose()


def test_moves_are_unique_per_game_and_ply_in_the_database(db_url: str) -> None:
    """The last line of defence against a move applied twice."""
    from tests.support.events import make_event

    database = Database(db_url)
    services = site_over(database, FixedClock(datetime(2026, 5, 11, tzinfo=UTC)))
    make_event(services)
    row = {
        "game_id": 1,
        "ply": 1,
        "uci": "e2e4",
        "san": "e4",
        "door": "web",
        "player_id": 2,
        "at": datetime(2026, 5, 11),
        "on": datetime(2026, 5, 11).date(),
    }
    insert = sa.text(
        "INSERT INTO moves (game_id, ply, uci, san, received_at, sent_at, received_on, sent_on, "
        "door, player_id, recorded_at) VALUES (:game_id, :ply, :uci, :san, :at, :at, :on, :on, "
        ":door, :player_id, :at)"
    )
    with database.engine.begin() as conn:
        conn.execute(insert, row)
    with pytest.raises(sa.exc.IntegrityError), database.engine.begin() as conn:
        conn.execute(insert, {**row, "uci": "d2d4", "san": "d4"})
    database.dispose()


def site_at_head(url: str, clock: FixedClock) -> tuple[Database, Services]:
    """The empty database at ``url`` upgraded through every revision, and the site over it."""
    migrate.upgrade(url)
    database = Database(url)
    return database, site_over(database, clock)


def test_0009_puts_email_games_before_the_next_daily_run(
    request: pytest.FixtureRequest, backend: str, tmp_path: Path
) -> None:
    """Games started under 0008 get their new deadlines from the next daily run."""
    from tests.support.events import make_event

    url = empty_database_url(request, backend, tmp_path)
    database, services = site_at_head(url, FixedClock(datetime(2026, 5, 11, tzinfo=UTC)))
    make_event(services, mode="email")
    make_event(services, code="T2")  # a server game keeps its deadline
    database.dispose()
    migrate.downgrade(url, "0008")
    engine = make_engine(url)
    with engine.begin() as conn:
        conn.execute(sa.text("UPDATE games SET next_deadline = NULL WHERE event_id = 1"))
    migrate.upgrade(url)
    with engine.connect() as conn:
        rows = conn.execute(
            sa.text("SELECT event_id, next_deadline, pauses FROM games ORDER BY id")
        ).all()
    engine.dispose()
    assert [(r[0], str(r[1])) for r in rows] == [(1, "2026-05-10"), (2, "2026-06-30")]
    assert all(r[2] in ("[]", []) for r in rows)


def test_0018_keeps_every_existing_events_games_private_until_they_end(
    request: pytest.FixtureRequest, backend: str, tmp_path: Path
) -> None:
    """Events made before 0018 keep the default: a game is public once it ends."""
    from cc.base import errors
    from tests.support.events import OPERATOR, make_event

    url = empty_database_url(request, backend, tmp_path)
    clock = FixedClock(datetime(2026, 5, 11, tzinfo=UTC))
    database, services = site_at_head(url, clock)
    make_event(services)
    assert services.queries.event("T1").regulations["public_moves_behind"] is None
    database.dispose()
    engine = make_engine(url)
    with engine.begin() as conn:  # as if it had been made with a delay
        conn.execute(sa.text("UPDATE events SET public_moves_behind = 3"))
    engine.dispose()
    migrate.downgrade(url, "0017")
    migrate.upgrade(url)
    database = Database(url)
    services = site_over(database, clock)
    try:
        assert services.queries.event("T1").regulations["public_moves_behind"] is None
        with pytest.raises(errors.GameNotPublic):
            services.queries.game_for(None, 1)
        white = services.queries.player(services.queries.game(1).white).id
        services.games.resign(OPERATOR, 1, as_player=white)
        assert services.queries.game_for(None, 1).result == "0-1"
    finally:
        database.dispose()


def test_a_site_at_0027_that_never_ran_0026_gets_what_0026_adds(
    request: pytest.FixtureRequest, backend: str, tmp_path: Path
) -> None:
    """Sites deployed between the knockout and the Swiss merges stand at 0027
    from when it revised 0025: alembic takes 0026 as applied there. The repair
    revision adds its columns where they are missing."""
    url = empty_database_url(request, backend, tmp_path)
    migrate.upgrade(url, "0027")
    engine = make_engine(url)
    with engine.begin() as conn:  # 0027 as it was then: the knockout tables, no Swiss columns
        for table, column in (
            ("events", "rounds"),
            ("events", "pairing_system"),
            ("events", "bye_points"),
            ("section_entries", "bye_round"),
        ):
            conn.exec_driver_sql(f"ALTER TABLE {table} DROP COLUMN {column}")
    engine.dispose()
    assert ("events", "rounds") in migrate.missing_schema(url)
    migrate.upgrade(url)
    assert migrate.missing_schema(url) == []
    assert drift(url) == []
