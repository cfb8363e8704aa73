"""Hostile input gets a 4xx with the usual error body, on both databases;
every answer carries the security headers.

The attacks are the ones that once gave 500s: NaN and Infinity for a
number, a lone surrogate or a NUL in a text, ids of 2^31 and 2^63, a
400-character login, a 10 MB complaint; then random JSON and form bodies
posted to every route of the API.
"""

from __future__ import annotations

import json
import re

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cc.app.services import Services
from cc.base import errors
from cc.web.app import create_app
from cc.web.context import WebSettings
from cc.web.guard import MAX_BODY
from tests.support.events import make_event
from tests.support.web import csrf_of, sign_in, token_for


@pytest.fixture
def site(services: Services) -> dict[str, object]:
    ids = make_event(services, 2)
    return {"ids": ids, "headers": token_for(services, ids["p1"])}


def _error_body(r: object) -> dict[str, object]:
    body = r.json()  # type: ignore[attr-defined]
    assert set(body) == {"error"} and {"code", "message"} <= set(body["error"]), body
    return body["error"]  # type: ignore[no-any-return]


def test_hostile_json_gets_4xx_in_the_error_form(services: Services, site: dict) -> None:
    c = TestClient(create_app(services), raise_server_exceptions=False)
    h = {**site["headers"], "Content-Type": "application/json", "Accept-Language": "ru"}
    attacks = [
        ("/api/v1/games/1/moves", '{"move": "e4", "move_number": NaN}'),
        ("/api/v1/games/1/moves", '{"move": "e4", "move_number": Infinity}'),
        ("/api/v1/games/1/moves", '{"move": "e4", "move_number": -Infinity}'),
        ("/api/v1/games/1/moves", '{"move": "\\ud800"}'),
        ("/api/v1/games/1/moves", '{"move": "e\\u00004"}'),
        ("/api/v1/games/1/moves", '{"move": "e4", "move_number": 9223372036854775808}'),
        ("/api/v1/games/1/complaints", json.dumps({"text": "\x00"})),
        ("/api/v1/games/1/complaints", json.dumps({"text": "draw?\x1d"})),
        ("/api/v1/games/1/complaints", json.dumps({"text": "a\ufffeb"})),
        ("/api/v1/games/1/receipts", json.dumps({"player": "x" * 400, "received": "2026-05-12"})),
        ("/api/v1/games/1/moves", '{"move": '),
        ("/api/v1/games/1/moves", "[]"),
    ]
    for path, body in attacks:
        r = c.post(path, content=body.encode("utf-8", "surrogatepass"), headers=h)
        assert 400 <= r.status_code < 500, (path, body, r.status_code, r.text)
        _error_body(r)
    r = c.post("/api/v1/games/1/moves", content=b'{"move": "e4", "move_number": NaN}', headers=h)
    assert "не число" in _error_body(r)["message"]


def test_ids_beyond_any_column_are_not_found(services: Services, site: dict) -> None:
    c = TestClient(create_app(services), raise_server_exceptions=False)
    for big in (2**31, 2**63, 10**30):
        r = c.get(f"/api/v1/games/{big}", headers=site["headers"])
        assert r.status_code == 404 and _error_body(r)["code"] == "not_found"
        r = c.post(f"/api/v1/games/{big}/moves", json={"move": "e4"}, headers=site["headers"])
        assert r.status_code == 404
    r = c.get(f"/games/{2**63}")
    assert r.status_code == 404 and "text/html" in r.headers["content-type"]


def test_a_huge_body_is_refused_before_it_is_read(services: Services, site: dict) -> None:
    c = TestClient(create_app(services), raise_server_exceptions=False)
    complaint = {"text": "a" * (10 * 1024 * 1024)}
    r = c.post("/api/v1/games/1/complaints", json=complaint, headers=site["headers"])
    assert r.status_code == 413
    assert _error_body(r)["code"] == "too_large" and str(MAX_BODY) in r.text
    r = c.post("/api/v1/games/1/complaints", json={"text": "a" * 30_000}, headers=site["headers"])
    assert r.status_code == 422 and "20000" in _error_body(r)["message"]


def test_forms_with_nul_or_bad_bytes_or_long_logins(services: Services) -> None:
    c = TestClient(create_app(services), raise_server_exceptions=False)
    page = c.get("/login")
    token = csrf_of(page.text)
    form = {"csrf_token": token, "next": "/games", "password": "x"}
    for login in ("a\x00b", "x" * 400):
        r = c.post("/login", data={**form, "login": login}, follow_redirects=False)
        assert 400 <= r.status_code < 500, (login[:10], r.status_code)
    r = c.post(
        "/login",
        content=b"login=%ED%A0%80&password=x&csrf_token=" + token.encode(),
        headers={"Content-Type": "application/x-www-form-urlencoded"},
        follow_redirects=False,
    )
    assert r.status_code == 422


