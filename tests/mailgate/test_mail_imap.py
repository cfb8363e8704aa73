"""The gateway on a real Dovecot mailbox and a real SMTP relay, on loopback."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from sqlalchemy import select

from cc.accounts.hashing import hash_password
from cc.app.services import Services
from cc.base.clock import FixedClock
from cc.base.kinds import Door
from cc.kernel.context import Actor
from cc.office.outbound import MailSettings
from cc.store.models import (
    InboundMessage,
    Notification,
    OutboundMessage,
    Player,
    PlayerEmail,
    TimeCharge,
)
from mailgate.imap import ImapMailbox, drain, run_imap
from mailgate.sender import SmtpRelay, deliver_due
from tests.support.bounces import postfix_bounce, postfix_delay
from tests.support.dovecot import DovecotServer, dovecot_fixture
from tests.support.events import OPERATOR, make_event
from tests.support.mail import raw_mail, subject
from tests.support.relay import Relay
from tests.support.web import sign_in

WHITE, BLACK = "t1p1@example.org", "t1p2@example.org"
PASSWORD = "gateway-pw"


#: a mailbox for each test on each backend
USERS = [f"moves{i}" for i in range(60)]
_free_users = iter(USERS)


dovecot = dovecot_fixture(USERS, PASSWORD)


@pytest.fixture
def inbox(dovecot: DovecotServer) -> tuple[DovecotServer, str]:
    """A mailbox of its own for each test."""
    return dovecot, next(_free_users)


@pytest.fixture
def mail_settings() -> MailSettings:
    return MailSettings(address="moves@cc.test", secret=b"imap-test")


def mailbox(inbox: tuple[DovecotServer, str]) -> ImapMailbox:
    server, user = inbox
    return ImapMailbox("127.0.0.1", server.port, user, PASSWORD, timeout=10)


async def drain_once(box: ImapMailbox, services: Services) -> int:
    await box.open()
    try:
        return (await drain(box, services.mail.receive_many)).handled
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
    flagged: list[list[int]] = []

    class Counting(ImapMailbox):
        async def done(self, uids: Sequence[int]) -> None:
            flagged.append(list(uids))
            await super().done(uids)

    assert asyncio.run(drain_once(Counting(*_args(inbox)), site)) == 2
    assert [m.san for m in site.queries.game(1).moves] == ["e4", "e5"]
    assert len(flagged) == 1 and len(flagged[0]) == 2  # the batch in one STORE
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
        async def done(self, uids: Sequence[int]) -> None:
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
        task = asyncio.create_task(
            run_imap(mailbox(inbox), site.mail.receive_many, idle_seconds=30)
        )
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
    site: Services, inbox: tuple[DovecotServer, str], clock: FixedClock, relay: Relay
) -> None:
    server, user = inbox
    collector, port = relay
    smtp = SmtpRelay("127.0.0.1", port)
    web_white = Actor.player(2, Door.WEB)
    site.accounts.set_preferences(web_white, mail_moves=False)  # White reads on the web

    def send_out() -> list[object]:
        before = len(collector.messages)
        asyncio.run(deliver_due(site.outbound, smtp, clock.now))
        return collector.messages[before:]

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


def test_a_draw_offered_with_a_move_is_accepted_in_words_through_the_mailbox(
    site: Services, inbox: tuple[DovecotServer, str], clock: FixedClock, relay: Relay
) -> None:
    """Game 1: White offers with the move in English, Black (Russian) accepts
    with "принимаю ничью"; game 2: White offers in Russian, Black (English)
    accepts with "I accept the draw". The offer travels in words and in the
    form; the game ends drawn; both hear the result."""
    server, user = inbox
    collector, port = relay
    smtp = SmtpRelay("127.0.0.1", port)
    second = make_event(site, 2, code="T2", mode="email")
    with site.ctx.db.write() as session:
        for player_id in (3, second["p1"]):  # Black of game 1, White of game 2
            player = session.get(Player, player_id)
            assert player is not None
            player.lang = "ru"
    names = iter(f"offer{i}" for i in range(100))

    def to(game_id: int, player_id: int) -> str:
        return subject(site, player_id, game_id)

    def mail_in(sender: str, game_id: int, player_id: int, body: str) -> None:
        raw = raw_mail(sender, f"Re: {to(game_id, player_id)}", body)
        server.deliver(user, raw, next(names), clock.now().timestamp())
        assert asyncio.run(drain_once(mailbox(inbox), site)) == 1

    def send_out() -> dict[str, str]:
        """What the relay took since the last call, by recipient (one each)."""
        before = len(collector.messages)
        asyncio.run(deliver_due(site.outbound, smtp, clock.now))
        out = collector.messages[before:]
        assert len({m["To"] for m in out}) == len(out)
        return {m["To"]: m.get_content() for m in out}

    clock.set(datetime(2026, 5, 10, 12, 0, tzinfo=UTC))
    mail_in(WHITE, 1, 2, "1. 4244")
    send_out()
    mail_in(BLACK, 1, 3, "1. 4244 4745")
    send_out()
    clock.set(datetime(2026, 5, 11, 12, 0, tzinfo=UTC))
    mail_in(WHITE, 1, 2, "1. d4 d5 2. c4\nI offer a draw.\n\nBest regards")
    out = send_out()
    forward, confirmation = out[BLACK], out[WHITE]
    assert "Player 1: ход 2. c4 в партии 1; вместе с этим ходом предложена ничья" in forward
    assert "«принимаю ничью»" in forward and "ответ ходом означает отказ" in forward
    assert "02.  3234 (=)" in forward
    assert "(=): с этим ходом предложена ничья" in forward
    assert "Your move 2. c4 in game 1 is recorded" in confirmation
    assert "With this move you offer a draw" in confirmation
    assert "02.  3234 (=)" in confirmation
    assert site.queries.game(1).draw_offer_by == "t1p1"

    clock.set(datetime(2026, 5, 12, 12, 0, tzinfo=UTC))
    mail_in(BLACK, 1, 3, "Принимаю ничью. Спасибо за партию!")
    view = site.queries.game(1)
    assert (view.result, view.result_reason) == ("1/2-1/2", "agreed_draw")
    out = send_out()
    assert set(out) == {WHITE, BLACK}
    assert "Game 1: Player 2 accepted your draw offer; the game is drawn" in out[WHITE]
    assert "Партия 1 закончилась вничью по соглашению." in out[BLACK]

    white2, black2 = "t2p1@example.org", "t2p2@example.org"
    mail_in(white2, 2, second["p1"], "1. 5254\nПредлагаю ничью.")
    out = send_out()
    forward = out[black2]
    assert "Player 1 has played 1. e4 in game 2 and offers a draw with this move" in forward
    assert '"I accept the draw"' in forward and "a move declines the offer" in forward
    assert "01.  5254 (=)" in forward
    assert "(=): a draw offered with this move" in forward
    assert "Вместе с этим ходом вы предлагаете ничью" in out[white2]
    clock.set(datetime(2026, 5, 13, 12, 0, tzinfo=UTC))
    mail_in(black2, 2, second["p2"], "Thank you, I accept the draw.")
    view = site.queries.game(2)
    assert (view.result, view.result_reason) == ("1/2-1/2", "agreed_draw")
    out = send_out()
    assert set(out) == {white2, black2}
    assert "ваше предложение ничьей принято" in out[white2]
    assert "Game 2 is drawn by agreement." in out[black2]


def test_a_bounce_of_our_move_marks_the_address_and_tells_the_arbiter_once(
    site: Services, inbox: tuple[DovecotServer, str], clock: FixedClock, relay: Relay
) -> None:
    """The server mails Black White's move; Postfix returns it (5.1.1), and
    the bounce reaches the gateway's mailbox: Black's address is marked as
    failing and the arbiter hears of it once, on the site and by mail; a
    second bounce, a delay and a bounce of mail we never sent change
    nothing more; the office's mail list shows the bounce with its reason."""
    server, user = inbox
    site.people.edit(
        OPERATOR, "arbT1", name="Arbiter", emails=["arbiter@example.org"], roles=["arbiter"],
        lang="en", rating=None, federation_id=None, country=None,
    )  # fmt: skip
    collector, port = relay
    smtp = SmtpRelay("127.0.0.1", port)

    def send_out() -> list[Any]:
        before = len(collector.messages)
        asyncio.run(deliver_due(site.outbound, smtp, clock.now))
        return collector.messages[before:]

    def bounce_in(raw: bytes, name: str) -> None:
        server.deliver(user, raw, name, clock.now().timestamp())
        assert asyncio.run(drain_once(mailbox(inbox), site)) == 1

    def state() -> tuple[object, int, int]:
        with site.ctx.db.read() as s:
            row = s.scalars(select(PlayerEmail).where(PlayerEmail.address == BLACK)).one()
            notices = s.scalars(
                select(Notification).where(Notification.kind == "email_bounced")
            ).all()
            mails = s.scalars(
                select(OutboundMessage).where(OutboundMessage.to_address == "arbiter@example.org")
            ).all()
            return row.failing_since, len(notices), len(mails)

    clock.set(datetime(2026, 5, 10, 12, 0, tzinfo=UTC))
    site.games.submit_move(Actor.player(2, Door.WEB), 1, "d4")
    (forward,) = [m for m in send_out() if m["To"] == BLACK]
    ours = forward["Message-ID"]
    clock.set(datetime(2026, 5, 10, 12, 5, tzinfo=UTC))
    bounce_in(postfix_bounce(ours, BLACK), "bounce1")
    failed_at = clock.now()
    assert state() == (failed_at, 1, 1)
    (told,) = [m for m in send_out() if m["To"] == "arbiter@example.org"]
    body = told.get_content()
    assert "Our mail to Player 2 at t1p2@example.org bounced: no such mailbox (5.1.1)" in body
    assert "Art. 56.1.6" in body and "User unknown" in body
    # A second bounce of the same address: nobody is told again.
    clock.set(datetime(2026, 5, 10, 12, 30, tzinfo=UTC))
    bounce_in(postfix_bounce(ours, BLACK, queue_id="7B3C51C0A30"), "bounce2")
    # A delay marks nothing, nor does a bounce of mail we never sent.
    bounce_in(postfix_delay(ours, BLACK), "delay")
    bounce_in(postfix_bounce("<not-ours@cc.test>", WHITE, queue_id="1A2B3C4D5E6"), "stray")
    assert state() == (failed_at, 1, 1)
    with site.ctx.db.read() as s:
        white = s.scalars(select(PlayerEmail).where(PlayerEmail.address == WHITE)).one()
        assert white.failing_since is None
        rows = s.scalars(select(InboundMessage).order_by(InboundMessage.id)).all()
        assert [(r.source, r.outcome) for r in rows] == [
            ("imap", "bounce"),
            ("imap", "bounce"),
            ("imap", "bounce_delay"),
            ("imap", "bounce_unmatched"),
        ]
    assert not [m for m in send_out() if m["To"] == "arbiter@example.org"]
    # The office's list names the bounce and its reason.
    page = office_page(site)
    assert "a bounce: our mail to the address failed, which is marked as failing" in page
    assert "t1p2@example.org 5.1.1: 550 5.1.1" in page


