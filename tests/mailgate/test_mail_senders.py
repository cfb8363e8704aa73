"""Who sent it: forged senders are held, authenticated ones are taken, and
reply tokens are made for one message each (the mail door's trust).

The integration tests deliver raw messages into a real Dovecot mailbox and
read them with the gateway's IMAP reader; DKIM signatures are made here with
a key of the test's own, and the DNS answers for it are the test's too. SPF
is checked of messages sent to the gateway's own SMTP listener on loopback,
from 127.0.0.1, against SPF records the tests publish in the same DNS.
"""

from __future__ import annotations

import asyncio
import base64
import smtplib
from collections.abc import Callable
from datetime import UTC, date, datetime, timedelta

import dkim
import dns.exception
import dns.resolver
import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa
from sqlalchemy import select

from cc.app.services import Services
from cc.base import errors
from cc.base.clock import FixedClock
from cc.base.kinds import Door
from cc.kernel.context import Actor
from cc.office.outbound import MailSettings
from cc.run.site import Site
from cc.store.db import Database
from cc.store.models import Game, InboundMessage, OutboundMessage, Player, PlayerEmail, TimeCharge
from mailgate.authenticity import (
    AuthSettings,
    Envelope,
    SenderPolicy,
    Verdict,
    check_sender,
    check_spf,
    stamp,
)
from mailgate.imap import ImapMailbox, drain
from mailgate.listener import GatewayHandler, start_listener
from mailgate.reply_tokens import reply_token, token_issued
from tests.support.dovecot import DovecotServer, dovecot_fixture
from tests.support.events import make_event
from tests.support.mail import outbox, raw_mail
from tests.support.postgres import free_port
from tests.support.sites import site_over

WHITE, BLACK, ARBITER = "t1p1@example.org", "t1p2@example.org", "arbiter@cc.test"
PASSWORD = "senders-pw"
USERS = [f"senders{i}" for i in range(10)]
_free_users = iter(USERS)
SELECTOR = "sel2026"

_KEY = rsa.generate_private_key(public_exponent=65537, key_size=1024)
PRIVATE_PEM = _KEY.private_bytes(
    serialization.Encoding.PEM,
    serialization.PrivateFormat.TraditionalOpenSSL,
    serialization.NoEncryption(),
)
PUBLIC_DER = _KEY.public_key().public_bytes(
    serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo
)
#: the DNS the tests answer from: example.org's DKIM key and DMARC policy
DNS = {
    f"{SELECTOR}._domainkey.example.org.": b"v=DKIM1; k=rsa; p=" + base64.b64encode(PUBLIC_DER),
    "_dmarc.example.org.": b"v=DMARC1; p=reject; rua=mailto:dmarc@example.org",
}
#: what the site's receiving server writes: a forgery from elsewhere...
FORGED_RESULTS = (
    "mx.cc.test; spf=fail smtp.mailfrom=attacker@evil.test; dkim=none; "
    "dmarc=fail (p=reject) header.from=example.org"
)
#: ...and the player's own mail
GENUINE_RESULTS = (
    "mx.cc.test; spf=pass smtp.mailfrom=t1p2@example.org; dkim=pass header.d=example.org "
    "header.s=sel2026; dmarc=pass (p=reject) header.from=example.org"
)


def lookup(name: bytes, timeout: int = 5) -> bytes | None:
    """The test's DNS: TXT records by name."""
    key = name.decode()
    return DNS.get(key if key.endswith(".") else key + ".")


def sign(raw: bytes, domain: str = "example.org") -> bytes:
    signature = dkim.sign(
        raw,
        SELECTOR.encode(),
        domain.encode(),
        PRIVATE_PEM,
        include_headers=[b"from", b"to", b"subject", b"date", b"message-id"],
    )
    return signature + raw


# ------------------------------------------------------------------ pure


