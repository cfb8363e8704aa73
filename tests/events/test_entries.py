"""Entries: an event open for entry, applications answered by mail, sections
formed by rating with the strongest spread, and the start that tells every
player their games by mail."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest
from sqlalchemy import select

from cc.app.services import Services
from cc.base import errors
from cc.base.clock import FixedClock
from cc.base.kinds import Door
from cc.kernel.context import Actor
from cc.store.models import Game, OutboundMessage, Player
from tests.support.events import OPERATOR, create_event

#: ten players with ratings 2500, 2450, ... 2050
RATED = [(f"r{i}", f"Rated {i}", 2500 - 50 * i) for i in range(10)]


def me(services: Services, login: str) -> Actor:
    return Actor.player(services.queries.player(login).id, Door.WEB)


@pytest.fixture
def event(services: Services, clock: FixedClock) -> str:
    services.players.add(OPERATOR, login="arb", name="Arbiter", roles=["arbiter"])
    for login, name, rating in RATED:
        services.players.add(
            OPERATOR, login=login, name=name, emails=[f"{login}@example.org"],
            lang="ru" if login == "r1" else "en",
        )  # fmt: skip
        with services.ctx.db.write() as s:
            row = s.scalar(select(Player).where(Player.login == login))
            assert row is not None
            row.rating = rating
    create_event(services, "OPEN", "Open Cup", date(2026, 6, 1), arbiter="arb")
    services.entries.open_entry(OPERATOR, "OPEN", date(2026, 5, 20))
    return "OPEN"


def mails(services: Services, login: str) -> list[OutboundMessage]:
    with services.ctx.db.read() as s:
        return list(
            s.scalars(
                select(OutboundMessage)
                .where(OutboundMessage.to_address == f"{login}@example.org")
                .order_by(OutboundMessage.id)
            )
        )


def test_players_apply_and_are_told_the_answer_by_mail(
    services: Services, clock: FixedClock, event: str
) -> None:
    state = services.entries.state(me(services, "r0"), event)
    assert state.open and state.can_apply and state.mine is None
    services.entries.apply(me(services, "r0"), event)
    services.entries.apply(me(services, "r1"), event)
    with pytest.raises(errors.Conflict):
        services.entries.apply(me(services, "r0"), event)
    assert services.entries.state(me(services, "r0"), event).mine == "applied"
    services.entries.decide(OPERATOR, event, "r0", accept=True)
    services.entries.decide(OPERATOR, event, "r0", accept=True)  # twice: once
    services.entries.decide(OPERATOR, event, "r1", accept=False, note="Мест нет")
    [accepted] = mails(services, "r0")
    assert "entry to Open Cup (OPEN) is accepted" in accepted.body
    assert "/events/OPEN/regulations" in accepted.body
    [refused] = mails(services, "r1")  # r1 reads Russian
    assert "не принята" in refused.body and "Мест нет" in refused.body
    # After the closing day nobody applies any more.
    clock.set(clock.now().replace(day=21, month=5))
    assert not services.entries.state(me(services, "r2"), event).can_apply
    with pytest.raises(errors.EventStateError):
        services.entries.apply(me(services, "r2"), event)
    views = services.entries.applications(OPERATOR, event)
    assert [(v.player, v.status) for v in views] == [("r0", "accepted"), ("r1", "refused")]
    with pytest.raises(errors.NotPermitted):
        services.entries.applications(me(services, "r0"), event)


def test_sections_by_rating_spread_the_strongest_and_the_start_mails_everyone(
    services: Services, event: str
) -> None:
    for login, _, _ in RATED:
        services.entries.enter(OPERATOR, event, login)
    formed = services.entries.form_sections(OPERATOR, event, size=5)
    # Serpentine: 1 and 4 in A, 2 and 3 in B, ...; each in rating order.
    assert formed == {
        "A": ["r0", "r3", "r4", "r7", "r8"],
        "B": ["r1", "r2", "r5", "r6", "r9"],
    }
    assert services.queries.event(event).sections == formed
    # Formed again by hand: the earlier forming is replaced.
    again = services.entries.form_sections(
        OPERATOR, event, by_hand={"A": ["r0", "r1", "r2", "r3"], "B": ["r4", "r5", "r6", "r7"]}
    )
    assert again["B"] == ["r4", "r5", "r6", "r7"]
    with pytest.raises(errors.InvalidInput):
        services.entries.form_sections(OPERATOR, event, by_hand={"A": ["arb", "r0"]})
    services.entries.form_sections(OPERATOR, event, size=5)
    before = len(mails(services, "r9"))
    assert services.events.start(OPERATOR, event) == 2 * 10
    with services.ctx.db.read() as s:
        assert s.scalar(select(Game).where(Game.round == 1).limit(1)) is not None
    # The start is mailed to every player, server event or not, with their games.
    [start] = mails(services, "r9")[before:]
    assert "Open Cup has begun" in start.body
    assert "Rated 1" in start.body or "Rated 2" in start.body
    with pytest.raises(errors.EventStateError):
        services.entries.apply(me(services, "r0"), event)


def test_a_player_withdraws_an_application_before_the_sections(
    services: Services, event: str
) -> None:
    services.entries.apply(me(services, "r5"), event)
    services.entries.withdraw(me(services, "r5"), event)
    assert services.entries.state(me(services, "r5"), event).mine == "withdrawn"
    services.entries.apply(me(services, "r5"), event)  # and may apply again
    assert services.entries.state(me(services, "r5"), event).mine == "applied"


def test_the_closing_day_is_the_last_day_to_apply(
    services: Services, clock: FixedClock, event: str
) -> None:
    clock.set(datetime(2026, 5, 20, 23, 59, tzinfo=UTC))  # the closing day, in the event's zone
    services.entries.apply(me(services, "r7"), event)
    clock.set(datetime(2026, 5, 21, 0, 0, tzinfo=UTC))  # the day after
    with pytest.raises(errors.EventStateError):
        services.entries.apply(me(services, "r8"), event)
    assert services.entries.state(me(services, "r7"), event).mine == "applied"
