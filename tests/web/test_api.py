"""The JSON API: every endpoint's success and its refusals."""

from __future__ import annotations

import re
from datetime import date

import pytest
from openapi_spec_validator import validate

from cc.app.services import Services
from cc.base.clock import FixedClock
from tests.support.events import OPERATOR, make_event
from tests.support.web import client, token_for


@pytest.fixture
def game(services: Services) -> dict[str, object]:
    ids = make_event(services, 3)  # game 1: p1 (White) - p3? see below
    view = services.queries.game(1)
    logins = {f"t1p{i}": ids[f"p{i}"] for i in range(1, 4)}
    white, black = logins[view.white], logins[view.black]
    outsider = next(pid for login, pid in logins.items() if pid not in (white, black))
    return {"ids": ids, "white": white, "black": black, "outsider": outsider, "arbiter": ids["arb"]}


def test_openapi_document_validates(services: Services) -> None:
    spec = client(services).get("/api/v1/openapi.json").json()
    validate(spec)
    paths = set(spec["paths"])
    assert {
        "/api/v1/games/{game_id}/moves",
        "/api/v1/games/{game_id}/ledger",
        "/api/v1/leaves",
        "/api/v1/arbiter/events/{code}",
    } <= paths


def test_openapi_document_is_what_client_generators_rely_on(services: Services) -> None:
    """The bearer scheme and who needs it, every refusal in the API's one
    error form, a tag per domain (games first), and a typed schema for every
    success: no open object a generator or a contract test cannot use."""
    spec = client(services).get("/api/v1/openapi.json").json()
    schemas = spec["components"]["schemas"]
    assert spec["components"]["securitySchemes"]["bearer"] == {
        "type": "http",
        "scheme": "bearer",
        "description": spec["components"]["securitySchemes"]["bearer"]["description"],
    }
    assert "HTTPValidationError" not in schemas
    assert spec["tags"][0]["name"] == "games"
    operations = [
        (method, path, op) for path, ops in spec["paths"].items() for method, op in ops.items()
    ]
    assert len(operations) >= 45
    tags = {op["tags"][0] for _, _, op in operations}
    assert {"games", "cases", "leave", "events", "arbiter", "notifications", "account"} <= tags
    for method, path, op in operations:
        assert len(op["tags"]) == 1, (method, path)
        needs = op["security"]
        public = {} in needs
        assert {"bearer": []} in needs, (method, path)
        assert public == (
            method == "get"
            and path.startswith(("/api/v1/events", "/api/v1/games/{"))
            and not path.endswith(("conditionals", "time-claim"))
        ), (method, path)
        for status, answer in op["responses"].items():
            if status.startswith(("4", "5")):
                ref = answer["content"]["application/json"]["schema"]["$ref"]
                assert ref == "#/components/schemas/ErrorOut", (method, path, status)
            elif status != "204":
                ((_media, content),) = answer["content"].items()
                schema = content["schema"]
                typed = (
                    "$ref" in schema
                    or schema.get("type") in ("array", "string")
                    or ("anyOf" in schema or "properties" in schema)
                )
                assert typed, (method, path, status, schema)
        assert {"401", "404", "422"} <= set(op["responses"]), (method, path)
    error = schemas["ErrorBody"]
    assert {"code", "message"} <= set(error["required"])
    game = schemas["GameView"]["properties"]
    assert {"id", "white", "black", "fen"} <= set(game), sorted(game)


def test_a_bad_or_missing_token_is_refused(services: Services, game: dict) -> None:
    c = client(services)
    for headers in ({}, {"Authorization": "Bearer nonsense"}, {"Authorization": "Basic x"}):
        r = c.get("/api/v1/games", headers=headers)
        assert r.status_code == 401
        assert r.json()["error"]["code"] == "not_signed_in"
    r = c.get("/api/v1/games", headers={"Authorization": "Bearer x", "Accept-Language": "ru"})
    assert r.json()["error"]["message"] == "Сначала войдите в систему."


def test_play_through_the_api(services: Services, game: dict) -> None:
    c = client(services)
    w, b = token_for(services, game["white"]), token_for(services, game["black"])
    me = c.get("/api/v1/me", headers=w).json()
    assert me["id"] == game["white"]
    mine = c.get("/api/v1/games", headers=w).json()
    assert mine[0]["id"] == 1 and mine[0]["my_turn"] is True
    preview = c.post("/api/v1/games/1/preview", json={"move": "5254"}, headers=w).json()
    assert (preview["uci"], preview["san"], preview["move_number"]) == ("e2e4", "e4", 1)
    assert services.queries.game(1).ply_count == 0  # a preview stores nothing
    made = c.post("/api/v1/games/1/moves", json={"move": "5254", "move_number": 1}, headers=w)
    assert made.status_code == 200 and made.json()["san"] == "e4"
    again = c.post("/api/v1/games/1/moves", json={"move": "e4", "move_number": 1}, headers=w)
    assert again.json()["already_applied"] is True
    assert c.post("/api/v1/games/1/moves", json={"move": "Кf6"}, headers=b).json()["uci"] == "g8f6"
    shown = c.get("/api/v1/games/1", headers=b).json()
    assert [m["san"] for m in shown["moves"]] == ["e4", "Nf6"]
    ledger = c.get("/api/v1/games/1/ledger?notation=numeric", headers=b).json()
    assert ledger["schedule"][0]["white"]["move"] == "5254"
    assert "%ccsnt" in c.get("/api/v1/games/1/pgn", headers=w).text
    assert c.post("/api/v1/games/1/draw/offer", headers=w).json()["status"] == "ongoing"
    assert c.post("/api/v1/games/1/draw/decline", headers=b).status_code == 200
    assert c.post("/api/v1/games/1/draw/offer", headers=b).status_code == 200
    drawn = c.post("/api/v1/games/1/draw/accept", headers=w).json()
    assert (drawn["result"], drawn["result_reason"]) == ("1/2-1/2", "agreed_draw")


