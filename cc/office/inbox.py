"""The inbox's records: a message claimed by its key and sender, its status
moved on once processed, a failed try counted.

The email gateway calls these inside its transaction of one message (or
that message's savepoint of a batch): the claim, the effects and the record
commit together, or none of them.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Row, select
from sqlalchemy.orm import Session

from cc.base.kinds import InboundStatus
from cc.store import rows
from cc.store.models import InboundMessage


def claim(
    session: Session, key: str, sender: str
) -> Row[int, InboundStatus, str, int | None, int | None, int] | None:
    """The record of a message already claimed, locked, by column: its id,
    status, outcome, game, releaser and tries; None if it is new."""
    return (
        session.connection()
        .execute(
            select(
                InboundMessage.id,
                InboundMessage.status,
                InboundMessage.outcome,
                InboundMessage.game_id,
                InboundMessage.released_by_id,
                InboundMessage.attempts,
            )
            .where(InboundMessage.key == key, InboundMessage.sender == sender)
            .with_for_update()
        )
        .one_or_none()
    )


def received(session: Session, values: dict[str, object]) -> int:
    """Record a new message by column, now (claiming it: a second process
    waits here, then finds it); its id."""
    return rows.insert_now(session, InboundMessage, values)


def moved_on(session: Session, message_id: int, values: dict[str, object]) -> None:
    """Write a message's record by column, now: its status and outcome once processed."""
    rows.update_now(session, InboundMessage, message_id, values)


def recorded(session: Session, key: str, sender: str) -> InboundMessage | None:
    """The record of a message another process has claimed and committed."""
    return session.scalar(
        select(InboundMessage).where(InboundMessage.key == key, InboundMessage.sender == sender)
    )


def arrival(session: Session, message_id: int) -> tuple[datetime, str]:
    """When a recorded message arrived, and from where."""
    row = session.get(InboundMessage, message_id)
    assert row is not None
    return row.arrived_at, row.source


def failed_try(
    session: Session, values: dict[str, object], detail: str, now: datetime, max_attempts: int
) -> InboundMessage:
    """Count a failed try of the message (``values``: its new record, if it
    has none yet); the last one sets it aside."""
    row = session.scalar(
        select(InboundMessage)
        .where(InboundMessage.key == values["key"], InboundMessage.sender == values["sender"])
        .with_for_update()
    )
    if row is None:
        row = InboundMessage(**values)
        session.add(row)
    row.attempts += 1
    row.detail = detail
    row.processed_at = now
    if row.attempts >= max_attempts:
        row.status = InboundStatus.SET_ASIDE
        row.outcome = "set_aside"
    else:
        row.status = InboundStatus.RETRY
        row.outcome = "error"
    return row
