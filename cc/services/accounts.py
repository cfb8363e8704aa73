"""Accounts: signing in and out, sessions, API tokens, passwords (54.2.2).

Each participant has a unique login and a password only they know. Tokens
(session cookies, API tokens, reset links) are random and stored only as
their SHA-256, so a copy of the database gives no one a way in. Failed
sign-ins are counted per login and throttled against guessing.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from email.utils import make_msgid

from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session

from cc import errors, i18n
from cc.i18n import N_
from cc.models import (
    ApiToken,
    Door,
    LoginFailure,
    OutboundMessage,
    OutboundStatus,
    PasswordReset,
    Player,
    PlayerEmail,
    WebSession,
)
from cc.security import hash_password, verify_password
from cc.services.context import Actor, ServiceContext, audit, find_player

SESSION_DAYS = 30
RESET_HOURS = 2
THROTTLE_WINDOW = timedelta(minutes=15)
THROTTLE_FAILURES = 5
NOTATIONS = ("numeric", "san", "san-ru", "lan", "lan-ru", "uci")


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


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
    def __init__(self, ctx: ServiceContext) -> None:
        self.ctx = ctx
        #: told, in its transaction, when a player's registered addresses change
        #: (a lost email's case closes, 56.1.6)
        self.email_hooks: list[Callable[[Session, Actor, Player], None]] = []

    # ---------------------------------------------------------- signing in

    def sign_in(self, login: str, password: str, address: str = "") -> NewSession:
        """Open a session for a login and password, or refuse (throttled)."""
        now = self.ctx.now()
        with self.ctx.db.write() as session:
            player = self._check(session, login, password, address, now)
            if player is None:
                refused = True
            else:
                refused = False
                token, csrf = secrets.token_urlsafe(32), secrets.token_urlsafe(32)
                expires = now + timedelta(days=SESSION_DAYS)
                session.add(
                    WebSession(
                        token_hash=_digest(token),
                        player_id=player.id,
                        csrf_token=csrf,
                        created_at=now,
                        expires_at=expires,
                    )
                )
                audit(
                    session,
                    Actor.player(player.id, Door.WEB),
                    now,
                    "signed_in",
                    address=address[:64],
                )
        if refused:
            # Raised after the commit, so that the failure stays recorded.
            raise errors.BadCredentials()
        return NewSession(token, csrf, expires)

    def authenticate(self, login: str, secret: str, address: str = "") -> int:
        """The player whose login and password, or personal token, these are.

        For the doors that send credentials with every call (Xfcc): throttled
        and recorded like the web's sign-in, so guessing is as slow there.
        """
        now = self.ctx.now()
        with self.ctx.db.write() as session:
            player = self._check(session, login, secret, address, now, tokens=True)
            player_id = None if player is None else player.id
        if player_id is None:
            raise errors.BadCredentials()
        return player_id

    @staticmethod
    def _check(
        session: Session,
        login: str,
        secret: str,
        address: str,
        now: datetime,
        *,
        tokens: bool = False,
    ) -> Player | None:
        """The player, or None for wrong credentials: the failure is recorded, and
        the caller refuses once it is committed. Too many failures are refused."""
        login = login.strip()
        failures = (
            session.scalar(
                select(func.count())
                .select_from(LoginFailure)
                .where(
                    LoginFailure.login == login.lower(),
                    LoginFailure.at > now - THROTTLE_WINDOW,
                )
            )
            or 0
        )
        if failures >= THROTTLE_FAILURES:
            raise errors.TooManyAttempts(
                login=login, minutes=int(THROTTLE_WINDOW.total_seconds() // 60)
            )
        player = session.scalar(select(Player).where(Player.login == login))
        ok = player is not None and verify_password(player.password_hash, secret)
        if player is not None and not ok and tokens and secret:
            ok = (
                session.scalar(
                    select(ApiToken.id).where(
                        ApiToken.token_hash == _digest(secret),
                        ApiToken.player_id == player.id,
                        ApiToken.revoked_at.is_(None),
                    )
                )
                is not None
            )
        if player is None or not ok:
            session.add(LoginFailure(login=login.lower(), address=address[:64], at=now))
            return None
        session.execute(delete(LoginFailure).where(LoginFailure.login == login.lower()))
        return player

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

    def request_reset(self, login_or_email: str, base_url: str) -> None:
        """Send a reset link to the player's first address; silent if unknown."""
        key = login_or_email.strip()
        now = self.ctx.now()
        token = secrets.token_urlsafe(32)
        with self.ctx.db.write() as session:
            player = session.scalar(select(Player).where(Player.login == key))
            if player is None:
                found = session.scalar(
                    select(PlayerEmail).where(PlayerEmail.address == key.lower())
                )
                player = found.player if found else None
            if player is None or not player.emails:
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
