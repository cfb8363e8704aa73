"""Every game's day ledger, built from the stored moves, leaves and charges.

The arithmetic is :mod:`timekeeping`'s; this service only gathers its inputs
(in the event's time zone, under the event's regulations) and shapes the
answers every door shows: the move schedule of Art. 60, the participant's
progress report of Art. 57, and the charges an arbiter imposes.
"""

from __future__ import annotations

import calendar
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta

import chess
from sqlalchemy import or_, select
from sqlalchemy.orm import Session

import notation
from cc import errors
from cc.i18n import N_, code, join
from cc.models import (
    Case,
    CaseKind,
    CaseStatus,
    ChargeKind,
    Event,
    Game,
    GameStatus,
    LeaveStatus,
    Move,
    PlayerLeave,
    ResultReason,
    TimeCharge,
)
from cc.regulations import Mode
from cc.services.access import require_full_view, require_official
from cc.services.alerts import next_alert_on
from cc.services.context import (
    Actor,
    ServiceContext,
    audit,
    find_event,
    find_game,
    find_player,
)
from timekeeping import (
    Charge,
    Leave,
    Ledger,
    MoveTimes,
    Pending,
    PlayerClock,
    Rules,
    compute_ledger,
    local_date,
    overstep_deadline,
)

#: 56.4.8, 55.4.7: at most this many days of delay are not counted.
MAX_GRACE_DAYS = 3
#: 56.5.1: a move unanswered this many days is sent again, copied to the arbiter
REMINDER_AFTER_DAYS = 14
#: post: a move unanswered for 30 days is repeated by registered mail (55.5.1)
POST_REMINDER_AFTER_DAYS = 30
#: email: no move for 40 days may cost the game (56.5.3)
SILENCE_AFTER_DAYS = 40
#: post: no move for three months (55.5.2)
POST_SILENCE_MONTHS = 3


def reminder_after(mode: Mode) -> int:
    """Days without an answer after which the move is repeated (56.5.1, 55.5.1)."""
    return POST_REMINDER_AFTER_DAYS if mode == Mode.POST else REMINDER_AFTER_DAYS


def silence_after(mode: Mode, since: date) -> int:
    """Days without a move, counted from ``since``, that make a silence case.

    >>> silence_after(Mode.POST, date(2026, 1, 31)), silence_after(Mode.EMAIL, date(2026, 1, 31))
    (89, 40)
    """
    if mode != Mode.POST:
        return SILENCE_AFTER_DAYS
    month = since.month - 1 + POST_SILENCE_MONTHS
    year, month = since.year + month // 12, month % 12 + 1
    day = min(since.day, calendar.monthrange(year, month)[1])
    return (date(year, month, day) - since).days


def rules_for(event: Event) -> Rules:
    """The ledger rules of an event's regulations."""
    regs = event.regulations
    return Rules(
        control_moves=regs.control_moves,
        control_days=regs.control_days,
        timezone=event.timezone,
        counting=regs.day_counting,
        double_after_20=regs.iccf_double_after_20,
        # Post play: the first overstep restarts the count (55.6.4) unless the
        # regulations make it a loss (55.6.11).
        restart_after_first_overstep=event.mode == Mode.POST and not regs.first_overstep_loses,
    )


@dataclass(frozen=True)
class ChargeView:
    days: int
    kind: str
    reason: str
    on: date


@dataclass(frozen=True)
class SideEntry:
    """One player's half of a schedule line (Art. 60)."""

    move: str | None
    received_on: date
    sent_on: date | None
    days: int
    total: int
    leave_days: int
    charges: list[ChargeView]
    note: str


@dataclass(frozen=True)
class ScheduleRow:
    move_number: int
    white: SideEntry | None
    black: SideEntry | None


@dataclass(frozen=True)
class ClockView:
    player: str
    total: int
    penalty_days: int
    running_days: int
    next_control_move: int
    days_left: int
    near_control: bool
    overstep_on: date | None
    restarted_from_move: int | None
    oversteps: list[dict[str, object]] = field(default_factory=list)
    #: over the limit now: since the day of the overstep in force, by how many days
    over_since: date | None = None
    over_by: int = 0


