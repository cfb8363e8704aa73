"""Every link in every mail is absolute, on the configured site, and opens
the page it promises; the mail a player chose stops with one POST.

A season is played across three events (an email event with a time claim
decided and appealed, an email event with a reminder, a leave and a close,
a server event whose player chose mail), the accounts mail a reset, an
invitation and an address change, and then every URL in every queued body
is followed with the test client, signed in as the mail's recipient.
"""

from __future__ import annotations

import re
from datetime import date, timedelta
from email.message import EmailMessage

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from cc.app.services import Services
from cc.base.clock import FixedClock
from cc.base.kinds import Door
from cc.kernel.context import Actor
from cc.office.outbound import MailSettings
from cc.store.models import OutboundMessage, Player, PlayerEmail
from cc.web.app import create_app
from tests.support.days import noon
from tests.support.events import OPERATOR, create_event, forget_start
from tests.support.sites import give_passwords
from tests.support.web import csrf_of

BASE = "https://chess.example.test"
PASSWORD = "correct-horse"
URL = re.compile(r"""https?://[^\s<>"')\]]+""")
#: pages another part of the site serves; followed when the app has them
ELSEWHERE = ("/notifications",)


@pytest.fixture
def mail_settings() -> MailSettings:
    return MailSettings(site_url=BASE)


@pytest.fixture
def site(services: Services) -> Services:
    return services


def event(
    services: Services,
    code: str,
    mode: str,
    *,
    control: tuple[int, int] | None = None,
    langs: tuple[str, str] = ("en", "ru"),
    end: date | None = None,
) -> dict[str, int]:
    """Two players, an arbiter and two appeal arbiters, all with addresses."""
    low = code.lower()
    ids = {
        "arb": services.players.add(
            OPERATOR, login=f"arb{low}", name=f"Arbiter {code}", roles=["arbiter"],
            emails=[f"arb{low}@example.org"], lang="ru",
        ),
        "ap1": services.players.add(
            OPERATOR, login=f"ap1{low}", name="Appeal One", roles=["appeal_arbiter"],
            emails=[f"ap1{low}@example.org"],
        ),
        "ap2": services.players.add(
            OPERATOR, login=f"ap2{low}", name="Appeal Two", roles=["appeal_arbiter"],
            emails=[f"ap2{low}@example.org"],
        ),
    }  # fmt: skip
    for i, lang in enumerate(langs, start=1):
        ids[f"p{i}"] = services.players.add(
            OPERATOR,
            login=f"{low}p{i}",
            name=f"Player {code}{i}",
            emails=[f"{low}p{i}@example.org"],
            lang=lang,
        )
    regs = {"control_moves": control[0], "control_days": control[1]} if control else {}
    create_event(
        services,
        code,
        f"Cup {code}",
        date(2026, 5, 10),
        mode=mode,
        end_date=end,
        timezone="Europe/Moscow",
        arbiter=f"arb{low}",
        appeal_arbiters=(f"ap1{low}", f"ap2{low}"),
        regulations=regs,
    )
    services.events.add_players(OPERATOR, code, [f"{low}p1", f"{low}p2"])
    services.events.start(OPERATOR, code)
    if mode == "server":  # the start's mail, new to server events, is not what these test
        forget_start(services, code)
    return ids


def game_of(services: Services, code: str) -> int:
    [view] = services.queries.games(event=code)
    return view.id


def as_player(ids: dict[str, int], who: str) -> Actor:
    return Actor.player(ids[who], Door.WEB)


def mails(services: Services) -> list[OutboundMessage]:
    with services.ctx.db.read() as session:
        return list(session.scalars(select(OutboundMessage).order_by(OutboundMessage.id)))


class Visitors:
    """One test client per recipient, signed in as them when they can be."""

    def __init__(self, services: Services) -> None:
        self.app = create_app(services)
        self.services = services
        self.clients: dict[str, TestClient] = {}

    def anonymous(self) -> TestClient:
        return TestClient(self.app, base_url=BASE)

    def of(self, address: str) -> TestClient:
        if address not in self.clients:
            with self.services.ctx.db.read() as session:
                row = session.scalar(select(PlayerEmail).where(PlayerEmail.address == address))
                # An address changed since: the test's logins are its local parts.
                login = row.player.login if row else address.split("@")[0]
            c = self.anonymous()
            if login is not None:
                page = c.get("/login")
                r = c.post(
                    "/login",
                    data={"login": login, "password": PASSWORD, "csrf_token": csrf_of(page.text)},
                    follow_redirects=False,
                )
                assert r.status_code == 303, r.text
            self.clients[address] = c
        return self.clients[address]