def test_a_fail_is_believed_from_the_topmost_header_a_pass_only_from_our_server() -> None:
    forged = raw_mail(BLACK, "x", "1. 5254", headers={"Authentication-Results": FORGED_RESULTS})
    genuine = raw_mail(BLACK, "x", "1. 5254", headers={"Authentication-Results": GENUINE_RESULTS})
    ours = AuthSettings(authserv_id="mx.cc.test")
    unset = AuthSettings()
    assert check_sender(forged, ours).verdict is Verdict.FAIL
    assert "dmarc=fail" in check_sender(forged, ours).evidence
    # With no authserv-id configured, the topmost header's fail still holds.
    assert check_sender(forged, unset).verdict is Verdict.FAIL
    assert check_sender(genuine, ours).verdict is Verdict.PASS
    # A pass is believed only from the site's own server.
    assert check_sender(genuine, unset).verdict is Verdict.NONE
    elsewhere = AuthSettings(authserv_id="mx.other.test")
    assert check_sender(genuine, elsewhere).verdict is Verdict.NONE
    # A forger's "pass" below the receiving server's own header changes nothing.
    both = raw_mail(
        BLACK,
        "x",
        "1",
        headers={"Authentication-Results": FORGED_RESULTS},
    ).replace(
        b"Authentication-Results:",
        f"Authentication-Results: {FORGED_RESULTS}\r\nAuthentication-Results:".encode(),
        1,
    )
    assert check_sender(both, ours).verdict is Verdict.FAIL
    assert check_sender(b"\xff\xfe not a message", ours).verdict is Verdict.NONE


def test_a_fail_is_held_under_p_none_too() -> None:
    """``p=none`` asks receivers not to reject; holding is not rejecting
    (the owner is told, the arbiter may release). Large providers publish
    ``p=none`` and sign all their own mail: a fail there is most likely a forgery."""
    relaxed = {**DNS, "_dmarc.example.org.": b"v=DMARC1; p=none; rua=mailto:d@example.org"}
    unsigned = raw_mail(BLACK, "[cc 1 x] T1", "1... 7657")
    found = check_sender(
        unsigned, AuthSettings(verify_dkim=True), lambda n, timeout=5: relaxed.get(n.decode() + ".")
    )
    assert found.verdict is Verdict.FAIL and "p=none" in found.evidence
    assert SenderPolicy.FAIL.holds(found.verdict)
    results = "mx.cc.test; dkim=none; dmarc=fail (p=none dis=none) header.from=example.org"
    raw = raw_mail(BLACK, "x", "1. 5254", headers={"Authentication-Results": results})
    assert check_sender(raw, AuthSettings(authserv_id="mx.cc.test")).verdict is Verdict.FAIL


def test_the_policy_decides_what_is_held() -> None:
    assert SenderPolicy.FAIL.holds(Verdict.FAIL) and not SenderPolicy.FAIL.holds(Verdict.NONE)
    assert SenderPolicy.PASS.holds(Verdict.NONE) and not SenderPolicy.PASS.holds(Verdict.PASS)
    assert not SenderPolicy.OFF.holds(Verdict.FAIL)


def test_dkim_verified_here_with_the_domains_key_and_dmarc_record() -> None:
    settings = AuthSettings(verify_dkim=True)
    message = raw_mail(BLACK, "[cc 1 x] T1", "1... 7657")
    signed = sign(message)
    assert check_sender(signed, settings, lookup).verdict is Verdict.PASS
    # The body changed after signing: no pass, and example.org publishes DMARC.
    tampered = signed.replace(b"7657", b"7655")
    result = check_sender(tampered, settings, lookup)
    assert result.verdict is Verdict.FAIL and "p=reject" in result.evidence
    # Signed by a domain that is not the author's: no alignment.
    other = {**DNS, f"{SELECTOR}._domainkey.evil.test.": DNS[f"{SELECTOR}._domainkey.example.org."]}
    foreign = sign(message, "evil.test")
    verdict = check_sender(foreign, settings, lambda n, timeout=5: other.get(n.decode() + "."))
    assert verdict.verdict is Verdict.FAIL
    # Unsigned from a domain without DMARC: nothing either way.
    plain = raw_mail("ivan@nodmarc.test", "x", "1. 5254")
    assert check_sender(plain, settings, lookup).verdict is Verdict.NONE


