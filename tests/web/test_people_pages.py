"""The office's people: invitations, a list imported from CSV (all of it or
nothing), who never signed in, a person edited, and a duplicate merged."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from cc.app.services import Services
from cc.base import errors
from cc.store.models import OutboundMessage
from tests.support.events import OPERATOR
from tests.support.sites import give_passwords
from tests.support.web import client, csrf_of, sign_in

PASSWORD = "people-pass-1"
LIST = """surname;given_names;email;lang;fide_id;rating;country
Петров;Иван Сергеевич;Ivan.Petrov@example.ru;ru;4100001;2310;rus
Berg;Anna;anna@example.org;en;;2205;
Сидоров;Пётр;9sid@example.ru;ru;4100003;;RUS
"""


@pytest.fixture
def site(services: Services) -> Services:
    services.players.add(OPERATOR, login="office", name="Office", roles=["admin"], lang="ru")
    services.players.add(OPERATOR, login="anna1", name="A. Berg", emails=["anna@example.org"])
    give_passwords(services, PASSWORD)
    return services


def invitations(site: Services) -> list[OutboundMessage]:
    with site.ctx.db.read() as s:
        return list(s.scalars(select(OutboundMessage).where(OutboundMessage.kind == "invite")))


def test_a_list_is_imported_whole_and_the_new_people_invited(site: Services) -> None:
    report = site.people.import_csv(OPERATOR, LIST, invite=True, site_url="https://cc.test")
    assert report.problems == []
    assert report.created == ["ivan.petrov", "p9sid"] and report.updated == ["anna1"]
    ivan = site.people.person(OPERATOR, "ivan.petrov")
    assert (ivan.rating, ivan.federation_id, ivan.country, ivan.lang) == (
        2310,
        "4100001",
        "RUS",
        "ru",
    )
    assert site.people.person(OPERATOR, "anna1").name == "Berg Anna"  # updated, not doubled
    assert (ivan.surname, ivan.given_names, ivan.name) == (
        "Петров",
        "Иван Сергеевич",
        "Петров Иван Сергеевич",
    )
    sent = invitations(site)
    assert sorted(m.to_address for m in sent) == ["9sid@example.ru", "ivan.petrov@example.ru"]
    assert all("https://cc.test/reset/" in m.body for m in sent)
    # A bad list changes nothing and names every bad line.
    bad = "name,email,rating\nX,not-an-address,1\nY,y@example.org,high\nZ,z@example.org,1\n"
    report = site.people.import_csv(OPERATOR, bad)
    assert [n for n, _ in report.problems] == [2, 3] and report.created == []
    with pytest.raises(errors.NotFound):
        site.people.person(OPERATOR, "z")


def test_never_signed_in_edit_and_merge(site: Services) -> None:
    site.people.invite(
        OPERATOR, surname="Licate", given_names="Dup", email="dup@example.org", site_url="http://x"
    )
    people = {p.login: p for p in site.people.people(OPERATOR)}
    assert people["dup"].last_sign_in is None and not people["dup"].has_password
    site.accounts.sign_in("anna1", PASSWORD, "127.0.0.1")
    assert site.people.person(OPERATOR, "anna1").last_sign_in is not None
    site.people.edit(
        OPERATOR, "anna1", surname="Berg", given_names="Anna",
        emails=["anna@example.org", "anna@work.example"], roles=["player", "arbiter"],
        lang="ru", rating=2250, federation_id="77", country="swe",
    )  # fmt: skip
    anna = site.people.person(OPERATOR, "anna1")
    assert anna.roles == ["arbiter", "player"] and anna.country == "SWE" and anna.lang == "ru"
    assert anna.emails == ["anna@example.org", "anna@work.example"]
    site.people.merge(OPERATOR, "anna1", "dup")
    assert "dup" not in {p.login for p in site.people.people(OPERATOR)}
    assert "dup@example.org" in site.people.person(OPERATOR, "anna1").emails
    with pytest.raises(errors.InvalidInput):
        site.people.merge(OPERATOR, "anna1", "dup")


def test_the_people_pages_in_russian(site: Services) -> None:
    c = sign_in(site, "office", PASSWORD)
    page = c.get("/office/people")
    assert page.status_code == 200 and "Люди" in page.text and "Ни разу не входили" in page.text
    r = c.post(
        "/office/people/invite",
        data={"csrf_token": csrf_of(page.text), "surname": "Смирнова", "given_names": "Ольга",
              "email": "olga@example.ru", "lang": "ru"},
    )  # fmt: skip
    assert r.status_code == 200 and "Приглашение отправлено" in r.text
    assert [m.to_address for m in invitations(site)] == ["olga@example.ru"]
    # Sent again with the same address: refused beside the form, nothing added.
    again = c.post(
        "/office/people/invite",
        data={"csrf_token": csrf_of(page.text), "surname": "Смирнова", "given_names": "Ольга",
              "email": "olga@example.ru"},
    )  # fmt: skip
    assert again.status_code == 422 and 'id="invite-error"' in again.text
    upload = c.post(
        "/office/people/import",
        data={"csrf_token": csrf_of(page.text), "invite": "1"},
        files={"file": ("list.csv", LIST.encode("cp1251"), "text/csv")},
    )
    assert upload.status_code == 200 and 'id="import-report"' in upload.text
    assert "Петров Иван Сергеевич" in upload.text
    broken = c.post(
        "/office/people/import",
        data={"csrf_token": csrf_of(page.text), "csv": "name,email\nБез адреса,\n"},
    )
    assert broken.status_code == 422 and "строка 2" in broken.text
    # A file in neither UTF-8 nor Windows-1251 (0x98 is in neither) is refused
    # whole, and nobody is added.
    before = len(site.people.people(OPERATOR))
    garbled = c.post(
        "/office/people/import",
        data={"csrf_token": csrf_of(page.text)},
        files={"file": ("list.csv", b"name,email\n\x98\xff,x@example.org\n", "text/csv")},
    )
    assert garbled.status_code == 422 and 'id="import-error"' in garbled.text
    assert '<details id="import" open>' in garbled.text  # the answer is in sight
    assert "ни в UTF-8, ни в Windows-1251" in garbled.text
    assert len(site.people.people(OPERATOR)) == before
    person = c.get("/office/people/olga")
    assert person.status_code == 200 and 'id="invite-again"' in person.text
    assert client(site).get("/office/people", follow_redirects=False).status_code == 303
    assert sign_in(site, "anna1", PASSWORD).get("/office/people").status_code == 403
