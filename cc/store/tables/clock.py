"""What changes a player's time besides the moves: leaves and time charges."""

from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import Date, ForeignKey, Index, Integer, Text
from sqlalchemy.orm import Mapped, mapped_column

from cc.base.kinds import ChargeKind, LeaveStatus
from cc.store.tables.base import Base, UTCDateTime, stored_enum


class PlayerLeave(Base):
    """A player's leave: covers all their games at once (54.6, 55.7, 56.7)."""

    __tablename__ = "player_leaves"
    __table_args__ = (Index("ix_player_leaves_player_days", "player_id", "first_day"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    first_day: Mapped[date] = mapped_column(Date)
    last_day: Mapped[date] = mapped_column(Date)
    status: Mapped[LeaveStatus] = mapped_column(stored_enum(LeaveStatus, "leave_status"))
    requested_at: Mapped[datetime] = mapped_column(UTCDateTime())
    #: the official who granted it out of the ordinary (56.7.7), if any
    granted_by_id: Mapped[int | None] = mapped_column(ForeignKey("players.id"))
    #: set when the player ended it early (56.7.3)
    ended_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    note: Mapped[str | None] = mapped_column(Text)
    #: when the partners and the arbiter were told it began and ended (56.7.2)
    start_noticed_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    end_noticed_at: Mapped[datetime | None] = mapped_column(UTCDateTime())


class TimeCharge(Base):
    """Days added to or taken off a player's total in one game, with the reason."""

    __tablename__ = "time_charges"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"), index=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    #: the player's move (full-move number) the charge falls on
    move_number: Mapped[int] = mapped_column(Integer)
    days: Mapped[int] = mapped_column(Integer)
    kind: Mapped[ChargeKind] = mapped_column(stored_enum(ChargeKind, "charge_kind"))
    reason: Mapped[str] = mapped_column(Text)
    on: Mapped[date] = mapped_column(Date)
    created_by_id: Mapped[int | None] = mapped_column(ForeignKey("players.id"))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime())
