"""The mail seen by the office: a bounce and a message from an address nobody
registered are listed with what became of them and their raw text; once the
player's address is registered, "process again" applies the held move once,
and a second try is refused. A failed outgoing message is queued again."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from cc.base import errors
from cc.base.clock import FixedClock
from cc.base.kinds import Door, OutboundStatus
from cc.kernel.context import Actor
from cc.run.site import Site
from cc.store.models import Game, OutboundMessage
from mailgate.requests import Receipt
from tests.support.events import OPERATOR, make_event
from tests.support.mail import raw_mail
from tests.support.sites import give_passwords
from tests.support.web import csrf_of, sign_in

PASSWORD = "mail-pass-1"


@pytest.fixture
def site(services: Site) -> Site:
    make_event(services, 2, mode="email")
    services.players.add(OPERATOR, login="office", name="Office", roles=["admin"], lang="ru")
    services.players.add(OPERATOR, login="stranger", name="Stranger", roles=["arbiter"])
    give_passwords(services, PASSWORD)
    return services


def subject_for_white(site: Site) -> str:
    with site.ctx.db.read() as s:
        game = s.get(Game, 1)
        assert game is not None
        return site.mail.subject(game, game.white_id)


def test_the_office_reads_the_mail_and_processes_a_message_again_once(
    site: Site, clock: FixedClock
) -> None:
    clock.set(datetime(2026, 5, 11, 12, 0, tzinfo=UTC))
    bounce = site.mail.receive(
        raw_mail("MAILER-DAEMON@mx.test", "Undelivered", "1. 5254"), clock.now(), "test"
    )
    # White writes from a new address the office has not registered yet.
    held = site.mail.receive(
        raw_mail("white.new@example.org", subject_for_white(site), "1. 5254"), clock.now(), "test"
    )
    assert (bounce.outcome, held.outcome) == ("automatic", "unknown_sender")
    c = sign_in(site, "office", PASSWORD)
    page = c.get("/office/mail")
    assert page.status_code == 200
    assert "автоответ или возврат письма" in page.text and "незарегистрированный адрес" in page.text
    rows = site.mail_office.inbound(OPERATOR)
    [stray] = [r for r in rows if r.outcome == "unknown_sender"]
    detail = c.get(f"/office/mail/{stray.id}")
    assert "1. 5254" in detail.text and 'id="process-again"' in detail.text
    # Processed again before the address is known: the same answer, nothing played.
    c.post(f"/office/mail/{stray.id}/again", data={"csrf_token": csrf_of(detail.text)})
    assert site.queries.game(1).ply_count == 0
    white = site.queries.player(site.queries.game(1).white)
    site.people.edit(
        OPERATOR, white.login, name=white.name,
        emails=[*white.emails, "white.new@example.org"], roles=["player"], lang="en",
        rating=None, federation_id=None, country=None,
    )  # fmt: skip
    # A process that died after marking the message leaves it "to be tried":
    # asked for again, it is taken, once.
    with site.ctx.db.write() as s:
        site.mail_office.check_process_again(s, OPERATOR, stray.id)
    assert site.queries.game(1).ply_count == 0
    taken_once(site, c, f"/office/mail/{stray.id}/again", detail.text, "принято", 'id="mail-error"')
    # The arbiter of another event reads none of it.
    with pytest.raises(errors.NotPermitted):
        site.mail_office.inbound(Actor.player(site.queries.player("stranger").id, Door.WEB))


def test_a_failed_outgoing_message_is_queued_again(site: Site, clock: FixedClock) -> None:
    site.accounts.request_reset("t1p1", "https://cc.test", "192.0.2.1")
    with site.ctx.db.write() as s:
        row = s.scalars(select(OutboundMessage).order_by(OutboundMessage.id)).first()
        assert row is not None
        row.status, row.last_error = OutboundStatus.FAILED, "550 mailbox unavailable"
        failed = row.id
    c = sign_in(site, "office", PASSWORD)
    page = c.get("/office/mail")
    assert "550 mailbox unavailable" in page.text
    r = c.post(f"/office/mail/out/{failed}/retry", data={"csrf_token": csrf_of(page.text)})
    assert r.status_code == 200
    with site.ctx.db.read() as s:
        again = s.get(OutboundMessage, failed)
        assert again is not None and again.status == OutboundStatus.QUEUED
    with pytest.raises(errors.InvalidInput):
        site.mail_office.retry_outbound(OPERATOR, failed)


def taken_once(site: Site, c: TestClient, url: str, page: str, said: str, refused: str) -> None:
    """The office's button at ``url`` on ``page`` applies White's 1. e4, saying
    ``said``; pressed again, it is refused with ``refused`` and plays nothing."""
    done = c.post(url, data={"csrf_token": csrf_of(page)})
    assert done.status_code == 200 and said in done.text
    assert [m.san for m in site.queries.game(1).moves] == ["e4"]
    again = c.post(url, data={"csrf_token": csrf_of(page)})
    assert again.status_code == 422 and refused in again.text
    assert site.queries.game(1).ply_count == 1


def forged_in(site: Site, clock: FixedClock, dkim: str, subject: str) -> Receipt:
    """White's 1. e4 received at noon UTC on 11 May from White's address, with
    the receiving server's verdict that example.org disowns it (DMARC fails)."""
    clock.set(datetime(2026, 5, 11, 12, 0, tzinfo=UTC))
    results = f"mx.test; {dkim}dmarc=fail (p=reject) header.from=example.org"
    forged = raw_mail(
        "t1p1@example.org", subject, "1. 5254", headers={"Authentication-Results": results}
    )
    return site.mail.receive(forged, clock.now(), "test")


