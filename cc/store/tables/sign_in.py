"""Signing in: browser sessions, API tokens, failed sign-ins, password resets."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from cc.store.tables.base import Base, UTCDateTime


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
