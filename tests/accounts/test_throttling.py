"""Guessing passwords, as an attacker does it, against the real server.

The server runs under uvicorn on loopback; attackers and owners are HTTP
clients bound to different loopback addresses (127.0.0.x), so each has its
own client address, as on the internet. The clock is the test's: waits are
passed by moving it, never by sleeping.

Nothing locks an account: wrong passwords slow the next attempts at a login
and from an address, a throttled attempt is refused at once with the time
left (429 and Retry-After; AuthenticationFailed on Xfcc), and the owner
keeps their sessions, signs in again from a browser that signed in before,
uses a personal token on Xfcc, and otherwise waits at most two minutes.
Reset requests are limited per account and per address, and a reset link's
token, followed as a player follows it, never reaches the access log.
"""

from __future__ import annotations

import logging
import re
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import timedelta

import httpx
import pytest
from sqlalchemy import select

from cc.accounts import hashing as security
from cc.accounts.throttle import ADDRESS_BUDGET, PER_ADDRESS, PER_LOGIN
from cc.app.services import Services
from cc.base import errors
from cc.base.clock import FixedClock
from cc.store.models import LoginFailure, OutboundMessage
from cc.web.context import DEVICE_COOKIE
from tests.support.events import make_event
from tests.support.in_process import serving
from tests.support.russian import english_in, page_text
from tests.support.sites import give_passwords
from tests.support.web import csrf_of, token_for
from tests.support.xfcc import get_my_games

PASSWORD = "correct-horse"
XFCC = "/xfcc/xfccbasic.asmx"
AUTH_FAILED = b"<faultstring>AuthenticationFailed</faultstring>"


@pytest.fixture
def site(services: Services) -> Services:
    services.ids = make_event(services, 3)  # type: ignore[attr-defined]
    give_passwords(services, PASSWORD)
    return services


class AccessLog(logging.Handler):
    """Every line uvicorn's access log writes, as written."""

    def __init__(self) -> None:
        super().__init__()
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(record.getMessage())


@dataclass
class Live:
    base: str
    log: AccessLog
    clients: list[httpx.Client] = field(default_factory=list)

    def client(self, address: str = "127.0.0.1", lang: str = "en") -> httpx.Client:
        """A browser or program at ``address``."""
        c = httpx.Client(
            base_url=self.base,
            transport=httpx.HTTPTransport(local_address=address),
            headers={"Accept-Language": lang},
            timeout=30,
        )
        self.clients.append(c)
        return c


@pytest.fixture
def live(site: Services) -> Iterator[Live]:
    """The application under uvicorn on loopback, its access log captured."""
    log = AccessLog()
    with serving(site, log_level="info", own_url=True) as base:
        # uvicorn sets up its loggers as it starts: the handler comes after
        logging.getLogger("uvicorn.access").addHandler(log)
        running = Live(base, log)
        try:
            yield running
        finally:
            for c in running.clients:
                c.close()
            logging.getLogger("uvicorn.access").removeHandler(log)


def sign_in(c: httpx.Client, login: str, password: str) -> httpx.Response:
    """The sign-in form, filled and sent (the redirect is not followed)."""
    form = c.get("/login").text.split('action="/login"', 1)[1]  # not the sign-out form's
    form_data = {"login": login, "password": password, "csrf_token": csrf_of(form)}
    return c.post("/login", data=form_data)


def xfcc(c: httpx.Client, login: str, secret: str) -> httpx.Response:
    return c.post(XFCC, content=get_my_games(login, secret))


