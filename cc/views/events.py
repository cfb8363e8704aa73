"""An event as the doors show it, and the events and games anyone may see."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import Any

from sqlalchemy import or_, select
from sqlalchemy.orm import Session

from cc.base import errors
from cc.base.kinds import EventStatus
from cc.kernel.access import ended, is_official_of
from cc.kernel.context import Actor, find_event
from cc.store.models import Event, Game


@dataclass(frozen=True)
class EventView:
    id: int
    code: str
    name: str
    mode: str
    status: str
    start_date: date
    end_date: date | None
    timezone: str
    cycles: int
    arbiter: str | None
    appeal_arbiters: list[str]
    regulations: dict[str, Any]
    #: section name -> logins in starting-number order
    sections: dict[str, list[str]]
    #: team sections: section name -> team name -> logins in board order
    teams: dict[str, dict[str, list[str]]] = field(default_factory=dict)
    #: a thematic start (Art. 26): the position, the opening line (SAN) that
    #: leads to it, or Chess960 drawn per round from ``chess960_seed``
    start_fen: str | None = None
    start_line: str | None = None
    chess960: bool = False
    chess960_seed: str | None = None
    #: sections with a theme of their own: name -> (position, opening line)
    section_themes: dict[str, tuple[str | None, str | None]] = field(default_factory=dict)
    #: the system of play (Art. 26); a Swiss's rounds and pairing system (31.7)
    system: str = "round_robin"
    rounds: int | None = None
    pairing_system: str | None = None


@dataclass(frozen=True)
class PublicGame:
    """A game in an event's public list: who plays whom, and the result once
    it ends (a game still being played shows "*", whatever its progress)."""

    id: int
    section: str
    round: int
    board: int
    white: str
    black: str
    white_name: str
    black_name: str
    ended: bool
    result: str
    result_reason: str | None


def event_view(event: Event) -> EventView:
    regs = event.regulations
    sections = {}
    for section in event.sections:
        entries = sorted(section.entries, key=lambda e: (e.number or 10**6, e.id))
        sections[section.name] = [e.player.login for e in entries]
    teams = {
        section.name: {
            t.name: [e.player.login for e in t.entries]
            for t in sorted(section.teams, key=lambda t: (t.number or 10**6, t.id))
        }
        for section in event.sections
        if section.teams
    }
    return EventView(
        id=event.id,
        code=event.code,
        name=event.name,
        mode=event.mode.value,
        status=event.status.value,
        start_date=event.start_date,
        end_date=event.end_date,
        timezone=event.timezone,
        cycles=event.cycles,
        arbiter=event.arbiter.login if event.arbiter else None,
        appeal_arbiters=[a.player.login for a in event.appeal_arbiters],
        regulations={k: getattr(regs, k) for k in regs.__dataclass_fields__},
        sections=sections,
        teams=teams,
        start_fen=event.start_fen,
        start_line=event.start_line,
        chess960=event.chess960,
        chess960_seed=event.chess960_seed,
        section_themes={s.name: (s.start_fen, s.start_line) for s in event.sections if s.start_fen},
        system=event.system,
        rounds=event.rounds,
        pairing_system=event.pairing_system,
    )


def public_events(session: Session) -> list[EventView]:
    """The events anyone may look at: all but those still in draft, unless
    they are open for entry."""
    events = session.scalars(
        select(Event)
        .where(or_(Event.status != EventStatus.DRAFT, Event.entry_open))
        .order_by(Event.id)
    )
    return [event_view(e) for e in events]


def public_event(session: Session, code: str) -> tuple[EventView, list[PublicGame]]:
    """An event as anyone may see it, with its games (the result of each
    once it ends); an event in draft is the organisers' only."""
    event = find_event(session, code)
    if event.status == EventStatus.DRAFT and not event.entry_open:
        raise errors.NotFound(kind="event", ref=code)
    games = session.scalars(
        select(Game)
        .where(Game.event_id == event.id)
        .order_by(Game.section_id, Game.round, Game.board)
    ).all()
    rows = [
        PublicGame(
            id=g.id,
            section=g.section.name,
            round=g.round,
            board=g.board,
            white=g.white.login,
            black=g.black.login,
            white_name=g.white.name,
            black_name=g.black.name,
            ended=ended(g),
            result=g.result.value if ended(g) else "*",
            result_reason=(g.result_reason.value if ended(g) and g.result_reason else None),
        )
        for g in games
    ]
    return event_view(event), rows


def events_of_official(session: Session, actor: Actor) -> list[EventView]:
    """The events ``actor`` is arbiter or adjudicator of (all, for admins)."""
    events = session.scalars(select(Event).order_by(Event.id)).all()
    return [event_view(e) for e in events if is_official_of(session, actor, e)]
