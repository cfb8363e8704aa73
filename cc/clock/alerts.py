"""What the calendar tells a player about their own time, and about a case's time.

For the player to move in every ongoing game (all three modes), from the
game's day ledger:

- **time running low** (``time_low``): the days left before the control
  have fallen to the share of the period the player chose (20 % unless
  they chose another), once per move to make;
- **five days** (``five_days``): five days or fewer left before the control,
  the mark at which an email player copies all their correspondence to the
  arbiter (56.4.10) and a post player writes by registered mail (55.4.12),
  once per control period;
- **no move** (``no_move``): after 14, 28 and 35 days without a move, once
  each per move to make. The days are the ledger's running days, so days on
  leave do not count (56.7.4-56.7.6) and "after 14 days" is the day the move
  has waited 14 whole days, the same count as 56.5.1's repeat. By email that
  repeat *is* the 14-day notice (with its copy to the arbiter), so only the
  28 and 35 come as ``no_move`` there.

Nothing of this is said on a day the player is on leave: their clock stands
still, and they asked to be left alone (56.7.4). The alert waits for the
day after the leave.

Each alert names itself with a key (``no_move:<game>:<ply>:<days>``), so the
hub keeps it once only however often the run looks. The games' ``alert_on``
column, kept by :meth:`cc.clock.ledger.LedgerService.refresh_deadline`
from the same ledger as ``next_deadline``, is the first day something is
due, so the daily run reads only the games whose alert day has come.

For cases: the party who may protest a time claim (14 days, 56.6.4) or
appeal a decision (14 days, 54.1.4) is told three days before that time
ends (``case_deadline``), once.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta

from sqlalchemy import and_, or_, select
from sqlalchemy.orm import Session

from cc.base.kinds import CaseKind, CaseStatus, LeaveStatus
from cc.base.regulations import Mode
from cc.kernel.context import ServiceContext
from cc.kernel.notifications import Kind, Notice, Value
from cc.store.models import Case, Event, Game, Move, Notification, PlayerLeave
from timekeeping import Ledger, local_date

#: after this many days without a move the player to move is reminded
NO_MOVE_MARKS = (14, 28, 35)
#: 56.5.1: by email the move is sent again after 14 days: that is the 14-day notice
EMAIL_REPEAT_MARK = 14
#: 56.4.10: five days or fewer before the control
FIVE_DAYS = 5
#: a protest's (56.6.4) or an appeal's (54.1.4) time: 14 days
CASE_WINDOW_DAYS = 14
#: the party is told this many days before that time ends
CASE_WARNING_DAYS = 3
#: the run's batch of cases
BATCH = 200


@dataclass(frozen=True)
class TimeAlert:
    """One alert of the move being thought about, and the first day it is due."""

    kind: Kind
    on: date
    key: str
    params: dict[str, Value]


def _ahead(days: int, double: bool) -> int:
    """Days until a count that falls by one a day (two, when days beyond 20
    count double) has fallen by ``days``: never later than the real day, so
    the run is never late; it looks again when it was early."""
    if days <= 0:
        return 0
    return (days + 1) // 2 if double else days


def schedule(
    *,
    today: date,
    days_left: int,
    running: int,
    period: int,
    percent: int,
    mode: Mode,
    double: bool = False,
) -> list[tuple[Kind, int, date]]:
    """The alerts of one move being thought about: (kind, mark, first day due).

    ``mark`` is the share's threshold in days for ``time_low``, 5 for
    ``five_days``, the days without a move for ``no_move``. A no-move mark
    passed is superseded by the next one passed, so a caught-up run tells
    the latest only.

    >>> s = schedule(today=date(2026, 5, 10), days_left=50, running=0, period=50,
    ...              percent=20, mode=Mode.SERVER)
    >>> [(k.value, m, d.isoformat()) for k, m, d in s]  # doctest: +NORMALIZE_WHITESPACE
    [('time_low', 10, '2026-06-19'), ('five_days', 5, '2026-06-24'),
     ('no_move', 14, '2026-05-25')]
    """
    out: list[tuple[Kind, int, date]] = []
    if days_left >= 0:
        low = period * percent // 100
        for kind, mark in ((Kind.TIME_LOW, low), (Kind.FIVE_DAYS, FIVE_DAYS)):
            out.append((kind, mark, today + timedelta(days=_ahead(days_left - mark, double))))
    marks = [m for m in NO_MOVE_MARKS if not (mode == Mode.EMAIL and m == EMAIL_REPEAT_MARK)]
    passed = [m for m in marks if running > m]
    if passed:
        out.append((Kind.NO_MOVE, passed[-1], today))
    coming = [m for m in marks if running <= m]
    if coming:
        wait = _ahead(coming[0] + 1 - running, double and coming[0] >= 20)
        out.append((Kind.NO_MOVE, coming[0], today + timedelta(days=wait)))
    return out


def first_alert_on(event: Event, percent: int, start: date | None = None) -> date | None:
    """The first alert day of White's first move in a game just created,
    which begins on ``start`` (the event's start date unless later: a Swiss
    round paired during the event)."""
    days = [
        on
        for _, _, on in schedule(
            today=start or event.start_date,
            days_left=event.control_days,
            running=0,
            period=event.control_days,
            percent=percent,
            mode=Mode(event.mode),
            double=event.iccf_double_after_20,
        )
    ]
    return min(days) if days else None


def time_alerts(session: Session, game: Game, ledger: Ledger) -> list[TimeAlert]:
    """The alerts of the move the player to move is thinking about, with
    their parameters as of the ledger's day (they are sent only when due)."""
    event = game.event
    white = game.white_to_move
    clock = ledger.player(white)
    player = game.white if white else game.black
    today = ledger.today
    ply = game.ply_count
    out: list[TimeAlert] = []
    last_move: str | None = None
    for kind, mark, on in schedule(
        today=today,
        days_left=clock.days_left,
        running=clock.running_days,
        period=event.control_days,
        percent=player.low_time_percent,
        mode=Mode(event.mode),
        double=event.iccf_double_after_20,
    ):
        params: dict[str, Value]
        if kind == Kind.TIME_LOW:
            key = f"time_low:{game.id}:{ply}"
            params = {
                "days_left": clock.days_left,
                "deadline": (today + timedelta(days=clock.days_left)).isoformat(),
                "percent": player.low_time_percent,
            }
        elif kind == Kind.FIVE_DAYS:
            # Once per control period: the period is named by its control move.
            key = f"five_days:{game.id}:{clock.next_control_move}"
            params = {
                "days_left": clock.days_left,
                "deadline": (today + timedelta(days=clock.days_left)).isoformat(),
                "control": clock.next_control_move,
            }
        else:
            key = f"no_move:{game.id}:{ply}:{mark}"
            if last_move is None and ply > 0 and on <= today:
                last_move = session.scalar(
                    select(Move.san).where(Move.game_id == game.id, Move.ply == ply)
                )
            params = {"days": mark, "move": last_move, "ply": ply}
        out.append(TimeAlert(kind, on, key, params))
    return out


