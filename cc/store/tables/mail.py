"""Mail in and out: every message taken in, every message queued to be sent."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import (
    JSON,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column

from cc.base.kinds import InboundStatus, OutboundStatus
from cc.store.tables.base import Base, UTCDateTime, stored_enum


class InboundMessage(Base):
    """Every message the gateway took in, processed exactly once.

    The key is the Message-ID (or a digest of the raw message), with the
    sender; the row is written in the same transaction as the message's
    effects, so a redelivery finds it and changes nothing.
    """

    __tablename__ = "inbound_messages"
    __table_args__ = (UniqueConstraint("key", "sender"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    key: Mapped[str] = mapped_column(String(400))
    sender: Mapped[str] = mapped_column(String(320))
    message_id: Mapped[str | None] = mapped_column(String(400))
    subject: Mapped[str] = mapped_column(Text)
    game_id: Mapped[int | None] = mapped_column(ForeignKey("games.id"), index=True)
    player_id: Mapped[int | None] = mapped_column(ForeignKey("players.id"))
    #: when the message reached us: the "sent" of a move (§10.3)
    arrived_at: Mapped[datetime] = mapped_column(UTCDateTime())
    #: the message's own Date: header, kept as the player's statement
    date_header: Mapped[str | None] = mapped_column(String(200))
    source: Mapped[str] = mapped_column(String(16))
    status: Mapped[InboundStatus] = mapped_column(stored_enum(InboundStatus, "inbound_status"))
    #: a stable code of what became of it (applied, illegible_move, unknown_sender, ...)
    outcome: Mapped[str] = mapped_column(String(64))
    detail: Mapped[str | None] = mapped_column(Text)
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    raw: Mapped[bytes | None] = mapped_column(LargeBinary)
    processed_at: Mapped[datetime] = mapped_column(UTCDateTime())
    #: the official who released a held message, vouching for its sender
    released_by_id: Mapped[int | None] = mapped_column(ForeignKey("players.id"))


class OutboundMessage(Base):
    """Outgoing mail: queued in the transaction of the change it reports,
    sent after the commit, retried on temporary failures."""

    __tablename__ = "outbound_messages"
    __table_args__ = (Index("ix_outbound_messages_status_due", "status", "next_attempt_at"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(32))
    to_address: Mapped[str] = mapped_column(String(320))
    cc: Mapped[list[str]] = mapped_column(JSON)
    subject: Mapped[str] = mapped_column(Text)
    body: Mapped[str] = mapped_column(Text)
    message_id: Mapped[str] = mapped_column(String(400), unique=True)
    in_reply_to: Mapped[str | None] = mapped_column(String(400))
    game_id: Mapped[int | None] = mapped_column(ForeignKey("games.id"))
    #: for a forwarded move: its ply, so its delivery dates the partner's receipt
    ply: Mapped[int | None] = mapped_column(Integer)
    #: extra headers (List-Unsubscribe, ...), written as given
    headers: Mapped[dict[str, str]] = mapped_column(JSON, default=dict, server_default="{}")
    status: Mapped[OutboundStatus] = mapped_column(stored_enum(OutboundStatus, "outbound_status"))
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    next_attempt_at: Mapped[datetime] = mapped_column(UTCDateTime())
    last_error: Mapped[str | None] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime())
    sent_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
