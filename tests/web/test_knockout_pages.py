"""A knockout event's bracket page, reached from the event page, in both languages."""

from __future__ import annotations

import re

import pytest

from cc.accounts.hashing import hash_password
from cc.app.services import Services
from cc.base.clock import FixedClock
from cc.store.models import Player
from tests.support.days import at
from tests.support.knockout import START, matches, setup_cup, win_by_better_seed
from tests.support.russian import foreign, shown_text
from tests.support.web import OFFICE_PASSWORD, client, new_event, sign_in, with_the_office


@pytest.fixture
def site(services: Services) -> Services:
    return with_the_office(services)


RU = {"Accept-Language": "ru-RU,ru;q=0.9"}


def test_the_bracket_shows_rounds_matches_scores_byes_and_winners(
    services: Services, clock: FixedClock
) -> None:
    at(clock, START)
    ids = setup_cup(services, 6)  # 8 places: seeds 1 and 2 have byes
    win_by_better_seed(services, ids, "W1-2")  # p4 v p5
    c = client(services)
    event = c.get("/events/CUP")
    assert 'href="/events/CUP/bracket"' in event.text
    page = c.get("/events/CUP/bracket")
    assert page.status_code == 200
    html = page.text
    assert "Quarter-finals" in html and "Semi-finals" in html and ">Final<" in html
    bye = re.search(r'id="match-A-W1-1".*?</li>', html, re.S)
    assert bye is not None and "Player 1" in bye.group(0) and ">no opponent<" in bye.group(0)
    played = re.search(r'id="match-A-W1-2".*?</li>', html, re.S)
    assert played is not None
    won = re.search(r'<div class="side won">\s*<span class="name">([^<]*)', played.group(0))
    assert won is not None and won.group(1).strip() == "Player 4"
    assert "1.5" in played.group(0) and "0.5" in played.group(0)
    # The semi-final of seed 1 is paired at once: its games are being played.
    semi = re.search(r'id="match-A-W2-1".*?</li>', html, re.S)
    assert semi is not None and "Player 4" in semi.group(0) and "playing" in semi.group(0)
    ru = c.get("/events/CUP/bracket", headers=RU).text
    assert "Четвертьфиналы" in ru and "Полуфиналы" in ru and "без соперника" in ru
    assert "1,5" in ru
    assert c.get("/events/CUP", headers=RU).text.count("Сетка") >= 1


def test_the_double_knockout_bracket_shows_the_losers_bracket_and_the_placing(
    services: Services, clock: FixedClock
) -> None:
    at(clock, START)
    ids = setup_cup(services, 4, system="double_knockout", games_per_match=2)
    for key in ("W1-1", "W1-2", "W2-1", "L1-1", "L2-1", "GF"):
        win_by_better_seed(services, ids, key)
    c = client(services)
    html = c.get("/events/CUP/bracket").text
    assert "Winners&#39; bracket" in html or "Winners' bracket" in html
    assert "Losers&#39; bracket" in html or "Losers' bracket" in html
    assert 'id="placings-A"' in html
    placings = re.search(r'id="placings-A">(.*?)</ol>', html, re.S)
    assert placings is not None
    assert re.findall(r"Player \d", placings.group(1)) == [
        "Player 1",
        "Player 2",
        "Player 3",
        "Player 4",
    ]
    ru = c.get("/events/CUP/bracket", headers=RU).text
    assert "Нижняя сетка" in ru and "Итоговые места" in ru
    # The event's other pages read the knockout's games too.
    for url in ("/events/CUP", "/events/CUP/crosstable", "/events/CUP/regulations"):
        assert c.get(url).status_code == 200, url
    # A knockout is read from its bracket: no crosstable of its games on the
    # event page; the crosstable's address shows the placing and the bracket.
    assert 'id="crosstable-link"' not in c.get("/events/CUP").text
    table = c.get("/events/CUP/crosstable", headers=RU).text
    assert 'href="/events/CUP/bracket"' in table and "Итоговые места" in table
    assert "Зонненборн" not in table and "Koya" not in table
    assert 'id="r-tiebreaks"' not in c.get("/events/CUP/regulations").text
    # Each place once, written out: no list numbers before "1." (CSS).
    assert re.search(r'<li value="1"><span class="place">1\.</span>', html)
    # The games are named by their bracket's rounds, not the stored numbers.
    games = matches(services)
    rows = c.get("/events/CUP").text
    # (The event's summary names its system, not a round robin.)
    assert "Out after two lost matches (double knockout)" in rows
    assert "Single round robin" not in rows
    assert ">Losers&#39; round 1<" in rows and ">Grand final<" in rows and ">101<" not in rows
    assert ">Нижняя сетка, тур 1<" in c.get("/events/CUP", headers=RU).text
    final = c.get(f"/games/{games['GF'][0].id}").text
    assert "· Grand final</p>" in final
    first = c.get(f"/games/{games['W1-1'][0].id}").text
    assert "· round 1</p>" in first