def leave_ends(session: Session, player_id: int, day: date) -> date | None:
    """When ``day`` is one of the player's leave days: the first day after
    that leave (and any leave joined to it); else None."""
    after: date | None = None
    while True:
        last = session.scalar(
            select(PlayerLeave.last_day).where(
                PlayerLeave.player_id == player_id,
                PlayerLeave.status == LeaveStatus.ACTIVE,
                PlayerLeave.first_day <= day,
                PlayerLeave.last_day >= day,
            )
        )
        if last is None:
            return after
        day = after = last + timedelta(days=1)


def _sent(session: Session, player_id: int, keys: list[str]) -> set[str]:
    if not keys:
        return set()
    return set(
        session.scalars(
            select(Notification.key).where(
                Notification.recipient_id == player_id, Notification.key.in_(keys)
            )
        )
    )


def next_alert_on(session: Session, game: Game, ledger: Ledger) -> date | None:
    """The first day an alert not yet told is due for the player to move
    (``Game.alert_on``): a day already come stays as it is, unless the
    player is on leave that day, when it moves to the day after the leave."""
    alerts = time_alerts(session, game, ledger)
    player_id = game.white_id if game.white_to_move else game.black_id
    today = ledger.today
    sent = _sent(session, player_id, [a.key for a in alerts if a.on <= today])
    days = [a.on for a in alerts if a.key not in sent]
    if not days:
        return None
    first = min(days)
    if first <= today:
        resume = leave_ends(session, player_id, today)
        if resume is not None:
            return resume
    return first


