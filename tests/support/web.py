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

CSRF = re.compile(r'name="csrf_token" value="([^"]*)"')


def client(services: Services) -> TestClient:
    return TestClient(create_app(services))


def csrf_of(html: str) -> str:
    match = CSRF.search(html)
    assert match, "no CSRF token in the page"
    return match.group(1)


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
