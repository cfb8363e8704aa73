"""Entries: an event open for entry, players' applications, the organiser's
answers, and sections formed from the accepted players.

The office opens a draft event for entry until a closing day; players apply
on the site (or the organiser enters them), and each is told by mail when
accepted or refused. Sections are then formed from the accepted players:
by hand, or by rating into sections of a chosen size with the strongest
spread across them (the first of the list to section A, the second to B,
and back again: a serpentine), each section's order by rating (or left to
the drawing of lots at the start, Art. 31.1). The start itself, which pairs
the sections and tells every player their games, is
:meth:`cc.events.lifecycle.EventService.start`.
"""

from __future__ import annotations

import math
import string
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from cc.base import errors
from cc.base.kinds import ApplicationStatus, EventStatus
from cc.events.lifecycle import enter_player, section_named
from cc.kernel.context import (
    Actor,
    ServiceContext,
    audit,
    describe,
    find_event,
    find_player,
    require_admin,
)
from cc.kernel.notifications import Kind, Notice, Value
from cc.store.models import Event, EventApplication, Player
from cc.text.i18n import N_
from timekeeping import local_date

#: the most sections an automatic forming makes (A..Z)
MAX_SECTIONS = len(string.ascii_uppercase)


@dataclass(frozen=True)
class ApplicationView:
    player: str
    name: str
    rating: int | None
    federation_id: str | None
    status: str
    applied_at: datetime
    decided_at: datetime | None
    note: str | None
    #: the section the player was placed in, once sections are formed
    section: str | None = None


@dataclass(frozen=True)
class EntryState:
    """An event's entry as a player or the office sees it."""

    code: str
    name: str
    status: str
    open: bool
    closes_on: date | None
    #: the caller's own application status, if any
    mine: str | None
    #: whether the caller may apply now
    can_apply: bool