#: example.org as a domain that signs nothing: its SPF record allows the
#: loopback address the tests send from, and it publishes DMARC
SPF_DNS = {
    "_dmarc.example.org.": b"v=DMARC1; p=reject",
    "example.org.": b"v=spf1 ip4:127.0.0.1 -all",
}
#: the site's own authserv-id: the domain of its address (moves@cc.test)
OWN = "cc.test"


def answers(records: dict[str, bytes]) -> Callable[..., bytes | None]:
    """A DNS TXT lookup answering from ``records``."""

    def lookup(name: bytes, timeout: int = 5) -> bytes | None:
        return records.get(name.decode().rstrip(".") + ".")

    return lookup


def test_an_spf_pass_aligned_with_from_vouches_only_where_the_listener_checked_it() -> None:
    settings = AuthSettings(verify_dkim=True, own_id=OWN)
    lookup = answers(SPF_DNS)
    unsigned = raw_mail(BLACK, "[cc 1 x] T1", "1... 7657")
    allowed = Envelope("127.0.0.1", "mx.example.org", BLACK)
    stamped = stamp(unsigned, allowed, OWN, lookup)
    assert stamped.startswith(b"Authentication-Results: cc.test; spf=pass (client 127.0.0.1) ")
    found = check_sender(stamped, settings, lookup, spf_checked_here=True)
    assert found.verdict is Verdict.PASS
    assert found.evidence == f"spf=pass smtp.mailfrom={BLACK} (verified here)"
    # The same header in mail read over IMAP is anyone's: not believed.
    assert check_sender(stamped, settings, lookup).verdict is Verdict.FAIL
    # A sender who writes the site's own header finds it removed, and the
    # listener's own says what SPF found of the host it came from.
    forged = raw_mail(
        BLACK,
        "[cc 1 x] T1",
        "1... 7657",
        headers={"Authentication-Results": f"{OWN}; spf=pass smtp.mailfrom={BLACK}"},
    )
    elsewhere = stamp(forged, Envelope("192.0.2.7", "mx.evil.test", BLACK), OWN, lookup)
    assert elsewhere.count(b"Authentication-Results:") == 1
    assert elsewhere.startswith(b"Authentication-Results: cc.test; spf=fail ")
    held = check_sender(elsewhere, settings, lookup, spf_checked_here=True)
    assert held.verdict is Verdict.FAIL
    assert f"spf=fail smtp.mailfrom={BLACK}" in held.evidence and "p=reject" in held.evidence
    # Other servers' headers are kept as they came.
    relayed = raw_mail(
        BLACK, "x", "1. 5254", headers={"Authentication-Results": "mx.other.test; spf=pass"}
    )
    assert b"mx.other.test; spf=pass" in stamp(relayed, allowed, OWN, lookup)


def test_a_bounce_is_checked_by_the_helo_name() -> None:
    """The null sender has no MAIL FROM domain: SPF checks the HELO name,
    and DMARC aligns that with From (RFC 7489 3.1.2)."""
    lookup = answers(SPF_DNS)
    found = check_spf(Envelope("127.0.0.1", "example.org", ""), lookup)
    assert (found.result, found.identity, found.domain) == ("pass", "helo", "example.org")
    stamped = stamp(
        raw_mail(BLACK, "x", "1. 5254"), Envelope("127.0.0.1", "example.org", ""), OWN, lookup
    )
    settings = AuthSettings(verify_dkim=True, own_id=OWN)
    assert check_sender(stamped, settings, lookup, spf_checked_here=True).verdict is Verdict.PASS


