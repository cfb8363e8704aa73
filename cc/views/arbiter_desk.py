"""The arbiter's desk: what waits for them in the events they rule in.

An arbiter signs in to their work rather than to a list of events: the open
cases by the day something happens in them, the games over the time limit,
near a time control, stopped by a claim or handed to adjudication, and the
leaves that begin this week. Each item names its people (never logins) and
links to the place where the arbiter acts. Appeal arbiters see the appeals
of the events they hear (54.1.4); an admin sees every event.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime, timedelta

from sqlalchemy import or_, select
from sqlalchemy.orm import Session

from cc.base.kinds import CaseKind, CaseStatus, EventStatus, GameStatus, LeaveStatus
from cc.cases.rules import PROTEST_DAYS
from cc.clock.ledger import LedgerService
from cc.games.turns import move_number_of
from cc.kernel.access import is_official_of
from cc.kernel.context import Actor, ServiceContext, find_player
from cc.store.models import (
    Case,
    Event,
    EventAppealArbiter,
    Game,
    PlayerLeave,
    Section,
    SectionEntry,
)
from timekeeping import local_date

#: how far ahead the desk looks for leaves about to begin
LEAVE_HORIZON_DAYS = 7


@dataclass(frozen=True)
class DeskCase:
    """An open case (or an appeal, for its appeal arbiter) and its next day."""

    id: int
    event: str
    kind: str
    status: str
    game_id: int | None
    claimant_name: str | None
    respondent_name: str | None
    filed_on: date
    #: the day something happens in it, and what: "protest" (56.6.4's time
    #: ends), "due" (the daily run's day: 56.1.6's 30 days, 56.5.3's 40),
    #: "materials" (56.9.4's 14 days); None: no term
    due_on: date | None
    due_what: str | None
    #: days from today to ``due_on`` (negative: past)
    due_in: int | None


@dataclass(frozen=True)
class DeskGame:
    """A game that needs the arbiter's eye, with the player concerned."""

    id: int
    event: str
    white_name: str
    black_name: str
    move_number: int
    #: the player to move, or the one over the limit
    who_name: str | None
    days_left: int | None
    #: the day the limit was passed
    since: date | None = None
    case_id: int | None = None


@dataclass(frozen=True)
class DeskLeave:
    id: int
    player_name: str
    first_day: date
    last_day: date
    events: tuple[str, ...]


@dataclass(frozen=True)
class DeskEvent:
    code: str
    name: str
    mode: str
    status: str


@dataclass(frozen=True)
class Desk:
    today: date
    events: list[DeskEvent]
    cases: list[DeskCase] = field(default_factory=list)
    over_limit: list[DeskGame] = field(default_factory=list)
    near_control: list[DeskGame] = field(default_factory=list)
    suspended: list[DeskGame] = field(default_factory=list)
    adjudication: list[DeskGame] = field(default_factory=list)
    leaves: list[DeskLeave] = field(default_factory=list)

    @property
    def idle(self) -> bool:
        """Nothing waits: the page says so rather than showing empty lists."""
        return not (
            self.cases
            or self.over_limit
            or self.near_control
            or self.suspended
            or self.adjudication
            or self.leaves
        )


