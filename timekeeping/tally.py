"""A player's day ledger carried forward one move at a time.

:func:`timekeeping.ledger.compute_ledger` reads the whole game, so a move
late in a long game would cost more than an early one. A :class:`Tally` is
what the next move needs of the moves before it: the player's total and
penalty days (since a restart, 55.6.4), the control period in force (the
move at which it falls and its limit, 54.4.2, 55.4.2, 56.4.2), the highest
limit already overstepped, the oversteps and the charges not yet reached.
:func:`advance` adds one move to it in constant time, and :func:`clock_of`
runs the clock of the move being thought about up to "today".

The one formula is the reference's (spec §10.1: a move costs the days ``d``
with ``received < d <= sent`` on which the player was not on leave), and so
are its helpers: folding :func:`advance` over a game's moves and closing
with :func:`clock_of` gives exactly the totals, periods and oversteps of
:func:`compute_ledger` (tests/timekeeping/test_ledger_tally.py holds them equal over
random games, leaves, charges, ICCF counting and post restarts). The tally
holds no schedule (Art. 60): that is what the full computation is for.

Leaves (54.6, 55.7, 56.7) are given to each call, only those that can touch
the interval matter; a change to a past leave, a charge or a decision that
fixes an overstep is not carried forward: the caller starts again from
:func:`tally_of`, which is the fold.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from timekeeping.ledger import (
    Charge,
    DayCounting,
    Leave,
    Ledger,
    MoveTimes,
    Overstep,
    Pending,
    PlayerClock,
    Rules,
    _general_cost,
    _overstep_day,
    leave_spans,
)


class BadTally(ValueError):
    """A stored tally that cannot be read back; names the input."""

    def __init__(self, data: object, reason: str) -> None:
        super().__init__(f"not a tally ({reason}): {data!r}"[:300])
        self.data = data


@dataclass(frozen=True, slots=True)
class Tally:
    """One player's count after their last move made (none: :meth:`fresh`)."""

    #: the player's moves counted
    moves: int
    #: reflection and penalty days since the count last (re)started (55.6.4)
    total: int
    penalty_days: int
    #: the player's move at which the control in force falls, and its limit
    next_control: int
    limit: int
    #: the highest limit already overstepped since the last restart
    flagged: int = 0
    oversteps: tuple[Overstep, ...] = ()
    #: the first overstep since the count last (re)started (54.5.2)
    deciding: date | None = None
    restarted_from: int | None = None
    #: charges on moves the player has not made yet (move number > ``moves``)
    charges: tuple[Charge, ...] = ()

    @classmethod
    def fresh(cls, rules: Rules, charges: Iterable[Charge] = ()) -> Tally:
        """A player before their first move, with the charges already laid on
        their moves to come (a charge on move 0 or before weighs on nothing,
        as in the full computation)."""
        return cls(
            moves=0,
            total=0,
            penalty_days=0,
            next_control=rules.control_moves,
            limit=rules.control_days,
            charges=tuple(c for c in charges if c.move_number >= 1),
        )

    # ------------------------------------------------------------ storage

    def to_json(self) -> dict[str, object]:
        """Plain JSON values (ints, ISO dates, lists)."""
        return {
            "moves": self.moves,
            "total": self.total,
            "penalty": self.penalty_days,
            "control": [self.next_control, self.limit],
            "flagged": self.flagged,
            "oversteps": [[o.move_number, o.limit, o.on.isoformat()] for o in self.oversteps],
            "deciding": self.deciding.isoformat() if self.deciding else None,
            "restarted_from": self.restarted_from,
            "charges": [
                [c.move_number, c.days, c.reason, c.on.isoformat(), c.kind] for c in self.charges
            ],
        }

    @classmethod
    def from_json(cls, data: object) -> Tally:
        """The tally :meth:`to_json` wrote; :class:`BadTally` for anything else."""
        if not isinstance(data, Mapping):
            raise BadTally(data, "not an object")
        try:
            control = data["control"]
            deciding = data["deciding"]
            restarted = data["restarted_from"]
            return cls(
                moves=_int(data["moves"]),
                total=_int(data["total"]),
                penalty_days=_int(data["penalty"]),
                next_control=_int(control[0]),
                limit=_int(control[1]),
                flagged=_int(data["flagged"]),
                oversteps=tuple(
                    Overstep(_int(n), _int(lim), date.fromisoformat(on))
                    for n, lim, on in data["oversteps"]
                ),
                deciding=date.fromisoformat(deciding) if deciding is not None else None,
                restarted_from=_int(restarted) if restarted is not None else None,
                charges=tuple(
                    Charge(_int(n), _int(days), str(reason), date.fromisoformat(on), str(kind))
                    for n, days, reason, on, kind in data["charges"]
                ),
            )
        except (KeyError, IndexError, TypeError, ValueError) as exc:
            raise BadTally(data, str(exc) or type(exc).__name__) from None