def office_page(site: Services) -> str:
    """The office's list of incoming mail, as an organiser reads it."""
    site.players.add(OPERATOR, login="office", name="Office", roles=["admin"], lang="en")
    with site.ctx.db.write() as s:
        office = s.scalars(select(Player).where(Player.login == "office")).one()
        office.password_hash = hash_password(PASSWORD)
    page = sign_in(site, "office", PASSWORD).get("/office/mail")
    assert page.status_code == 200
    return page.text


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


#: raw messages as players' programs write them (tests/fixtures/mail), each
#: read wrongly once and charged for a correct move: a reply under the quote,
#: numeric moves with a hyphen, a move in the subject of an empty message
WRITTEN_AS_PROGRAMS_WRITE = {
    "45-thunderbird-ru-below-quote": (BLACK, ["e4"], "e5"),
    "46-the-bat-hyphen-cp1251": (BLACK, ["e4", "d6", "Nf3"], "Qd7"),
    "47-thunderbird-hyphen-en": (WHITE, ["e4", "d6", "Nf3", "Qd7"], "c3"),
    "48-iphone-move-in-subject": (BLACK, ["e4"], "e5"),
    "49-gmail-move-in-subject": (BLACK, ["e4"], "e5"),
    # punctuation after the move (56.3.6): a full stop, a semicolon
    "50-yandex-html-full-stop": (BLACK, ["e4"], "e5"),
    "51-outlook-semicolon-ru": (BLACK, ["e4"], "e5"),
    "53-mailru-first-move-full-stop": (WHITE, [], "e4"),
}


