"""The ledger carried forward move by move equals the full computation.

:func:`timekeeping.compute_ledger` is the reference; a tally folded with
:func:`timekeeping.tally.advance` and closed with ``clock_of`` must give the
same totals, penalty days, running days, control period, days left,
oversteps (with their days), deciding overstep and restart, after any number
of moves, with leaves (56.7.5, 56.7.6), suspensions, charges on past, current
and future moves (penalties, graces, 56.4.8), ICCF counting with doubled days
(spec §10.2), and post play's restart after a fixed first overstep (55.6.4).
"""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.timekeeping.strategies import START, leave_lists
from timekeeping import Charge, DayCounting, Leave, MoveTimes, Pending, Rules, compute_ledger
from timekeeping.ledger import NoSchedule, PlayerClock
from timekeeping.tally import BadTally, Tally, advance, carried_ledger, clock_of, tally_of


def _instant(day: date, minute: int) -> datetime:
    return datetime.combine(day, time(0, 0), UTC) + timedelta(minutes=minute)


@st.composite
def games(draw: st.DrawFn) -> tuple[list[MoveTimes], Pending | None, date, datetime]:
    plies = draw(st.integers(0, 40))
    day = START - timedelta(days=draw(st.integers(0, 5)))
    at = _instant(day, draw(st.integers(0, 1439)))
    moves = []
    for _ in range(plies):
        received_at = at + timedelta(minutes=draw(st.integers(0, 4 * 1440)))
        sent_at = received_at + timedelta(minutes=draw(st.integers(0, 40 * 1440)))
        moves.append(MoveTimes(received_at.date(), sent_at.date(), received_at, sent_at))
        at = sent_at
    pending = None
    if draw(st.booleans()):
        received_at = at + timedelta(minutes=draw(st.integers(0, 3 * 1440)))
        pending = Pending(received_at.date(), received_at)
        at = received_at
    now = at + timedelta(minutes=draw(st.integers(0, 60 * 1440)))
    return moves, pending, now.date(), now


leaves = leave_lists(700)
charges = st.lists(
    st.builds(
        lambda move, days, on: Charge(move, days, "test", START + timedelta(days=on)),
        st.integers(0, 25),
        st.integers(-3, 12),
        st.integers(0, 400),
    ),
    max_size=3,
)
rules = st.builds(
    Rules,
    control_moves=st.integers(1, 12),
    control_days=st.integers(1, 60),
    counting=st.sampled_from(list(DayCounting)),
    double_after_20=st.booleans(),
    restart_after_first_overstep=st.booleans(),
)


def _same(carried: PlayerClock, full: PlayerClock) -> None:
    for attr in (
        "total",
        "penalty_days",
        "running_days",
        "next_control_move",
        "days_left",
        "near_control",
        "oversteps",
        "overstep_on",
        "restarted_from_move",
    ):
        assert getattr(carried, attr) == getattr(full, attr), attr


@settings(max_examples=600, deadline=None)
@given(games(), rules, leaves, leaves, charges, charges, st.booleans(), st.booleans(), st.data())
def test_a_ledger_carried_move_by_move_equals_the_full_computation(
    game: tuple[list[MoveTimes], Pending | None, date, datetime],
    rule: Rules,
    white_leaves: list[Leave],
    black_leaves: list[Leave],
    white_charges: list[Charge],
    black_charges: list[Charge],
    white_fixed: bool,
    black_fixed: bool,
    data: st.DataObject,
) -> None:
    moves, pending, today, now = game
    full = compute_ledger(
        rule,
        START,
        moves,
        today=today,
        now=now,
        pending=pending,
        white_leaves=white_leaves,
        black_leaves=black_leaves,
        white_charges=white_charges,
        black_charges=black_charges,
        white_fixed=white_fixed,
        black_fixed=black_fixed,
    )
    # Carried forward one move at a time, each move given only the leaves
    # that touch it, as the move service gives them.
    tallies = {
        True: Tally.fresh(rule, white_charges),
        False: Tally.fresh(rule, black_charges),
    }
    for ply, move in enumerate(moves):
        white = ply % 2 == 0
        mine = white_leaves if white else black_leaves
        touching = [
            lv for lv in mine if lv.last_day > move.received_on and lv.first_day <= move.sent_on
        ]
        tallies[white] = advance(
            rule,
            tallies[white],
            move,
            start=START,
            leaves=touching,
            fixed=white_fixed if white else black_fixed,
        )
    carried = carried_ledger(
        rule,
        tallies[True],
        tallies[False],
        start=START,
        today=today,
        now=now,
        pending=pending,
        white_leaves=white_leaves,
        black_leaves=black_leaves,
        white_fixed=white_fixed,
        black_fixed=black_fixed,
    )
    _same(carried.white, full.white)
    _same(carried.black, full.black)
    # The fold from scratch is the same tally, and it survives storage.
    for white, mine_leaves, mine_charges, fixed in (
        (True, white_leaves, white_charges, white_fixed),
        (False, black_leaves, black_charges, black_fixed),
    ):
        folded = tally_of(
            rule,
            START,
            moves[0 if white else 1 :: 2],
            leaves=mine_leaves,
            charges=mine_charges,
            fixed=fixed,
        )
        assert folded == tallies[white]
        assert Tally.from_json(folded.to_json()) == folded


def test_a_carried_clock_keeps_no_schedule() -> None:
    rule = Rules(10, 50)
    clock = clock_of(rule, Tally.fresh(rule), start=START, today=START, pending=Pending(START))
    assert (clock.total, clock.days_left, clock.next_control_move) == (0, 50, 10)
    with pytest.raises(NoSchedule):
        _ = clock.moves


@pytest.mark.parametrize(
    "stored", [None, [], {"moves": 1}, {**Tally.fresh(Rules(10, 50)).to_json(), "total": "3"}]
)
def test_a_stored_tally_that_cannot_be_read_is_refused_by_name(stored: object) -> None:
    with pytest.raises(BadTally, match="not a tally"):
        Tally.from_json(stored)
