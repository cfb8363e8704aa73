"""What the daily run tells the player to move about their time, and a party
about a case's time: each on its day, not before, once, never on leave."""

from __future__ import annotations

from datetime import date, timedelta

from sqlalchemy import select

from cc.app.services import Services
from cc.base.clock import FixedClock
from cc.base.kinds import Door
from cc.kernel.context import Actor
from cc.store.models import OutboundMessage, Player
from tests.support.cases import setup_event
from tests.support.days import noon
from tests.support.events import make_event
from tests.support.records import game_row, notices


def alert_on(services: Services, game_id: int = 1) -> date | None:
    return game_row(services, game_id).alert_on


def run_days(
    services: Services, clock: FixedClock, first: date, last: date, player_id: int, *kinds: str
) -> dict[date, list[tuple[str, object]]]:
    """Run every day from ``first`` to ``last`` twice, at noon; what ``player_id``
    was told of ``kinds``, by day (kind and the days or days-left parameter)."""
    day = first
    while day <= last:
        clock.set(noon(day))
        services.daily.run(day)
        again = services.daily.run(day)
        assert (again.alerted, again.case_deadlines) == ([], []), day  # a rerun adds nothing
        day += timedelta(days=1)
    by_day: dict[date, list[tuple[str, object]]] = {}
    for row in notices(services, player_id, *kinds):
        value = row.params.get("days", row.params.get("days_left", row.params.get("what")))
        by_day.setdefault(row.created_at.date(), []).append((row.kind, value))
    return by_day


def test_each_alert_on_its_day_once_and_not_before(services: Services, clock: FixedClock) -> None:
    clock.set(noon(date(2026, 5, 1)))
    ids = make_event(services, 2)  # server, 10 moves in 50 days from 10 May (Moscow)
    # Before any move: White's first alert is the 14 days without a move.
    assert alert_on(services) == date(2026, 5, 25)
    clock.set(noon(date(2026, 5, 10)))
    services.games.submit_move(Actor.player(ids["p1"], Door.WEB), 1, "e4")
    # Black received 1.e4 on 10 May: 15th day, then 50 - 10 and 50 - 5 days used.
    assert alert_on(services) == date(2026, 5, 25)
    kinds = ("time_low", "five_days", "no_move")
    seen = run_days(services, clock, date(2026, 5, 11), date(2026, 6, 29), ids["p2"], *kinds)
    assert seen == {
        date(2026, 5, 25): [("no_move", 14)],
        date(2026, 6, 8): [("no_move", 28)],
        date(2026, 6, 15): [("no_move", 35)],
        date(2026, 6, 19): [("time_low", 10)],
        date(2026, 6, 24): [("five_days", 5)],
    }
    assert notices(services, ids["p1"], *kinds) == []  # White is not to move
    low = notices(services, ids["p2"], "time_low")[0]
    assert low.params == {"days_left": 10, "deadline": "2026-06-29", "percent": 20}
    assert low.key == "time_low:1:1"
    first = notices(services, ids["p2"], "no_move")[0]
    assert first.params == {"days": 14, "move": "e4", "ply": 1}
    assert first.channels == ["centre", "digest"]  # a server event's defaults
    # On the 51st day Black loses on time (54.5.2): nothing more to tell.
    clock.set(noon(date(2026, 6, 30)))
    assert services.daily.run(date(2026, 6, 30)).forfeited == [1]
    assert alert_on(services) is None


def test_the_player_s_own_share_decides_when_time_runs_low(
    services: Services, clock: FixedClock
) -> None:
    clock.set(noon(date(2026, 5, 1)))
    ids = make_event(services, 2)
    services.centre.set_preferences(Actor.player(ids["p1"], Door.WEB), low_time_percent=50)
    # White to move from 10 May: 25 of 50 days left on 4 June.
    seen = run_days(services, clock, date(2026, 5, 11), date(2026, 6, 5), ids["p1"], "time_low")
    assert seen == {date(2026, 6, 4): [("time_low", 25)]}
    assert notices(services, ids["p1"], "time_low")[0].params["percent"] == 50


def test_nothing_is_said_on_a_leave_day_it_waits_for_the_day_after(
    services: Services, clock: FixedClock
) -> None:
    clock.set(noon(date(2026, 5, 1)))
    ids = make_event(services, 2)
    white, black = Actor.player(ids["p1"], Door.WEB), Actor.player(ids["p2"], Door.WEB)
    clock.set(noon(date(2026, 5, 10)))
    services.games.submit_move(white, 1, "e4")
    run_days(services, clock, date(2026, 5, 11), date(2026, 6, 19), ids["p2"])
    # Black answers on the 41st day (9 of 50 left), and goes on leave from the 21st.
    clock.set(noon(date(2026, 6, 20)))
    services.games.submit_move(black, 1, "e5")
    services.leaves.request(Actor.operator(Door.CLI), "t1p2", date(2026, 6, 21), date(2026, 6, 25))
    # White answers during Black's leave: Black's time is already low, but
    # Black hears it only when the leave is over (56.7.4, 56.7.6).
    clock.set(noon(date(2026, 6, 22)))
    services.games.submit_move(white, 1, "Nf3")
    assert alert_on(services) == date(2026, 6, 26)
    seen = run_days(services, clock, date(2026, 6, 22), date(2026, 6, 27), ids["p2"], "time_low")
    assert seen == {
        date(2026, 6, 19): [("time_low", 10)],  # the first move's, before the leave
        date(2026, 6, 26): [("time_low", 8)],  # one day counted since the leave ended
    }
    assert notices(services, ids["p2"], "time_low")[-1].key == "time_low:1:3"


