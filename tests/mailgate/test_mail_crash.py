"""The gateway killed mid-way: nothing applied twice, lost, or sent twice."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
from aiosmtpd.controller import Controller
from sqlalchemy import select

from cc.app.services import Services
from cc.base.clock import FixedClock
from cc.office.outbound import MailSettings
from cc.store.db import Database
from cc.store.models import InboundMessage, OutboundMessage
from mailgate.imap import ImapMailbox, drain
from mailgate.sender import SmtpRelay, deliver_due
from tests.support.crashing_gateway import SECRET
from tests.support.dovecot import DovecotServer
from tests.support.events import make_event
from tests.support.mail import raw_mail, subject
from tests.support.paths import ROOT
from tests.support.postgres import free_port
from tests.support.relay import Collector

WHITE = "t1p1@example.org"
USERS = [f"crash{i}" for i in range(6)]
_free = iter(USERS)


@pytest.fixture(scope="module")
def dovecot() -> Iterator[DovecotServer]:
    server = DovecotServer(dict.fromkeys(USERS, "pw"))
    server.start()
    yield server
    server.stop()


@pytest.fixture
def clock() -> FixedClock:
    # Real time: the crashing process runs on the system clock.
    return FixedClock(datetime.now(UTC))


@pytest.fixture
def mail_settings() -> MailSettings:
    return MailSettings(address="moves@cc.test", secret=SECRET)


@pytest.fixture
def site(services: Services) -> Services:
    make_event(services, 2, mode="email", start=(datetime.now(UTC) - timedelta(days=3)).date())
    return services


def crash(db_url: str, dovecot: DovecotServer, user: str, when: str) -> None:
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "tests.support.crashing_gateway",
            db_url,
            str(dovecot.port),
            user,
            "pw",
            when,
        ],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        timeout=120,
    )
    assert result.returncode == 137, result.stderr.decode()


@pytest.mark.parametrize("when", ["before-flag", "before-send"])
def test_killed_gateway_resumes_without_repeating(
    site: Services, db: Database, db_url: str, dovecot: DovecotServer, when: str
) -> None:
    services = site
    user = next(_free)
    dovecot.deliver(user, raw_mail(WHITE, subject(services, 2), "1. 5254"), "m1")
    crash(db_url, dovecot, user, when)
    assert [m.san for m in services.queries.game(1).moves] == ["e4"]  # committed

    # Restart: read the mailbox again, then send what is queued, twice over.
    services.ctx.clock.set(datetime.now(UTC))  # type: ignore[attr-defined]

    async def restart() -> int:
        box = ImapMailbox("127.0.0.1", dovecot.port, user, "pw", timeout=10)
        await box.open()
        try:
            return (await drain(box, services.mail.receive_many)).handled
        finally:
            await box.close()

    handled = asyncio.run(restart())
    assert handled == (1 if when == "before-flag" else 0)  # only flagged now, or nothing
    assert [m.san for m in services.queries.game(1).moves] == ["e4"]
    relay = Collector()
    port = free_port()
    controller = Controller(relay, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        smtp = SmtpRelay("127.0.0.1", port)
        now = services.ctx.clock.now
        assert asyncio.run(deliver_due(services.outbound, smtp, now)) == 2
        assert asyncio.run(deliver_due(services.outbound, smtp, now)) == 0
    finally:
        controller.stop()
    assert sorted(m["To"] for m in relay.messages) == ["t1p1@example.org", "t1p2@example.org"]
    with db.read() as session:
        assert len(session.scalars(select(InboundMessage)).all()) == 1
        assert {r.status for r in session.scalars(select(OutboundMessage))} == {"sent"}
