"""The ledger wired into every game: schedule, report, leave and charges."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest
from sqlalchemy import select

from cc.app.services import Services
from cc.base import errors
from cc.base.clock import FixedClock
from cc.base.json_values import as_json
from cc.base.kinds import Door
from cc.kernel.context import Actor
from tests.support.events import OPERATOR, make_event


# Noon in Moscow.
def noon(day: int, month: int = 5) -> datetime:
    return datetime(2026, month, day, 9, 0, tzinfo=UTC)


@pytest.fixture
def email_game(services: Services, clock: FixedClock) -> dict[str, int]:
    clock.set(noon(1))
    return make_event(services, 2, mode="email")


def move_on(
    services: Services,
    clock: FixedClock,
    ids: dict[str, int],
    who: str,
    text: str,
    day: int,
    month: int = 5,
) -> None:
    clock.set(noon(day, month))
    services.games.submit_move(Actor.player(ids[who], Door.EMAIL), 1, text)


def test_schedule_and_clocks_of_a_game(
    services: Services, clock: FixedClock, email_game: dict[str, int]
) -> None:
    ids = email_game
    move_on(services, clock, ids, "p1", "d4", 10)  # start day: 0
    move_on(services, clock, ids, "p2", "d5", 12)  # 2
    move_on(services, clock, ids, "p1", "Nf3", 16)  # 4
    move_on(services, clock, ids, "p2", "g6", 17)  # 1
    clock.set(noon(20))
    view = services.ledgers.schedule(1, style="numeric")
    assert view.control == "10/60" and view.today == date(2026, 5, 20)
    first, second, third = view.schedule
    assert first.white is not None and first.black is not None
    assert (first.white.move, first.white.days, first.white.total) == ("4244", 0, 0)
    assert (first.black.move, first.black.received_on, first.black.sent_on) == (
        "4745",
        date(2026, 5, 10),
        date(2026, 5, 12),
    )
    assert second.white is not None and (second.white.days, second.white.total) == (4, 4)
    assert second.black is not None and (second.black.days, second.black.total) == (1, 3)
    # White is thinking on move 3 since 17 May.
    assert third.white is not None and third.white.move is None and third.black is None
    assert (third.white.sent_on, third.white.days, third.white.total) == (None, 3, 7)
    white, black = view.clocks["white"], view.clocks["black"]
    assert (white.total, white.running_days, white.next_control_move, white.days_left) == (
        7,
        3,
        10,
        53,
    )
    assert (black.total, black.days_left, black.overstep_on) == (3, 57, None)
    data = as_json(view)
    assert data["schedule"][1]["white"]["received_on"] == "2026-05-12"
    assert data["clocks"]["black"]["overstep_on"] is None


def test_report_of_a_participant(
    services: Services, clock: FixedClock, email_game: dict[str, int]
) -> None:
    ids = email_game
    move_on(services, clock, ids, "p1", "e4", 10)
    move_on(services, clock, ids, "p2", "e5", 14)
    clock.set(noon(15))
    report = services.ledgers.report("t1p2", "T1")
    (row,) = report.games
    assert (row.opponent, row.color, row.white_moves, row.black_moves) == ("t1p1", "black", 1, 1)
    assert (row.white_days, row.black_days) == (1, 4)  # White thinking since the 14th
    assert (row.last_received_on, row.last_sent_on) == (date(2026, 5, 10), date(2026, 5, 14))


def test_penalties_by_mode_and_grace(
    services: Services, clock: FixedClock, email_game: dict[str, int]
) -> None:
    ids = email_game
    move_on(services, clock, ids, "p1", "e4", 10)
    arbiter = Actor.player(ids["arb"], Door.WEB)
    services.ledgers.charge(arbiter, 1, as_player=ids["p2"], reason="illegal move (56.3.3)")
    with pytest.raises(errors.InvalidInput, match=r"56\.4\.8"):
        services.ledgers.charge(
            arbiter, 1, as_player=ids["p2"], kind="grace", days=4, reason="late"
        )
    services.ledgers.charge(
        arbiter,
        1,
        as_player=ids["p1"],
        kind="grace",
        days=3,
        reason="answering an impossible move",
        move_number=1,
    )
    with pytest.raises(errors.NotPermitted):
        services.ledgers.charge(
            Actor.player(ids["p1"], Door.WEB), 1, as_player=ids["p2"], reason="he was rude"
        )
    clock.set(noon(11))
    view = services.ledgers.schedule(1)
    black = view.clocks["black"]
    assert (black.penalty_days, black.total) == (2, 2 + 1)  # 2 penalty, 1 day running
    assert view.schedule[0].black is not None
    assert [c.days for c in view.schedule[0].black.charges] == [2]
    assert view.clocks["white"].total == 0  # the grace cannot take a total below 0


def test_post_penalty_for_a_repeat_is_ten_days(services: Services, clock: FixedClock) -> None:
    clock.set(noon(1))
    ids = make_event(services, 2, mode="post")
    clock.set(noon(11))
    services.ledgers.charge(OPERATOR, 1, as_player=ids["p1"], reason="impossible move")
    services.ledgers.charge(
        OPERATOR, 1, as_player=ids["p1"], repeat=True, reason="impossible move again (55.3.3)"
    )
    assert services.ledgers.schedule(1).clocks["white"].penalty_days == 15


def test_leave_in_advance_capped_and_counted_in_the_ledger(
    services: Services, clock: FixedClock, email_game: dict[str, int]
) -> None:
    ids = email_game
    black = Actor.player(ids["p2"], Door.WEB)
    move_on(services, clock, ids, "p1", "e4", 10)
    clock.set(noon(11))
    with pytest.raises(errors.InvalidInput, match="in advance"):
        services.leaves.request(black, "t1p2", date(2026, 5, 11), date(2026, 5, 14))
    leave_id = services.leaves.request(black, "t1p2", date(2026, 5, 12), date(2026, 5, 14))
    with pytest.raises(errors.Conflict):
        services.leaves.request(black, "t1p2", date(2026, 5, 14), date(2026, 5, 16))
    with pytest.raises(errors.InvalidInput) as info:
        services.leaves.request(black, "t1p2", date(2026, 6, 1), date(2026, 6, 28))
    assert "used 3 of the 30 days" in str(info.value) and "28 more would make 31" in str(info.value)
    with pytest.raises(errors.NotPermitted):
        services.leaves.request(
            Actor.player(ids["p1"], Door.WEB), "t1p2", date(2026, 6, 1), date(2026, 6, 2)
        )
    move_on(services, clock, ids, "p2", "e5", 16)
    view = services.ledgers.schedule(1)
    entry = view.schedule[0].black
    assert entry is not None and (entry.days, entry.leave_days) == (3, 3)
    assert services.leaves.balance("t1p2").used_this_year == 3
    assert [lv.id for lv in services.leaves.leaves("t1p2")] == [leave_id]


def test_the_arbiter_grants_a_leave_that_began_or_beyond_the_cap(
    services: Services, clock: FixedClock, email_game: dict[str, int]
) -> None:
    ids = email_game
    clock.set(noon(20))
    arbiter = Actor.player(ids["arb"], Door.WEB)
    with pytest.raises(errors.NotPermitted):
        services.leaves.request(
            Actor.player(ids["p1"], Door.WEB),
            "t1p1",
            date(2026, 5, 18),
            date(2026, 5, 25),
            grant=True,
        )
    services.leaves.request(arbiter, "t1p1", date(2026, 5, 18), date(2026, 5, 25), grant=True)
    services.leaves.request(arbiter, "t1p1", date(2026, 6, 1), date(2026, 7, 15), grant=True)
    assert [lv.granted_by for lv in services.leaves.leaves("t1p1")] == ["arbT1", "arbT1"]
    with services.ctx.db.read() as session:
        from cc.store.models import AuditEntry

        taken = session.scalars(
            select(AuditEntry).where(AuditEntry.action == "leave_taken").order_by(AuditEntry.id)
        ).all()
        assert [(e.actor_id, e.details["granted_by"]) for e in taken] == [(ids["arb"], "arbT1")] * 2


def test_leave_across_new_year_counts_against_each_year(
    services: Services, clock: FixedClock, email_game: dict[str, int]
) -> None:
    ids = email_game
    player = Actor.player(ids["p1"], Door.WEB)
    clock.set(noon(1, 11))
    services.leaves.request(player, "t1p1", date(2026, 12, 1), date(2026, 12, 20))  # 20
    # 7 days in 2026 and 9 in 2027.
    services.leaves.request(player, "t1p1", date(2026, 12, 25), date(2027, 1, 9))
    assert services.leaves.balance("t1p1", 2026).used_this_year == 27
    assert services.leaves.balance("t1p1", 2027).used_this_year == 9
    with pytest.raises(errors.InvalidInput, match="27 of the 30 days of leave allowed in 2026"):
        services.leaves.request(player, "t1p1", date(2026, 12, 21), date(2026, 12, 24))
    with pytest.raises(errors.InvalidInput, match="9 of the 30 days of leave allowed in 2027"):
        services.leaves.request(player, "t1p1", date(2027, 2, 1), date(2027, 2, 22))
    services.leaves.request(player, "t1p1", date(2027, 2, 1), date(2027, 2, 21))
    assert services.leaves.balance("t1p1", 2027).used_this_year == 30


def test_ending_a_leave_early(
    services: Services, clock: FixedClock, email_game: dict[str, int]
) -> None:
    ids = email_game
    player = Actor.player(ids["p1"], Door.WEB)
    clock.set(noon(1))
    running = services.leaves.request(player, "t1p1", date(2026, 5, 5), date(2026, 5, 20))
    future = services.leaves.request(player, "t1p1", date(2026, 6, 5), date(2026, 6, 10))
    clock.set(noon(8))
    ended = services.leaves.end_early(player, running)
    assert (ended.status, ended.last_day) == ("active", date(2026, 5, 7))
    withdrawn = services.leaves.end_early(player, future)
    assert withdrawn.status == "cancelled"
    assert services.leaves.balance("t1p1").used_this_year == 3
    with pytest.raises(errors.NotFound):
        services.leaves.end_early(player, future)


def test_server_overstep_is_dated_by_the_running_clock(
    services: Services, clock: FixedClock
) -> None:
    clock.set(noon(1))
    ids = make_event(services, 2)  # server: 10 moves in 50 days
    clock.set(noon(10) + timedelta(days=51))
    view = services.ledgers.schedule(1)
    assert view.clocks["white"].overstep_on == date(2026, 6, 30)
    assert view.clocks["white"].days_left == -1
    assert ids
