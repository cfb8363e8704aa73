"""The stored state of the server: typed SQLAlchemy 2 models.

Tables are created only by the alembic revisions in ``migrations/``; the
test suite checks that the revisions and these models agree.
"""

from __future__ import annotations

import enum
from datetime import UTC, date, datetime
from typing import Any

import chess
from sqlalchemy import (
    JSON,
    Boolean,
    Column,
    Date,
    DateTime,
    Enum,
    Float,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    MetaData,
    String,
    Table,
    Text,
    Unicode,
    UniqueConstraint,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship, validates
from sqlalchemy.sql.expression import false as sa_false
from sqlalchemy.sql.expression import true as sa_true
from sqlalchemy.types import TypeDecorator

from cc.base import positions
from cc.base.regulations import DayCounting, Mode, Regulations
from notation.pgn import display_name
from notation.start import plies_before, start_board

NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class UTCDateTime(TypeDecorator[datetime]):
    """Instants stored in UTC and always read back timezone-aware.

    SQLite keeps no zone, so the zone is fixed on the way in and out here.
    """

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Any) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError(f"naive datetime {value!r} cannot be stored as an instant")
        value = value.astimezone(UTC)
        return value.replace(tzinfo=None) if dialect.name == "sqlite" else value

    def process_result_value(self, value: datetime | None, dialect: Any) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            return value.replace(tzinfo=UTC)
        return value.astimezone(UTC)


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING)


def _enum(cls: type[enum.Enum], name: str) -> Enum:
    return Enum(
        cls,
        name=name,
        native_enum=False,
        create_constraint=True,
        length=32,
        values_callable=lambda e: [m.value for m in e],
    )


class Role(enum.StrEnum):
    PLAYER = "player"
    ARBITER = "arbiter"
    ADJUDICATOR = "adjudicator"
    APPEAL_ARBITER = "appeal_arbiter"
    ADMIN = "admin"


class Door(enum.StrEnum):
    """The way a request reached the services."""

    WEB = "web"
    API = "api"
    EMAIL = "email"
    XFCC = "xfcc"
    POST = "post"
    CLI = "cli"
    SYSTEM = "system"


class EventStatus(enum.StrEnum):
    DRAFT = "draft"
    STARTED = "started"
    FINISHED = "finished"


class GameStatus(enum.StrEnum):
    ONGOING = "ongoing"
    FINISHED = "finished"
    #: unfinished, handed to the adjudicator (the event's end, 56.9.4; a
    #: withdrawal decided so, 56.8)
    ADJUDICATION = "adjudication"
    #: not counted: its player was excluded with all unfinished games (56.8)
    ANNULLED = "annulled"


class GameResult(enum.StrEnum):
    WHITE_WINS = "1-0"
    BLACK_WINS = "0-1"
    DRAW = "1/2-1/2"
    UNFINISHED = "*"


class ResultReason(enum.StrEnum):
    CHECKMATE = "checkmate"
    RESIGNATION = "resignation"
    AGREED_DRAW = "agreed_draw"
    STALEMATE = "stalemate"
    INSUFFICIENT_MATERIAL = "insufficient_material"
    THREEFOLD_REPETITION = "threefold_repetition"
    FIFTY_MOVES = "fifty_moves"
    FIVEFOLD_REPETITION = "fivefold_repetition"
    SEVENTYFIVE_MOVES = "seventyfive_moves"
    TIME_FORFEIT = "time_forfeit"
    ADJUDICATION = "adjudication"
    WITHDRAWAL = "withdrawal"
    DEFAULT = "default"


class DrawOfferStatus(enum.StrEnum):
    OPEN = "open"
    ACCEPTED = "accepted"
    DECLINED = "declined"
    #: closed unanswered because the game ended otherwise
    LAPSED = "lapsed"


