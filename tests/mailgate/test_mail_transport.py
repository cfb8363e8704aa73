"""Mail over real SMTP on loopback: aiosmtpd as our listener and as the relay."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

import aiosmtplib
import pytest
from sqlalchemy import select

from cc.app.services import Services
from cc.base.clock import FixedClock
from cc.office.outbound import LEASE
from cc.store.models import Game, OutboundMessage
from mailgate.listener import GatewayHandler, start_listener
from mailgate.sender import SmtpRelay, deliver_due
from tests.support.events import make_event
from tests.support.mail import game_subjects, outbox, raw_mail, thread
from tests.support.postgres import free_port
from tests.support.relay import Relay

WHITE, BLACK = "t1p1@example.org", "t1p2@example.org"


@pytest.fixture
def subjects(services: Services, clock: FixedClock) -> dict[str, str]:
    clock.set(datetime(2026, 5, 10, 8, 0, tzinfo=UTC))
    ids = make_event(services, 2, mode="email")
    return game_subjects(services, ids["p1"], ids["p2"])


@pytest.fixture
def white_moved(services: Services, clock: FixedClock, subjects: dict[str, str]) -> None:
    """White's 1. e4 by mail: the reply to White and the forward to Black are queued."""
    services.mail.receive(raw_mail(WHITE, subjects["white"], "1. 5254"), clock.now(), "test")


def test_the_listener_applies_each_message_once(
    services: Services, clock: FixedClock, subjects: dict[str, str]
) -> None:
    port = free_port()
    controller = start_listener(GatewayHandler(services.mail.receive, clock.now), "127.0.0.1", port)
    try:
        raw = raw_mail(WHITE, subjects["white"], "1. 5254")

        async def deliver() -> None:
            await aiosmtplib.send(
                raw, sender=WHITE, recipients=["moves@cc.test"], hostname="127.0.0.1", port=port
            )

        asyncio.run(deliver())
        asyncio.run(deliver())  # the sending server delivers it again
    finally:
        controller.stop()
    assert [m.san for m in services.queries.game(1).moves] == ["e4"]
    assert len(outbox(services)) == 2


