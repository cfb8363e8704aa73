"""Accounts: signing in and out, sessions, API tokens, passwords (54.2.2).

Each participant has a unique login and a password only they know. Tokens
(session cookies, API tokens, reset links) are random and stored only as
their SHA-256, so a copy of the database gives no one a way in. Wrong
passwords slow guessing per login and per client address without ever
locking the owner out (cc.services.throttle).
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from email.utils import make_msgid

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from cc import errors, i18n
from cc.i18n import N_
from cc.models import (
    ApiToken,
    Door,
    OutboundMessage,
    OutboundStatus,
    PasswordReset,
    Player,
    PlayerEmail,
    WebSession,
)
from cc.security import hash_password, verify_password
from cc.services import throttle
from cc.services.context import Actor, ServiceContext, audit, find_player

SESSION_DAYS = 30
RESET_HOURS = 2
NOTATIONS = ("numeric", "san", "san-ru", "lan", "lan-ru", "uci")


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _folded(login: str) -> str:
    """A login as the throttle counts it: trimmed, lower case, bounded."""
    return login.strip().lower()[:320]


@dataclass(frozen=True)
class SessionInfo:
    player_id: int
    login: str
    name: str
    lang: str
    notation: str
    roles: frozenset[str]
    mail_moves: bool
    csrf_token: str


@dataclass(frozen=True)
class NewSession:
    token: str
    csrf_token: str
    expires_at: datetime


class AccountService:
    def __init__(self, ctx: ServiceContext, secret: bytes = b"change-me") -> None:
        self.ctx = ctx
        #: signs known-device cookies (the server's key, like reply tokens)
        self.secret = secret
        #: told, in its transaction, when a player's registered addresses change
        #: (a lost email's case closes, 56.1.6)
        self.email_hooks: list[Callable[[Session, Actor, Player], None]] = []

    # ---------------------------------------------------------- signing in

    def sign_in(
        self, login: str, password: str, address: str = "", device: str | None = None
    ) -> NewSession:
        """Open a session for a login and password, or refuse.

        ``device`` is the browser's known-device cookie, if it has one
        (:meth:`remember_device`): it is slowed only by its own failures at
        this login, not by guesses made elsewhere. Refused with
        :class:`~cc.errors.TooManyAttempts` while the login or the address
        must wait (cc.services.throttle).
        """
        now = self.ctx.now()
        token, csrf = secrets.token_urlsafe(32), secrets.token_urlsafe(32)
        expires = now + timedelta(days=SESSION_DAYS)

        def open_session(session: Session, player_id: int) -> None:
            session.add(
                WebSession(
                    token_hash=_digest(token),
                    player_id=player_id,
                    csrf_token=csrf,
                    created_at=now,
                    expires_at=expires,
                )
            )
            audit(
                session,
                Actor.player(player_id, Door.WEB),
                now,
                "signed_in",
                address=address[:64],
            )

        if self._check(login, password, address, device, now, then=open_session) is None:
            raise errors.BadCredentials()
        return NewSession(token, csrf, expires)

    def remember_device(self, login: str, cookie: str | None) -> str:
        """The known-device cookie to give a browser that just signed in to ``login``."""
        return throttle.remember_device(self.secret, cookie, _folded(login), self.ctx.now())

    def authenticate(self, login: str, secret: str, address: str = "") -> int:
        """The player whose login and password, or personal token, these are.

        For the doors that send credentials with every call (Xfcc): throttled
        and recorded like the web's sign-in, so guessing is as slow there. A
        personal token is not slowed by guesses at its login (only by its
        address's), so a desktop program keeps working through an attack.
        """
        player_id = self._check(login, secret, address, None, self.ctx.now(), tokens=True)
        if player_id is None:
            raise errors.BadCredentials()
        return player_id

    def _check(
        self,
        login: str,
        secret: str,
        address: str,
        device: str | None,
        now: datetime,
        *,
        tokens: bool = False,
        then: Callable[[Session, int], None] | None = None,
    ) -> int | None:
        """The player's id, or None for wrong credentials (the failure stays
        recorded); ``then`` runs in the transaction that records a success.
        Refused at once, unchecked and uncounted, while the login or the
        address must wait.

        The attempt is counted as failed before its password is checked and
        forgiven on success, so parallel guesses are counted like guesses in a
        row; the slow check itself runs outside any transaction. An unknown
        login is checked against a stand-in hash, so it takes as long as a
        known one and is counted and slowed the same way.
        """
        login = login.strip()
        folded = _folded(login)
        client = throttle.address_key(address)
        with self.ctx.db.write() as session:
            player = session.scalar(select(Player).where(Player.login == login))
            by_token = (
                tokens
                and bool(secret)
                and session.scalar(
                    select(ApiToken.id).where(
                        ApiToken.token_hash == _digest(secret),
                        ApiToken.player_id == (player.id if player else -1),
                        ApiToken.revoked_at.is_(None),
                    )
                )
                is not None
            )
            mark = None if by_token else throttle.known_device(self.secret, device, folded, now)
            wait = throttle.sign_in_wait(session, folded, client, mark, now, per_login=not by_token)
            if wait:
                raise throttle.too_many_attempts(wait)
            if by_token:
                assert player is not None
                if then is not None:
                    then(session, player.id)
                return player.id
            failure = throttle.record_failure(session, folded, client, mark, now)
            failure_id, player_id = failure.id, (player.id if player else None)
            stored = player.password_hash if player else None
        if not verify_password(stored, secret) or player_id is None:
            return None
        with self.ctx.db.write() as session:
            throttle.forgive(session, failure_id, folded, client)
            if then is not None:
                then(session, player_id)
        return player_id

    def session(self, token: str | None) -> SessionInfo | None:
        """The signed-in player of a session cookie, or None."""
        if not token:
            return None
        now = self.ctx.now()
        with self.ctx.db.read() as session:
            row = session.scalar(select(WebSession).where(WebSession.token_hash == _digest(token)))
            if row is None or row.expires_at <= now:
                return None
            player = session.get(Player, row.player_id)
            assert player is not None
            return SessionInfo(
                player_id=player.id,
                login=player.login,
                name=player.name,
                lang=player.lang,
                notation=player.notation,
                roles=frozenset(r.role.value for r in player.roles),
                mail_moves=player.mail_moves,
                csrf_token=row.csrf_token,
            )

    def sign_out(self, token: str) -> None:
        with self.ctx.db.write() as session:
            session.execute(delete(WebSession).where(WebSession.token_hash == _digest(token)))

    # ---------------------------------------------------------- API tokens

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
                    token_hash=_digest(token),
                    player_id=player_id,
                    name=name[:100] or "api",
                    created_at=now,
                )
            )
            audit(session, actor, now, "api_token_created", player_id=player_id, name=name)
        return token

    def token_player(self, token: str | None) -> int | None:
        """The player an API token belongs to, or None if unknown or revoked."""
        if not token:
            return None
        with self.ctx.db.read() as session:
            row = session.scalar(select(ApiToken).where(ApiToken.token_hash == _digest(token)))
            if row is None or row.revoked_at is not None:
                return None
            return row.player_id

    # ----------------------------------------------------------- passwords

    def change_password(self, actor: Actor, old: str, new: str) -> None:
        if len(new) < 8:
            raise errors.InvalidInput(field="password", reason=N_("at least 8 characters"))
        now = self.ctx.now()
        with self.ctx.db.write() as session:
            player = session.get(Player, actor.player_id or 0)
            if player is None or not verify_password(player.password_hash, old):
                raise errors.BadCredentials()
            player.password_hash = hash_password(new)
            audit(session, actor, now, "password_changed")

    def request_reset(self, login_or_email: str, base_url: str, address: str = "") -> None:
        """Send a reset link to the player's first address; silent if unknown.

        Limited per client address (refused with
        :class:`~cc.errors.TooManyResetRequests`, whatever the request names)
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
                    token_hash=_digest(token),
                    player_id=player.id,
                    created_at=now,
                    expires_at=now + timedelta(hours=RESET_HOURS),
                )
            )
            audit(session, Actor.player(player.id, Door.WEB), now, "password_reset_requested")
            subject, body = _reset_text(player.lang, f"{base_url.rstrip('/')}/reset/{token}")
            # Queued with the reset it announces; the sender hands it to the
            # relay after the commit, like every other message of the server.
            session.add(
                OutboundMessage(
                    kind="reset",
                    to_address=player.emails[0].address,
                    cc=[],
                    subject=subject,
                    body=body,
                    message_id=make_msgid(domain="cc-server"),
                    in_reply_to=None,
                    game_id=None,
                    ply=None,
                    status=OutboundStatus.QUEUED,
                    attempts=0,
                    next_attempt_at=now,
                    created_at=now,
                )
            )

    def reset_link_valid(self, token: str) -> bool:
        """Whether a reset link can still be used (unused and not expired)."""
        now = self.ctx.now()
        with self.ctx.db.read() as session:
            row = session.scalar(
                select(PasswordReset).where(PasswordReset.token_hash == _digest(token))
            )
            return row is not None and row.used_at is None and row.expires_at > now

    def reset_password(self, token: str, new: str) -> None:
        if len(new) < 8:
            raise errors.InvalidInput(field="password", reason=N_("at least 8 characters"))
        now = self.ctx.now()
        with self.ctx.db.write() as session:
            row = session.scalar(
                select(PasswordReset)
                .where(PasswordReset.token_hash == _digest(token))
                .with_for_update()
            )
            if row is None or row.used_at is not None or row.expires_at <= now:
                raise errors.InvalidInput(field="link", reason=N_("this reset link is not valid"))
            player = session.get(Player, row.player_id)
            assert player is not None
            player.password_hash = hash_password(new)
            row.used_at = now
            session.execute(delete(WebSession).where(WebSession.player_id == player.id))
            audit(session, Actor.player(player.id, Door.WEB), now, "password_reset")

    # --------------------------------------------------------- preferences

    def set_emails(self, actor: Actor, emails: list[str]) -> list[str]:
        """Replace the player's registered addresses (56.1.2), first one first.

        The gateway reads moves only from these, and mails to the first.
        The change is audited with the old and new addresses for the arbiter.
        """
        from cc.services.players import checked_addresses

        addresses = checked_addresses(emails)
        now = self.ctx.now()
        with self.ctx.db.write() as session:
            player = session.get(Player, actor.player_id or 0)
            if player is None:
                raise errors.NotSignedIn()
            for address in addresses:
                owner = session.scalar(
                    select(PlayerEmail.player_id).where(PlayerEmail.address == address)
                )
                if owner is not None and owner != player.id:
                    raise errors.Conflict(what=N_("email address"), ref=address)
            old = [e.address for e in player.emails]
            player.emails.clear()
            session.flush()
            player.emails.extend(PlayerEmail(address=a) for a in addresses)
            audit(session, actor, now, "emails_changed", old=old, new=addresses)
            if addresses != old:
                for hook in self.email_hooks:
                    hook(session, actor, player)
            return addresses

    def set_preferences(
        self,
        actor: Actor,
        *,
        lang: str | None = None,
        notation: str | None = None,
        mail_moves: bool | None = None,
    ) -> None:
        """Language, notation, and whether the partner's moves are mailed."""
        if lang is not None and lang not in i18n.LANGUAGES:
            raise errors.InvalidInput(
                field="lang", reason=N_("{lang!r} is not one of en, ru", lang=lang)
            )
        if notation is not None and notation not in NOTATIONS:
            raise errors.InvalidInput(
                field="notation", reason=N_("{notation!r} is not a notation", notation=notation)
            )
        now = self.ctx.now()
        with self.ctx.db.write() as session:
            player = session.get(Player, actor.player_id or 0)
            if player is None:
                raise errors.NotSignedIn()
            if lang:
                player.lang = lang
            if notation:
                player.notation = notation
            if mail_moves is not None:
                player.mail_moves = mail_moves
            audit(
                session,
                actor,
                now,
                "preferences_set",
                lang=lang,
                notation=notation,
                mail_moves=mail_moves,
            )


def _reset_text(lang: str, link: str) -> tuple[str, str]:
    if lang == "ru":
        return (
            "Сброс пароля",
            f"Чтобы задать новый пароль, откройте ссылку (действует {RESET_HOURS} ч.):\n\n"
            f"{link}\n\nЕсли вы не просили сбросить пароль, ничего не делайте.\n",
        )
    return (
        "Password reset",
        f"To set a new password, open this link (valid for {RESET_HOURS} hours):\n\n"
        f"{link}\n\nIf you did not ask for this, do nothing.\n",
    )