def test_every_answer_carries_the_security_headers(services: Services, site: dict) -> None:
    c = TestClient(create_app(services), raise_server_exceptions=False)
    for path in ("/login", "/api/v1/me", "/api/docs", "/healthz", "/games/1", "/nowhere"):
        r = c.get(path, headers=site["headers"], follow_redirects=False)
        csp = r.headers["content-security-policy"]
        assert "script-src 'self'" in csp and "frame-ancestors 'none'" in csp
        assert r.headers["x-frame-options"] == "DENY"
        assert r.headers["x-content-type-options"] == "nosniff"
        assert r.headers["referrer-policy"] == "same-origin"
    docs = c.get("/api/docs").text
    assert not re.search(r"<script>(?!</script>)", docs), "no inline script"
    assert "cdn" not in docs.lower() and "http" not in docs.replace("http-equiv", "")
    for asset in re.findall(r'(?:src|href)="(/static/[^"]+)"', docs):
        assert c.get(asset).status_code == 200, asset


def test_cookies_are_secure_when_the_site_is(services: Services) -> None:
    c = TestClient(create_app(services, WebSettings(secure_cookies=True)), base_url="https://t")
    r = c.get("/login")
    cookies = r.headers.get_list("set-cookie")
    assert cookies and all("secure" in v.lower() for v in cookies)
    assert r.headers["strict-transport-security"].startswith("max-age=")
    r = c.post("/lang", data={"lang": "ru", "next": "/login"}, follow_redirects=False)
    assert all("secure" in v.lower() for v in r.headers.get_list("set-cookie"))


_json = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=30)
    | st.sampled_from(["e4", "5254", "2026-05-12", "t1p1", "draw", "win"]),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner, max_size=5)
    ),
    max_leaves=12,
)
_keys = [
    "move",
    "move_number",
    "text",
    "player",
    "received",
    "first_day",
    "last_day",
    "line",
    "decision",
    "reasons",
    "claim",
    "lang",
    "notation",
    "emails",
    "statement",
    "conditional",
]
_bodies = st.one_of(
    _json,
    st.dictionaries(st.sampled_from(_keys), _json, max_size=5),
)


def _api_routes(services: Services) -> list[tuple[str, str]]:
    """Every route of the API that takes a body, from its OpenAPI document."""
    paths = create_app(services).openapi()["paths"]
    return [
        (method.upper(), path)
        for path, operations in paths.items()
        for method in sorted(operations)
        if method in ("post", "patch", "put", "delete")
    ]


def test_random_bodies_to_every_api_route_never_give_5xx(services: Services, site: dict) -> None:
    c = TestClient(create_app(services), raise_server_exceptions=False)
    routes = _api_routes(services)
    assert len(routes) >= 10

    @settings(
        max_examples=150,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
        database=None,
    )
    @given(st.sampled_from(routes), _bodies, st.sampled_from(["1", "2", "0", "-1", "x", "99"]))
    def post(route: tuple[str, str], body: object, ident: str) -> None:
        method, path = route
        url = re.sub(r"\{[^}]+\}", ident, path)
        r = c.request(method, url, json=body, headers=site["headers"])
        assert r.status_code < 500, (method, url, body, r.status_code, r.text[:300])

    post()


def test_random_forms_to_the_pages_never_give_5xx(services: Services, site: dict) -> None:
    c = sign_in(services, *_player_login(services))
    token = csrf_of(c.get("/account").text)
    paths = [
        "/games/1/move",
        "/games/1/confirm",
        "/games/1/complaint",
        "/leave",
        "/account",
        "/lang",
        "/login",
        "/games/1/draw",
        "/games/1/conditional",
    ]

    @settings(
        max_examples=100,
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
    )
    @given(
        st.sampled_from(paths),
        st.dictionaries(st.sampled_from(_keys), st.text(max_size=40), max_size=4),
    )
    def post(path: str, form: dict[str, str]) -> None:
        r = c.post(path, data={**form, "csrf_token": token}, follow_redirects=False)
        assert r.status_code < 500, (path, form, r.status_code, r.text[:300])

    post()


def _player_login(services: Services) -> tuple[str, str]:
    """t1p1 of the event, given a password to sign in with."""
    from cc.accounts.hashing import hash_password
    from cc.store.models import Player

    with services.ctx.db.write() as session:
        player = session.query(Player).filter_by(login="t1p1").one()
        player.password_hash = hash_password("fuzz-password-1")
    return "t1p1", "fuzz-password-1"


