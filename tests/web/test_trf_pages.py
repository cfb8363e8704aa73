"""An event's FIDE report file (TRF) downloaded from the site by its officials."""

from __future__ import annotations

from cc.app.services import Services
from standings.trf import read_trf
from tests.support.web import PASSWORD, csrf_of, sign_in


def test_the_arbiter_downloads_the_trf_and_a_player_is_refused(site: Services) -> None:
    c = sign_in(site, "arbT1", PASSWORD)
    page = c.get("/arbiter/events/T1")
    assert 'id="event-trf"' in page.text and 'href="/events/T1/trf"' in page.text
    r = c.get("/events/T1/trf")
    assert r.status_code == 200
    assert r.headers["content-type"] == "text/plain; charset=utf-8"
    assert r.headers["content-disposition"] == 'attachment; filename="T1.trf"'
    t = read_trf(r.text)
    assert t.name == "Event T1" and len(t.players) == 3
    assert c.get("/events/T1/trf?section=Z").status_code == 404
    player = sign_in(site, "t1p1", PASSWORD)
    assert player.get("/events/T1/trf").status_code == 403
    assert 'id="event-trf"' not in player.get("/events/T1").text


def test_the_link_is_in_russian_for_a_russian_arbiter(site: Services) -> None:
    c = sign_in(site, "arbT1", PASSWORD)
    csrf = csrf_of(c.get("/arbiter").text)
    c.post("/lang", data={"lang": "ru", "csrf_token": csrf, "next": "/arbiter"})
    page = c.get("/arbiter/events/T1")
    assert "Скачать файл TRF для ФИДЕ" in page.text
