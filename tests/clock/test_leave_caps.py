"""A leave cannot be used to stop a clock for good: a player in no event is
held to the default yearly cap and announces in advance, and leaves taken
before an entry are checked against the event's caps when entered."""

from __future__ import annotations

import pytest

from cc.app.services import Services
from cc.base import errors
from cc.base.clock import FixedClock
from tests.support.events import OPERATOR, event_spec
from tests.support.web import client, token_for


@pytest.fixture
def loner(services: Services) -> int:
    """A player in no event yet (the clock stands at 2026-05-11)."""
    return services.players.add(OPERATOR, login="loner", name="Lone Player", emails=["l@x.org"])


def test_a_player_in_no_event_cannot_take_an_endless_leave(services: Services, loner: int) -> None:
    c = client(services)
    me = {**token_for(services, loner), "Accept-Language": "ru"}
    begun = c.post(
        "/api/v1/leaves", json={"first_day": "2026-04-11", "last_day": "2028-03-10"}, headers=me
    )
    assert begun.status_code == 422 and "first_day" in str(begun.json()["error"]["params"])
    endless = c.post(
        "/api/v1/leaves", json={"first_day": "2026-05-12", "last_day": "2028-04-10"}, headers=me
    )
    assert endless.status_code == 422
    assert "регламентом по умолчанию" in endless.json()["error"]["message"]
    ok = c.post(
        "/api/v1/leaves", json={"first_day": "2026-06-01", "last_day": "2026-06-30"}, headers=me
    )
    assert ok.status_code == 201
    one_more = c.post(
        "/api/v1/leaves", json={"first_day": "2026-07-01", "last_day": "2026-07-01"}, headers=me
    )
    assert one_more.status_code == 422  # 30 of 30 used in 2026


def test_leaves_are_checked_again_on_entry(
    services: Services, loner: int, clock: FixedClock
) -> None:
    day = clock.now().date().replace(day=20)
    services.leaves.request(OPERATOR, loner, day, day)
    services.leaves.request(
        OPERATOR,
        loner,
        clock.now().date().replace(month=6, day=1),
        clock.now().date().replace(month=6, day=25),
    )
    services.players.add(OPERATOR, login="arb", name="Arbiter", roles=["arbiter"])
    services.players.add(OPERATOR, login="other", name="Other", emails=["o@x.org"])
    spec = event_spec(
        "CAP",
        "Capped",
        clock.now().date(),
        timezone="Europe/Moscow",
        arbiter="arb",
        regulations={"leave_days_per_event": 20},
    )
    services.events.create(OPERATOR, spec)
    with pytest.raises(errors.InvalidInput, match="20 days of leave allowed over CAP"):
        services.events.add_players(OPERATOR, "CAP", ["loner", "other"])
    # Shortened first, the entry goes through.
    june = next(v for v in services.leaves.leaves("loner") if v.first_day.month == 6)
    services.leaves.end_early(OPERATOR, june.id)
    assert services.events.add_players(OPERATOR, "CAP", ["loner", "other"])
