"""Accounts a thief cannot keep: a new password throws out every other session
and token, tokens are listed and revoked on every door, and the registered
address, where reset links go, changes only with the password and is told.

Each test plays the owner and the attacker over HTTP (the pages, the API and
Xfcc), as two browsers and a desktop program would.
"""

from __future__ import annotations

import re
from email.message import EmailMessage
from pathlib import Path

import httpx
import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient
from sqlalchemy import select

from cc.app.services import Services
from cc.base.clock import FixedClock
from cc.base.kinds import Door
from cc.console.base import State
from cc.console.main import cli
from cc.kernel.context import Actor
from cc.store.models import OutboundMessage
from tests.support.events import OPERATOR, make_event
from tests.support.outbox import sent_mail
from tests.support.sites import give_passwords
from tests.support.web import PASSWORD, client, csrf_of, sign_in
from tests.support.xfcc import get_my_games

XFCC = "/xfcc/xfccbasic.asmx"


@pytest.fixture
def site(services: Services) -> Services:
    make_event(services, 2)  # t1p1, t1p2 with addresses; arbT1 without
    give_passwords(services, PASSWORD)
    return services


def make_token(browser: TestClient, name: str) -> str:
    page = browser.get("/account")
    r = browser.post(
        "/account", data={"action": "token", "name": name, "csrf_token": csrf_of(page.text)}
    )
    found = re.search(r'<code id="token">([^<]+)</code>', r.text)
    assert found, r.text
    return found.group(1)


def api_ok(web: TestClient, token: str) -> bool:
    r = web.get("/api/v1/games", headers={"Authorization": f"Bearer {token}"})
    assert r.status_code in (200, 401), r.text
    return r.status_code == 200


def xfcc_ok(web: TestClient, login: str, secret: str) -> bool:
    r = web.post(XFCC, content=get_my_games(login, secret))
    if r.status_code == 500:
        assert b"AuthenticationFailed" in r.content
        return False
    assert r.status_code == 200 and b"<XfccGame>" in r.content
    return True


def signed_in(browser: TestClient) -> bool:
    r = browser.get("/account", follow_redirects=False)
    return r.status_code == 200


def change_password(
    browser: TestClient, old: str, new: str, *, keep_tokens: bool = False
) -> httpx.Response:
    page = browser.get("/account")
    data = {"action": "password", "old": old, "new": new, "csrf_token": csrf_of(page.text)}
    if keep_tokens:
        data["keep_tokens"] = "1"
    return browser.post("/account", data=data)


def test_a_new_password_throws_the_thief_out_of_every_door(
    site: Services, clock: FixedClock
) -> None:
    owner = sign_in(site, "t1p1", PASSWORD)
    desktop = make_token(owner, "ChessBase")
    # The password leaks: the thief signs in and makes a token of their own.
    thief = sign_in(site, "t1p1", PASSWORD)
    stolen = make_token(thief, "mine now")
    web = client(site)
    assert api_ok(web, stolen) and xfcc_ok(web, "t1p1", stolen)

    r = change_password(owner, PASSWORD, "a-new-secret")
    assert r.status_code == 200 and r.url.path == "/account"
    assert "Signed out elsewhere: 1; API tokens revoked: 2." in r.text
    # The thief's session, token and old password are dead on every door.
    assert not signed_in(thief)
    assert not api_ok(web, stolen) and not xfcc_ok(web, "t1p1", stolen)
    assert not xfcc_ok(web, "t1p1", PASSWORD)
    # The owner stays signed in here; their own old token went too (the box
    # was not ticked), and a new one is made.
    assert signed_in(owner) and 'id="no-tokens"' in owner.get("/account").text
    assert not api_ok(web, desktop)
    clock.advance(minutes=16)  # past the failures the dead secrets cost on Xfcc
    assert xfcc_ok(web, "t1p1", "a-new-secret")

    # With "keep my API tokens" ticked, the tokens go on working.
    kept = make_token(owner, "ChessBase")
    thief = sign_in(site, "t1p1", "a-new-secret")
    r = change_password(owner, "a-new-secret", "yet-another-one", keep_tokens=True)
    assert "Signed out elsewhere: 1; API tokens revoked: 0." in r.text
    assert not signed_in(thief)
    assert api_ok(web, kept) and xfcc_ok(web, "t1p1", kept)

    # A wrong current password changes nothing, and says so on the page.
    r = change_password(owner, "not-it-at-all", "whatever-else")
    assert r.status_code == 422 and 'id="password-error"' in r.text
    assert "it is not your current password" in r.text
    sign_in(site, "t1p1", "yet-another-one")


