"""Rows that nothing reads back in the same transaction, written together.

The ORM writes each new row with its own INSERT on SQLite, since it must
learn each new id and SQLite cannot return a batch's ids in order. The
audit log and notifications are never looked up by id once written, so a
run that writes hundreds of them (the daily run's batch of forfeits) can
collect them and write each table in one ``executemany`` at the end of the
batch. Outside :func:`collecting`, :func:`add` writes its row at once
with one Core INSERT on the session's connection: none of the unit of
work's bookkeeping for a row that nothing reads back as an object, and
no flush of what else the session holds (each row refers only to rows
whose ids the caller already has, so they are in the database).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TypeVar, cast

from sqlalchemy import Table, insert, inspect
from sqlalchemy.orm import Session

from cc.models import AuditEntry, Base, Notification

_KEY = "cc.bulk_rows"
T = TypeVar("T", bound=Base)
#: the kinds of rows that may wait for the end of a batch
COLLECTED: tuple[type[Base], ...] = (AuditEntry, Notification)


@contextmanager
def collecting(session: Session) -> Iterator[None]:
    """Collect audit entries and notifications added in the block, and write
    them when it ends without an error (an error discards them with the
    transaction that fails)."""
    pending: dict[type[Base], list[Base]] = {model: [] for model in COLLECTED}
    session.info[_KEY] = pending
    try:
        yield
        write(session)
    finally:
        session.info.pop(_KEY, None)


def add(session: Session, row: Base) -> None:
    """Write ``row`` now, or keep it for the batch's write."""
    pending = session.info.get(_KEY)
    model = type(row)
    if pending is not None and model in pending:
        pending[model].append(row)
    elif model in COLLECTED:
        write_now(session, row)
    else:
        session.add(row)


def write_now(session: Session, row: Base) -> None:
    """One INSERT of ``row`` on the session's connection, now: for a row
    that nothing reads back as an object in the transaction (a move, an
    audit entry). The row stays outside the session."""
    model = type(row)
    session.connection().execute(insert(_table(model)), _values(model, row))


def _values(model: type[Base], row: Base) -> dict[str, object]:
    """``row``'s set attributes by column name (the id left to the database)."""
    columns = _columns(model)
    return {columns[k]: v for k, v in inspect(row).dict.items() if k in columns}


def _table(model: type[Base]) -> Table:
    return cast(Table, model.__table__)


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


def waiting(session: Session, model: type[T]) -> list[T]:
    """The rows of ``model`` collected and not yet written."""
    pending = session.info.get(_KEY)
    return list(pending.get(model, [])) if pending else []


def write(session: Session) -> None:
    """Write what was collected so far, a statement per table and set of
    columns."""
    pending: dict[type[Base], list[Base]] | None = session.info.get(_KEY)
    if not pending:
        return
    for model, rows in pending.items():
        if not rows:
            continue
        values = [_values(model, row) for row in rows]
        session.connection().execute(insert(_table(model)), values)
        rows.clear()


__all__ = ["COLLECTED", "add", "collecting", "waiting", "write", "write_now"]
