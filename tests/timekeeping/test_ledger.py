"""The day ledger against the rules, case by case (spec §3, §10)."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest

from timekeeping import (
    Charge,
    DayCounting,
    Leave,
    Ledger,
    MoveTimes,
    Pending,
    Rules,
    compute_ledger,
)

R10_50 = Rules(control_moves=10, control_days=50)
START = date(2026, 5, 10)


def d(day: int, month: int = 5, year: int = 2026) -> date:
    return date(year, month, day)


def test_the_59_1_form_example() -> None:
    """White 0/00, 4/04, 3/07; Black 0/00, 1/01, as the form in the spec shows."""
    moves = [
        MoveTimes(d(10), d(10)),  # 01. 4244 sent 10/05
        MoveTimes(d(12), d(12)),  # 01. ... 4745 received 12/05, replied 12/05
        MoveTimes(d(12), d(16)),  # 02. 7163 received 12/05, replied 16/05
        MoveTimes(d(17), d(18)),  # 02. ... 7776 received 17/05, replied 18/05
        MoveTimes(d(19), d(22)),  # 03. 3234 received 19/05, replied 22/05
    ]
    ledger = compute_ledger(R10_50, START, moves, today=d(22))
    assert [(m.days, m.total) for m in ledger.white.moves] == [(0, 0), (4, 4), (3, 7)]
    assert [(m.days, m.total) for m in ledger.black.moves] == [(0, 0), (1, 1)]


def test_a_reply_on_the_day_of_receipt_costs_nothing() -> None:
    ledger = compute_ledger(
        R10_50, START, [MoveTimes(d(10), d(10)), MoveTimes(d(11), d(11))], today=d(11)
    )
    assert ledger.white.moves[0].days == 0 and ledger.black.moves[0].days == 0


def test_time_before_the_official_start_is_not_counted() -> None:
    ledger = compute_ledger(R10_50, START, [MoveTimes(d(1), d(12))], today=d(12))
    assert ledger.white.moves[0].days == 2  # 11 and 12 May only (54.4.4)


def steady(player_days: list[int], start: date = START) -> list[MoveTimes]:
    """White thinks ``player_days[i]`` days on move i; Black always replies at once."""
    moves = []
    day = start
    for cost in player_days:
        sent = day + timedelta(days=cost)
        moves.append(MoveTimes(day, sent))
        moves.append(MoveTimes(sent, sent))
        day = sent
    return moves


def test_at_the_control_move_exactly_n_is_in_time() -> None:
    ledger = compute_ledger(R10_50, START, steady([5] * 10), today=d(30, 6))
    white = ledger.white
    assert white.moves[9].total == 50 and white.oversteps == () and white.overstep_on is None
    assert (white.next_control_move, white.days_left) == (20, 50)


def test_n_plus_one_is_an_overstep_dated_the_day_it_happened() -> None:
    moves = steady([5] * 9 + [6])
    ledger = compute_ledger(R10_50, START, moves, today=d(30, 6))
    white = ledger.white
    assert white.moves[9].total == 51
    # Move 10 was received when the total stood at 45: the 6th day after receipt.
    received = moves[18].received_on
    assert white.overstep_on == received + timedelta(days=6)
    assert white.oversteps[0].move_number == 10 and white.oversteps[0].limit == 50
    assert white.moves[9].note == "overstep"


def test_the_running_clock_oversteps_before_any_move_is_sent() -> None:
    moves = steady([5] * 9)  # 45 days used, thinking on move 10
    received = moves[-1].sent_on
    on_time = compute_ledger(
        R10_50, START, moves, today=received + timedelta(days=5), pending=Pending(received)
    )
    assert (on_time.white.running_days, on_time.white.total, on_time.white.days_left) == (5, 50, 0)
    assert on_time.white.near_control and on_time.white.overstep_on is None
    late = compute_ledger(
        R10_50, START, moves, today=received + timedelta(days=9), pending=Pending(received)
    )
    assert late.white.overstep_on == received + timedelta(days=6)
    assert late.white.days_left == -4


def test_days_saved_carry_into_the_next_period() -> None:
    # 10 days over the first ten moves, 90 over the next ten: 100 in 20 moves is in time.
    ledger = compute_ledger(R10_50, START, steady([1] * 10 + [9] * 10), today=d(1, 12))
    assert ledger.white.moves[19].total == 100 and ledger.white.oversteps == ()
    over = compute_ledger(R10_50, START, steady([1] * 10 + [9] * 9 + [10]), today=d(1, 12))
    assert over.white.oversteps[0].move_number == 20 and over.white.oversteps[0].limit == 100


def test_near_the_control_the_arbiter_is_copied() -> None:
    ledger = compute_ledger(R10_50, START, steady([5] * 8 + [4]), today=d(1, 12))
    assert ledger.white.days_left == 6 and not ledger.white.near_control
    ledger = compute_ledger(R10_50, START, steady([5] * 8 + [5]), today=d(1, 12))
    assert ledger.white.days_left == 5 and ledger.white.near_control  # 56.4.10


@pytest.mark.parametrize(
    ("leave", "cost"),
    [
        ((d(5), d(10)), 10),  # ends on the day of receipt: nothing to take off
        ((d(10), d(12)), 8),  # begins on the day of receipt: 11 and 12 are off
        ((d(18), d(20)), 7),  # ends on the sending day: 18, 19, 20 are off
        ((d(20), d(25)), 9),  # begins on the sending day: 20 is off
        ((d(13), d(14)), 8),  # inside the interval (56.7.5)
        ((d(8), d(15)), 5),  # move received during the leave (56.7.6): 16..20 count
        ((d(21), d(25)), 10),  # after the move
    ],
)
def test_leave_boundaries(leave: tuple[date, date], cost: int) -> None:
    moves = [MoveTimes(d(10), d(10)), MoveTimes(d(10), d(20))]
    ledger = compute_ledger(R10_50, START, moves, today=d(20), black_leaves=[Leave(*leave)])
    assert ledger.black.moves[0].days == cost
    assert ledger.black.moves[0].leave_days == 10 - cost
    assert ledger.white.moves[0].days == 0  # the partner's time runs as usual (56.7.4)


def test_leave_over_new_year() -> None:
    moves = [MoveTimes(d(28, 12, 2026), d(28, 12, 2026)), MoveTimes(d(28, 12, 2026), d(5, 1, 2027))]
    leave = Leave(d(30, 12, 2026), d(3, 1, 2027))
    ledger = compute_ledger(
        R10_50, d(28, 12, 2026), moves, today=d(5, 1, 2027), black_leaves=[leave]
    )
    assert (ledger.black.moves[0].days, ledger.black.moves[0].leave_days) == (3, 5)


def test_a_day_under_two_leaves_is_one_day_of_leave() -> None:
    """A player's leave inside a suspended game's pause (56.6.3): both stop
    the same clock, and each day off is taken off once."""
    moves = [MoveTimes(d(10), d(10)), MoveTimes(d(10), d(20))]
    leaves = [Leave(d(12), d(16)), Leave(d(14), d(18))]
    ledger = compute_ledger(R10_50, START, moves, today=d(20), black_leaves=leaves)
    assert (ledger.black.moves[0].days, ledger.black.moves[0].leave_days) == (3, 7)
    the_same = compute_ledger(R10_50, START, moves, today=d(20), black_leaves=leaves * 2)
    assert the_same.black.moves == ledger.black.moves
    assert the_same.black.total == ledger.black.total == 3


def test_running_clock_pauses_on_leave() -> None:
    moves = [MoveTimes(d(10), d(10))]
    ledger = compute_ledger(
        R10_50,
        START,
        moves,
        today=d(20),
        pending=Pending(d(10)),
        black_leaves=[Leave(d(15), d(24))],
    )
    assert ledger.black.running_days == 4


def test_penalty_days_count_in_the_total_and_can_cause_the_overstep() -> None:
    rules = Rules(control_moves=10, control_days=60)
    moves = steady([6] * 9)  # 54 days, thinking on move 10
    received = moves[-1].sent_on
    penalty = Charge(10, 2, "illegal move (56.3.3)", received + timedelta(days=3))

    def after(days: int) -> Ledger:
        """The ledger ``days`` after White received the move, the penalty charged."""
        return compute_ledger(
            rules,
            START,
            moves,
            today=received + timedelta(days=days),
            pending=Pending(received),
            white_charges=[penalty],
        )

    on_time = after(3)
    assert (on_time.white.total, on_time.white.penalty_days) == (59, 2)
    assert on_time.white.moves[-1].charges == (penalty,)
    late = after(5)
    assert late.white.total == 61
    assert late.white.overstep_on == received + timedelta(days=5)


def test_a_grace_credit_takes_days_off() -> None:
    moves = [MoveTimes(d(10), d(10)), MoveTimes(d(10), d(16))]
    grace = Charge(1, -3, "answering an impossible move (56.4.8)", d(16), kind="grace")
    ledger = compute_ledger(R10_50, START, moves, today=d(16), black_charges=[grace])
    assert ledger.black.total == 3


def test_post_first_overstep_once_fixed_restarts_the_count_and_the_second_loses() -> None:
    rules = Rules(control_moves=10, control_days=30, restart_after_first_overstep=True)
    moves = steady([3] * 9 + [4] + [1] * 5 + [3] * 4 + [8])
    ledger = compute_ledger(rules, START, moves, today=d(1, 12), white_fixed=True)
    white = ledger.white
    assert white.oversteps[0].move_number == 10  # 31 days over moves 1-10
    assert white.restarted_from_move == 11
    assert white.moves[9].note == "overstep_fixed"
    assert white.moves[9].total == 31  # the overstepping move keeps its real total
    assert white.moves[10].total == 1  # counted from 0 again from move 11 (55.6.4)
    assert white.moves[19].total == 5 + 12 + 8
    assert white.overstep_on is None  # the fixed overstep is spent; none since
    twice = compute_ledger(
        rules, START, steady([3] * 9 + [4] + [3] * 9 + [4]), today=d(1, 12), white_fixed=True
    )
    assert twice.white.oversteps[1].move_number == 20
    assert twice.white.overstep_on == twice.white.oversteps[1].on


def test_post_overstep_nobody_fixed_restarts_nothing() -> None:
    """55.6.4 restarts the count after a first overstep *fixed*; until a claim
    is upheld the count runs on cumulatively, and the overstep stays open."""
    rules = Rules(control_moves=10, control_days=30, restart_after_first_overstep=True)
    moves = steady([3] * 9 + [4] + [1] * 5)
    white = compute_ledger(rules, START, moves, today=d(1, 12)).white
    assert white.restarted_from_move is None
    assert white.moves[9].note == "overstep"
    assert [m.total for m in white.moves[9:]] == [31, 32, 33, 34, 35, 36]
    assert white.overstep_on == white.oversteps[0].on == START + timedelta(days=31)
    assert white.days_left == 60 - 36  # the next limit, moves 11-20: 60 days


def test_post_fixed_overstep_on_the_move_still_being_thought_about() -> None:
    """Fixed while the overstepping move is not yet sent: that move still
    counts in full; the count restarts from the one after it."""
    rules = Rules(control_moves=10, control_days=30, restart_after_first_overstep=True)
    ledger = compute_ledger(
        rules, START, [], today=d(15, 6), pending=Pending(START), white_fixed=True
    )
    white = ledger.white
    assert (white.total, white.restarted_from_move, white.overstep_on) == (36, 2, None)
    assert white.moves[0].note == "overstep_fixed"


def test_first_overstep_loses_where_the_regulations_say_so() -> None:
    rules = Rules(control_moves=10, control_days=30)
    ledger = compute_ledger(rules, START, steady([3] * 9 + [4]), today=d(1, 12))
    assert ledger.white.overstep_on == ledger.white.oversteps[0].on
    assert ledger.white.restarted_from_move is None


ICCF = Rules(control_moves=10, control_days=50, counting=DayCounting.ICCF, timezone="Europe/Moscow")


def at(day: int, hour: int, minute: int = 0) -> datetime:
    return datetime(2026, 5, day, hour, minute, tzinfo=UTC)


def test_iccf_counts_whole_24_hour_periods_across_midnight() -> None:
    # Received 23:00, sent 01:00 two days later: calendar 2 days, ICCF 1 period.
    received, sent = at(10, 20), at(12, 22)  # 23:00 and 01:00 in Moscow
    times = MoveTimes(d(10), d(13), received, sent)
    first = MoveTimes(d(10), d(10), at(9, 21), at(10, 20))
    calendar = compute_ledger(R10_50, START, [first, times], today=d(13))
    iccf = compute_ledger(ICCF, START, [first, times], today=d(13), now=sent)
    assert calendar.black.moves[0].days == 3
    assert iccf.black.moves[0].days == 2
    short = MoveTimes(d(10), d(11), at(10, 7), at(11, 6))  # 23 hours across midnight
    assert (
        compute_ledger(ICCF, START, [first, short], today=d(11), now=at(11, 6)).black.moves[0].days
        == 0
    )


def test_iccf_doubles_days_beyond_20() -> None:
    rules = Rules(
        control_moves=10, control_days=50, counting=DayCounting.ICCF, double_after_20=True
    )
    first = MoveTimes(d(1), d(1), at(1, 0), at(1, 12))
    for cost, counted in ((20, 20), (21, 22), (25, 30)):
        sent = at(1, 12) + timedelta(days=cost, hours=1)
        move = MoveTimes(d(1), sent.date(), at(1, 12), sent)
        ledger = compute_ledger(rules, d(1), [first, move], today=sent.date(), now=sent)
        assert ledger.black.moves[0].days == counted, cost


def test_iccf_overstep_is_dated_in_the_event_zone() -> None:
    rules = Rules(
        control_moves=1, control_days=2, counting=DayCounting.ICCF, timezone="Europe/Moscow"
    )
    first = MoveTimes(d(10), d(10), at(9, 21), at(10, 20))  # received 21:00 UTC = 00:00 MSK
    ledger = compute_ledger(
        rules, START, [first], today=d(14), now=at(14, 12), pending=Pending(d(10), at(10, 20))
    )
    # The third whole period after 23:00 MSK on 10 May ends at 23:00 MSK on 13 May.
    assert ledger.black.overstep_on == d(13)


def test_a_charge_on_a_move_not_yet_reached_still_counts() -> None:
    moves = [MoveTimes(d(10), d(10))]
    later = Charge(2, 2, "penalty for the next move", d(10))
    ledger = compute_ledger(R10_50, START, moves, today=d(10), white_charges=[later])
    assert (ledger.white.total, ledger.white.penalty_days) == (2, 2)


def test_conditional_moves_cost_the_proposer_only_on_the_first_move() -> None:
    """§10.6, 56.4.6: a fired move is dated when the triggering move was sent."""
    moves = [
        MoveTimes(d(10), d(10)),  # 1. e4
        MoveTimes(d(10), d(15)),  # 1... c5, with "if 2. Nf3 then 2... d6" (5 days)
        MoveTimes(d(15), d(18)),  # 2. Nf3 (3 days)
        MoveTimes(d(18), d(18)),  # 2... d6 fires at once: received and sent on the 18th
    ]
    ledger = compute_ledger(R10_50, START, moves, today=d(18))
    assert [m.days for m in ledger.black.moves] == [5, 0]
    assert ledger.white.moves[1].days == 3