def served(app: object, path: str) -> bool:
    """Whether the app has a route for ``path`` (the preferences page is
    another part of the site's)."""
    from starlette.routing import Match

    scope = {"type": "http", "path": path, "method": "GET"}
    return any(r.matches(scope)[0] == Match.FULL for r in app.routes)  # type: ignore[attr-defined]


def play_a_season(services: Services, clock: FixedClock) -> dict[str, dict[str, int]]:
    """Every kind of mail the server sends, once at least."""
    clock.set(noon(date(2026, 5, 1)))
    claims = event(services, "CL", "email", control=(2, 10))
    letters = event(services, "EM", "email", langs=("ru", "en"), end=date(2026, 6, 1))
    server = event(services, "SV", "server")
    give_passwords(services, PASSWORD)
    # The server game's Black chose mail for moves and for their partners' leaves.
    services.centre.set_preferences(
        as_player(server, "p2"), channels={"moves": ["email", "centre"], "leaves": ["email"]}
    )
    services.leaves.request(
        as_player(letters, "p1"), letters["p1"], date(2026, 5, 20), date(2026, 5, 22)
    )

    clock.set(noon(date(2026, 5, 10)))
    services.games.submit_move(as_player(server, "p1"), game_of(services, "SV"), "e4")
    services.games.submit_move(as_player(letters, "p1"), game_of(services, "EM"), "d4")
    cl = game_of(services, "CL")
    case_id = 0
    day = date(2026, 5, 10)
    # A reminder (56.5.1), a leave beginning (56.7.2), an overstep to claim,
    # the claim, the protest and the decision, each on its day.
    while day <= date(2026, 5, 26):
        clock.set(noon(day))
        if day == date(2026, 5, 21):
            services.games.submit_move(as_player(claims, "p1"), cl, "e4")  # 11 days: over 10
        elif day == date(2026, 5, 22):
            case_id = services.cases.file_time_claim(as_player(claims, "p2"), cl, "11 days").id
        elif day == date(2026, 5, 23):
            services.cases.protest(as_player(claims, "p1"), case_id, "Your move reached me late")
        elif day == date(2026, 5, 24):
            services.cases.decide(as_player(claims, "arb"), case_id, "upheld", "11 days > 10")
        services.daily.run(day)
        day += timedelta(days=1)
    clock.set(noon(date(2026, 6, 5)))
    services.cases.appeal(as_player(claims, "p1"), case_id, "The server dated it wrong")
    clock.set(noon(date(2026, 6, 10)))
    services.cases.decide_appeal(as_player(claims, "ap1"), case_id, "upheld", "It was late")

    # The email event ends: its players hear the final standings.
    services.games.resign(as_player(letters, "p2"), game_of(services, "EM"))
    services.daily.run(date(2026, 6, 10))

    # The accounts' mail: a reset asked for, an invitation, an address changed.
    services.accounts.request_reset("svp1")
    services.accounts.mail_link(OPERATOR, "svp2", purpose="invite")
    services.accounts.set_emails(OPERATOR, ["new-emp1@example.org"], player="emp1")
    return {"CL": claims, "EM": letters, "SV": server}


