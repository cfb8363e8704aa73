"""Rating periods, the games rated in them and the players' ratings after each."""

from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import Date, Float, ForeignKey, Integer, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from cc.store.tables.base import Base, UTCDateTime


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
