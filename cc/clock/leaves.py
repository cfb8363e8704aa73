"""Players' leaves: announced in advance, capped by the regulations, ended early.

A leave covers all of a player's games at once (54.6.1, 56.7.1). It is
announced in advance (56.7.2): the partners of the player's running games
and those games' arbiters are told when it is recorded, whatever the door,
and again when it begins and ends (the daily run); one that has begun
already when it is recorded is told as begun, once. The arbiter may allow
one after it began or grant extra leave in exceptional cases (56.7.7); the
player may end it early (56.7.3), and a leave withdrawn before it began is
told to those who heard of it. The caps are per calendar year (45 days server, 30 email and post
by default) and, where the regulations set one, over the whole event; a
leave across New Year counts its days against each year. A player in no
event is held to the tightest yearly cap of the default regulations and
announces in advance all the same, and the leaves they hold are checked
again against an event's caps when they are entered into it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta

from sqlalchemy import or_, select
from sqlalchemy.orm import Session

from cc.base import errors
from cc.base.kinds import EventStatus, GameStatus, LeaveStatus
from cc.base.regulations import default_leave_days_per_year
from cc.kernel.access import is_arbiter_of
from cc.kernel.context import (
    Actor,
    ServiceContext,
    audit,
    describe,
    find_player,
    is_admin,
)
from cc.kernel.notifications import Kind, Notice, Notifications
from cc.store.models import Event, Game, Notification, Player, PlayerLeave, Section, SectionEntry
from cc.text.i18n import N_
from timekeeping import local_date


@dataclass(frozen=True)
class LeaveView:
    id: int
    player: str
    first_day: date
    last_day: date
    days: int
    status: str
    granted_by: str | None
    #: an active leave as of today (UTC): "planned", "current" or "over"
    phase: str | None = None


@dataclass(frozen=True)
class LeaveBalance:
    """Days used and left, per calendar year and per event."""

    player: str
    year: int
    used_this_year: int
    cap_this_year: int | None
    per_event: dict[str, tuple[int, int | None]]


def days_in(first: date, last: date, lo: date, hi: date | None) -> int:
    """Days of [first, last] that fall within [lo, hi] (hi None: no end).

    >>> days_in(date(2026, 12, 30), date(2027, 1, 3), date(2027, 1, 1), date(2027, 12, 31))
    3
    """
    start = max(first, lo)
    end = last if hi is None else min(last, hi)
    return max(0, (end - start).days + 1)


#: how far ahead a leave may begin
LEAVE_HORIZON_DAYS = 366


class LeaveService:
    def __init__(self, ctx: ServiceContext) -> None:
        self.ctx = ctx

    def request(
        self,
        actor: Actor,
        player_ref: str | int,
        first_day: date,
        last_day: date,
        *,
        grant: bool = False,
        note: str | None = None,
    ) -> int:
        """Take a leave; returns its id.

        ``grant`` is the arbiter's exception (56.7.7): a leave that began
        already, or beyond the caps.
        """
        if last_day < first_day:
            raise errors.InvalidInput(
                field="last_day",
                reason=N_("{last} is before the first day {first}", last=last_day, first=first_day),
            )
        now = self.ctx.now()
        horizon = local_date(now, "UTC") + timedelta(days=LEAVE_HORIZON_DAYS)
        if first_day > horizon:
            # Leave is counted per calendar year (54.6, 56.7.1): a leave for
            # a year nobody has planned yet is a typing slip, and a date near
            # the calendar's end would leave no day after it to count from.
            raise errors.InvalidInput(
                field="first_day",
                reason=N_(
                    "a leave is announced at most a year ahead: it can start on {day} "
                    "at the latest",
                    day=horizon,
                ),
            )
        with self.ctx.db.write() as session:
            player = find_player(session, player_ref)
            events = _player_events(session, player.id)
            official = self._is_official(session, actor, events)
            if actor.player_id != player.id and not official:
                raise errors.NotPermitted(
                    who=describe(session, actor),
                    action=N_("take leave for {login}", login=player.login),
                )
            if grant and not official:
                raise errors.NotPermitted(
                    who=describe(session, actor), action=N_("grant leave out of the ordinary")
                )
            if not grant:
                for zone in [e.timezone for e in events] or ["UTC"]:
                    today = local_date(now, zone)
                    if first_day <= today:
                        raise errors.InvalidInput(
                            field="first_day",
                            reason=N_(
                                "a leave is announced in advance: it can start on {day} at the "
                                "earliest; the arbiter may allow one that has begun "
                                "(Art. 56.7.7)",
                                day=today + timedelta(days=1),
                            ),
                        )
            existing = _active_leaves(session, player.id)
            for other in existing:
                if other.first_day <= last_day and first_day <= other.last_day:
                    raise errors.Conflict(
                        what=N_("leave"), ref=f"{other.first_day} .. {other.last_day}"
                    )
            if not grant:
                _check_caps(player.login, events, existing, first_day, last_day)
            if (last_day - first_day).days >= LEAVE_HORIZON_DAYS:
                raise errors.InvalidInput(
                    field="last_day",
                    reason=N_("one leave lasts at most {limit} days", limit=LEAVE_HORIZON_DAYS),
                )
            leave = PlayerLeave(
                player_id=player.id,
                first_day=first_day,
                last_day=last_day,
                status=LeaveStatus.ACTIVE,
                requested_at=now,
                granted_by_id=actor.player_id if grant else None,
                note=note,
            )
            session.add(leave)
            session.flush()
            _refresh_deadlines(session, player.id, now)
            # 56.7.2: announced at once; one that has begun already (56.7.7)
            # is told as begun, and the daily run does not tell it again.
            kind = Kind.LEAVE_RECORDED
            today = local_date(now, "UTC")  # the daily run's day
            if first_day <= today:
                kind = Kind.LEAVE_STARTED
                leave.start_noticed_at = now
                if last_day < today:
                    leave.end_noticed_at = now
            tell_partners(
                session, self.ctx.notifications, leave, player, kind, actor_id=actor.player_id
            )
            for event_id in _event_ids(events):
                audit(
                    session,
                    actor,
                    now,
                    "leave_taken",
                    event_id=event_id,
                    player_id=player.id,
                    leave_id=leave.id,
                    first_day=first_day.isoformat(),
                    last_day=last_day.isoformat(),
                    granted=grant,
                    granted_by=describe(session, actor) if grant else None,
                )
            return leave.id

    def end_early(self, actor: Actor, leave_id: int) -> LeaveView:
        """End a leave from today (56.7.3); one that has not begun is withdrawn."""
        now = self.ctx.now()
        with self.ctx.db.write() as session:
            leave = session.get(PlayerLeave, leave_id, with_for_update=True)
            if leave is None or leave.status != LeaveStatus.ACTIVE:
                raise errors.NotFound(kind="leave", ref=leave_id)
            events = _player_events(session, leave.player_id)
            if actor.player_id != leave.player_id and not self._is_official(session, actor, events):
                raise errors.NotPermitted(who=describe(session, actor), action=N_("end this leave"))
            zones = [e.timezone for e in events] or ["UTC"]
            today = min(local_date(now, z) for z in zones)
            if leave.last_day < today:
                raise errors.InvalidInput(field="leave", reason=N_("it is over already"))
            if leave.first_day >= today:
                leave.status = LeaveStatus.CANCELLED
            else:
                leave.last_day = today - timedelta(days=1)
            leave.ended_at = now
            session.flush()
            _refresh_deadlines(session, leave.player_id, now)
            if leave.status == LeaveStatus.CANCELLED and leave.start_noticed_at is None:
                # Those told it was coming hear it is not (one that began is
                # told as ended by the daily run).
                player = find_player(session, leave.player_id)
                tell_partners(
                    session,
                    self.ctx.notifications,
                    leave,
                    player,
                    Kind.LEAVE_WITHDRAWN,
                    actor_id=actor.player_id,
                    only_told=True,
                )
            for event_id in _event_ids(events):
                audit(
                    session,
                    actor,
                    now,
                    "leave_ended",
                    event_id=event_id,
                    player_id=leave.player_id,
                    leave_id=leave.id,
                    last_day=leave.last_day.isoformat(),
                    status=leave.status.value,
                )
            return _view(session, leave)

    def leaves(self, player_ref: str | int) -> list[LeaveView]:
        with self.ctx.db.read() as session:
            player = find_player(session, player_ref)
            rows = session.scalars(
                select(PlayerLeave)
                .where(PlayerLeave.player_id == player.id)
                .order_by(PlayerLeave.first_day)
            ).all()
            today = self.ctx.now().date()
            return [_view(session, r, today) for r in rows]

    def balance(self, player_ref: str | int, year: int | None = None) -> LeaveBalance:
        """Days of leave used and allowed this year and in each event."""
        now = self.ctx.now()
        with self.ctx.db.read() as session:
            player = find_player(session, player_ref)
            events = _player_events(session, player.id)
            year = year or now.year
            existing = _active_leaves(session, player.id)
            used = sum(
                days_in(lv.first_day, lv.last_day, date(year, 1, 1), date(year, 12, 31))
                for lv in existing
            )
            caps = [e.leave_days_per_year for e in events]
            per_event = {
                e.code: (
                    sum(
                        days_in(lv.first_day, lv.last_day, e.start_date, e.end_date)
                        for lv in existing
                    ),
                    e.leave_days_per_event,
                )
                for e in events
            }
            return LeaveBalance(player.login, year, used, min(caps) if caps else None, per_event)

    @staticmethod
    def _is_official(session: Session, actor: Actor, events: list[Event]) -> bool:
        """An admin, or the arbiter of one of the player's events (56.7.7)."""
        return is_admin(session, actor) or any(is_arbiter_of(session, actor, e) for e in events)