def test_every_link_in_every_mail_is_absolute_and_opens_its_page(
    site: Services, clock: FixedClock
) -> None:
    play_a_season(site, clock)
    sent = mails(site)
    kinds = {m.kind for m in sent}
    assert {"forward", "notice", "reset", "invite", "address_changed"} <= kinds
    bodies = "\n".join(m.body for m in sent)
    for words in ("Case 1", "appeal", "sent to you again", "on leave", "is over", "Cup EM"):
        assert words in bodies or words.lower() in bodies.lower(), words
    assert "/cases/" in bodies and "/unsubscribe/" in bodies
    visitors = Visitors(site)
    followed: set[tuple[str, str]] = set()
    for message in sent:
        urls = [u.rstrip(".,;:") for u in URL.findall(message.body)]
        assert urls or message.kind in ("reply",), (message.kind, message.body)
        # Nothing that looks like a path on its own: every link is whole.
        bare = re.findall(
            r"(?<![\w/.:])/(?:games|cases|events|reset|unsubscribe)/\S+", message.body
        )
        assert bare == [], (message.kind, bare)
        if message.game_id is not None and may_open(site, message):
            assert f"{BASE}/games/{message.game_id}" in message.body, message.body
        for url in urls:
            assert url == BASE or url.startswith(BASE + "/"), url
            if (message.to_address, url) not in followed:
                followed.add((message.to_address, url))
                opens(visitors, message, url)
    assert len(followed) > 10


def may_open(site: Services, message: OutboundMessage) -> bool:
    """Whether the recipient may see the message's game: a player or the
    event's arbiter (an appeal arbiter hears the case, not the game)."""
    assert message.game_id is not None
    view = site.queries.game(message.game_id)
    with site.ctx.db.read() as session:
        row = session.scalar(select(PlayerEmail).where(PlayerEmail.address == message.to_address))
        login = row.player.login if row else ""
    return login in (view.white, view.black) or login.startswith("arb")


def opens(visitors: Visitors, message: OutboundMessage, url: str) -> None:
    """The page a link promises: 200, and about the right game, case or event."""
    path = url[len(BASE) :]
    if path in ("", "/"):  # the site itself: its sign-in page
        r = visitors.anonymous().get(url)
        assert r.status_code == 200 and 'name="password"' in r.text, url
        return
    if path.startswith(ELSEWHERE) and not served(visitors.app, path.split("?")[0]):
        return  # the notification pages are served by their own module
    if path.startswith("/reset/"):
        c = visitors.anonymous()
        r = c.get(url)
        assert r.status_code == 200 and 'name="password"' in r.text, (url, r.status_code)
        return
    if path.startswith("/unsubscribe/"):
        r = visitors.anonymous().get(url)
        assert r.status_code == 200 and 'id="unsubscribe-button"' in r.text, url
        return
    if path == "/account":
        # The old address's owner signs in as the account's player.
        with visitors.services.ctx.db.read() as session:
            row = session.scalar(select(Player).where(Player.login == "emp1"))
            assert row is not None
            address = row.emails[0].address
        r = visitors.of(address).get(url)
        assert r.status_code == 200 and "new-emp1@example.org" in r.text, url
        return
    c = visitors.of(message.to_address)
    r = c.get(url, follow_redirects=False)
    assert r.status_code == 200, (message.to_address, url, r.status_code)
    if m := re.fullmatch(r"/games/(\d+)", path):
        assert f"/games/{m.group(1)}/" in r.text or f"/games/{m.group(1)}." in r.text, url
    elif m := re.fullmatch(r"/cases/(\d+)", path):
        assert re.search(rf'id="case-title">[^<]* {m.group(1)}:', r.text), url
    elif m := re.fullmatch(r"/events/([^/]+)/crosstable", path):
        assert m.group(1) in r.text, url
    else:
        assert r.text, url


def test_a_reset_link_from_the_mail_sets_a_password(site: Services, clock: FixedClock) -> None:
    event(site, "SV", "server")
    site.accounts.request_reset("svp1")
    [mail] = [m for m in mails(site) if m.kind == "reset"]
    [url] = URL.findall(mail.body)
    assert url.startswith(f"{BASE}/reset/")
    c = TestClient(create_app(site), base_url=BASE)
    page = c.get(url)
    assert page.status_code == 200
    r = c.post(
        "/reset/new",
        data={"password": "a-new-password", "csrf_token": csrf_of(page.text)},
        follow_redirects=False,
    )
    assert r.status_code in (200, 303)
    assert site.accounts.authenticate("svp1", "a-new-password") == site.queries.player("svp1").id


def headers_of(site: Services, message_id: int) -> EmailMessage:
    """The message as the sender hands it to the relay."""
    for item in site.outbound.claim(limit=100):
        if item.id == message_id:
            return item.message
    raise AssertionError(f"message {message_id} not claimed")


