"""The arbiter's desk: an arbiter signs in to their work, ordered by what is
due first, with names and links; others see only what is theirs."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from cc.app.services import Services
from cc.base.clock import FixedClock
from cc.base.kinds import Door
from cc.cases.rules import PROTEST_DAYS
from cc.kernel.context import Actor
from cc.views.arbiter_desk import LEAVE_HORIZON_DAYS
from tests.support.cases import player, setup_event
from tests.support.days import at
from tests.support.desk import sides
from tests.support.events import OPERATOR
from tests.support.sites import give_passwords
from tests.support.web import client, csrf_of

PASSWORD = "desk-pass-1"
CLAIMED = date(2026, 5, 22)
#: the day before the accused's time to protest ends
LOOKED = CLAIMED + timedelta(days=PROTEST_DAYS - 1)


@pytest.fixture
def busy(services: Services, clock: FixedClock) -> dict[str, int]:
    """Four players by email: game 1 claimed, the rest over the limit, a leave ahead."""
    at(clock, date(2026, 5, 1))
    ids = setup_event(services, 4)
    ids["other"] = services.players.add(OPERATOR, login="other", name="Other", roles=["arbiter"])
    white, black = sides(services, 1)
    at(clock, date(2026, 5, 21))
    services.games.submit_move(player(ids, white), 1, "e4")  # 11 days for move 1: over 10
    at(clock, CLAIMED)
    services.cases.file_time_claim(player(ids, black), 1, "White took 11 days")
    at(clock, LOOKED)
    # The last day the desk looks ahead to, and the day after it.
    horizon = LOOKED + timedelta(days=LEAVE_HORIZON_DAYS)
    services.leaves.request(player(ids, "p3"), "p3", horizon, horizon + timedelta(days=3))
    services.leaves.request(
        player(ids, "p4"), "p4", horizon + timedelta(days=1), horizon + timedelta(days=3)
    )
    return ids


def test_the_desk_lists_the_arbiters_work_by_what_is_due(
    services: Services, busy: dict[str, int]
) -> None:
    desk = services.desk.desk(Actor.player(busy["arb"], Door.WEB))
    assert desk.today == LOOKED
    assert [e.code for e in desk.events] == ["C1"]
    [case] = desk.cases
    white, black = sides(services, 1)
    names = {p: services.queries.player(p).name for p in (white, black)}
    assert (case.kind, case.due_what, case.due_on, case.due_in) == (
        "time_claim",
        "protest",
        CLAIMED + timedelta(days=PROTEST_DAYS),
        1,
    )
    assert (case.claimant_name, case.respondent_name) == (names[black], names[white])
    # The claimed game is stopped, not "over the limit" a second time.
    assert [(g.id, g.case_id) for g in desk.suspended] == [(1, case.id)]
    over = {g.id: g for g in desk.over_limit}
    assert 1 not in over and set(over) == {2, 3, 4, 5, 6}
    assert all(g.since is not None and g.since <= LOOKED for g in over.values())
    assert all(g.who_name and not g.who_name.startswith("p") for g in over.values())
    [leave] = desk.leaves  # the one a day past the week is not this week's
    assert (leave.player_name, leave.first_day, leave.events) == (
        "Player 3",
        LOOKED + timedelta(days=LEAVE_HORIZON_DAYS),
        ("C1",),
    )
    assert not desk.idle


def test_others_see_only_what_is_theirs(services: Services, busy: dict[str, int]) -> None:
    stranger = services.desk.desk(Actor.player(busy["other"], Door.WEB))
    assert stranger.events == [] and stranger.idle
    # An appeal arbiter sees the event, but no open case: only appeals reach them.
    hearing = services.desk.desk(Actor.player(busy["ap1"], Door.WEB))
    assert [e.code for e in hearing.events] == ["C1"]
    assert hearing.cases == [] and hearing.over_limit == []
    # A player has no desk.
    assert services.desk.desk(Actor.player(busy["p1"], Door.WEB)).events == []


def test_an_arbiter_signs_in_to_the_desk_in_their_language(
    services: Services, busy: dict[str, int]
) -> None:
    give_passwords(services, PASSWORD)
    c = client(services)
    page = c.get("/login")
    r = c.post(
        "/login",
        data={"login": "arb", "password": PASSWORD, "csrf_token": csrf_of(page.text)},
    )
    assert r.status_code == 200 and str(r.url).endswith("/arbiter")
    html = r.text  # the arbiter reads Russian
    assert "Рабочий стол арбитра" in html and "завтра" in html
    assert 'href="/cases/1"' in html and 'id="desk-over-limit"' in html
    assert "Player 3" in html and 'id="desk-leaves"' in html
    # A player still lands on their games.
    p = client(services)
    page = p.get("/login")
    r = p.post(
        "/login", data={"login": "p1", "password": PASSWORD, "csrf_token": csrf_of(page.text)}
    )
    assert str(r.url).endswith("/games")
