"""The overstep on the day it happens, including the days nobody was watching.

Server games (54.5.2): the run for the day before does nothing, the run for
the day of the overstep records the loss dated that day with its evidence
counted to it (limit + 1), a second run changes nothing, and all of that
holds whether the run happens on the day or weeks later (a missed day
caught up). A move, offer or resignation sent once the limit is passed finds
the game lost: refused, the loss recorded in the same transaction.

Post games (55.6.4): the count restarts only after a first overstep has been
fixed by an upheld claim; a claim's evidence shows the real days used.
"""

from __future__ import annotations

from datetime import UTC, date, timedelta

import pytest
from sqlalchemy import select

from cc.app.services import Services
from cc.base import errors
from cc.base.clock import FixedClock
from cc.base.kinds import Door
from cc.kernel.context import Actor
from cc.store.models import AuditEntry, OutboundMessage
from tests.support.days import noon
from tests.support.events import OPERATOR, create_event, forget_start, make_event
from tests.support.records import game_row
from tests.support.web import client, sign_in, token_for

START = date(2026, 5, 10)
#: server, 10 moves in 50 days from 10 May: White, who never moves, is over
#: the limit on the 51st day
OVERSTEP = date(2026, 6, 30)


def forfeit_audit(services: Services) -> list[dict[str, object]]:
    with services.ctx.db.read() as session:
        return [
            dict(e.details)
            for e in session.scalars(
                select(AuditEntry)
                .where(AuditEntry.action == "time_forfeit")
                .order_by(AuditEntry.id)
            )
        ]


def assert_lost_on(services: Services, day: date, total: int, limit: int) -> None:
    """The game is lost by White on ``day``, the evidence counted to that day."""
    view = services.queries.game(1)
    assert (view.status, view.result, view.result_reason) == ("finished", "0-1", "time_forfeit")
    assert forfeit_audit(services) == [
        {"player_id": 2, "overstep_on": day.isoformat(), "total": total, "limit": limit}
    ]
    finished = game_row(services).finished_at
    assert finished is not None
    assert finished.astimezone(UTC).date() in (day, day - timedelta(days=1))  # Moscow's day
    white = services.ledgers.schedule(1).clocks["white"]
    assert (white.total, white.overstep_on) == (total, day)


# ------------------------------------------------------------ the daily run


@pytest.mark.parametrize(
    "run_on",
    [OVERSTEP, OVERSTEP + timedelta(days=1), OVERSTEP + timedelta(days=40)],
    ids=["on-the-day", "next-day", "weeks-later"],
)
def test_the_run_for_the_overstep_day_records_it_whenever_it_runs(
    services: Services, clock: FixedClock, run_on: date
) -> None:
    clock.set(noon(date(2026, 5, 1)))
    make_event(services, 2)
    clock.set(noon(run_on))
    before = services.daily.run(OVERSTEP - timedelta(days=1))
    assert (before.examined, before.forfeited) == (0, [])
    assert services.queries.game(1).status == "ongoing"
    report = services.daily.run(OVERSTEP)
    assert report.forfeited == [1]
    assert_lost_on(services, OVERSTEP, 51, 50)
    again = services.daily.run(OVERSTEP)
    assert (again.examined, again.forfeited) == (0, [])
    assert len(forfeit_audit(services)) == 1


def test_a_plain_run_long_after_the_overstep_dates_it_on_its_day(
    services: Services, clock: FixedClock
) -> None:
    """Nobody ran the day: the next plain run still counts only to the overstep."""
    clock.set(noon(date(2026, 5, 1)))
    make_event(services, 2)
    clock.set(noon(OVERSTEP + timedelta(days=275)))
    assert services.daily.run().forfeited == [1]
    assert_lost_on(services, OVERSTEP, 51, 50)
    # (the same run then closes the event, its one game decided: another mail)
    (notice,) = [
        m for m in _mails(services) if "t1p1@" in m.to_address and "final standings" not in m.body
    ]
    assert "2026-06-30" in notice.body and "51" in notice.body


def test_a_posted_move_entered_late_leaves_the_partners_overstep_catchable(
    services: Services, clock: FixedClock
) -> None:
    """The arbiter enters White's posted move weeks after it was sent; Black
    was over the limit before that entry, and the run for that day finds it."""
    clock.set(noon(date(2026, 5, 1)))
    ids = make_event(services, 2)
    clock.set(noon(date(2026, 8, 1)))
    services.games.submit_move(
        Actor.player(ids["arb"], Door.WEB),
        1,
        "e4",
        as_player=ids["p1"],
        sent_at=noon(date(2026, 5, 11)),
    )
    black_over = date(2026, 7, 1)  # the 51st day after Black received e4
    assert game_row(services).next_deadline == black_over
    assert services.daily.run(black_over - timedelta(days=1)).examined == 0
    assert services.daily.run(black_over).forfeited == [1]
    view = services.queries.game(1)
    assert (view.result, view.result_reason) == ("1-0", "time_forfeit")
    black = services.ledgers.schedule(1).clocks["black"]
    assert (black.total, black.overstep_on) == (51, black_over)