class ArbiterDesk:
    def __init__(self, ctx: ServiceContext) -> None:
        self.ctx = ctx

    def desk(self, actor: Actor) -> Desk:
        now = self.ctx.now()
        with self.ctx.db.read() as session:
            ruled, heard = self._events(session, actor)
            events = sorted({**ruled, **heard}.values(), key=lambda e: (e.start_date, e.code))
            today = local_date(now, events[0].timezone) if events else now.date()
            desk = Desk(
                today=today,
                events=[DeskEvent(e.code, e.name, e.mode.value, e.status.value) for e in events],
            )
            if events:
                self._cases(session, desk, ruled, heard, now)
                self._games(session, desk, ruled, now)
                self._leaves(session, desk, ruled)
            return desk

    @staticmethod
    def _events(session: Session, actor: Actor) -> tuple[dict[int, Event], dict[int, Event]]:
        """The events ``actor`` rules in, and those whose appeals they hear."""
        ruled = {
            e.id: e
            for e in session.scalars(select(Event).order_by(Event.id))
            if is_official_of(session, actor, e)
        }
        heard: dict[int, Event] = {}
        if actor.player_id is not None:
            for event in session.scalars(
                select(Event)
                .join(EventAppealArbiter, EventAppealArbiter.event_id == Event.id)
                .where(EventAppealArbiter.player_id == actor.player_id)
            ):
                heard[event.id] = event
        return ruled, heard

    @staticmethod
    def _cases(
        session: Session,
        desk: Desk,
        ruled: dict[int, Event],
        heard: dict[int, Event],
        now: datetime,
    ) -> None:
        wanted = or_(
            (Case.event_id.in_(ruled)) & (Case.status == CaseStatus.OPEN),
            (Case.event_id.in_(set(ruled) | set(heard))) & (Case.status == CaseStatus.APPEALED),
        )
        for case in session.scalars(select(Case).where(wanted)):
            due_on, what = _next_day(case)
            today = local_date(now, case.event.timezone)
            desk.cases.append(
                DeskCase(
                    id=case.id,
                    event=case.event.code,
                    kind=case.kind.value,
                    status=case.status.value,
                    game_id=case.game_id,
                    claimant_name=case.claimant.name if case.claimant else None,
                    respondent_name=case.respondent.name if case.respondent else None,
                    filed_on=case.filed_on,
                    due_on=due_on,
                    due_what=what,
                    due_in=(due_on - today).days if due_on else None,
                )
            )
        desk.cases.sort(key=lambda c: (c.due_on is None, c.due_on or c.filed_on, c.id))

    @staticmethod
    def _games(session: Session, desk: Desk, ruled: dict[int, Event], now: datetime) -> None:
        games = session.scalars(
            select(Game)
            .where(
                Game.event_id.in_(ruled),
                Game.status.in_((GameStatus.ONGOING, GameStatus.ADJUDICATION)),
            )
            .order_by(Game.event_id, Game.round, Game.board)
        )
        for game in games:
            mover = game.player_to_move
            if game.status == GameStatus.ADJUDICATION:
                desk.adjudication.append(_item(game))
            elif game.event.status != EventStatus.STARTED:
                continue
            elif game.suspended_by_case_id is not None:
                who = mover.name if mover else None
                desk.suspended.append(_item(game, who, case_id=game.suspended_by_case_id))
            else:
                ArbiterDesk._clock(session, desk, game, now)
        desk.over_limit.sort(key=lambda g: (g.since or desk.today, g.id))
        desk.near_control.sort(key=lambda g: (g.days_left or 0, g.id))

    @staticmethod
    def _clock(session: Session, desk: Desk, game: Game, now: datetime) -> None:
        """Over the limit (the earliest overstep of the two), else near a control."""
        ledger = LedgerService.compute(session, game, now)
        over = [
            (clock.overstep_on, clock.days_left, player.name)
            for clock, player in ((ledger.white, game.white), (ledger.black, game.black))
            if clock.overstep_on is not None
        ]
        if over:
            since, left, name = min(over, key=lambda item: item[0])
            desk.over_limit.append(_item(game, name, left, since=since))
            return
        mover = game.player_to_move
        if mover is None:
            return
        clock = ledger.white if mover.id == game.white_id else ledger.black
        if clock.near_control:
            desk.near_control.append(_item(game, mover.name, clock.days_left))

    @staticmethod
    def _leaves(session: Session, desk: Desk, ruled: dict[int, Event]) -> None:
        """Leaves that begin from today to a week ahead, of the events' players (56.7.2)."""
        running = [e.id for e in ruled.values() if e.status != EventStatus.FINISHED]
        if not running:
            return
        codes: dict[int, set[str]] = {}
        for player_id, code in session.execute(
            select(SectionEntry.player_id, Event.code)
            .join(Section, Section.id == SectionEntry.section_id)
            .join(Event, Event.id == Section.event_id)
            .where(Event.id.in_(running))
        ):
            codes.setdefault(player_id, set()).add(code)
        if not codes:
            return
        horizon = desk.today + timedelta(days=LEAVE_HORIZON_DAYS)
        for leave in session.scalars(
            select(PlayerLeave)
            .where(
                PlayerLeave.player_id.in_(codes),
                PlayerLeave.status == LeaveStatus.ACTIVE,
                PlayerLeave.first_day >= desk.today,
                PlayerLeave.first_day <= horizon,
            )
            .order_by(PlayerLeave.first_day, PlayerLeave.id)
        ):
            desk.leaves.append(
                DeskLeave(
                    id=leave.id,
                    player_name=find_player(session, leave.player_id).name,
                    first_day=leave.first_day,
                    last_day=leave.last_day,
                    events=tuple(sorted(codes[leave.player_id])),
                )
            )


def _item(
    game: Game,
    who_name: str | None = None,
    days_left: int | None = None,
    *,
    since: date | None = None,
    case_id: int | None = None,
) -> DeskGame:
    return DeskGame(
        id=game.id,
        event=game.event.code,
        white_name=game.white.name,
        black_name=game.black.name,
        move_number=move_number_of(game.ply_count + 1, game.plies_before),
        who_name=who_name,
        days_left=days_left,
        since=since,
        case_id=case_id,
    )


def _next_day(case: Case) -> tuple[date | None, str | None]:
    """The next day something happens in ``case``, and what."""
    if case.status == CaseStatus.APPEALED:
        return None, None
    if case.kind == CaseKind.TIME_CLAIM and case.protest is None:
        return case.filed_on + timedelta(days=PROTEST_DAYS), "protest"
    if case.due_on is not None:
        return case.due_on, "materials" if case.kind == CaseKind.ADJUDICATION else "due"
    return None, None
