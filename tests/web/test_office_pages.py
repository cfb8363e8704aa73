"""The tournament office on the site: an organiser creates an event from a
form with every regulation the console offers, refusals come back beside the
form in the organiser's language, and the event's regulations read as a
public page in both languages."""

from __future__ import annotations

import pytest

from cc.app.services import Services
from tests.support.events import OPERATOR
from tests.support.web import OFFICE_PASSWORD as PASSWORD
from tests.support.web import client, new_event, sign_in, with_the_office


@pytest.fixture
def site(services: Services) -> Services:
    return with_the_office(services)


def test_an_organiser_creates_an_event_from_the_form(site: Services) -> None:
    c = sign_in(site, "office", PASSWORD)
    office = c.get("/office")
    assert office.status_code == 200 and "Оргкомитет" in office.text and "T1" in office.text
    page = c.get("/office/events/new")
    assert page.status_code == 200 and "Иван Судья" in page.text and "Анна Апелляция" in page.text
    r = new_event(
        c,
        page.text,
        "CUP26",
        "Кубок 2026",
        mode="email",
        end_date="2027-06-01",
        timezone="Europe/Moscow",
        cycles="2",
        arbiter="judge",
        appeal_arbiters="appeal",
        control_moves="10",
        control_days="40",
        leave_days_per_event="20",
        iccf_double_after_20="yes",
        conditional_moves="no",
        no_engines="1",
        tiebreak_0="sonneborn_berger",
        tiebreak_1="wins",
    )
    assert r.status_code == 303 and r.headers["location"].startswith("/events/CUP26/regulations")
    event = site.queries.event("CUP26")
    assert (event.status, event.mode, event.cycles, event.arbiter) == ("draft", "email", 2, "judge")
    assert event.appeal_arbiters == ["appeal"]
    regs = event.regulations
    assert (regs["control_moves"], regs["control_days"], regs["leave_days_per_event"]) == (
        10,
        40,
        20,
    )
    assert regs["iccf_double_after_20"] and not regs["conditional_moves"] and regs["no_engines"]
    assert not regs["no_tablebases"] and regs["tiebreaks"] == "sonneborn_berger,wins"
    assert regs["penalty_days"] == 2  # blank: the email default (56.3.3)
    shown = c.get(r.headers["location"])
    assert "Турнир создан как черновик" in shown.text
    assert "10 ходов за 40 дней с накоплением (ст. 56.4.2)" in shown.text
    assert "Шахматные программы запрещены" in shown.text and "Иван Судья" in shown.text
    # A draft not yet open for entry is the office's own.
    assert client(site).get("/events/CUP26/regulations").status_code == 404
    site.entries.open_entry(OPERATOR, "CUP26", site.ctx.now().date())
    assert client(site).get("/events/CUP26/regulations").status_code == 200


def test_a_refused_form_comes_back_with_the_reason_and_what_was_typed(site: Services) -> None:
    c = sign_in(site, "office", PASSWORD)
    page = c.get("/office/events/new")
    r = new_event(c, page.text, "BAD CODE", "Кубок")
    assert r.status_code == 422 and 'id="event-error"' in r.text
    assert "код соревнования" in r.text and "Кубок" in r.text
    r = new_event(c, page.text, "OK", "Кубок", control_days="many")
    error = r.text.split('id="event-error"', 1)[1].split("</p>", 1)[0]
    assert r.status_code == 422 and "дней на контроль" in error and "control_days" not in error
    taken = new_event(c, page.text, "T1", "Again")
    assert taken.status_code == 422
    assert [e.code for e in site.office.events(OPERATOR)] == ["T1"]


def test_the_office_is_the_organisers_only(site: Services) -> None:
    for login in ("judge", "t1p1"):
        c = sign_in(site, login, PASSWORD)
        assert c.get("/office").status_code == 403
        assert c.get("/office/events/new").status_code == 403
        assert 'id="nav-office"' not in c.get("/games").text
    assert 'id="nav-office"' in sign_in(site, "office", PASSWORD).get("/games").text


def test_the_regulations_are_public_in_both_languages(site: Services) -> None:
    visitor = client(site)
    english = visitor.get("/events/T1/regulations")
    assert english.status_code == 200 and "moves in" in english.text
    visitor.get("/lang?lang=ru&next=/")
    russian = visitor.get("/events/T1/regulations")
    assert "Положение" in russian.text and "с накоплением" in russian.text
