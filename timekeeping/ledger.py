"""The day ledger of one game: what each move cost, totals, controls, oversteps.

Pure: dates, instants and rules in, a :class:`Ledger` out; no clock reads.

The one formula (spec §10.1): a move costs its player the number of calendar
days ``d`` with ``received < d <= sent`` on which the player was not on leave.
That single count gives a reply on the day of receipt costing 0 (54.4, 56.4),
leave inside the interval being subtracted (56.7.5), and a move received
during leave costing from the day after the leave ends (56.7.6). Receipt is
never earlier than the player's start (54.4.4, 56.4.5; 55.4.6 for a post
player who learned of the start late). The clock of the player to move is
the same count up to "today".

Controls are cumulative (54.4.2, 55.4.2, 56.4.2): with M moves in N days, a
player whose total (reflection plus penalty days) exceeds k*N while on any
of their moves up to k*M has overstepped, on the day the total first passed
the limit (54.5: on a server this is known the day it happens). Post play
(55.6.4): once a first overstep has been *fixed* (a claim upheld), the
player's count restarts at 0 from their next move, unless the regulations
make the first overstep a loss (55.6.11); an overstep nobody has fixed
restarts nothing, and the count runs on cumulatively.

Schedule notes are codes (``overstep``, ``overstep_fixed``) that each door
words in the reader's language.
"""

from __future__ import annotations

import enum
from bisect import bisect_left
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import NamedTuple
from zoneinfo import ZoneInfo

_DAY = 86400


class DayCounting(enum.StrEnum):
    """How days are counted (spec §10.2)."""

    CALENDAR = "calendar"
    ICCF = "iccf"


@dataclass(frozen=True, slots=True)
class Rules:
    """The regulations that bear on the ledger."""

    control_moves: int
    control_days: int
    timezone: str = "UTC"
    counting: DayCounting = DayCounting.CALENDAR
    #: ICCF option: days beyond 20 on one move count double (spec §10.2)
    double_after_20: bool = False
    #: post play: a first overstep, once fixed, restarts the count (55.6.4)
    #: instead of losing
    restart_after_first_overstep: bool = False
    #: a player with this many days or fewer left copies the arbiter (56.4.10)
    warning_days: int = 5

    def __post_init__(self) -> None:
        if self.control_moves < 1 or self.control_days < 1:
            raise ValueError(
                f"a control needs at least 1 move and 1 day, got "
                f"{self.control_moves}/{self.control_days}"
            )


class MoveTimes(NamedTuple):
    """When a move's position reached its player, and when the move was sent.

    Dates are calendar dates in the event's zone; the instants are needed only
    for ICCF counting (whole 24-hour periods from the instant of receipt).
    """

    received_on: date
    sent_on: date
    received_at: datetime | None = None
    sent_at: datetime | None = None


class Leave(NamedTuple):
    """A player's leave, first and last day inclusive (54.6, 55.7, 56.7)."""

    first_day: date
    last_day: date


class Charge(NamedTuple):
    """Days added to (or, for a grace, taken off) a player's total on one move.

    ``move_number`` is the player's move the charge falls on (the move they
    were thinking about), ``on`` the day it took effect.
    """

    move_number: int
    days: int
    reason: str
    on: date
    kind: str = "penalty"


class Pending(NamedTuple):
    """The move the player to move is thinking about: when they received it."""

    received_on: date
    received_at: datetime | None = None


class MoveEntry(NamedTuple):
    """One line of a player's schedule (Art. 60)."""

    move_number: int
    received_on: date
    #: None for the move still being thought about
    sent_on: date | None
    days: int
    leave_days: int
    charges: tuple[Charge, ...]
    #: the running total after this move (since the last restart, 55.6.4)
    total: int
    #: the limit in force on this move (k*N)
    limit: int
    note: str


class Overstep(NamedTuple):
    move_number: int
    limit: int
    on: date


class NoSchedule(ValueError):
    """The schedule of a clock carried forward from a tally was asked for."""

    def __init__(self) -> None:
        super().__init__(
            "this clock was carried forward from a tally and keeps no schedule "
            "(Art. 60): compute_ledger gives it"
        )


