"""Rows that nothing reads back in the same transaction, written together.

The ORM writes each new row with its own INSERT on SQLite, since it must
learn each new id and SQLite cannot return a batch's ids in order. The
audit log and notifications are never looked up by id once written, so a
run that writes hundreds of them (the daily run's batch of forfeits) can
collect them and write each table in one ``executemany`` at the end of the
batch. Outside :func:`collecting`, :func:`add` writes its row at once
with one Core INSERT on the session's connection: no ORM object, none of
the unit of work's bookkeeping for a row that nothing reads back as an
object, and no flush of what else the session holds (each row refers only
to rows whose ids the caller already has, so they are in the database).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from typing import Any, cast

from sqlalchemy import Insert, Table, Update, bindparam, insert, inspect, update
from sqlalchemy.orm import Session

from cc.store import statements as prepared
from cc.store.memos import Memo
from cc.store.models import AuditEntry, Base, Notification

#: a row to insert, by column name
Row = dict[str, Any]
#: the kinds of rows that may wait for the end of a batch
COLLECTED: tuple[type[Base], ...] = (AuditEntry, Notification)

PENDING = Memo[dict[type[Base], list[Row]]](
    "cc.store.rows.pending",
    """The rows collected in :func:`collecting`'s block and not yet written,
    by model; dropped when the block ends, written or not.""",
)


@contextmanager
def collecting(session: Session) -> Iterator[None]:
    """Collect audit entries and notifications added in the block, and write
    them when it ends without an error (an error discards them with the
    transaction that fails)."""
    pending: dict[type[Base], list[Row]] = {model: [] for model in COLLECTED}
    PENDING.put(session, pending)
    try:
        yield
        write(session)
    finally:
        PENDING.drop(session)


def add(session: Session, model: type[Base], values: Row) -> None:
    """Write a row of ``model`` (one of :data:`COLLECTED`), given by its
    column names, now, or keep it for the batch's write. A plain mapping,
    not an ORM object: the object's instrumented construction costs more
    than its INSERT, for a row nothing reads back as an object."""
    assert model in COLLECTED, model
    pending = PENDING.get(session)
    if pending is not None:
        pending[model].append(values)
    else:
        insert_now(session, model, values)


def insert_now(session: Session, model: type[Base], values: Row) -> int:
    """One INSERT of a row of ``model`` given by its column names, on the
    session's connection, now; the new row's id. For a row that nothing
    reads back as an object in the transaction (an outgoing message): inside
    the email gateway's savepoints, the flush it saves is most of the row's
    cost."""
    connection = session.connection()
    statement = prepared.insert(model, connection.dialect, frozenset(values))
    if statement is not None:
        return prepared.inserted_id(statement, statement.run(connection, values))
    key = connection.execute(_insert(model), values).inserted_primary_key
    assert key is not None
    return int(key[0])


def update_now(session: Session, model: type[Base], row_id: int, values: Row) -> None:
    """One UPDATE of the row ``row_id`` of ``model``, its columns given by
    name, on the session's connection, now: for a row the session does not
    hold as an object (the email gateway's record of a message)."""
    _update_rows(
        session, model, frozenset(values) | {prepared.ROW_ID}, [{**values, prepared.ROW_ID: row_id}]
    )


def write_changes(session: Session, row: Base) -> bool:
    """Write ``row``'s changed columns with one Core UPDATE now, when it is
    the only change the session holds, and mark them as stored; False (and
    nothing written) when the unit of work must flush instead.

    A move changes one row the ORM holds: its game's position, ply count,
    repetition list, kept tallies and deadlines. The unit of work's flush
    of that one UPDATE costs more than the rest of the move's statements
    together (it sorts every mapper's dependencies, then compares every
    attribute); this writes the same UPDATE directly. Only a row whose
    change no ``before_flush`` hook looks at may be written so (a game:
    :func:`cc.clock.kept_tallies.forget_stale_tallies` watches moves, charges,
    leaves and cases), and never with a relationship changed.

    Inside a savepoint too (the email gateway runs each message in a
    savepoint of its batch): the row is registered as one the savepoint
    changed, as its flush would be, so that rolling the savepoint back
    expires it and the session reads it again.
    """
    if session.new or session.deleted:
        return False
    dirty = session.dirty
    if not dirty:
        return True
    if len(dirty) != 1 or row not in dirty:
        return False
    changes = _changes(row)
    if changes is None:
        return False
    if changes:
        _update_rows(session, type(row), frozenset(changes), [changes])
    _stored(session, row)
    return True


def write_changed(session: Session, model: type[Base]) -> int:
    """Write the changed columns of every row of ``model`` the session holds
    with Core UPDATEs, one ``executemany`` per set of columns, and mark them
    as stored; the number of rows so written. The daily run's batch changes
    a couple of hundred games: the unit of work's flush of them costs more
    than the rest of the batch's writes. Rows with a relationship changed
    are left to the flush; ``model`` must be one that no ``before_flush``
    hook looks at.
    """
    groups: dict[frozenset[str], list[dict[str, object]]] = {}
    done: list[Base] = []
    for row in session.dirty:
        if type(row) is not model:
            continue
        changes = _changes(row)
        if changes is None:
            continue
        if changes:
            groups.setdefault(frozenset(changes), []).append(changes)
        done.append(row)
    for keys, values in groups.items():
        _update_rows(session, model, keys, values)
    for row in done:
        _stored(session, row)
    return len(done)


def _changes(row: Base) -> dict[str, object] | None:
    """``row``'s changed columns by name with its id as ``_id``; None when
    something other than a column changed (or the row is not stored)."""
    state = inspect(row)
    if state.identity is None:
        return None
    columns = _columns(type(row))
    committed = state.committed_state
    if not committed:
        return {}
    if any(key not in columns for key in committed):
        return None  # a relationship was set: the flush orders its rows
    held = state.dict
    values: dict[str, object] = {columns[key]: held[key] for key in committed}
    values["_id"] = state.identity[0]
    return values


def _stored(session: Session, row: Base) -> None:
    """What a flush does once its UPDATE is run: the row holds what is
    stored, and the transaction (a savepoint's too) knows it changed it, so
    that its rollback expires the row."""
    state = inspect(row)
    state._commit_all(state.dict, session.identity_map)
    session._register_altered([state])


def _table(model: type[Base]) -> Table:
    return cast(Table, model.__table__)


@cache
def _insert(model: type[Base]) -> Insert:
    """Built once per table: its cache key is then the same object's."""
    return insert(_table(model))


def _update_rows(
    session: Session, model: type[Base], keys: frozenset[str], rows: list[dict[str, object]]
) -> None:
    """Rows' columns ``keys`` (with each row's id as ``_id``), in one statement."""
    connection = session.connection()
    statement = prepared.update(model, connection.dialect, keys)
    if statement is None:
        connection.execute(_update(model), rows)
    elif len(rows) == 1:
        statement.run(connection, rows[0])
    else:
        statement.run_many(connection, list(rows))


@cache
def _update(model: type[Base]) -> Update:
    """``UPDATE table SET ... WHERE id = :_id``, built once per table; the
    columns set are the parameters given."""
    table = _table(model)
    return update(table).where(table.c.id == bindparam("_id"))


_COLUMNS: dict[type[Base], dict[str, str]] = {}


def _columns(model: type[Base]) -> dict[str, str]:
    found = _COLUMNS.get(model)
    if found is None:
        found = {
            prop.key: prop.columns[0].name
            for prop in inspect(model).column_attrs
            if prop.key != "id"
        }
        _COLUMNS[model] = found
    return found


def waiting(session: Session, model: type[Base]) -> list[Row]:
    """The rows of ``model`` collected and not yet written, by column name."""
    pending = PENDING.get(session)
    return list(pending.get(model, [])) if pending else []


def write(session: Session) -> None:
    """Write what was collected so far, one ``executemany`` per table (and
    set of columns given)."""
    pending = PENDING.get(session)
    if not pending:
        return
    connection = session.connection()
    for model, rows in pending.items():
        groups: dict[frozenset[str], list[Row]] = {}
        for row in rows:
            groups.setdefault(frozenset(row), []).append(row)
        for keys, group in groups.items():
            statement = prepared.insert(model, connection.dialect, keys)
            if statement is None or statement.returning:
                connection.execute(_insert(model), group)
            else:
                statement.run_many(connection, group)
        rows.clear()


__all__ = [
    "COLLECTED",
    "Row",
    "add",
    "collecting",
    "waiting",
    "write",
    "write_changed",
    "write_changes",
]
