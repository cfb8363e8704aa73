"""The day's work, done once: what the calendar alone decides.

Reads only the games whose next deadline or alert day has come (indexed
columns the services keep current), each under a row lock that other
processes skip (``SKIP LOCKED`` on PostgreSQL; SQLite has one writer), so
several server processes share the work and every game is handled once.
Running a day again changes nothing; a missed day is caught up by running
it.

Server games (54.5.2): a player over the limit loses on the day the
overstep happens; both players and the arbiter are told. Email and post
games: an overstep is reported to the partner as a claim they may file
(§10.4); an unanswered move is sent again after 14 days with a copy to the
arbiter (56.5.1), or by post the waiting player is told to repeat it by
registered mail after 30 (55.5.1); no move in 40 days (56.5.3) or three
months (55.5.2) is a case for the arbiter. Besides the games: leaves that
begin or end are announced to the partners (56.7.2), a lost email not
restored in 30 days becomes a withdrawal (56.1.6), decided cases become
final when the appeal time is over, and at an event's end date its
unfinished games go to adjudication (56.9.4).

What the calendar tells the players besides (:mod:`cc.clock.alerts`):
the player to move hears that their time runs low, that five days or fewer
are left (56.4.10), or that a move has waited 14, 28 or 35 days; a party
hears three days before their protest (56.6.4) or appeal (54.1.4) time ends.
Last, each player whose hour has come in their own zone gets their daily
digest (:mod:`cc.notify.digest`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta

from sqlalchemy import Select, and_, func, or_, select, union
from sqlalchemy.orm import Session, selectinload
from sqlalchemy.orm.attributes import set_committed_value

from cc.base import errors
from cc.base.kinds import CaseStatus, EventStatus, GameStatus, LeaveStatus
from cc.base.regulations import Mode
from cc.cases.oversteps import claim_basis_of
from cc.cases.rules import DAILY_RUN
from cc.cases.service import CaseService
from cc.clock.alerts import TimeAlerts
from cc.clock.known_leaves import forget_leaves, read_leaves_once
from cc.clock.leaves import tell_partners
from cc.clock.ledger import LedgerService, reminder_after, silence_after
from cc.events import progression
from cc.games.moves import GameService
from cc.games.open_items import forget_open, read_open_once
from cc.kernel.context import ServiceContext, audit
from cc.kernel.notifications import Kind, Notice, Value
from cc.notify.digest import DigestService
from cc.store import rows
from cc.store.models import Case, Event, Game, Player, PlayerLeave
from cc.text.i18n import N_
from timekeeping import end_of_day, local_date
from timekeeping.ledger import Ledger

BATCH = 200


@dataclass
class DayReport:
    day: date | None
    examined: int = 0
    forfeited: list[int] = field(default_factory=list)
    reminded: list[int] = field(default_factory=list)
    #: games whose overstep was reported to the partner (§10.4)
    overstep_told: list[int] = field(default_factory=list)
    #: games raised as silence cases (56.5.3, 55.5.2)
    silenced: list[int] = field(default_factory=list)
    #: cases that became final or turned into a withdrawal
    cases: list[int] = field(default_factory=list)
    #: leaves announced as beginning or ending (56.7.2)
    leaves: list[int] = field(default_factory=list)
    #: games handed to adjudication at their event's end
    adjudication: list[int] = field(default_factory=list)
    #: events closed with their final standings
    closed: list[str] = field(default_factory=list)
    #: games whose player to move was told about their time
    alerted: list[int] = field(default_factory=list)
    #: cases whose parties were told their protest or appeal time ends soon
    case_deadlines: list[int] = field(default_factory=list)
    #: players sent their daily digest
    digests: list[int] = field(default_factory=list)


def _read_players_once(session: Session, games: Sequence[Game]) -> list[object]:
    """Load a batch's players with their addresses, and its events, in three
    statements, so that no game's forfeit or notice loads them one by one;
    each game's ``event``, ``white`` and ``black`` are set as their lazy
    loads would set them, without a lazy load's machinery for each. The
    caller keeps what this returns for the batch: the session holds
    unchanged objects only weakly, and would forget them."""
    ids = {g.white_id for g in games} | {g.black_id for g in games}
    players = session.scalars(
        select(Player).where(Player.id.in_(sorted(ids))).options(selectinload(Player.emails))
    ).all()
    events = session.scalars(
        select(Event).where(Event.id.in_(sorted({g.event_id for g in games})))
    ).all()
    player_of = {p.id: p for p in players}
    event_of = {e.id: e for e in events}
    for game in games:
        set_committed_value(game, "event", event_of[game.event_id])
        set_committed_value(game, "white", player_of[game.white_id])
        set_committed_value(game, "black", player_of[game.black_id])
    return [*players, *events]


def due_batch(bound: date, after: int) -> Select[Game]:
    """The next batch of games due by ``bound`` (a deadline or an alert day),
    those after id ``after``, locked for this run and skipped by others.

    The due games' ids come from the two days' own indexes: asked as one
    ``OR`` ordered by id, SQLite walks the whole table in id order and tests
    each row (only ongoing games keep either day)."""
    due = union(
        select(Game.id).where(Game.next_deadline <= bound),
        select(Game.id).where(Game.alert_on <= bound),
    )
    return (
        select(Game)
        .where(Game.status == GameStatus.ONGOING, Game.id.in_(due), Game.id > after)
        .order_by(Game.id)
        .limit(BATCH)
        .with_for_update(skip_locked=True)
    )


class DailyService:
    def __init__(self, ctx: ServiceContext, games: GameService, cases: CaseService) -> None:
        self.ctx = ctx
        self.games = games
        self.cases = cases
        self.alerts = TimeAlerts(ctx)
        self.digests = DigestService(ctx)

    def run(self, day: date | None = None) -> DayReport:
        """Do the work of ``day`` (each event's own today when None)."""
        now = self.ctx.now()
        if day is not None and day > now.date() + timedelta(days=1):
            raise errors.BadTime(at=day.isoformat(), reason=N_("that day has not begun"))
        # Event days run ahead of UTC by up to 14 hours.
        bound = day or (now + timedelta(hours=14)).date()
        report = DayReport(day)
        last_id = 0
        while True:
            with self.ctx.db.write() as session:
                games = session.scalars(due_batch(bound, last_id)).all()
                if not games:
                    break
                # One batch, one transaction and one commit; the batch's
                # leaves, players, addresses and open lines and offers are
                # read once for all its games, and what the games write is
                # flushed together.
                read_leaves_once(session, games)
                read_open_once(session, [g.id for g in games])
                kept = _read_players_once(session, games)
                with rows.collecting(session):
                    for game in games:
                        last_id = game.id
                        self._handle(session, game, day, now, report)
                    rows.write_changed(session, Game)
                forget_leaves(session)
                forget_open(session)
                del kept
        self._due_cases(bound, day, now, report)
        report.case_deadlines = self.alerts.case_deadlines(bound, day, now)
        self._leaves(day or local_date(now, "UTC"), now, report)
        self._ended_events(bound, day, now, report)
        self._played_out_events(now, report)
        # Each player's digest at their own hour: by the clock, whatever day
        # is being run.
        report.digests = self.digests.run(now)
        return report

    def _handle(
        self, session: Session, game: Game, day: date | None, now: datetime, report: DayReport
    ) -> None:
        zone = game.event.timezone
        the_day = day or local_date(now, zone)
        deadline = game.next_deadline is not None and game.next_deadline <= the_day
        alert = game.alert_on is not None and game.alert_on <= the_day
        if not (deadline or alert):
            return  # another zone's today, not yet this game's
        at = end_of_day(the_day, zone, now)
        ledger: Ledger | None = None
        if deadline:
            report.examined += 1
            ledger = self._deadline(session, game, the_day, at, now, report)
            if game.status != GameStatus.ONGOING:
                game.alert_on = None
                return
        if ledger is None:
            ledger = LedgerService.current(session, game, at)
        if alert and self.alerts.tell_due(session, game, ledger):
            report.alerted.append(game.id)
        LedgerService.refresh_deadline(session, game, at, ledger=ledger)

    def _deadline(
        self,
        session: Session,
        game: Game,
        the_day: date,
        at: datetime,
        now: datetime,
        report: DayReport,
    ) -> Ledger | None:
        """The rules' deadlines of a game whose next deadline has come; the
        ledger computed on the way, when it still holds."""
        mode = game.event.mode
        if mode == Mode.SERVER:
            # 54.5.2: lost on the day of the overstep, evidence counted to it.
            if self.games.forfeits.settle(session, game, the_day, now, DAILY_RUN) is not None:
                report.forfeited.append(game.id)
            return None
        else:
            ledger = LedgerService.current(session, game, at)
            clock = ledger.player(game.white_to_move)
            if self._tell_oversteps(session, game, ledger, the_day, at):
                report.overstep_told.append(game.id)
            running = clock.running_days
            if game.reminded_ply != game.ply_count and running > reminder_after(mode):
                if mode == Mode.EMAIL:
                    self._remind(session, game, running, at)
                else:
                    self._post_no_reply(session, game, running, at)
                report.reminded.append(game.id)
            since = the_day - timedelta(days=running)
            if game.silence_ply != game.ply_count and running > silence_after(mode, since):
                self.cases.raise_silence(session, game, running, at)
                report.silenced.append(game.id)
            return ledger

    def _tell_oversteps(
        self, session: Session, game: Game, ledger: Ledger, the_day: date, at: datetime
    ) -> bool:
        """§10.4: the partner of a player over the limit is told they may claim it."""
        told_any = False
        for white in (True, False):
            clock = ledger.player(white)
            attr = "white_oversteps_told" if white else "black_oversteps_told"
            told = getattr(game, attr) or 0
            if len(clock.oversteps) <= told:
                continue
            setattr(game, attr, len(clock.oversteps))
            partner = game.black if white else game.white
            overstepper = game.white if white else game.black
            try:
                basis = claim_basis_of(session, game, partner.id, at)
            except errors.ServiceError:
                continue  # too late or barred: nothing to offer
            audit(
                session,
                DAILY_RUN,
                at,
                "overstep_reported",
                event_id=game.event_id,
                game_id=game.id,
                player_id=overstepper.id,
                move=basis.move,
                total=basis.total,
                limit=basis.limit,
                overstep_on=basis.overstep_on.isoformat(),
            )
            self.ctx.notifications.notify(
                session,
                Notice(
                    recipient_id=partner.id,
                    kind=Kind.OVERSTEP_OPEN,
                    game_id=game.id,
                    event_id=game.event_id,
                    params={
                        "player": overstepper.name,
                        "day": basis.overstep_on.isoformat(),
                        "total": basis.total,
                        "limit": basis.limit,
                        "move": basis.move,
                        "control": basis.control_move,
                        "article": basis.article,
                    },
                ),
            )
            told_any = True
        return told_any

    def _post_no_reply(self, session: Session, game: Game, days: int, at: datetime) -> None:
        """55.5.1: by post the server cannot repeat the move itself, so it tells
        the waiting player to, by registered mail; for a missing first move by
        White, Black sends an enquiry and the arbiter is told."""
        game.reminded_ply = game.ply_count
        waiting = game.black if game.white_to_move else game.white
        audit(
            session,
            DAILY_RUN,
            at,
            "no_reply_notice",
            event_id=game.event_id,
            game_id=game.id,
            player_id=waiting.id,
            ply=game.ply_count,
            days=days,
        )
        if game.ply_count == 0:
            notice = Notice(
                recipient_id=waiting.id,
                kind=Kind.POST_NO_FIRST_MOVE,
                game_id=game.id,
                event_id=game.event_id,
                params={"days": days},
                copy_arbiter=True,
            )
        else:
            notice = Notice(
                recipient_id=waiting.id,
                kind=Kind.POST_NO_REPLY,
                game_id=game.id,
                event_id=game.event_id,
                params={"move": game.moves[-1].san, "days": days},
            )
        self.ctx.notifications.notify(session, notice)

    def _due_cases(self, bound: date, day: date | None, now: datetime, report: DayReport) -> None:
        last_id = 0
        while True:
            with self.ctx.db.write() as session:
                cases = self.cases.due_cases(session, bound, last_id, BATCH)
                if not cases:
                    return
                for case in cases:
                    last_id = case.id
                    zone = case.event.timezone
                    the_day = day or local_date(now, zone)
                    at = end_of_day(the_day, zone, now)
                    if self.cases.handle_due(session, case, the_day, at):
                        report.cases.append(case.id)

    def _leaves(self, day: date, now: datetime, report: DayReport) -> None:
        """56.7.2: the partners (and the arbiter) hear when a leave begins and ends."""
        with self.ctx.db.write() as session:
            leaves = session.scalars(
                select(PlayerLeave)
                .where(
                    PlayerLeave.status == LeaveStatus.ACTIVE,
                    or_(
                        and_(PlayerLeave.start_noticed_at.is_(None), PlayerLeave.first_day <= day),
                        and_(PlayerLeave.end_noticed_at.is_(None), PlayerLeave.last_day < day),
                    ),
                )
                .order_by(PlayerLeave.id)
                .with_for_update(skip_locked=True)
            ).all()
            for leave in leaves:
                kind = Kind.LEAVE_STARTED
                if leave.start_noticed_at is None:
                    leave.start_noticed_at = now
                    if leave.last_day < day:
                        leave.end_noticed_at = now  # over before it was announced
                else:
                    leave.end_noticed_at = now
                    kind = Kind.LEAVE_ENDED
                player = session.get(Player, leave.player_id)
                assert player is not None
                tell_partners(session, self.ctx.notifications, leave, player, kind)
                report.leaves.append(leave.id)

    def _ended_events(
        self, bound: date, day: date | None, now: datetime, report: DayReport
    ) -> None:
        """56.9.4: games unfinished at the event's end date go to adjudication."""
        with self.ctx.db.write() as session:
            events = session.scalars(
                select(Event).where(
                    Event.status == EventStatus.STARTED,
                    Event.end_date.is_not(None),
                    Event.end_date < bound,
                )
            ).all()
            for event in events:
                assert event.end_date is not None
                the_day = day or local_date(now, event.timezone)
                if event.end_date >= the_day:
                    continue
                at = end_of_day(the_day, event.timezone, now)
                actor = DAILY_RUN
                games = session.scalars(
                    select(Game)
                    .where(
                        Game.event_id == event.id,
                        Game.status == GameStatus.ONGOING,
                        Game.suspended_by_case_id.is_(None),
                    )
                    .order_by(Game.id)
                    .with_for_update(skip_locked=True)
                ).all()
                for game in games:
                    game.status = GameStatus.ADJUDICATION
                    game.next_deadline = None
                    audit(
                        session,
                        actor,
                        at,
                        "to_adjudication",
                        event_id=event.id,
                        game_id=game.id,
                        end_date=event.end_date.isoformat(),
                    )
                    self.cases.open_adjudication(session, game, at, "end_of_event")
                    report.adjudication.append(game.id)
                if self._close_if_done(session, event, at):
                    report.closed.append(event.code)

    def _played_out_events(self, now: datetime, report: DayReport) -> None:
        """Events whose every game is decided before their end date (or that
        have none): closed as soon as their system has nothing left to pair
        and every case is final."""
        undecided = (
            select(Game.id)
            .where(
                Game.event_id == Event.id,
                Game.status.in_((GameStatus.ONGOING, GameStatus.ADJUDICATION)),
            )
            .exists()
        )
        with self.ctx.db.write() as session:
            events = session.scalars(
                select(Event)
                .where(Event.status == EventStatus.STARTED, ~undecided)
                .order_by(Event.id)
                .with_for_update(skip_locked=True)
            ).all()
            for event in events:
                if not progression.nothing_to_pair(session, event):
                    continue
                if self._close_if_done(session, event, now):
                    report.closed.append(event.code)

    def _close_if_done(self, session: Session, event: Event, at: datetime) -> bool:
        """Every game decided and every case final: the event is over, and its
        players get the final standings."""
        unfinished = session.scalar(
            select(func.count())
            .select_from(Game)
            .where(
                Game.event_id == event.id,
                Game.status.in_((GameStatus.ONGOING, GameStatus.ADJUDICATION)),
            )
        )
        pending = session.scalar(
            select(func.count())
            .select_from(Case)
            .where(
                Case.event_id == event.id,
                Case.status.in_((CaseStatus.OPEN, CaseStatus.DECIDED, CaseStatus.APPEALED)),
            )
        )
        if unfinished or pending:
            return False
        event.status = EventStatus.FINISHED
        audit(
            session,
            DAILY_RUN,
            at,
            "event_closed",
            event_id=event.id,
        )
        players = {e.player for section in event.sections for e in section.entries}
        for player in sorted(players, key=lambda p: p.id):
            self.ctx.notifications.notify(
                session, Notice(recipient_id=player.id, kind=Kind.EVENT_CLOSED, event_id=event.id)
            )
        return True

    def _remind(self, session: Session, game: Game, days: int, at: datetime) -> None:
        """56.5.1: after 14 days without an answer the move is sent again,
        with a copy to the arbiter; the answer is copied to the arbiter too.
        Without a move yet, White is reminded of the first move."""
        silent = game.white if game.white_to_move else game.black
        game.reminded_ply = game.ply_count
        audit(
            session,
            DAILY_RUN,
            at,
            "reminder_sent",
            event_id=game.event_id,
            game_id=game.id,
            player_id=silent.id,
            ply=game.ply_count,
            days=days,
        )
        params: dict[str, Value]
        if game.moves:
            params = {"move": game.moves[-1].san, "ply": game.ply_count, "days": days}
        else:
            # No move to send again: White has the first move, due since the
            # game's start (the days are counted from it, 56.4.5).
            start = local_date(game.turn_started_at, game.event.timezone)
            params = {"days": days, "start": start.isoformat()}
        self.ctx.notifications.notify(
            session,
            Notice(
                recipient_id=silent.id,
                kind=Kind.REMINDER,
                game_id=game.id,
                event_id=game.event_id,
                params=params,
                copy_arbiter=True,
            ),
        )