class Player(Base):
    __tablename__ = "players"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    login: Mapped[str] = mapped_column(String(64), unique=True)
    #: the surname, as the federations' lists write it ("Петров", "Liddell")
    surname: Mapped[str] = mapped_column(String(200))
    #: the given names, a patronymic among them ("Пётр Иванович"); may be empty
    given_names: Mapped[str] = mapped_column(String(200), default="", server_default="")
    #: the display form, surname first ("Петров Пётр Иванович"), made from the
    #: two above whenever either is set (tables, pages and mail read it); PGN
    #: and Xfcc write notation.pgn.pgn_name(surname, given_names)
    name: Mapped[str] = mapped_column(String(200))
    lang: Mapped[str] = mapped_column(String(8), default="en")
    #: the notation the player reads and writes records in (notation.Notation)
    notation: Mapped[str] = mapped_column(String(16), default="san", server_default="san")
    #: the partner's moves are mailed to this player (else seen on the web)
    mail_moves: Mapped[bool] = mapped_column(Boolean, default=True, server_default=sa_true())
    password_hash: Mapped[str | None] = mapped_column(String(255))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime())
    #: the federation's own id of the player (a FIDE or ICCF id, a national one)
    federation_id: Mapped[str | None] = mapped_column(String(32))
    #: the rating the federation's list gives (sections by rating, crosstables)
    rating: Mapped[int | None] = mapped_column(Integer)
    #: ISO 3166 country code, as Xfcc and PGN show it
    country: Mapped[str | None] = mapped_column(String(3))
    #: a duplicate account merged into another: it no longer signs in nor shows
    merged_into_id: Mapped[int | None] = mapped_column(ForeignKey("players.id"))
    #: the player's own time zone: their digest's hour is read in it
    timezone: Mapped[str] = mapped_column(String(64), default="UTC", server_default="UTC")
    #: the hour (0-23, in the player's zone) the daily digest goes out
    digest_hour: Mapped[int] = mapped_column(Integer, default=7, server_default="7")
    #: the player's own local day the last digest went out for (never twice a day)
    digest_sent_on: Mapped[date | None] = mapped_column(Date)
    #: "time running low" is told when this share (%) of the period is left
    low_time_percent: Mapped[int] = mapped_column(Integer, default=20, server_default="20")
    #: per group of notifications, the channels chosen (absent: the defaults),
    #: see cc.kernel.notifications
    notify_channels: Mapped[dict[str, list[str]]] = mapped_column(
        JSON, default=dict, server_default="{}"
    )

    emails: Mapped[list[PlayerEmail]] = relationship(
        back_populates="player", order_by="PlayerEmail.id", cascade="all, delete-orphan"
    )
    roles: Mapped[list[PlayerRole]] = relationship(
        back_populates="player", cascade="all, delete-orphan"
    )

    @validates("surname", "given_names")
    def _derive_name(self, key: str, value: str | None) -> str:
        """Names are kept with single spaces, and ``name`` follows them."""
        value = " ".join((value or "").split())
        surname = value if key == "surname" else self.surname or ""
        given = value if key == "given_names" else self.given_names or ""
        self.name = display_name(surname, given)
        return value

    @property
    def mail_address(self) -> str:
        """Where mail to the player goes: the first registered address that
        is not bouncing, else the first (a failing one may work again, and
        the arbiter has been told, 56.1.6); "" without any."""
        working = [e for e in self.emails if e.failing_since is None]
        chosen = working or self.emails
        return chosen[0].address if chosen else ""

    @property
    def role_set(self) -> frozenset[Role]:
        return frozenset(Role(r.role) for r in self.roles)


class PlayerEmail(Base):
    __tablename__ = "player_emails"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"), index=True)
    #: stored lower-cased, so the gateway can match a sender exactly
    address: Mapped[str] = mapped_column(String(320), unique=True)
    #: our mail to it bounced for good (a 5.x.x report) since then: the
    #: player's mail may be lost (56.1.6); None while mail goes through
    failing_since: Mapped[datetime | None] = mapped_column(UTCDateTime())
    #: what the report said: its status and the receiving server's words
    failing_reason: Mapped[str | None] = mapped_column(Text)

    player: Mapped[Player] = relationship(back_populates="emails")


class PlayerRole(Base):
    __tablename__ = "player_roles"

    player_id: Mapped[int] = mapped_column(
        ForeignKey("players.id", ondelete="CASCADE"), primary_key=True
    )
    role: Mapped[Role] = mapped_column(_enum(Role, "role"), primary_key=True)

    player: Mapped[Player] = relationship(back_populates="roles")


class EventSystem(enum.StrEnum):
    """How an event's games are paired (Art. 26), announced in advance (31.7)."""

    ROUND_ROBIN = "round_robin"
    SWISS = "swiss"
    #: Olympic system, out after the first lost match
    KNOCKOUT = "knockout"
    #: Olympic system, a loser's bracket: out after the second lost match
    DOUBLE_KNOCKOUT = "double_knockout"


