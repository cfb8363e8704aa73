"""The federation's tournament office: what an organiser (admin) sees first.

The office lists every event with its state and its people, and offers what
the forms to create one need: the officials to choose from and each mode's
default regulations (spec §1), so a form can say what a blank field means.
Creating an event itself is :meth:`cc.events.lifecycle.EventService.create`,
the same service the console calls; a regulation's words for players are
the event's own page's (:mod:`cc.web.regulation_pages`).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from sqlalchemy import func, select

from cc.base import errors
from cc.base.kinds import EventStatus, Role
from cc.base.regulations import Mode, Regulations, defaults_for
from cc.kernel.context import Actor, ServiceContext, find_event, is_admin, require_admin
from cc.store.models import Event, Game, Player, PlayerRole, Section, SectionEntry
from cc.text.i18n import N_


@dataclass(frozen=True)
class OfficeEvent:
    code: str
    name: str
    mode: str
    status: str
    start_date: date
    end_date: date | None
    arbiter_name: str | None
    players: int
    games: int


@dataclass(frozen=True)
class Person:
    login: str
    name: str


@dataclass(frozen=True)
class FormChoices:
    """What an event form offers: the officials by role, the modes' defaults."""

    arbiters: list[Person]
    adjudicators: list[Person]
    appeal_arbiters: list[Person]
    defaults: dict[str, Regulations]


@dataclass(frozen=True)
class EventRegulations:
    """An event as a player reads it before playing: its dates, people and rules."""

    code: str
    name: str
    mode: str
    status: str
    start_date: date
    end_date: date | None
    timezone: str
    cycles: int
    arbiter_name: str | None
    adjudicator_name: str | None
    appeal_arbiter_names: list[str]
    regulations: Regulations
    #: the system of play (Art. 26); a Swiss's rounds and pairing system (31.7)
    system: str = "round_robin"
    rounds: int | None = None
    pairing_system: str | None = None


class Office:
    def __init__(self, ctx: ServiceContext) -> None:
        self.ctx = ctx

    def events(self, actor: Actor) -> list[OfficeEvent]:
        """Every event, newest start first, with its size."""
        with self.ctx.db.read() as session:
            require_admin(session, actor, N_("run the tournament office"))
            players = dict(
                session.execute(
                    select(Section.event_id, func.count(SectionEntry.id))
                    .join(SectionEntry, SectionEntry.section_id == Section.id)
                    .group_by(Section.event_id)
                ).all()
            )
            games = dict(
                session.execute(
                    select(Game.event_id, func.count(Game.id)).group_by(Game.event_id)
                ).all()
            )
            return [
                OfficeEvent(
                    code=e.code,
                    name=e.name,
                    mode=e.mode.value,
                    status=e.status.value,
                    start_date=e.start_date,
                    end_date=e.end_date,
                    arbiter_name=e.arbiter.name if e.arbiter else None,
                    players=players.get(e.id, 0),
                    games=games.get(e.id, 0),
                )
                for e in session.scalars(
                    select(Event).order_by(Event.start_date.desc(), Event.code)
                )
            ]

    def regulations(self, actor: Actor | None, code: str) -> EventRegulations:
        """An event's regulations: public, as a player is asked to agree to them,
        once the event is open for entry or started; a draft is the office's."""
        with self.ctx.db.read() as session:
            event = find_event(session, code)
            draft = event.status == EventStatus.DRAFT and not event.entry_open
            if draft and (actor is None or not is_admin(session, actor)):
                raise errors.NotFound(kind="event", ref=code)
            return EventRegulations(
                code=event.code,
                name=event.name,
                mode=event.mode.value,
                status=event.status.value,
                start_date=event.start_date,
                end_date=event.end_date,
                timezone=event.timezone,
                cycles=event.cycles,
                arbiter_name=event.arbiter.name if event.arbiter else None,
                adjudicator_name=event.adjudicator.name if event.adjudicator else None,
                appeal_arbiter_names=[a.player.name for a in event.appeal_arbiters],
                regulations=event.regulations,
                system=event.system,
                rounds=event.rounds,
                pairing_system=event.pairing_system,
            )

    def form_choices(self, actor: Actor) -> FormChoices:
        with self.ctx.db.read() as session:
            require_admin(session, actor, N_("create events"))
            holders: dict[Role, list[Person]] = {}
            for role, login, name in session.execute(
                select(PlayerRole.role, Player.login, Player.name)
                .join(Player, Player.id == PlayerRole.player_id)
                .order_by(Player.name, Player.login)
            ):
                holders.setdefault(role, []).append(Person(login, name))
            return FormChoices(
                arbiters=holders.get(Role.ARBITER, []),
                adjudicators=holders.get(Role.ADJUDICATOR, []),
                appeal_arbiters=holders.get(Role.APPEAL_ARBITER, []),
                defaults={m.value: defaults_for(m) for m in Mode},
            )
