"""Outgoing mail queued: a message's row written in the transaction of the
change it reports (sent after, and only with, that change), and what the
queue already holds."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from cc.base.kinds import OutboundStatus
from cc.store import rows
from cc.store.models import OutboundMessage


def add(
    session: Session,
    *,
    kind: str,
    to: str,
    subject: str,
    body: str,
    message_id: str,
    now: datetime,
    cc: list[str] | None = None,
    in_reply_to: str | None = None,
    game_id: int | None = None,
    ply: int | None = None,
    headers: dict[str, str] | None = None,
) -> None:
    """Queue one message in ``session``, due at once."""
    # Written at once, by column: nothing reads it back as an object.
    rows.insert_now(
        session,
        OutboundMessage,
        {
            "kind": kind,
            "to_address": to,
            "cc": cc or [],
            "subject": subject,
            "body": body,
            "message_id": message_id,
            "in_reply_to": in_reply_to,
            "game_id": game_id,
            "ply": ply,
            "headers": headers or {},
            "status": OutboundStatus.QUEUED,
            "attempts": 0,
            "next_attempt_at": now,
            "created_at": now,
        },
    )


def queued_to(session: Session, address: str, kinds: Sequence[str], since: datetime) -> int:
    """How many messages of ``kinds`` were queued to ``address`` since ``since``."""
    sent = session.scalar(
        select(func.count())
        .select_from(OutboundMessage)
        .where(
            OutboundMessage.to_address == address,
            OutboundMessage.kind.in_(kinds),
            OutboundMessage.created_at >= since,
        )
    )
    return sent or 0


def sent_message(session: Session, message_id: str) -> OutboundMessage | None:
    """The message we queued under that Message-ID, if any (a bounce names it)."""
    return session.scalar(select(OutboundMessage).where(OutboundMessage.message_id == message_id))
