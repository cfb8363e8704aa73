"""The office's import of a Swiss from a TRF file on the site
(:mod:`cc.web.trf_import_pages`): a file bbpPairings generated becomes an event
under way with its next round paired, and the event's page says so; a file
that is none, a missing one, a requested bye or a code already used come
back beside the form with what was typed, nothing created; only the office
may import."""

from __future__ import annotations

from datetime import date
from fractions import Fraction
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from cc.app.services import Services
from cc.base.clock import FixedClock
from cc.base.kinds import GameStatus
from cc.store.models import Game
from standings.trf import TrfGame, TrfPlayer, TrfTournament, write_trf
from tests.support.days import at
from tests.support.events import OPERATOR
from tests.support.paths import TESTS
from tests.support.sites import give_passwords
from tests.support.web import OFFICE_PASSWORD as PASSWORD
from tests.support.web import csrf_of, form, sign_in, with_the_office

START = date(2026, 5, 10)
#: eight players, four rounds played; the file announces no more, so six are
#: announced here, as tests/events/test_trf_import.py does
GENERATED = TESTS / "data" / "trf" / "bbp-8-players-4-rounds.trf"


@pytest.fixture
def site(services: Services, clock: FixedClock) -> Services:
    at(clock, START)
    return with_the_office(services)


def _trf(rounds: int = 6) -> bytes:
    text = GENERATED.read_text(encoding="utf-8")
    return (text + f"\nXXR {rounds}\n").encode("utf-8")


def _post(
    c: TestClient, page: str, data: bytes | None, filename: str = "swiss.trf", **values: str
) -> Any:
    """The import form sent from ``page`` with ``data`` as its file (none if None)."""
    fields = {"code": "SW27", "mode": "email", "start_date": "2026-05-10", **values}
    files = {"file": (filename, data, "text/plain")} if data is not None else None
    return c.post(
        "/office/events/import", data=form(page, **fields), files=files, follow_redirects=False
    )


def _codes(site: Services) -> list[str]:
    return [e.code for e in site.office.events(OPERATOR)]


def test_the_office_imports_a_swiss_and_its_next_round_is_paired(site: Services) -> None:
    c = sign_in(site, "office", PASSWORD)
    assert 'href="/office/events/import"' in c.get("/office/events/new").text
    page = c.get("/office/events/import")
    assert page.status_code == 200 and 'enctype="multipart/form-data"' in page.text
    assert "Импорт турнира по швейцарской системе из файла TRF" in page.text
    assert "Иван Судья" in page.text  # the arbiters to choose from
    r = _post(c, page.text, _trf(), filename="Кубок.trf", arbiter="judge", timezone="Europe/Moscow")
    assert r.status_code == 303 and r.headers["location"].startswith("/office/events/SW27?")
    event = site.queries.event("SW27")
    assert (event.system, event.mode, event.arbiter, event.start_date) == (
        "swiss",
        "email",
        "judge",
        START,
    )
    assert event.name == "AutoTest Tournament 11"  # blank: the file's (012)
    with site.ctx.db.read() as session:
        fifth = session.scalars(select(Game).where(Game.event_id == event.id, Game.round == 5))
        assert [g.status for g in fifth] == [GameStatus.ONGOING] * 4
    shown = c.get(r.headers["location"])
    said = shown.text.split('id="trf-imported"', 1)[1].split("</p>", 1)[0]
    assert "импортирован из файла TRF: сыграно туров — 4 из 6" in said
    assert "зарегистрировано: 8, найдено среди уже известных: 0" in said
    assert "Жеребьёвка тура 5 проведена." in said
    # The same file again: the code is taken; the second time it is refused
    # beside the form with what was typed, and the first event stands alone.
    again = _post(c, page.text, _trf(), filename="again.trf", arbiter="judge")
    assert again.status_code == 422 and 'id="trf-error"' in again.text
    assert 'value="SW27"' in again.text and '<option value="judge" selected>' in again.text
    assert sorted(_codes(site)) == ["SW27", "T1"]


