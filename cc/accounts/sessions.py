"""Accounts: signing in and out, and the sessions it opens (54.2.2).

Each participant has a unique login and a password only they know. Session
cookies are random and stored only as their SHA-256, so a copy of the
database gives no one a way in. Wrong passwords slow guessing per login and
per client address without ever locking the owner out (cc.accounts.throttle).

:class:`AccountService` is the one object the doors call for an account: it
signs in and keeps sessions itself, and hands API tokens
(:mod:`cc.accounts.tokens`), passwords and their links
(:mod:`cc.accounts.passwords`) and the player's own settings
(:mod:`cc.accounts.preferences`) to their services.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from cc.accounts import throttle
from cc.accounts.hashing import token_digest, verify_password
from cc.accounts.passwords import AccessEnded, LinkView, PasswordService
from cc.accounts.preferences import PreferenceService
from cc.accounts.tokens import TokenHolder, TokenService, TokenView, holds_token
from cc.base import errors
from cc.base.kinds import Door
from cc.kernel.context import Actor, ServiceContext, audit
from cc.store.models import Player, WebSession

SESSION_DAYS = 30


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
    """Signing in and sessions; tokens, passwords and settings through their services."""

    def __init__(
        self,
        ctx: ServiceContext,
        secret: bytes = b"change-me",
        site_url: str = "http://127.0.0.1:8000",
    ) -> None:
        self.ctx = ctx
        #: signs known-device cookies (the server's key, like reply tokens)
        self.secret = secret
        self.api_tokens = TokenService(ctx)
        self.passwords = PasswordService(ctx, site_url)
        self.preferences = PreferenceService(ctx, site_url)
        #: told, in its transaction, when a player's registered addresses change
        #: (a lost email's case closes, 56.1.6)
        self.email_hooks: list[Callable[[Session, Actor, Player], None]] = (
            self.preferences.email_hooks
        )

    # ---------------------------------------------------------- signing in

    def sign_in(
        self, login: str, password: str, address: str = "", device: str | None = None
    ) -> NewSession:
        """Open a session for a login and password, or refuse.

        ``device`` is the browser's known-device cookie, if it has one
        (:meth:`remember_device`): it is slowed only by its own failures at
        this login, not by guesses made elsewhere. Refused with
        :class:`~cc.base.errors.TooManyAttempts` while the login or the address
        must wait (cc.accounts.throttle).
        """
        now = self.ctx.now()
        token, csrf = secrets.token_urlsafe(32), secrets.token_urlsafe(32)
        expires = now + timedelta(days=SESSION_DAYS)

        def open_session(session: Session, player_id: int) -> None:
            session.add(
                WebSession(
                    token_hash=token_digest(token),
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
        now = self.ctx.now()
        player_id = self._check(login, secret, address, None, now, tokens=True)
        if player_id is not None:
            self.api_tokens.touch_sign_in(player_id, secret, now)
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
                and holds_token(session, player.id if player else None, secret)
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
            row = session.scalar(
                select(WebSession).where(WebSession.token_hash == token_digest(token))
            )
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
            session.execute(delete(WebSession).where(WebSession.token_hash == token_digest(token)))

    # ----------------------------------------------------------- API tokens

    def create_token(
        self, actor: Actor, name: str = "api", *, for_player: str | None = None
    ) -> str:
        """:meth:`TokenService.create_token`."""
        return self.api_tokens.create_token(actor, name, for_player=for_player)

    def token_holder(self, token: str | None) -> TokenHolder | None:
        """:meth:`TokenService.token_holder`."""
        return self.api_tokens.token_holder(token)

    def tokens(
        self, actor: Actor, player: str | None = None, *, revoked: bool = False
    ) -> list[TokenView]:
        """:meth:`TokenService.tokens`."""
        return self.api_tokens.tokens(actor, player, revoked=revoked)

    def revoke_token(self, actor: Actor, token_id: int) -> TokenView:
        """:meth:`TokenService.revoke_token`."""
        return self.api_tokens.revoke_token(actor, token_id)

    def revoke_tokens(self, actor: Actor, player: str) -> list[int]:
        """:meth:`TokenService.revoke_tokens`."""
        return self.api_tokens.revoke_tokens(actor, player)

    # ------------------------------------------------------------ passwords

    def change_password(
        self,
        actor: Actor,
        old: str,
        new: str,
        *,
        keep_session: str | None = None,
        keep_tokens: bool = False,
    ) -> AccessEnded:
        """:meth:`PasswordService.change_password`."""
        return self.passwords.change_password(
            actor, old, new, keep_session=keep_session, keep_tokens=keep_tokens
        )

    def set_password(
        self, actor: Actor, player: str, new: str, *, keep_tokens: bool = False
    ) -> AccessEnded:
        """:meth:`PasswordService.set_password`."""
        return self.passwords.set_password(actor, player, new, keep_tokens=keep_tokens)

    def request_reset(
        self, login_or_email: str, base_url: str | None = None, address: str = ""
    ) -> None:
        """:meth:`PasswordService.request_reset`."""
        self.passwords.request_reset(login_or_email, base_url, address)

    def mail_link(
        self, actor: Actor, player: str, base_url: str | None = None, *, purpose: str
    ) -> str:
        """:meth:`PasswordService.mail_link`."""
        return self.passwords.mail_link(actor, player, base_url, purpose=purpose)

    def reset_link(self, token: str) -> LinkView | None:
        """:meth:`PasswordService.reset_link`."""
        return self.passwords.reset_link(token)

    def reset_password(self, token: str, new: str, *, keep_tokens: bool = False) -> AccessEnded:
        """:meth:`PasswordService.reset_password`."""
        return self.passwords.reset_password(token, new, keep_tokens=keep_tokens)

    # ---------------------------------------------------------- preferences

    def set_emails(
        self,
        actor: Actor,
        emails: list[str],
        *,
        current_password: str | None = None,
        player: str | None = None,
    ) -> list[str]:
        """:meth:`PreferenceService.set_emails`."""
        return self.preferences.set_emails(
            actor, emails, current_password=current_password, player=player
        )

    def set_preferences(
        self,
        actor: Actor,
        *,
        lang: str | None = None,
        notation: str | None = None,
        mail_moves: bool | None = None,
    ) -> None:
        """:meth:`PreferenceService.set_preferences`."""
        self.preferences.set_preferences(actor, lang=lang, notation=notation, mail_moves=mail_moves)