class PlayerClock:
    """One player's clock in one game.

    The per-move schedule (:attr:`moves`) is built on first use from the
    arrays the computation keeps, so that a ledger read only for its totals
    (the daily run, a list of games) costs little more than the arithmetic.
    """

    __slots__ = (
        "_carried",
        "_charges",
        "_days",
        "_entries",
        "_leave_days",
        "_limits",
        "_notes",
        "_rows",
        "_totals",
        "days_left",
        "near_control",
        "next_control_move",
        "overstep_on",
        "oversteps",
        "penalty_days",
        "restarted_from_move",
        "running_days",
        "total",
    )

    def __init__(
        self,
        *,
        rows: Sequence[tuple[date, date | None]],
        days: list[int],
        totals: list[int],
        limits: list[int],
        leave_days: list[int] | None,
        charges: dict[int, list[Charge]],
        notes: dict[int, str],
        total: int,
        penalty_days: int,
        running_days: int,
        next_control_move: int,
        days_left: int,
        near_control: bool,
        oversteps: tuple[Overstep, ...],
        overstep_on: date | None,
        restarted_from_move: int | None,
        carried: bool = False,
    ) -> None:
        self._rows = rows
        #: built from a tally carried forward (timekeeping.tally): no schedule
        self._carried = carried
        self._days = days
        self._totals = totals
        self._limits = limits
        self._leave_days = leave_days
        self._charges = charges
        self._notes = notes
        self._entries: tuple[MoveEntry, ...] | None = None
        #: total reflection and penalty days (since a restart, 55.6.4),
        #: including the move being thought about
        self.total = total
        self.penalty_days = penalty_days
        #: days on the move being thought about so far (0 if not to move)
        self.running_days = running_days
        #: the player's move number at which the current control falls
        self.next_control_move = next_control_move
        self.days_left = days_left
        #: 56.4.10: five days or fewer left: copy the arbiter
        self.near_control = near_control
        self.oversteps = oversteps
        #: the first overstep since the count last (re)started: the one that
        #: decides on a server (54.5.2) and the one a claim is about
        self.overstep_on = overstep_on
        #: post play: the move from which the count restarts once a first
        #: overstep has been fixed (55.6.4)
        self.restarted_from_move = restarted_from_move

    @property
    def moves(self) -> tuple[MoveEntry, ...]:
        """The schedule, one entry per move (the last one running if to move)."""
        if self._carried:
            raise NoSchedule()
        if self._entries is None:
            self._entries = tuple(
                MoveEntry(
                    number,
                    received_on,
                    sent_on,
                    self._days[i],
                    self._leave_days[i] if self._leave_days else 0,
                    tuple(self._charges.get(number, ())),
                    self._totals[i],
                    self._limits[i],
                    self._notes.get(number, ""),
                )
                for i, (received_on, sent_on) in enumerate(self._rows)
                for number in (i + 1,)
            )
        return self._entries


@dataclass(frozen=True, slots=True)
class Ledger:
    white: PlayerClock
    black: PlayerClock
    today: date

    def player(self, white: bool) -> PlayerClock:
        return self.white if white else self.black


def leave_spans(leaves: Iterable[Leave]) -> list[tuple[int, int]]:
    """The days of ``leaves`` as sorted, disjoint spans of ordinals.

    A day on leave is one day however many leaves cover it: a player's
    leave can fall inside a suspended game's pause (56.6.3), and both stop
    the same clock. Counted twice, the day would take a day off the time
    used, and the total could fall from one day to the next.

    >>> from datetime import date
    >>> spans = leave_spans([Leave(date(2026, 5, 3), date(2026, 5, 9)),
    ...                      Leave(date(2026, 5, 1), date(2026, 5, 4))])
    >>> [(date.fromordinal(a).day, date.fromordinal(b).day) for a, b in spans]
    [(1, 9)]
    """
    merged: list[tuple[int, int]] = []
    for first, last in sorted((lv.first_day.toordinal(), lv.last_day.toordinal()) for lv in leaves):
        if merged and first <= merged[-1][1] + 1:
            if last > merged[-1][1]:
                merged[-1] = (merged[-1][0], last)
        else:
            merged.append((first, last))
    return merged


def _leave_overlap(leaves: Sequence[tuple[int, int]], after: int, upto: int) -> int:
    """Leave days d with after < d <= upto (ordinals; ``leaves`` disjoint,
    as :func:`leave_spans` gives them)."""
    days = 0
    for first, last in leaves:
        lo = first if first > after else after + 1
        hi = last if last < upto else upto
        if hi >= lo:
            days += hi - lo + 1
    return days


def _doubled(days: int, double: bool) -> int:
    return days + days - 20 if double and days > 20 else days


