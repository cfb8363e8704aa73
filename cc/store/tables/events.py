"""Events and who takes part: appeal arbiters, applications, sections, teams, entries."""

from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import Boolean, Date, ForeignKey, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship
from sqlalchemy.sql.expression import false as sa_false

from cc.base.kinds import ApplicationStatus, EventStatus, EventSystem
from cc.base.regulations import DayCounting, Mode, Regulations
from cc.store.tables.base import Base, UTCDateTime, stored_enum
from cc.store.tables.people import Player


class Event(Base):
    __tablename__ = "events"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    code: Mapped[str] = mapped_column(String(64), unique=True)
    name: Mapped[str] = mapped_column(String(200))
    mode: Mapped[Mode] = mapped_column(stored_enum(Mode, "mode"))
    status: Mapped[EventStatus] = mapped_column(stored_enum(EventStatus, "event_status"))
    start_date: Mapped[date] = mapped_column(Date)
    end_date: Mapped[date | None] = mapped_column(Date)
    timezone: Mapped[str] = mapped_column(String(64))
    cycles: Mapped[int] = mapped_column(Integer, default=1)
    #: an :class:`EventSystem` value; the round robin unless stated
    system: Mapped[str] = mapped_column(
        String(32), server_default=EventSystem.ROUND_ROBIN.value, default=EventSystem.ROUND_ROBIN
    )
    #: a Swiss: the number of rounds and the pairing system, announced in
    #: advance (31.7); None in other systems
    rounds: Mapped[int | None] = mapped_column(Integer)
    pairing_system: Mapped[str | None] = mapped_column(String(32))
    arbiter_id: Mapped[int | None] = mapped_column(ForeignKey("players.id"))
    adjudicator_id: Mapped[int | None] = mapped_column(ForeignKey("players.id"))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime())
    started_at: Mapped[datetime | None] = mapped_column(UTCDateTime())

    # The regulations (spec §1): see cc.base.regulations.Regulations.
    control_moves: Mapped[int] = mapped_column(Integer)
    control_days: Mapped[int] = mapped_column(Integer)
    leave_days_per_year: Mapped[int] = mapped_column(Integer)
    leave_days_per_event: Mapped[int | None] = mapped_column(Integer)
    penalty_days: Mapped[int] = mapped_column(Integer)
    penalty_days_repeat: Mapped[int] = mapped_column(Integer)
    day_counting: Mapped[DayCounting] = mapped_column(stored_enum(DayCounting, "day_counting"))
    iccf_double_after_20: Mapped[bool] = mapped_column(Boolean)
    first_overstep_loses: Mapped[bool] = mapped_column(Boolean)
    conditional_moves: Mapped[bool] = mapped_column(Boolean)
    next_day_receipt: Mapped[bool] = mapped_column(Boolean)
    tiebreaks: Mapped[str] = mapped_column(
        String(200), server_default="head_to_head,wins,sonneborn_berger,koya"
    )
    team_ranking: Mapped[str] = mapped_column(
        String(200), server_default="match_points,board_points,head_to_head,sonneborn_berger"
    )
    no_engines: Mapped[bool] = mapped_column(Boolean, server_default=sa_false())
    no_databases: Mapped[bool] = mapped_column(Boolean, server_default=sa_false())
    no_opening_books: Mapped[bool] = mapped_column(Boolean, server_default=sa_false())
    no_tablebases: Mapped[bool] = mapped_column(Boolean, server_default=sa_false())
    #: players may apply on the site until ``entry_closes_on`` (inclusive)
    entry_open: Mapped[bool] = mapped_column(Boolean, server_default=sa_false(), default=False)
    entry_closes_on: Mapped[date | None] = mapped_column(Date)
    #: NULL: games are public once they end; N: N moves behind while played
    public_moves_behind: Mapped[int | None] = mapped_column(Integer)
    #: a thematic event (Art. 26): every game starts from this position
    #: (NULL: the initial one), reached by ``start_line`` (SAN) when the
    #: theme is an opening line; or, with ``chess960``, from a Chess960
    #: position drawn per round from ``chess960_seed`` (cc.events.thematic)
    start_fen: Mapped[str | None] = mapped_column(String(100))
    start_line: Mapped[str | None] = mapped_column(String(400))
    chess960: Mapped[bool] = mapped_column(Boolean, server_default=sa_false(), default=False)
    chess960_seed: Mapped[str | None] = mapped_column(String(64))
    #: a Swiss bye's points: "1", "1/2" or "0"
    bye_points: Mapped[str] = mapped_column(String(8), server_default="1", default="1")

    arbiter: Mapped[Player | None] = relationship(foreign_keys=[arbiter_id])
    adjudicator: Mapped[Player | None] = relationship(foreign_keys=[adjudicator_id])
    appeal_arbiters: Mapped[list[EventAppealArbiter]] = relationship(
        back_populates="event", cascade="all, delete-orphan"
    )
    sections: Mapped[list[Section]] = relationship(
        back_populates="event", order_by="Section.id", cascade="all, delete-orphan"
    )

    @property
    def regulations(self) -> Regulations:
        return Regulations(
            control_moves=self.control_moves,
            control_days=self.control_days,
            leave_days_per_year=self.leave_days_per_year,
            leave_days_per_event=self.leave_days_per_event,
            penalty_days=self.penalty_days,
            penalty_days_repeat=self.penalty_days_repeat,
            day_counting=DayCounting(self.day_counting),
            iccf_double_after_20=self.iccf_double_after_20,
            first_overstep_loses=self.first_overstep_loses,
            conditional_moves=self.conditional_moves,
            next_day_receipt=self.next_day_receipt,
            tiebreaks=self.tiebreaks,
            team_ranking=self.team_ranking,
            no_engines=self.no_engines,
            no_databases=self.no_databases,
            no_opening_books=self.no_opening_books,
            no_tablebases=self.no_tablebases,
            public_moves_behind=self.public_moves_behind,
            bye_points=self.bye_points,
        )

    def set_regulations(self, regs: Regulations) -> None:
        for name in Regulations.__dataclass_fields__:
            setattr(self, name, getattr(regs, name))


