"""The web doors when the server fails: 503 or 500 in each door's own form,
in the visitor's language, and a health page that tells the truth."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.exc import OperationalError

from cc.app.services import Services
from cc.base.health import Health
from cc.web.app import create_app
from tests.support.events import make_event
from tests.support.web import token_for

DOWN = OperationalError("SELECT 1", {}, ConnectionRefusedError("connection refused"))


@pytest.fixture
def broken(services: Services, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    """A site whose database goes away after the event is made."""
    ids = make_event(services, 2)
    headers = token_for(services, ids["p1"])

    def down(*_args: object, **_kwargs: object) -> None:
        raise DOWN

    monkeypatch.setattr(services.accounts, "token_holder", down)
    monkeypatch.setattr(services.accounts, "session", down)
    return headers


def test_the_api_answers_503_in_its_error_form(services: Services, broken: dict[str, str]) -> None:
    app = TestClient(create_app(services), raise_server_exceptions=False)
    r = app.get("/api/v1/games/1", headers={**broken, "Accept-Language": "ru"})
    assert r.status_code == 503
    assert r.headers["retry-after"] == "30"
    error = r.json()["error"]
    assert error["code"] == "unavailable"
    assert "базе данных" in error["message"]
    r = app.post("/api/v1/games/1/moves", json={"move": "e4", "move_number": 1}, headers=broken)
    assert r.status_code == 503 and "database" in r.json()["error"]["message"]


def test_pages_answer_503_in_the_visitors_language(
    services: Services, broken: dict[str, str]
) -> None:
    app = TestClient(create_app(services), raise_server_exceptions=False)
    app.cookies.set("cc_session", "anything")
    app.cookies.set("lang", "ru")
    r = app.get("/games")
    assert r.status_code == 503
    assert "Сервер сейчас не может ответить" in r.text
    assert 'data-code="unavailable"' in r.text


def test_an_unexpected_failure_is_500_in_the_api_form_with_the_security_headers(
    services: Services, monkeypatch: pytest.MonkeyPatch
) -> None:
    ids = make_event(services, 2)

    def bug(*_args: object, **_kwargs: object) -> None:
        raise ZeroDivisionError("a bug")

    monkeypatch.setattr(services.queries, "game_for", bug)
    app = TestClient(create_app(services), raise_server_exceptions=False)
    r = app.get("/api/v1/games/1", headers=token_for(services, ids["p1"]))
    assert r.status_code == 500
    assert r.json()["error"]["code"] == "internal_error"
    # Made outside every middleware, yet with the headers every answer has.
    for answer in (r, app.get("/games/1")):
        assert answer.status_code == 500
        assert "frame-ancestors 'none'" in answer.headers["content-security-policy"]
        assert answer.headers["x-content-type-options"] == "nosniff"
        assert answer.headers["x-frame-options"] == "DENY"


def test_health_reports_workers_and_fails_after_the_grace(services: Services) -> None:
    moment = [datetime(2026, 5, 10, 8, 0, tzinfo=UTC)]
    health = Health(grace=timedelta(minutes=3), now=lambda: moment[0])
    reader, sender = health.heartbeat("reader"), health.heartbeat("sender")
    reader.ok()
    sender.ok()
    app = TestClient(create_app(services, health=health), raise_server_exceptions=False)
    r = app.get("/healthz")
    assert r.status_code == 200
    assert r.json()["workers"]["reader"]["last_success"] == "2026-05-10T08:00:00+00:00"

    reader.failed("OperationalError: connection refused")
    moment[0] += timedelta(minutes=2)
    r = app.get("/healthz")
    assert r.status_code == 200  # a short hiccup is not yet a failure
    assert r.json()["workers"]["reader"]["failing_since"] == "2026-05-10T08:00:00+00:00"

    moment[0] += timedelta(minutes=2)
    r = app.get("/healthz")
    assert r.status_code == 503
    body = r.json()
    assert body["status"] == "failing" and body["failing"] == ["reader"]
    assert body["workers"]["reader"]["last_error"] == "OperationalError: connection refused"

    reader.ok()
    assert app.get("/healthz").status_code == 200


def test_health_is_503_when_the_database_cannot_be_read(
    services: Services, monkeypatch: pytest.MonkeyPatch
) -> None:
    def down() -> None:
        raise DOWN

    monkeypatch.setattr(services.ctx.db, "read", down)
    app = TestClient(create_app(services), raise_server_exceptions=False)
    r = app.get("/healthz")
    assert r.status_code == 503
    assert r.json()["error"]["code"] == "unavailable"