class Event(Base):
    __tablename__ = "events"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    code: Mapped[str] = mapped_column(String(64), unique=True)
    name: Mapped[str] = mapped_column(String(200))
    mode: Mapped[Mode] = mapped_column(_enum(Mode, "mode"))
    status: Mapped[EventStatus] = mapped_column(_enum(EventStatus, "event_status"))
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
    day_counting: Mapped[DayCounting] = mapped_column(_enum(DayCounting, "day_counting"))
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


class ApplicationStatus(enum.StrEnum):
    APPLIED = "applied"
    ACCEPTED = "accepted"
    REFUSED = "refused"
    #: the player took it back before it was decided
    WITHDRAWN = "withdrawn"


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
        _enum(ApplicationStatus, "application_status")
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


class Game(Base):
    __tablename__ = "games"
    __table_args__ = (
        UniqueConstraint("section_id", "round", "board"),
        # A player's games by whose move it is, in the order of their next
        # deadline: the digest reads the first few of the games a player has
        # to move, however many games wait on the partner.
        Index("ix_games_white_turn_deadline", "white_id", "white_to_move", "next_deadline"),
        Index("ix_games_black_turn_deadline", "black_id", "white_to_move", "next_deadline"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id"), index=True)
    section_id: Mapped[int] = mapped_column(ForeignKey("sections.id"))
    round: Mapped[int] = mapped_column(Integer)
    board: Mapped[int] = mapped_column(Integer)
    white_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    black_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    status: Mapped[GameStatus] = mapped_column(_enum(GameStatus, "game_status"))
    result: Mapped[GameResult] = mapped_column(_enum(GameResult, "game_result"))
    result_reason: Mapped[ResultReason | None] = mapped_column(_enum(ResultReason, "result_reason"))
    #: the current position, so a move is checked without replaying the game
    fen: Mapped[str] = mapped_column(String(100))
    #: whose move it is in ``fen`` (its second field), set with it by the
    #: services: a stored column, so that it can be indexed with the players
    white_to_move: Mapped[bool] = mapped_column(Boolean, default=True, server_default=sa_true())
    #: the moves made in this game (not the move number: a game started
    #: from a set position numbers its moves from there, see ``plies_before``)
    ply_count: Mapped[int] = mapped_column(Integer, default=0)
    #: where the game started: NULL, the initial position; else a thematic
    #: start (the position after ``start_line``, SAN, when one was played out)
    start_fen: Mapped[str | None] = mapped_column(String(100))
    start_line: Mapped[str | None] = mapped_column(String(400))
    #: Chess960 rules for castling (moves stored king onto rook, as UCI_Chess960)
    chess960: Mapped[bool] = mapped_column(Boolean, server_default=sa_false(), default=False)
    #: positions (EPD, legal en passant only) since the last irreversible
    #: move, oldest first: all that threefold and fivefold repetition need
    repetition: Mapped[list[str]] = mapped_column(JSON)
    #: when the player to move received the position (start, or the
    #: partner's move delivered): the "received" of the next move
    turn_started_at: Mapped[datetime] = mapped_column(UTCDateTime())
    finished_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    #: the first day the daily run may have work in this game; kept current by
    #: the services, indexed so the run reads only the games that need it
    next_deadline: Mapped[date | None] = mapped_column(Date, index=True)
    #: email games: the ply whose move went 14 days unanswered and was sent
    #: again with a copy to the arbiter (56.5.1)
    reminded_ply: Mapped[int | None] = mapped_column(Integer)
    #: the ply whose silence was raised as a case for the arbiter (56.5.3, 55.5.2)
    silence_ply: Mapped[int | None] = mapped_column(Integer)
    #: how many of each colour's oversteps the partner was told of (§10.4)
    white_oversteps_told: Mapped[int | None] = mapped_column(Integer)
    black_oversteps_told: Mapped[int | None] = mapped_column(Integer)
    #: the case whose claim suspends the game (56.6.3); no foreign key, since
    #: cases refer to games
    suspended_by_case_id: Mapped[int | None] = mapped_column(Integer)
    #: days on which the game stood still, ``[first, last]`` ISO dates (last
    #: None while it still does): counted for neither player
    pauses: Mapped[list[list[str | None]]] = mapped_column(JSON, default=list, server_default="[]")
    #: the first day the player to move is to be told something about their
    #: time (running low, a move unanswered for 14/28/35 days): the daily
    #: run's index for those notifications, kept by the services like
    #: ``next_deadline``
    alert_on: Mapped[date | None] = mapped_column(Date, index=True)
    #: both players' day ledgers carried forward (:mod:`timekeeping.tally`),
    #: with the ply and regulations they were counted under; None: not kept,
    #: counted again from the moves at the next change
    #: (:meth:`cc.clock.ledger.LedgerService.current`)
    ledger_state: Mapped[dict[str, Any] | None] = mapped_column(JSON(none_as_null=True))

    event: Mapped[Event] = relationship()
    section: Mapped[Section] = relationship()
    white: Mapped[Player] = relationship(foreign_keys=[white_id])
    black: Mapped[Player] = relationship(foreign_keys=[black_id])
    moves: Mapped[list[Move]] = relationship(back_populates="game", order_by="Move.ply")

    @property
    def plies_before(self) -> int:
        """The half-moves the start position stands for (0 from the initial
        position; 23 when Black makes move 12 first): what turns the game's
        ply into the record's move number (notation.start)."""
        return plies_before(self.start_fen)

    def start_board(self) -> chess.Board:
        """The position the game started from, with its castling rules."""
        return start_board(self.start_fen, self.chess960)

    def position(self, fen: str | None = None) -> chess.Board:
        """The current position (or ``fen`` of this game), with its castling rules."""
        return positions.board(fen or self.fen, self.chess960)

    @property
    def player_to_move(self) -> Player | None:
        """Who is to move; None once the game is over."""
        if self.status != GameStatus.ONGOING:
            return None
        return self.white if self.white_to_move else self.black


class KnockoutRules(Base):
    """A knockout event's matches (Art. 26): games per match, the tie rule, the lot.

    Kept beside the event rather than among its regulations' columns: only
    the knockout systems read them (:mod:`standings.knockout`).
    """

    __tablename__ = "knockout_rules"

    event_id: Mapped[int] = mapped_column(
        ForeignKey("events.id", ondelete="CASCADE"), primary_key=True
    )
    games_per_match: Mapped[int] = mapped_column(Integer, default=2)
    #: a :class:`standings.knockout.TieBreak` value
    tie_break: Mapped[str] = mapped_column(String(32), default="extra_pair")
    #: extra pairs at most, then a lot (``extra_pair`` only)
    extra_pairs: Mapped[int] = mapped_column(Integer, default=2)
    #: double knockout: a second final when the losers' bracket champion wins
    bracket_reset: Mapped[bool] = mapped_column(Boolean, default=False)
    #: the seed of every drawing of lots, set at the start and audited
    lots_seed: Mapped[int | None] = mapped_column(Integer)


class KnockoutGame(Base):
    """Which match of a knockout bracket a game belongs to, and its number in it."""

    __tablename__ = "knockout_games"
    __table_args__ = (UniqueConstraint("section_id", "match", "game_index"),)

    game_id: Mapped[int] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    section_id: Mapped[int] = mapped_column(ForeignKey("sections.id", ondelete="CASCADE"))
    #: the match's key in the bracket: ``W2-1``, ``L3-2``, ``GF``
    match: Mapped[str] = mapped_column(String(16))
    #: 0-based, in the order the match plays them (colours swap game to game)
    game_index: Mapped[int] = mapped_column(Integer)

    game: Mapped[Game] = relationship()


class RatingPeriod(Base):
    """A rating period the organiser closed: the games finished by its last day
    and not rated before were rated in it, played games only (33.2)."""

    __tablename__ = "rating_periods"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    #: the last day (UTC) whose finished games it rated
    until: Mapped[date] = mapped_column(Date)
    closed_at: Mapped[datetime] = mapped_column(UTCDateTime())
    #: the games it rated
    games: Mapped[int] = mapped_column(Integer)


class PeriodGame(Base):
    """A game rated in a period: each game is rated once."""

    __tablename__ = "rating_period_games"

    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"), primary_key=True)
    period_id: Mapped[int] = mapped_column(ForeignKey("rating_periods.id"), index=True)


class PlayerRating(Base):
    """A player's server rating (Glicko-2) after a period: their history."""

    __tablename__ = "player_ratings"
    __table_args__ = (UniqueConstraint("period_id", "player_id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    period_id: Mapped[int] = mapped_column(ForeignKey("rating_periods.id"))
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"), index=True)
    rating: Mapped[float] = mapped_column(Float)
    deviation: Mapped[float] = mapped_column(Float)
    volatility: Mapped[float] = mapped_column(Float)
    #: the games they played in the period (0: their deviation only grew)
    games: Mapped[int] = mapped_column(Integer)
    #: their points in those games
    points: Mapped[float] = mapped_column(Float)
    #: their opponents' ratings before the period, summed and divided by the
    #: games played (38.1); None when they played none
    opponents_average: Mapped[float | None] = mapped_column(Float)


class Move(Base):
    __tablename__ = "moves"
    __table_args__ = (UniqueConstraint("game_id", "ply"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"))
    #: 1 for White's first move, 2 for Black's first, ...
    ply: Mapped[int] = mapped_column(Integer)
    uci: Mapped[str] = mapped_column(String(8))
    san: Mapped[str] = mapped_column(String(16))
    received_at: Mapped[datetime] = mapped_column(UTCDateTime())
    sent_at: Mapped[datetime] = mapped_column(UTCDateTime())
    #: calendar dates in the event's zone; received_on never before the start (54.4.4)
    received_on: Mapped[date] = mapped_column(Date)
    sent_on: Mapped[date] = mapped_column(Date)
    #: the date the player wrote as their sending date, kept beside the real one (56.2.3)
    stated_sent_on: Mapped[date | None] = mapped_column(Date)
    door: Mapped[Door] = mapped_column(_enum(Door, "door"))
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    #: who entered it when not the player (an arbiter entering a posted move)
    entered_by_id: Mapped[int | None] = mapped_column(ForeignKey("players.id"))
    recorded_at: Mapped[datetime] = mapped_column(UTCDateTime())
    #: what the player wrote to the partner with this move: it belongs to the
    #: move, so every door shows it with the move and never again after
    message: Mapped[str | None] = mapped_column(Text)

    game: Mapped[Game] = relationship(back_populates="moves")


class DrawOffer(Base):
    __tablename__ = "draw_offers"
    __table_args__ = (Index("ix_draw_offers_game_status", "game_id", "status"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"))
    offered_by_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    #: the number of plies made when the offer was made
    ply: Mapped[int] = mapped_column(Integer)
    offered_at: Mapped[datetime] = mapped_column(UTCDateTime())
    status: Mapped[DrawOfferStatus] = mapped_column(_enum(DrawOfferStatus, "draw_offer_status"))
    answered_at: Mapped[datetime | None] = mapped_column(UTCDateTime())


class AuditEntry(Base):
    """Append-only record of every state change (the database refuses edits)."""

    __tablename__ = "audit_log"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    at: Mapped[datetime] = mapped_column(UTCDateTime())
    actor_id: Mapped[int | None] = mapped_column(ForeignKey("players.id"))
    actor_label: Mapped[str] = mapped_column(String(100))
    door: Mapped[Door] = mapped_column(_enum(Door, "door"))
    action: Mapped[str] = mapped_column(String(64))
    event_id: Mapped[int | None] = mapped_column(ForeignKey("events.id"), index=True)
    game_id: Mapped[int | None] = mapped_column(ForeignKey("games.id"), index=True)
    details: Mapped[dict[str, Any]] = mapped_column(JSON)
    note: Mapped[str | None] = mapped_column(Text)


class LeaveStatus(enum.StrEnum):
    ACTIVE = "active"
    #: withdrawn before it began (56.7.3)
    CANCELLED = "cancelled"


class PlayerLeave(Base):
    """A player's leave: covers all their games at once (54.6, 55.7, 56.7)."""

    __tablename__ = "player_leaves"
    __table_args__ = (Index("ix_player_leaves_player_days", "player_id", "first_day"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    first_day: Mapped[date] = mapped_column(Date)
    last_day: Mapped[date] = mapped_column(Date)
    status: Mapped[LeaveStatus] = mapped_column(_enum(LeaveStatus, "leave_status"))
    requested_at: Mapped[datetime] = mapped_column(UTCDateTime())
    #: the official who granted it out of the ordinary (56.7.7), if any
    granted_by_id: Mapped[int | None] = mapped_column(ForeignKey("players.id"))
    #: set when the player ended it early (56.7.3)
    ended_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    note: Mapped[str | None] = mapped_column(Text)
    #: when the partners and the arbiter were told it began and ended (56.7.2)
    start_noticed_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    end_noticed_at: Mapped[datetime | None] = mapped_column(UTCDateTime())


class ChargeKind(enum.StrEnum):
    #: penalty days for an illegal, impossible or wrongly repeated move
    PENALTY = "penalty"
    #: days not counted: delay answering an impossible move, at most 3 (56.4.8)
    GRACE = "grace"
    #: any other correction by the arbiter, with its reason
    ADJUSTMENT = "adjustment"


class TimeCharge(Base):
    """Days added to or taken off a player's total in one game, with the reason."""

    __tablename__ = "time_charges"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"), index=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    #: the player's move (full-move number) the charge falls on
    move_number: Mapped[int] = mapped_column(Integer)
    days: Mapped[int] = mapped_column(Integer)
    kind: Mapped[ChargeKind] = mapped_column(_enum(ChargeKind, "charge_kind"))
    reason: Mapped[str] = mapped_column(Text)
    on: Mapped[date] = mapped_column(Date)
    created_by_id: Mapped[int | None] = mapped_column(ForeignKey("players.id"))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime())


class WebSession(Base):
    """A signed-in browser: the cookie holds a random token, stored here hashed."""

    __tablename__ = "web_sessions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"), index=True)
    #: the synchronizer token every form of this session must carry
    csrf_token: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime())
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime())


class ApiToken(Base):
    """A personal token for API clients, stored hashed."""

    __tablename__ = "api_tokens"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(100))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime())
    #: when a request last came with it, kept to a few minutes (written at
    #: most once per :data:`cc.accounts.tokens.TOKEN_TOUCH`)
    last_used_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    revoked_at: Mapped[datetime | None] = mapped_column(UTCDateTime())


class LoginFailure(Base):
    """A failed sign-in (or one being checked), kept a day to slow guessing
    per login, per known device and per client address (cc.accounts.throttle)."""

    __tablename__ = "login_failures"
    __table_args__ = (
        Index("ix_login_failures_login_at", "login", "at"),
        Index("ix_login_failures_address_at", "address", "at"),
        Index("ix_login_failures_at", "at"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    #: the login as typed, folded to lower case (known or not)
    login: Mapped[str] = mapped_column(String(320))
    #: the client's address (an IPv6 client's /64)
    address: Mapped[str] = mapped_column(String(64))
    #: the mark of the known device it came from, if it came from one
    device: Mapped[str | None] = mapped_column(String(32))
    at: Mapped[datetime] = mapped_column(UTCDateTime())


class ResetRequest(Base):
    """A request for a reset link, kept a day to limit them per address."""

    __tablename__ = "reset_requests"
    __table_args__ = (Index("ix_reset_requests_address_at", "address", "at"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    address: Mapped[str] = mapped_column(String(64))
    at: Mapped[datetime] = mapped_column(UTCDateTime())


class PasswordReset(Base):
    """A single-use link to set a password, stored hashed: a reset the player
    asked for, or one the organiser mailed (a reset or an invitation)."""

    __tablename__ = "password_resets"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"))
    #: "reset" (a new password) or "invite" (a new account's first password)
    purpose: Mapped[str] = mapped_column(String(16), default="reset", server_default="reset")
    created_at: Mapped[datetime] = mapped_column(UTCDateTime())
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime())
    used_at: Mapped[datetime | None] = mapped_column(UTCDateTime())


class LineStatus(enum.StrEnum):
    ACTIVE = "active"
    #: every move of it fired
    COMPLETED = "completed"
    CANCELLED = "cancelled"
    #: the partner played another move, or the game ended
    LAPSED = "lapsed"


class ConditionalLine(Base):
    """A player's conditional moves ("variant", 54.3.3): private until they fire.

    ``moves`` alternates the partner's expected move and the owner's reply,
    starting with the partner's move at ``next_ply``; ``position`` is the
    index of the partner's next expected move.
    """

    __tablename__ = "conditional_lines"
    __table_args__ = (Index("ix_conditional_lines_game_status", "game_id", "status"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"))
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    moves: Mapped[list[str]] = mapped_column(JSON)
    position: Mapped[int] = mapped_column(Integer, default=0)
    next_ply: Mapped[int] = mapped_column(Integer)
    status: Mapped[LineStatus] = mapped_column(_enum(LineStatus, "line_status"))
    door: Mapped[Door] = mapped_column(_enum(Door, "door"))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime())
    closed_at: Mapped[datetime | None] = mapped_column(UTCDateTime())


class InboundStatus(enum.StrEnum):
    #: its move or request was applied
    APPLIED = "applied"
    #: a fault: answered with the reason, and charged where the mode says so
    REFUSED = "refused"
    #: not answered: automatic mail, our own mail, an unknown sender over the limit
    IGNORED = "ignored"
    #: failed to process, to be tried again
    RETRY = "retry"
    #: failed too often: set aside for the admin
    SET_ASIDE = "set_aside"
    #: its sender failed authentication: kept for the arbiter, nothing applied
    HELD = "held"


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
    status: Mapped[InboundStatus] = mapped_column(_enum(InboundStatus, "inbound_status"))
    #: a stable code of what became of it (applied, illegible_move, unknown_sender, ...)
    outcome: Mapped[str] = mapped_column(String(64))
    detail: Mapped[str | None] = mapped_column(Text)
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    raw: Mapped[bytes | None] = mapped_column(LargeBinary)
    processed_at: Mapped[datetime] = mapped_column(UTCDateTime())
    #: the official who released a held message, vouching for its sender
    released_by_id: Mapped[int | None] = mapped_column(ForeignKey("players.id"))


class OutboundStatus(enum.StrEnum):
    QUEUED = "queued"
    #: handed to the relay; a crash now leaves it to be sent again with its Message-ID
    SENDING = "sending"
    SENT = "sent"
    FAILED = "failed"


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
    status: Mapped[OutboundStatus] = mapped_column(_enum(OutboundStatus, "outbound_status"))
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    next_attempt_at: Mapped[datetime] = mapped_column(UTCDateTime())
    last_error: Mapped[str | None] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime())
    sent_at: Mapped[datetime | None] = mapped_column(UTCDateTime())


class CaseKind(enum.StrEnum):
    #: a partner's time overstep claimed (56.6, 55.6)
    TIME_CLAIM = "time_claim"
    #: no move for 40 days by email (56.5.3), 3 months by post (55.5.2)
    SILENCE = "silence"
    #: a player lost their email (56.1.6): withdrawn unless restored in 30 days
    LOST_EMAIL = "lost_email"
    #: a player leaves the event (54.7, 55.8, 56.8)
    WITHDRAWAL = "withdrawal"
    #: a breach of the rules or of sporting ethics (54.1.2, 54.1.3)
    COMPLAINT = "complaint"
    #: a game unfinished at the event's end, or by a withdrawal (56.9.4-56.9.10)
    ADJUDICATION = "adjudication"


class CaseStatus(enum.StrEnum):
    OPEN = "open"
    #: the arbiter decided; it may be appealed within 14 days
    DECIDED = "decided"
    APPEALED = "appealed"
    #: the appeal arbiter decided, or the time to appeal ran out
    FINAL = "final"
    #: ended without a decision (an email restored, a case merged into another)
    CLOSED = "closed"


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
    kind: Mapped[CaseKind] = mapped_column(_enum(CaseKind, "case_kind"))
    status: Mapped[CaseStatus] = mapped_column(_enum(CaseStatus, "case_status"))
    game_id: Mapped[int | None] = mapped_column(ForeignKey("games.id"), index=True)
    #: who raised it (None: the daily run)
    claimant_id: Mapped[int | None] = mapped_column(ForeignKey("players.id"))
    #: whom it is against
    respondent_id: Mapped[int | None] = mapped_column(ForeignKey("players.id"))
    door: Mapped[Door] = mapped_column(_enum(Door, "door"))
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
    door: Mapped[Door] = mapped_column(_enum(Door, "door"))
    action: Mapped[str] = mapped_column(String(32))
    text: Mapped[str | None] = mapped_column(Text)
    details: Mapped[dict[str, Any]] = mapped_column(JSON)

    case: Mapped[Case] = relationship(back_populates="entries")


#: APScheduler's job store, declared here so that alembic creates it like every
#: other table (the layout is APScheduler 3's SQLAlchemyJobStore).
scheduler_jobs = Table(
    "apscheduler_jobs",
    Base.metadata,
    Column("id", Unicode(191), primary_key=True),
    Column("next_run_time", Float(25), index=True),
    Column("job_state", LargeBinary, nullable=False),
)


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
