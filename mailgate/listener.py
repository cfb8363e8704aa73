"""An SMTP (or LMTP) listener on loopback that feeds the gateway's pipeline.

aiosmtpd speaks the protocol; this handler hands each message's bytes to
the pipeline, with what the session says of the sending server (its
address, HELO name and MAIL FROM, for the SPF check where the gateway
verifies senders itself; not under LMTP, where the client is the site's own
mail server), and answers after its commit: 250 once the message is
recorded (applied, refused with an answer, or set aside), 451 when it must
be tried again, so the sending server keeps it and nothing is lost. No
message is ever answered with a permanent 5xx because of a fault here or in
the database: that would bounce a player's move.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from datetime import datetime
from typing import Any, Protocol

from aiosmtpd.controller import Controller
from aiosmtpd.lmtp import LMTP

from cc.base.health import Heartbeat
from cc.base.kinds import InboundStatus
from mailgate.authenticity import Envelope
from mailgate.gateway import Receipt


class Receive(Protocol):
    """The pipeline's door: :meth:`mailgate.gateway.MailGateway.receive`."""

    def __call__(
        self, raw: bytes, arrived_at: datetime, source: str, envelope: Envelope | None
    ) -> Receipt: ...


log = logging.getLogger(__name__)
TRY_LATER = "451 4.3.0 Could not process the message now; try again later"


class GatewayHandler:
    def __init__(
        self,
        receive: Receive,
        now: Callable[[], datetime],
        accepts: Callable[[str], bool] | None = None,
        heartbeat: Heartbeat | None = None,
    ) -> None:
        self._receive = receive
        self._now = now
        self._accepts = accepts or (lambda _address: True)
        self.heartbeat = heartbeat or Heartbeat("smtp")

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
        if isinstance(server, LMTP):
            source, sent_by = "lmtp", None
        else:
            source, sent_by = "smtp", _envelope(session, envelope)
        try:
            receipt = await asyncio.to_thread(self._receive, raw, self._now(), source, sent_by)
        except Exception as exc:  # the pipeline does not raise; if it ever does, try later
            log.exception("incoming message failed")
            self.heartbeat.failed(f"{type(exc).__name__}: {exc}")
            return TRY_LATER
        if receipt.status == InboundStatus.RETRY:
            if receipt.outcome == "unavailable":
                self.heartbeat.failed(receipt.detail or "database unavailable")
            return TRY_LATER
        self.heartbeat.ok()
        return "250 OK"

    async def handle_exception(self, error: Exception) -> str:
        """Whatever fails in a session is temporary to the sender, never a bounce."""
        log.error("SMTP session failed: %s: %s", type(error).__name__, error)
        return "451 4.3.0 Local error; try again later"


def _envelope(session: Any, envelope: Any) -> Envelope:
    """What the SMTP session knows of the sending server (aiosmtpd gives
    the null sender of a bounce as ``<>``)."""
    peer = session.peer[0] if isinstance(session.peer, tuple) else str(session.peer or "")
    mail_from = str(envelope.mail_from or "").strip().removeprefix("<").removesuffix(">")
    return Envelope(peer=str(peer), helo=str(session.host_name or ""), mail_from=mail_from)


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
