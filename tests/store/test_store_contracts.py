"""What the store's shortcuts past the ORM rely on, held on both databases.

:mod:`cc.store.rows` marks a row written by its own UPDATE as stored and as
changed by the transaction (``InstanceState._commit_all``,
``Session._register_altered``); :mod:`cc.store.loads` makes a row read with
Core the session's object (it writes ``InstanceState.key`` and calls
``IdentityMap._add_unpresent``, and reads ``InstanceState._deleted``). None
of that is SQLAlchemy's public API, and its version is pinned for it
(pyproject.toml): these tests say what a newer one must still do.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import bindparam, event, inspect, select
from sqlalchemy.orm import Session

from cc.app.services import Services
from cc.base.kinds import Door
from cc.kernel.context import Actor
from cc.store import loads, rows
from cc.store.db import Database
from cc.store.models import AuditEntry, Notification, Player, PlayerEmail

AT = datetime(2026, 5, 10, 9, 30, tzinfo=UTC)
OPERATOR = Actor.operator(Door.CLI, label="contracts")


def _entry(action: str, **details: Any) -> dict[str, Any]:
    return {
        "at": AT,
        "actor_id": None,
        "actor_label": "контракт",
        "door": Door.CLI,
        "action": action,
        "event_id": None,
        "game_id": None,
        "details": details,
        "note": None,
    }


@contextmanager
def _statements(services: Services) -> Iterator[list[str]]:
    """The SQL the write engine runs in the block (BEGIN on SQLite excepted:
    it is said to the driver itself)."""
    seen: list[str] = []

    def before(_conn: object, _cursor: object, statement: str, *_: object) -> None:
        seen.append(statement)

    engine = services.ctx.db.write_engine
    event.listen(engine, "before_cursor_execute", before)
    try:
        yield seen
    finally:
        event.remove(engine, "before_cursor_execute", before)


def _actions(services: Services, *actions: str) -> list[str]:
    with services.ctx.db.read() as session:
        return sorted(
            session.scalars(select(AuditEntry.action).where(AuditEntry.action.in_(actions)))
        )


def _player_row(session: Session, player_id: int) -> Any:
    """The player's row read with Core, its columns in the table's order."""
    statement = select(loads.columns_of(Player)).where(Player.id == bindparam("id"))
    (row,) = loads.read(session, statement, {"id": player_id})
    return row


# ----------------------------------------------------------------- rows.py


def test_rows_written_in_a_savepoint_rolled_back_are_gone_and_the_session_goes_on(
    services: Services,
) -> None:
    """Rows inserted by rows.py, collected or at once, and a row's change
    written by its own UPDATE, all inside a savepoint: rolling the savepoint
    back takes them away, the changed object is expired and reads what is
    stored, and the session's transaction goes on to commit."""
    ivan = services.players.add(OPERATOR, login="ivan", name="Иван")
    with services.ctx.db.write() as session:
        player = session.get(Player, ivan)
        assert player is not None
        savepoint = session.begin_nested()
        rows.insert_now(session, AuditEntry, _entry("at_once"))
        with rows.collecting(session):
            rows.add(session, AuditEntry, _entry("collected"))
        player.name = "Пётр"
        assert rows.write_changes(session, player)
        assert not session.dirty and not inspect(player).modified
        assert session.scalar(select(Player.name).where(Player.id == ivan)) == "Пётр"
        savepoint.rollback()
        assert inspect(player).expired_attributes >= {"name"}
        assert player.name == "Иван"
        assert (
            session.scalar(
                select(AuditEntry.id).where(AuditEntry.action.in_(("at_once", "collected")))
            )
            is None
        )
        rows.insert_now(session, AuditEntry, _entry("after"))
        player.name = "Иван Петрович"
        assert rows.write_changes(session, player)
    assert _actions(services, "at_once", "collected", "after") == ["after"]
    with services.ctx.db.read() as session:
        assert session.scalar(select(Player.name).where(Player.id == ivan)) == "Иван Петрович"