def _int(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{value!r} is not a whole number")
    return value


def _step(
    rules: Rules,
    tally: Tally,
    row: tuple[date, date | None, datetime | None, datetime | None],
    today: date,
    start: date,
    leaves: Sequence[tuple[int, int]],
    fixed: bool,
) -> tuple[Tally, int]:
    """The reference's loop body for one row (received on, sent on, received
    at, sent at; sent on None: the move being thought about, counted to
    ``today`` and the row's sending instant); returns the new tally and the
    row's days."""
    per_moves, per_days = rules.control_moves, rules.control_days
    iccf = rules.counting == DayCounting.ICCF
    double = rules.double_after_20
    number = tally.moves + 1
    next_control, limit = tally.next_control, tally.limit
    if number > next_control:
        next_control += per_moves
        limit += per_days
    received_on, sent_on, received_at, sent_at = row
    received = received_on if received_on > start else start
    if iccf and received_at is not None and received_on < start:
        # Time before the start is not counted (54.4.4).
        received_at = received_at + timedelta(days=(start - received_on).days)
    on_move = [c for c in tally.charges if c.move_number == number]
    charges = tally.charges
    if on_move:
        charges = tuple(c for c in charges if c.move_number != number)
    sent = sent_on or today
    days, _leave, charged = _general_cost(
        received, sent, received_at, sent_at, leaves, on_move or None, iccf, double, number
    )
    before = tally.total
    total = before + days + charged
    if total < 0:
        total = 0
    flagged, oversteps = tally.flagged, tally.oversteps
    deciding, restarted_from = tally.deciding, tally.restarted_from
    if total > limit and limit > flagged:
        flagged = limit
        when = _overstep_day(
            rules,
            received.toordinal(),
            sent.toordinal(),
            before,
            limit,
            leaves,
            on_move,
            received_at,
            iccf,
            double,
        )
        oversteps = (*oversteps, Overstep(number, limit, when))
        if deciding is None:
            deciding = when
        if rules.restart_after_first_overstep and fixed and restarted_from is None:
            # 55.6.4: the fixed first overstep; the count starts again from 0
            # with the player's next move.
            restarted_from = number + 1
            deciding = None
            if sent_on is not None:
                total, flagged = 0, 0
                next_control, limit = number + per_moves, per_days
    return (
        Tally(
            moves=number,
            total=total,
            penalty_days=tally.penalty_days + charged,
            next_control=next_control,
            limit=limit,
            flagged=flagged,
            oversteps=oversteps,
            deciding=deciding,
            restarted_from=restarted_from,
            charges=charges,
        ),
        days,
    )


def advance(
    rules: Rules,
    tally: Tally,
    move: MoveTimes,
    *,
    start: date,
    leaves: Iterable[Leave] = (),
    fixed: bool = False,
) -> Tally:
    """``tally`` with the player's next move made; ``leaves``: the player's
    (any that touch the move's interval suffice), ``fixed``: their first
    overstep has been fixed by a decision (55.6.4)."""
    if rules.counting == DayCounting.ICCF and (move.received_at is None or move.sent_at is None):
        raise ValueError(f"ICCF counting needs the instants of move {tally.moves + 1}: {move!r}")
    return _step(rules, tally, move, move.sent_on, start, leave_spans(leaves), fixed)[0]


def tally_of(
    rules: Rules,
    start: date,
    moves: Sequence[MoveTimes],
    *,
    leaves: Iterable[Leave] = (),
    charges: Iterable[Charge] = (),
    fixed: bool = False,
) -> Tally:
    """One player's tally from all their moves (``moves``: theirs only)."""
    ordinals = leave_spans(leaves)
    tally = Tally.fresh(rules, charges)
    for move in moves:
        tally = _step(rules, tally, move, move.sent_on, start, ordinals, fixed)[0]
    return tally


def clock_of(
    rules: Rules,
    tally: Tally,
    *,
    start: date,
    today: date,
    now: datetime | None = None,
    pending: Pending | None = None,
    leaves: Iterable[Leave] = (),
    fixed: bool = False,
) -> PlayerClock:
    """The player's clock as of ``today`` (``now`` for ICCF counting), with
    the move they are thinking about when ``pending`` says since when. It
    has no schedule (:attr:`PlayerClock.moves` refuses)."""
    if rules.counting == DayCounting.ICCF and pending is not None and now is None:
        raise ValueError("ICCF counting needs the current instant for the running clock")
    running = 0
    if pending is not None:
        row = (pending.received_on, None, pending.received_at, now)
        tally, running = _step(rules, tally, row, today, start, leave_spans(leaves), fixed)
    total, penalty = tally.total, tally.penalty_days
    # Charges on moves not yet reached still weigh on the total.
    if tally.charges:
        extra = sum(c.days for c in tally.charges)
        penalty += extra
        total = max(0, total + extra)
    next_control, limit = tally.next_control, tally.limit
    if pending is None and tally.moves + 1 > next_control:
        # The next move the player will think about opens the next period.
        next_control += rules.control_moves
        limit += rules.control_days
    days_left = limit - total
    return PlayerClock(
        rows=(),
        days=[],
        totals=[],
        limits=[],
        leave_days=None,
        charges={},
        notes={},
        total=total,
        penalty_days=penalty,
        running_days=running,
        next_control_move=next_control,
        days_left=days_left,
        near_control=days_left <= rules.warning_days,
        oversteps=tally.oversteps,
        overstep_on=tally.deciding,
        restarted_from_move=tally.restarted_from,
        carried=True,
    )


def carried_ledger(
    rules: Rules,
    white: Tally,
    black: Tally,
    *,
    start: date,
    today: date,
    now: datetime | None = None,
    pending: Pending | None = None,
    white_leaves: Iterable[Leave] = (),
    black_leaves: Iterable[Leave] = (),
    white_fixed: bool = False,
    black_fixed: bool = False,
    black_first: bool = False,
) -> Ledger:
    """Both clocks from the two tallies; the player to move is the one who
    has made no more moves than the partner and moved first (White, or Black
    with ``black_first``: a thematic start with Black to move)."""
    white_to_move = white.moves == black.moves if not black_first else white.moves < black.moves
    return Ledger(
        white=clock_of(
            rules,
            white,
            start=start,
            today=today,
            now=now,
            pending=pending if white_to_move else None,
            leaves=white_leaves,
            fixed=white_fixed,
        ),
        black=clock_of(
            rules,
            black,
            start=start,
            today=today,
            now=now,
            pending=None if white_to_move else pending,
            leaves=black_leaves,
            fixed=black_fixed,
        ),
        today=today,
    )


__all__ = ["BadTally", "Tally", "advance", "carried_ledger", "clock_of", "tally_of"]
