"""Properties of the ledger over random games, leaves and controls."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from hypothesis import example, given, settings
from hypothesis import strategies as st

from tests.timekeeping.strategies import START, leave_lists
from timekeeping import Charge, DayCounting, Leave, MoveTimes, Pending, Rules, compute_ledger
from timekeeping.ledger import Ledger

#: a drawn game: its moves, the move pending, and today
Game = tuple[list[MoveTimes], Pending | None, date]


@st.composite
def games(draw: st.DrawFn) -> Game:
    plies = draw(st.integers(0, 50))
    day = START - timedelta(days=draw(st.integers(0, 5)))
    moves = []
    for _ in range(plies):
        received = day + timedelta(days=draw(st.integers(0, 3)))  # transmission
        sent = received + timedelta(days=draw(st.integers(0, 30)))
        moves.append(MoveTimes(received, sent))
        day = sent
    pending = None
    if draw(st.booleans()):
        pending = Pending(day + timedelta(days=draw(st.integers(0, 3))))
    today = max(day, pending.received_on if pending else day) + timedelta(
        days=draw(st.integers(0, 40))
    )
    return moves, pending, today


leaves = leave_lists(900)
rules = st.builds(Rules, control_moves=st.integers(1, 15), control_days=st.integers(1, 80))


def ledger_property(*strategies: Any) -> Callable[[Callable[..., None]], Any]:
    """A property of the ledger, tried on 300 cases drawn by ``strategies``."""
    return lambda test: settings(max_examples=300, deadline=None)(given(*strategies)(test))


def ledger_of(rule: Rules, game: Game, **kw: Any) -> Ledger:
    """The ledger of a drawn game under ``rule``, on the game's own today."""
    moves, pending, today = game
    return compute_ledger(rule, START, moves, today=today, pending=pending, **kw)


@ledger_property(games(), rules, leaves, leaves)
def test_costs_are_never_negative_and_totals_never_decrease(
    game: Game, rule: Rules, white_leaves: list[Leave], black_leaves: list[Leave]
) -> None:
    ledger = ledger_of(rule, game, white_leaves=white_leaves, black_leaves=black_leaves)
    for clock in (ledger.white, ledger.black):
        assert all(m.days >= 0 for m in clock.moves)
        assert clock.running_days >= 0
        totals = [m.total for m in clock.moves]
        assert totals == sorted(totals)
        assert clock.total == (totals[-1] if totals else 0)


@ledger_property(games(), rules, leaves, leaves, st.integers(1, 60))
def test_penalties_never_lower_a_total(
    game: Game, rule: Rules, white_leaves: list[Leave], extra: list[Leave], penalty_move: int
) -> None:
    plain = ledger_of(rule, game)
    charged = ledger_of(rule, game, white_charges=[Charge(penalty_move, 2, "test", START)])
    assert charged.white.total >= plain.white.total


@ledger_property(games(), rules, leaves, leaves)
def test_adding_a_leave_never_raises_a_cost(
    game: Game, rule: Rules, some: list[Leave], more: list[Leave]
) -> None:
    before = ledger_of(rule, game, white_leaves=some, black_leaves=some)
    after = ledger_of(rule, game, white_leaves=some + more, black_leaves=some + more)
    for old, new in ((before.white, after.white), (before.black, after.black)):
        assert all(n.days <= o.days for o, n in zip(old.moves, new.moves, strict=True))
        assert new.total <= old.total


