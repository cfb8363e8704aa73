"""One bad message, one bug or one bad round never stops the mail door.

Malformed messages go in by IMAP (a real Dovecot) and by SMTP (our
listener), each followed by a valid move that must be applied within
seconds; a message whose processing fails is tried a few times, then set
aside with its sender told once; a failure of the reader's loop itself
restarts it; a flood of faulty messages costs no more than the player was
told of; a relay that refuses only the arbiter's copy leaves a trace.
"""

from __future__ import annotations

import asyncio
import logging
from datetime import UTC, datetime

import aiosmtplib
import pytest
from aiosmtpd.controller import Controller
from sqlalchemy import select

from cc.app.services import Services
from cc.base.clock import FixedClock
from cc.base.health import Heartbeat
from cc.base.kinds import InboundStatus
from cc.office.outbound import MailSettings
from cc.store.models import InboundMessage, OutboundMessage, TimeCharge
from mailgate.gateway import ANSWERS_PER_DAY, MAX_ATTEMPTS, MailGateway
from mailgate.imap import ImapMailbox, Round, drain, run_imap
from mailgate.listener import GatewayHandler, start_listener
from mailgate.sender import SmtpRelay, deliver_due
from tests.support.dovecot import DovecotServer, dovecot_fixture
from tests.support.mail import outbox, raw_mail, subject
from tests.support.postgres import free_port

WHITE, BLACK, ARBITER = "t1p1@example.org", "t1p2@example.org", "arbiter@example.org"
PASSWORD = "faults-pw"
USERS = [f"faults{i}" for i in range(10)]
_free_users = iter(USERS)

#: messages that once raised out of the reader: an address the parser
#: chokes on, a charset with no decoder for text, a NUL inside a charset
MALFORMED = {
    "from": b"From: <\r\nTo: moves@cc.test\r\nSubject: move\r\nMessage-ID: <m1@bad>\r\n"
    b"\r\n1. 5254\r\n",
    "idna": (
        f"From: {WHITE}\r\nTo: moves@cc.test\r\nSubject: move\r\nMessage-ID: <m2@bad>\r\n"
        "Content-Type: text/plain; charset=idna\r\n\r\n1. 5254\r\n"
    ).encode(),
    "nul": (
        f"From: {WHITE}\r\nTo: moves@cc.test\r\nSubject: move\r\nMessage-ID: <m3@bad>\r\n"
        'Content-Type: text/plain; charset="utf\x00-8"\r\n\r\n1. 5254\r\n'
    ).encode(),
    "long date, 8-bit subject": (
        f"From: {WHITE}\r\nTo: moves@cc.test\r\nMessage-ID: <m4@bad>\r\nDate: {'x' * 400}\r\n"
    ).encode()
    + b"Subject: \xff\xfe\x00 [cc 99999999999999999999 abcdefgh]\r\n\r\n1. 5254\r\n",
}


dovecot = dovecot_fixture(USERS, PASSWORD)


@pytest.fixture
def mail_settings() -> MailSettings:
    return MailSettings(address="moves@cc.test", secret=b"faults-test")


def sans(services: Services) -> list[str]:
    return [m.san for m in services.queries.game(1).moves]


def inbound(services: Services) -> list[InboundMessage]:
    with services.ctx.db.read() as session:
        return list(session.scalars(select(InboundMessage).order_by(InboundMessage.id)))


async def until(condition: object, seconds: float = 10.0) -> None:
    for _ in range(int(seconds * 10)):
        if condition():  # type: ignore[operator]
            return
        await asyncio.sleep(0.1)


def test_malformed_messages_by_smtp_are_recorded_and_the_next_move_applied(
    site: Services, clock: FixedClock
) -> None:
    port = free_port()
    handler = GatewayHandler(site.mail.receive, clock.now)
    controller = start_listener(handler, "127.0.0.1", port)
    replies: list[str] = []

    async def one_connection() -> None:
        # One session, no RSET between messages, as a sending server does.
        smtp = aiosmtplib.SMTP(hostname="127.0.0.1", port=port)
        await smtp.connect()
        for raw in MALFORMED.values():
            _refused, reply = await smtp.sendmail(WHITE, ["moves@cc.test"], raw)
            replies.append(reply)
        _refused, reply = await smtp.sendmail(
            WHITE, ["moves@cc.test"], raw_mail(WHITE, subject(site, 2), "1. 5254")
        )
        replies.append(reply)
        await smtp.quit()

    try:
        asyncio.run(one_connection())
    finally:
        controller.stop()
    assert all(r.startswith("OK") for r in replies), replies
    assert sans(site) == ["e4"]
    rows = inbound(site)
    assert len(rows) == len(MALFORMED) + 1
    assert all(r.status != InboundStatus.RETRY for r in rows)
    assert rows[0].sender == ""  # the address that could not be read
    assert handler.heartbeat.last_success is not None


