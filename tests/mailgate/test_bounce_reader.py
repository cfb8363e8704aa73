"""The bounce reader: bytes in, a small frozen value out, never an exception.

A delivery status notification (RFC 3464) is read from its report; the
common plain-text bounces of a mailer daemon from their words; a message
that is no bounce (a person's, an auto-reply, a daemon's that returns
nothing) is None."""

from __future__ import annotations

import base64
import dataclasses

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mailgate.dsn import Bounce, Recipient, read_bounce
from mailgate.letters import read_letter
from tests.support.bounces import exim_bounce, postfix_bounce, postfix_delay, qmail_bounce
from tests.support.mail import raw_mail

OURS = "<177841440301.1.123@cc.test>"
TO = "t1p2@example.org"


def test_a_postfix_bounce_names_our_message_the_recipient_and_the_status() -> None:
    bounce = read_bounce(postfix_bounce(OURS, TO))
    assert bounce is not None and bounce.standard
    assert bounce.original_id == OURS
    [r] = bounce.recipients
    assert (r.address, r.final, r.status, r.failed, r.delayed) == (TO, TO, "5.1.1", True, False)
    assert r.diagnostic == (
        "550 5.1.1 <t1p2@example.org>: Recipient address rejected: User unknown in local "
        "recipient table"
    )
    assert bounce.status == "5.1.1"


def test_the_address_we_gave_comes_before_the_one_last_tried() -> None:
    bounce = read_bounce(postfix_bounce(OURS, TO, original="ivan@mailbox.example.com"))
    assert bounce is not None
    [r] = bounce.recipients
    assert (r.address, r.final) == (TO, "ivan@mailbox.example.com")


def test_a_delay_is_no_failure() -> None:
    bounce = read_bounce(postfix_delay(OURS, TO))
    assert bounce is not None and bounce.original_id == OURS
    [r] = bounce.recipients
    assert (r.status, r.failed, r.delayed) == ("4.4.1", False, True)
    assert "Connection timed out" in r.diagnostic


def test_a_report_without_a_status_is_read_from_its_action() -> None:
    raw = postfix_bounce(OURS, TO).replace(b"Status: 5.1.1\r\n", b"")
    raw = raw.replace(b"Diagnostic-Code: smtp; 550 5.1.1", b"Diagnostic-Code: smtp; 550")
    bounce = read_bounce(raw)
    assert bounce is not None
    assert [r.status for r in bounce.recipients] == ["5.0.0"]


def test_a_report_with_the_whole_message_returned() -> None:
    """Gmail and others return the whole message (message/rfc822), and may
    write the report in base64."""
    report = base64.encodebytes(
        (
            "Reporting-MTA: dns; googlemail.com\r\n\r\n"
            f"Final-Recipient: rfc822; {TO}\r\nAction: failed\r\nStatus: 5.2.2\r\n"
            "Diagnostic-Code: smtp; 552-5.2.2 The recipient's inbox is out of storage\r\n"
            " space.\r\n"
        ).encode()
    ).decode()
    raw = (
        "From: Mail Delivery Subsystem <mailer-daemon@googlemail.com>\r\n"
        "To: moves@cc.test\r\n"
        "Subject: Delivery Status Notification (Failure)\r\n"
        "MIME-Version: 1.0\r\n"
        'Content-Type: multipart/report; boundary="b1"; report-type=delivery-status\r\n'
        "\r\n--b1\r\n"
        'Content-Type: multipart/alternative; boundary="b2"\r\n'
        "\r\n--b2\r\nContent-Type: text/plain; charset=UTF-8\r\n\r\n"
        "Your message wasn't delivered to t1p2@example.org because the inbox is full.\r\n"
        "\r\n--b2\r\nContent-Type: text/html; charset=UTF-8\r\n\r\n"
        "<p>Your message wasn't delivered: the inbox is full.</p>\r\n"
        "\r\n--b2--\r\n"
        "\r\n--b1\r\n"
        "Content-Type: message/delivery-status\r\nContent-Transfer-Encoding: base64\r\n\r\n"
        f"{report}"
        "\r\n--b1\r\nContent-Type: message/rfc822\r\n\r\n"
        f"From: moves@cc.test\r\nTo: {TO}\r\nSubject: [cc 1 abcdefghij] T1\r\n"
        f"Message-ID: {OURS}\r\n\r\nPlayer 1 has played 1. d4.\r\n"
        "\r\n--b1--\r\n"
    ).encode()
    bounce = read_bounce(raw)
    assert bounce is not None and bounce.original_id == OURS
    [r] = bounce.recipients
    assert (r.address, r.status) == (TO, "5.2.2")
    assert "out of storage space" in r.diagnostic


