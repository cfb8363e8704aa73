"""Bounces as mail servers write them, for the tests of the bounce reader
and of the gateway: Postfix's delivery status notifications (RFC 3464) for a
failure and for a delay, qmail's and Exim's plain-text bounces."""

from __future__ import annotations


def _crlf(text: str) -> bytes:
    return text.replace("\r\n", "\n").replace("\n", "\r\n").encode()


def returned_headers(message_id: str, to: str, subject: str = "[cc 1 abcdefghij] T1") -> str:
    """The headers of a message of ours as a receiving server returns them."""
    return (
        "Return-Path: <moves@cc.test>\n"
        "Received: from cc.test (cc.test [192.0.2.10])\n"
        "\tby mx.example.org (Postfix) with ESMTP id 8A2B61C0A2D\n"
        f"\tfor <{to}>; Sun, 10 May 2026 12:00:03 +0000 (UTC)\n"
        "From: moves@cc.test\n"
        f"To: {to}\n"
        f"Subject: {subject}\n"
        f"Message-ID: {message_id}\n"
        "Date: Sun, 10 May 2026 12:00:03 +0000\n"
        "MIME-Version: 1.0\n"
    )


def _postfix_report(
    queue_id: str, sent: str, head: str, notice: str, recipient: str, message_id: str, to: str
) -> bytes:
    """A report as Postfix's bounce daemon writes it, from ``head`` (the
    headers above the MIME ones): the notice below the mail system's
    greeting, the delivery report with its ``recipient`` fields, and the
    returned message's headers (``text/rfc822-headers``). ``sent`` is when,
    as the digits of the Message-Id and the boundary's Unix time."""
    stamp, unix = sent.split()
    boundary = f"{queue_id}.{unix}/mx.example.org"
    return _crlf(
        head + "Auto-Submitted: auto-replied\n"
        "MIME-Version: 1.0\n"
        "Content-Type: multipart/report; report-type=delivery-status;\n"
        f'\tboundary="{boundary}"\n'
        "Content-Transfer-Encoding: 8bit\n"
        f"Message-Id: <{stamp}.{queue_id}@mx.example.org>\n"
        "\n"
        "This is a MIME-encapsulated message.\n"
        "\n"
        f"--{boundary}\n"
        "Content-Description: Notification\n"
        "Content-Type: text/plain; charset=us-ascii\n"
        "\n"
        "This is the mail system at host mx.example.org.\n"
        "\n"
        f"{notice}"
        "\n"
        f"--{boundary}\n"
        "Content-Description: Delivery report\n"
        "Content-Type: message/delivery-status\n"
        "\n"
        "Reporting-MTA: dns; mx.example.org\n"
        f"X-Postfix-Queue-ID: {queue_id}\n"
        "X-Postfix-Sender: rfc822; moves@cc.test\n"
        "Arrival-Date: Sun, 10 May 2026 12:00:03 +0000 (UTC)\n"
        "\n"
        f"{recipient}"
        "\n"
        f"--{boundary}\n"
        "Content-Description: Undelivered Message Headers\n"
        "Content-Type: text/rfc822-headers\n"
        "Content-Transfer-Encoding: 8bit\n"
        "\n"
        f"{returned_headers(message_id, to)}"
        "\n"
        f"--{boundary}--\n"
    )


def postfix_bounce(
    message_id: str,
    to: str,
    *,
    status: str = "5.1.1",
    original: str | None = None,
    queue_id: str = "8A2B61C0A2D",
) -> bytes:
    """Postfix's "Undelivered Mail Returned to Sender", byte for byte as its
    bounce daemon writes it: the notice, the delivery report and the
    returned message's headers (``text/rfc822-headers``)."""
    said = (
        f"550 {status} <{to}>: Recipient address rejected: User unknown in local\n"
        "    recipient table"
    )
    return _postfix_report(
        queue_id,
        "20260510120005 1778414405",
        "Return-Path: <>\n"
        "Delivered-To: moves@cc.test\n"
        "Received: by mx.example.org (Postfix)\n"
        "\tid 9F1C41C0A2E; Sun, 10 May 2026 12:00:05 +0000 (UTC)\n"
        "Date: Sun, 10 May 2026 12:00:05 +0000 (UTC)\n"
        "From: MAILER-DAEMON@mx.example.org (Mail Delivery System)\n"
        "Subject: Undelivered Mail Returned to Sender\n"
        "To: moves@cc.test\n",
        "I'm sorry to have to inform you that your message could not\n"
        "be delivered to one or more recipients. It's attached below.\n"
        "\n"
        "For further assistance, please send mail to postmaster.\n"
        "\n"
        "If you do so, please include this problem report. You can\n"
        "delete your own text from the attached returned message.\n"
        "\n"
        "                   The mail system\n"
        "\n"
        f"<{to}>: host mail.example.org[192.0.2.25] said: {said} (in reply to RCPT TO\n"
        "    command)\n",
        f"Final-Recipient: rfc822; {original or to}\n"
        f"Original-Recipient: rfc822;{to}\n"
        "Action: failed\n"
        f"Status: {status}\n"
        "Remote-MTA: dns; mail.example.org\n"
        f"Diagnostic-Code: smtp; {said}\n",
        message_id,
        to,
    )