@pytest.mark.parametrize(
    "failure", [dns.exception.Timeout(), dns.resolver.NoNameservers()], ids=["timeout", "servfail"]
)
def test_a_dns_failure_is_a_temperror_and_no_evidence(failure: Exception) -> None:
    def lookup(name: bytes, timeout: int = 5) -> bytes | None:
        if name.decode().rstrip(".") == "example.org":
            raise failure
        return answers(SPF_DNS)(name)

    envelope = Envelope("127.0.0.1", "mx.example.org", BLACK)
    assert check_spf(envelope, lookup).result == "temperror"
    stamped = stamp(raw_mail(BLACK, "x", "1. 5254"), envelope, OWN, lookup)
    assert stamped.startswith(b"Authentication-Results: cc.test; spf=temperror ")
    found = check_sender(
        stamped, AuthSettings(verify_dkim=True, own_id=OWN), lookup, spf_checked_here=True
    )
    # Not a pass: held where every message needs one; not a fail either.
    assert found.verdict is Verdict.NONE and "spf=temperror" in found.evidence
    assert SenderPolicy.PASS.holds(found.verdict)


def test_each_message_has_its_own_token_for_one_purpose_that_expires() -> None:
    day = date(2026, 5, 10)
    first = reply_token(b"k", "game:1", 3, day, b"\x00\x01")
    second = reply_token(b"k", "game:1", 3, day, b"\x00\x02")
    assert first != second
    assert token_issued(b"k", first, "game:1", 3) == day
    assert token_issued(b"k", first, "game:2", 3) is None  # another game
    assert token_issued(b"k", first, "game:1", 2) is None  # another player
    assert token_issued(b"k", first, "leave:1", 3) is None  # another purpose
    assert token_issued(b"other", first, "game:1", 3) is None
    assert token_issued(b"k", "not-a-token", "game:1", 3) is None


# ------------------------------------------------------------ on Dovecot


dovecot = dovecot_fixture(USERS, PASSWORD)


def make_site(db: Database, clock: FixedClock, **settings: object) -> Site:
    clock.set(datetime(2026, 5, 10, 8, 0, tzinfo=UTC))
    mail = MailSettings(address="moves@cc.test", secret=b"senders-test", **settings)  # type: ignore[arg-type]
    site = site_over(db, clock, mail)
    ids = make_event(site, 2, mode="email")
    with site.ctx.db.write() as session:
        arbiter = session.get(Player, ids["arb"])
        assert arbiter is not None
        arbiter.emails.append(PlayerEmail(address=ARBITER))
    site.mail.dns = lookup
    return site


def black_subject(site: Site) -> str:
    """Black's subject as the forward of White's first move carried it."""
    site.games.submit_move(Actor.player(2, Door.WEB), 1, "e4")
    forward = next(m for m in outbox(site) if m.kind == "forward" and m.to_address == BLACK)
    return forward.subject


def from_black(subject: str, body: str, results: str) -> bytes:
    """Black's reply to ``subject``, with the receiving server's verdict on it."""
    return raw_mail(
        f"Player 2 <{BLACK}>", f"Re: {subject}", body, headers={"Authentication-Results": results}
    )


@pytest.fixture
def trusting(db: Database, clock: FixedClock) -> tuple[Site, str]:
    """A site that takes mx.cc.test's verdicts on senders, White's e4 forwarded,
    and 09:00 UTC on 11 May: the site and Black's subject."""
    site = make_site(db, clock, authserv_id="mx.cc.test")
    subject = black_subject(site)
    clock.set(datetime(2026, 5, 11, 9, 0, tzinfo=UTC))
    return site, subject


def run_reader(server: DovecotServer, user: str, site: Services) -> int:
    async def scenario() -> int:
        box = ImapMailbox("127.0.0.1", server.port, user, PASSWORD, timeout=10)
        await box.open()
        try:
            return (await drain(box, site.mail.receive_many)).handled
        finally:
            await box.close()

    return asyncio.run(scenario())