def test_one_post_to_list_unsubscribe_stops_that_group_only(
    site: Services, clock: FixedClock
) -> None:
    ids = event(site, "SV", "server")
    black = as_player(ids, "p2")
    site.centre.set_preferences(black, channels={"moves": ["email", "centre"], "leaves": ["email"]})
    game = game_of(site, "SV")
    site.games.submit_move(as_player(ids, "p1"), game, "e4")
    [mail] = mails(site)
    assert mail.to_address == "svp2@example.org"
    assert mail.headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    [url] = re.findall(r"<([^>]+)>", mail.headers["List-Unsubscribe"])
    assert url.startswith(f"{BASE}/unsubscribe/") and url in mail.body
    assert f"{BASE}/notifications/settings" in mail.body
    assert "по почте" in mail.body  # the footer in the recipient's language
    built = headers_of(site, mail.id)
    assert built["List-Unsubscribe"] == f"<{url}>"
    assert built["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"

    # What a mail program does (RFC 8058): one POST, no cookie, no form token.
    c = TestClient(create_app(site), base_url=BASE)
    r = c.post(url, content=b"List-Unsubscribe=One-Click",
               headers={"Content-Type": "application/x-www-form-urlencoded"})  # fmt: skip
    assert r.status_code == 200
    assert site.centre.preferences(black).channels["moves"] == {"centre"}
    assert c.post(url, data={"List-Unsubscribe": "One-Click"}).status_code == 200  # again
    for forged in (url[:-3] + "abc", f"{BASE}/unsubscribe/nonsense", f"{BASE}/unsubscribe/a.b"):
        assert c.post(forged).status_code == 404
        assert c.get(forged).status_code == 404

    site.games.submit_move(black, game, "e5")
    site.games.submit_move(as_player(ids, "p1"), game, "Nf3")
    assert [m.id for m in mails(site)] == [mail.id]  # the moves are no longer mailed
    # The other groups are still mailed: a partner's leave.
    site.leaves.request(as_player(ids, "p1"), ids["p1"], date(2026, 5, 20), date(2026, 5, 22))
    clock.set(noon(date(2026, 5, 20)))
    site.daily.run(date(2026, 5, 20))
    # (The daily run's digests aside: they are the digest's own channel.)
    later = [m for m in mails(site) if m.id != mail.id and m.kind != "digest"]
    # Told when the leave is recorded (56.7.2), and again when it begins.
    assert [m.to_address for m in later] == ["svp2@example.org"] * 2
    for told in later:
        assert "Player SV1" in told.body and "/unsubscribe/" in told.body
        assert told.headers["List-Unsubscribe"] != mail.headers["List-Unsubscribe"]


def test_the_unsubscribe_page_says_what_it_stops_in_the_visitors_language(
    site: Services,
) -> None:
    from cc.kernel.notifications import Group

    ids = event(site, "SV", "server")
    token = site.centre.unsubscribe_token(ids["p2"], Group.LEAVES)
    c = TestClient(create_app(site), base_url=BASE)
    page = c.get(f"/unsubscribe/{token}", headers={"Accept-Language": "ru"})
    assert page.status_code == 200
    assert "Вы больше не будете получать по почте перерывы ваших партнёров." in page.text
    assert 'href="/notifications/settings"' in page.text
    page = c.get(f"/unsubscribe/{token}", headers={"Accept-Language": "en"})
    assert "You will no longer get your partners&#39; leaves by email." in page.text
    done = c.post(f"/unsubscribe/{token}", data={"List-Unsubscribe": "One-Click"})
    assert done.status_code == 200 and 'id="unsubscribed"' in done.text
    assert "email" not in site.centre.preferences(as_player(ids, "p2")).channels["leaves"]


def test_mail_the_rules_require_has_no_unsubscribe_but_says_where_settings_are(
    site: Services, clock: FixedClock
) -> None:
    ids = event(site, "EM", "email")
    site.games.submit_move(as_player(ids, "p1"), game_of(site, "EM"), "e4")
    [forward] = [m for m in mails(site) if m.kind == "forward"]
    assert forward.headers == {}
    assert "/unsubscribe/" not in forward.body
    assert f"{BASE}/notifications/settings" in forward.body
    assert f"{BASE}/games/{forward.game_id}" in forward.body
    assert "List-Unsubscribe" not in headers_of(site, forward.id)