def compute_ledger(
    rules: Rules,
    start: date,
    moves: Sequence[MoveTimes],
    *,
    today: date,
    now: datetime | None = None,
    pending: Pending | None = None,
    white_leaves: Iterable[Leave] = (),
    black_leaves: Iterable[Leave] = (),
    white_charges: Iterable[Charge] = (),
    black_charges: Iterable[Charge] = (),
    white_start: date | None = None,
    black_start: date | None = None,
    white_fixed: bool = False,
    black_fixed: bool = False,
    black_first: bool = False,
) -> Ledger:
    """Both players' clocks for a game whose moves (White's first, or Black's
    with ``black_first``: a thematic start with Black to move) are ``moves``.

    The control of M moves in N days counts the moves each player has made
    in this game, not the move numbers of the record: a game started at
    Black's move 12 reaches Black's first control with Black's M-th move in
    it (move 11 + M): the control is "k*M of their moves" in k*N days
    (Art. 54.4, 55.4, 56.4; spec §3), and the theme's moves were made by
    no one in the game.

    ``pending`` is the receipt of the move the player to move is thinking about
    (None once the game is over); ``today`` (and ``now`` for ICCF counting)
    is the moment the running clock counts to. ``white_fixed`` and
    ``black_fixed`` say that the player's first overstep has been fixed by a
    decision (55.6.4), which matters only under the restart rule.
    """
    if rules.counting == DayCounting.ICCF and pending is not None and now is None:
        raise ValueError("ICCF counting needs the current instant for the running clock")
    white_to_move = (len(moves) + (1 if black_first else 0)) % 2 == 0
    white_moves, black_moves = (
        (moves[1::2], moves[0::2]) if black_first else (moves[0::2], moves[1::2])
    )
    white = _player_clock(
        rules,
        white_moves,
        white_start or start,
        today,
        now,
        pending if white_to_move else None,
        white_leaves,
        white_charges,
        white_fixed,
    )
    black = _player_clock(
        rules,
        black_moves,
        black_start or start,
        today,
        now,
        None if white_to_move else pending,
        black_leaves,
        black_charges,
        black_fixed,
    )
    return Ledger(white=white, black=black, today=today)


def _player_clock(
    rules: Rules,
    moves: Sequence[MoveTimes],
    start: date,
    today: date,
    now: datetime | None,
    pending: Pending | None,
    leaves_in: Iterable[Leave],
    charges_in: Iterable[Charge],
    fixed: bool = False,
) -> PlayerClock:
    per_moves, per_days = rules.control_moves, rules.control_days
    iccf = rules.counting == DayCounting.ICCF
    double = rules.double_after_20
    restart = rules.restart_after_first_overstep
    leaves = leave_spans(leaves_in)
    charges: dict[int, list[Charge]] = {}
    for charge in charges_in:
        charges.setdefault(charge.move_number, []).append(charge)
    # The common case (calendar days, no leave, no charges, no doubling) runs
    # on date arithmetic alone; anything else takes the general branch.
    general = iccf or double or bool(charges)

    rows: list[tuple[date, date | None, datetime | None, datetime | None]] = list(moves)
    if pending is not None:
        rows.append((pending.received_on, None, pending.received_at, now))
    days_list: list[int] = []
    totals: list[int] = []
    limits: list[int] = []
    leave_list: list[int] | None = [] if general or leaves else None
    notes: dict[int, str] = {}
    oversteps: list[Overstep] = []

    total = 0  # since the last restart (55.6.4)
    penalty_total = 0
    number = 0
    next_control = per_moves
    limit = per_days
    flagged = 0  # the highest limit already overstepped since the last restart
    restarted_from: int | None = None
    deciding: date | None = None
    running = 0

    for received_on, sent_on, received_at, sent_at in rows:
        number += 1
        if number > next_control:
            next_control += per_moves
            limit += per_days
        received = received_on if received_on > start else start
        if iccf and received_at is not None and received_on < start:
            # Time before the start is not counted (54.4.4): move the receipt
            # instant forward by whole days, keeping its time of day.
            received_at = received_at + timedelta(days=(start - received_on).days)
        before = total
        if general:
            days, leave, charged = _general_cost(
                received,
                sent_on or today,
                received_at,
                sent_at,
                leaves,
                charges.get(number),
                iccf,
                double,
                number,
            )
            leave_list.append(leave)  # type: ignore[union-attr]
            penalty_total += charged
            total += days + charged
            if total < 0:
                total = 0
        elif leaves:
            sent = sent_on or today
            leave = _leave_overlap(leaves, received.toordinal(), sent.toordinal())
            days = (sent - received).days - leave
            if days < 0:
                days = 0
            leave_list.append(leave)  # type: ignore[union-attr]
            total += days
        else:
            days = ((sent_on or today) - received).days
            if days < 0:
                days = 0
            total += days
        days_list.append(days)
        totals.append(total)
        limits.append(limit)
        if sent_on is None:
            running = days
        if total > limit and limit > flagged:
            flagged = limit
            when = _overstep_day(
                rules,
                received.toordinal(),
                (sent_on or today).toordinal(),
                before,
                limit,
                leaves,
                charges.get(number, ()),
                received_at,
                iccf,
                double,
            )
            oversteps.append(Overstep(number, limit, when))
            notes[number] = "overstep"
            if deciding is None:
                deciding = when
            if restart and fixed and restarted_from is None:
                # 55.6.4: the fixed first overstep; the count starts again
                # from 0 with the player's next move.
                restarted_from = number + 1
                notes[number] = "overstep_fixed"
                deciding = None
                if sent_on is not None:
                    total, flagged = 0, 0
                    next_control, limit = number + per_moves, per_days

    # Charges on moves not yet reached still weigh on the total.
    later = [c for n, cs in charges.items() if n > number for c in cs]
    if later:
        extra = sum(c.days for c in later)
        penalty_total += extra
        total = max(0, total + extra)
    if pending is None and number + 1 > next_control:
        # The next move the player will think about opens the next period.
        next_control += per_moves
        limit += per_days
    days_left = limit - total
    return PlayerClock(
        rows=[(row[0], row[1]) for row in rows],
        days=days_list,
        totals=totals,
        limits=limits,
        leave_days=leave_list,
        charges=charges,
        notes=notes,
        total=total,
        penalty_days=penalty_total,
        running_days=running,
        next_control_move=next_control,
        days_left=days_left,
        near_control=days_left <= rules.warning_days,
        oversteps=tuple(oversteps),
        overstep_on=deciding,
        restarted_from_move=restarted_from,
    )


