"""Every game's day ledger, built from the stored moves, leaves and charges.

The arithmetic is :mod:`timekeeping`'s; this service only gathers its inputs
(in the event's time zone, under the event's regulations) and shapes the
answers every door shows: the move schedule of Art. 60, the participant's
progress report of Art. 57, and the charges an arbiter imposes.
"""

from __future__ import annotations

import calendar
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from typing import Any

import chess
from sqlalchemy import bindparam, inspect, or_, select, update
from sqlalchemy import event as orm_event
from sqlalchemy.orm import Session, UOWTransaction

import notation
from cc.base import errors
from cc.base.regulations import DayCounting, Mode
from cc.clock.alerts import next_alert_on
from cc.kernel.access import require_full_view, require_official
from cc.kernel.context import (
    Actor,
    ServiceContext,
    audit,
    find_event,
    find_game,
    find_player,
)
from cc.store import loads as core_loads
from cc.store.models import (
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
from cc.store.move_list import game_ucis
from cc.text.i18n import N_, code, join
from notation.kinds import WRITTEN
from notation.start import move_number as record_number
from notation.start import white_ply
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
from timekeeping.tally import BadTally, Tally, advance, carried_ledger, tally_of

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
    """The ledger rules of an event's regulations (read from its columns,
    as :attr:`Event.regulations` does, without checking the rest of them
    on every move)."""
    return Rules(
        control_moves=event.control_moves,
        control_days=event.control_days,
        timezone=event.timezone,
        counting=DayCounting(event.day_counting),
        double_after_20=event.iccf_double_after_20,
        # Post play: the first overstep restarts the count (55.6.4) unless the
        # regulations make it a loss (55.6.11).
        restart_after_first_overstep=event.mode == Mode.POST and not event.first_overstep_loses,
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
    #: in English; a :class:`cc.text.i18n.Text`, shown in another language with ``localize``
    notes: str


@dataclass(frozen=True)
class PlayerReport:
    player: str
    player_name: str
    event: str
    event_name: str
    today: date
    games: list[ReportRow]


class KeptLedgerDiffers(AssertionError):
    """The ledger carried forward differs from the full computation (a check
    the test suite turns on with :attr:`LedgerService.check_kept`)."""


#: the figures of a clock the carried ledger has, compared with the full one
CLOCK_FIGURES = (
    "total",
    "penalty_days",
    "running_days",
    "next_control_move",
    "days_left",
    "near_control",
    "oversteps",
    "overstep_on",
    "restarted_from_move",
)


class LedgerService:
    #: compare every carried ledger with the full computation (tests)
    check_kept = False

    def __init__(self, ctx: ServiceContext) -> None:
        self.ctx = ctx

    # ---------------------------------------------------------------- reads

    def ledger(self, game_id: int) -> Ledger:
        """The bare ledger of a game as of now (for the daily run and lists)."""
        with self.ctx.db.read() as session:
            return self.compute(session, find_game(session, game_id), self.ctx.now())

    @staticmethod
    def compute(session: Session, game: Game, now: datetime) -> Ledger:
        """The full ledger, schedule included, counted from all the moves:
        the reference that :meth:`current` carries forward."""
        event = game.event
        zone = event.timezone
        shift = _receipt_shift(event)
        moves = [_times(shift, *row) for row in _move_times(session, game)]
        now, pending = _pending(game, now, shift)
        leaves = _all_leaves(session, game)
        charges = _charges(session, game)
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
            black_first=_black_first(game),
        )

    @classmethod
    def current(cls, session: Session, game: Game, now: datetime) -> Ledger:
        """The bare ledger as of ``now`` (no schedule), carried forward from
        the game's kept tallies: what a move, the daily run and a forfeit
        need, at a cost that does not grow with the game. Tallies not kept
        (or kept under other regulations, pauses or decisions) are counted
        again from all the moves, and kept. Equal to :meth:`compute` in every
        figure it has (tests/test_ledger_tally.py, tests/test_ledger_kept.py).
        """
        event = game.event
        rules = rules_for(event)
        shift = _receipt_shift(event)
        fixed = _fixed_pair(session, game, rules)
        white, black = cls._tallies(session, game, rules, shift, fixed)
        now, pending = _pending(game, now, shift)
        today = local_date(now, event.timezone)
        leaves: dict[bool, list[Leave]] = {True: [], False: []}
        if pending is not None and pending.received_on < today:
            # Only the leaves that can touch the running move's days.
            to_move = (
                white.moves == black.moves
                if not _black_first(game)
                else (white.moves < black.moves)
            )
            player = game.white_id if to_move else game.black_id
            leaves[to_move] = _leaves_between(session, game, player, pending.received_on, today)
        ledger = carried_ledger(
            rules,
            white,
            black,
            start=event.start_date,
            today=today,
            now=now,
            pending=pending,
            white_leaves=leaves[True],
            black_leaves=leaves[False],
            white_fixed=fixed[0],
            black_fixed=fixed[1],
            black_first=_black_first(game),
        )
        if cls.check_kept:
            full = cls.compute(session, game, now)
            for color in ("white", "black"):
                for name in CLOCK_FIGURES:
                    kept = getattr(getattr(ledger, color), name)
                    counted = getattr(getattr(full, color), name)
                    if kept != counted:
                        raise KeptLedgerDiffers(
                            f"game {game.id}, {color}'s {name}: carried {kept!r}, "
                            f"counted {counted!r}"
                        )
        return ledger

    @staticmethod
    def fresh_state(event: Event) -> dict[str, Any]:
        """The kept tallies of a game just paired: no move, no charge, no
        pause, no decision."""
        rules = rules_for(event)
        fresh = Tally.fresh(rules).to_json()
        return {
            "key": _key(event, rules, _receipt_shift(event), [], (False, False)),
            "ply": 0,
            "white": fresh,
            "black": fresh,
        }

    @classmethod
    def carry(
        cls,
        session: Session,
        game: Game,
        player_id: int,
        times: tuple[date, datetime, date, datetime],
    ) -> None:
        """Carry the mover's kept tally over the move just recorded (the
        game's ply count already is its ply) by ``player_id``, received and
        sent as ``times`` (received on, received at, sent on, sent at), in
        constant time; tallies not kept stay so, and the next
        :meth:`current` counts them."""
        ply = game.ply_count
        state = game.ledger_state
        if state is None:
            return
        event = game.event
        rules = rules_for(event)
        shift = _receipt_shift(event)
        fixed = _fixed_pair(session, game, rules)
        white = white_ply(ply, game.plies_before)
        side = "white" if white else "black"
        game.ledger_state = None
        if state.get("key") != _tally_key(game, rules, shift, fixed) or state.get("ply") != (
            ply - 1
        ):
            return
        try:
            tally = Tally.from_json(state[side])
        except BadTally:
            return
        carried = _times(shift, ply, *times)
        leaves: list[Leave] = []
        if carried.sent_on > carried.received_on:
            leaves = _leaves_between(session, game, player_id, carried.received_on, carried.sent_on)
        tally = advance(
            rules,
            tally,
            carried,
            start=event.start_date,
            leaves=leaves,
            fixed=fixed[0] if white else fixed[1],
        )
        game.ledger_state = {**state, side: tally.to_json(), "ply": ply}

    @staticmethod
    def _tallies(
        session: Session,
        game: Game,
        rules: Rules,
        shift: timedelta | None,
        fixed: tuple[bool, bool],
    ) -> tuple[Tally, Tally]:
        """The game's kept tallies, or both counted again and kept."""
        key = _tally_key(game, rules, shift, fixed)
        state = game.ledger_state
        if state is not None and state.get("key") == key and state.get("ply") == game.ply_count:
            try:
                return Tally.from_json(state["white"]), Tally.from_json(state["black"])
            except (BadTally, KeyError):
                pass
        moves = [_times(shift, *row) for row in _move_times(session, game)]
        leaves = _all_leaves(session, game)
        charges = _charges(session, game)
        start = game.event.start_date
        first, second = (
            (moves[1::2], moves[0::2]) if _black_first(game) else (moves[0::2], moves[1::2])
        )
        white = tally_of(
            rules,
            start,
            first,
            leaves=leaves[game.white_id],
            charges=charges[game.white_id],
            fixed=fixed[0],
        )
        black = tally_of(
            rules,
            start,
            second,
            leaves=leaves[game.black_id],
            charges=charges[game.black_id],
            fixed=fixed[1],
        )
        game.ledger_state = {
            "key": key,
            "ply": len(moves),
            "white": white.to_json(),
            "black": black.to_json(),
        }
        return white, black

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
        something about their time (:mod:`cc.clock.alerts`), from the
        same ledger.
        """
        mode = game.event.mode
        if game.status != GameStatus.ONGOING or game.suspended_by_case_id is not None:
            game.next_deadline = None
            game.alert_on = None
            return None
        if ledger is None:
            ledger = cls.current(session, game, now)
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
        clocks are its state, cc.kernel.access)."""
        with self.ctx.db.read() as session:
            require_full_view(session, actor, find_game(session, game_id))
        return self.schedule(game_id, style=style)

    def schedule(self, game_id: int, *, style: str = "san") -> GameLedgerView:
        """The move schedule of Art. 60 and both clocks, its moves written in
        ``style`` (one of :data:`notation.kinds.WRITTEN`)."""
        if style not in WRITTEN:
            raise errors.InvalidInput(
                field="notation", reason=N_("{notation!r} is not a notation", notation=style)
            )
        now = self.ctx.now()
        with self.ctx.db.read() as session:
            game = find_game(session, game_id)
            ledger = self.compute(session, game, now)
            texts = _move_texts(session, game, style)
            event = game.event
            rows: list[ScheduleRow] = []
            sides = {"white": ledger.white.moves, "black": ledger.black.moves}
            # Numbered from the game's start (Art. 26): Black's first move of
            # a game set at Black's move 12 stands alone on row 12.
            before = game.plies_before
            black_first = before % 2 == 1
            first_number = record_number(1, before)
            count = max(len(sides["white"]) + (1 if black_first else 0), len(sides["black"]))
            for i in range(count):
                entries: dict[str, SideEntry | None] = {}
                for color in ("white", "black"):
                    # the i-th row's move of that colour: its index among the
                    # colour's moves and among all the game's moves
                    k = i - 1 if black_first and color == "white" else i
                    index = 2 * k + (0 if (color == "white") != black_first else 1)
                    moves = sides[color]
                    if k < 0 or k >= len(moves):
                        entries[color] = None
                        continue
                    e = moves[k]
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
                rows.append(ScheduleRow(first_number + i, entries["white"], entries["black"]))
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
                    "white": _clock_view(game.white.login, ledger.white, record_offset(game, True)),
                    "black": _clock_view(
                        game.black.login, ledger.black, record_offset(game, False)
                    ),
                },
                schedule=rows,
                day_counting=DayCounting(event.day_counting).value,
                iccf_double_after_20=event.iccf_double_after_20,
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
            # The player's moves made in this game (the control counts them).
            first = chess.BLACK if _black_first(game) else chess.WHITE
            made = (game.ply_count + (1 if color == first else 0)) // 2
            to_move = game.status == GameStatus.ONGOING and game.white_to_move == (
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


#: the kept tallies' format; a different one is counted again
TALLY_FORMAT = 1


def _receipt_shift(event: Event) -> timedelta | None:
    """Email convention: a move counts as received the next day (§10.3)."""
    return timedelta(days=1) if event.mode == Mode.EMAIL and event.next_day_receipt else None


def _times(
    shift: timedelta | None,
    ply: int,
    received_on: date,
    received_at: datetime,
    sent_on: date,
    sent_at: datetime,
) -> MoveTimes:
    """A stored move's dates as the ledger counts them."""
    if shift and ply > 1:
        received_on, received_at = received_on + shift, received_at + shift
    return MoveTimes(received_on, sent_on, received_at, sent_at)


def _pending(game: Game, now: datetime, shift: timedelta | None) -> tuple[datetime, Pending | None]:
    """The moment the running clock counts to, and the receipt of the move
    being thought about (None once the game is over)."""
    pending = None
    lost_on_time = game.result_reason == ResultReason.TIME_FORFEIT
    if lost_on_time and game.finished_at is not None:
        # The evidence stays: the unanswered move counts up to the forfeit.
        now = min(now, game.finished_at)
    if game.status == GameStatus.ONGOING or lost_on_time:
        received_at = game.turn_started_at
        if shift and game.ply_count > 0:
            received_at = received_at + shift
        pending = Pending(local_date(received_at, game.event.timezone), received_at)
    return now, pending


def _pause_leaves(game: Game) -> list[Leave]:
    """A suspended game (56.6.3) stands still for both players."""
    out = []
    for first, last in game.pauses or ():
        assert first is not None
        out.append(Leave(date.fromisoformat(first), date.fromisoformat(last) if last else date.max))
    return out


def _all_leaves(session: Session, game: Game) -> dict[int, list[Leave]]:
    players = (game.white_id, game.black_id)
    leaves: dict[int, list[Leave]] = {p: [] for p in players}
    known = session.info.get(_KNOWN_LEAVES)
    if known is not None and known[0] == date.min and all(p in known[1] for p in players):
        for p in players:
            leaves[p].extend(known[1][p])
    else:
        leaves.update(_read_all_leaves(session, players))
    pauses = _pause_leaves(game)
    for player_leaves in leaves.values():
        player_leaves.extend(pauses)
    return leaves


def _read_all_leaves(session: Session, players: tuple[int, int]) -> dict[int, list[Leave]]:
    leaves: dict[int, list[Leave]] = {p: [] for p in players}
    for player_id, first, last in session.execute(
        select(PlayerLeave.player_id, PlayerLeave.first_day, PlayerLeave.last_day).where(
            PlayerLeave.player_id.in_(players), PlayerLeave.status == LeaveStatus.ACTIVE
        )
    ):
        leaves[player_id].append(Leave(first, last))
    return leaves


def _leaves_between(
    session: Session, game: Game, player_id: int, after: date, upto: date
) -> list[Leave]:
    """The player's leaves (and the game's pauses) with a day ``d``,
    ``after < d <= upto``: all that can change a count over those days."""
    known = session.info.get(_KNOWN_LEAVES)
    if known is not None and after >= known[0] and player_id in known[1]:
        leaves = [lv for lv in known[1][player_id] if lv.last_day > after and lv.first_day <= upto]
        return leaves + _pause_leaves(game)
    leaves = [
        Leave(first, last)
        for first, last in session.execute(
            select(PlayerLeave.first_day, PlayerLeave.last_day).where(
                PlayerLeave.player_id == player_id,
                PlayerLeave.status == LeaveStatus.ACTIVE,
                PlayerLeave.last_day > after,
                PlayerLeave.first_day <= upto,
            )
        )
    ]
    return leaves + _pause_leaves(game)


#: ``Session.info`` key of the leaves read once for a batch of games
_KNOWN_LEAVES = "cc.ledger.known_leaves"


def read_leaves_once(session: Session, games: Sequence[Game]) -> None:
    """Read the leaves of a batch of games' players in one statement, for
    the ledgers of those games in this session (the daily run); a leave
    changed in the session forgets them."""
    if not games:
        return
    after = min(g.turn_started_at for g in games).date() - timedelta(days=2)
    known: dict[int, list[Leave]] = {}
    for game in games:
        known[game.white_id] = []
        known[game.black_id] = []
    for player_id, first, last in session.execute(
        select(PlayerLeave.player_id, PlayerLeave.first_day, PlayerLeave.last_day).where(
            PlayerLeave.player_id.in_(sorted(known)),
            PlayerLeave.status == LeaveStatus.ACTIVE,
            PlayerLeave.last_day > after,
        )
    ):
        known[player_id].append(Leave(first, last))
    session.info[_KNOWN_LEAVES] = (after, known)


def know_no_leaves(session: Session, game: Game) -> None:
    """Neither of ``game``'s players has a leave at all, as the caller read
    in this session: their ledgers read none (a leave changed in the session
    forgets it, as it does :func:`read_leaves_once`)."""
    known: tuple[date, dict[int, list[Leave]]] | None = session.info.get(_KNOWN_LEAVES)
    if known is None:
        known = (date.min, {})
        session.info[_KNOWN_LEAVES] = known
    elif known[0] != date.min:
        return  # a batch's read holds; it answers for its own games
    known[1][game.white_id] = []
    known[1][game.black_id] = []


def known_to_have_no_leaves(session: Session, game: Game) -> bool:
    """Whether this session already knows (:func:`know_no_leaves`) that
    neither of ``game``'s players has a leave."""
    known = session.info.get(_KNOWN_LEAVES)
    return (
        known is not None
        and known[0] == date.min
        and not known[1].get(game.white_id, [None])
        and not known[1].get(game.black_id, [None])
    )


def forget_leaves(session: Session) -> None:
    session.info.pop(_KNOWN_LEAVES, None)


def _charges(session: Session, game: Game) -> dict[int, list[Charge]]:
    charges: dict[int, list[Charge]] = {game.white_id: [], game.black_id: []}
    rows = core_loads.read(session, _CHARGES, {"game_id": game.id})
    for player_id, move_number, days, reason, on, kind in rows:
        charges[player_id].append(Charge(move_number, days, reason, on, kind.value))
    return charges


#: a game's charges as values (built once: cc.store.loads.read)
_CHARGES = select(
    TimeCharge.player_id,
    TimeCharge.move_number,
    TimeCharge.days,
    TimeCharge.reason,
    TimeCharge.on,
    TimeCharge.kind,
).where(TimeCharge.game_id == bindparam("game_id"))

#: a game's moves' dates and times, in order
_MOVE_TIMES = (
    select(Move.ply, Move.received_on, Move.received_at, Move.sent_on, Move.sent_at)
    .where(Move.game_id == bindparam("game_id"))
    .order_by(Move.ply)
)


def _move_times(session: Session, game: Game) -> Sequence[Any]:
    return core_loads.read(session, _MOVE_TIMES, {"game_id": game.id})


def _fixed_pair(session: Session, game: Game, rules: Rules) -> tuple[bool, bool]:
    if not rules.restart_after_first_overstep:
        return False, False
    fixed = _fixed_oversteps(session, game)
    return game.white_id in fixed, game.black_id in fixed


def _tally_key(
    game: Game, rules: Rules, shift: timedelta | None, fixed: tuple[bool, bool]
) -> list[object]:
    """What kept tallies were counted under, as JSON values: the regulations,
    the start, next-day receipt, the game's pauses and the fixed oversteps."""
    return _key(game.event, rules, shift, game.pauses or [], fixed)


def _key(
    event: Event,
    rules: Rules,
    shift: timedelta | None,
    pauses: list[list[str | None]],
    fixed: tuple[bool, bool],
) -> list[object]:
    return [
        TALLY_FORMAT,
        rules.control_moves,
        rules.control_days,
        rules.counting.value,
        rules.double_after_20,
        rules.restart_after_first_overstep,
        rules.timezone,
        event.start_date.isoformat(),
        shift is not None,
        [list(p) for p in pauses],
        fixed[0],
        fixed[1],
    ]


#: the columns whose change alters a past move's cost
_MOVE_DATES = ("received_at", "received_on", "sent_at", "sent_on", "ply", "game_id")
_LEAVE_DAYS = ("first_day", "last_day", "status", "player_id")
_DECISION = ("status", "decision", "appeal_decision", "details", "respondent_id", "kind")


def _changed(obj: object, names: tuple[str, ...]) -> bool:
    state = inspect(obj)
    return any(state.attrs[name].history.has_changes() for name in names)


@orm_event.listens_for(Session, "before_flush")
def _forget_tallies(session: Session, _context: UOWTransaction, _instances: object) -> None:
    """Kept tallies no longer hold when a past input of the ledger changes:
    a charge laid, changed or taken back, a leave granted (late or not),
    changed or withdrawn (56.7.7), a move's dates corrected (55.2.2, 56.2.3),
    a time claim decided or reversed (55.6.4). Those are rare; the next
    :meth:`LedgerService.current` counts the game again. New moves are
    carried forward by :meth:`LedgerService.carry` instead."""
    games: set[int] = set()
    players: set[int] = set()
    for obj in session.new:
        if isinstance(obj, TimeCharge):
            games.add(obj.game_id)
        elif isinstance(obj, PlayerLeave):
            players.add(obj.player_id)
        elif isinstance(obj, Case) and obj.game_id is not None:
            games.add(obj.game_id)
    for obj in session.dirty:
        if isinstance(obj, TimeCharge) or (isinstance(obj, Move) and _changed(obj, _MOVE_DATES)):
            games.add(obj.game_id)
        elif isinstance(obj, PlayerLeave) and _changed(obj, _LEAVE_DAYS):
            players.add(obj.player_id)
        elif isinstance(obj, Case) and obj.game_id is not None and _changed(obj, _DECISION):
            games.add(obj.game_id)
    for obj in session.deleted:
        if isinstance(obj, (TimeCharge, Move)):
            games.add(obj.game_id)
        elif isinstance(obj, PlayerLeave):
            players.add(obj.player_id)
        elif isinstance(obj, Case) and obj.game_id is not None:
            games.add(obj.game_id)
    if players:
        forget_leaves(session)
    if not games and not players:
        return
    for obj in list(session.identity_map.values()):
        if isinstance(obj, Game) and (
            obj.id in games or obj.white_id in players or obj.black_id in players
        ):
            obj.ledger_state = None
    session.connection().execute(
        update(Game)
        .where(
            or_(
                Game.id.in_(sorted(games)),
                Game.white_id.in_(sorted(players)),
                Game.black_id.in_(sorted(players)),
            ),
            Game.ledger_state.is_not(None),
        )
        .values(ledger_state=None)
    )


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


def _black_first(game: Game) -> bool:
    """Whether Black made the game's first move (a thematic start, Art. 26)."""
    return game.plies_before % 2 == 1


def _move_texts(session: Session, game: Game, style: str) -> list[str]:
    ucis = game_ucis(session, game)
    board = game.start_board()
    texts = []
    for uci in ucis:
        move = chess.Move.from_uci(uci)
        texts.append(notation.write_move(board, move, style))
        board.push(move)
    return texts


def record_offset(game: Game, white: bool) -> int:
    """What turns a player's count of moves in the game (the time control
    counts the moves made in it, Art. 26) into the record's move number:
    0 from the initial position; from a set position with Black to make
    move 12, Black's 1st move is move 12 (11) and White's is move 13 (12)."""
    before = game.plies_before
    black_first = before % 2 == 1
    first_ply = (2 if black_first else 1) if white else (1 if black_first else 2)
    return record_number(first_ply, before) - 1


def _clock_view(login: str, clock: PlayerClock, offset: int = 0) -> ClockView:
    """The clock as shown, its move numbers the record's (``offset``:
    :func:`record_offset`)."""
    return ClockView(
        player=login,
        total=clock.total,
        penalty_days=clock.penalty_days,
        running_days=clock.running_days,
        next_control_move=clock.next_control_move + offset,
        days_left=clock.days_left,
        near_control=clock.near_control,
        overstep_on=clock.overstep_on,
        restarted_from_move=(
            clock.restarted_from_move + offset if clock.restarted_from_move is not None else None
        ),
        oversteps=[
            {"move_number": o.move_number + offset, "limit": o.limit, "on": o.on}
            for o in clock.oversteps
        ],
        over_since=clock.oversteps[-1].on if clock.days_left < 0 and clock.oversteps else None,
        over_by=max(0, -clock.days_left),
    )
