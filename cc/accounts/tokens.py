"""Personal API tokens: issued, recognised on every call, listed with their last use, revoked.

A token is shown once and stored only as its SHA-256; it is listed with when
it was last used and revoked one by one, or all at once with a new password
(:mod:`cc.accounts.passwords`).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import cache

from sqlalchemy import Select, bindparam, func, or_, select, update
from sqlalchemy.orm import Session
from sqlalchemy.sql.dml import Update
from sqlalchemy.sql.elements import ColumnElement

from cc.accounts.hashing import token_digest
from cc.base import errors
from cc.kernel.context import Actor, ServiceContext, audit, find_player, is_admin, require_admin
from cc.kernel.outages import unavailable
from cc.store.models import ApiToken, Player
from cc.text.i18n import N_

#: a token's "last used" is written at most this often, so calls stay reads
TOKEN_TOUCH = timedelta(minutes=5)


@dataclass(frozen=True)
class TokenView:
    """A personal API token as its owner and the organiser see it (never its value)."""

    id: int
    player: str
    name: str
    created_at: datetime
    #: the last request that came with it, to within :data:`TOKEN_TOUCH`
    last_used_at: datetime | None
    revoked_at: datetime | None


@cache
def _token_holder_statement() -> Select[int, datetime | None, datetime | None, int, str, str]:
    return (
        select(
            ApiToken.id,
            ApiToken.revoked_at,
            ApiToken.last_used_at,
            Player.id,
            Player.login,
            Player.lang,
        )
        .join(Player, Player.id == ApiToken.player_id)
        .where(ApiToken.token_hash == bindparam("token_hash"))
    )


@dataclass(frozen=True)
class TokenHolder:
    """The player an API token speaks for."""

    player_id: int
    login: str
    lang: str


class TokenService:
    def __init__(self, ctx: ServiceContext) -> None:
        self.ctx = ctx

    def create_token(
        self, actor: Actor, name: str = "api", *, for_player: str | None = None
    ) -> str:
        """A new personal API token; shown once, stored hashed."""
        now = self.ctx.now()
        token = secrets.token_urlsafe(32)
        with self.ctx.db.write() as session:
            if for_player is not None:
                if not actor.is_operator:
                    raise errors.NotPermitted(who=actor.label, action=N_("issue tokens for others"))
                player_id = find_player(session, for_player).id
            elif actor.player_id is None:
                raise errors.InvalidInput(field="player", reason=N_("say whose token it is"))
            else:
                player_id = actor.player_id
            session.add(
                ApiToken(
                    token_hash=token_digest(token),
                    player_id=player_id,
                    name=name[:100] or "api",
                    created_at=now,
                )
            )
            audit(session, actor, now, "api_token_created", player_id=player_id, name=name)
        return token

    def token_holder(self, token: str | None) -> TokenHolder | None:
        """Who an API token belongs to, or None if unknown or revoked: one
        read of the token and its player.

        Its "last used" is brought up to date at most every few minutes, so
        that most calls only read.
        """
        if not token:
            return None
        now = self.ctx.now()
        with self.ctx.db.read() as session:
            # Every API call asks this: a statement built once, run by Core.
            row = (
                session.connection()
                .execute(_token_holder_statement(), {"token_hash": token_digest(token)})
                .one_or_none()
            )
        if row is None:
            return None
        token_id, revoked_at, last_used_at, player_id, login, lang = row
        if revoked_at is not None:
            return None
        if last_used_at is None or last_used_at <= now - TOKEN_TOUCH:
            try:
                with self.ctx.db.write() as session:
                    session.execute(_touch(ApiToken.id == token_id, now))
            except Exception as exc:
                # A database that reads but cannot write now (read-only, busy)
                # still answers the call; the date waits for the next one.
                if not unavailable(exc):
                    raise
        return TokenHolder(player_id, login, lang)

    def touch_sign_in(self, player_id: int, secret: str, now: datetime) -> None:
        """A sign-in that sent a token as its password (Xfcc) used that token;
        a database that cannot write now lets the sign-in through all the same."""
        try:
            with self.ctx.db.write() as session:
                _touch_token(session, player_id, secret, now)
        except Exception as exc:
            if not unavailable(exc):
                raise

    def tokens(
        self, actor: Actor, player: str | None = None, *, revoked: bool = False
    ) -> list[TokenView]:
        """A player's API tokens, newest first (with ``revoked``, the revoked too).

        Players see their own; the organiser anyone's, or everyone's when no
        player is named.
        """
        with self.ctx.db.read() as session:
            query = select(ApiToken, Player.login).join(Player, Player.id == ApiToken.player_id)
            if player is not None:
                owner = find_player(session, player)
                if owner.id != actor.player_id:
                    require_admin(session, actor, N_("see other players' tokens"))
                query = query.where(ApiToken.player_id == owner.id)
            elif not actor.is_operator:
                if actor.player_id is None:
                    raise errors.NotSignedIn()
                query = query.where(ApiToken.player_id == actor.player_id)
            if not revoked:
                query = query.where(ApiToken.revoked_at.is_(None))
            rows = session.execute(query.order_by(ApiToken.id.desc())).all()
            return [_token_view(row, login) for row, login in rows]

    def revoke_token(self, actor: Actor, token_id: int) -> TokenView:
        """Revoke one token: its owner or the organiser. Revoking it again changes nothing."""
        now = self.ctx.now()
        with self.ctx.db.write() as session:
            row = session.get(ApiToken, token_id, with_for_update=True)
            # Another player's token is "not found": its number tells nothing.
            if row is None or (row.player_id != actor.player_id and not is_admin(session, actor)):
                raise errors.NotFound(kind="token", ref=token_id)
            if row.revoked_at is None:
                row.revoked_at = now
                audit(
                    session,
                    actor,
                    now,
                    "api_token_revoked",
                    player_id=row.player_id,
                    token_id=row.id,
                    name=row.name,
                )
            owner = session.get(Player, row.player_id)
            return _token_view(row, owner.login if owner else str(row.player_id))

    def revoke_tokens(self, actor: Actor, player: str) -> list[int]:
        """Revoke every token of a player (their own, or the organiser's doing)."""
        now = self.ctx.now()
        with self.ctx.db.write() as session:
            owner = find_player(session, player)
            if owner.id != actor.player_id:
                require_admin(session, actor, N_("revoke other players' tokens"))
            revoked = revoke_all(session, owner.id, now)
            audit(session, actor, now, "api_tokens_revoked", player_id=owner.id, token_ids=revoked)
            return revoked


def holds_token(session: Session, player_id: int | None, secret: str) -> bool:
    """Whether ``secret`` is a live token of the player (``None``: no such player)."""
    return (
        session.scalar(
            select(ApiToken.id).where(
                ApiToken.token_hash == token_digest(secret),
                ApiToken.player_id == (player_id if player_id is not None else -1),
                ApiToken.revoked_at.is_(None),
            )
        )
        is not None
    )


def live_tokens(session: Session, player_id: int) -> int:
    """How many of the player's tokens are not revoked."""
    live = session.scalar(
        select(func.count())
        .select_from(ApiToken)
        .where(ApiToken.player_id == player_id, ApiToken.revoked_at.is_(None))
    )
    return live or 0


def revoke_all(session: Session, player_id: int, now: datetime) -> list[int]:
    """Revoke the player's live tokens; their ids."""
    ids = list(
        session.scalars(
            select(ApiToken.id).where(
                ApiToken.player_id == player_id, ApiToken.revoked_at.is_(None)
            )
        )
    )
    if ids:
        session.execute(update(ApiToken).where(ApiToken.id.in_(ids)).values(revoked_at=now))
    return ids


def _touch(which: ColumnElement[bool], now: datetime) -> Update:
    """Date the use of the tokens ``which`` picks, unless done in the last minutes."""
    return (
        update(ApiToken)
        .where(
            which,
            ApiToken.revoked_at.is_(None),
            or_(ApiToken.last_used_at.is_(None), ApiToken.last_used_at <= now - TOKEN_TOUCH),
        )
        .values(last_used_at=now)
    )


def _touch_token(session: Session, player_id: int, secret: str, now: datetime) -> None:
    """A sign-in that sent a token as its password used that token."""
    session.execute(
        _touch(
            (ApiToken.token_hash == token_digest(secret)) & (ApiToken.player_id == player_id), now
        )
    )


def _token_view(row: ApiToken, login: str) -> TokenView:
    return TokenView(
        id=row.id,
        player=login,
        name=row.name,
        created_at=row.created_at,
        last_used_at=row.last_used_at,
        revoked_at=row.revoked_at,
    )
