"""Registering players: logins, addresses, language, roles and passwords."""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from cc.accounts.hashing import hash_password
from cc.base import errors
from cc.base.kinds import Role
from cc.kernel.context import Actor, ServiceContext, audit, require_admin
from cc.store.models import Player, PlayerEmail, PlayerRole
from cc.text import i18n
from cc.text.i18n import N_
from notation.pgn import split_name

_LOGIN = re.compile(r"^[A-Za-z][A-Za-z0-9_.-]{1,63}$")
_EMAIL = re.compile(r"^[^@\s<>]+@[^@\s<>]+\.[^@\s<>]+$")


def normalise_email(address: str) -> str:
    """Addresses are matched case-insensitively, so they are stored lower-cased."""
    return address.strip().lower()


def checked_names(
    name: str | None, surname: str | None, given_names: str | None
) -> tuple[str, str]:
    """A person's (surname, given names), each with single spaces.

    Given as the two parts, or (``surname`` not given) as one text read
    surname first, the convention of Russian records and the federations'
    lists ("Петров Пётр Иванович"; "Smith, John"). Refused without a surname.
    """
    if surname is None and given_names is None:
        surname, given_names = split_name(name or "")
    surname, given = " ".join((surname or "").split()), " ".join((given_names or "").split())
    if not surname:
        raise errors.InvalidInput(field="surname", reason=N_("a player needs a surname"))
    if len(f"{surname} {given}") > 200:
        raise errors.InvalidInput(
            field="given_names", reason=N_("a name of at most 200 characters")
        )
    return surname, given


def checked_addresses(emails: Iterable[str]) -> list[str]:
    """Addresses normalised and validated; refused if malformed or repeated."""
    addresses = [normalise_email(e) for e in emails if e.strip()]
    for address in addresses:
        if not _EMAIL.match(address):
            raise errors.InvalidInput(
                field="email", reason=N_("{address!r} is not an address", address=address)
            )
    if len(set(addresses)) != len(addresses):
        raise errors.InvalidInput(field="email", reason=N_("an address is given twice"))
    return addresses


class PlayerService:
    def __init__(self, ctx: ServiceContext) -> None:
        self.ctx = ctx

    def add(
        self,
        actor: Actor,
        *,
        login: str,
        surname: str | None = None,
        given_names: str | None = None,
        name: str | None = None,
        emails: Iterable[str] = (),
        lang: str = i18n.DEFAULT_LANGUAGE,
        roles: Iterable[Role | str] = (Role.PLAYER,),
        password: str | None = None,
    ) -> int:
        """Register a player; returns the new player's id. The name is given as
        ``surname`` and ``given_names``, or as one ``name`` read surname first."""
        now = self.ctx.now()
        with self.ctx.db.write() as session:
            require_admin(session, actor, N_("register players"))
            return new_player(
                session,
                actor,
                now,
                login=login,
                surname=surname,
                given_names=given_names,
                name=name,
                emails=emails,
                lang=lang,
                roles=roles,
                password=password,
            ).id


def new_player(
    session: Session,
    actor: Actor,
    now: datetime,
    *,
    login: str,
    surname: str | None = None,
    given_names: str | None = None,
    name: str | None = None,
    emails: Iterable[str] = (),
    lang: str = i18n.DEFAULT_LANGUAGE,
    roles: Iterable[Role | str] = (Role.PLAYER,),
    password: str | None = None,
) -> Player:
    """A new player in ``session``, checked as every door needs it, audited."""
    login = login.strip()
    if not _LOGIN.match(login):
        raise errors.InvalidInput(
            field="login",
            reason=N_(
                "{login!r} must start with a letter and use only letters, digits, "
                "'.', '_' or '-' (2-64 characters)",
                login=login,
            ),
        )
    surname, given_names = checked_names(name, surname, given_names)
    if lang not in i18n.LANGUAGES:
        raise errors.InvalidInput(
            field="lang",
            reason=N_(
                "{lang!r} is not one of {languages}",
                lang=lang,
                languages=", ".join(i18n.LANGUAGES),
            ),
        )
    addresses = checked_addresses(emails)
    roles = list(roles)
    try:
        role_set = {Role(r) for r in roles} or {Role.PLAYER}
    except ValueError:
        known = [r.value for r in Role]
        bad = next(r for r in roles if r not in known)
        raise errors.InvalidInput(
            field="role",
            reason=N_("{role!r} is not a role: {roles}", role=bad, roles=", ".join(known)),
        ) from None
    if password is not None and len(password) < 8:
        raise errors.InvalidInput(field="password", reason=N_("at least 8 characters"))
    if session.scalar(select(Player.id).where(Player.login == login)) is not None:
        raise errors.Conflict(what=N_("login"), ref=login)
    for address in addresses:
        taken = session.scalar(select(PlayerEmail.id).where(PlayerEmail.address == address))
        if taken is not None:
            raise errors.Conflict(what=N_("email address"), ref=address)
    player = Player(
        login=login,
        surname=surname,
        given_names=given_names,
        lang=lang,
        password_hash=hash_password(password) if password else None,
        created_at=now,
        emails=[PlayerEmail(address=a) for a in addresses],
        roles=[PlayerRole(role=r) for r in sorted(role_set)],
    )
    session.add(player)
    session.flush()
    audit(
        session,
        actor,
        now,
        "player_added",
        player_id=player.id,
        login=login,
        emails=addresses,
        roles=sorted(role_set),
        lang=lang,
    )
    return player