def test_malformed_messages_by_imap_do_not_stop_the_reader(
    site: Services, dovecot: DovecotServer
) -> None:
    user = next(_free_users)
    for name, raw in MALFORMED.items():
        dovecot.deliver(user, raw, name.replace(" ", "-").replace(",", ""))
    dovecot.deliver(user, raw_mail(WHITE, subject(site, 2), "1. 5254"), "valid")
    beat = Heartbeat("reader")
    box = ImapMailbox("127.0.0.1", dovecot.port, user, PASSWORD, timeout=10)

    async def scenario() -> None:
        task = asyncio.create_task(run_imap(box, site.mail.receive_many, heartbeat=beat))
        await until(
            lambda: (
                sans(site) == ["e4"]
                and len(inbound(site)) == len(MALFORMED) + 1
                and beat.last_success is not None
            )
        )
        task.cancel()

    asyncio.run(scenario())
    assert sans(site) == ["e4"]
    assert beat.last_success is not None and beat.failing_since is None


def test_a_message_that_fails_is_set_aside_after_a_few_tries_and_the_sender_told_once(
    site: Services, dovecot: DovecotServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    original = MailGateway._process

    def fragile(
        self: MailGateway, session: object, letter: object, *args: object, **kwargs: object
    ) -> object:
        if "boom" in letter.text:  # type: ignore[attr-defined]
            raise RuntimeError("a bug met by this message only")
        return original(self, session, letter, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(MailGateway, "_process", fragile)
    user = next(_free_users)
    dovecot.deliver(user, raw_mail(WHITE, subject(site, 2), "boom"), "poison")
    dovecot.deliver(user, raw_mail(WHITE, subject(site, 2), "1. 5254"), "valid")
    box = ImapMailbox("127.0.0.1", dovecot.port, user, PASSWORD, timeout=10)

    async def scenario() -> None:
        task = asyncio.create_task(run_imap(box, site.mail.receive_many, max_backoff=1))
        await until(lambda: [r.status for r in inbound(site)][:1] == [InboundStatus.SET_ASIDE], 15)
        task.cancel()

    asyncio.run(scenario())
    assert sans(site) == ["e4"]  # the move behind it was not kept waiting
    poison = inbound(site)[0]
    assert poison.status == InboundStatus.SET_ASIDE
    assert poison.attempts == MAX_ATTEMPTS
    assert "RuntimeError: a bug met by this message only" in (poison.detail or "")
    notices = [m for m in outbox(site) if m.kind == "notice" and m.to_address == WHITE]
    assert len(notices) == 1


def test_a_failure_of_the_reader_loop_restarts_it(
    site: Services, dovecot: DovecotServer, caplog: pytest.LogCaptureFixture
) -> None:
    user = next(_free_users)
    dovecot.deliver(user, raw_mail(WHITE, subject(site, 2), "1. 5254"), "valid")
    calls = {"n": 0}

    def receive_failing_once(incoming: list[tuple[bytes, datetime, str]]) -> object:
        calls["n"] += 1
        if calls["n"] == 1:
            raise KeyError("a fault outside the pipeline's own guard")
        return site.mail.receive_many(incoming)

    beat = Heartbeat("reader")
    box = ImapMailbox("127.0.0.1", dovecot.port, user, PASSWORD, timeout=10)

    async def scenario() -> None:
        task = asyncio.create_task(
            run_imap(box, receive_failing_once, heartbeat=beat, max_backoff=1)  # type: ignore[arg-type]
        )
        await until(lambda: sans(site) == ["e4"] and beat.last_success is not None)
        task.cancel()

    with caplog.at_level(logging.ERROR, logger="mailgate.imap"):
        asyncio.run(scenario())
    assert sans(site) == ["e4"]
    assert any("IMAP reader failed" in r.message for r in caplog.records)
    assert beat.failing_since is None and beat.last_success is not None


def test_a_flood_of_faulty_messages_costs_only_what_the_player_was_told_of(
    site: Services,
) -> None:
    at = datetime(2026, 5, 10, 9, 0, tzinfo=UTC)
    for i in range(3 * ANSWERS_PER_DAY):
        receipt = site.mail.receive(
            raw_mail(WHITE, subject(site, 2), f"1. 9999 attempt {i}"), at, "smtp"
        )
        assert receipt.status == InboundStatus.REFUSED
    told = [m for m in outbox(site) if m.kind == "fault" and m.to_address == WHITE]
    with site.ctx.db.read() as session:
        charges = session.scalars(select(TimeCharge)).all()
    assert len(told) == ANSWERS_PER_DAY
    assert len(charges) == ANSWERS_PER_DAY
    assert len(inbound(site)) == 3 * ANSWERS_PER_DAY  # every one recorded all the same


def queue(site: Services, clock: FixedClock, message_id: str, cc: list[str] | None = None) -> None:
    """A message due now, to White (and ``cc``)."""
    with site.ctx.db.write() as session:
        session.add(
            OutboundMessage(
                kind="notice",
                to_address=WHITE,
                cc=cc or [],
                subject="s",
                body="b",
                message_id=message_id,
                status="queued",
                attempts=0,
                next_attempt_at=clock.now(),
                created_at=clock.now(),
            )
        )


class _RefusingRelay:
    """A relay that takes the message for everyone but one address."""

    def __init__(self, refuse: str) -> None:
        self.refuse = refuse
        self.taken = 0

    async def handle_RCPT(
        self, server: object, session: object, envelope: object, address: str, options: object
    ) -> str:
        if address == self.refuse:
            return "550 5.1.1 No such user"
        envelope.rcpt_tos.append(address)  # type: ignore[attr-defined]
        return "250 OK"

    async def handle_DATA(self, server: object, session: object, envelope: object) -> str:
        self.taken += 1
        return "250 OK"


def test_a_copy_refused_for_one_recipient_is_recorded(site: Services, clock: FixedClock) -> None:
    queue(site, clock, "<copy-test@cc.test>", cc=[ARBITER])
    relay = _RefusingRelay(ARBITER)
    port = free_port()
    controller = Controller(relay, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        sent = asyncio.run(deliver_due(site.outbound, SmtpRelay("127.0.0.1", port), clock.now))
    finally:
        controller.stop()
    assert sent == 1 and relay.taken == 1
    row = next(m for m in outbox(site) if m.message_id == "<copy-test@cc.test>")
    assert row.status == "sent"
    assert row.last_error is not None and ARBITER in row.last_error and "550" in row.last_error


def test_a_relay_that_is_down_makes_the_sender_heartbeat_fail(
    site: Services, clock: FixedClock
) -> None:
    queue(site, clock, "<down-test@cc.test>")
    beat = Heartbeat("sender")
    closed = free_port()
    relay = SmtpRelay("127.0.0.1", closed, timeout=2)
    assert asyncio.run(deliver_due(site.outbound, relay, clock.now, heartbeat=beat)) == 0
    assert beat.failing_since is not None and "took none" in (beat.last_error or "")


def test_a_fetched_batch_commits_together_and_a_failing_message_is_tried_again_alone(
    site: Services, dovecot: DovecotServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """White's move, Black's answer to it and a redelivered copy of White's
    move come in one IMAP fetch. Black's fails once: it alone rolls back and
    stays unseen; White's move is applied once, and Black's on the next
    round, against the move its own batch had applied."""
    user = next(_free_users)
    white_move = raw_mail(WHITE, subject(site, 2), "1. 5254", message_id="<w1@player.test>")
    dovecot.deliver(user, white_move, "b1")
    dovecot.deliver(user, raw_mail(BLACK, subject(site, 3), "1. 5254 5755"), "b2")
    dovecot.deliver(user, white_move, "b3")
    act = site.mail.requests.act
    failures = {"left": 1}

    def act_failing_once(session, letter, game, player, arrived_at):  # type: ignore[no-untyped-def]
        receipt = act(session, letter, game, player, arrived_at)
        if letter.sender == BLACK and failures["left"]:
            failures["left"] -= 1
            raise RuntimeError("a fault after Black's move was written")
        return receipt

    monkeypatch.setattr(site.mail.requests, "act", act_failing_once)
    box = ImapMailbox("127.0.0.1", dovecot.port, user, PASSWORD, timeout=10)

    async def one_round() -> Round:
        await box.open()
        try:
            return await drain(box, site.mail.receive_many)
        finally:
            await box.close()

    first = asyncio.run(one_round())
    assert (first.handled, first.retry) == (2, 1)
    assert sans(site) == ["e4"]  # Black's e5 was rolled back with its savepoint
    rows = inbound(site)
    assert len(rows) == 2  # the copy of White's move is the same message
    assert [(r.sender, r.status, r.attempts) for r in rows] == [
        (WHITE, InboundStatus.APPLIED, 1),
        (BLACK, InboundStatus.RETRY, 1),
    ]
    assert "a fault after Black's move was written" in (rows[1].detail or "")
    to_black_before = {m.id for m in outbox(site) if m.to_address == BLACK}

    second = asyncio.run(one_round())
    assert (second.handled, second.retry) == (1, 0)
    assert sans(site) == ["e4", "e5"]
    assert [(r.status, r.attempts) for r in inbound(site)] == [
        (InboundStatus.APPLIED, 1),
        (InboundStatus.APPLIED, 2),
    ]
    # The rolled-back try queued nothing: Black is answered once, after the
    # try that counted.
    confirmations = [
        m for m in outbox(site) if m.to_address == BLACK and m.id not in to_black_before
    ]
    assert len(confirmations) == 1
    assert asyncio.run(one_round()).handled == 0