def throttled(r: httpx.Response) -> int:
    """The wait a 429 asks for, checked against what the page says."""
    assert r.status_code == 429, r.text
    wait = int(r.headers["retry-after"])
    said = re.search(r"try again in (\d+)\s(s|min)\.", r.text)
    assert said, r.text
    assert int(said.group(1)) == (wait if said.group(2) == "s" else -(-wait // 60))
    return wait


class Botnet:
    """An attacker with many addresses: each guess from a fresh one, so no
    address ever reaches its own limit."""

    def __init__(self, live: Live) -> None:
        self.live = live
        self.n = 0

    def next(self) -> httpx.Client:
        self.n += 1
        return self.live.client(f"127.0.{10 + self.n // 200}.{10 + self.n % 200}")


# ------------------------------------------------------------ item: lockout


def test_guesses_at_a_login_slow_it_down_but_never_lock_its_owner_out(
    live: Live, site: Services, clock: FixedClock
) -> None:
    arbiter = "arbT1"
    # The arbiter signs in at the office the day before: a session, and the
    # browser is now a known device.
    office = live.client("127.0.0.1")
    assert sign_in(office, arbiter, PASSWORD).status_code == 303
    assert office.cookies.get(DEVICE_COOKIE)
    laptop = live.client("127.0.0.1")  # the same browser later: only its device cookie
    laptop.cookies.set(DEVICE_COOKIE, office.cookies[DEVICE_COOKIE])
    token = token_for(site, site.ids["arb"])["Authorization"][7:]  # type: ignore[attr-defined]
    program = live.client("127.0.0.1")  # a desktop program with a personal token

    bots = Botnet(live)
    # Five wrong passwords, on the web and by Xfcc, from five addresses: free.
    for guess in ("123456", "password", "qwerty"):
        assert sign_in(bots.next(), arbiter, guess).status_code == 401
    for guess in ("arbiter", "chess2026"):
        r = xfcc(bots.next(), arbiter, guess)
        assert r.status_code == 500 and AUTH_FAILED in r.content
    # Now even the right password waits, whoever sends it, by either door,
    # and is refused without being checked.
    assert throttled(sign_in(bots.next(), arbiter, PASSWORD)) == 1
    assert AUTH_FAILED in xfcc(bots.next(), arbiter, PASSWORD).content

    waits: list[int] = []
    for _ in range(10):  # the attack goes on: waits grow, then stay capped
        clock.advance(seconds=waits[-1] if waits else 1)
        assert sign_in(bots.next(), arbiter, "guess").status_code == 401
        started = time.monotonic()
        waits.append(throttled(sign_in(bots.next(), arbiter, "another")))
        assert time.monotonic() - started < 2  # refused at once, nobody sleeps
        # The owner is never kept out: the session works, the known browser
        # signs in again at once, and so does the program with its token.
        assert office.get("/games").status_code == 200
        again = sign_in(laptop, arbiter, PASSWORD)
        assert again.status_code == 303, again.text
        r = xfcc(program, arbiter, token)
        assert r.status_code == 200 and AUTH_FAILED not in r.content
    assert waits == [2, 4, 8, 16, 32, 64, 120, 120, 120, 120]
    assert max(waits) == PER_LOGIN.cap.total_seconds()

    # On a browser it never used, the owner waits at most the cap.
    hotel = live.client("127.0.0.1")
    wait = throttled(sign_in(hotel, arbiter, PASSWORD))
    assert wait <= 120
    clock.advance(seconds=wait)
    assert sign_in(hotel, arbiter, PASSWORD).status_code == 303
    # A stolen device cookie guesses no faster than anyone: its own failures
    # slow it like any login's.
    thief = live.client("127.0.0.2")
    thief.cookies.set(DEVICE_COOKIE, office.cookies[DEVICE_COOKIE])
    for _ in range(5):
        assert sign_in(thief, arbiter, "guess").status_code == 401
    assert throttled(sign_in(thief, arbiter, PASSWORD)) == 1


def test_one_address_cannot_try_a_few_passwords_on_every_account(
    live: Live, site: Services, clock: FixedClock
) -> None:
    # The attacker's own account, signed in from its address before: a known
    # device there is still slowed by what its address does.
    own = live.client("127.0.0.2")
    assert sign_in(own, "t1p3", PASSWORD).status_code == 303
    attacker = live.client("127.0.0.2")
    logins = ["t1p1", "t1p2", "arbT1", "ivanov", "admin"]  # known and unknown alike
    for login in logins:
        for guess in ("123456", "password"):
            assert sign_in(attacker, login, guess).status_code == 401
    # Ten failures from one address: every login waits there, even one never
    # tried, by either door, right password or not.
    assert throttled(sign_in(attacker, "t1p3", "guess")) == 1
    r = xfcc(attacker, "t1p3", PASSWORD)
    assert r.status_code == 500 and AUTH_FAILED in r.content
    assert throttled(sign_in(own, "t1p3", PASSWORD)) == 1
    # Other addresses are not concerned.
    elsewhere = live.client("127.0.0.3")
    assert sign_in(elsewhere, "t1p1", PASSWORD).status_code == 303

    waits: list[int] = []
    for i in range(10):
        clock.advance(seconds=waits[-1] if waits else 1)
        assert sign_in(attacker, f"player{i}", "guess").status_code == 401
        waits.append(throttled(sign_in(attacker, f"player{i}", "guess")))
    assert waits == [2, 4, 8, 16, 32, 64, 128, 256, 300, 300]
    assert max(waits) == PER_ADDRESS.cap.total_seconds()


def test_an_address_has_a_daily_budget(site: Services, clock: FixedClock) -> None:
    """Slow and steady from one address still ends at the day's budget."""
    now = clock.now()
    with site.ctx.db.write() as session:
        for i in range(ADDRESS_BUDGET.limit):
            at = now - timedelta(hours=20) + timedelta(minutes=5 * i)
            session.add(LoginFailure(login=f"user{i}", address="192.0.2.7", at=at))
    clock.advance(hours=1)
    with pytest.raises(errors.TooManyAttempts) as refused:
        site.accounts.sign_in("t1p1", PASSWORD, "192.0.2.7")
    assert refused.value.retry_after == 3 * 3600  # when the first of the day's 100 expires
    assert refused.value.message("ru").endswith("повторите через 180\u00a0мин.")
    # An IPv6 client counts by its /64: changing the last bits changes nothing.
    for i in range(PER_ADDRESS.free):
        with pytest.raises(errors.BadCredentials):
            site.accounts.sign_in(f"user{i}", "guess", f"2001:db8:7:7::{i + 1}")
    with pytest.raises(errors.TooManyAttempts):
        site.accounts.sign_in("t1p1", PASSWORD, "2001:db8:7:7:ffff::1")
    site.accounts.sign_in("t1p1", PASSWORD, "2001:db8:7:8::1")


def test_unknown_logins_take_as_long_as_known_ones(
    live: Live, monkeypatch: pytest.MonkeyPatch
) -> None:
    checked: list[str] = []
    real = security._hasher

    class Counting:
        def hash(self, password: str) -> str:
            return real.hash(password)

        def verify(self, stored: str, password: str) -> bool:
            checked.append(password)
            return real.verify(stored, password)

    monkeypatch.setattr(security, "_hasher", Counting())
    bots = Botnet(live)

    def typical_time(login: str) -> float:
        took = []
        for i in range(4):
            c = bots.next()
            form = c.get("/login")
            started = time.monotonic()
            r = c.post(
                "/login",
                data={"login": login, "password": f"guess{i}", "csrf_token": csrf_of(form.text)},
            )
            took.append(time.monotonic() - started)
            assert r.status_code == 401 and "Wrong login or password." in r.text
        return sorted(took)[len(took) // 2]

    sign_in(bots.next(), "t1p1", PASSWORD)  # every hash made and warm
    sign_in(bots.next(), "nobody", PASSWORD)
    checked.clear()
    known, unknown = typical_time("t1p1"), typical_time("no-such-login")
    assert checked == [f"guess{i}" for i in range(4)] * 2  # one full check each
    # Loosely, for a loaded machine: without the stand-in check an unknown
    # login is answered in a few per cent of the time.
    assert 1 / 3 < unknown / known < 3, (known, unknown)
    # And they are slowed the same way: nothing tells which logins exist.
    for login in ("t1p1", "no-such-login"):
        assert sign_in(bots.next(), login, "guess").status_code == 401
        assert throttled(sign_in(bots.next(), login, "guess")) == 1


def test_the_throttled_pages_speak_russian(live: Live) -> None:
    c = live.client("127.0.0.4", lang="ru")
    for _ in range(5):
        r = sign_in(c, "t1p1", "guess")
        assert r.status_code == 401 and "Неверный логин или пароль." in r.text
    r = sign_in(c, "t1p1", PASSWORD)
    assert r.status_code == 429 and r.headers["retry-after"] == "1"
    assert "Слишком много неверных паролей за последнее время; повторите через 1\u00a0с." in r.text
    assert not english_in(page_text(r.text)), english_in(page_text(r.text))
    for _ in range(11):
        form = c.get("/reset")
        r = c.post("/reset", data={"login": "t1p1", "csrf_token": csrf_of(form.text)})
    assert r.status_code == 429 and int(r.headers["retry-after"]) > 0
    assert "Слишком много запросов на сброс пароля с вашего адреса" in r.text
    assert "повторите через 60\u00a0мин." in r.text
    assert not english_in(page_text(r.text)), english_in(page_text(r.text))


# ------------------------------------------------------------- reset mail


def reset_mails(site: Services, to: str) -> int:
    with site.ctx.db.read() as session:
        rows = session.scalars(
            select(OutboundMessage).where(
                OutboundMessage.kind == "reset", OutboundMessage.to_address == to
            )
        ).all()
        return len(rows)


def ask_reset(c: httpx.Client, login: str) -> httpx.Response:
    form = c.get("/reset")
    return c.post("/reset", data={"login": login, "csrf_token": csrf_of(form.text)})


def test_reset_requests_are_limited_per_account_and_per_address(
    live: Live, site: Services, clock: FixedClock
) -> None:
    sent = "If the login or address is registered, a link is on its way."
    flooder = live.client("127.0.0.5")
    # One account gets three links an hour, however many are asked for; the
    # answer does not change, so it tells nothing about the account.
    for _ in range(4):
        r = ask_reset(flooder, "t1p1")
        assert r.status_code == 200 and sent in r.text
    assert reset_mails(site, "t1p1@example.org") == 3
    r = ask_reset(live.client("127.0.0.6"), "t1p1@example.org")
    assert r.status_code == 200 and sent in r.text
    assert reset_mails(site, "t1p1@example.org") == 3
    # One address asks ten times an hour, whatever it names.
    for login in ("t1p2", "nobody", "someone@example.org", "x", "y", "z"):
        assert sent in ask_reset(flooder, login).text
    assert reset_mails(site, "t1p2@example.org") == 1
    for login in ("t1p3", "nobody-else"):  # known or not, the same refusal
        r = ask_reset(flooder, login)
        assert r.status_code == 429 and "Too many reset requests from your address" in r.text
        assert int(r.headers["retry-after"]) == 3600
    assert reset_mails(site, "t1p3@example.org") == 0
    assert sent in ask_reset(live.client("127.0.0.7"), "t1p3").text
    assert reset_mails(site, "t1p3@example.org") == 1
    clock.advance(hours=1)
    assert sent in ask_reset(flooder, "t1p1").text
    assert reset_mails(site, "t1p1@example.org") == 4


# ------------------------------------------------------ item: secrets in logs


def test_the_reset_token_never_reaches_the_access_log(live: Live, site: Services) -> None:
    browser = live.client("127.0.0.8")
    assert ask_reset(browser, "t1p2").status_code == 200
    with site.ctx.db.read() as session:
        mail = session.scalars(select(OutboundMessage).where(OutboundMessage.kind == "reset")).one()
        match = re.search(r"http://\S+(/reset/(\S+))", mail.body)
    assert match
    path, token = match.group(1), match.group(2)

    # The player follows the link: the token is moved into a cookie at once,
    # and the form's address holds none.
    page = browser.get(path, follow_redirects=True)
    assert page.status_code == 200 and str(page.url).endswith("/reset/new")
    assert token not in page.text and token not in str(page.url)
    done = browser.post(
        "/reset/new", data={"password": "a-new-password", "csrf_token": csrf_of(page.text)}
    )
    assert done.status_code == 303 and done.headers["location"] == "/login"
    assert sign_in(live.client("127.0.0.8"), "t1p2", "a-new-password").status_code == 303
    # A second use, or a guess, changes nothing.
    browser.get(path, follow_redirects=True)
    assert browser.get("/reset/not-a-token", follow_redirects=True).status_code == 410

    deadline = time.monotonic() + 5  # the line of the last request may come just after
    while sum('"GET /reset/new HTTP/1.1" 410' in line for line in live.log.lines) < 2:
        assert time.monotonic() < deadline, live.log.lines
        time.sleep(0.05)
    lines = "\n".join(live.log.lines)
    assert '"GET /reset/… HTTP/1.1" 303' in lines and '"POST /reset/new HTTP/1.1" 303' in lines
    assert token not in lines and "not-a-token" not in lines