def test_move_refusals(services: Services, game: dict) -> None:
    c = client(services)
    w, b = token_for(services, game["white"]), token_for(services, game["black"])
    out = token_for(services, game["outsider"])
    cases = [
        (out, {"move": "e4"}, 403, "not_your_game"),
        (b, {"move": "e5"}, 409, "not_your_turn"),
        (w, {"move": "e5"}, 422, "impossible_move"),
        (w, {"move": "hello"}, 422, "illegible_move"),
        (w, {"move": "e4", "move_number": 3}, 409, "move_number_mismatch"),
    ]
    for headers, body, status, code in cases:
        r = c.post("/api/v1/games/1/moves", json=body, headers=headers)
        assert (r.status_code, r.json()["error"]["code"]) == (status, code), body
    r = c.post("/api/v1/games/99/moves", json={"move": "e4"}, headers=w)
    assert (r.status_code, r.json()["error"]["code"]) == (404, "not_found")
    r = c.post("/api/v1/games/1/moves", json={"move": "e4", "player": "²"}, headers=w)
    assert (r.status_code, r.json()["error"]["code"]) == (404, "not_found")
    r = c.post("/api/v1/games/1/moves", json={}, headers=w)
    assert r.status_code == 422  # schema validation
    r = c.post("/api/v1/games/1/moves", json={"move": "e5"}, headers={**w, "Accept-Language": "ru"})
    assert "невозможный ход" in r.json()["error"]["message"]
    assert c.get("/api/v1/games/1", headers=out).status_code == 403
    assert c.get("/api/v1/games/1/ledger", headers=out).status_code == 403
    assert c.get("/api/v1/games/1/pgn", headers=out).status_code == 403
    assert c.post("/api/v1/games/1/preview", json={"move": "e4"}, headers=out).status_code == 403
    assert c.post("/api/v1/games/1/resign", headers=out).status_code == 403
    assert c.post("/api/v1/games/1/draw/accept", headers=w).json()["error"]["code"] == (
        "no_draw_offer"
    )
    assert c.post("/api/v1/games/1/draw/claim", json={}, headers=w).json()["error"]["code"] == (
        "draw_claim_invalid"
    )
    assert services.queries.game(1).ply_count == 0


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("e2e2", "impossible_move"),
        ("e2-e2", "impossible_move"),
        ("5²54", "illegible_move"),
        ("5٩61", "illegible_move"),
        ("1. e2e2", "illegible_move"),
    ],
)
def test_typos_in_a_move_are_refused_as_faults(
    services: Services, game: dict, text: str, code: str
) -> None:
    """A move onto its own square or digits of another script are a fault of
    the move, answered 422 in the error form, in the caller's language."""
    c = client(services)
    w = token_for(services, game["white"])
    for path in ("/api/v1/games/1/moves", "/api/v1/games/1/preview"):
        r = c.post(path, json={"move": text}, headers=w)
        assert r.status_code == 422, (path, r.text)
        error = r.json()["error"]
        assert error["code"] == code and error["params"]["text"] == text, error
    r = c.post("/api/v1/games/1/moves", json={"move": text}, headers={**w, "Accept-Language": "ru"})
    assert repr(text) in r.json()["error"]["message"]
    assert re.search("[а-я]{4}", r.json()["error"]["message"])
    assert services.queries.game(1).ply_count == 0


def test_resign(services: Services, game: dict) -> None:
    c = client(services)
    r = c.post("/api/v1/games/1/resign", headers=token_for(services, game["black"]))
    assert r.json()["result"] == "1-0"