def moves(site: Services) -> list[str]:
    return [m.san for m in site.queries.game(1).moves]


def inbound(site: Services) -> list[InboundMessage]:
    with site.ctx.db.read() as session:
        return list(session.scalars(select(InboundMessage).order_by(InboundMessage.id)))


def charges(site: Services) -> int:
    with site.ctx.db.read() as session:
        return len(session.scalars(select(TimeCharge)).all())


def test_a_forged_move_with_a_copied_token_is_held_and_the_real_one_is_taken(
    trusting: tuple[Site, str], clock: FixedClock, dovecot: DovecotServer
) -> None:
    site, subject = trusting
    user = next(_free_users)
    before = len(outbox(site))
    dovecot.deliver(user, from_black(subject, "1. 5254 7655", FORGED_RESULTS), "forged")
    assert run_reader(dovecot, user, site) == 1
    [row] = inbound(site)
    assert (row.status, row.outcome, row.game_id) == ("held", "held_sender", 1)
    assert "dmarc=fail" in (row.detail or "")
    assert moves(site) == ["e4"] and charges(site) == 0
    told = outbox(site)[before:]
    # The registered address hears of it at once, with a copy to the arbiter;
    # White hears nothing.
    assert [(m.kind, m.to_address, m.cc) for m in told] == [("held", BLACK, [ARBITER])]
    assert "nothing in it was recorded" in told[0].body and "dmarc=fail" in told[0].body
    # The office and the arbiter see it held, with the reason.
    arbiter = Actor.player(1, Door.WEB)
    listed = site.mail_office.inbound(arbiter, "held")
    assert [(m.id, m.outcome) for m in listed] == [(row.id, "held_sender")]
    assert listed[0].may_release
    # Black's real move, vouched for by the receiving server, is taken.
    clock.set(datetime(2026, 5, 11, 10, 0, tzinfo=UTC))
    dovecot.deliver(user, from_black(subject, "1. 5254 5755", GENUINE_RESULTS), "genuine")
    assert run_reader(dovecot, user, site) == 1
    assert moves(site) == ["e4", "e5"]
    assert [r.status for r in inbound(site)] == ["held", "applied"]


def test_a_dkim_signed_move_is_taken_where_the_gateway_verifies_itself(
    db: Database, clock: FixedClock, dovecot: DovecotServer
) -> None:
    site = make_site(db, clock, verify_dkim=True, sender_policy="pass")
    user = next(_free_users)
    subject = black_subject(site)
    # The same text twice: unsigned (anyone could have sent it), then signed
    # by example.org's key.
    forged = raw_mail(BLACK, f"Re: {subject}", "1. 5254 5755")
    dovecot.deliver(user, forged, "forged")
    genuine = sign(raw_mail(BLACK, f"Re: {subject}", "1. 5254 5755"))
    dovecot.deliver(user, genuine, "genuine")
    assert run_reader(dovecot, user, site) == 2
    assert [(r.status, r.outcome) for r in inbound(site)] == [
        ("held", "held_sender"),
        ("applied", "move"),
    ]
    assert moves(site) == ["e4", "e5"] and charges(site) == 0


