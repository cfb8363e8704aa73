"""An SMTP (or LMTP) listener on loopback that feeds the gateway's pipeline.

aiosmtpd speaks the protocol; this handler only hands each message's bytes
to the pipeline and answers after its commit: 250 once the message is
recorded (applied, refused with an answer, or set aside), 451 when it must
be tried again, so the sending server keeps it and nothing is lost.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from datetime import datetime
from typing import Any

from aiosmtpd.controller import Controller
from aiosmtpd.lmtp import LMTP

from cc.models import InboundStatus
from cc.services.mail import Receipt

Receive = Callable[[bytes, datetime, str], Receipt]


class GatewayHandler:
    def __init__(
        self,
        receive: Receive,
        now: Callable[[], datetime],
        accepts: Callable[[str], bool] | None = None,
    ) -> None:
        self._receive = receive
        self._now = now
        self._accepts = accepts or (lambda _address: True)

    async def handle_RCPT(
        self, server: Any, session: Any, envelope: Any, address: str, rcpt_options: list[str]
    ) -> str:
        if not self._accepts(address):
            return "550 5.1.1 No such mailbox here"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        raw = envelope.original_content or envelope.content
        if isinstance(raw, str):
            raw = raw.encode("utf-8", errors="surrogateescape")
        arrived = self._now()
        receipt = await asyncio.to_thread(self._receive, raw, arrived, "smtp")
        if receipt.status == InboundStatus.RETRY:
            return "451 4.3.0 Could not process the message now; try again later"
        return "250 OK"


class LmtpController(Controller):
    """The same listener speaking LMTP, for a mail server that delivers by LMTP."""

    def factory(self) -> LMTP:
        return LMTP(self.handler, **self.SMTP_kwargs)


def start_listener(
    handler: GatewayHandler, host: str, port: int, *, lmtp: bool = False
) -> Controller:
    """Start listening in a thread of its own; stop with ``controller.stop()``."""
    kind = LmtpController if lmtp else Controller
    controller = kind(
        handler, hostname=host, port=port, decode_data=False, data_size_limit=10_000_000
    )
    controller.start()
    return controller
