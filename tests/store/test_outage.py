"""PostgreSQL stopped for 20 s under load: every door says "later", none
says "never", and everything resumes by itself.

The server is one of the suite's own PostgreSQL servers, started for this
test alone so the outage touches nothing else. During it mail by SMTP gets
451, the IMAP reader leaves its message unseen, the API and the pages answer
503 in their documented forms and the health page says what fails; after it
the reader and the sender carry on without a restart, and every move that
was acknowledged is stored once.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import aiosmtplib
import pytest
from aiosmtpd.controller import Controller
from fastapi.testclient import TestClient

from cc.app.services import Services
from cc.base.clock import FixedClock
from cc.base.health import Health
from cc.office.outbound import MailSettings
from cc.store import migrate
from cc.store.db import Database
from cc.store.models import Game
from cc.web.app import create_app
from mailgate.imap import ImapMailbox, run_imap
from mailgate.listener import GatewayHandler, start_listener
from mailgate.sender import SmtpRelay, run_sender
from tests.conftest import BACKENDS
from tests.support.dovecot import DovecotServer
from tests.support.events import make_event
from tests.support.mail import raw_mail
from tests.support.postgres import PostgresServer, free_port
from tests.support.relay import Collector
from tests.support.sites import site_over
from tests.support.web import token_for

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif("postgresql" not in BACKENDS, reason="PostgreSQL not among the backends"),
]
OUTAGE = 20.0
#: the API player's moves, white and black in turn
LINE = ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5", "Bb3"]


@pytest.fixture
def server() -> Iterator[PostgresServer]:
    pg = PostgresServer()
    pg.start()
    yield pg
    pg.stop()


@pytest.fixture
def dovecot() -> Iterator[DovecotServer]:
    imap = DovecotServer({"outage": "outage-pw"})
    imap.start()
    yield imap
    imap.stop()


class Loop:
    """An event loop in a thread of its own, for the background workers."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.futures: list[object] = []

    def start(self, coroutine: object) -> None:
        self.futures.append(asyncio.run_coroutine_threadsafe(coroutine, self.loop))  # type: ignore[arg-type]

    def stop(self) -> None:
        for future in self.futures:
            future.cancel()  # type: ignore[attr-defined]
        time.sleep(0.2)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)


