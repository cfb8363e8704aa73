"""The gateway on a real Dovecot mailbox and a real SMTP relay, on loopback."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
from aiosmtpd.controller import Controller
from sqlalchemy import select

from cc.clock import FixedClock
from cc.db import Database
from cc.models import Door, Game, InboundMessage, OutboundMessage, TimeCharge
from cc.services import Actor, MailSettings, ServiceContext, Services
from cc.site import Site
from mailgate.imap import ImapMailbox, drain, run_imap
from mailgate.sender import SmtpRelay, deliver_due
from tests.conftest import make_event
from tests.mail_support import raw_mail
from tests.support.dovecot import DovecotServer
from tests.support.postgres import free_port
from tests.test_mail_transport import Collector

WHITE, BLACK = "t1p1@example.org", "t1p2@example.org"
PASSWORD = "gateway-pw"


USERS = [f"moves{i}" for i in range(12)]
_free_users = iter(USERS)


@pytest.fixture(scope="module")
def dovecot() -> Iterator[DovecotServer]:
    server = DovecotServer(dict.fromkeys(USERS, PASSWORD))
    server.start()
    yield server
    server.stop()


@pytest.fixture
def inbox(dovecot: DovecotServer) -> tuple[DovecotServer, str]:
    """A mailbox of its own for each test."""
    return dovecot, next(_free_users)


@pytest.fixture
def site(db: Database, clock: FixedClock) -> Services:
    clock.set(datetime(2026, 5, 10, 8, 0, tzinfo=UTC))
    services = Site(
        ServiceContext(db=db, clock=clock),
        MailSettings(address="moves@cc.test", secret=b"imap-test"),
    )
    make_event(services, 2, mode="email")
    return services


def subject(services: Services, player_id: int) -> str:
    with services.ctx.db.read() as session:
        game = session.get(Game, 1)
        assert game is not None
        return services.mail.subject(game, player_id)


def mailbox(inbox: tuple[DovecotServer, str]) -> ImapMailbox:
    server, user = inbox
    return ImapMailbox("127.0.0.1", server.port, user, PASSWORD, timeout=10)


async def drain_once(box: ImapMailbox, services: Services) -> int:
    await box.open()
    try:
        return (await drain(box, services.mail.receive)).handled
    finally:
        await box.close()


def test_messages_are_taken_in_arrival_order_and_flagged_after_the_commit(
    site: Services, inbox: tuple[DovecotServer, str]
) -> None:
    server, user = inbox
    at = datetime(2026, 5, 10, 9, 30, tzinfo=UTC)
    server.deliver(user, raw_mail(WHITE, subject(site, 2), "1. 5254"), "a", at.timestamp())
    server.deliver(
        user, raw_mail(BLACK, subject(site, 3), "1. 5254 5755"), "b", at.timestamp() + 60
    )
    site.ctx.clock.set(at + timedelta(hours=1))  # type: ignore[attr-defined]
    assert asyncio.run(drain_once(mailbox(inbox), site)) == 2
    assert [m.san for m in site.queries.game(1).moves] == ["e4", "e5"]
    assert asyncio.run(drain_once(mailbox(inbox), site)) == 0  # all seen
    with site.ctx.db.read() as session:
        rows = session.scalars(select(InboundMessage).order_by(InboundMessage.id)).all()
        assert [r.source for r in rows] == ["imap", "imap"]
        # Dated by INTERNALDATE, the server's arrival time (§10.3), not the Date: header.
        assert [r.arrived_at for r in rows] == [at, at + timedelta(minutes=1)]
    assert site.queries.game(1).moves[0].sent_at == at


def test_a_crash_between_the_commit_and_the_flag_applies_nothing_twice(
    site: Services, inbox: tuple[DovecotServer, str]
) -> None:
    server, user = inbox
    server.deliver(
        user,
        raw_mail(WHITE, subject(site, 2), "1. 5254"),
        "a",
        datetime(2026, 5, 10, 9, 0, tzinfo=UTC).timestamp(),
    )

    class Crashing(ImapMailbox):
        async def done(self, uid: int) -> None:
            raise ConnectionResetError("killed before the flag was stored")

    with pytest.raises(ConnectionResetError):
        asyncio.run(drain_once(Crashing(*_args(inbox)), site))
    assert [m.san for m in site.queries.game(1).moves] == ["e4"]
    # On restart the message is still unseen; it is known, so only flagged now.
    assert asyncio.run(drain_once(mailbox(inbox), site)) == 1
    assert [m.san for m in site.queries.game(1).moves] == ["e4"]
    with site.ctx.db.read() as session:
        assert len(session.scalars(select(InboundMessage)).all()) == 1


def _args(inbox: tuple[DovecotServer, str]) -> tuple[str, int, str, str]:
    server, user = inbox
    return ("127.0.0.1", server.port, user, PASSWORD)


def test_idle_wakes_the_reader_for_new_mail(
    site: Services, inbox: tuple[DovecotServer, str]
) -> None:
    server, user = inbox

    async def scenario() -> None:
        task = asyncio.create_task(run_imap(mailbox(inbox), site.mail.receive, idle_seconds=30))
        await asyncio.sleep(1.0)  # connected and idling on an empty mailbox
        server.deliver(
            user,
            raw_mail(WHITE, subject(site, 2), "1. 5254"),
            "late",
            datetime(2026, 5, 10, 9, 0, tzinfo=UTC).timestamp(),
        )
        for _ in range(100):
            await asyncio.sleep(0.1)
            if site.queries.game(1).ply_count == 1:
                break
        task.cancel()

    asyncio.run(scenario())
    assert [m.san for m in site.queries.game(1).moves] == ["e4"]


def test_an_email_game_through_dovecot_and_a_relay_with_one_player_on_the_web(
    site: Services, inbox: tuple[DovecotServer, str], clock: FixedClock
) -> None:
    server, user = inbox
    relay = Collector()
    port = free_port()
    controller = Controller(relay, hostname="127.0.0.1", port=port)
    controller.start()
    smtp = SmtpRelay("127.0.0.1", port)
    web_white = Actor.player(2, Door.WEB)
    site.accounts.set_preferences(web_white, mail_moves=False)  # White reads on the web
    try:

        def send_out() -> list[object]:
            before = len(relay.messages)
            asyncio.run(deliver_due(site.outbound, smtp, clock.now))
            return relay.messages[before:]

        def mail_in(sender: str, body: str, name: str) -> None:
            server.deliver(
                user,
                raw_mail(sender, f"Re: {subject(site, 3)}", body),
                name,
                clock.now().timestamp(),
            )
            assert asyncio.run(drain_once(mailbox(inbox), site)) == 1

        clock.set(datetime(2026, 5, 10, 12, 0, tzinfo=UTC))
        site.games.submit_move(web_white, 1, "d4")  # White plays on the web
        (forward,) = send_out()
        assert forward["To"] == BLACK and "01.  4244" in forward.get_content()
        clock.set(datetime(2026, 5, 12, 12, 0, tzinfo=UTC))
        mail_in(
            BLACK,
            "Турнир Event T1\nБелые Player 1\nЧерные Player 2\n\n"
            "Пол.   Отв.   Время  N    Белые  Черные\n"
            "---    10/05  0/00   01.  4244   4745\n",
            "b1",
        )
        out = send_out()
        assert [m["To"] for m in out] == [BLACK]  # White reads it on the web
        assert "recorded" in out[0].get_content()
        clock.set(datetime(2026, 5, 13, 12, 0, tzinfo=UTC))
        site.games.submit_move(web_white, 1, "c4")
        send_out()
        clock.set(datetime(2026, 5, 14, 12, 0, tzinfo=UTC))
        mail_in(BLACK, "1. d4 d5 2. c4 e6\nПредлагаю ничью.", "b2")
        assert site.queries.game(1).draw_offer_by == "t1p2"
        ledger = site.ledgers.schedule(1)
        black = [r.black for r in ledger.schedule if r.black]
        assert [(b.days, b.total) for b in black] == [(2, 2), (1, 3)]
        site.games.accept_draw(web_white, 1)
        assert site.queries.game(1).result_reason == "agreed_draw"
    finally:
        controller.stop()


def test_an_illegible_reply_is_named_and_charged_once_even_when_delivered_again(
    site: Services, inbox: tuple[DovecotServer, str], clock: FixedClock
) -> None:
    """Black repeats 2. 7163 and writes "9x9x" for the reply: the answer
    names the text as illegible (56.3.4) and the ledger has one charge
    (56.4.7); the same message delivered again changes nothing."""
    server, user = inbox
    white, black = Actor.player(2, Door.WEB), Actor.player(3, Door.WEB)
    for actor, move in ((white, "d4"), (black, "d5"), (white, "Nf3")):
        site.games.submit_move(actor, 1, move)
    raw = raw_mail(BLACK, f"Re: {subject(site, 3)}", "02. 7163 9x9x\n\nPlayer 2")
    at = datetime(2026, 5, 10, 10, 0, tzinfo=UTC)
    clock.set(at + timedelta(minutes=5))

    def faults() -> list[OutboundMessage]:
        with site.ctx.db.read() as session:
            return list(
                session.scalars(
                    select(OutboundMessage).where(
                        OutboundMessage.kind == "fault", OutboundMessage.to_address == BLACK
                    )
                )
            )

    def penalties() -> list[tuple[int, int]]:
        with site.ctx.db.read() as session:
            return [(c.player_id, c.days) for c in session.scalars(select(TimeCharge))]

    server.deliver(user, raw, "illegible", at.timestamp())
    assert asyncio.run(drain_once(mailbox(inbox), site)) == 1
    (answer,) = faults()
    assert 'The move "9x9x" (Black\'s move 2) cannot be read' in answer.body, answer.body
    assert "(Art. 56.3.4)" in answer.body and "§" not in answer.body
    assert "You are charged 2 penalty days for it (Art. 56.4.7)." in answer.body
    assert penalties() == [(3, 2)]
    assert site.ledgers.schedule(1).clocks["black"].penalty_days == 2

    server.deliver(user, raw, "illegible-again", at.timestamp() + 60)
    assert asyncio.run(drain_once(mailbox(inbox), site)) == 1
    assert len(faults()) == 1 and penalties() == [(3, 2)]
    assert [m.san for m in site.queries.game(1).moves] == ["d4", "d5", "Nf3"]
