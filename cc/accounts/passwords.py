"""Passwords: changed, set by the organiser, chosen through a mailed link (54.2.2).

A stolen session or token must not outlive the owner's answer to it: a new
password (changed, reset, or set by the organiser) ends every other session
and, unless the player keeps them, revokes every API token. Links to choose
a password (a reset the player asks for, or the organiser's invitation or
reset) are random, stored only as their SHA-256, and work once.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import delete, func, select, update
from sqlalchemy.orm import Session

from cc.accounts import mail, throttle
from cc.accounts.hashing import hash_password, token_digest, verify_password
from cc.accounts.tokens import live_tokens, revoke_all
from cc.base import errors
from cc.base.kinds import Door
from cc.kernel.context import Actor, ServiceContext, audit, find_player, require_admin
from cc.store.models import PasswordReset, Player, PlayerEmail, WebSession
from cc.text.i18n import N_

RESET_HOURS = 2
#: links the organiser mails (an invitation, a reset) wait longer than a reset
#: the player asked for a moment ago
LINK_DAYS = 7
LINK_PURPOSES = ("reset", "invite")


@dataclass(frozen=True)
class AccessEnded:
    """What a new password ended: the other sessions, and the tokens revoked."""

    sessions: int
    tokens: int


@dataclass(frozen=True)
class LinkView:
    """A link to set a password that still works."""

    purpose: str
    login: str
    #: the player's language, the mail's: the page follows it
    lang: str
    #: the player's API tokens that setting the password would revoke
    tokens: int


class PasswordService:
    def __init__(self, ctx: ServiceContext, site_url: str = "http://127.0.0.1:8000") -> None:
        self.ctx = ctx
        #: the site's configured address: every link mailed starts with it
        self.site_url = site_url.rstrip("/")

    def change_password(
        self,
        actor: Actor,
        old: str,
        new: str,
        *,
        keep_session: str | None = None,
        keep_tokens: bool = False,
    ) -> AccessEnded:
        """A new password for the signed-in player, who gives the current one.

        Every other session ends (``keep_session`` is the cookie of the one
        that asks) and, unless ``keep_tokens``, every API token is revoked:
        whoever had stolen one is out.
        """
        _check_new_password(new)
        now = self.ctx.now()
        with self.ctx.db.write() as session:
            player = session.get(Player, actor.player_id or 0, with_for_update=True)
            if player is None:
                raise errors.NotSignedIn()
            check_current_password(player, old)
            player.password_hash = hash_password(new)
            ended = _end_access(
                session,
                player.id,
                now,
                keep_session=token_digest(keep_session) if keep_session else None,
                keep_tokens=keep_tokens,
            )
            audit(
                session,
                actor,
                now,
                "password_changed",
                sessions_ended=ended.sessions,
                tokens_revoked=ended.tokens,
            )
            return ended

    def set_password(
        self, actor: Actor, player: str, new: str, *, keep_tokens: bool = False
    ) -> AccessEnded:
        """The organiser sets a player's password: every session ends, and
        unless ``keep_tokens`` every token is revoked."""
        _check_new_password(new)
        now = self.ctx.now()
        with self.ctx.db.write() as session:
            require_admin(session, actor, N_("set other players' passwords"))
            target = find_player(session, player)
            target.password_hash = hash_password(new)
            ended = _end_access(session, target.id, now, keep_tokens=keep_tokens)
            audit(
                session,
                actor,
                now,
                "password_set",
                player_id=target.id,
                sessions_ended=ended.sessions,
                tokens_revoked=ended.tokens,
            )
            return ended

    def request_reset(
        self, login_or_email: str, base_url: str | None = None, address: str = ""
    ) -> None:
        """Send a reset link to the player's first address; silent if unknown.

        The link starts with ``base_url``, by default the site's configured
        address (the one every mailed link starts with).

        Limited per client address (refused with
        :class:`~cc.base.errors.TooManyResetRequests`, whatever the request names)
        and per account (beyond the limit no more links are mailed, and the
        answer is the same: the links already sent still work).
        """
        key = login_or_email.strip()
        now = self.ctx.now()
        token = secrets.token_urlsafe(32)
        with self.ctx.db.write() as session:
            throttle.check_reset_request(session, throttle.address_key(address), now)
            player = session.scalar(select(Player).where(Player.login == key))
            if player is None:
                found = session.scalar(
                    select(PlayerEmail).where(PlayerEmail.address == key.lower())
                )
                player = found.player if found else None
            if player is None or not player.emails:
                return
            if not throttle.reset_mail_allowed(session, player.id, now):
                return
            session.add(
                PasswordReset(
                    token_hash=token_digest(token),
                    player_id=player.id,
                    purpose="reset",
                    created_at=now,
                    expires_at=now + timedelta(hours=RESET_HOURS),
                )
            )
            audit(session, Actor.player(player.id, Door.WEB), now, "password_reset_requested")
            site = (base_url or self.site_url).rstrip("/")
            subject, body = mail.reset_text(player.lang, f"{site}/reset/{token}", RESET_HOURS)
            # Queued with the reset it announces; the sender hands it to the
            # relay after the commit, like every other message of the server.
            mail.queue(session, "reset", player.mail_address, subject, body, now)

    def mail_link(
        self, actor: Actor, player: str, base_url: str | None = None, *, purpose: str
    ) -> str:
        """The organiser mails a player a single-use link to choose a password:
        an invitation to a new account, or a reset. Returns the address."""
        if purpose not in LINK_PURPOSES:
            raise errors.InvalidInput(
                field="link", reason=N_("{purpose!r} is not reset or invite", purpose=purpose)
            )
        now = self.ctx.now()
        token = secrets.token_urlsafe(32)
        with self.ctx.db.write() as session:
            require_admin(session, actor, N_("mail links to choose a password"))
            target = find_player(session, player)
            if not target.emails:
                raise errors.InvalidInput(
                    field="email",
                    reason=N_(
                        "{login} has no registered address to mail the link to", login=target.login
                    ),
                )
            session.add(
                PasswordReset(
                    token_hash=token_digest(token),
                    player_id=target.id,
                    purpose=purpose,
                    created_at=now,
                    expires_at=now + timedelta(days=LINK_DAYS),
                )
            )
            address = target.mail_address
            audit(
                session,
                actor,
                now,
                "password_link_mailed",
                player_id=target.id,
                purpose=purpose,
                to=address,
            )
            site = (base_url or self.site_url).rstrip("/")
            subject, body = mail.link_text(
                purpose, target.lang, target.login, f"{site}/reset/{token}", site, LINK_DAYS
            )
            mail.queue(session, purpose, address, subject, body, now)
            return address

    def reset_link(self, token: str) -> LinkView | None:
        """What a link to set a password is for, while it still works."""
        now = self.ctx.now()
        with self.ctx.db.read() as session:
            row = session.scalar(
                select(PasswordReset).where(PasswordReset.token_hash == token_digest(token))
            )
            if row is None or row.used_at is not None or row.expires_at <= now:
                return None
            player = session.get(Player, row.player_id)
            assert player is not None
            return LinkView(
                purpose=row.purpose,
                login=player.login,
                lang=player.lang,
                tokens=live_tokens(session, player.id),
            )

    def reset_password(self, token: str, new: str, *, keep_tokens: bool = False) -> AccessEnded:
        """A password chosen through a mailed link (used once): every session
        ends and, unless ``keep_tokens``, every token is revoked."""
        _check_new_password(new)
        now = self.ctx.now()
        with self.ctx.db.write() as session:
            row = session.scalar(
                select(PasswordReset)
                .where(PasswordReset.token_hash == token_digest(token))
                .with_for_update()
            )
            if row is None or row.used_at is not None or row.expires_at <= now:
                raise errors.InvalidInput(field="link", reason=N_("this reset link is not valid"))
            player = session.get(Player, row.player_id)
            assert player is not None
            player.password_hash = hash_password(new)
            ended = _end_access(session, player.id, now, keep_tokens=keep_tokens)
            audit(
                session,
                Actor.player(player.id, Door.WEB),
                now,
                "password_reset",
                purpose=row.purpose,
                sessions_ended=ended.sessions,
                tokens_revoked=ended.tokens,
            )
            return ended


def _end_access(
    session: Session,
    player_id: int,
    now: datetime,
    *,
    keep_session: str | None = None,
    keep_tokens: bool = False,
) -> AccessEnded:
    """After a new password: the other sessions end, the links not yet used
    stop working, and unless kept the tokens are revoked."""
    others = WebSession.player_id == player_id
    if keep_session is not None:
        others = others & (WebSession.token_hash != keep_session)
    live = session.scalar(
        select(func.count()).select_from(WebSession).where(others, WebSession.expires_at > now)
    )
    session.execute(delete(WebSession).where(others))
    session.execute(
        update(PasswordReset)
        .where(PasswordReset.player_id == player_id, PasswordReset.used_at.is_(None))
        .values(used_at=now)
    )
    tokens = 0 if keep_tokens else len(revoke_all(session, player_id, now))
    return AccessEnded(sessions=live or 0, tokens=tokens)


def _check_new_password(new: str) -> None:
    if len(new) < 8:
        raise errors.InvalidInput(field="password", reason=N_("at least 8 characters"))


def check_current_password(player: Player, given: str) -> None:
    if not given:
        raise errors.InvalidInput(field="password", reason=N_("give your current password"))
    if not verify_password(player.password_hash, given):
        raise errors.InvalidInput(field="password", reason=N_("it is not your current password"))