@dataclass(frozen=True)
class GameLedgerView:
    game_id: int
    event: str
    event_name: str
    start_date: date
    white: str
    black: str
    white_name: str
    black_name: str
    control: str
    today: date
    status: str
    result: str
    to_move: str | None
    clocks: dict[str, ClockView]
    schedule: list[ScheduleRow]
    #: how the event counts days (spec §10.2): "calendar" or "iccf"
    day_counting: str = "calendar"
    #: the ICCF option: days beyond 20 on one move count double
    iccf_double_after_20: bool = False


@dataclass(frozen=True)
class ReportRow:
    """One game of a participant's progress report (Art. 57)."""

    game_id: int
    opponent: str
    color: str
    white_moves: int
    black_moves: int
    white_days: int
    black_days: int
    last_received_on: date | None
    last_sent_on: date | None
    #: in English; a :class:`cc.i18n.Text`, shown in another language with ``localize``
    notes: str


@dataclass(frozen=True)
class PlayerReport:
    player: str
    player_name: str
    event: str
    event_name: str
    today: date
    games: list[ReportRow]


class LedgerService:
    def __init__(self, ctx: ServiceContext) -> None:
        self.ctx = ctx

    # ---------------------------------------------------------------- reads

    def ledger(self, game_id: int) -> Ledger:
        """The bare ledger of a game as of now (for the daily run and lists)."""
        with self.ctx.db.read() as session:
            return self.compute(session, find_game(session, game_id), self.ctx.now())

    @staticmethod
    def compute(session: Session, game: Game, now: datetime) -> Ledger:
        event = game.event
        zone = event.timezone
        shift = timedelta(days=1) if event.mode == Mode.EMAIL and event.next_day_receipt else None
        moves = []
        for m in session.scalars(select(Move).where(Move.game_id == game.id).order_by(Move.ply)):
            received_on, received_at = m.received_on, m.received_at
            if shift and m.ply > 1:
                # Email convention: a move counts as received the next day (§10.3).
                received_on, received_at = received_on + shift, received_at + shift
            moves.append(MoveTimes(received_on, m.sent_on, received_at, m.sent_at))
        pending = None
        lost_on_time = game.result_reason == ResultReason.TIME_FORFEIT
        if lost_on_time and game.finished_at is not None:
            # The evidence stays: the unanswered move counts up to the forfeit.
            now = min(now, game.finished_at)
        if game.status == GameStatus.ONGOING or lost_on_time:
            received_at = game.turn_started_at
            if shift and game.ply_count > 0:
                received_at = received_at + shift
            pending = Pending(local_date(received_at, zone), received_at)
        players = (game.white_id, game.black_id)
        leaves: dict[int, list[Leave]] = {p: [] for p in players}
        for leave in session.scalars(
            select(PlayerLeave).where(
                PlayerLeave.player_id.in_(players), PlayerLeave.status == LeaveStatus.ACTIVE
            )
        ):
            leaves[leave.player_id].append(Leave(leave.first_day, leave.last_day))
        for first, last in game.pauses or ():
            # A suspended game (56.6.3) stands still for both players.
            assert first is not None
            pause = Leave(date.fromisoformat(first), date.fromisoformat(last) if last else date.max)
            for player_leaves in leaves.values():
                player_leaves.append(pause)
        charges: dict[int, list[Charge]] = {p: [] for p in players}
        for charge in session.scalars(select(TimeCharge).where(TimeCharge.game_id == game.id)):
            charges[charge.player_id].append(
                Charge(charge.move_number, charge.days, charge.reason, charge.on, charge.kind.value)
            )
        rules = rules_for(event)
        fixed = _fixed_oversteps(session, game) if rules.restart_after_first_overstep else set()
        return compute_ledger(
            rules,
            event.start_date,
            moves,
            today=local_date(now, zone),
            now=now,
            pending=pending,
            white_leaves=leaves[game.white_id],
            black_leaves=leaves[game.black_id],
            white_charges=charges[game.white_id],
            black_charges=charges[game.black_id],
            white_fixed=game.white_id in fixed,
            black_fixed=game.black_id in fixed,
        )

    @classmethod
    def refresh_deadline(
        cls, session: Session, game: Game, now: datetime, *, ledger: Ledger | None = None
    ) -> Ledger | None:
        """Keep the game's next deadline and alert day current (the daily
        run's indexes); returns the ledger they were computed from (None for
        a game that has none). ``ledger``: one already computed as of ``now``.

        Server games: the day the player to move oversteps if they do not
        move (54.5.2). Email and post games: the first of the day an overstep
        is to be reported to the partner (§10.4), the day a move has gone 14
        (post: 30) days without an answer (56.5.1, 55.5.1) and the day of
        silence (40 days, 56.5.3; three months, 55.5.2). Days on leave do not
        count, so a deadline can only come later than computed; a suspended
        game has none.

        The alert day is the first day the player to move is to be told
        something about their time (:mod:`cc.services.alerts`), from the
        same ledger.
        """
        mode = game.event.mode
        if game.status != GameStatus.ONGOING or game.suspended_by_case_id is not None:
            game.next_deadline = None
            game.alert_on = None
            return None
        if ledger is None:
            ledger = cls.compute(session, game, now)
        game.alert_on = next_alert_on(session, game, ledger)
        today = ledger.today
        clock = ledger.player(game.white_to_move)
        if mode == Mode.SERVER:
            # Already over the limit: the deadline is the day it happened, so
            # that a run for that day (even one caught up later) finds it.
            on = clock.overstep_on
            game.next_deadline = on if on is not None else overstep_deadline(clock, today)
            return ledger
        # Each deadline is the day the thing became due, even when that day is
        # past, so that a run for that day (a missed day caught up) finds it.
        told = {True: game.white_oversteps_told or 0, False: game.black_oversteps_told or 0}
        days: list[date] = []
        for white in (True, False):
            oversteps = ledger.player(white).oversteps
            if len(oversteps) > told[white]:
                days.append(oversteps[told[white]].on)  # an overstep not yet reported
        if len(clock.oversteps) <= told[game.white_to_move] and clock.days_left >= 0:
            days.append(overstep_deadline(clock, today))
        running = clock.running_days
        if game.reminded_ply != game.ply_count:
            days.append(today + timedelta(days=reminder_after(mode) + 1 - running))
        if game.silence_ply != game.ply_count:
            wait = silence_after(mode, today - timedelta(days=running)) + 1 - running
            days.append(today + timedelta(days=wait))
        game.next_deadline = min(days) if days else None
        return ledger

    def schedule_for(
        self, actor: Actor | None, game_id: int, *, style: str = "san"
    ) -> GameLedgerView:
        """The schedule as ``actor`` (None: a visitor) may see it: the game's
        players and officials always, the public once the game ends (its
        clocks are its state, cc.services.access)."""
        with self.ctx.db.read() as session:
            require_full_view(session, actor, find_game(session, game_id))
        return self.schedule(game_id, style=style)

    def schedule(self, game_id: int, *, style: str = "san") -> GameLedgerView:
        """The move schedule of Art. 60 and both clocks."""
        now = self.ctx.now()
        with self.ctx.db.read() as session:
            game = find_game(session, game_id)
            ledger = self.compute(session, game, now)
            texts = _move_texts(session, game, style)
            event = game.event
            rows: list[ScheduleRow] = []
            sides = {"white": ledger.white.moves, "black": ledger.black.moves}
            count = max(len(sides["white"]), len(sides["black"]))
            for i in range(count):
                entries: dict[str, SideEntry | None] = {}
                for color, index in (("white", 2 * i), ("black", 2 * i + 1)):
                    moves = sides[color]
                    if i >= len(moves):
                        entries[color] = None
                        continue
                    e = moves[i]
                    entries[color] = SideEntry(
                        move=texts[index] if index < len(texts) else None,
                        received_on=e.received_on,
                        sent_on=e.sent_on,
                        days=e.days,
                        total=e.total,
                        leave_days=e.leave_days,
                        charges=[ChargeView(c.days, c.kind, c.reason, c.on) for c in e.charges],
                        note=e.note,
                    )
                rows.append(ScheduleRow(i + 1, entries["white"], entries["black"]))
            to_move = game.player_to_move
            return GameLedgerView(
                game_id=game.id,
                event=event.code,
                event_name=event.name,
                start_date=event.start_date,
                white=game.white.login,
                black=game.black.login,
                white_name=game.white.name,
                black_name=game.black.name,
                control=f"{event.control_moves}/{event.control_days}",
                today=ledger.today,
                status=game.status.value,
                result=game.result.value,
                to_move=to_move.login if to_move else None,
                clocks={
                    "white": _clock_view(game.white.login, ledger.white),
                    "black": _clock_view(game.black.login, ledger.black),
                },
                schedule=rows,
                day_counting=event.regulations.day_counting.value,
                iccf_double_after_20=event.regulations.iccf_double_after_20,
            )

    def report(self, player_ref: str, event_code: str) -> PlayerReport:
        """A participant's progress report in one event (Art. 57)."""
        now = self.ctx.now()
        with self.ctx.db.read() as session:
            player = find_player(session, player_ref)
            event = find_event(session, event_code)
            games = session.scalars(
                select(Game)
                .where(Game.event_id == event.id)
                .where(or_(Game.white_id == player.id, Game.black_id == player.id))
                .order_by(Game.round, Game.board)
            ).all()
            rows = []
            for game in games:
                ledger = self.compute(session, game, now)
                white = game.white_id == player.id
                mine = ledger.player(white)
                partners = ledger.player(not white)
                made = [e for e in mine.moves if e.sent_on is not None]
                partner_made = [e for e in partners.moves if e.sent_on is not None]
                last_received = mine.moves[-1].received_on if mine.moves else None
                notes: list[str] = []
                if game.status != GameStatus.ONGOING:
                    reason = game.result_reason.value if game.result_reason else ""
                    notes.append(
                        N_(
                            "{result} {reason}",
                            result=game.result.value,
                            reason=code("reason", reason),
                        )
                        if reason
                        else game.result.value
                    )
                if mine.overstep_on:
                    notes.append(N_("overstep {on}", on=mine.overstep_on.isoformat()))
                if partners.overstep_on:
                    notes.append(N_("opponent overstep {on}", on=partners.overstep_on.isoformat()))
                if game.status == GameStatus.ONGOING and mine.days_left < 0:
                    since = mine.oversteps[-1].on.isoformat() if mine.oversteps else "-"
                    notes.append(
                        N_(
                            "over the limit since {since}, by {days} days",
                            since=since,
                            days=-mine.days_left,
                        )
                    )
                elif game.status == GameStatus.ONGOING and mine.near_control:
                    notes.append(
                        N_("{days} days left: copy the arbiter (56.4.10)", days=mine.days_left)
                    )
                w_made = made if white else partner_made
                b_made = partner_made if white else made
                rows.append(
                    ReportRow(
                        game_id=game.id,
                        opponent=(game.black if white else game.white).login,
                        color="white" if white else "black",
                        white_moves=len(w_made),
                        black_moves=len(b_made),
                        white_days=ledger.white.total,
                        black_days=ledger.black.total,
                        last_received_on=last_received,
                        last_sent_on=made[-1].sent_on if made else None,
                        notes=join("; ", notes),
                    )
                )
            return PlayerReport(
                player=player.login,
                player_name=player.name,
                event=event.code,
                event_name=event.name,
                today=local_date(now, event.timezone),
                games=rows,
            )

    # --------------------------------------------------------------- charges

    def charge(
        self,
        actor: Actor,
        game_id: int,
        *,
        as_player: int,
        kind: ChargeKind | str = ChargeKind.PENALTY,
        reason: str,
        days: int | None = None,
        repeat: bool = False,
        move_number: int | None = None,
        at: datetime | None = None,
    ) -> int:
        """Record penalty days, a grace (56.4.8) or an adjustment; returns its id.

        Penalties default to the event's regulations (email 2; post 5, or 10
        for a repeat). A grace takes off at most 3 days (56.4.8, 55.4.7).
        ``at`` is when the fault happened if not now (the gateway: the
        letter's arrival), which dates the charge.
        """
        try:
            kind = ChargeKind(kind)
        except ValueError:
            raise errors.InvalidInput(
                field="kind", reason=N_("{kind!r} is not a charge", kind=kind)
            ) from None
        if not reason.strip():
            raise errors.InvalidInput(field="reason", reason=N_("say why, as the arbiter's record"))
        now = self.ctx.now()
        with self.ctx.db.write() as session:
            game = find_game(session, game_id, lock=True)
            event = game.event
            require_official(session, actor, event, N_("charge time"))
            if as_player not in (game.white_id, game.black_id):
                player = find_player(session, as_player)
                raise errors.NotYourGame(
                    game_id=game.id,
                    white=game.white.login,
                    black=game.black.login,
                    who=player.login,
                )
            regs = event.regulations
            if kind == ChargeKind.PENALTY:
                amount = (
                    days
                    if days is not None
                    else (regs.penalty_days_repeat if repeat else regs.penalty_days)
                )
                if amount <= 0:
                    raise errors.InvalidInput(
                        field="days", reason=N_("a penalty adds days: give a positive number")
                    )
            elif kind == ChargeKind.GRACE:
                if days is None or not 1 <= days <= MAX_GRACE_DAYS:
                    raise errors.InvalidInput(
                        field="days",
                        reason=N_(
                            "a grace takes off 1 to {days} days (Art. 56.4.8)", days=MAX_GRACE_DAYS
                        ),
                    )
                amount = -days
            else:
                if not days:
                    raise errors.InvalidInput(field="days", reason=N_("an adjustment needs days"))
                amount = days
            color = chess.WHITE if as_player == game.white_id else chess.BLACK
            made = (game.ply_count + (1 if color == chess.WHITE else 0)) // 2
            to_move = game.status == GameStatus.ONGOING and (game.ply_count % 2 == 0) == (
                color == chess.WHITE
            )
            # The move being thought about, or else the last one made.
            number = max(move_number or (made + 1 if to_move else made), 1)
            charge = TimeCharge(
                game_id=game.id,
                player_id=as_player,
                move_number=number,
                days=amount,
                kind=kind,
                reason=reason.strip(),
                on=local_date(min(at or now, now), event.timezone),
                created_by_id=actor.player_id,
                created_at=now,
            )
            session.add(charge)
            session.flush()
            self.refresh_deadline(session, game, now)
            audit(
                session,
                actor,
                now,
                "time_charged",
                event_id=event.id,
                game_id=game.id,
                player_id=as_player,
                kind=kind.value,
                days=amount,
                move_number=number,
                reason=reason.strip(),
            )
            return charge.id


