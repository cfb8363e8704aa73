"""Players, their mail addresses and their roles."""

from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import JSON, Boolean, Date, ForeignKey, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column, relationship, validates
from sqlalchemy.sql.expression import true as sa_true

from cc.base.kinds import Role
from cc.store.tables.base import Base, UTCDateTime, stored_enum
from notation.pgn import display_name


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
    role: Mapped[Role] = mapped_column(stored_enum(Role, "role"), primary_key=True)

    player: Mapped[Player] = relationship(back_populates="roles")