def test_a_held_message_released_by_the_arbiter_counts_once(
    trusting: tuple[Site, str], clock: FixedClock, dovecot: DovecotServer
) -> None:
    site, subject = trusting
    user = next(_free_users)
    # The player's own mail, failing on a forwarding service on its way.
    held = raw_mail(
        BLACK, f"Re: {subject}", "1. 5254 5755", headers={"Authentication-Results": FORGED_RESULTS}
    )
    dovecot.deliver(user, held, "held", datetime(2026, 5, 11, 9, 0, tzinfo=UTC).timestamp())
    run_reader(dovecot, user, site)
    [row] = inbound(site)
    assert row.status == "held"
    stranger = Actor.player(2, Door.WEB)  # White may not release Black's mail
    with pytest.raises(errors.NotPermitted):
        site.mail.release(stranger, row.id)
    clock.set(datetime(2026, 5, 13, 9, 0, tzinfo=UTC))
    arbiter = Actor.player(1, Door.WEB)
    receipt = site.mail.release(arbiter, row.id)
    assert (receipt.status, receipt.outcome) == ("applied", "move")
    assert moves(site) == ["e4", "e5"]
    # Dated by its arrival, not by the release.
    view = site.queries.game(1)
    assert view.moves[1].sent_at.date() == date(2026, 5, 11)
    with pytest.raises(errors.InvalidInput):
        site.mail.release(arbiter, row.id)
    with pytest.raises(errors.InvalidInput):
        site.mail.process_again(arbiter, row.id)
    assert moves(site) == ["e4", "e5"]
    with site.ctx.db.read() as session:
        again = session.get(InboundMessage, row.id)
        assert again is not None and again.released_by_id == 1


# ------------------------------------------------- on the SMTP listener


def through_listener(
    site: Site,
    raw: bytes,
    mail_from: str,
    *,
    helo: str = "mx.example.org",
    lmtp: bool = False,
) -> InboundMessage:
    """Send ``raw`` to the gateway's own listener from 127.0.0.1; its row."""
    port = free_port()
    handler = GatewayHandler(site.mail.receive, site.ctx.clock.now)
    controller = start_listener(handler, "127.0.0.1", port, lmtp=lmtp)
    client = smtplib.LMTP if lmtp else smtplib.SMTP
    try:
        with client("127.0.0.1", port, local_hostname=helo) as smtp:
            smtp.sendmail(mail_from, ["moves@cc.test"], raw.replace(b"\n", b"\r\n"))
    finally:
        controller.stop()
    return inbound(site)[-1]


def spf_site(
    db: Database, clock: FixedClock, records: dict[str, bytes] | None = None
) -> tuple[Site, str]:
    """A site that verifies senders itself, the DNS of SPF_DNS with ``records``
    over it, and Black's subject to answer White's first move."""
    site = make_site(db, clock, verify_dkim=True)
    site.mail.dns = answers({**SPF_DNS, **(records or {})})
    subject = black_subject(site)
    clock.set(datetime(2026, 5, 11, 9, 0, tzinfo=UTC))
    return site, subject


def test_an_unsigned_move_from_a_host_its_domains_spf_allows_is_taken(
    db: Database, clock: FixedClock
) -> None:
    """example.org signs nothing but publishes SPF and DMARC: its player's
    mail from a host its SPF allows passes DMARC through SPF."""
    site, subject = spf_site(db, clock)
    row = through_listener(site, raw_mail(BLACK, f"Re: {subject}", "1. 5254 5755"), BLACK)
    assert (row.status, row.outcome) == ("applied", "move")
    assert moves(site) == ["e4", "e5"]
    # The listener's result is kept with the message, on top.
    assert row.raw is not None
    assert bytes(row.raw).startswith(
        b"Authentication-Results: cc.test; spf=pass (client 127.0.0.1) smtp.helo=mx.example.org "
        b"smtp.mailfrom=t1p2@example.org\r\n"
    )


def test_a_move_from_a_host_the_spf_record_does_not_allow_is_held(
    db: Database, clock: FixedClock
) -> None:
    site, subject = spf_site(db, clock, {"example.org.": b"v=spf1 ip4:192.0.2.0/24 -all"})
    # Whatever header it came with in the site's own name.
    forged = raw_mail(
        BLACK,
        f"Re: {subject}",
        "1. 5254 5755",
        headers={"Authentication-Results": f"cc.test; spf=pass smtp.mailfrom={BLACK}"},
    )
    row = through_listener(site, forged, BLACK)
    assert (row.status, row.outcome) == ("held", "held_sender")
    assert f"spf=fail smtp.mailfrom={BLACK}" in (row.detail or "")
    assert "p=reject" in (row.detail or "")
    assert moves(site) == ["e4"] and charges(site) == 0
    # The office sees what was found.
    [listed] = site.mail_office.inbound(Actor.player(1, Door.WEB), "held")
    assert listed.detail is not None and "spf=fail" in listed.detail