def _fixed_oversteps(session: Session, game: Game) -> set[int]:
    """The players whose first overstep a decision has fixed (55.6.4).

    A time claim upheld without losing the game (post play's first overstep)
    fixes it; a decision reversed on appeal no longer does, and a claim
    rejected or not yet decided never did.
    """
    rows = session.execute(
        select(Case.respondent_id, Case.decision, Case.appeal_decision, Case.details).where(
            Case.game_id == game.id,
            Case.kind == CaseKind.TIME_CLAIM,
            Case.status.in_((CaseStatus.DECIDED, CaseStatus.APPEALED, CaseStatus.FINAL)),
        )
    )
    return {
        respondent
        for respondent, decision, appeal_decision, details in rows
        if respondent is not None
        and (appeal_decision or decision) == "upheld"
        and not (details or {}).get("decisive", True)
    }


def _move_texts(session: Session, game: Game, style: str) -> list[str]:
    ucis = session.scalars(select(Move.uci).where(Move.game_id == game.id).order_by(Move.ply)).all()
    board = chess.Board()
    texts = []
    for uci in ucis:
        move = chess.Move.from_uci(uci)
        texts.append(notation.write_move(board, move, style))
        board.push(move)
    return texts


def _clock_view(login: str, clock: PlayerClock) -> ClockView:
    return ClockView(
        player=login,
        total=clock.total,
        penalty_days=clock.penalty_days,
        running_days=clock.running_days,
        next_control_move=clock.next_control_move,
        days_left=clock.days_left,
        near_control=clock.near_control,
        overstep_on=clock.overstep_on,
        restarted_from_move=clock.restarted_from_move,
        oversteps=[
            {"move_number": o.move_number, "limit": o.limit, "on": o.on} for o in clock.oversteps
        ],
        over_since=clock.oversteps[-1].on if clock.days_left < 0 and clock.oversteps else None,
        over_by=max(0, -clock.days_left),
    )