def test_leave_days_do_not_count_toward_the_days_without_a_move(
    services: Services, clock: FixedClock
) -> None:
    clock.set(noon(date(2026, 5, 1)))
    ids = make_event(services, 2)
    services.leaves.request(
        Actor.player(ids["p1"], Door.WEB), "t1p1", date(2026, 5, 20), date(2026, 5, 29)
    )
    seen = run_days(services, clock, date(2026, 5, 11), date(2026, 6, 5), ids["p1"], "no_move")
    assert seen == {date(2026, 6, 4): [("no_move", 14)]}  # ten leave days later
    assert notices(services, ids["p1"], "no_move")[0].params["move"] is None  # White's first


def test_a_missed_day_caught_up_tells_each_once(services: Services, clock: FixedClock) -> None:
    clock.set(noon(date(2026, 5, 1)))
    ids = make_event(services, 2)
    # Nobody ran the daily run for a month: a plain run tells what is due now.
    clock.set(noon(date(2026, 6, 10)))  # 31 days without White's first move
    report = services.daily.run()
    assert report.alerted == [1]
    assert [(r.kind, r.params["days"]) for r in notices(services, ids["p1"], "no_move")] == [
        ("no_move", 28)
    ]
    assert services.daily.run().alerted == []
    assert alert_on(services) == date(2026, 6, 15)  # the 35-day mark


def test_by_email_the_14_day_notice_is_the_repeated_move_then_28_and_35(
    services: Services, clock: FixedClock
) -> None:
    clock.set(noon(date(2026, 5, 1)))
    ids = make_event(services, 2, mode="email")  # 10 moves in 60 days
    with services.ctx.db.write() as session:
        black = session.get(Player, ids["p2"])
        assert black is not None
        black.notation = "numeric"
    clock.set(noon(date(2026, 5, 10)))
    services.games.submit_move(Actor.player(ids["p1"], Door.WEB), 1, "e4")
    seen = run_days(
        services, clock, date(2026, 5, 11), date(2026, 6, 16), ids["p2"], "no_move", "reminder"
    )
    assert seen == {
        date(2026, 5, 25): [("reminder", 15)],  # 56.5.1, copied to the arbiter
        date(2026, 6, 8): [("no_move", 28)],
        date(2026, 6, 15): [("no_move", 35)],
    }
    with services.ctx.db.read() as session:
        mails = session.scalars(
            select(OutboundMessage)
            .where(OutboundMessage.to_address == "t1p2@example.org")
            .order_by(OutboundMessage.id)
        ).all()
    bodies = [m.body for m in mails]
    assert sum("56.5.1" in b for b in bodies) == 1
    (day28,) = [b for b in bodies if "28 days have passed" in b]
    assert "5254" in day28  # 1.e4 in Black's own notation
    assert "http://127.0.0.1:8000/games/1" in day28  # an absolute link to the game
    assert [m.subject.startswith("[cc 1 ") for m in mails] == [True] * len(mails)


def test_a_party_hears_three_days_before_the_protest_and_the_appeal_time_ends(
    services: Services, clock: FixedClock
) -> None:
    clock.set(noon(date(2026, 5, 1)))
    ids = setup_event(services)  # email, 2 moves in 10 days
    clock.set(noon(date(2026, 5, 21)))
    services.games.submit_move(Actor.player(ids["p1"], Door.WEB), 1, "e4")  # 11 days
    clock.set(noon(date(2026, 5, 22)))
    case = services.cases.file_time_claim(Actor.player(ids["p2"], Door.WEB), 1, "11 days")
    # The accused may protest until 5 June (56.6.4): told on 2 June.
    seen = run_days(
        services, clock, date(2026, 5, 23), date(2026, 6, 5), ids["p1"], "case_deadline"
    )
    assert seen == {date(2026, 6, 2): [("case_deadline", "protest")]}
    assert notices(services, ids["p2"], "case_deadline") == []  # the claimant does not protest
    (row,) = notices(services, ids["p1"], "case_deadline")
    assert (row.case_id, row.params) == (case.id, {"what": "protest", "until": "2026-06-05"})
    with services.ctx.db.read() as session:
        (mail,) = [
            m
            for m in session.scalars(
                select(OutboundMessage).where(OutboundMessage.to_address == "p1@example.org")
            )
            if "56.6.4" in m.body and "2026-06-05" in m.body and "ends" in m.body
        ]
        assert mail.subject.startswith("[cc 1 ")  # a protest by answering it
    # Decided on 6 June: either party may appeal until 20 June (54.1.4): told on 17 June.
    clock.set(noon(date(2026, 6, 6)))
    services.cases.decide(Actor.player(ids["arb"], Door.WEB), case.id, "rejected", "In time")
    for who in ("p1", "p2"):
        seen = run_days(
            services, clock, date(2026, 6, 6), date(2026, 6, 20), ids[who], "case_deadline"
        )
        appeal = {d: v for d, v in seen.items() if v == [("case_deadline", "appeal")]}
        assert appeal == {date(2026, 6, 17): [("case_deadline", "appeal")]}, who
    assert notices(services, ids["arb"], "case_deadline") == []  # the arbiter is no party