def test_leaves_through_the_api(services: Services, game: dict, clock: FixedClock) -> None:
    c = client(services)
    w = token_for(services, game["white"])
    r = c.post(
        "/api/v1/leaves", json={"first_day": "2026-06-01", "last_day": "2026-06-05"}, headers=w
    )
    assert r.status_code == 201
    leave_id = r.json()["id"]
    listed = c.get("/api/v1/leaves", headers=w).json()
    assert listed["balance"]["used_this_year"] == 5
    assert listed["leaves"][0]["first_day"] == "2026-06-01"
    r = c.post(
        "/api/v1/leaves", json={"first_day": "2026-05-01", "last_day": "2026-05-02"}, headers=w
    )
    assert (r.status_code, r.json()["error"]["code"]) == (422, "invalid_input")
    other = token_for(services, game["black"])
    assert c.post(f"/api/v1/leaves/{leave_id}/end", headers=other).status_code == 403
    assert c.post(f"/api/v1/leaves/{leave_id}/end", headers=w).json()["status"] == "cancelled"
    assert date(2026, 6, 1) > clock.now().date()


def test_arbiter_sees_only_their_events(services: Services, game: dict) -> None:
    c = client(services)
    arb = token_for(services, game["arbiter"])
    events = c.get("/api/v1/arbiter/events", headers=arb).json()
    assert [e["code"] for e in events] == ["T1"]
    overview = c.get("/api/v1/arbiter/events/T1", headers=arb).json()
    assert len(overview["games"]) == 3
    assert c.get("/api/v1/games/1/ledger", headers=arb).status_code == 200
    player = token_for(services, game["white"])
    assert c.get("/api/v1/arbiter/events", headers=player).json() == []
    r = c.get("/api/v1/arbiter/events/T1", headers=player)
    assert (r.status_code, r.json()["error"]["code"]) == (403, "not_permitted")
    other = make_event(services, 2, code="T2")
    other_arb = token_for(services, other["arb"])
    assert c.get("/api/v1/arbiter/events/T1", headers=other_arb).status_code == 403
    assert c.get("/api/v1/games/1", headers=other_arb).status_code == 403
    # An arbiter watches; they do not play for others through the API.
    r = c.post("/api/v1/games/1/moves", json={"move": "e4"}, headers=arb)
    assert r.json()["error"]["code"] == "not_your_game"


def test_preferences(services: Services, game: dict) -> None:
    c = client(services)
    w = token_for(services, game["white"])
    r = c.patch("/api/v1/me", json={"lang": "ru", "notation": "numeric"}, headers=w)
    assert r.json()["lang"] == "ru"
    r = c.patch("/api/v1/me", json={"notation": "klingon"}, headers=w)
    # The player reads Russian now: the field and the reason are in Russian too.
    assert r.status_code == 422 and r.json()["error"]["message"].startswith("нотация: 'klingon'")
    assert r.json()["error"]["params"] == {
        "field": "notation",
        "reason": "'klingon' is not a notation",
    }
    assert OPERATOR.is_operator


def test_conditional_lines_through_the_api(services: Services, game: dict) -> None:
    c = client(services)
    w, b = token_for(services, game["white"]), token_for(services, game["black"])
    r = c.post("/api/v1/games/1/moves", json={"move": "e4", "conditional": "e5 Nf3"}, headers=w)
    assert r.status_code == 200
    assert c.get("/api/v1/games/1/conditionals", headers=w).json()[0]["moves"] == ["e5", "Nf3"]
    assert c.get("/api/v1/games/1/conditionals", headers=b).json() == []  # private
    r = c.post("/api/v1/games/1/conditionals", json={"line": "Nf3 Nc6"}, headers=b)
    assert (r.status_code, r.json()["error"]["code"]) == (422, "invalid_input")  # Black to move
    made = c.post("/api/v1/games/1/moves", json={"move": "e5"}, headers=b).json()
    assert made["fired"] == ["Nf3"]
    r = c.post("/api/v1/games/1/conditionals", json={"line": "Nc6 Bb5"}, headers=w)
    assert r.status_code == 201
    line_id = r.json()["id"]
    assert [x["text"] for x in c.get("/api/v1/games/1/conditionals", headers=w).json()] == [
        "2. ... Nc6 3. Bb5"
    ]
    assert c.delete(f"/api/v1/games/1/conditionals/{line_id}", headers=b).status_code == 404
    assert c.delete(f"/api/v1/games/1/conditionals/{line_id}", headers=w).status_code == 204
    assert c.post("/api/v1/games/1/moves", json={"move": "Nc6"}, headers=b).json()["fired"] == []
    out = token_for(services, game["outsider"])
    assert c.get("/api/v1/games/1/conditionals", headers=out).status_code == 403


def test_changing_addresses_is_all_or_nothing(services: Services, game: dict) -> None:
    from tests.support.sites import give_passwords
    from tests.support.web import PASSWORD

    give_passwords(services, PASSWORD)
    c = client(services)
    w = token_for(services, game["white"])
    r = c.patch(
        "/api/v1/me",
        json={"lang": "ru", "emails": ["not an address"], "current_password": PASSWORD},
        headers=w,
    )
    assert r.status_code == 422
    assert c.get("/api/v1/me", headers=w).json()["lang"] == "en"  # nothing changed
    r = c.patch(
        "/api/v1/me",
        json={"lang": "ru", "emails": ["new@example.org"], "current_password": PASSWORD},
        headers=w,
    )
    assert r.json()["emails"] == ["new@example.org"] and r.json()["lang"] == "ru"