# ------------------------------------------------- requests after the limit


def test_a_move_on_the_last_day_is_in_time(services: Services, clock: FixedClock) -> None:
    clock.set(noon(date(2026, 5, 1)))
    ids = make_event(services, 2)
    clock.set(noon(OVERSTEP - timedelta(days=1)))
    services.games.submit_move(Actor.player(ids["p1"], Door.WEB), 1, "e4")
    assert services.ledgers.schedule(1).clocks["white"].total == 50
    assert forfeit_audit(services) == []


@pytest.mark.parametrize(
    ("sent_on", "request_kind"),
    [
        (OVERSTEP, "move"),
        (OVERSTEP + timedelta(days=5), "move"),
        (OVERSTEP + timedelta(days=5), "resign"),
        (OVERSTEP + timedelta(days=5), "offer_draw"),
    ],
)
def test_a_request_after_the_limit_is_refused_and_the_loss_recorded(
    services: Services, clock: FixedClock, sent_on: date, request_kind: str
) -> None:
    clock.set(noon(date(2026, 5, 1)))
    ids = make_event(services, 2)
    clock.set(noon(sent_on))
    white = Actor.player(ids["p1"], Door.WEB)
    with pytest.raises(errors.LostOnTime) as refused:
        if request_kind == "move":
            services.games.submit_move(white, 1, "e4", move_number=1)
        else:
            getattr(services.games, request_kind)(white, 1)
    # The refusal names the day and the count...
    assert refused.value.params == {
        "game_id": 1,
        "player": "t1p1",
        "day": "2026-06-30",
        "total": 51,
        "limit": 50,
    }
    assert "2026-06-30" in refused.value.message("ru") and "54.5.2" in refused.value.message("ru")
    # ...and the loss stands, dated on the overstep, nothing else recorded.
    assert_lost_on(services, OVERSTEP, 51, 50)
    assert services.queries.game(1).ply_count == 0
    assert services.daily.run(OVERSTEP).forfeited == []
    with pytest.raises(errors.GameOver):
        services.games.submit_move(white, 1, "e4")


@pytest.mark.parametrize(
    ("sent_on", "stands"), [(OVERSTEP - timedelta(days=1), True), (OVERSTEP, False)]
)
def test_a_posted_move_entered_after_the_limit_counts_by_its_sending_day(
    services: Services, clock: FixedClock, sent_on: date, stands: bool
) -> None:
    """The arbiter enters on 3 July a move posted on 29 or 30 June: what
    decides is the day it was sent, not the day it was entered."""
    clock.set(noon(date(2026, 5, 1)))
    ids = make_event(services, 2)
    clock.set(noon(OVERSTEP + timedelta(days=3)))
    arbiter = Actor.player(ids["arb"], Door.WEB)
    if stands:
        services.games.submit_move(arbiter, 1, "e4", as_player=ids["p1"], sent_at=noon(sent_on))
        assert services.queries.game(1).status == "ongoing"
        assert services.ledgers.schedule(1).clocks["white"].total == 50
        assert forfeit_audit(services) == []
    else:
        with pytest.raises(errors.LostOnTime):
            services.games.submit_move(arbiter, 1, "e4", as_player=ids["p1"], sent_at=noon(sent_on))
        assert_lost_on(services, OVERSTEP, 51, 50)


def test_through_the_api_the_late_move_gets_409_and_the_loss(
    services: Services, clock: FixedClock
) -> None:
    clock.set(noon(date(2026, 5, 1)))
    ids = make_event(services, 2)
    clock.set(noon(OVERSTEP + timedelta(days=2)))
    headers = {**token_for(services, ids["p1"]), "Accept-Language": "ru"}
    r = client(services).post(
        "/api/v1/games/1/moves", json={"move": "5254", "move_number": 1}, headers=headers
    )
    assert r.status_code == 409
    error = r.json()["error"]
    assert error["code"] == "lost_on_time" and "2026-06-30" in error["message"]
    assert_lost_on(services, OVERSTEP, 51, 50)


def _mails(services: Services) -> list[OutboundMessage]:
    with services.ctx.db.read() as session:
        return list(session.scalars(select(OutboundMessage).order_by(OutboundMessage.id)))


# ------------------------------------------------------------------ post play


