"""Games and what is played in them: moves, draw offers, conditional lines."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

import chess
from sqlalchemy import (
    JSON,
    Boolean,
    Date,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column, relationship
from sqlalchemy.sql.expression import false as sa_false
from sqlalchemy.sql.expression import true as sa_true

from cc.base import positions
from cc.base.kinds import Door, DrawOfferStatus, GameResult, GameStatus, LineStatus, ResultReason
from cc.store.tables.base import Base, UTCDateTime, stored_enum
from cc.store.tables.events import Event, Section
from cc.store.tables.people import Player
from notation.start import plies_before, start_board


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
    status: Mapped[GameStatus] = mapped_column(stored_enum(GameStatus, "game_status"))
    result: Mapped[GameResult] = mapped_column(stored_enum(GameResult, "game_result"))
    result_reason: Mapped[ResultReason | None] = mapped_column(
        stored_enum(ResultReason, "result_reason")
    )
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
    door: Mapped[Door] = mapped_column(stored_enum(Door, "door"))
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
    status: Mapped[DrawOfferStatus] = mapped_column(
        stored_enum(DrawOfferStatus, "draw_offer_status")
    )
    answered_at: Mapped[datetime | None] = mapped_column(UTCDateTime())


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
    status: Mapped[LineStatus] = mapped_column(stored_enum(LineStatus, "line_status"))
    door: Mapped[Door] = mapped_column(stored_enum(Door, "door"))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime())
    closed_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