def test_a_round_robin_has_no_bracket(services: Services, clock: FixedClock) -> None:
    from tests.support.events import make_event

    make_event(services, 2)
    c = client(services)
    assert 'href="/events/T1/bracket"' not in c.get("/events/T1").text
    assert c.get("/events/T1/bracket").status_code == 404


def test_the_office_creates_a_double_knockout_with_its_match_rules(
    site: Services, clock: FixedClock
) -> None:
    c = sign_in(site, "office", OFFICE_PASSWORD)
    page = c.get("/office/events/new")
    assert 'name="system"' in page.text and 'name="games_per_match"' in page.text
    r = new_event(
        c,
        page.text,
        "KO26",
        "Кубок федерации",
        timezone="Europe/Moscow",
        system="double_knockout",
        games_per_match="4",
        tie_break="higher_seed",
        bracket_reset="yes",
    )
    assert r.status_code == 303, r.text
    assert site.knockout.rules("KO26") == {
        "system": "double_knockout",
        "games_per_match": 4,
        "tie_break": "higher_seed",
        "extra_pairs": 2,
        "bracket_reset": True,
    }
    shown = c.get(r.headers["location"]).text
    assert "выбыванием после двух поражений" in shown and "Матч — 4 партии" in shown
    assert "дальше проходит тот, у кого посев выше" in shown
    # A round robin's form ignores the knockout fields left filled in.
    r = new_event(c, page.text, "RR26", "Круговой", system="round_robin", games_per_match="4")
    assert r.status_code == 303 and site.knockout.rules("RR26") is None
    bad = new_event(c, page.text, "BAD", "Плохой", system="knockout", games_per_match="0")
    assert bad.status_code == 422 and "не меньше 1 партии" in bad.text


def test_the_event_audit_says_what_the_bracket_did(services: Services, clock: FixedClock) -> None:
    at(clock, START)
    ids = setup_cup(services, 4)
    win_by_better_seed(services, ids, "W1-1")
    win_by_better_seed(services, ids, "W1-2")
    with services.ctx.db.write() as session:
        arbiter = session.get(Player, ids["arb"])
        assert arbiter is not None
        arbiter.password_hash = hash_password("arbiter-pass-1")
        arbiter.lang = "ru"
    page = sign_in(services, "arb", "arbiter-pass-1").get("/audit/events/CUP").text
    for said in (
        "Олимпийская система: матч решён",
        "Олимпийская система: назначены следующие партии",
        "сетка олимпийской системы",
    ):
        assert said in page


def test_the_russian_bracket_and_regulations_hold_no_code_and_no_english(
    services: Services, clock: FixedClock
) -> None:
    at(clock, START)
    ids = setup_cup(services, 6, system="double_knockout", tie_break="lots")
    win_by_better_seed(services, ids, "W1-2")
    c = client(services)
    names = {f"Player {i}" for i in range(1, 7)} | {"Federation Cup", "CUP", "Arbiter"}
    for url in ("/events/CUP/bracket", "/events/CUP/regulations", "/events/CUP"):
        page = c.get(url, headers=RU)
        assert page.status_code == 200, url
        text = shown_text(page.text)
        # the matches' keys (W1-2, L1-1, GF) are the bracket's own names
        text = re.sub(r"\b(?:[WL]\d+-\d+|GF2?)\b", " ", text)
        assert foreign(text, names) == [], url