def post_event(services: Services, *, first_overstep_loses: bool = False) -> dict[str, int]:
    """A post event, 10 moves in 30 days, with an arbiter and an appeal arbiter."""
    ids = {
        "arb": services.players.add(
            OPERATOR, login="arb", name="Arbiter", roles=["arbiter"], emails=["arb@x.org"]
        ),
        "ap": services.players.add(
            OPERATOR, login="ap", name="Appeal", roles=["appeal_arbiter"], emails=["ap@x.org"]
        ),
        "w": services.players.add(OPERATOR, login="wpl", name="White", emails=["w@x.org"]),
        "b": services.players.add(
            OPERATOR, login="bpl", name="Black", emails=["b@x.org"], lang="ru"
        ),
    }
    create_event(
        services,
        "P1",
        "Post Cup",
        START,
        mode="post",
        timezone="Europe/Moscow",
        arbiter="arb",
        appeal_arbiters=("ap",),
        regulations={
            "control_moves": 10,
            "control_days": 30,
            "first_overstep_loses": first_overstep_loses,
        },
    )
    services.events.add_players(OPERATOR, "P1", ["wpl", "bpl"])
    services.events.start(OPERATOR, "P1")
    forget_start(services, "P1")
    return ids


def play(services: Services, clock: FixedClock, ids: dict[str, int], *moves: tuple) -> None:
    for day, who, text in moves:
        clock.set(noon(day))
        services.games.submit_move(Actor.player(ids[who], Door.WEB), 1, text)


def overstepped_post(
    services: Services, clock: FixedClock, *, first_overstep_loses: bool = False
) -> dict[str, int]:
    """The post event set up on 1 May; White takes 33 days over move 1
    (limit 30, passed on 10 June), then both play on at once."""
    clock.set(noon(date(2026, 5, 1)))
    ids = post_event(services, first_overstep_loses=first_overstep_loses)
    play(
        services,
        clock,
        ids,
        (date(2026, 6, 12), "w", "e4"),
        (date(2026, 6, 12), "b", "e5"),
        (date(2026, 6, 14), "w", "Nf3"),
        (date(2026, 6, 14), "b", "Nc6"),
    )
    return ids


def white_clock(services: Services):  # type: ignore[no-untyped-def]
    return services.ledgers.schedule(1).clocks["white"]


def test_post_first_overstep_with_no_claim_restarts_nothing(
    services: Services, clock: FixedClock
) -> None:
    overstepped_post(services, clock)
    white = white_clock(services)
    assert (white.total, white.restarted_from_move) == (35, None)  # 33 + 2, cumulative
    assert white.overstep_on == date(2026, 6, 10)
    schedule = services.ledgers.schedule(1).schedule
    assert schedule[0].white is not None and schedule[0].white.note == "overstep"


def test_post_claim_upheld_restarts_from_the_next_move_with_true_evidence(
    services: Services, clock: FixedClock
) -> None:
    ids = overstepped_post(services, clock)
    # The partner was told of the overstep, with the real count and the
    # post article for the claim's window (55.6.3).
    services.daily.run(date(2026, 6, 14))
    (told,) = [m for m in _mails(services) if m.to_address == "b@x.org"]
    assert "израсходовано 33 дн., лимит 30" in told.body and "ст. 55.6.3" in told.body
    assert "56.6.1" not in told.body
    case = services.cases.file_time_claim(Actor.player(ids["b"], Door.WEB), 1, "33 дня")
    assert (case.details["total"], case.details["limit"], case.details["move"]) == (33, 30, 1)
    assert case.details["decisive"] is False
    frozen = case.evidence[0]["clocks"]["white"]
    assert frozen["total"] == 35 and frozen["restarted_from_move"] is None
    clock.set(noon(date(2026, 6, 29)))  # the protest window (14 days) is over
    services.cases.decide(Actor.player(ids["arb"], Door.WEB), case.id, "upheld", "33 of 30")
    assert services.queries.game(1).status == "ongoing"  # a first overstep is not a loss
    white = white_clock(services)
    assert white.restarted_from_move == 2  # 55.6.4: from the move after the overstep
    schedule = services.ledgers.schedule(1).schedule
    assert schedule[0].white is not None and schedule[0].white.total == 33
    assert schedule[0].white.note == "overstep_fixed"
    assert schedule[1].white is not None and schedule[1].white.total == 2  # counted from 0
    # A claim is not made twice for the fixed overstep.
    assert services.cases.claim_basis(Actor.player(ids["b"], Door.WEB), 1) is None


def test_post_claim_rejected_restarts_nothing(services: Services, clock: FixedClock) -> None:
    ids = overstepped_post(services, clock)
    case = services.cases.file_time_claim(Actor.player(ids["b"], Door.WEB), 1)
    clock.set(noon(date(2026, 6, 29)))
    services.cases.decide(Actor.player(ids["arb"], Door.WEB), case.id, "rejected", "No")
    white = white_clock(services)
    assert (white.total, white.restarted_from_move) == (35, None)