def read_as_written(
    site: Services,
    inbox: tuple[DovecotServer, str],
    clock: FixedClock,
    name: str,
    sender: str,
    setup: list[str],
) -> tuple[InboundMessage, list[TimeCharge], list[OutboundMessage]]:
    """Play ``setup`` in game 1, then deliver the fixture ``name``, byte for byte
    as its program wrote it but for the reply tokens, and read the mailbox once.

    Returns the message's row, the time charged, and what the sender was sent."""
    from tests.support.mail_fixtures import HERE, WRITTEN_TOKENS

    actors = [Actor.player(2, Door.WEB), Actor.player(3, Door.WEB)]
    for i, san in enumerate(setup):
        site.games.submit_move(actors[i % 2], 1, san)
    raw = (HERE / f"{name}.eml").read_bytes()
    for written, player_id in WRITTEN_TOKENS.items():
        raw = raw.replace(written, site.mail.token(1, player_id).encode())
    with site.ctx.db.read() as session:
        before = max(session.scalars(select(OutboundMessage.id)).all(), default=0)
    server, user = inbox
    at = datetime(2026, 5, 11, 7, 15, tzinfo=UTC)
    clock.set(at + timedelta(minutes=1))
    server.deliver(user, raw, name, at.timestamp())
    assert asyncio.run(drain_once(mailbox(inbox), site)) == 1
    with site.ctx.db.read() as session:
        (row,) = session.scalars(select(InboundMessage)).all()
        charges = session.scalars(select(TimeCharge)).all()
        answers = session.scalars(
            select(OutboundMessage).where(
                OutboundMessage.to_address == sender, OutboundMessage.id > before
            )
        ).all()
    return row, list(charges), list(answers)