def wait_for(condition: object, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if condition():  # type: ignore[operator]
                return True
        except Exception:
            pass
        time.sleep(0.2)
    return False


def _inbound(site: Services) -> list[tuple[str, str, str | None]]:
    from cc.store.models import InboundMessage

    with site.ctx.db.read() as session:
        return [(m.status, m.outcome, m.detail) for m in session.query(InboundMessage)]


def send(port: int, sender: str, raw: bytes) -> str:
    """Hand a message to the listener as a sending server would: the reply code."""

    async def go() -> str:
        try:
            _refused, reply = await aiosmtplib.send(
                raw, sender=sender, recipients=["moves@cc.test"], hostname="127.0.0.1", port=port
            )
        except aiosmtplib.SMTPResponseException as exc:
            return str(exc.code)
        return "250" if reply else "?"

    return asyncio.run(go())


def test_a_database_outage_under_load(server: PostgresServer, dovecot: DovecotServer) -> None:
    url = server.url
    migrate.upgrade(url)
    db = Database(url)
    clock = FixedClock(datetime(2026, 5, 10, 8, 0, tzinfo=UTC))
    site = site_over(db, clock, MailSettings(address="moves@cc.test", secret=b"outage-test"))
    mail_ids = make_event(site, 2, mode="email")  # game 1, by mail
    web_ids = make_event(site, 2, code="T2")  # game 2, through the API
    with db.read() as session:
        game = session.get(Game, 1)
        assert game is not None
        white_subject = site.mail.subject(game, mail_ids["p1"])
        black_subject = site.mail.subject(game, mail_ids["p2"])
    white, black = "t1p1@example.org", "t1p2@example.org"
    tokens = [token_for(site, web_ids["p1"]), token_for(site, web_ids["p2"])]

    health = Health(grace=timedelta(seconds=5))
    relay = Collector()
    relay_port = free_port()
    relay_controller = Controller(relay, hostname="127.0.0.1", port=relay_port)
    relay_controller.start()
    listen_port = free_port()
    handler = GatewayHandler(
        site.mail.receive, clock.now, heartbeat=health.heartbeat("listener", vital=False)
    )
    listener = start_listener(handler, "127.0.0.1", listen_port)
    box = ImapMailbox("127.0.0.1", dovecot.port, "outage", "outage-pw", timeout=10)
    workers = Loop()
    workers.start(
        run_imap(
            box,
            site.mail.receive_many,
            idle_seconds=2,
            max_backoff=4,
            heartbeat=health.heartbeat("reader"),
        )
    )
    workers.start(
        run_sender(
            site.outbound,
            SmtpRelay("127.0.0.1", relay_port, timeout=5),
            clock.now,
            interval=0.5,
            max_backoff=4,
            heartbeat=health.heartbeat("sender"),
        )
    )
    app = TestClient(create_app(site, health=health), raise_server_exceptions=False)

    # The load: the API player plays on through the outage, retrying on 503.
    acknowledged: list[str] = []
    answers: set[int] = set()
    stop = threading.Event()

    def play() -> None:
        api = TestClient(create_app(site, health=health), raise_server_exceptions=False)
        while not stop.is_set() and len(acknowledged) < len(LINE):
            ply = len(acknowledged)
            r = api.post(
                "/api/v1/games/2/moves",
                json={"move": LINE[ply], "move_number": ply // 2 + 1},
                headers=tokens[ply % 2],
            )
            answers.add(r.status_code)
            if r.status_code == 200:
                acknowledged.append(LINE[ply])
            elif r.status_code == 503:
                assert r.json()["error"]["code"] == "unavailable"
                time.sleep(0.3)
            else:  # committed without an answer: the record says so
                made = api.get("/api/v1/games/2", headers=tokens[0]).json()
                if made.get("ply_count", 0) > ply:
                    acknowledged.append(LINE[ply])
            time.sleep(0.5)

    player = threading.Thread(target=play, daemon=True)
    try:
        assert send(listen_port, white, raw_mail(white, white_subject, "1. 5254")) == "250"
        player.start()
        time.sleep(2)

        server.pause()
        outage_began = time.monotonic()
        dovecot.deliver("outage", raw_mail(black, black_subject, "1. 5254 5755"), "reply")
        assert send(listen_port, white, raw_mail(white, white_subject, "draw?")) == "451"
        r = app.get("/api/v1/games/1", headers={**tokens[0], "Accept-Language": "ru"})
        assert r.status_code == 503 and r.json()["error"]["code"] == "unavailable"
        app.cookies.set("lang", "ru")
        app.cookies.set("cc_session", "a signed-in visitor")
        page = app.get("/games")
        assert page.status_code == 503 and "Сервер сейчас не может ответить" in page.text
        assert wait_for(lambda: app.get("/healthz").status_code == 503, 10)
        time.sleep(max(0.0, OUTAGE - (time.monotonic() - outage_began)))
        assert 503 in answers  # the API player met the outage
        assert health.beats["reader"].failing_since is not None
        assert health.beats["sender"].failing_since is not None

        server.resume()
        # The reader applies the reply that waited unseen, with no restart.
        assert wait_for(lambda: site.queries.game(1).ply_count == 2, 60), (
            health.report(),
            _inbound(site),
        )
        assert wait_for(lambda: app.get("/healthz").status_code == 200, 60), app.get(
            "/healthz"
        ).json()
        # The sender delivers what was queued meanwhile: Black's reply forwarded to White.
        assert wait_for(lambda: any(m["To"] == white for m in relay.messages), 30)
        player.join(120)
        assert not player.is_alive()
    finally:
        stop.set()
        workers.stop()
        listener.stop()
        relay_controller.stop()
    assert [m.san for m in site.queries.game(1).moves] == ["e4", "e5"]
    stored = [m.san for m in site.queries.game(2).moves]
    assert stored == LINE[: len(stored)]
    assert acknowledged == stored  # each acknowledged move once, nothing more
    assert health.beats["reader"].failing_since is None
    assert health.beats["sender"].failing_since is None
    db.dispose()
