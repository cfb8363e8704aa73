"""A claim and its appeal through the pages and the JSON API (in-process)."""

from __future__ import annotations

from datetime import date

from cc.app.services import Services
from cc.base.clock import FixedClock
from tests.support.cases import move, setup_event
from tests.support.days import at
from tests.support.sites import give_passwords
from tests.support.web import PASSWORD, client, form, sign_in, token_for


def test_claim_decision_and_appeal_on_the_pages(services: Services, clock: FixedClock) -> None:
    at(clock, date(2026, 5, 1))
    ids = setup_event(services)
    give_passwords(services, PASSWORD)
    at(clock, date(2026, 5, 21))
    move(services, ids, "p1", "e4")  # 11 days: over the limit of 10

    black = sign_in(services, "p2", PASSWORD)
    page = black.get("/games/1")
    assert 'id="claim-form"' in page.text and "11 days used, limit 10" in page.text
    assert 'id="claim-form"' not in sign_in(services, "p1", PASSWORD).get("/games/1").text
    filed = black.post(
        "/games/1/time-claim",
        data=form(page.text, statement="Eleven days"),
        follow_redirects=False,
    )
    assert filed.status_code == 303 and filed.headers["location"] == "/cases/1"
    assert 'id="suspended"' in black.get("/games/1").text
    # Within the accused's 14 days (56.6.4) the arbiter is not offered a
    # decision he could not make: he is told from which day he may.
    waiting = sign_in(services, "arb", PASSWORD).get("/cases/1").text
    assert 'id="decide-form"' not in waiting and 'id="decide-later"' in waiting
    assert "до 2026-06-04 (ст. 56.6.4): решение можно принять с 2026-06-05" in waiting
    # A form without its CSRF token changes nothing.
    white = sign_in(services, "p1", PASSWORD)
    forged = white.post("/cases/1/protest", data={"text": "forged"})
    assert forged.status_code == 403

    case_page = white.get("/cases/1")
    assert 'id="protest-form"' in case_page.text and "Eleven days" in case_page.text
    white.post("/cases/1/protest", data=form(case_page.text, text="Late"))

    arbiter = sign_in(services, "arb", PASSWORD)  # reads Russian
    page = arbiter.get("/cases/1")
    assert "Заявление о просрочке времени" in page.text and 'id="decide-form"' in page.text
    assert "Доказательства на момент подачи" in page.text
    refused = arbiter.post("/cases/1/decide", data=form(page.text, decision="maybe", reasons="x"))
    assert refused.status_code == 409 and "upheld, rejected" in refused.text
    assert 'name="reasons" required>x</textarea>' in refused.text  # what was typed, kept
    blank = arbiter.post("/cases/1/decide", data=form(page.text, decision="upheld", reasons=" "))
    assert blank.status_code == 409 and 'value="upheld" required checked' in blank.text
    arbiter.post("/cases/1/decide", data=form(page.text, decision="upheld", reasons="11 > 10"))
    assert services.queries.game(1).result == "0-1"
    # An outsider sees nothing of it.
    assert client(services).get("/cases/1", follow_redirects=False).status_code == 303
    assert sign_in(services, "ap2", PASSWORD).get("/cases/1").status_code == 200  # may hear it

    # The appeal through the API, the appeal arbiter's decision on the page.
    api = client(services)
    r = api.post(
        "/api/v1/cases/1/appeal",
        json={"text": "Late receipt"},
        headers=token_for(services, ids["p1"]),
    )
    assert r.status_code == 200 and r.json()["status"] == "appealed"
    again = api.post(
        "/api/v1/cases/1/appeal", json={"text": "x"}, headers=token_for(services, ids["p1"])
    )
    assert again.status_code == 409 and again.json()["error"]["code"] == "case_state"
    judge = sign_in(services, "ap1", PASSWORD)
    page = judge.get("/cases/1")
    assert 'id="appeal-decision-form"' in page.text
    judge.post(
        "/cases/1/decide_appeal",
        data=form(page.text, decision="rejected", reasons="Receipt late"),
    )
    assert services.queries.game(1).status == "ongoing"
    view = api.get("/api/v1/cases/1", headers=token_for(services, ids["p2"])).json()
    assert (view["status"], view["appeal_decision"]) == ("final", "rejected")
    assert [e["action"] for e in view["entries"]] == [
        "filed",
        "protested",
        "decided",
        "appealed",
        "appeal_decided",
    ]
    listed = api.get("/api/v1/cases", headers=token_for(services, ids["p2"])).json()
    assert [c["id"] for c in listed] == [1]


def test_time_claim_through_the_api(services: Services, clock: FixedClock) -> None:
    at(clock, date(2026, 5, 1))
    ids = setup_event(services)
    api = client(services)
    headers = token_for(services, ids["p2"])
    early = api.post("/api/v1/games/1/time-claim", json={}, headers=headers)
    assert early.status_code == 409 and early.json()["error"]["code"] == "no_overstep"
    assert api.get("/api/v1/games/1/time-claim", headers=headers).json() is None
    at(clock, date(2026, 5, 21))
    move(services, ids, "p1", "e4")
    basis = api.get("/api/v1/games/1/time-claim", headers=headers).json()
    assert (basis["limit"], basis["control_move"]) == (10, 2)
    r = api.post("/api/v1/games/1/time-claim", json={"statement": "11 days"}, headers=headers)
    assert r.status_code == 201 and r.json()["kind"] == "time_claim"
    blocked = api.post("/api/v1/games/1/moves", json={"move": "e5"}, headers=headers)
    assert blocked.status_code == 409 and blocked.json()["error"]["code"] == "game_suspended"


def test_complaint_and_lost_email_from_the_pages(services: Services, clock: FixedClock) -> None:
    at(clock, date(2026, 5, 12))
    ids = setup_event(services)
    give_passwords(services, PASSWORD)
    black = sign_in(services, "p2", PASSWORD)
    page = black.get("/games/1")
    r = black.post(
        "/games/1/complaint",
        data=form(page.text, statement="Insults in every message"),
        follow_redirects=False,
    )
    assert r.headers["location"] == "/cases/1"
    arbiter = sign_in(services, "arb", PASSWORD)
    page = arbiter.get("/cases/1")
    assert "Жалоба" in page.text and "Insults in every message" in page.text
    arbiter.post("/cases/1/decide", data=form(page.text, decision="warning", reasons="Be civil"))
    assert services.cases.case(player_actor(ids["p2"]), 1).decision == "warning"

    white = sign_in(services, "p1", PASSWORD)
    account = white.get("/account")
    white.post("/account/lost-email", data=form(account.text, statement="Hacked"))
    (lost,) = [c for c in services.cases.cases(player_actor(ids["p1"])) if c.kind == "lost_email"]
    assert lost.status == "open"
    # A new registered address restores it (56.1.2, 56.1.6).
    services.accounts.set_emails(
        player_actor(ids["p1"]), ["p1-new@example.org"], current_password=PASSWORD
    )
    restored = services.cases.case(player_actor(ids["p1"]), lost.id)
    assert (restored.status, restored.decision) == ("closed", "restored")


def player_actor(player_id: int) -> object:
    from cc.base.kinds import Door
    from cc.kernel.context import Actor

    return Actor.player(player_id, Door.WEB)
