"""The pages as a browser client sees them (in-process; the real browser
tests are in test_browser.py)."""

from __future__ import annotations

import re
from pathlib import Path

from cc.app.services import Services
from cc.base.clock import FixedClock
from tests.support.events import OPERATOR
from tests.support.outbox import sent_mail
from tests.support.paths import ROOT
from tests.support.web import PASSWORD, client, csrf_of, sides_of_game_one, sign_in


def test_signed_out_visitors_are_sent_to_sign_in(site: Services) -> None:
    c = client(site)
    r = c.get("/games/1", follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == "/login?next=/games/1"


def test_wrong_password_and_throttling(site: Services, clock: FixedClock) -> None:
    c = client(site)
    for _ in range(5):
        page = c.get("/login")
        r = c.post(
            "/login", data={"login": "t1p1", "password": "nope", "csrf_token": csrf_of(page.text)}
        )
        assert r.status_code == 401 and "Wrong login or password." in r.text
    page = c.get("/login")
    r = c.post(
        "/login", data={"login": "t1p1", "password": PASSWORD, "csrf_token": csrf_of(page.text)}
    )
    assert r.status_code == 429 and r.headers["retry-after"] == "1"
    assert "Too many wrong passwords lately; try again in 1\u00a0s." in r.text
    clock.advance(seconds=1)  # a wait, not a lockout
    page = c.get("/login")
    r = c.post(
        "/login",
        data={"login": "t1p1", "password": PASSWORD, "csrf_token": csrf_of(page.text)},
        follow_redirects=False,
    )
    assert r.status_code == 303


def test_login_form_needs_its_csrf_token(site: Services) -> None:
    c = client(site)
    c.get("/login")
    r = c.post("/login", data={"login": "t1p1", "password": PASSWORD, "csrf_token": "forged"})
    assert r.status_code == 403
    assert c.get("/games", follow_redirects=False).status_code == 303


def test_play_a_move_with_send_then_confirm(site: Services) -> None:
    white, black, _ = sides_of_game_one(site)
    c = sign_in(site, white, PASSWORD)
    games = c.get("/games")
    assert 'class="my-turn" data-game="1"' in games.text
    page = c.get("/games/1")
    csrf = csrf_of(page.text)
    assert 'data-interactive="1"' in page.text
    sent = c.post("/games/1/send", data={"move": "Кf3", "csrf_token": csrf})
    assert "White knight from g1 to f3" in sent.text
    assert site.queries.game(1).ply_count == 0  # not made until confirmed (54.3.1)
    bad = c.post("/games/1/send", data={"move": "Кf6", "csrf_token": csrf})
    assert bad.status_code == 422 and "is not a legal move" in bad.text
    form = {"move": "g1f3", "move_number": "1", "csrf_token": csrf}
    assert c.post("/games/1/confirm", data=form, follow_redirects=False).status_code == 303
    assert c.post("/games/1/confirm", data=form, follow_redirects=False).status_code == 303
    assert [m.san for m in site.queries.game(1).moves] == ["Nf3"]  # applied once
    no_csrf = c.post("/games/1/confirm", data={"move": "e7e5", "move_number": "1"})
    assert no_csrf.status_code == 403
    # Black's board is shown from Black's side, with White's move highlighted.
    b = sign_in(site, black, PASSWORD)
    page = b.get("/games/1")
    assert "lastmove" in page.text and 'data-interactive="1"' in page.text
    # The record lists the move with the position after it and the day it was sent.
    fen = "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1"
    assert f'id="ply-1" data-ply="1" data-fen="{fen}" data-uci="g1f3">Nf3</span>' in page.text
    sent_on = site.queries.game(1).moves[0].sent_on
    assert f'<time datetime="{sent_on.isoformat()}"' in page.text


def test_someone_elses_game_is_refused(site: Services) -> None:
    _, _, outsider = sides_of_game_one(site)
    c = sign_in(site, outsider, PASSWORD)
    page = c.get("/games/1")
    assert page.status_code == 403
    csrf = csrf_of(c.get("/games").text)
    r = c.post("/games/1/send", data={"move": "e4", "csrf_token": csrf})
    assert r.status_code == 403
    r = c.post("/games/1/confirm", data={"move": "e2e4", "move_number": "1", "csrf_token": csrf})
    assert r.status_code == 403
    assert c.get("/games/1.pgn").status_code == 403
    assert site.queries.game(1).ply_count == 0


def test_pages_in_russian(site: Services) -> None:
    white, _, _ = sides_of_game_one(site)
    c = sign_in(site, white, PASSWORD)
    csrf = csrf_of(c.get("/games").text)
    c.post("/lang", data={"lang": "ru", "csrf_token": csrf, "next": "/games"})
    page = c.get("/games")
    assert "Мои партии" in page.text and "Ваш ход" in page.text and 'lang="ru"' in page.text
    game = c.get("/games/1")
    assert "График переписки" in game.text and "Отправить" in game.text
    sent = c.post("/games/1/send", data={"move": "5254", "csrf_token": csrf})
    assert "Белые: пешка с e2 на e4" in sent.text and "Подтвердить" in sent.text
    bad = c.post("/games/1/send", data={"move": "5255", "csrf_token": csrf})
    assert "невозможный ход" in bad.text
    anon = client(site)
    assert "Вход" in anon.get("/login", headers={"Accept-Language": "ru-RU,ru"}).text


def test_resign_needs_confirmation(site: Services) -> None:
    white, _, _ = sides_of_game_one(site)
    c = sign_in(site, white, PASSWORD)
    page = c.get("/games/1/resign")
    assert "Yes, I resign" in page.text
    assert site.queries.game(1).status == "ongoing"
    c.post("/games/1/resign", data={"csrf_token": csrf_of(page.text)})
    assert site.queries.game(1).result == "0-1"


def test_draw_offer_and_accept_on_the_pages(site: Services) -> None:
    white, black, _ = sides_of_game_one(site)
    w = sign_in(site, white, PASSWORD)
    w.post("/games/1/draw", data={"action": "offer", "csrf_token": csrf_of(w.get("/games").text)})
    b = sign_in(site, black, PASSWORD)
    page = b.get("/games/1")
    assert "Your opponent offers a draw." in page.text
    b.post("/games/1/draw", data={"action": "accept", "csrf_token": csrf_of(page.text)})
    assert site.queries.game(1).result_reason == "agreed_draw"


def test_pgn_downloads(site: Services) -> None:
    white, _, _ = sides_of_game_one(site)
    c = sign_in(site, white, PASSWORD)
    one = c.get("/games/1.pgn")
    assert one.headers["content-type"].startswith("application/x-chess-pgn")
    assert '[Event "Event T1"]' in one.text
    every = c.get("/games.pgn").text
    assert every.count("[Event ") == 2  # three players: two games each


def test_leave_page(site: Services) -> None:
    c = sign_in(site, "t1p1", PASSWORD)
    page = c.get("/leave")
    csrf = csrf_of(page.text)
    c.post("/leave", data={"first_day": "2026-06-01", "last_day": "2026-06-10", "csrf_token": csrf})
    page = c.get("/leave")
    assert "10 days used of 45" in page.text
    refused = c.post(
        "/leave", data={"first_day": "2026-07-01", "last_day": "2026-08-10", "csrf_token": csrf}
    )
    assert refused.status_code == 422 and "45 days of leave" in refused.text


def test_password_reset_by_mail_link(site: Services, tmp_path: Path) -> None:
    c = client(site)
    page = c.get("/reset")
    c.post("/reset", data={"login": "t1p2@example.org", "csrf_token": csrf_of(page.text)})
    (message,) = sent_mail(site, tmp_path)
    assert message["To"] == "t1p2@example.org"  # type: ignore[index]
    link = re.search(r"http://\S+/reset/(\S+)", message.get_content())  # type: ignore[attr-defined]
    assert link
    # The link's token moves into a cookie: the form's address holds no secret.
    page = c.get(f"/reset/{link.group(1)}")
    assert page.url.path == "/reset/new" and link.group(1) not in page.text
    c.post("/reset/new", data={"password": "a-new-password", "csrf_token": csrf_of(page.text)})
    sign_in(site, "t1p2", "a-new-password")
    again = c.get(f"/reset/{link.group(1)}")
    assert again.status_code == 410 and "This link does not work" in again.text  # single use
    csrf = csrf_of(c.get("/reset").text)
    r = c.post("/reset/new", data={"password": "another-one", "csrf_token": csrf})
    assert r.status_code == 422
    # Unknown addresses get the same answer and no mail.
    page = c.get("/reset")
    r = c.post("/reset", data={"login": "nobody", "csrf_token": csrf_of(page.text)})
    assert "a link is on its way" in r.text
    assert len(sent_mail(site, tmp_path)) == 1


def test_api_token_from_the_account_page(site: Services) -> None:
    c = sign_in(site, "t1p1", PASSWORD)
    page = c.get("/account")
    r = c.post(
        "/account", data={"action": "token", "name": "my client", "csrf_token": csrf_of(page.text)}
    )
    token = re.search(r'<code id="token">([^<]+)</code>', r.text)
    assert token
    me = c.get("/api/v1/me", headers={"Authorization": f"Bearer {token.group(1)}"})
    assert me.json()["login"] == "t1p1"
    # The same token is the password of desktop programs (Xfcc).
    assert "http://testserver/xfcc/xfccbasic.asmx" in r.text
    games = c.post(
        "/xfcc/xfccbasic.asmx",
        content=(
            '<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>'
            '<GetMyGames xmlns="http://www.bennedik.com/webservices/XfccBasic">'
            f"<username>t1p1</username><password>{token.group(1)}</password>"
            "</GetMyGames></soap:Body></soap:Envelope>"
        ),
    )
    assert games.status_code == 200 and games.text.count("<XfccGame>") >= 1


def test_arbiter_overview(site: Services) -> None:
    c = sign_in(site, "arbT1", PASSWORD)
    assert "/arbiter/events/T1" in c.get("/arbiter").text
    page = c.get("/arbiter/events/T1")
    assert page.status_code == 200 and page.text.count('href="/games/') == 3
    assert c.get("/games/1").status_code == 200  # the arbiter sees both ledgers
    player = sign_in(site, "t1p1", PASSWORD)
    assert player.get("/arbiter/events/T1").status_code == 403
    assert OPERATOR.is_operator


def test_templates_hold_no_bare_text() -> None:
    """Words in templates go through _(): text between tags is only expressions."""
    root = ROOT / "cc" / "web" / "templates"
    for path in root.glob("*.html"):
        html = re.sub(r"<(script|style)[^>]*>.*?</\1>", "", path.read_text(), flags=re.S)
        html = re.sub(r"{[{%#].*?[}%#]}", "", html, flags=re.S)
        for text in re.findall(r">([^<]+)<", html):
            words = re.sub(r"[\s.·:–—()…,\-/%+|?]+", "", text)
            assert not re.search(r"[A-Za-zА-Яа-я]{2,}", words), (path.name, text.strip())


def test_conditional_moves_on_the_pages(site: Services) -> None:
    white, black, _ = sides_of_game_one(site)
    w = sign_in(site, white, PASSWORD)
    csrf = csrf_of(w.get("/games/1").text)
    sent = w.post("/games/1/send", data={"move": "e4", "conditional": "e5 Кf3", "csrf_token": csrf})
    assert "Then, conditionally: e5 Nf3" in sent.text
    w.post(
        "/games/1/confirm",
        data={"move": "e2e4", "move_number": "1", "conditional": "e5 Nf3", "csrf_token": csrf},
    )
    page = w.get("/games/1")
    assert 'id="lines"' in page.text and "1. ... e5 2. Nf3" in page.text
    b = sign_in(site, black, PASSWORD)
    bpage = b.get("/games/1")
    assert "1. ... e5 2. Nf3" not in bpage.text  # private to White
    b.post("/games/1/send", data={"move": "e5", "csrf_token": csrf_of(bpage.text)})
    b.post(
        "/games/1/confirm",
        data={"move": "e7e5", "move_number": "1", "csrf_token": csrf_of(bpage.text)},
    )
    assert [m.san for m in site.queries.game(1).moves] == ["e4", "e5", "Nf3"]
    bpage = b.get("/games/1")
    bad = b.post("/games/1/lines", data={"line": "Nc6", "csrf_token": csrf_of(bpage.text)})
    assert bad.status_code == 422 and "it is your move" in bad.text


def test_every_page_names_itself_before_the_site(site: Services) -> None:
    white, _, _ = sides_of_game_one(site)
    c = sign_in(site, white, PASSWORD)
    view = site.queries.game(1)
    titles = {
        "/games/1": f"{view.white_name} – {view.black_name} · Game 1",
        "/games": "My games",
        "/events/T1/crosstable": "Crosstable T1",
        "/games/1/resign": "Resign game 1",
        "/account": "Account",
        "/leave": "Leave",
        "/cases": "Cases",
        "/notifications": "Notifications",
        "/notifications/settings": "Notification settings",
    }
    for path, title in titles.items():
        # (after the count of games awaiting the player's move, if any)
        shown = rf"<title>(\d+ to move · )?{re.escape(title)} · Correspondence chess</title>"
        assert re.search(shown, c.get(path).text), path
    anon = client(site)
    assert "<title>Sign in · Correspondence chess</title>" in anon.get("/login").text
    assert "<title>Reset your password · Correspondence chess</title>" in anon.get("/reset").text
    assert "<title>API documentation · Correspondence chess</title>" in anon.get("/api/docs").text
    arbiter = sign_in(site, "arbT1", PASSWORD)
    desk = arbiter.get("/arbiter").text
    assert "<title>Arbiter&#39;s desk · Correspondence chess</title>" in desk
    assert (
        "<title>Event T1 (T1) · Correspondence chess</title>"
        in arbiter.get("/arbiter/events/T1").text
    )
