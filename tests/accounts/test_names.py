"""A person's surname and given names, kept apart: entered at the office's
forms or from a CSV list, shown surname first in tables and pages
("Liddell Alice", "Петров Пётр Иванович"), and written "Surname, Given
Names" in PGN and Xfcc. The console's side is in tests/console/test_cli.py, the
revision that split the names kept before in tests/migrations/test_migrations_with_data.py.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from datetime import date

import pytest
from sqlalchemy import select

from cc.app.services import Services
from cc.base import errors
from cc.run.demo import seed_demo
from cc.store.models import Player
from notation.pgn import display_name, pgn_name, split_name
from tests.support.events import OPERATOR, create_event
from tests.support.sites import give_passwords
from tests.support.web import client, csrf_of, sign_in, token_for
from tests.support.xfcc import get_my_games

PASSWORD = "names-pass-1"
#: (login, surname, given names, the display form, the PGN and Xfcc form)
ALICE = ("alice", "Liddell", "Alice", "Liddell Alice", "Liddell, Alice")
PETROV = ("petrov", "Петров", "Пётр Иванович", "Петров Пётр Иванович", "Петров, Пётр Иванович")


@pytest.fixture
def site(services: Services) -> Services:
    services.players.add(OPERATOR, login="office", surname="Office", roles=["admin"])
    return services


def play(site: Services, white: str, black: str) -> None:
    """An event of the two, started: the first listed has White."""
    create_event(site, "NAMES", "Names Cup", date(2026, 5, 10), timezone="UTC")
    site.events.add_players(OPERATOR, "NAMES", [white, black])
    site.events.start(OPERATOR, "NAMES")


def shown_everywhere(site: Services) -> None:
    """Alice and Petrov read right in every table, in PGN and in Xfcc."""
    give_passwords(site, PASSWORD)
    _, a_surname, a_given, a_shown, a_pgn = ALICE
    _, p_surname, p_given, p_shown, p_pgn = PETROV
    assert (site.queries.player("alice").surname, site.queries.player("alice").given_names) == (
        a_surname,
        a_given,
    )
    assert site.queries.player("petrov").name == p_shown
    # tables: the event's games, the crosstable, the office's list, the player's page
    web = client(site)
    for path in ("/events/NAMES", "/events/NAMES/crosstable"):
        page = web.get(path)
        assert page.status_code == 200 and a_shown in page.text and p_shown in page.text, path
    office = sign_in(site, "office", PASSWORD)
    people = office.get("/office/people").text
    assert a_shown in people and p_shown in people
    person = office.get("/office/people/petrov").text
    assert f'value="{p_surname}"' in person and f'value="{p_given}"' in person
    # the API's player
    me = web.get("/api/v1/me", headers=token_for(site, site.queries.player("petrov").id)).json()
    assert (me["surname"], me["given_names"], me["name"]) == (p_surname, p_given, p_shown)
    # PGN: the server's record, which every door downloads
    [game] = site.queries.games()
    pgn = site.queries.pgn([game.id])
    assert f'[White "{a_pgn}"]' in pgn and f'[Black "{p_pgn}"]' in pgn
    # Xfcc, as a desktop program reads GetMyGames
    answer = web.post("/xfcc/xfccbasic.asmx", content=get_my_games("petrov", PASSWORD))
    assert answer.status_code == 200
    tree = ET.fromstring(answer.content)
    named = {e.tag.rsplit("}", 1)[-1]: e.text for e in tree.iter()}
    assert (named["white"], named["black"]) == (a_pgn, p_pgn)


def test_the_convention_for_a_name_in_one_text() -> None:
    assert split_name("Петров Пётр Иванович") == ("Петров", "Пётр Иванович")
    assert split_name("Liddell, Alice") == ("Liddell", "Alice")
    assert split_name("Madonna") == ("Madonna", "")
    assert display_name("Петров", "Пётр Иванович") == "Петров Пётр Иванович"
    # a surname of several words stays whole in PGN, which the one text could not say
    assert pgn_name("van der Berg", "Johan") == "van der Berg, Johan"
    assert display_name("van der Berg", "Johan") == "van der Berg Johan"


def test_names_given_to_the_services_derive_the_display_form(site: Services) -> None:
    site.players.add(OPERATOR, login="alice", surname=" Liddell ", given_names="  Alice ")
    site.players.add(OPERATOR, login="petrov", name="Петров  Пётр Иванович")
    site.players.add(OPERATOR, login="cher", surname="Cher")
    assert [
        (v.surname, v.given_names, v.name)
        for v in (site.queries.player(login) for login in ("alice", "petrov", "cher"))
    ] == [
        ("Liddell", "Alice", "Liddell Alice"),
        ("Петров", "Пётр Иванович", "Петров Пётр Иванович"),
        ("Cher", "", "Cher"),
    ]
    for given in ({"surname": " "}, {"surname": "", "given_names": "Alice"}, {"name": ""}):
        with pytest.raises(errors.InvalidInput) as refused:
            site.players.add(OPERATOR, login="nobody", **given)  # type: ignore[arg-type]
        assert refused.value.params["field"] == "surname"
    # edited, the display form follows the parts
    site.people.edit(
        OPERATOR, "cher", surname="Sarkisian", given_names="Cherilyn", emails=[],
        roles=["player"], lang="en", rating=None, federation_id=None, country=None,
    )  # fmt: skip
    assert site.queries.player("cher").name == "Sarkisian Cherilyn"
    with site.ctx.db.write() as s:  # and so does any write to either part
        cher = s.scalars(select(Player).where(Player.login == "cher")).one()
        cher.given_names = "Cherilyn Sarkisian"
        cher.surname = "LaPierre"
    assert site.queries.player("cher").name == "LaPierre Cherilyn Sarkisian"


def test_people_entered_at_the_office_forms(site: Services) -> None:
    give_passwords(site, PASSWORD)
    office = sign_in(site, "office", PASSWORD)
    page = office.get("/office/people")
    assert 'name="surname"' in page.text and 'name="given_names"' in page.text
    for login, surname, given, *_ in (ALICE, PETROV):
        r = office.post(
            "/office/people/invite",
            data={"csrf_token": csrf_of(page.text), "surname": surname, "given_names": given,
                  "email": f"{login}@example.org", "lang": "en"},
        )  # fmt: skip
        assert r.status_code == 200, r.text
    # without a surname the form is refused beside it, what was typed kept
    r = office.post(
        "/office/people/invite",
        data={"csrf_token": csrf_of(page.text), "surname": " ", "given_names": "Nemo",
              "email": "nemo@example.org"},
    )  # fmt: skip
    assert r.status_code == 422 and 'id="invite-error"' in r.text and 'value="Nemo"' in r.text
    # Alice was first entered given name first by mistake; the edit form mends it
    site.people.edit(
        OPERATOR, "alice", surname="Alice", given_names="Liddell", emails=["alice@example.org"],
        roles=["player"], lang="en", rating=None, federation_id=None, country=None,
    )  # fmt: skip
    assert site.queries.player("alice").name == "Alice Liddell"
    person = office.get("/office/people/alice")
    r = office.post(
        "/office/people/alice",
        data={"csrf_token": csrf_of(person.text), "surname": "Liddell", "given_names": "Alice",
              "emails": "alice@example.org", "roles": "player", "lang": "en"},
    )  # fmt: skip
    assert r.status_code == 200 and "Liddell Alice" in r.text
    play(site, "alice", "petrov")
    shown_everywhere(site)


@pytest.mark.parametrize(
    "header, alice, petrov",
    [
        ("surname,given_names,email", "Liddell,Alice", "Петров,Пётр Иванович"),
        ("Фамилия;Имя;E-mail", "Liddell;Alice", "Петров;Пётр Иванович"),
        # the single column kept before: surname first, or with a comma
        ("name,email", "Liddell Alice", '"Петров, Пётр Иванович"'),
        ("имя;email", "Liddell Alice", "Петров Пётр Иванович"),
    ],
)
def test_people_imported_from_a_list(site: Services, header: str, alice: str, petrov: str) -> None:
    sep = ";" if ";" in header else ","
    text = f"{header}\n{alice}{sep}alice@example.org\n{petrov}{sep}petrov@example.org\n"
    report = site.people.import_csv(OPERATOR, text)
    assert report.problems == [] and report.created == ["alice", "petrov"]
    play(site, "alice", "petrov")
    shown_everywhere(site)
    # imported again with the names mended, the people are updated, not doubled
    mended = "surname,given_names,email\nLiddell,Alice Pleasance,alice@example.org\n"
    assert site.people.import_csv(OPERATOR, mended).updated == ["alice"]
    assert site.queries.player("alice").name == "Liddell Alice Pleasance"


def test_a_list_without_a_surname_column_or_a_surname_is_refused(site: Services) -> None:
    report = site.people.import_csv(OPERATOR, "given_names,email\nAlice,a@example.org\n")
    assert [n for n, _ in report.problems] == [1]
    text = "surname,given_names,email\n,Alice,a@example.org\nLiddell,Alice,l@example.org\n"
    report = site.people.import_csv(OPERATOR, text)
    assert [(n, str(p)) for n, p in report.problems] == [(2, "no surname")]
    assert report.created == []


def test_the_demo_players_have_real_names(services: Services) -> None:
    credentials = seed_demo(services, OPERATOR)  # on an empty site only
    assert credentials is not None and [c[0] for c in credentials] == ["alice", "boris", "arbiter"]
    [game] = services.queries.games()
    pgn = services.queries.pgn([game.id])
    assert '"Liddell, Alice"' in pgn and '"Борисов, Борис Петрович"' in pgn