def _player_events(session: Session, player_id: int) -> list[Event]:
    """The events the player plays in that have not finished."""
    return list(
        session.scalars(
            select(Event)
            .join(Section, Section.event_id == Event.id)
            .join(SectionEntry, SectionEntry.section_id == Section.id)
            .where(SectionEntry.player_id == player_id, Event.status != EventStatus.FINISHED)
            .order_by(Event.id)
            .distinct()
        )
    )


def _active_leaves(session: Session, player_id: int) -> list[PlayerLeave]:
    return list(
        session.scalars(
            select(PlayerLeave).where(
                PlayerLeave.player_id == player_id, PlayerLeave.status == LeaveStatus.ACTIVE
            )
        )
    )


def _check_caps(
    login: str, events: list[Event], existing: list[PlayerLeave], first: date, last: date
) -> None:
    """Refuse a leave over any cap, saying the numbers (54.6.1, 56.7.1)."""
    for year in range(first.year, last.year + 1):
        lo, hi = date(year, 1, 1), date(year, 12, 31)
        asked = days_in(first, last, lo, hi)
        used = sum(days_in(lv.first_day, lv.last_day, lo, hi) for lv in existing)
        default_cap = default_leave_days_per_year()
        if not events and used + asked > default_cap:
            raise errors.InvalidInput(
                field="leave",
                reason=N_(
                    "{login} has used {used} of the {cap} days of leave allowed in {year} "
                    "by the default regulations; {asked} more would make {total}",
                    login=login,
                    used=used,
                    cap=default_cap,
                    year=year,
                    asked=asked,
                    total=used + asked,
                ),
            )
        for event in events:
            cap = event.leave_days_per_year
            if used + asked > cap:
                raise errors.InvalidInput(
                    field="leave",
                    reason=N_(
                        "{login} has used {used} of the {cap} days of leave allowed in {year} "
                        "by {code}; {asked} more would make {total}",
                        login=login,
                        used=used,
                        cap=cap,
                        year=year,
                        code=event.code,
                        asked=asked,
                        total=used + asked,
                    ),
                )
    for event in events:
        event_cap = event.leave_days_per_event
        if event_cap is None:
            continue
        asked = days_in(first, last, event.start_date, event.end_date)
        used = sum(
            days_in(lv.first_day, lv.last_day, event.start_date, event.end_date) for lv in existing
        )
        if used + asked > event_cap:
            raise errors.InvalidInput(
                field="leave",
                reason=N_(
                    "{login} has used {used} of the {cap} days of leave allowed over {code}; "
                    "{asked} more would make {total}",
                    login=login,
                    used=used,
                    cap=event_cap,
                    code=event.code,
                    asked=asked,
                    total=used + asked,
                ),
            )