def test_an_spf_pass_of_a_mail_from_not_aligned_with_from_is_held(
    db: Database, clock: FixedClock
) -> None:
    site, subject = spf_site(db, clock, {"mailer.test.": b"v=spf1 ip4:127.0.0.0/8 -all"})
    row = through_listener(
        site, raw_mail(BLACK, f"Re: {subject}", "1. 5254 5755"), "bounce@mailer.test"
    )
    assert (row.status, row.outcome) == ("held", "held_sender")
    detail = row.detail or ""
    assert "spf=pass smtp.mailfrom=bounce@mailer.test not aligned with example.org" in detail
    assert moves(site) == ["e4"]


def test_strict_spf_alignment_takes_no_subdomain(db: Database, clock: FixedClock) -> None:
    strict = {
        "_dmarc.example.org.": b"v=DMARC1; p=reject; aspf=s",
        "mail.example.org.": b"v=spf1 ip4:127.0.0.1 -all",
    }
    site, subject = spf_site(db, clock, strict)
    sub = "t1p2@mail.example.org"
    row = through_listener(site, raw_mail(BLACK, f"Re: {subject}", "1. 5254 5755"), sub)
    assert (row.status, row.outcome) == ("held", "held_sender")
    assert "not aligned with example.org (aspf=s)" in (row.detail or "")
    assert moves(site) == ["e4"]
    # Relaxed (the default), the same subdomain aligns.
    site.mail.dns = answers({**strict, "_dmarc.example.org.": b"v=DMARC1; p=reject"})
    row = through_listener(site, raw_mail(BLACK, f"Re: {subject}", "1. 5254 5755"), sub)
    assert (row.status, row.outcome) == ("applied", "move")
    assert moves(site) == ["e4", "e5"]


def test_a_bounce_passes_through_spf_by_its_helo_name(db: Database, clock: FixedClock) -> None:
    site, subject = spf_site(db, clock)
    raw = raw_mail(BLACK, f"Re: {subject}", "1. 5254 5755")
    row = through_listener(site, raw, "", helo="example.org")
    assert (row.status, row.outcome) == ("applied", "move")
    assert row.raw is not None
    assert bytes(row.raw).startswith(
        b"Authentication-Results: cc.test; spf=pass (client 127.0.0.1) smtp.helo=example.org\r\n"
    )


def test_mail_handed_over_by_lmtp_is_not_checked_for_spf(db: Database, clock: FixedClock) -> None:
    """Under LMTP the client is the site's own mail server: its address says
    nothing of the sender, and a header in the site's name is not believed."""
    site, subject = spf_site(db, clock)
    forged = raw_mail(
        BLACK,
        f"Re: {subject}",
        "1. 5254 5755",
        headers={"Authentication-Results": f"cc.test; spf=pass smtp.mailfrom={BLACK}"},
    )
    row = through_listener(site, forged, BLACK, lmtp=True)
    assert (row.source, row.status, row.outcome) == ("lmtp", "held", "held_sender")
    assert row.raw is not None and bytes(row.raw).count(b"Authentication-Results:") == 1
    assert moves(site) == ["e4"]


