"""Every game's day ledger, built from the stored moves, leaves and charges.

The arithmetic is :mod:`timekeeping`'s; this service only gathers its inputs
(in the event's time zone, under the event's regulations) and shapes the
answers every door shows: the move schedule of Art. 60, the participant's
progress report of Art. 57, and the charges an arbiter imposes. The inputs
are read by :mod:`cc.clock.ledger_inputs`, the answers shaped by
:mod:`cc.clock.ledger_views`.
"""

from __future__ import annotations

import calendar
from datetime import date, datetime, timedelta
from typing import Any

import chess
from sqlalchemy import or_, select
from sqlalchemy.orm import Session

from cc.base import errors
from cc.base.kinds import ChargeKind, GameStatus
from cc.base.regulations import Mode
from cc.clock.alerts import next_alert_on
from cc.clock.ledger_inputs import (
    all_leaves,
    black_first,
    charges_of,
    counted_times,
    fixed_oversteps,
    fixed_pair,
    game_tally_key,
    leaves_between,
    move_times_of,
    pending_of,
    receipt_shift,
    rules_for,
    tally_key,
)
from cc.clock.ledger_views import GameLedgerView, PlayerReport, report_row, schedule_view
from cc.kernel.access import require_full_view, require_official
from cc.kernel.context import (
    Actor,
    ServiceContext,
    audit,
    find_event,
    find_game,
    find_player,
)
from cc.store.models import Event, Game, TimeCharge
from cc.text.i18n import N_
from notation.kinds import WRITTEN
from notation.start import white_ply
from timekeeping import (
    Leave,
    Ledger,
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
        shift = receipt_shift(event)
        moves = [counted_times(shift, *row) for row in move_times_of(session, game)]
        now, pending = pending_of(game, now, shift)
        leaves = all_leaves(session, game)
        charges = charges_of(session, game)
        rules = rules_for(event)
        fixed = fixed_oversteps(session, game) if rules.restart_after_first_overstep else set()
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
            black_first=black_first(game),
        )

    @classmethod
    def current(cls, session: Session, game: Game, now: datetime) -> Ledger:
        """The bare ledger as of ``now`` (no schedule), carried forward from
        the game's kept tallies: what a move, the daily run and a forfeit
        need, at a cost that does not grow with the game. Tallies not kept
        (or kept under other regulations, pauses or decisions) are counted
        again from all the moves, and kept. Equal to :meth:`compute` in every
        figure it has (tests/timekeeping/test_ledger_tally.py, tests/clock/test_ledger_kept.py).
        """
        event = game.event
        rules = rules_for(event)
        shift = receipt_shift(event)
        fixed = fixed_pair(session, game, rules)
        white, black = cls._tallies(session, game, rules, shift, fixed)
        now, pending = pending_of(game, now, shift)
        today = local_date(now, event.timezone)
        leaves: dict[bool, list[Leave]] = {True: [], False: []}
        if pending is not None and pending.received_on < today:
            # Only the leaves that can touch the running move's days.
            to_move = (
                white.moves == black.moves if not black_first(game) else (white.moves < black.moves)
            )
            player = game.white_id if to_move else game.black_id
            leaves[to_move] = leaves_between(session, game, player, pending.received_on, today)
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
            black_first=black_first(game),
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
            "key": tally_key(event, rules, receipt_shift(event), [], (False, False)),
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
        shift = receipt_shift(event)
        fixed = fixed_pair(session, game, rules)
        white = white_ply(ply, game.plies_before)
        side = "white" if white else "black"
        game.ledger_state = None
        if state.get("key") != game_tally_key(game, rules, shift, fixed) or state.get("ply") != (
            ply - 1
        ):
            return
        try:
            tally = Tally.from_json(state[side])
        except BadTally:
            return
        carried = counted_times(shift, ply, *times)
        leaves: list[Leave] = []
        if carried.sent_on > carried.received_on:
            leaves = leaves_between(session, game, player_id, carried.received_on, carried.sent_on)
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
        key = game_tally_key(game, rules, shift, fixed)
        state = game.ledger_state
        if state is not None and state.get("key") == key and state.get("ply") == game.ply_count:
            try:
                return Tally.from_json(state["white"]), Tally.from_json(state["black"])
            except (BadTally, KeyError):
                pass
        moves = [counted_times(shift, *row) for row in move_times_of(session, game)]
        leaves = all_leaves(session, game)
        charges = charges_of(session, game)
        start = game.event.start_date
        first, second = (
            (moves[1::2], moves[0::2]) if black_first(game) else (moves[0::2], moves[1::2])
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
            return schedule_view(session, game, ledger, style)

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
            rows = [report_row(game, player.id, self.compute(session, game, now)) for game in games]
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
            first = chess.BLACK if black_first(game) else chess.WHITE
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
