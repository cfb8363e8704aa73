"""Accounts: signing in and out, sessions, API tokens, passwords (54.2.2).

Each participant has a unique login and a password only they know. Tokens
(session cookies, API tokens, reset links) are random and stored only as
their SHA-256, so a copy of the database gives no one a way in. Wrong
passwords slow guessing per login and per client address without ever
locking the owner out (cc.accounts.throttle).

A stolen session or token must not outlive the owner's answer to it: a new
password (changed, reset, or set by the organiser) ends every other session
and, unless the player keeps them, revokes every API token; tokens are listed
with when they were last used and revoked one by one; the registered
addresses, where reset links go, change only with the current password, and
the old addresses are told.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import cache

from sqlalchemy import Select, bindparam, delete, func, or_, select, update
from sqlalchemy.orm import Session
from sqlalchemy.sql.dml import Update
from sqlalchemy.sql.elements import ColumnElement

from cc.accounts import throttle
from cc.accounts.addresses import replace_addresses
from cc.accounts.hashing import hash_password, verify_password
from cc.base import errors
from cc.kernel.context import Actor, ServiceContext, audit, find_player, is_admin, require_admin
from cc.office.outbox import message_id as new_message_id
from cc.store.db import unavailable
from cc.store.models import (
    ApiToken,
    Door,
    OutboundMessage,
    OutboundStatus,
    PasswordReset,
    Player,
    PlayerEmail,
    WebSession,
)
from cc.text import i18n
from cc.text.i18n import N_
from notation.kinds import WRITTEN

SESSION_DAYS = 30
RESET_HOURS = 2
#: links the organiser mails (an invitation, a reset) wait longer than a reset
#: the player asked for a moment ago
LINK_DAYS = 7
#: a token's "last used" is written at most this often, so calls stay reads
TOKEN_TOUCH = timedelta(minutes=5)
LINK_PURPOSES = ("reset", "invite")
NOTATIONS = WRITTEN


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


class AccountService:
    def __init__(
        self,
        ctx: ServiceContext,
        secret: bytes = b"change-me",
        site_url: str = "http://127.0.0.1:8000",
    ) -> None:
        self.ctx = ctx
        #: signs known-device cookies (the server's key, like reply tokens)
        self.secret = secret
        #: the site's configured address: every link mailed starts with it
        self.site_url = site_url.rstrip("/")
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
        :class:`~cc.base.errors.TooManyAttempts` while the login or the address
        must wait (cc.accounts.throttle).
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
        now = self.ctx.now()
        player_id = self._check(login, secret, address, None, now, tokens=True)
        if player_id is not None:
            self._touch_sign_in(player_id, secret, now)
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
                .execute(_token_holder_statement(), {"token_hash": _digest(token)})
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

    def _touch_sign_in(self, player_id: int, secret: str, now: datetime) -> None:
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
            revoked = _revoke_tokens(session, owner.id, now)
            audit(session, actor, now, "api_tokens_revoked", player_id=owner.id, token_ids=revoked)
            return revoked

    # ----------------------------------------------------------- passwords

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
            _check_current_password(player, old)
            player.password_hash = hash_password(new)
            ended = _end_access(
                session,
                player.id,
                now,
                keep_session=_digest(keep_session) if keep_session else None,
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
                    token_hash=_digest(token),
                    player_id=player.id,
                    purpose="reset",
                    created_at=now,
                    expires_at=now + timedelta(hours=RESET_HOURS),
                )
            )
            audit(session, Actor.player(player.id, Door.WEB), now, "password_reset_requested")
            site = (base_url or self.site_url).rstrip("/")
            subject, body = _reset_text(player.lang, f"{site}/reset/{token}")
            # Queued with the reset it announces; the sender hands it to the
            # relay after the commit, like every other message of the server.
            _queue(session, "reset", player.mail_address, subject, body, now)

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
                    token_hash=_digest(token),
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
            subject, body = _link_text(
                purpose, target.lang, target.login, f"{site}/reset/{token}", site
            )
            _queue(session, purpose, address, subject, body, now)
            return address

    def reset_link(self, token: str) -> LinkView | None:
        """What a link to set a password is for, while it still works."""
        now = self.ctx.now()
        with self.ctx.db.read() as session:
            row = session.scalar(
                select(PasswordReset).where(PasswordReset.token_hash == _digest(token))
            )
            if row is None or row.used_at is not None or row.expires_at <= now:
                return None
            player = session.get(Player, row.player_id)
            assert player is not None
            live = session.scalar(
                select(func.count())
                .select_from(ApiToken)
                .where(ApiToken.player_id == player.id, ApiToken.revoked_at.is_(None))
            )
            return LinkView(
                purpose=row.purpose, login=player.login, lang=player.lang, tokens=live or 0
            )

    def reset_password(self, token: str, new: str, *, keep_tokens: bool = False) -> AccessEnded:
        """A password chosen through a mailed link (used once): every session
        ends and, unless ``keep_tokens``, every token is revoked."""
        _check_new_password(new)
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

    # --------------------------------------------------------- preferences

    def set_emails(
        self,
        actor: Actor,
        emails: list[str],
        *,
        current_password: str | None = None,
        player: str | None = None,
    ) -> list[str]:
        """Replace the player's registered addresses (56.1.2), first one first.

        The gateway reads moves only from these, and mails to the first, reset
        links included: a player changes their own only with their current
        password; the organiser names the ``player``. The old addresses are
        told of the change, in the player's language. The change is audited
        with the old and new addresses for the arbiter.
        """
        from cc.accounts.players import checked_addresses

        addresses = checked_addresses(emails)
        now = self.ctx.now()
        with self.ctx.db.write() as session:
            if player is not None:
                require_admin(session, actor, N_("change other players' addresses"))
                target = find_player(session, player)
            else:
                found = session.get(Player, actor.player_id or 0)
                if found is None:
                    raise errors.NotSignedIn()
                target = found
                # Before anything else, so a stolen session learns nothing,
                # not even which addresses others have.
                _check_current_password(target, current_password or "")
            for address in addresses:
                owner = session.scalar(
                    select(PlayerEmail.player_id).where(PlayerEmail.address == address)
                )
                if owner is not None and owner != target.id:
                    raise errors.Conflict(what=N_("email address"), ref=address)
            old = [e.address for e in target.emails]
            replace_addresses(target, addresses)
            audit(
                session, actor, now, "emails_changed", player_id=target.id, old=old, new=addresses
            )
            if addresses != old:
                if old:
                    subject, body = _address_change_text(
                        target.lang, target.login, old, addresses, now, self.site_url
                    )
                    _queue(session, "address_changed", old[0], subject, body, now, cc=old[1:])
                for hook in self.email_hooks:
                    hook(session, actor, target)
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
        _touch((ApiToken.token_hash == _digest(secret)) & (ApiToken.player_id == player_id), now)
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


def _revoke_tokens(session: Session, player_id: int, now: datetime) -> list[int]:
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
    tokens = 0 if keep_tokens else len(_revoke_tokens(session, player_id, now))
    return AccessEnded(sessions=live or 0, tokens=tokens)


def _check_new_password(new: str) -> None:
    if len(new) < 8:
        raise errors.InvalidInput(field="password", reason=N_("at least 8 characters"))


def _check_current_password(player: Player, given: str) -> None:
    if not given:
        raise errors.InvalidInput(field="password", reason=N_("give your current password"))
    if not verify_password(player.password_hash, given):
        raise errors.InvalidInput(field="password", reason=N_("it is not your current password"))


def _queue(
    session: Session,
    kind: str,
    to: str,
    subject: str,
    body: str,
    now: datetime,
    *,
    cc: list[str] | None = None,
) -> None:
    session.add(
        OutboundMessage(
            kind=kind,
            to_address=to,
            cc=cc or [],
            subject=subject,
            body=body,
            message_id=new_message_id("cc-server"),
            in_reply_to=None,
            game_id=None,
            ply=None,
            status=OutboundStatus.QUEUED,
            attempts=0,
            next_attempt_at=now,
            created_at=now,
        )
    )


def _link_text(purpose: str, lang: str, login: str, link: str, site: str) -> tuple[str, str]:
    """The organiser's mail with a link to choose a password, in the player's language."""
    if purpose == "invite":
        subject = N_("Choose a password for your account {login}", login=login)
        lines = [
            N_("An account with the login {login} is ready for you.", login=login),
            N_(
                "To choose its password, open this link (it works once, for {days} days):",
                days=LINK_DAYS,
            ),
            link,
            N_("Then sign in at {site} with your login and that password.", site=site),
        ]
    else:
        subject = N_("Set a new password for your account {login}", login=login)
        lines = [
            N_(
                "The organiser asks you to set a new password for your account {login}.",
                login=login,
            ),
            N_("To choose it, open this link (it works once, for {days} days):", days=LINK_DAYS),
            link,
            N_("If you did not expect this, tell the organiser."),
        ]
    return subject.localize(lang), "\n\n".join(i18n.localize(line, lang) for line in lines) + "\n"


def _address_change_text(
    lang: str, login: str, old: list[str], new: list[str], now: datetime, site: str
) -> tuple[str, str]:
    """The notice to the old addresses that the registered ones were changed."""
    nothing = N_("no address").localize(lang)
    lines = [
        N_(
            "The email addresses registered for your account {login} were changed on {when}.",
            login=login,
            when=now.strftime("%Y-%m-%d %H:%M UTC"),
        ),
        i18n.join(
            "\n",
            [
                N_("Before: {addresses}", addresses=", ".join(old) or nothing),
                N_("Now: {addresses}", addresses=", ".join(new) or nothing),
            ],
        ),
        N_("Moves, notices and password reset links now go only to the new addresses."),
        N_(
            "If you did not make this change, someone else may have your password: "
            "tell the arbiter or the organiser at once."
        ),
        N_("Your account: {link}", link=f"{site}/account"),
    ]
    subject = N_("The email address of your account {login} was changed", login=login)
    return subject.localize(lang), "\n\n".join(line.localize(lang) for line in lines) + "\n"