def test_a_reset_throws_the_thief_out_and_voids_older_links(
    site: Services, clock: FixedClock, tmp_path: Path
) -> None:
    thief = sign_in(site, "t1p2", PASSWORD)
    stolen = make_token(thief, "mine now")
    web = client(site)
    for _ in range(2):  # the owner asks twice; only the newest link is used
        page = web.get("/reset")
        web.post("/reset", data={"login": "t1p2", "csrf_token": csrf_of(page.text)})
    first, second = sent_mail(site, tmp_path)
    links = [
        re.search(r"/reset/(\S+)", m.get_content()).group(1)  # type: ignore[attr-defined, union-attr]
        for m in (first, second)
    ]
    page = web.get(f"/reset/{links[1]}")
    assert page.status_code == 200 and "Choose a new password" in page.text
    assert 'name="keep_tokens"' in page.text  # there is a token to keep or not
    r = web.post("/reset/new", data={"password": "fresh-secret", "csrf_token": csrf_of(page.text)})
    assert r.url.path == "/login"
    assert not signed_in(thief)
    assert not api_ok(web, stolen) and not xfcc_ok(web, "t1p2", stolen)
    # The other link, never used, died with the new password.
    assert web.get(f"/reset/{links[0]}").status_code == 410
    sign_in(site, "t1p2", "fresh-secret")


def test_tokens_are_listed_with_their_last_use_and_revoked_on_every_door(
    site: Services, clock: FixedClock
) -> None:
    owner = sign_in(site, "t1p1", PASSWORD)
    desktop = make_token(owner, "ChessBase at home")
    script = make_token(owner, "my script")
    web = client(site)
    page = owner.get("/account").text
    assert "ChessBase at home" in page and "my script" in page
    assert page.count(">never<") == 2 and desktop not in page  # never shown again

    # Each use is dated, at most every few minutes, on the API and on Xfcc.
    used_at = clock.now()
    assert api_ok(web, script)
    clock.advance(minutes=2)
    assert api_ok(web, script)
    assert xfcc_ok(web, "t1p1", desktop)
    auth = {"Authorization": f"Bearer {script}"}
    listed = {t["name"]: t for t in web.get("/api/v1/me/tokens", headers=auth).json()}
    assert set(listed) == {"ChessBase at home", "my script"}
    assert listed["my script"]["last_used_at"] == used_at.isoformat()
    assert listed["ChessBase at home"]["last_used_at"] == clock.now().isoformat()
    assert not any("token_hash" in t or "token" in t for t in listed.values())
    clock.advance(minutes=10)
    assert api_ok(web, script)
    newest = site.accounts.tokens(OPERATOR, "t1p1")[0]  # newest first
    assert (newest.name, newest.last_used_at) == ("my script", clock.now())
    shown = owner.get("/account").text
    assert f'{clock.now():%Y-%m-%d}</span> <span class="nowrap">{clock.now():%H:%M}' in shown

    # Another player cannot revoke (or learn of) these tokens through the API.
    other = sign_in(site, "t1p2", PASSWORD)
    other_token = make_token(other, "theirs")
    other_auth = {"Authorization": f"Bearer {other_token}"}
    r = web.delete(f"/api/v1/me/tokens/{listed['my script']['id']}", headers=other_auth)
    assert r.status_code == 404 and r.json()["error"]["code"] == "not_found"
    assert [t["name"] for t in web.get("/api/v1/me/tokens", headers=other_auth).json()] == [
        "theirs"
    ]
    # The owner revokes the desktop token on the page: it stops on Xfcc and the API.
    page = owner.get("/account")
    row = re.search(
        r"ChessBase at home</td>.*?name=\"token_id\" value=\"(\d+)\"", page.text, flags=re.S
    )
    assert row
    r = owner.post(
        "/account",
        data={"action": "revoke", "token_id": row.group(1), "csrf_token": csrf_of(page.text)},
    )
    assert "The token is revoked" in r.text and "ChessBase at home" not in r.text
    assert not xfcc_ok(web, "t1p1", desktop) and not api_ok(web, desktop)
    # ... and the script's token through the API, with itself.
    r = web.delete(f"/api/v1/me/tokens/{listed['my script']['id']}", headers=auth)
    assert r.status_code == 204 and not api_ok(web, script)
    assert site.accounts.tokens(OPERATOR, "t1p1") == []


