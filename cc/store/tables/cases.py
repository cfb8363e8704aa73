"""Cases for the arbiter and the steps of their history."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from sqlalchemy import JSON, Date, ForeignKey, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column, relationship

from cc.base.kinds import CaseKind, CaseStatus, Door
from cc.store.tables.base import Base, UTCDateTime, stored_enum
from cc.store.tables.events import Event
from cc.store.tables.games import Game
from cc.store.tables.people import Player


class Case(Base):
    """A matter for the arbiter: who raised it, against whom, the evidence as
    it stood when it was raised, the decision and its appeal.

    The evidence (ledgers and Art. 60 schedules of the games concerned) is
    frozen at filing, so later moves cannot change what the arbiter judged;
    ``effects`` keeps what the decision changed, so that an appeal that
    reverses it puts every game back as it was.
    """

    __tablename__ = "cases"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id"), index=True)
    kind: Mapped[CaseKind] = mapped_column(stored_enum(CaseKind, "case_kind"))
    status: Mapped[CaseStatus] = mapped_column(stored_enum(CaseStatus, "case_status"))
    game_id: Mapped[int | None] = mapped_column(ForeignKey("games.id"), index=True)
    #: who raised it (None: the daily run)
    claimant_id: Mapped[int | None] = mapped_column(ForeignKey("players.id"))
    #: whom it is against
    respondent_id: Mapped[int | None] = mapped_column(ForeignKey("players.id"))
    door: Mapped[Door] = mapped_column(stored_enum(Door, "door"))
    filed_at: Mapped[datetime] = mapped_column(UTCDateTime())
    #: the day of filing in the event's zone
    filed_on: Mapped[date] = mapped_column(Date)
    statement: Mapped[str | None] = mapped_column(Text)
    details: Mapped[dict[str, Any]] = mapped_column(JSON)
    evidence: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    #: the day the daily run has work in this case (a lost email's 30 days)
    due_on: Mapped[date | None] = mapped_column(Date, index=True)
    protest: Mapped[str | None] = mapped_column(Text)
    protested_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    decision: Mapped[str | None] = mapped_column(String(32))
    reasons: Mapped[str | None] = mapped_column(Text)
    decided_by_id: Mapped[int | None] = mapped_column(ForeignKey("players.id"))
    decided_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    #: the day the decision was delivered: the appeal's 14 days run from it
    decided_on: Mapped[date | None] = mapped_column(Date)
    #: 56.6.7: the claimant may not claim again in this ten-move cycle
    barred_cycle: Mapped[int | None] = mapped_column(Integer)
    effects: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    appellant_id: Mapped[int | None] = mapped_column(ForeignKey("players.id"))
    appeal: Mapped[str | None] = mapped_column(Text)
    appealed_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    appeal_decision: Mapped[str | None] = mapped_column(String(32))
    appeal_reasons: Mapped[str | None] = mapped_column(Text)
    appeal_decided_by_id: Mapped[int | None] = mapped_column(ForeignKey("players.id"))
    appeal_decided_at: Mapped[datetime | None] = mapped_column(UTCDateTime())

    event: Mapped[Event] = relationship()
    game: Mapped[Game | None] = relationship()
    claimant: Mapped[Player | None] = relationship(foreign_keys=[claimant_id])
    respondent: Mapped[Player | None] = relationship(foreign_keys=[respondent_id])
    entries: Mapped[list[CaseEntry]] = relationship(
        back_populates="case", order_by="CaseEntry.id", cascade="all, delete-orphan"
    )


class CaseEntry(Base):
    """One step in a case's history: filed, protested, decided, appealed, ..."""

    __tablename__ = "case_entries"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    case_id: Mapped[int] = mapped_column(ForeignKey("cases.id", ondelete="CASCADE"), index=True)
    at: Mapped[datetime] = mapped_column(UTCDateTime())
    actor_id: Mapped[int | None] = mapped_column(ForeignKey("players.id"))
    actor_label: Mapped[str] = mapped_column(String(100))
    door: Mapped[Door] = mapped_column(stored_enum(Door, "door"))
    action: Mapped[str] = mapped_column(String(32))
    text: Mapped[str | None] = mapped_column(Text)
    details: Mapped[dict[str, Any]] = mapped_column(JSON)

    case: Mapped[Case] = relationship(back_populates="entries")
