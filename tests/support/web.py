"""Helpers for the web tests: an app over the test services, signed-in clients."""

from __future__ import annotations

import re
from typing import Any

import jsonschema
from fastapi.testclient import TestClient

from cc.app.services import Services
from cc.base.kinds import Door
from cc.kernel.context import Actor
from cc.web.app import create_app
from tests.support.events import OPERATOR, make_event
from tests.support.sites import give_passwords

CSRF = re.compile(r'name="csrf_token" value="([^"]*)"')
#: the password the web tests' players sign in with, unless a test sets its own
PASSWORD = "correct-horse"


def client(services: Services) -> TestClient:
    return TestClient(create_app(services))


def csrf_of(html: str) -> str:
    match = CSRF.search(html)
    assert match, "no CSRF token in the page"
    return match.group(1)


def form(page: str, **values: str) -> dict[str, str]:
    """A form's fields to send: ``values``, and the CSRF token of the ``page`` it is on."""
    return {"csrf_token": csrf_of(page), **values}


def new_event(c: TestClient, page: str, code: str, name: str, **values: str) -> Any:
    """The office's form for a new event sent from ``page`` (the form's page):
    event ``code`` called ``name``, played on the server from 1 June 2026
    unless ``values`` (the form's other fields) say otherwise."""
    fields = {"code": code, "name": name, "mode": "server", "start_date": "2026-06-01", **values}
    return c.post("/office/events/new", data=form(page, **fields), follow_redirects=False)


def sign_in(services: Services, login: str, password: str) -> TestClient:
    c = client(services)
    page = c.get("/login")
    r = c.post(
        "/login",
        data={
            "login": login,
            "password": password,
            "csrf_token": csrf_of(page.text),
            "next": "/games",
        },
        follow_redirects=False,
    )
    assert r.status_code == 303, r.text
    return c


def three_players(services: Services) -> Services:
    """The web tests' usual site: event T1 of three players (``t1p1`` to
    ``t1p3``), each signing in with ``PASSWORD``; the ids on ``.ids``."""
    ids = make_event(services, 3)
    give_passwords(services, PASSWORD)
    services.ids = ids  # type: ignore[attr-defined]
    return services


#: the office's, the arbiters' and the players' password in :func:`with_the_office`
OFFICE_PASSWORD = "office-pass-1"


def with_the_office(services: Services) -> Services:
    """Event T1 of two players, an organiser ``office`` who reads Russian,
    an arbiter ``judge`` and an appeal arbiter ``appeal``: the office's pages
    have someone to name in every list."""
    make_event(services, 2)
    services.players.add(
        OPERATOR, login="office", name="Ольга Оргкомитет", roles=["admin"], lang="ru"
    )
    services.players.add(OPERATOR, login="judge", name="Иван Судья", roles=["arbiter"])
    services.players.add(OPERATOR, login="appeal", name="Анна Апелляция", roles=["appeal_arbiter"])
    give_passwords(services, OFFICE_PASSWORD)
    return services


def sides_of_game_one(site: Services) -> tuple[str, str, str]:
    """The logins of game 1's White and Black, and of a player of its event
    (``t1p1`` to ``t1p3``) outside it."""
    view = site.queries.game(1)
    outsider = next(f"t1p{i}" for i in range(1, 4) if f"t1p{i}" not in (view.white, view.black))
    return view.white, view.black, outsider


def token_for(services: Services, player_id: int) -> dict[str, str]:
    token = services.accounts.create_token(Actor.player(player_id, Door.WEB), "test")
    return {"Authorization": f"Bearer {token}"}


def assert_documented(c: TestClient, method: str, template: str, response: Any) -> None:
    """The answer matches what the API's OpenAPI document says of it: its
    status is listed for the operation, and its JSON fits that status's
    schema (the document's own components resolved)."""
    document = c.get("/api/v1/openapi.json").json()
    operation = document["paths"][template][method.lower()]
    status = str(response.status_code)
    assert status in operation["responses"], (method, template, status)
    content = operation["responses"][status].get("content", {})
    schema = content.get("application/json", {}).get("schema")
    assert schema is not None, (method, template, status, sorted(content))
    jsonschema.validate(
        response.json(),
        {**schema, "components": document["components"]},
        cls=jsonschema.Draft202012Validator,
    )