@pytest.mark.parametrize("name", sorted(WRITTEN_AS_PROGRAMS_WRITE))
def test_a_correct_move_as_a_mail_program_writes_it_is_applied_and_charged_nothing(
    name: str, site: Services, inbox: tuple[DovecotServer, str], clock: FixedClock
) -> None:
    """The message, byte for byte as its program wrote it, arrives in the
    mailbox: its move is applied, no penalty day is charged, and the sender
    has the usual confirmation, not a fault."""
    sender, setup, played = WRITTEN_AS_PROGRAMS_WRITE[name]
    row, charges, answers = read_as_written(site, inbox, clock, name, sender, setup)
    assert [m.san for m in site.queries.game(1).moves] == [*setup, played]
    assert (row.source, row.status, row.outcome) == ("imap", "applied", "move"), row.detail
    assert charges == []
    assert [a.kind for a in answers] == ["reply"]
    assert f"{played} in game 1 is recorded" in answers[0].body, answers[0].body


#: raw messages whose command stands only in the subject, the body empty:
#: the sender, the moves before, the result, the confirmation's words
COMMAND_IN_THE_SUBJECT = {
    "52-iphone-resign-in-subject": (BLACK, ["e4"], "1-0", "Player 2 resigned. Result 1-0."),
}


@pytest.mark.parametrize("name", sorted(COMMAND_IN_THE_SUBJECT))
def test_a_command_in_the_subject_of_an_empty_message_is_done_and_charged_nothing(
    name: str, site: Services, inbox: tuple[DovecotServer, str], clock: FixedClock
) -> None:
    """The subject is part of the message (56.2.1): a command written only
    there is done, as written in the body, and is no message without a move."""
    sender, setup, result, confirmation = COMMAND_IN_THE_SUBJECT[name]
    row, charges, answers = read_as_written(site, inbox, clock, name, sender, setup)
    view = site.queries.game(1)
    assert [m.san for m in view.moves] == setup and view.result == result
    assert (row.source, row.status) == ("imap", "applied"), row.detail
    assert charges == []
    assert [a.kind for a in answers] == ["reply"]
    assert confirmation in answers[0].body, answers[0].body