def test_post_upheld_then_reversed_on_appeal_restarts_nothing(
    services: Services, clock: FixedClock
) -> None:
    ids = overstepped_post(services, clock)
    case = services.cases.file_time_claim(Actor.player(ids["b"], Door.WEB), 1)
    clock.set(noon(date(2026, 6, 29)))
    services.cases.decide(Actor.player(ids["arb"], Door.WEB), case.id, "upheld", "33 of 30")
    assert white_clock(services).restarted_from_move == 2
    services.cases.appeal(Actor.player(ids["w"], Door.WEB), case.id, "The card was delayed")
    services.cases.decide_appeal(
        Actor.player(ids["ap"], Door.WEB), case.id, "rejected", "The postmark shows 30 days"
    )
    assert white_clock(services).restarted_from_move is None


def test_post_first_overstep_loses_where_the_regulations_say_so(
    services: Services, clock: FixedClock
) -> None:
    ids = overstepped_post(services, clock, first_overstep_loses=True)
    case = services.cases.file_time_claim(Actor.player(ids["b"], Door.WEB), 1)
    assert case.details["decisive"] is True and case.details["total"] == 33
    clock.set(noon(date(2026, 6, 29)))
    services.cases.decide(Actor.player(ids["arb"], Door.WEB), case.id, "upheld", "55.6.11")
    view = services.queries.game(1)
    assert (view.result, view.result_reason) == ("0-1", "time_forfeit")


# ------------------------------------------------------- how an overstep reads


def test_a_clock_over_the_limit_says_so_and_nothing_else(
    services: Services, clock: FixedClock
) -> None:
    from cc.views.reports import render_report, render_schedule

    clock.set(noon(date(2026, 5, 1)))
    ids = post_event(services)
    clock.set(noon(date(2026, 6, 20)))  # White has thought 41 days over move 1
    view = services.ledgers.schedule(1)
    white = view.clocks["white"]
    assert (white.over_since, white.over_by) == (date(2026, 6, 10), 11)
    english = render_schedule(view, "en")
    assert "over the limit since 2026-06-10, by 11 days" in english
    assert "-11" not in english and "copies go to the arbiter" not in english
    russian = render_schedule(view, "ru")
    assert "лимит превышен с 2026-06-10, на 11 дн." in russian
    assert "копии арбитру" not in russian and "просрочка" in russian
    report = render_report(services.ledgers.report("wpl", "P1"), "en")
    assert "over the limit since 2026-06-10, by 11 days" in report
    assert "copy the arbiter" not in report
    with services.ctx.db.write() as session:
        from cc.accounts.hashing import hash_password
        from cc.store.models import Player

        white_player = session.get(Player, ids["w"])
        assert white_player is not None
        white_player.password_hash = hash_password("correct-horse")
        white_player.lang = "ru"
    browser = sign_in(services, "wpl", "correct-horse")
    games = browser.get("/").text
    assert "лимит превышен на 11 дн." in games
    schedule = browser.get("/games/1").text
    assert "лимит превышен с 2026-06-10, на 11 дн." in schedule and "просрочка" in schedule
    assert "копии арбитру" not in schedule


def test_email_days_caught_up_in_order_do_each_day_s_work_on_its_day(
    services: Services, clock: FixedClock
) -> None:
    """Email play: nobody ran the daily work for weeks, and the game's
    deadline was recomputed meanwhile (a charge entered late). Catching the
    days up in order does each thing on its own day: the reminder on the
    15th day (56.5.1), the silence case on the 41st (56.5.3), the overstep
    reported to the partner on the 61st (§10.4)."""
    clock.set(noon(date(2026, 5, 1)))
    ids = make_event(services, 2, mode="email")  # 10 moves in 60 days from 10 May
    clock.set(noon(date(2026, 8, 20)))
    services.ledgers.charge(
        Actor.player(ids["arb"], Door.WEB), 1, as_player=ids["p2"], reason="late forwarding"
    )
    assert game_row(services).next_deadline == date(2026, 5, 25)
    done: dict[str, list[date]] = {"reminded": [], "silenced": [], "overstep_told": []}
    day = date(2026, 5, 10)
    while day <= date(2026, 7, 20):
        report = services.daily.run(day)
        for what, days in done.items():
            if getattr(report, what):
                days.append(day)
        day += timedelta(days=1)
    assert done == {
        "reminded": [date(2026, 5, 25)],
        "silenced": [date(2026, 6, 20)],
        "overstep_told": [date(2026, 7, 10)],
    }
    (told,) = [m for m in _mails(services) if "2026-07-10" in m.body]
    assert told.to_address == "t1p2@example.org" and "61" in told.body