def test_a_message_that_cannot_be_processed_is_kept_by_the_sender(
    services: Services,
    clock: FixedClock,
    subjects: dict[str, str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def broken(*_args: object, **_kwargs: object) -> object:
        raise RuntimeError("the database went away")

    monkeypatch.setattr(services.mail, "_process", broken)
    port = free_port()
    controller = start_listener(GatewayHandler(services.mail.receive, clock.now), "127.0.0.1", port)
    raw = raw_mail(WHITE, subjects["white"], "1. 5254")
    try:
        for attempt in range(3):
            try:
                asyncio.run(
                    aiosmtplib.send(
                        raw, sender=WHITE, recipients=["m@cc.test"], hostname="127.0.0.1", port=port
                    )
                )
                outcome = "accepted"
            except aiosmtplib.SMTPDataError as exc:
                outcome = str(exc.code)
            assert outcome == ("451" if attempt < 2 else "accepted")
    finally:
        controller.stop()
    # Set aside after three tries, and the sender told.
    assert [(m.kind, m.to_address) for m in outbox(services)] == [("notice", WHITE)]


def test_outgoing_mail_goes_to_the_relay_once_with_its_headers(
    services: Services, clock: FixedClock, subjects: dict[str, str], relay: Relay
) -> None:
    collector, port = relay
    clock.set(datetime(2026, 5, 10, 12, 0, tzinfo=UTC))
    raw = raw_mail(WHITE, subjects["white"], "1. 5254", message_id="<white-1@player.test>")
    services.mail.receive(raw, clock.now(), "test")
    # The forward leaves the next day: that is when Black received the move (§10.3).
    clock.set(datetime(2026, 5, 11, 7, 30, tzinfo=UTC))
    assert asyncio.run(deliver_due(services.outbound, SmtpRelay("127.0.0.1", port), clock.now)) == 2
    assert asyncio.run(deliver_due(services.outbound, SmtpRelay("127.0.0.1", port), clock.now)) == 0
    reply = next(m for m in collector.messages if m["To"] == WHITE)
    forward = next(m for m in collector.messages if m["To"] == BLACK)
    assert reply["To"] == WHITE and reply["In-Reply-To"] == "<white-1@player.test>"
    assert reply["Auto-Submitted"] == "auto-replied" and reply["Message-ID"]
    assert forward["To"] == BLACK and thread(forward["Subject"]) == thread(subjects["black"])
    assert forward["Auto-Submitted"] == "auto-generated"
    assert "01.  5254" in forward.get_content()
    with services.ctx.db.read() as session:
        game = session.get(Game, 1)
        assert game is not None and game.turn_started_at == clock.now()
    schedule = services.ledgers.schedule(1)
    assert schedule.schedule[0].black and schedule.schedule[0].black.received_on.day == 11


def test_temporary_and_permanent_failures(
    services: Services, clock: FixedClock, subjects: dict[str, str], relay: Relay, white_moved: None
) -> None:
    collector, port = relay
    collector.answer = "451 4.7.1 Greylisted"
    assert asyncio.run(deliver_due(services.outbound, SmtpRelay("127.0.0.1", port), clock.now)) == 0
    rows = outbox(services)
    assert {r.status for r in rows} == {"queued"} and all(r.attempts == 1 for r in rows)
    assert all(r.next_attempt_at > clock.now() for r in rows)
    clock.advance(minutes=2)
    collector.answer = "550 5.1.1 No such user"
    asyncio.run(deliver_due(services.outbound, SmtpRelay("127.0.0.1", port), clock.now))
    assert {r.status for r in outbox(services)} == {"failed"}
    services.mail.receive(raw_mail(BLACK, subjects["black"], "1. 5254 5755"), clock.now(), "test")
    closed = free_port()  # nobody listens: a network error is temporary
    asyncio.run(
        deliver_due(services.outbound, SmtpRelay("127.0.0.1", closed, timeout=2), clock.now)
    )
    assert [r.status for r in outbox(services)][-2:] == ["queued", "queued"]


def test_a_crash_between_queueing_and_sending_loses_nothing_and_repeats_nothing(
    services: Services, clock: FixedClock, relay: Relay, white_moved: None
) -> None:
    collector, port = relay
    # A sender claimed the mail and died before the relay took it.
    claimed = services.outbound.claim()
    assert len(claimed) == 2
    smtp = SmtpRelay("127.0.0.1", port)
    assert asyncio.run(deliver_due(services.outbound, smtp, clock.now)) == 0  # still leased
    clock.advance(seconds=LEASE.total_seconds() + 1)
    assert asyncio.run(deliver_due(services.outbound, smtp, clock.now)) == 2
    assert asyncio.run(deliver_due(services.outbound, smtp, clock.now)) == 0
    assert sorted(m["Message-ID"] for m in collector.messages) == sorted(
        c.message["Message-ID"] for c in claimed
    )
    with services.ctx.db.read() as session:
        assert {r.status for r in session.scalars(select(OutboundMessage))} == {"sent"}


def test_the_listener_speaks_lmtp_too(
    services: Services, clock: FixedClock, subjects: dict[str, str]
) -> None:
    import smtplib

    port = free_port()
    controller = start_listener(
        GatewayHandler(services.mail.receive, clock.now), "127.0.0.1", port, lmtp=True
    )
    try:
        with smtplib.LMTP("127.0.0.1", port) as lmtp:
            lmtp.sendmail(WHITE, ["moves@cc.test"], raw_mail(WHITE, subjects["white"], "1. 5254"))
    finally:
        controller.stop()
    assert [m.san for m in services.queries.game(1).moves] == ["e4"]
