"""Hand queued mail to the relay: aiosmtplib to a configured server, or, in
the embedded default, the local Maildir outbox alone.

Delivery is at least once: a message the relay took just before a crash (or
before the database could record it as sent) is handed over again once its
lease runs out, with the same Message-ID, so a mail reader shows it once.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from datetime import datetime
from email.message import EmailMessage
from typing import Protocol

import aiosmtplib

from cc.base.health import Heartbeat
from cc.office.outbound import OutboundService
from cc.office.outbox import Outbox

log = logging.getLogger(__name__)


class TemporaryFailure(Exception):
    """Try again later: a 4xx answer or no answer at all."""


class PermanentFailure(Exception):
    """Do not try again: a 5xx answer."""


class Relay(Protocol):
    async def send(self, message: EmailMessage) -> list[str] | None:
        """Hand the message over; the recipients refused while others took
        it (``"address: 550 reason"``). Raises for a message nobody took."""


class SmtpRelay:
    def __init__(
        self,
        host: str,
        port: int,
        *,
        username: str | None = None,
        password: str | None = None,
        start_tls: bool = False,
        timeout: float = 30,
    ) -> None:
        self.host, self.port = host, port
        self.username, self.password = username, password
        self.start_tls, self.timeout = start_tls, timeout

    async def send(self, message: EmailMessage) -> list[str]:
        try:
            refused, _reply = await aiosmtplib.send(
                message,
                hostname=self.host,
                port=self.port,
                username=self.username,
                password=self.password,
                start_tls=self.start_tls,
                timeout=self.timeout,
            )
        except aiosmtplib.SMTPRecipientsRefused as exc:
            codes = [r.code for r in exc.recipients]
            if codes and all(500 <= c < 600 for c in codes):
                raise PermanentFailure(str(exc)) from exc
            raise TemporaryFailure(str(exc)) from exc
        except aiosmtplib.SMTPResponseException as exc:
            if 500 <= exc.code < 600:
                raise PermanentFailure(f"{exc.code} {exc.message}") from exc
            raise TemporaryFailure(f"{exc.code} {exc.message}") from exc
        except (TimeoutError, aiosmtplib.SMTPException, OSError) as exc:
            raise TemporaryFailure(f"{type(exc).__name__}: {exc}") from exc
        return [f"{address}: {answer.code} {answer.message}" for address, answer in refused.items()]


class LocalRelay:
    """The embedded default: nothing leaves the machine; the Maildir is the mail."""

    async def send(self, message: EmailMessage) -> list[str]:
        return []


async def deliver_due(
    outbound: OutboundService,
    relay: Relay,
    now: Callable[[], datetime],
    copy: Outbox | None = None,
    heartbeat: Heartbeat | None = None,
) -> int:
    """Send what is due once; returns how many were accepted by the relay.

    The heartbeat fails when the relay took none of the messages tried
    (it is down or refuses us) and beats when it took one or had nothing.
    """
    accepted = temporary = 0
    reason = ""
    for item in await asyncio.to_thread(outbound.claim):
        try:
            refused = await relay.send(item.message) or []
        except PermanentFailure as exc:
            log.warning("outgoing %s refused for good: %s", item.id, exc)
            await asyncio.to_thread(outbound.failed, item.id, str(exc))
            continue
        except TemporaryFailure as exc:
            log.info("outgoing %s to be tried again: %s", item.id, exc)
            await asyncio.to_thread(outbound.retry, item.id, str(exc))
            temporary += 1
            reason = str(exc)
            continue
        if refused:
            log.warning("outgoing %s refused for some: %s", item.id, "; ".join(refused))
        await asyncio.to_thread(outbound.sent, item.id, now(), refused)
        if copy is not None:
            await asyncio.to_thread(copy.add, item.message)
        accepted += 1
    if heartbeat is not None:
        if temporary and not accepted:
            heartbeat.failed(f"the relay took none of {temporary}: {reason}")
        else:
            heartbeat.ok()
    return accepted


async def run_sender(
    outbound: OutboundService,
    relay: Relay,
    now: Callable[[], datetime],
    copy: Outbox | None = None,
    interval: float = 2.0,
    heartbeat: Heartbeat | None = None,
    max_backoff: float = 60.0,
) -> None:
    """Deliver forever, every ``interval`` seconds; nothing but cancellation
    stops it. A failed round (the database down) is logged and tried again
    with a backoff that grows to ``max_backoff``."""
    beat = heartbeat or Heartbeat("sender")
    pause = interval
    while True:
        try:
            await deliver_due(outbound, relay, now, copy, beat)
            pause = interval
        except Exception as exc:
            pause = min(max(pause, 1.0) * 2, max_backoff)
            if beat.failing_since is None:
                log.exception("sending round failed; tried again in %.0f s", pause)
            else:
                log.error("sending round failed again: %s: %s", type(exc).__name__, exc)
            beat.failed(f"{type(exc).__name__}: {exc}")
        await asyncio.sleep(pause)
