"""Hand queued mail to the relay: aiosmtplib to a configured server, or, in
the embedded default, the local Maildir outbox alone."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from datetime import datetime
from email.message import EmailMessage
from typing import Protocol

import aiosmtplib

from cc.outbox import Outbox
from cc.services.outbound import OutboundService

log = logging.getLogger(__name__)


class TemporaryFailure(Exception):
    """Try again later: a 4xx answer or no answer at all."""


class PermanentFailure(Exception):
    """Do not try again: a 5xx answer."""


class Relay(Protocol):
    async def send(self, message: EmailMessage) -> None: ...


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

    async def send(self, message: EmailMessage) -> None:
        try:
            await aiosmtplib.send(
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


class LocalRelay:
    """The embedded default: nothing leaves the machine; the Maildir is the mail."""

    async def send(self, message: EmailMessage) -> None:
        return None


async def deliver_due(
    outbound: OutboundService,
    relay: Relay,
    now: Callable[[], datetime],
    copy: Outbox | None = None,
) -> int:
    """Send what is due once; returns how many were accepted by the relay."""
    accepted = 0
    for item in await asyncio.to_thread(outbound.claim):
        try:
            await relay.send(item.message)
        except PermanentFailure as exc:
            log.warning("outgoing %s refused for good: %s", item.id, exc)
            await asyncio.to_thread(outbound.failed, item.id, str(exc))
            continue
        except TemporaryFailure as exc:
            log.info("outgoing %s to be tried again: %s", item.id, exc)
            await asyncio.to_thread(outbound.retry, item.id, str(exc))
            continue
        await asyncio.to_thread(outbound.sent, item.id, now())
        if copy is not None:
            await asyncio.to_thread(copy.add, item.message)
        accepted += 1
    return accepted


async def run_sender(
    outbound: OutboundService,
    relay: Relay,
    now: Callable[[], datetime],
    copy: Outbox | None = None,
    interval: float = 2.0,
) -> None:
    """Deliver forever, every ``interval`` seconds."""
    while True:
        try:
            await deliver_due(outbound, relay, now, copy)
        except Exception:
            log.exception("sending round failed")
        await asyncio.sleep(interval)