class EventAppealArbiter(Base):
    __tablename__ = "event_appeal_arbiters"

    event_id: Mapped[int] = mapped_column(
        ForeignKey("events.id", ondelete="CASCADE"), primary_key=True
    )
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), primary_key=True)

    event: Mapped[Event] = relationship(back_populates="appeal_arbiters")
    player: Mapped[Player] = relationship()


class EventApplication(Base):
    """A player's entry to an event open for entry, and the organiser's answer.

    Accepted entries are later placed into sections (by hand, or by rating);
    until the event starts an entry is only this row.
    """

    __tablename__ = "event_applications"
    __table_args__ = (UniqueConstraint("event_id", "player_id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"), index=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    status: Mapped[ApplicationStatus] = mapped_column(
        stored_enum(ApplicationStatus, "application_status")
    )
    applied_at: Mapped[datetime] = mapped_column(UTCDateTime())
    decided_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    decided_by_id: Mapped[int | None] = mapped_column(ForeignKey("players.id"))
    note: Mapped[str | None] = mapped_column(Text)

    player: Mapped[Player] = relationship(foreign_keys=[player_id])


class Section(Base):
    __tablename__ = "sections"
    __table_args__ = (UniqueConstraint("event_id", "name"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"))
    name: Mapped[str] = mapped_column(String(64))
    #: a section's own theme (Art. 26), in place of the event's: its games
    #: start from this position, reached by ``start_line`` (SAN) if given
    start_fen: Mapped[str | None] = mapped_column(String(100))
    start_line: Mapped[str | None] = mapped_column(String(400))

    event: Mapped[Event] = relationship(back_populates="sections")
    entries: Mapped[list[SectionEntry]] = relationship(
        back_populates="section", order_by="SectionEntry.id", cascade="all, delete-orphan"
    )
    teams: Mapped[list[Team]] = relationship(
        back_populates="section", order_by="Team.id", cascade="all, delete-orphan"
    )


class Team(Base):
    """A team of a team section; ``number`` is its Berger starting number.

    Its players are section entries with their board order (Art. 26: team
    round robins; the boards of a match pair board with board).
    """

    __tablename__ = "teams"
    __table_args__ = (
        UniqueConstraint("section_id", "name"),
        UniqueConstraint("section_id", "number"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    section_id: Mapped[int] = mapped_column(ForeignKey("sections.id", ondelete="CASCADE"))
    name: Mapped[str] = mapped_column(String(100))
    number: Mapped[int | None] = mapped_column(Integer)

    section: Mapped[Section] = relationship(back_populates="teams")
    entries: Mapped[list[SectionEntry]] = relationship(
        back_populates="team", order_by="SectionEntry.board"
    )


class SectionEntry(Base):
    """A player in a section; ``number`` is the Berger starting number."""

    __tablename__ = "section_entries"
    __table_args__ = (
        UniqueConstraint("section_id", "player_id"),
        UniqueConstraint("section_id", "number"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    section_id: Mapped[int] = mapped_column(ForeignKey("sections.id", ondelete="CASCADE"))
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), index=True)
    number: Mapped[int | None] = mapped_column(Integer)
    #: set by a withdrawal decision (54.7, 55.8, 56.8): its day and kind
    withdrawn_on: Mapped[date | None] = mapped_column(Date)
    withdrawal: Mapped[str | None] = mapped_column(String(32))
    #: in a team section: the team and the board the player holds in it
    team_id: Mapped[int | None] = mapped_column(ForeignKey("teams.id"), index=True)
    board: Mapped[int | None] = mapped_column(Integer)
    #: a Swiss: the round in which the player had the bye (at most one)
    bye_round: Mapped[int | None] = mapped_column(Integer)

    section: Mapped[Section] = relationship(back_populates="entries")
    player: Mapped[Player] = relationship()
    team: Mapped[Team | None] = relationship(back_populates="entries")