class TimeAlerts:
    """Tells the alerts that are due, for the daily run."""

    def __init__(self, ctx: ServiceContext) -> None:
        self.ctx = ctx

    def tell_due(self, session: Session, game: Game, ledger: Ledger) -> int:
        """Notify the player to move of every alert due on the ledger's day
        and not yet told; returns how many were told. Nothing on a leave day."""
        today = ledger.today
        player_id = game.white_id if game.white_to_move else game.black_id
        if leave_ends(session, player_id, today) is not None:
            return 0
        told = 0
        for alert in time_alerts(session, game, ledger):
            if alert.on > today:
                continue
            delivered = self.ctx.notifications.notify(
                session,
                Notice(
                    recipient_id=player_id,
                    kind=alert.kind,
                    game_id=game.id,
                    event_id=game.event_id,
                    params=alert.params,
                    key=alert.key,
                ),
            )
            told += delivered is not None
        return told

    def case_deadlines(self, bound: date, day: date | None, now: datetime) -> list[int]:
        """Tell each party whose protest (56.6.4) or appeal (54.1.4) time ends
        in three days; returns the cases told of. Only the cases filed or
        decided in the last 14 days are read."""
        earliest = bound - timedelta(days=CASE_WINDOW_DAYS + 1)
        latest = bound - timedelta(days=CASE_WINDOW_DAYS - CASE_WARNING_DAYS)
        told: list[int] = []
        last_id = 0
        while True:
            with self.ctx.db.write() as session:
                cases = session.scalars(
                    select(Case)
                    .where(
                        or_(
                            and_(
                                Case.kind == CaseKind.TIME_CLAIM,
                                Case.status == CaseStatus.OPEN,
                                Case.protest.is_(None),
                                Case.filed_on >= earliest,
                                Case.filed_on <= latest,
                            ),
                            and_(
                                Case.status == CaseStatus.DECIDED,
                                Case.kind != CaseKind.LOST_EMAIL,
                                Case.decided_on >= earliest,
                                Case.decided_on <= latest,
                            ),
                        ),
                        Case.id > last_id,
                    )
                    .order_by(Case.id)
                    .limit(BATCH)
                    .with_for_update(skip_locked=True)
                ).all()
                if not cases:
                    return told
                for case in cases:
                    last_id = case.id
                    the_day = day or local_date(now, case.event.timezone)
                    if self._case_deadline(session, case, the_day):
                        told.append(case.id)

    def _case_deadline(self, session: Session, case: Case, today: date) -> bool:
        if case.status == CaseStatus.OPEN:
            what, start = "protest", case.filed_on
            people = [case.respondent_id]
        else:
            assert case.decided_on is not None
            what, start = "appeal", case.decided_on
            people = _parties(session, case)
        until = start + timedelta(days=CASE_WINDOW_DAYS)
        if not until - timedelta(days=CASE_WARNING_DAYS) <= today <= until:
            return False
        told = False
        for person in people:
            if person is None:
                continue
            delivered = self.ctx.notifications.notify(
                session,
                Notice(
                    recipient_id=person,
                    kind=Kind.CASE_DEADLINE,
                    game_id=case.game_id,
                    case_id=case.id,
                    event_id=case.event_id,
                    params={"what": what, "until": until.isoformat()},
                    key=f"case_deadline:{case.id}:{what}:{start.isoformat()}",
                ),
            )
            told = told or delivered is not None
        return told


def _parties(session: Session, case: Case) -> list[int | None]:
    """Who may appeal: the claimant, the respondent and the players of the
    case's games; in an adjudication only a player who sent materials
    (56.9.7)."""
    ids: list[int | None] = [case.claimant_id, case.respondent_id]
    game_ids = [case.game_id] if case.game_id else list(case.details.get("games", []))
    for gid in game_ids:
        game = session.get(Game, gid)
        if game is None:
            continue
        if case.kind == CaseKind.ADJUDICATION:
            sent = case.details.get("submissions", {})
            sides = ((game.white_id, "white"), (game.black_id, "black"))
            ids.extend(pid for pid, color in sides if color in sent)
        else:
            ids.extend((game.white_id, game.black_id))
    return list(dict.fromkeys(ids))


__all__ = [
    "NO_MOVE_MARKS",
    "TimeAlert",
    "TimeAlerts",
    "first_alert_on",
    "leave_ends",
    "next_alert_on",
    "schedule",
    "time_alerts",
]