def check_entry(session: Session, player: Player, event: Event) -> None:
    """A player entered into an event keeps only leaves within its caps.

    Leaves taken while the player was in no event (or in other events) are
    checked against this event's yearly and per-event caps; one granted by
    an arbiter as an exception (56.7.7) stands. Refused with the numbers,
    so the organiser can ask the player to shorten the leave first.
    """
    own = [lv for lv in _active_leaves(session, player.id) if lv.granted_by_id is None]
    checked: list[PlayerLeave] = []
    for leave in sorted(own, key=lambda lv: lv.first_day):
        _check_caps(player.login, [event], checked, leave.first_day, leave.last_day)
        checked.append(leave)


def _view(session: Session, leave: PlayerLeave, today: date | None = None) -> LeaveView:
    player = find_player(session, leave.player_id)
    phase = None
    if today is not None and leave.status == LeaveStatus.ACTIVE:
        phase = (
            "planned"
            if leave.first_day > today
            else "over"
            if leave.last_day < today
            else "current"
        )
    granted = find_player(session, leave.granted_by_id).login if leave.granted_by_id else None
    return LeaveView(
        id=leave.id,
        player=player.login,
        first_day=leave.first_day,
        last_day=leave.last_day,
        days=(leave.last_day - leave.first_day).days + 1,
        status=leave.status.value,
        granted_by=granted,
        phase=phase,
    )