def _general_cost(
    received: date,
    sent: date,
    received_at: datetime | None,
    sent_at: datetime | None,
    leaves: Sequence[tuple[int, int]],
    on_move: list[Charge] | None,
    iccf: bool,
    double: bool,
    number: int,
) -> tuple[int, int, int]:
    """(days, leave days, charged days) of one move, in the general case."""
    r, s = received.toordinal(), sent.toordinal()
    if iccf:
        if received_at is None or sent_at is None:
            raise ValueError(f"ICCF counting needs the instants of move {number}")
        raw = int((sent_at - received_at).total_seconds() // _DAY)
    else:
        raw = s - r
    leave = _leave_overlap(leaves, r, s) if leaves else 0
    days = raw - leave
    if days < 0:
        days = 0
    charged = sum(c.days for c in on_move) if on_move else 0
    return _doubled(days, double), leave, charged


def _overstep_day(
    rules: Rules,
    r: int,
    s: int,
    before: int,
    limit: int,
    leaves: Sequence[tuple[int, int]],
    charges: Sequence[Charge],
    received_at: datetime | None,
    iccf: bool,
    double: bool,
) -> date:
    """The first day on which the total passed ``limit`` (day ``s`` if none):
    the day of the overstep (54.5: on a server the loss falls on that day).

    Without a grace (a charge that takes days off), a move's total never
    falls from one day to the next: its days, leave days and charges only
    add up. The day is then found by halving the days from ``r`` to ``s``
    rather than walking them, since the daily run asks it of every game it
    forfeits, some 50 days each.
    """
    zone = ZoneInfo(rules.timezone)

    def over(d: int) -> bool:
        charged = sum(c.days for c in charges if c.on.toordinal() <= d)
        if iccf:
            assert received_at is not None
            # Whole 24-hour periods completed by the end of day d.
            end_of_day = datetime.combine(date.fromordinal(d + 1), datetime.min.time(), zone)
            raw = max(0, int((end_of_day - received_at).total_seconds() // _DAY))
        else:
            raw = d - r
        counted = _doubled(max(0, raw - _leave_overlap(leaves, r, d)), double)
        return before + counted + charged > limit

    days = range(r, s + 1)
    if all(c.days >= 0 for c in charges):
        first = bisect_left(days, True, key=over)
        found = days[first] if first < len(days) else s
    else:
        found = next((d for d in days if over(d)), s)
    return date.fromordinal(found)


def overstep_deadline(clock: PlayerClock, today: date) -> date:
    """The first day the player to move is over the limit if they do not move.

    Leave can only postpone it, so a run on this day is never too late; the
    run looks again and moves the deadline on when the player was on leave.

    >>> from datetime import date
    >>> c = compute_ledger(Rules(10, 50), date(2026, 5, 10), [], today=date(2026, 5, 20),
    ...                    pending=Pending(date(2026, 5, 10))).white
    >>> (c.days_left, overstep_deadline(c, date(2026, 5, 20)))
    (40, datetime.date(2026, 6, 30))
    """
    return today + timedelta(days=max(clock.days_left, -1) + 1)