@ledger_property(
    games(), rules, leaves, st.sampled_from(["UTC", "Europe/Moscow", "Asia/Vladivostok"])
)
def test_noon_moves_count_alike_in_calendar_and_iccf_days(
    game: Game, rule: Rules, some: list[Leave], zone: str
) -> None:
    moves, pending, today = game
    tz = ZoneInfo(zone)

    def noon(day: date) -> datetime:
        return datetime.combine(day, time(12), tz)

    timed = [
        MoveTimes(m.received_on, m.sent_on, noon(m.received_on), noon(m.sent_on)) for m in moves
    ]
    timed_pending = Pending(pending.received_on, noon(pending.received_on)) if pending else None
    a, b = (
        compute_ledger(
            Rules(rule.control_moves, rule.control_days, timezone=zone, counting=counting),
            START,
            timed,
            today=today,
            now=noon(today),
            pending=timed_pending,
            white_leaves=some,
            black_leaves=some,
        )
        for counting in (DayCounting.CALENDAR, DayCounting.ICCF)
    )
    for x, y in ((a.white, b.white), (a.black, b.black)):
        assert [m.days for m in x.moves] == [m.days for m in y.moves]
        assert (x.total, x.days_left, x.overstep_on) == (y.total, y.days_left, y.overstep_on)


def _walked_overstep_day(
    rule: Rules,
    r: int,
    s: int,
    before: int,
    limit: int,
    leave_days: list[tuple[int, int]],
    charges: list[Charge],
    received_at: datetime | None,
    iccf: bool,
    double: bool,
) -> date:
    """The reference: every day from ``r`` to ``s`` in turn, the first over."""
    zone = ZoneInfo(rule.timezone)
    for d in range(r, s + 1):
        charged = sum(c.days for c in charges if c.on.toordinal() <= d)
        if iccf:
            assert received_at is not None
            end = datetime.combine(date.fromordinal(d + 1), time(), zone)
            raw = max(0, int((end - received_at).total_seconds() // 86400))
        else:
            raw = d - r
        overlap = sum(max(0, min(last, d) - max(first, r + 1) + 1) for first, last in leave_days)
        days = max(0, raw - overlap)
        counted = days + days - 20 if double and days > 20 else days
        if before + counted + charged > limit:
            return date.fromordinal(d)
    return date.fromordinal(s)


@settings(max_examples=400, deadline=None)
@given(
    st.integers(0, 90),
    st.integers(0, 60),
    st.integers(1, 80),
    st.lists(st.tuples(st.integers(0, 90), st.integers(0, 20)), max_size=3),
    st.lists(st.tuples(st.integers(-20, 5), st.integers(0, 90)), max_size=3),
    st.booleans(),
    st.booleans(),
    st.sampled_from(["UTC", "Europe/Moscow", "America/New_York"]),
    st.integers(0, 23),
)
# Over on day 6, back under with a grace of 5 days on day 7: the first day.
@example(20, 0, 5, [], [(-5, 7)], False, False, "UTC", 12)
# Two leaves over the same day: it is one day of leave, not two.
@example(13, 0, 11, [(13, 0), (13, 0)], [], False, False, "UTC", 0)
def test_the_overstep_day_is_the_first_day_over_the_limit(
    length: int,
    before: int,
    limit: int,
    leave_spans_at: list[tuple[int, int]],
    charge_days: list[tuple[int, int]],
    iccf: bool,
    double: bool,
    zone: str,
    hour: int,
) -> None:
    """Found by halving the days when no grace takes days off (the total
    never falls), and by walking them when one does: the first day over,
    as the walk finds it, either way."""
    from timekeeping.ledger import _overstep_day, leave_spans

    rule = Rules(10, 50, timezone=zone)
    r = START.toordinal()
    s = r + length
    leave_days = leave_spans(
        Leave(date.fromordinal(r + first), date.fromordinal(r + first + span))
        for first, span in leave_spans_at
    )
    charges = [
        Charge(1, days, "test", date.fromordinal(r + on), "grace" if days < 0 else "penalty")
        for days, on in charge_days
    ]
    received_at = datetime.combine(START, time(hour), ZoneInfo(zone)) if iccf else None
    args = (rule, r, s, before, limit, leave_days, charges, received_at, iccf, double)
    assert _overstep_day(*args) == _walked_overstep_day(*args)
