"""A knockout event's match rules and which match each of its games belongs to."""

from __future__ import annotations

from sqlalchemy import Boolean, ForeignKey, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from cc.store.tables.base import Base
from cc.store.tables.games import Game


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