def test_a_forged_message_is_held_with_its_reason_and_released_once(
    site: Site, clock: FixedClock
) -> None:
    # White's address, White's subject copied from a quoted message, and the
    # receiving server's verdict that example.org disowns it.
    receipt = forged_in(site, clock, "dkim=none; ", f"Re: {subject_for_white(site)}")
    assert (receipt.status, receipt.outcome) == ("held", "held_sender")
    assert site.queries.game(1).ply_count == 0
    c = sign_in(site, "office", PASSWORD)
    page = c.get("/office/mail?status=held")
    assert "задержано для арбитра" in page.text and "мог быть подделан" in page.text
    [row] = site.mail_office.inbound(OPERATOR, "held")
    detail = c.get(f"/office/mail/{row.id}")
    assert "dmarc=fail" in detail.text and 'id="release"' in detail.text
    # An arbiter of no event of this game may not release it.
    other = sign_in(site, "stranger", PASSWORD)
    refused = other.post(
        f"/office/mail/{row.id}/release",
        data={"csrf_token": csrf_of(other.get("/office/mail").text)},
    )
    assert refused.status_code == 403 and site.queries.game(1).ply_count == 0
    # The office asked White, who did send it: released, it is applied once.
    taken_once(
        site,
        c,
        f"/office/mail/{row.id}/release",
        detail.text,
        "Письмо принято и прочитано",
        "не задержано",
    )
    audit = c.get("/audit/games/1")
    assert "Задержанное письмо принято" in audit.text
    assert "Office" in c.get(f"/office/mail/{row.id}").text.split("released-by")[1][:40]


def test_a_held_message_released_at_the_console_is_read_as_vouched_for(
    site: Site, clock: FixedClock
) -> None:
    held = forged_in(site, clock, "", subject_for_white(site))
    assert held.status == "held"
    [row] = site.mail_office.inbound(OPERATOR, "held")
    # The console's operator has no account: the release still vouches.
    receipt = site.mail.release(OPERATOR, row.id)
    assert (receipt.status, receipt.outcome) == ("applied", "move")
    assert [m.san for m in site.queries.game(1).moves] == ["e4"]