def test_a_leave_asked_without_a_game_is_confirmed_then_recorded(
    db: Database, clock: FixedClock, dovecot: DovecotServer
) -> None:
    site = make_site(db, clock)
    with site.ctx.db.write() as session:
        black = session.get(Player, 3)
        assert black is not None
        black.lang = "ru"
    user = next(_free_users)
    clock.set(datetime(2026, 5, 11, 9, 0, tzinfo=UTC))
    request = raw_mail(BLACK, "Отпуск", "Прошу перерыв с 01.06.2026 по 07.06.2026")
    dovecot.deliver(user, request, "ask")
    run_reader(dovecot, user, site)
    assert site.leaves.leaves(3) == []
    [confirm] = [m for m in outbox(site) if m.to_address == BLACK and m.kind == "instructions"]
    assert confirm.subject.startswith("[cc leave 2026-06-01 2026-06-07 ")
    assert "ответьте на это письмо" in confirm.body and "Re:" not in confirm.subject
    # White cannot use Black's confirmation.
    dovecot.deliver(user, raw_mail(WHITE, f"Re: {confirm.subject}", "да"), "white")
    # Black's reply records it, and the answer says so with the dates.
    dovecot.deliver(user, raw_mail(BLACK, f"Re: {confirm.subject}", "Да"), "yes")
    run_reader(dovecot, user, site)
    [leave] = site.leaves.leaves(3)
    assert (leave.first_day, leave.last_day) == (date(2026, 6, 1), date(2026, 6, 7))
    assert site.leaves.leaves(2) == []
    answer = [m for m in outbox(site) if m.to_address == BLACK][-1]
    assert "2026-06-01" in answer.body and "2026-06-07" in answer.body
    assert "записан" in answer.body and "Re: Re:" not in answer.subject
    # A confirmation past its days is not taken.
    clock.set(datetime(2026, 5, 25, 9, 0, tzinfo=UTC))
    late = raw_mail(
        BLACK, f"Re: {confirm.subject}".replace("06-01", "06-02"), "Да", headers={"X-N": "1"}
    )
    dovecot.deliver(user, late, "late")
    run_reader(dovecot, user, site)
    assert len(site.leaves.leaves(3)) == 1


def test_a_leave_with_any_reply_token_of_the_player_is_recorded_at_once(
    db: Database, clock: FixedClock, dovecot: DovecotServer
) -> None:
    site = make_site(db, clock)
    user = next(_free_users)
    subject = black_subject(site)
    clock.set(datetime(2026, 5, 11, 9, 0, tzinfo=UTC))
    body = "Leave from 2026-06-01 to 2026-06-07"
    dovecot.deliver(user, raw_mail(BLACK, f"Re: {subject}", body), "leave")
    run_reader(dovecot, user, site)
    [leave] = site.leaves.leaves(3)
    assert (leave.first_day, leave.last_day) == (date(2026, 6, 1), date(2026, 6, 7))
    [row] = inbound(site)
    assert (row.status, row.outcome) == ("applied", "leave_taken")


def test_an_expired_or_foreign_token_is_not_a_game_subject(db: Database, clock: FixedClock) -> None:
    site = make_site(db, clock)
    with site.ctx.db.read() as session:
        game = session.get(Game, 1)
        assert game is not None
        white_subject = site.mail.subject(game, 2)
    site.games.submit_move(Actor.player(2, Door.WEB), 1, "e4")
    # White's token is not Black's, whatever the subject says.
    at = datetime(2026, 5, 11, 9, 0, tzinfo=UTC)
    clock.set(at)
    receipt = site.mail.receive(raw_mail(BLACK, f"Re: {white_subject}", "1. 5254 5755"), at)
    assert receipt.outcome == "no_reply_token" and moves(site) == ["e4"]
    # Black's own token, 121 days later, has expired: the answer lists fresh subjects.
    with site.ctx.db.read() as session:
        game = session.get(Game, 1)
        assert game is not None
        black = site.mail.subject(game, 3)
    later = at + timedelta(days=121)
    clock.set(later)
    receipt = site.mail.receive(raw_mail(BLACK, f"Re: {black}", "1. 5254 5755"), later)
    assert receipt.outcome == "no_reply_token"
    answer = outbox(site)[-1]
    assert answer.to_address == BLACK and "[cc 1 " in answer.body
    with site.ctx.db.read() as session:
        assert (
            session.scalar(select(OutboundMessage.id).where(OutboundMessage.kind == "held")) is None
        )