def tell_partners(
    session: Session,
    notifications: Notifications,
    leave: PlayerLeave,
    player: Player,
    kind: Kind,
    *,
    actor_id: int | None = None,
    only_told: bool = False,
) -> int:
    """Tell ``kind`` of ``leave`` to each partner of ``player`` in a running
    game and to each such game's arbiter, once each (56.7.2): the one who
    recorded it knows and is not told. ``only_told``: only those who were
    told it was recorded. Returns how many were told."""
    games = session.scalars(
        select(Game)
        .where(
            Game.status == GameStatus.ONGOING,
            or_(Game.white_id == player.id, Game.black_id == player.id),
        )
        .order_by(Game.id)
    ).all()
    heard: set[int] | None = None
    if only_told:
        heard = set(
            session.scalars(
                select(Notification.recipient_id).where(
                    Notification.key == f"{Kind.LEAVE_RECORDED.value}:{leave.id}"
                )
            )
        )
    told: set[int] = {player.id} | ({actor_id} if actor_id is not None else set())
    count = 0
    for game in games:
        partner = game.black if game.white_id == player.id else game.white
        for person in (partner, game.event.arbiter):
            if person is None or person.id in told:
                continue
            told.add(person.id)
            if heard is not None and person.id not in heard:
                continue
            delivered = notifications.notify(
                session,
                Notice(
                    recipient_id=person.id,
                    kind=kind,
                    game_id=game.id,
                    event_id=game.event_id,
                    params={
                        "player": player.name,
                        "first": leave.first_day.isoformat(),
                        "last": leave.last_day.isoformat(),
                    },
                    key=f"{kind.value}:{leave.id}",
                ),
            )
            count += delivered is not None
    return count


def _refresh_deadlines(session: Session, player_id: int, now: datetime) -> None:
    """A leave moves the deadlines of all the player's games."""
    from cc.clock.ledger import LedgerService

    for game in session.scalars(
        select(Game).where(
            or_(Game.white_id == player_id, Game.black_id == player_id),
            Game.status == GameStatus.ONGOING,
        )
    ):
        LedgerService.refresh_deadline(session, game, now)


def _event_ids(events: list[Event]) -> list[int | None]:
    """The events an audit entry about a player's leave belongs to (one, if none)."""
    return [e.id for e in events] or [None]