def postfix_delay(message_id: str, to: str, *, status: str = "4.4.1") -> bytes:
    """Postfix's "Delayed Mail (still being retried)": a warning, no failure."""
    return _postfix_report(
        "5C7D21C0A2F",
        "20260510160000 1778428800",
        "Return-Path: <>\n"
        "Date: Sun, 10 May 2026 16:00:00 +0000 (UTC)\n"
        "From: MAILER-DAEMON@mx.example.org (Mail Delivery System)\n"
        "Subject: Delayed Mail (still being retried)\n"
        "To: moves@cc.test\n",
        "####################################################################\n"
        "# THIS IS A WARNING ONLY.  YOU DO NOT NEED TO RESEND YOUR MESSAGE. #\n"
        "####################################################################\n"
        "\n"
        "Your message could not be delivered for more than 4 hour(s).\n"
        "It will be retried until it is 5 day(s) old.\n"
        "\n"
        f"<{to}>: connect to mail.example.org[192.0.2.25]:25: Connection timed out\n",
        f"Final-Recipient: rfc822; {to}\n"
        f"Original-Recipient: rfc822;{to}\n"
        "Action: delayed\n"
        f"Status: {status}\n"
        "Diagnostic-Code: X-Postfix; connect to mail.example.org[192.0.2.25]:25:\n"
        "    Connection timed out\n"
        "Will-Retry-Until: Fri, 15 May 2026 12:00:03 +0000 (UTC)\n",
        message_id,
        to,
    )


def qmail_bounce(message_id: str, to: str) -> bytes:
    """qmail's "failure notice": plain text, the original quoted below a line."""
    return _crlf(
        "Return-Path: <>\n"
        "Date: 10 May 2026 12:00:06 -0000\n"
        "From: MAILER-DAEMON@mail.example.net\n"
        "To: moves@cc.test\n"
        "Subject: failure notice\n"
        "\n"
        "Hi. This is the qmail-send program at mail.example.net.\n"
        "I'm afraid I wasn't able to deliver your message to the following addresses.\n"
        "This is a permanent error; I've given up. Sorry it didn't work out.\n"
        "\n"
        f"<{to}>:\n"
        "Sorry, no mailbox here by that name. (#5.1.1)\n"
        "\n"
        "--- Below this line is a copy of the message.\n"
        "\n"
        f"{returned_headers(message_id, to)}"
        "\n"
        "Player 1 has played 1. d2-d4 in game 1.\n"
    )


def exim_bounce(message_id: str, to: str, *, delay: bool = False) -> bytes:
    """Exim's "Mail delivery failed" (or its delay warning): plain text, the
    failed addresses also in ``X-Failed-Recipients``."""
    if delay:
        head = (
            "Subject: Warning: message 1sXyZa-000Abc-00 delayed 24 hours\n"
            "\n"
            "This message was created automatically by mail delivery software.\n"
            "A message that you sent has not yet been delivered to one or more of its\n"
            "recipients after more than 24 hours on the queue on mx.example.com.\n"
            "\n"
            f"  {to}\n"
            "    Delay reason: SMTP error from remote mail server after RCPT TO:\n"
            "    host mail.example.org [192.0.2.25]: Connection timed out\n"
            "\n"
            "No action is required on your part. Delivery attempts will continue for\n"
            "some time, and this warning may be repeated at intervals.\n"
        )
    else:
        head = (
            f"X-Failed-Recipients: {to}\n"
            "Subject: Mail delivery failed: returning message to sender\n"
            "\n"
            "This message was created automatically by mail delivery software.\n"
            "\n"
            "A message that you sent could not be delivered to one or more of its\n"
            "recipients. This is a permanent error. The following address(es) failed:\n"
            "\n"
            f"  {to}\n"
            f"    SMTP error from remote mail server after RCPT TO:<{to}>:\n"
            "    host mail.example.org [192.0.2.25]: 550 No Such User Here\n"
        )
    return _crlf(
        "Return-path: <>\n"
        "From: Mail Delivery System <Mailer-Daemon@mx.example.com>\n"
        "To: moves@cc.test\n"
        "Auto-Submitted: auto-replied\n"
        "Message-Id: <E1sXyZb-000Abd-00@mx.example.com>\n"
        "Date: Sun, 10 May 2026 12:00:07 +0000\n"
        f"{head}"
        "\n"
        "------ This is a copy of the message, including all the headers. ------\n"
        "\n"
        f"{returned_headers(message_id, to)}"
        "\n"
        "Player 1 has played 1. d2-d4 in game 1.\n"
    )
