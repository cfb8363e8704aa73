"""What is kept for later: the audit log, notifications, push subscriptions, scheduled jobs."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    Column,
    Float,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    String,
    Table,
    Text,
    Unicode,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column
from sqlalchemy.sql.expression import false as sa_false

from cc.base.kinds import Door
from cc.store.tables.base import Base, UTCDateTime, stored_enum


class AuditEntry(Base):
    """Append-only record of every state change (the database refuses edits)."""

    __tablename__ = "audit_log"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    at: Mapped[datetime] = mapped_column(UTCDateTime())
    actor_id: Mapped[int | None] = mapped_column(ForeignKey("players.id"))
    actor_label: Mapped[str] = mapped_column(String(100))
    door: Mapped[Door] = mapped_column(stored_enum(Door, "door"))
    action: Mapped[str] = mapped_column(String(64))
    event_id: Mapped[int | None] = mapped_column(ForeignKey("events.id"), index=True)
    game_id: Mapped[int | None] = mapped_column(ForeignKey("games.id"), index=True)
    details: Mapped[dict[str, Any]] = mapped_column(JSON)
    note: Mapped[str | None] = mapped_column(Text)


class Notification(Base):
    """One thing one person should hear of, recorded in the transaction of
    the change: its kind and parameters (codes, numbers, names), never
    rendered text, so each channel says it in the reader's language."""

    __tablename__ = "notifications"
    __table_args__ = (
        UniqueConstraint("recipient_id", "key", name="uq_notifications_recipient_key"),
        Index("ix_notifications_recipient_unread", "recipient_id", "read_at"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    recipient_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"))
    kind: Mapped[str] = mapped_column(String(32))
    game_id: Mapped[int | None] = mapped_column(Integer)
    case_id: Mapped[int | None] = mapped_column(Integer)
    event_id: Mapped[int | None] = mapped_column(Integer)
    params: Mapped[dict[str, Any]] = mapped_column(JSON)
    #: the channels it was sent to, chosen when it was recorded
    channels: Mapped[list[str]] = mapped_column(JSON)
    #: a notice that must come once only (a reminder on its day) names itself
    key: Mapped[str | None] = mapped_column(String(100))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime())
    #: seen in the notification centre
    read_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    #: told in a daily digest
    digested_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    #: Web Push: to be pushed (True until pushed or given up)
    push_due: Mapped[bool] = mapped_column(
        Boolean, default=False, server_default=sa_false(), index=True
    )
    #: Web Push: taken by one server process until then, so several
    #: processes never push the same notice twice
    push_claimed_until: Mapped[datetime | None] = mapped_column(UTCDateTime())


class PushSubscription(Base):
    """A browser that asked for Web Push notifications (RFC 8030, VAPID)."""

    __tablename__ = "push_subscriptions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"), index=True)
    endpoint: Mapped[str] = mapped_column(String(1000), unique=True)
    p256dh: Mapped[str] = mapped_column(String(200))
    auth: Mapped[str] = mapped_column(String(100))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime())


#: APScheduler's job store, declared here so that alembic creates it like every
#: other table (the layout is APScheduler 3's SQLAlchemyJobStore).
scheduler_jobs = Table(
    "apscheduler_jobs",
    Base.metadata,
    Column("id", Unicode(191), primary_key=True),
    Column("next_run_time", Float(25), index=True),
    Column("job_state", LargeBinary, nullable=False),
)
