"""Bounces of our mail: the address that failed is marked, the arbiter told
once in their language (56.1.6), the office sees it; a delay and a bounce of
mail we never sent mark nothing; mail from the address clears the mark, and
so does the office."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import select

from cc.base.clock import FixedClock
from cc.base.kinds import Door, InboundStatus
from cc.kernel.context import Actor
from cc.run.site import Site
from cc.store.models import (
    AuditEntry,
    Game,
    InboundMessage,
    Notification,
    OutboundMessage,
    PlayerEmail,
)
from tests.support.bounces import exim_bounce, postfix_bounce, postfix_delay, qmail_bounce
from tests.support.events import OPERATOR, make_event
from tests.support.mail import raw_mail
from tests.support.sites import give_passwords
from tests.support.web import csrf_of, sign_in

WHITE, BLACK, ARBITER = "t1p1@example.org", "t1p2@example.org", "arbiter@example.org"
PASSWORD = "bounce-pass-1"
NOON = datetime(2026, 5, 10, 12, 0, tzinfo=UTC)


@pytest.fixture
def site(services: Site, clock: FixedClock) -> Site:
    clock.set(datetime(2026, 5, 10, 8, 0, tzinfo=UTC))
    ids = make_event(services, 2, mode="email")
    services.people.edit(
        OPERATOR, "arbT1", name="Arbiter", emails=[ARBITER], roles=["arbiter"], lang="ru",
        rating=None, federation_id=None, country=None,
    )  # fmt: skip
    services.players.add(OPERATOR, login="office", name="Office", roles=["admin"], lang="ru")
    services.players.add(OPERATOR, login="desk", name="Desk", roles=["admin"], lang="en")
    give_passwords(services, PASSWORD)
    clock.set(NOON)
    services.games.submit_move(Actor.player(ids["p1"], Door.WEB), 1, "d4")
    return services


def forward_id(site: Site) -> str:
    """The Message-ID of the move we mailed to Black."""
    with site.ctx.db.read() as s:
        mail = s.scalars(
            select(OutboundMessage).where(
                OutboundMessage.to_address == BLACK, OutboundMessage.kind == "forward"
            )
        ).one()
        return mail.message_id


def address(site: Site, email: str) -> PlayerEmail:
    with site.ctx.db.read() as s:
        row = s.scalars(select(PlayerEmail).where(PlayerEmail.address == email)).one()
        s.expunge(row)
        return row


def told(site: Site) -> list[Notification]:
    with site.ctx.db.read() as s:
        return list(
            s.scalars(select(Notification).where(Notification.kind == "email_bounced")).all()
        )


def mailed_to_arbiter(site: Site) -> list[OutboundMessage]:
    with site.ctx.db.read() as s:
        return list(
            s.scalars(select(OutboundMessage).where(OutboundMessage.to_address == ARBITER)).all()
        )


def audited(site: Site, action: str) -> list[AuditEntry]:
    with site.ctx.db.read() as s:
        return list(s.scalars(select(AuditEntry).where(AuditEntry.action == action)).all())


def black_moves_by_mail(site: Site, clock: FixedClock) -> None:
    with site.ctx.db.read() as s:
        game = s.get(Game, 1)
        assert game is not None
        subject = site.mail.subject(game, game.black_id)
    receipt = site.mail.receive(raw_mail(BLACK, f"Re: {subject}", "1. d4 d5"), clock.now(), "test")
    assert receipt.outcome == "move", receipt


def test_a_bounce_marks_the_address_once_and_tells_the_arbiter_once(
    site: Site, clock: FixedClock
) -> None:
    ours = forward_id(site)
    clock.set(NOON + timedelta(minutes=5))
    receipt = site.mail.receive(postfix_bounce(ours, BLACK), clock.now(), "test")
    assert (receipt.status, receipt.outcome, receipt.game_id) == (
        InboundStatus.IGNORED, "bounce", 1,
    )  # fmt: skip
    assert receipt.detail is not None
    assert receipt.detail.startswith(f"{BLACK} 5.1.1: 550 5.1.1") and ours in receipt.detail
    row = address(site, BLACK)
    assert row.failing_since == clock.now()
    assert row.failing_reason and row.failing_reason.startswith("5.1.1 550 5.1.1")
    assert address(site, WHITE).failing_since is None
    [entry] = audited(site, "email_failing")
    assert entry.details["address"] == BLACK and entry.details["status"] == "5.1.1"
    # The arbiter: one notice in the centre, one mail, in Russian.
    [notice] = told(site)
    arbiter = site.queries.player("arbT1")
    assert notice.recipient_id == arbiter.id
    assert notice.params == {
        "player": "Player 2",
        "address": BLACK,
        "status": "5.1.1",
        "diagnostic": (
            "550 5.1.1 <t1p2@example.org>: Recipient address rejected: User unknown in local "
            "recipient table"
        ),
    }
    [mail] = mailed_to_arbiter(site)
    assert "Player 2: письмо на адрес t1p2@example.org вернулось" in mail.body
    assert "такого почтового ящика нет (5.1.1)" in mail.body and "ст. 56.1.6" in mail.body
    assert "/arbiter/events/T1" in mail.body and "T1" in mail.subject
    # A second bounce of the failing address tells nobody again.
    clock.set(NOON + timedelta(minutes=30))
    again = site.mail.receive(
        postfix_bounce(ours, BLACK, queue_id="7B3C51C0A30"), clock.now(), "test"
    )
    assert (again.outcome, again.duplicate) == ("bounce", False)
    assert address(site, BLACK).failing_since == NOON + timedelta(minutes=5)
    assert len(told(site)) == 1 and len(mailed_to_arbiter(site)) == 1
    assert len(audited(site, "email_failing")) == 1
    # Black writes from the address: it works, and the mark goes.
    black_moves_by_mail(site, clock)
    assert address(site, BLACK).failing_since is None
    assert [e.details["how"] for e in audited(site, "email_working")] == ["mail_received"]
    # A new failure is a new one: told again.
    clock.set(NOON + timedelta(hours=2))
    site.mail.receive(qmail_bounce(ours, BLACK), clock.now(), "test")
    assert address(site, BLACK).failing_since == clock.now()
    assert len(told(site)) == 2 and len(mailed_to_arbiter(site)) == 2


def test_a_delay_and_a_bounce_of_mail_we_never_sent_mark_nothing(
    site: Site, clock: FixedClock
) -> None:
    ours = forward_id(site)
    delay = site.mail.receive(postfix_delay(ours, BLACK), clock.now(), "test")
    assert (delay.outcome, delay.game_id) == ("bounce_delay", 1)
    assert delay.detail is not None and delay.detail.startswith(f"{BLACK} 4.4.1:")
    exim_delay = site.mail.receive(exim_bounce(ours, BLACK, delay=True), clock.now(), "test")
    assert exim_delay.outcome == "bounce_delay"
    stranger = site.mail.receive(
        postfix_bounce("<never-sent@cc.test>", BLACK, queue_id="1A2B3C4D5E6"), clock.now(), "test"
    )
    assert (stranger.outcome, stranger.game_id) == ("bounce_unmatched", None)
    assert stranger.detail is not None and "<never-sent@cc.test>" in stranger.detail
    assert address(site, BLACK).failing_since is None
    assert told(site) == [] and mailed_to_arbiter(site) == []
    assert audited(site, "email_failing") == []


def test_exim_bounces_and_the_reason_of_automatic_mail_are_recorded(
    site: Site, clock: FixedClock
) -> None:
    ours = forward_id(site)
    exim = site.mail.receive(exim_bounce(ours, BLACK), clock.now(), "test")
    assert exim.outcome == "bounce" and address(site, BLACK).failing_since is not None
    auto = site.mail.receive(
        raw_mail(
            WHITE, "Out of office", "Back on Monday", headers={"Auto-Submitted": "auto-replied"}
        ),
        clock.now(),
        "test",
    )
    assert (auto.outcome, auto.detail) == ("automatic", "Auto-Submitted: auto-replied")
    listed = site.mail.receive(
        raw_mail("news@lists.example.org", "Digest", "x", headers={"List-Id": "<chess.lists>"}),
        clock.now(),
        "test",
    )
    assert listed.detail == "List-Id: <chess.lists>"
    daemon = site.mail.receive(
        raw_mail("MAILER-DAEMON@mx.test", "Undelivered", "1. 5254"), clock.now(), "test"
    )
    assert (daemon.outcome, daemon.detail) == ("automatic", "From: mailer-daemon@mx.test")
    ours_again = site.mail.receive(raw_mail("moves@localhost", "Loop", "x"), clock.now(), "test")
    assert (ours_again.outcome, ours_again.detail) == ("automatic", "From: moves@localhost")
    # An automatic message from a failing address is no sign it works.
    assert address(site, BLACK).failing_since is not None
    with site.ctx.db.read() as s:
        kept = {r.outcome: r.detail for r in s.scalars(select(InboundMessage))}
    assert kept["automatic"] and kept["bounce"]


def test_the_office_sees_the_failing_address_and_the_bounce_in_both_languages(
    site: Site, clock: FixedClock
) -> None:
    ours = forward_id(site)
    site.mail.receive(postfix_bounce(ours, BLACK), clock.now(), "test")
    site.mail.receive(postfix_delay(ours, BLACK), clock.now(), "test")
    site.mail.receive(
        postfix_bounce("<never-sent@cc.test>", BLACK, queue_id="1A2B3C4D5E6"), clock.now(), "test"
    )
    ru, en = sign_in(site, "office", PASSWORD), sign_in(site, "desk", PASSWORD)
    # The mail list names each bounce's outcome in words, with its reason.
    page = ru.get("/office/mail").text
    assert "возврат: наше письмо не доставлено, адрес отмечен как неработающий" in page
    assert "уведомление о задержке нашего письма: ничего не отмечено" in page
    assert "возврат письма, которого мы не отправляли: ничего не отмечено" in page
    assert "Recipient address rejected" in page
    page = en.get("/office/mail").text
    assert "a bounce: our mail to the address failed, which is marked as failing" in page
    assert "a bounce of no message we sent: nothing is marked" in page
    # The people list and the person page show it plainly.
    people = ru.get("/office/people").text
    row = re.search(r'<tr data-person="t1p2">.*?</tr>', people, re.S)
    assert row and "письма возвращаются с 2026-05-10" in row.group(0)
    assert 'data-failing="t1p1@example.org"' not in people
    assert "Письма возвращаются (1)" in people
    only = ru.get("/office/people?failing=1").text
    assert re.findall(r'<tr data-person="([^"]+)"', only) == ["t1p2"]
    assert "mail to it bounces since 2026-05-10" in en.get("/office/people").text
    person = ru.get("/office/people/t1p2").text
    assert (
        "Письма на адрес t1p2@example.org возвращаются с 2026-05-10: такого почтового ящика "
        "нет (5.1.1)."
    ) in person
    assert "Recipient address rejected: User unknown" in person
    assert "Почта участника может теряться (ст. 56.1.6)" in person
    person_en = en.get("/office/people/t1p2").text
    assert (
        "Mail to t1p2@example.org bounces since 2026-05-10: no such mailbox (5.1.1)." in person_en
    )
    # The audit log names it.
    audit = ru.get("/audit/players/t1p2").text
    assert "Письмо на адрес вернулось: адрес отмечен как неработающий" in audit
    # The office marks it as working again.
    r = ru.post(
        "/office/people/t1p2/working", data={"csrf_token": csrf_of(person), "address": BLACK}
    )
    assert r.status_code == 200 and "Адрес снова отмечен как работающий." in r.text
    assert address(site, BLACK).failing_since is None
    assert 'class="failing"' not in r.text
    assert [e.details["how"] for e in audited(site, "email_working")] == ["office"]
    assert "Адрес снова работает" in ru.get("/audit/players/t1p2").text


def test_an_edit_of_the_addresses_keeps_a_kept_address_failing_and_a_new_one_clean(
    site: Site, clock: FixedClock
) -> None:
    site.mail.receive(postfix_bounce(forward_id(site), BLACK), clock.now(), "test")
    edit = {"name": "Player 2", "roles": ["player"], "lang": "en", "rating": None,
            "federation_id": None, "country": None}  # fmt: skip
    site.people.edit(OPERATOR, "t1p2", emails=[BLACK, "second@example.org"], **edit)
    assert address(site, BLACK).failing_since is not None
    assert address(site, "second@example.org").failing_since is None
    site.people.edit(OPERATOR, "t1p2", emails=["new@example.org"], **edit)
    assert address(site, "new@example.org").failing_since is None
    assert site.people.person(OPERATOR, "t1p2").failing == ()


def test_the_arbiters_notice_reads_in_their_language_on_the_site(
    site: Site, clock: FixedClock
) -> None:
    site.mail.receive(postfix_bounce(forward_id(site), BLACK), clock.now(), "test")
    arbiter = sign_in(site, "arbT1", PASSWORD)
    page = arbiter.get("/notifications").text
    assert (
        "Player 2: письмо на адрес t1p2@example.org вернулось: такого почтового ящика нет (5.1.1); "
        "почта участника может теряться (ст. 56.1.6)"
    ) in page
    link = re.search(r'href="/notifications/(\d+)"', page)
    assert link
    opened = arbiter.get(f"/notifications/{link.group(1)}", follow_redirects=False)
    assert opened.headers["location"] == "/arbiter/events/T1"


def test_mail_goes_to_a_working_address_while_the_first_one_bounces(
    site: Site, clock: FixedClock
) -> None:
    edit = {"name": "Player 2", "roles": ["player"], "lang": "en", "rating": None,
            "federation_id": None, "country": None}  # fmt: skip
    site.people.edit(OPERATOR, "t1p2", emails=[BLACK, "second@example.org"], **edit)
    site.mail.receive(postfix_bounce(forward_id(site), BLACK), clock.now(), "test")
    assert address(site, BLACK).failing_since is not None
    clock.set(NOON + timedelta(hours=1))
    with site.ctx.db.read() as s:
        game = s.get(Game, 1)
        assert game is not None
        white, black = game.white_id, game.black_id
    site.games.submit_move(Actor.player(black, Door.WEB), 1, "d5")
    site.games.submit_move(Actor.player(white, Door.WEB), 1, "c4")
    with site.ctx.db.read() as s:
        to_black = s.scalars(
            select(OutboundMessage.to_address)
            .where(OutboundMessage.kind == "forward", OutboundMessage.game_id == 1)
            .where(OutboundMessage.to_address != WHITE)
            .order_by(OutboundMessage.id)
        ).all()
    assert to_black == [BLACK, "second@example.org"]
    # Mail from the failing address shows it works again: it is used again.
    clock.set(NOON + timedelta(hours=2))
    with site.ctx.db.read() as s:
        game = s.get(Game, 1)
        assert game is not None
        subject = site.mail.subject(game, black)
    site.mail.receive(raw_mail(BLACK, f"Re: {subject}", "2. c4 e6"), clock.now(), "test")
    assert address(site, BLACK).failing_since is None