def test_rows_written_together_are_there_after_commit_as_they_were_given(
    services: Services,
) -> None:
    """Collected rows wait for the end of the block and are then written one
    statement per table; rows of a model changed together are written by
    write_changed. After the commit each reads back as it was given."""
    ivan = services.players.add(OPERATOR, login="ivan", name="Иван")
    olga = services.players.add(OPERATOR, login="olga", name="Ольга")
    entries = [_entry(f"together_{i}", san="Кf3", plies=[i, i + 1]) for i in range(3)]
    notice = {
        "recipient_id": ivan,
        "kind": "move",
        "params": {"san": "e4"},
        "channels": ["centre"],
        "created_at": AT,
    }
    with services.ctx.db.write() as session, _statements(services) as seen:
        with rows.collecting(session):
            for entry in entries:
                rows.add(session, AuditEntry, entry)
            rows.add(session, Notification, notice)
            assert rows.waiting(session, AuditEntry) == entries
            assert not [s for s in seen if s.startswith("INSERT")]
        inserts = [s for s in seen if s.startswith("INSERT")]
        assert len(inserts) == 2 and rows.waiting(session, AuditEntry) == []
        players = [session.get(Player, ivan), session.get(Player, olga)]
        for held, name in zip(players, ("Иван Иванов", "Ольга Петрова"), strict=True):
            assert held is not None
            held.name = name
        assert rows.write_changed(session, Player) == 2
        assert not session.dirty
    with services.ctx.db.read() as session:
        stored = session.execute(
            select(AuditEntry.__table__)
            .where(AuditEntry.action.like("together_%"))
            .order_by(AuditEntry.id)
        ).all()
        assert [{k: v for k, v in row._asdict().items() if k != "id"} for row in stored] == entries
        (made,) = session.scalars(select(Notification).where(Notification.recipient_id == ivan))
        assert {k: getattr(made, k) for k in notice} == notice and made.push_due is False
        names = session.execute(
            select(Player.id, Player.name).where(Player.id.in_((ivan, olga)))
        ).all()
        assert dict(names) == {ivan: "Иван Иванов", olga: "Ольга Петрова"}


# ---------------------------------------------------------------- loads.py


def test_an_adopted_row_is_the_sessions_object_unchanged_and_its_change_an_update(
    services: Services,
) -> None:
    """A row read with Core and adopted is the object the session holds:
    ``get`` answers it without a statement, it is clean, and a change to it
    is flushed as one UPDATE that the database keeps."""
    ivan = services.players.add(OPERATOR, login="ivan", name="Иван")
    with services.ctx.db.write() as session:
        player = loads.adopt(session, Player, _player_row(session, ivan))
        with _statements(services) as seen:
            assert session.get(Player, ivan) is player
            assert loads.held(session, Player, ivan) is player
            assert loads.adopt(session, Player, _player_row(session, ivan)) is player
            assert (player.login, player.name) == ("ivan", "Иван")
            state = inspect(player)
            assert state.persistent and not state.modified and not state.expired_attributes
            assert player in session and not session.dirty and not session.new
        assert [s for s in seen if not s.startswith("SELECT")] == []
        assert len(seen) == 1  # the second adopt's own read
        player.name = "Иван Петрович"
        assert list(session.dirty) == [player]
        with _statements(services) as seen:
            session.flush()
        assert len(seen) == 1 and seen[0].startswith("UPDATE players")
    with services.ctx.db.read() as session:
        assert session.scalar(select(Player.name).where(Player.id == ivan)) == "Иван Петрович"


def test_an_adopted_row_deleted_is_deleted(services: Services) -> None:
    """A row adopted, then deleted, is flushed as one DELETE; the session
    then holds it as deleted, and the database has it no more."""
    ivan = services.players.add(
        OPERATOR, login="ivan", name="Иван", emails=["ivan@example.org", "ivan@example.net"]
    )
    statement = select(loads.columns_of(PlayerEmail)).where(
        PlayerEmail.address == bindparam("address")
    )
    with services.ctx.db.write() as session:
        (row,) = loads.read(session, statement, {"address": "ivan@example.net"})
        address = loads.adopt(session, PlayerEmail, row)
        assert loads.held(session, PlayerEmail, address.id) is address
        session.delete(address)
        with _statements(services) as seen:
            session.flush()
        assert len(seen) == 1 and seen[0].startswith("DELETE FROM player_emails")
        assert inspect(address).deleted
        assert loads.held(session, PlayerEmail, address.id) is None
    with services.ctx.db.read() as session:
        kept = session.scalars(select(PlayerEmail.address).where(PlayerEmail.player_id == ivan))
        assert list(kept) == ["ivan@example.org"]


# ------------------------------------------------------------------- db.py


def test_a_flush_listener_runs_for_the_databases_own_sessions_alone(db: Database) -> None:
    """A listener handed to the database runs before the flushes of its
    reads and writes, once however often it is handed over; a session of
    another factory on the same engine never runs it (SQLAlchemy's event
    kept on the session factory, not on every session of the process)."""
    flushed: list[str] = []

    def listener(session: Session, _flush: object, _objects: object) -> None:
        flushed.append("flush")

    db.listen_before_flush(listener)
    db.listen_before_flush(listener)
    with db.write() as session:
        session.add(Player(login="ivan", name="Иван", surname="Иванов", created_at=AT))
        session.flush()
    assert flushed == ["flush"]
    with db.read() as session:
        session.add(Player(login="olga", name="Ольга", surname="Петрова", created_at=AT))
        session.flush()
    assert flushed == ["flush", "flush"]
    with Session(db.engine) as other:
        other.add(Player(login="pyotr", name="Пётр", surname="Петров", created_at=AT))
        other.flush()
        other.rollback()
    assert flushed == ["flush", "flush"]
