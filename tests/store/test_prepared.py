"""Rows written by statements compiled once (cc.store.statements) are the
rows Core's execute writes: the same conversions of instants, enums and
JSON, the new row's id, and Core itself where SQLAlchemy has a default to
supply."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest
from sqlalchemy import event, insert, select

from cc.app.services import Services
from cc.base.kinds import Door, OutboundStatus
from cc.kernel.context import Actor
from cc.store import rows
from cc.store import statements as prepared
from cc.store.db import Database
from cc.store.models import AuditEntry, Notification, OutboundMessage

AT = datetime(2026, 5, 10, 12, 30, tzinfo=timezone(timedelta(hours=3)))


def _entry(action: str) -> dict[str, object]:
    return {
        "at": AT,
        "actor_id": None,
        "actor_label": "тест",
        "door": Door.EMAIL,
        "action": action,
        "event_id": None,
        "game_id": None,
        "details": {"san": "Кf3", "plies": [1, 2]},
        "note": None,
    }


def test_a_prepared_insert_stores_what_core_stores(db: Database) -> None:
    statements: list[str] = []
    event.listen(db.write_engine, "before_cursor_execute", lambda *a: statements.append(a[2]))
    with db.write() as session:
        core_id = session.execute(insert(AuditEntry.__table__), _entry("core")).inserted_primary_key
        new_id = rows.insert_now(session, AuditEntry, _entry("prepared"))
        keys = frozenset(_entry("prepared"))
        statement = prepared.insert(AuditEntry, session.connection().dialect, keys)
    assert statement is not None and statements[-1] == statement.sql
    assert core_id is not None and new_id == core_id[0] + 1
    with db.read() as session:
        found = session.execute(
            select(AuditEntry.__table__).where(AuditEntry.id.in_([core_id[0], new_id]))
        ).all()
    core, made = (row._asdict() for row in sorted(found, key=lambda r: r.id))
    assert made["at"] == AT and made["at"].tzinfo is not None
    assert made["door"] is Door.EMAIL and made["details"] == {"san": "Кf3", "plies": [1, 2]}
    assert {k: v for k, v in made.items() if k not in ("id", "action")} == {
        k: v for k, v in core.items() if k not in ("id", "action")
    }


def test_a_prepared_update_writes_the_changed_columns_only(db: Database) -> None:
    with db.write() as session:
        row_id = rows.insert_now(
            session,
            OutboundMessage,
            {
                "kind": "reply",
                "to_address": "ivan@example.org",
                "cc": [],
                "subject": "Партия 7",
                "body": "1. e4",
                "message_id": "<m1@cc.test>",
                "headers": {},
                "status": OutboundStatus.QUEUED,
                "attempts": 0,
                "next_attempt_at": AT,
                "created_at": AT,
            },
        )
    later = datetime(2026, 5, 11, 8, tzinfo=UTC)
    changes = {
        "status": OutboundStatus.SENT,
        "headers": {"X-Ok": "да"},
        "sent_at": later,
        prepared.ROW_ID: row_id,
    }
    with db.write() as session:
        statement = prepared.update(
            OutboundMessage, session.connection().dialect, frozenset(changes)
        )
        assert statement is not None
        statement.run(session.connection(), changes)
    with db.read() as session:
        row = session.get(OutboundMessage, row_id)
        assert row is not None
        assert (row.status, row.headers, row.sent_at, row.subject, row.next_attempt_at) == (
            OutboundStatus.SENT,
            {"X-Ok": "да"},
            later,
            "Партия 7",
            AT,
        )


def test_a_column_left_to_a_python_default_is_written_by_core(services: Services) -> None:
    """A notification's ``push_due`` has a Python-side default: left out,
    only Core supplies it, so nothing is prepared and Core writes the row."""
    db = services.ctx.db
    ivan = services.players.add(Actor.operator(Door.CLI), login="ivan", name="Иван")
    values: dict[str, object] = {
        "recipient_id": ivan,
        "kind": "move",
        "params": {},
        "channels": ["centre"],
        "created_at": AT,
    }
    statements: list[str] = []
    engine = db.write_engine
    event.listen(engine, "before_cursor_execute", lambda *a: statements.append(a[2]))
    with db.write() as session:
        dialect = session.connection().dialect
        assert prepared.insert(Notification, dialect, frozenset(values)) is None
        assert prepared.insert(Notification, dialect, frozenset(values) | {"push_due"})
        new_id = rows.insert_now(session, Notification, values)
    assert any("INSERT INTO notifications" in s for s in statements)
    with db.read() as session:
        row = session.get(Notification, new_id)
        assert row is not None and row.push_due is False


def test_a_value_for_no_column_is_refused_and_nothing_is_written(db: Database) -> None:
    """Core's execute drops a value whose name is no column without a word
    (a misspelt column would be stored empty); a row written here names it
    and is refused."""
    values = {**_entry("typo"), "detials": {"san": "e4"}}
    with db.write() as session:
        dialect = session.connection().dialect
        with pytest.raises(ValueError, match="outbound_messages has no column detials"):
            prepared.update(OutboundMessage, dialect, frozenset({"detials", prepared.ROW_ID}))
        with pytest.raises(ValueError, match="audit_log has no column detials"):
            rows.insert_now(session, AuditEntry, values)
    with db.read() as session:
        assert session.scalar(select(AuditEntry.id).where(AuditEntry.action == "typo")) is None


def test_many_rows_convert_each_value_as_its_own_row_would(db: Database) -> None:
    """Values converted once per batch are known by type and zone as well:
    ``True == 1 == 1.0`` and the same instant in two zones are equal in
    Python, yet each row gets what its own conversion gives."""
    moscow = datetime(2026, 5, 10, 15, 30, tzinfo=timezone(timedelta(hours=3)))

    def rows_of(values: list[object]) -> list[dict[str, object]]:
        return [
            {
                **_entry("many"),
                "details": value,
                "door": Door.EMAIL if i % 2 else Door.WEB,
                "at": moscow if i % 2 else moscow.astimezone(UTC),
            }
            for i, value in enumerate(values)
        ]

    # SQLite's JSON columns keep a bare number as a number, which no JSON
    # reader takes back: numbers are checked as parameters only.
    stored_values: list[object] = [True, "true", None, "1", [1], {"a": 1}, True, False]
    with db.write() as session:
        first = rows.insert_now(session, AuditEntry, _entry("before"))
        values = rows_of(stored_values)
        statement = prepared.insert(AuditEntry, session.connection().dialect, frozenset(values[0]))
        assert statement is not None
        if statement.order is not None:  # by position (SQLite): converted once a value
            mixed = rows_of([True, 1, 1.0, "1", None, 1, True, 1.0])
            assert statement.many_params(mixed) == [statement.params(row) for row in mixed]
        statement.run_many(session.connection(), values)
    with db.read() as session:
        stored = session.execute(
            select(AuditEntry.details, AuditEntry.door, AuditEntry.at)
            .where(AuditEntry.id > first)
            .order_by(AuditEntry.id)
        ).all()
    assert [(type(r.details), r.details) for r in stored] == [(type(v), v) for v in stored_values]
    assert [r.door for r in stored] == [Door.EMAIL if i % 2 else Door.WEB for i in range(8)]
    assert {r.at for r in stored} == {moscow}