def test_an_import_with_every_round_played_pairs_nothing_and_says_so(site: Services) -> None:
    c = sign_in(site, "office", PASSWORD)
    page = c.get("/office/events/import")
    r = _post(c, page.text, _trf(4), code="DONE4")
    assert r.status_code == 303
    shown = c.get(r.headers["location"]).text
    assert "сыграно туров — 4 из 4" in shown and "Все туры сыграны" in shown


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (None, "выберите файл TRF"),
        (b"", "выберите файл TRF"),
        (b"\n  \n", "файл пуст"),
        (b"just some words\n", "файл TRF"),
        (b"012 x\x00\n", "не текстовый файл"),
        (b"\x98\xff\x98", "ни в UTF-8, ни в Windows-1251"),
        (b"x" * (200 * 1024 + 1), "не больше 200 КБ"),
    ],
    ids=["no-file", "no-name", "blank", "no-trf", "nul", "undecodable", "too-large"],
)
def test_what_is_no_trf_comes_back_beside_the_form(
    site: Services, data: bytes | None, words: str
) -> None:
    c = sign_in(site, "office", PASSWORD)
    page = c.get("/office/events/import")
    filename = "" if data == b"" else "swiss.trf"
    r = _post(c, page.text, data, filename=filename, name="Кубок")
    assert r.status_code == 422, r.text
    error = r.text.split('id="trf-error"', 1)[1].split("</p>", 1)[0]
    assert words in error, error
    assert 'value="SW27"' in r.text and 'value="2026-05-10"' in r.text and "Кубок" in r.text
    assert _codes(site) == ["T1"]


def test_a_field_no_record_can_hold_is_refused_beside_the_form(site: Services) -> None:
    """A multipart form passes the front door unread: its fields are checked here."""
    c = sign_in(site, "office", PASSWORD)
    page = c.get("/office/events/import")
    r = _post(c, page.text, _trf(), name="Cup\x00")
    assert r.status_code == 422 and "символ, который нельзя сохранить" in r.text
    assert _codes(site) == ["T1"]


def test_a_requested_bye_is_refused_and_nothing_is_created(site: Services) -> None:
    c = sign_in(site, "office", PASSWORD)
    page = c.get("/office/events/import")
    # player 1's pairing-allocated bye of round 4 made a bye asked for
    text = _trf().decode("utf-8").replace("0000 - U", "0000 - H", 1)
    r = _post(c, page.text, text.encode("utf-8"), name="Открытый Кубок")
    error = r.text.split('id="trf-error"', 1)[1].split("</p>", 1)[0]
    assert r.status_code == 422 and "файл TRF: участник 1 (" in error and "тур 4" in error
    assert "по просьбе участника" in error and "Открытый Кубок" in r.text  # typed, kept
    assert _codes(site) == ["T1"]
    with site.ctx.db.read() as session:
        assert session.scalars(select(Game).where(Game.round == 5)).first() is None


def test_only_the_office_imports(site: Services) -> None:
    for login in ("judge", "t1p1"):
        c = sign_in(site, login, PASSWORD)
        assert c.get("/office/events/import").status_code == 403
        page = c.get("/games")
        r = c.post(
            "/office/events/import",
            data={"csrf_token": csrf_of(page.text), "code": "SW27"},
            files={"file": ("swiss.trf", _trf(), "text/plain")},
            follow_redirects=False,
        )
        assert r.status_code == 403
    assert _codes(site) == ["T1"]
    assert sign_in(site, "office", PASSWORD).get("/office").text.count("/office/events/import")


def test_a_round_that_cannot_be_paired_is_said_with_its_reason(site: Services) -> None:
    """Two players who have met: no second round pairs them (C.04.1). The
    import stands; the event's page says why nothing was paired, in English
    for an organiser who reads English."""
    site.players.add(OPERATOR, login="clerk", name="Clara Clerk", roles=["admin"], lang="en")
    give_passwords(site, PASSWORD)
    two = TrfTournament(
        rounds=3,
        players=(
            TrfPlayer(1, "Alpha, Anna", points=Fraction(1), games=(TrfGame(1, 2, "w", "1"),)),
            TrfPlayer(2, "Beta, Boris", points=Fraction(0), games=(TrfGame(1, 1, "b", "0"),)),
        ),
    )
    c = sign_in(site, "clerk", PASSWORD)
    page = c.get("/office/events/import")
    assert "Import a Swiss from a TRF file" in page.text
    r = _post(c, page.text, write_trf(two).encode("utf-8"), code="TWO")
    assert r.status_code == 200, r.text
    said = r.text.split('id="trf-imported"', 1)[1].split("</p>", 1)[0]
    assert "1 of 3 rounds played; players registered: 2" in said
    reason = r.text.split('id="office-error"', 1)[1].split("</p>", 1)[0]
    assert "The next round is not paired: " in reason
    assert site.queries.event("TWO").status == "started"