class EntryService:
    def __init__(self, ctx: ServiceContext) -> None:
        self.ctx = ctx

    # ------------------------------------------------------------ the office

    def open_entry(self, actor: Actor, code: str, closes_on: date) -> None:
        """Let players apply to a draft event until ``closes_on`` (inclusive)."""
        now = self.ctx.now()
        with self.ctx.db.write() as session:
            require_admin(session, actor, N_("open events for entry"))
            event = self._draft(session, code)
            if closes_on < local_date(now, event.timezone):
                raise errors.InvalidInput(
                    field="closes_on", reason=N_("the closing day has passed already")
                )
            event.entry_open, event.entry_closes_on = True, closes_on
            audit(session, actor, now, "entry_opened", event_id=event.id, closes_on=str(closes_on))

    def close_entry(self, actor: Actor, code: str) -> None:
        now = self.ctx.now()
        with self.ctx.db.write() as session:
            require_admin(session, actor, N_("close events for entry"))
            event = find_event(session, code)
            event.entry_open = False
            audit(session, actor, now, "entry_closed", event_id=event.id)

    def applications(self, actor: Actor, code: str) -> list[ApplicationView]:
        """Every application to the event, the strongest accepted first."""
        with self.ctx.db.read() as session:
            require_admin(session, actor, N_("see the entries of events"))
            event = find_event(session, code)
            placed = {e.player_id: s.name for s in event.sections for e in s.entries}
            rows = session.scalars(
                select(EventApplication).where(EventApplication.event_id == event.id)
            ).all()
            order = {
                ApplicationStatus.APPLIED: 0,
                ApplicationStatus.ACCEPTED: 1,
                ApplicationStatus.REFUSED: 2,
                ApplicationStatus.WITHDRAWN: 3,
            }
            rows = sorted(
                rows, key=lambda a: (order[a.status], -(a.player.rating or 0), a.player.name)
            )
            return [_view(a, placed.get(a.player_id)) for a in rows]

    def enter(self, actor: Actor, code: str, player_ref: str) -> None:
        """The organiser enters a player directly: accepted, and told so."""
        now = self.ctx.now()
        with self.ctx.db.write() as session:
            require_admin(session, actor, N_("enter players into events"))
            event = self._draft(session, code)
            player = find_player(session, player_ref)
            row = self._row(session, event, player)
            if row is not None and row.status == ApplicationStatus.ACCEPTED:
                raise errors.Conflict(
                    what=N_("entry in event {code}", code=event.code), ref=player.login
                )
            if row is None:
                row = EventApplication(event_id=event.id, player_id=player.id, applied_at=now)
                session.add(row)
            self._decide(session, actor, event, row, ApplicationStatus.ACCEPTED, now, None)

    def decide(
        self, actor: Actor, code: str, player_ref: str, *, accept: bool, note: str | None = None
    ) -> None:
        """Accept or refuse an application; the player is told by mail."""
        now = self.ctx.now()
        with self.ctx.db.write() as session:
            require_admin(session, actor, N_("accept or refuse entries"))
            event = self._draft(session, code)
            player = find_player(session, player_ref)
            row = self._row(session, event, player)
            if row is None or row.status not in (
                ApplicationStatus.APPLIED,
                ApplicationStatus.ACCEPTED,
                ApplicationStatus.REFUSED,
            ):
                raise errors.NotFound(kind="application", ref=player.login)
            status = ApplicationStatus.ACCEPTED if accept else ApplicationStatus.REFUSED
            if row.status == status:
                return  # asked twice: done once
            self._decide(session, actor, event, row, status, now, note)

    def form_sections(
        self,
        actor: Actor,
        code: str,
        *,
        size: int | None = None,
        by_hand: Mapping[str, Sequence[str]] | None = None,
    ) -> dict[str, list[str]]:
        """Place the accepted players into sections; returns section -> logins.

        ``size``: sections of about that many players, by rating, the
        strongest spread across them (serpentine), each in rating order.
        ``by_hand``: section name -> logins, in starting order. Sections formed
        before are formed again from scratch.
        """
        now = self.ctx.now()
        with self.ctx.db.write() as session:
            require_admin(session, actor, N_("form sections"))
            event = self._draft(session, code)
            accepted = [
                a.player
                for a in session.scalars(
                    select(EventApplication).where(
                        EventApplication.event_id == event.id,
                        EventApplication.status == ApplicationStatus.ACCEPTED,
                    )
                )
            ]
            if by_hand is not None:
                plan = self._by_hand(session, accepted, by_hand)
            elif size is not None:
                plan = _by_rating(accepted, size)
            else:
                raise errors.InvalidInput(
                    field="sections", reason=N_("choose a size or the players")
                )
            if any(s.teams for s in event.sections):
                raise errors.EventStateError(
                    event=code, reason=N_("its sections are team sections, formed at the console")
                )
            event.sections.clear()
            session.flush()
            for name, players in plan.items():
                section = section_named(event, name)
                added: list[int] = []
                for player in players:
                    enter_player(event, section, session, player.login, added=added)
            session.flush()
            formed = {name: [p.login for p in players] for name, players in plan.items()}
            audit(session, actor, now, "sections_formed", event_id=event.id, sections=formed)
            return formed

    # ----------------------------------------------------------- the player

    def state(self, actor: Actor | None, code: str) -> EntryState:
        """The event's entry as ``actor`` sees it (None: a visitor not signed in)."""
        now = self.ctx.now()
        with self.ctx.db.read() as session:
            event = find_event(session, code)
            mine = None
            if actor is not None and actor.player_id is not None:
                row = session.scalar(
                    select(EventApplication).where(
                        EventApplication.event_id == event.id,
                        EventApplication.player_id == actor.player_id,
                    )
                )
                mine = row.status.value if row is not None else None
            open_now = self._open(event, now)
            return EntryState(
                code=event.code,
                name=event.name,
                status=event.status.value,
                open=open_now,
                closes_on=event.entry_closes_on,
                mine=mine,
                can_apply=open_now
                and actor is not None
                and actor.player_id is not None
                and mine in (None, ApplicationStatus.WITHDRAWN.value),
            )

    def apply(self, actor: Actor, code: str, note: str | None = None) -> None:
        """A player applies to an event open for entry."""
        now = self.ctx.now()
        with self.ctx.db.write() as session:
            if actor.player_id is None:
                raise errors.NotPermitted(who=describe(session, actor), action=N_("apply"))
            event = find_event(session, code)
            if not self._open(event, now):
                raise errors.EventStateError(event=code, reason=N_("it is not open for entry"))
            player = find_player(session, actor.player_id)
            row = self._row(session, event, player)
            if row is not None and row.status != ApplicationStatus.WITHDRAWN:
                raise errors.Conflict(
                    what=N_("entry in event {code}", code=event.code), ref=player.login
                )
            if row is None:
                row = EventApplication(event_id=event.id, player_id=player.id, applied_at=now)
                session.add(row)
            row.status, row.applied_at, row.note = ApplicationStatus.APPLIED, now, note or None
            row.decided_at = row.decided_by_id = None
            audit(session, actor, now, "entry_applied", event_id=event.id, player_id=player.id)

    def withdraw(self, actor: Actor, code: str) -> None:
        """A player takes back an application before the event starts."""
        now = self.ctx.now()
        with self.ctx.db.write() as session:
            event = self._draft(session, code)
            if actor.player_id is None:
                raise errors.NotPermitted(who=describe(session, actor), action=N_("withdraw"))
            row = self._row(session, event, find_player(session, actor.player_id))
            if row is None or row.status == ApplicationStatus.WITHDRAWN:
                raise errors.NotFound(kind="application", ref=code)
            placed = {e.player_id for s in event.sections for e in s.entries}
            if row.player_id in placed:
                raise errors.EventStateError(
                    event=code, reason=N_("the sections are formed: ask the organiser")
                )
            row.status = ApplicationStatus.WITHDRAWN
            audit(
                session, actor, now, "entry_withdrawn", event_id=event.id, player_id=row.player_id
            )

    # ------------------------------------------------------------- helpers

    @staticmethod
    def _draft(session: Session, code: str) -> Event:
        event = find_event(session, code, lock=True)
        if event.status != EventStatus.DRAFT:
            raise errors.EventStateError(
                event=code, reason=N_("entries are taken only before the event starts")
            )
        return event

    @staticmethod
    def _open(event: Event, now: datetime) -> bool:
        return (
            event.status == EventStatus.DRAFT
            and event.entry_open
            and (
                event.entry_closes_on is None
                or local_date(now, event.timezone) <= event.entry_closes_on
            )
        )

    @staticmethod
    def _row(session: Session, event: Event, player: Player) -> EventApplication | None:
        return session.scalar(
            select(EventApplication).where(
                EventApplication.event_id == event.id, EventApplication.player_id == player.id
            )
        )

    def _decide(
        self,
        session: Session,
        actor: Actor,
        event: Event,
        row: EventApplication,
        status: ApplicationStatus,
        now: datetime,
        note: str | None,
    ) -> None:
        row.status, row.decided_at, row.decided_by_id = status, now, actor.player_id
        if note:
            row.note = note
        if status == ApplicationStatus.REFUSED:
            # A refused player leaves any section formed before.
            for section in event.sections:
                for entry in list(section.entries):
                    if entry.player_id == row.player_id:
                        section.entries.remove(entry)
        audit(
            session,
            actor,
            now,
            "entry_decided",
            event_id=event.id,
            player_id=row.player_id,
            decision=status.value,
        )
        kind = Kind.ENTRY_ACCEPTED if status == ApplicationStatus.ACCEPTED else Kind.ENTRY_REFUSED
        params: dict[str, Value] = {
            "event": event.name,
            "code": event.code,
            "start": event.start_date.isoformat(),
        }
        if note:
            params["note"] = note
        self.ctx.notifications.notify(
            session,
            Notice(recipient_id=row.player_id, kind=kind, event_id=event.id, params=params),
        )

    @staticmethod
    def _by_hand(
        session: Session, accepted: list[Player], plan: Mapping[str, Sequence[str]]
    ) -> dict[str, list[Player]]:
        allowed = {p.login: p for p in accepted}
        out: dict[str, list[Player]] = {}
        seen: set[str] = set()
        for name, logins in plan.items():
            section = name.strip()
            if not section:
                raise errors.InvalidInput(field="section", reason=N_("a section needs a name"))
            for login in logins:
                player = find_player(session, login)
                if player.login not in allowed:
                    raise errors.InvalidInput(
                        field="players",
                        reason=N_("{login} has no accepted entry", login=player.login),
                    )
                if player.login in seen:
                    raise errors.Conflict(what=N_("a place in a section"), ref=player.login)
                seen.add(player.login)
                out.setdefault(section, []).append(player)
        return out


def _by_rating(players: list[Player], size: int) -> dict[str, list[Player]]:
    """Sections of about ``size`` by rating, the strongest spread (serpentine)."""
    if size < 2:
        raise errors.InvalidInput(field="size", reason=N_("a section needs at least 2 players"))
    if len(players) < 2:
        raise errors.InvalidInput(field="players", reason=N_("accept at least 2 players first"))
    count = min(MAX_SECTIONS, max(1, math.ceil(len(players) / size)))
    ranked = sorted(players, key=lambda p: (-(p.rating or 0), p.name, p.login))
    names = string.ascii_uppercase[:count]
    sections: dict[str, list[Player]] = {n: [] for n in names}
    for i, player in enumerate(ranked):
        lap, place = divmod(i, count)
        sections[names[place if lap % 2 == 0 else count - 1 - place]].append(player)
    return sections


def _view(row: EventApplication, section: str | None) -> ApplicationView:
    return ApplicationView(
        player=row.player.login,
        name=row.player.name,
        rating=row.player.rating,
        federation_id=row.player.federation_id,
        status=row.status.value,
        applied_at=row.applied_at,
        decided_at=row.decided_at,
        note=row.note,
        section=section,
    )