def test_qmail_and_exim_bounces_are_read_from_their_words() -> None:
    qmail = read_bounce(qmail_bounce(OURS, TO))
    assert qmail is not None and not qmail.standard and qmail.original_id == OURS
    assert [(r.address, r.status) for r in qmail.recipients] == [(TO, "5.1.1")]
    assert "no mailbox here" in qmail.recipients[0].diagnostic
    exim = read_bounce(exim_bounce(OURS, TO))
    assert exim is not None and exim.original_id == OURS
    # "550 No Such User Here": a permanent failure, said without an enhanced code
    assert [(r.address, r.status) for r in exim.recipients] == [(TO, "5.0.0")]
    delay = read_bounce(exim_bounce(OURS, TO, delay=True))
    assert delay is not None and delay.original_id == OURS
    assert delay.status == "4.0.0" and not any(r.failed for r in delay.recipients)


def test_an_address_merely_mentioned_is_no_recipient() -> None:
    raw = qmail_bounce(OURS, TO).replace(
        b"Sorry it didn't work out.", b"Write to postmaster@mail.example.net with questions."
    )
    bounce = read_bounce(raw)
    assert bounce is not None
    assert [r.address for r in bounce.recipients] == [TO]


@pytest.mark.parametrize(
    "raw",
    [
        raw_mail(TO, "Re: [cc 1 abcdefghij] T1", "1. d4 d5"),
        raw_mail(TO, "Out of office", "Back on Monday", headers={"Auto-Submitted": "auto-replied"}),
        # A daemon that returns nothing of ours names no message: automatic mail.
        raw_mail("MAILER-DAEMON@mx.test", "Undelivered", "1. 5254"),
        # A person quoting our message's headers is no daemon.
        raw_mail(TO, "Re: T1", f"Look:\n\nMessage-ID: {OURS}\n"),
        b"",
        b"\xff\xfe\x00garbage",
    ],
)
def test_what_is_no_bounce(raw: bytes) -> None:
    assert read_bounce(raw) is None


def test_the_value_is_small_and_frozen() -> None:
    bounce = read_bounce(postfix_bounce(OURS, TO))
    assert isinstance(bounce, Bounce)
    with pytest.raises(dataclasses.FrozenInstanceError):
        bounce.original_id = "<other@cc.test>"  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        bounce.recipients[0].status = "2.0.0"  # type: ignore[misc]
    assert {f.name for f in dataclasses.fields(Recipient)} == {
        "address",
        "final",
        "status",
        "diagnostic",
    }


def test_the_letter_carries_its_bounce_and_why_it_is_automatic() -> None:
    letter = read_letter(postfix_bounce(OURS, TO))
    assert letter.automatic and letter.bounce is not None
    assert letter.automatic_reason == "Auto-Submitted: auto-replied"
    person = read_letter(raw_mail(TO, "Re: [cc 1 abcdefghij] T1", "1. d4 d5"))
    assert not person.automatic and person.bounce is None and person.automatic_reason == ""


_SAMPLES = [
    postfix_bounce(OURS, TO),
    postfix_delay(OURS, TO),
    qmail_bounce(OURS, TO),
    exim_bounce(OURS, TO),
]


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(
    sample=st.sampled_from(_SAMPLES),
    cut=st.integers(min_value=0, max_value=4000),
    noise=st.binary(max_size=40),
    at=st.integers(min_value=0, max_value=4000),
)
def test_a_broken_bounce_never_raises(sample: bytes, cut: int, noise: bytes, at: int) -> None:
    """Cut short anywhere, or with bytes thrown in, a bounce is read or not,
    and what is read can be stored."""
    raw = sample[:cut] + noise + sample[cut + at % 50 :]
    bounce = read_bounce(raw)
    assert bounce is None or isinstance(bounce, Bounce)
    if bounce is not None:
        for r in bounce.recipients:
            assert "\x00" not in r.diagnostic and len(r.diagnostic) <= 300
            r.diagnostic.encode("utf-8")


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=2000))
def test_any_bytes_never_raise(raw: bytes) -> None:
    assert read_bounce(raw) is None or isinstance(read_bounce(raw), Bounce)
