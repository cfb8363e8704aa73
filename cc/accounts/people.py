"""The office's people: who is registered, inviting, importing a federation's
list, editing a person, and merging a duplicate account.

An invitation is an account with the person's name and address and a
single-use link to choose a password (:meth:`AccountService.mail_link`).
A list imported from CSV (``surname, given_names, email, lang,
federation_id, rating, country``; a ``login`` column optional; a single
``name`` column instead of the first two is read surname first, "Петров
Пётр Иванович") is checked whole first: one bad line and nothing changes,
every bad line named. People already registered (by
address) are updated rather than added twice.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from cc.accounts.addresses import FailingAddress, failing_of, replace_addresses
from cc.accounts.players import checked_addresses, checked_names, new_player, normalise_email
from cc.accounts.sessions import AccountService
from cc.base import errors
from cc.base.kinds import Role
from cc.kernel.context import Actor, ServiceContext, audit, find_player, require_admin
from cc.store.models import (
    AuditEntry,
    EventApplication,
    Game,
    Player,
    PlayerEmail,
    PlayerRole,
    SectionEntry,
)
from cc.text import i18n
from cc.text.i18n import N_, Text
from notation.pgn import split_name

#: what a CSV's columns may be called (lower-cased), and what they mean
COLUMNS = {
    "surname": "surname",
    "last_name": "surname",
    "family_name": "surname",
    "фамилия": "surname",
    "given_names": "given_names",
    "given_name": "given_names",
    "first_name": "given_names",
    "имя": "given_names",
    "name": "name",
    "фио": "name",
    "email": "email",
    "e-mail": "email",
    "lang": "lang",
    "language": "lang",
    "federation_id": "federation_id",
    "fide_id": "federation_id",
    "iccf_id": "federation_id",
    "id": "federation_id",
    "rating": "rating",
    "elo": "rating",
    "country": "country",
    "login": "login",
}


@dataclass(frozen=True)
class PersonRow:
    login: str
    #: the display form, surname first
    name: str
    surname: str
    given_names: str
    emails: list[str]
    roles: list[str]
    lang: str
    rating: int | None
    federation_id: str | None
    country: str | None
    has_password: bool
    #: the last time they signed in on the site; None: never
    last_sign_in: datetime | None
    #: their addresses whose mail bounces (56.1.6), in their order
    failing: tuple[FailingAddress, ...] = ()

    def failing_of(self, address: str) -> FailingAddress | None:
        """The failure of one of their addresses, if it is failing."""
        return next((f for f in self.failing if f.address == address), None)


@dataclass
class ImportReport:
    """What an import did, or (``problems`` not empty) why it did nothing."""

    created: list[str] = field(default_factory=list)
    updated: list[str] = field(default_factory=list)
    invited: list[str] = field(default_factory=list)
    #: (line number, what is wrong) for each bad line
    problems: list[tuple[int, Text]] = field(default_factory=list)


@dataclass(frozen=True)
class _Line:
    number: int
    surname: str
    given_names: str
    email: str
    lang: str
    federation_id: str | None
    rating: int | None
    country: str | None
    login: str | None


class PeopleService:
    def __init__(self, ctx: ServiceContext, accounts: AccountService) -> None:
        self.ctx = ctx
        self.accounts = accounts

    def people(self, actor: Actor) -> list[PersonRow]:
        """Everyone registered (merged duplicates left out), by name."""
        with self.ctx.db.read() as session:
            require_admin(session, actor, N_("see the people of the site"))
            seen = dict(
                session.execute(
                    select(AuditEntry.actor_id, func.max(AuditEntry.at))
                    .where(AuditEntry.action == "signed_in")
                    .group_by(AuditEntry.actor_id)
                ).all()
            )
            players = session.scalars(
                select(Player).where(Player.merged_into_id.is_(None)).order_by(Player.name)
            )
            return [_row(p, seen.get(p.id)) for p in players]

    def person(self, actor: Actor, ref: str) -> PersonRow:
        with self.ctx.db.read() as session:
            require_admin(session, actor, N_("see the people of the site"))
            player = find_player(session, ref)
            last = session.scalar(
                select(func.max(AuditEntry.at)).where(
                    AuditEntry.action == "signed_in", AuditEntry.actor_id == player.id
                )
            )
            return _row(player, last)

    def invite(
        self,
        actor: Actor,
        *,
        surname: str | None = None,
        given_names: str | None = None,
        name: str | None = None,
        email: str,
        lang: str = i18n.DEFAULT_LANGUAGE,
        rating: int | None = None,
        federation_id: str | None = None,
        login: str | None = None,
        site_url: str | None = None,
    ) -> str:
        """Register a person and mail them the link to choose a password; their login."""
        now = self.ctx.now()
        with self.ctx.db.write() as session:
            require_admin(session, actor, N_("invite people"))
            address = normalise_email(email)
            player = new_player(
                session,
                actor,
                now,
                login=login or _free_login(session, address),
                surname=surname,
                given_names=given_names,
                name=name,
                emails=[address] if address else [],
                lang=lang,
            )
            player.rating, player.federation_id = rating, federation_id or None
            made = player.login
        self.accounts.mail_link(actor, made, site_url, purpose="invite")
        return made

    def import_csv(
        self, actor: Actor, text: str, *, invite: bool = False, site_url: str | None = None
    ) -> ImportReport:
        """Add or update everyone on a federation's list; all of it or nothing."""
        report = ImportReport()
        lines = _parse(text, report)
        now = self.ctx.now()
        with self.ctx.db.write() as session:
            require_admin(session, actor, N_("import people"))
            if not report.problems:
                self._check(session, lines, report)
            if report.problems:
                return report
            for line in lines:
                known = session.scalar(
                    select(Player)
                    .join(PlayerEmail, PlayerEmail.player_id == Player.id)
                    .where(PlayerEmail.address == line.email)
                )
                if known is None:
                    known = new_player(
                        session,
                        actor,
                        now,
                        login=line.login or _free_login(session, line.email),
                        surname=line.surname,
                        given_names=line.given_names,
                        emails=[line.email],
                        lang=line.lang,
                    )
                    report.created.append(known.login)
                else:
                    known.surname, known.given_names = line.surname, line.given_names
                    report.updated.append(known.login)
                known.rating = line.rating if line.rating is not None else known.rating
                known.federation_id = line.federation_id or known.federation_id
                known.country = line.country or known.country
                session.flush()
            audit(
                session,
                actor,
                now,
                "people_imported",
                created=report.created,
                updated=report.updated,
            )
        if invite:
            for login in report.created:
                self.accounts.mail_link(actor, login, site_url, purpose="invite")
                report.invited.append(login)
        return report

    def edit(
        self,
        actor: Actor,
        ref: str,
        *,
        surname: str | None = None,
        given_names: str | None = None,
        name: str | None = None,
        emails: Iterable[str],
        roles: Iterable[str],
        lang: str,
        rating: int | None,
        federation_id: str | None,
        country: str | None,
    ) -> None:
        """Change a person's names, addresses, roles, language and list facts
        (the name as ``surname`` and ``given_names``, or one ``name`` read
        surname first)."""
        now = self.ctx.now()
        addresses = checked_addresses(emails)
        try:
            role_set = {Role(r) for r in roles} or {Role.PLAYER}
        except ValueError:
            raise errors.InvalidInput(field="role", reason=N_("choose among the roles")) from None
        surname, given_names = checked_names(name, surname, given_names)
        if lang not in i18n.LANGUAGES:
            raise errors.InvalidInput(field="lang", reason=N_("choose one"))
        with self.ctx.db.write() as session:
            require_admin(session, actor, N_("edit people"))
            player = find_player(session, ref)
            for address in addresses:
                owner = session.scalar(
                    select(PlayerEmail.player_id).where(PlayerEmail.address == address)
                )
                if owner is not None and owner != player.id:
                    raise errors.Conflict(what=N_("email address"), ref=address)
            old = sorted(e.address for e in player.emails)
            if old != sorted(addresses):
                replace_addresses(player, addresses)
            player.roles.clear()
            session.flush()
            player.roles.extend(PlayerRole(role=r) for r in sorted(role_set))
            player.surname, player.given_names = surname, given_names
            player.lang = lang
            player.rating, player.federation_id = rating, federation_id or None
            player.country = (country or "").strip().upper() or None
            audit(
                session,
                actor,
                now,
                "person_edited",
                player_id=player.id,
                emails=addresses,
                roles=sorted(role_set),
            )

    def merge(self, actor: Actor, keep: str, duplicate: str) -> None:
        """Merge a duplicate account that never played into the person's own.

        Its addresses, roles and applications move over; it can no longer
        sign in and leaves the lists. An account with games or a place in a
        section is refused: its record belongs to it.
        """
        now = self.ctx.now()
        with self.ctx.db.write() as session:
            require_admin(session, actor, N_("merge accounts"))
            target, twin = find_player(session, keep), find_player(session, duplicate)
            if target.id == twin.id or twin.merged_into_id is not None:
                raise errors.InvalidInput(
                    field="player", reason=N_("choose two different accounts")
                )
            played = session.scalar(
                select(func.count(Game.id)).where(
                    (Game.white_id == twin.id) | (Game.black_id == twin.id)
                )
            )
            placed = session.scalar(
                select(func.count(SectionEntry.id)).where(SectionEntry.player_id == twin.id)
            )
            if played or placed:
                raise errors.InvalidInput(
                    field="player",
                    reason=N_(
                        "{login} has games or a place in a section: it cannot be merged",
                        login=twin.login,
                    ),
                )
            moved = [e.address for e in twin.emails]
            twin.emails.clear()
            session.flush()
            target.emails.extend(PlayerEmail(address=a) for a in moved)
            have = {r.role for r in target.roles}
            target.roles.extend(PlayerRole(role=r.role) for r in twin.roles if r.role not in have)
            mine = {
                a.event_id
                for a in session.scalars(
                    select(EventApplication).where(EventApplication.player_id == target.id)
                )
            }
            for application in session.scalars(
                select(EventApplication).where(EventApplication.player_id == twin.id)
            ):
                if application.event_id not in mine:
                    application.player_id = target.id
                else:
                    session.delete(application)
            twin.merged_into_id = target.id
            twin.password_hash = None
            audit(
                session,
                actor,
                now,
                "accounts_merged",
                player_id=target.id,
                duplicate_id=twin.id,
                emails=moved,
            )

    @staticmethod
    def _check(session: Session, lines: list[_Line], report: ImportReport) -> None:
        """Logins given must be free; nothing else in the database can refuse a line."""
        logins = [line.login for line in lines if line.login]
        for line in lines:
            if line.login and logins.count(line.login) > 1:
                report.problems.append(
                    (line.number, N_("the login {login} is given twice", login=line.login))
                )
            if line.login and session.scalar(select(Player.id).where(Player.login == line.login)):
                owner = session.scalar(
                    select(PlayerEmail.player_id)
                    .join(Player, Player.id == PlayerEmail.player_id)
                    .where(PlayerEmail.address == line.email, Player.login == line.login)
                )
                if owner is None:
                    report.problems.append(
                        (line.number, N_("the login {login} is taken", login=line.login))
                    )