def move_address(browser: TestClient, emails: str, password: str) -> httpx.Response:
    """The account page's form for the addresses, sent with ``password``."""
    page = browser.get("/account")
    return browser.post(
        "/account",
        data={
            "action": "emails",
            "emails": emails,
            "password": password,
            "csrf_token": csrf_of(page.text),
        },
    )


def test_a_stolen_session_cannot_move_the_address_and_the_old_one_is_told(
    site: Services, clock: FixedClock, tmp_path: Path
) -> None:
    site.accounts.set_preferences(Actor.player(site.queries.player("t1p1").id, Door.WEB), lang="ru")
    thief = sign_in(site, "t1p1", PASSWORD)
    for password in ("", "a-guess-at-it"):
        r = move_address(thief, "thief@example.net", password)
        assert r.status_code == 422 and 'id="emails-error"' in r.text
        assert 'value="thief@example.net"' in r.text  # what was typed stays in the form
    # Nor through the API, with a token.
    token = make_token(thief, "mine now")
    r = client(site).patch(
        "/api/v1/me",
        json={"emails": ["thief@example.net"]},
        headers={"Authorization": f"Bearer {token}", "Accept-Language": "en"},
    )
    assert r.status_code == 422 and "current password" in r.json()["error"]["message"]
    assert site.queries.player("t1p1").emails == ["t1p1@example.org"]
    assert sent_mail(site, tmp_path) == []

    # The owner, with the password, moves it: the old address is told, in Russian.
    owner = sign_in(site, "t1p1", PASSWORD)
    r = move_address(owner, "t1p1@new.example.org", PASSWORD)
    assert r.status_code == 200 and "Сохранено." in r.text
    assert site.queries.player("t1p1").emails == ["t1p1@new.example.org"]
    (notice,) = sent_mail(site, tmp_path)
    assert isinstance(notice, EmailMessage)
    assert notice["To"] == "t1p1@example.org"
    # (Outbox.messages() reads a long encoded subject back with a leading space.)
    assert notice["Subject"].strip() == "Изменён адрес электронной почты учётной записи t1p1"
    body = notice.get_content()
    assert "Было: t1p1@example.org" in body and "Стало: t1p1@new.example.org" in body
    assert "немедленно сообщите арбитру" in body


def test_the_console_prompts_for_a_password_twice_without_showing_it(
    site: Services, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(State, "services", property(lambda _state: site))
    runner = CliRunner()
    env = {"CC_HOME": str(tmp_path), "CC_LANG": "", "CC_CONFIG": ""}
    thief = sign_in(site, "t1p1", PASSWORD)
    token = make_token(thief, "mine now")
    result = runner.invoke(
        cli,
        ["--lang", "ru", "player", "set-password", "t1p1"],
        input="first-secret\nsecond-secret\nthe-secret\nthe-secret\n",
        env=env,
    )
    assert result.exit_code == 0, result.output
    assert "Новый пароль для t1p1" in result.output and "Пароли не совпадают" in result.output
    assert "secret" not in result.output  # typed, never shown
    assert "завершено сеансов — 1, отозвано токенов API — 1" in result.output
    assert not signed_in(thief) and not api_ok(client(site), token)
    sign_in(site, "t1p1", "the-secret")
    # Three mismatches give up, changing nothing.
    result = runner.invoke(
        cli, ["player", "set-password", "t1p1"], input="a-secret-1\nb-secret-1\n" * 3, env=env
    )
    assert result.exit_code == 1 and "refused [invalid_input]" in result.output
    sign_in(site, "t1p1", "the-secret")
    with site.ctx.db.read() as session:
        assert not session.scalars(select(OutboundMessage)).all()
