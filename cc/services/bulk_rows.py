"""Rows that nothing reads back in the same transaction, written together.

The ORM writes each new row with its own INSERT on SQLite, since it must
learn each new id and SQLite cannot return a batch's ids in order. The
audit log and notifications are never looked up by id once written, so a
run that writes hundreds of them (the daily run's batch of forfeits) can
collect them and write each table in one ``executemany`` at the end of the
batch. Outside :func:`collecting`, :func:`add` is ``Session.add``.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TypeVar

from sqlalchemy import insert, inspect
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
    """``session.add(row)``, or keep it for the batch's write."""
    pending = session.info.get(_KEY)
    if pending is not None and type(row) in pending:
        pending[type(row)].append(row)
    else:
        session.add(row)


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
        columns = {c.key for c in inspect(model).column_attrs}
        values = [
            {k: v for k, v in inspect(row).dict.items() if k in columns and k != "id"}
            for row in rows
        ]
        session.execute(insert(model), values)
        rows.clear()


__all__ = ["COLLECTED", "add", "collecting", "waiting", "write"]