def _row(player: Player, last: datetime | None) -> PersonRow:
    return PersonRow(
        login=player.login,
        name=player.name,
        surname=player.surname,
        given_names=player.given_names,
        emails=[e.address for e in player.emails],
        roles=sorted(r.role.value for r in player.roles),
        lang=player.lang,
        rating=player.rating,
        federation_id=player.federation_id,
        country=player.country,
        has_password=player.password_hash is not None,
        last_sign_in=last,
        failing=tuple(failing_of(player)),
    )


def _free_login(session: Session, address: str) -> str:
    """A login made from an address's local part, free in the database."""
    local = address.split("@", 1)[0]
    base = re.sub(r"[^A-Za-z0-9_.-]", "", local)[:40] or "player"
    if not base[0].isalpha():
        base = "p" + base
    base = base if len(base) >= 2 else base + "1"
    login, n = base, 1
    while session.scalar(select(Player.id).where(Player.login == login)) is not None:
        n += 1
        login = f"{base}-{n}"
    return login


def _parse(text: str, report: ImportReport) -> list[_Line]:
    """The CSV's lines, each checked on its own; problems go to ``report``."""
    sample = text[:2048]
    try:
        dialect: type[csv.Dialect] | csv.Dialect = csv.Sniffer().sniff(sample, delimiters=",;\t")
    except csv.Error:
        dialect = csv.excel
    rows = list(csv.reader(io.StringIO(text.lstrip("\ufeff")), dialect))
    if not rows:
        report.problems.append((1, N_("the file is empty")))
        return []
    words = [h.strip().lower() for h in rows[0]]
    header = [COLUMNS.get(h, "") for h in words]
    if "surname" not in header:  # "имя" alone, as lists made before, is the whole name
        header = ["name" if w == "имя" else h for w, h in zip(words, header, strict=True)]
    if not ({"surname", "name"} & set(header)) or "email" not in header:
        report.problems.append(
            (1, N_("the first line must name the columns: surname, given_names, email, ..."))
        )
        return []
    lines: list[_Line] = []
    seen: set[str] = set()
    for number, row in enumerate(rows[1:], start=2):
        if not any(cell.strip() for cell in row):
            continue
        values = {key: cell.strip() for key, cell in zip(header, row, strict=False) if key}
        if "surname" in header:
            surname, given = values.get("surname", ""), values.get("given_names", "")
        else:
            surname, given = split_name(values.get("name", ""))
        email = normalise_email(values.get("email", ""))
        lang = values.get("lang", "").lower() or i18n.DEFAULT_LANGUAGE
        rating_text = values.get("rating", "")
        problem: Text | None = None
        if not surname.strip():
            problem = N_("no surname")
        elif len(" ".join(f"{surname} {given}".split())) > 200:
            problem = N_("a name of at most 200 characters")
        elif not re.match(r"^[^@\s<>]+@[^@\s<>]+\.[^@\s<>]+$", email):
            problem = N_("{address!r} is not an address", address=email)
        elif email in seen:
            problem = N_("{address} is on the list twice", address=email)
        elif lang not in i18n.LANGUAGES:
            problem = N_("{lang!r} is not one of {languages}", lang=lang, languages="en, ru")
        elif rating_text and not rating_text.isdigit():
            problem = N_("the rating {rating!r} is not a number", rating=rating_text)
        if problem is not None:
            report.problems.append((number, problem))
            continue
        seen.add(email)
        lines.append(
            _Line(
                number=number,
                surname=" ".join(surname.split()),
                given_names=" ".join(given.split()),
                email=email,
                lang=lang,
                federation_id=values.get("federation_id") or None,
                rating=int(rating_text) if rating_text else None,
                country=(values.get("country") or "").upper()[:3] or None,
                login=values.get("login") or None,
            )
        )
    return lines