def test_an_unknown_notation_is_refused_not_a_500(services: Services, site: dict) -> None:
    c = TestClient(create_app(services), raise_server_exceptions=False)
    for value in ("x", "", "mixed"):
        r = c.get(f"/api/v1/games/1/ledger?notation={value}", headers=site["headers"])
        assert r.status_code == 422, (value, r.status_code, r.text)
        assert _error_body(r)["code"] == "invalid_input"
    assert c.get("/api/v1/games/1/ledger?notation=san-ru", headers=site["headers"]).is_success
    with pytest.raises(errors.InvalidInput):
        services.ledgers.schedule(1, style="x")


def test_undecodable_paths_are_not_found_in_the_door_s_form(services: Services) -> None:
    c = TestClient(create_app(services), raise_server_exceptions=False)
    for path in (
        "/api/v1/events/%FF%FE",
        "/api/v1/events/%ED%A0%80",
        "/api/v1/events/%FF%FE/crosstable",
        "/api/v1/games/9223372036854775808/pgn",
    ):
        r = c.get(path, headers={"Accept-Language": "ru"})
        assert r.status_code == 404, (path, r.status_code, r.text)
        assert _error_body(r)["code"] == "not_found"
    for path in ("/events/%FF%FE", "/games/9223372036854775808.pgn", "/games/9223372036854775808"):
        r = c.get(path)
        assert r.status_code == 404, (path, r.status_code)
        assert "text/html" in r.headers["content-type"]


def test_every_json_spelling_is_checked_and_nothing_is_stored(
    services: Services, site: dict
) -> None:
    """The framework reads ``application/merge-patch+json`` and a body with no
    type as JSON too: a NUL sent so is refused like one sent as JSON, and the
    partner's Xfcc list stays well-formed XML."""
    c = TestClient(create_app(services), raise_server_exceptions=False)
    game = services.queries.game(1)
    white = services.queries.player(game.white)
    headers = token_for(services, white.id)
    body = json.dumps({"move": "e4", "move_number": 1, "message": "a\x00b"}).encode()
    for kind in ("application/merge-patch+json", "application/vnd.x+json", None):
        h = {**headers, **({"Content-Type": kind} if kind else {})}
        r = c.post("/api/v1/games/1/moves", content=body, headers=h)
        assert r.status_code == 422, (kind, r.status_code, r.text)
        assert _error_body(r)["code"] == "invalid_input"
    assert services.queries.game(1).ply_count == 0
    r = c.post(
        "/api/v1/games/1/moves",
        content=json.dumps({"move": "e4", "move_number": 1, "message": "ok"}).encode(),
        headers={**headers, "Content-Type": "application/merge-patch+json"},
    )
    assert r.status_code == 200, r.text


def test_the_framework_s_own_refusals_are_in_the_error_form(services: Services, site: dict) -> None:
    c = TestClient(create_app(services), raise_server_exceptions=False)
    h = {**site["headers"], "Content-Type": "application/json", "Accept-Language": "ru"}
    deep = b"[" * 100_000 + b"]" * 100_000
    for body in (b'{"move": "\xff\xfe"}', deep):
        r = c.post("/api/v1/games/1/moves", content=body, headers=h)
        assert 400 <= r.status_code < 500, (r.status_code, r.text[:200])
        assert "detail" not in r.json()
        _error_body(r)
    r = c.put("/api/v1/games/1/moves", json={"move": "e4"}, headers=h)
    assert r.status_code == 405 and "POST" in r.headers["allow"]
    error = _error_body(r)
    assert error["code"] == "method_not_allowed"
    assert error["message"] == "Этот адрес не принимает запросы PUT."
    r = c.delete("/api/v1/me", headers=h)
    assert r.status_code == 405
    assert {"GET", "PATCH"} <= {m.strip() for m in r.headers["allow"].split(",")}
    r = c.get("/api/v1/nowhere", headers=h)
    assert r.status_code == 404 and _error_body(r)["code"] == "not_found"


def test_a_leave_for_the_end_of_the_calendar_is_refused(services: Services, site: dict) -> None:
    c = TestClient(create_app(services), raise_server_exceptions=False)
    for first, last in (("9999-12-30", "9999-12-31"), ("2026-06-01", "9999-12-31")):
        r = c.post(
            "/api/v1/leaves", json={"first_day": first, "last_day": last}, headers=site["headers"]
        )
        assert r.status_code == 422, (first, last, r.status_code, r.text)
        assert _error_body(r)["code"] == "invalid_input"
    assert c.get("/api/v1/leaves", headers=site["headers"]).json()["leaves"] == []
