"""Entries on the site: the office opens an event for entry, players apply
from their own sessions, the office answers, forms sections by rating and
starts the event; the players get their answers and games by mail."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from cc.app.services import Services
from cc.base.clock import FixedClock
from cc.events.lifecycle import EventSpec
from cc.store.db import Database
from cc.store.models import OutboundMessage, Player
from tests.support.events import OPERATOR
from tests.support.sites import give_passwords
from tests.support.web import client, form, sign_in

PASSWORD = "entry-pass-1"
PLAYERS = [("ann", "Анна Аристова", 2400, "ru"), ("bob", "Bob Brown", 2300, "en"),
           ("cat", "Cat Cole", 2200, "en"), ("dan", "Дан Дымов", 2100, "ru")]  # fmt: skip


@pytest.fixture
def site(services: Services, db: Database, clock: FixedClock) -> Services:
    services.players.add(OPERATOR, login="office", name="Office", roles=["admin"])
    for login, name, _, lang in PLAYERS:
        services.players.add(
            OPERATOR, login=login, name=name, lang=lang, emails=[f"{login}@example.org"]
        )
    give_passwords(services, PASSWORD)
    with db.write() as s:
        for row in s.scalars(select(Player)):
            row.rating = next((r for login, _, r, _ in PLAYERS if login == row.login), None)
    services.events.create(
        OPERATOR,
        EventSpec(code="AUT", name="Autumn Open", mode="server", start_date=clock.now().date()),
    )
    return services


def mails_to(site: Services, login: str) -> list[OutboundMessage]:
    with site.ctx.db.read() as s:
        return list(
            s.scalars(
                select(OutboundMessage).where(OutboundMessage.to_address == f"{login}@example.org")
            )
        )


def test_apply_answer_form_and_start_on_the_site(site: Services) -> None:
    office = sign_in(site, "office", PASSWORD)
    page = office.get("/office/events/AUT")
    assert page.status_code == 200 and 'id="open-entry-form"' in page.text
    r = office.post(
        "/office/events/AUT/entry",
        data=form(page.text, action="open", closes_on="2026-05-30"),
        follow_redirects=False,
    )
    assert r.status_code == 303
    # The event is public while open for entry; a visitor is asked to sign in.
    assert 'id="sign-in-to-apply"' in client(site).get("/events/AUT").text
    for login, *_ in PLAYERS[:3]:
        c = sign_in(site, login, PASSWORD)
        event = c.get("/events/AUT")
        assert 'id="apply-form"' in event.text
        r = c.post("/events/AUT/apply", data=form(event.text, note="hi"))
        assert r.status_code == 200 and 'id="entry-state"' in r.text
    russian = sign_in(site, "ann", PASSWORD).get("/events/AUT").text
    assert "Ваша заявка ждёт ответа оргкомитета." in russian
    page = office.get("/office/events/AUT")
    for login in ("ann", "bob"):
        office.post(
            "/office/events/AUT/decide",
            data=form(page.text, player=login, decision="accept"),
        )
    office.post(
        "/office/events/AUT/decide",
        data=form(page.text, player="cat", decision="refuse"),
    )
    office.post("/office/events/AUT/enter", data=form(page.text, player="dan"))
    assert "принята" in mails_to(site, "ann")[-1].body
    assert "not accepted" in mails_to(site, "cat")[-1].body
    # Sections of two by rating: the two strongest apart, the third back in B.
    r = office.post(
        "/office/events/AUT/sections",
        data=form(page.text, how="rating", size="2"),
    )
    assert r.status_code == 200
    assert site.queries.event("AUT").sections == {"A": ["ann"], "B": ["bob", "dan"]}
    bad = office.post(
        "/office/events/AUT/sections",
        data=form(page.text, how="rating", size="one"),
    )
    assert bad.status_code == 422 and 'id="office-error"' in bad.text
    # By hand: all three in one section.
    office.post(
        "/office/events/AUT/sections",
        data=form(
            page.text, how="hand", **{"section:ann": "a", "section:bob": "A", "section:dan": "A"}
        ),
    )
    assert site.queries.event("AUT").sections == {"A": ["ann", "bob", "dan"]}
    r = office.post(
        "/office/events/AUT/start",
        data=form(page.text, order="rating"),
        follow_redirects=False,
    )
    assert r.status_code == 303
    assert site.queries.event("AUT").status == "started"
    start = mails_to(site, "dan")[-1]
    assert "началось" in start.body and "/games/" in start.body
    assert sign_in(site, "dan", PASSWORD).get("/games").text.count("data-game=") == 2
