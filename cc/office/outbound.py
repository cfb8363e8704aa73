"""Outgoing mail, from the queue to the relay: sent after the commit, once.

Rows are queued in the transaction of the change they report. A sender
claims due rows (marking them "sending" with a lease), hands them to the
relay, and records the outcome: sent; queued again with backoff on a
temporary failure (4xx, network); failed on a permanent one (5xx). A row
left "sending" by a crash is sent again when its lease runs out, with the
same Message-ID. A forwarded move's delivery is the partner's receipt
(§10.3), so its sending time dates the partner's clock.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from email.message import EmailMessage
from email.utils import format_datetime

from sqlalchemy import or_, select

from cc.base.kinds import GameStatus, OutboundStatus
from cc.kernel.context import ServiceContext
from cc.store.models import Game, OutboundMessage

LEASE = timedelta(minutes=5)
MAX_ATTEMPTS = 12
BACKOFF = (timedelta(minutes=1), timedelta(minutes=5), timedelta(minutes=30), timedelta(hours=2))


@dataclass(frozen=True)
class MailSettings:
    #: the gateway's own address: players send moves here, and the server's
    #: mail comes from it
    address: str = "moves@localhost"
    #: signs the reply tokens in subjects, so only mail we sent can be answered
    #: (and the known-device marks of the sign-in)
    secret: bytes = b"change-me"
    #: the address players reach the site at: every link in mail starts with it
    site_url: str = "http://127.0.0.1:8000"
    #: a reply token is taken this many days after the message that carried it
    token_days: int = 120
    #: what is held for the arbiter: ``fail`` (a sender whose domain says the
    #: message is not theirs), ``pass`` (every sender without an aligned
    #: pass) or ``off``
    sender_policy: str = "fail"
    #: the authserv-id of the site's own receiving server, whose
    #: Authentication-Results headers are believed (RFC 8601)
    authserv_id: str = ""
    #: verify DKIM, check SPF (of the mail the SMTP listener takes) and look
    #: up DMARC in the gateway itself (a site without a filtering mail server
    #: in front)
    verify_dkim: bool = False


@dataclass(frozen=True)
class Outgoing:
    id: int
    kind: str
    message: EmailMessage


class OutboundService:
    def __init__(self, ctx: ServiceContext, sender_address: str) -> None:
        self.ctx = ctx
        self.sender_address = sender_address

    def claim(self, limit: int = 20) -> list[Outgoing]:
        """Take due messages for sending (each by one sender at a time)."""
        now = self.ctx.now()
        with self.ctx.db.write() as session:
            rows = session.scalars(
                select(OutboundMessage)
                .where(
                    or_(
                        OutboundMessage.status == OutboundStatus.QUEUED,
                        OutboundMessage.status == OutboundStatus.SENDING,
                    ),
                    OutboundMessage.next_attempt_at <= now,
                )
                .order_by(OutboundMessage.id)
                .limit(limit)
                .with_for_update(skip_locked=True)
            ).all()
            claimed = []
            for row in rows:
                row.status = OutboundStatus.SENDING
                row.next_attempt_at = now + LEASE
                claimed.append(Outgoing(row.id, row.kind, self._message(row)))
            return claimed

    def _message(self, row: OutboundMessage) -> EmailMessage:
        message = EmailMessage()
        message["From"] = self.sender_address
        message["Reply-To"] = self.sender_address
        message["To"] = row.to_address
        if row.cc:
            message["Cc"] = ", ".join(row.cc)
        message["Subject"] = row.subject
        message["Date"] = format_datetime(row.created_at)
        message["Message-ID"] = row.message_id
        if row.in_reply_to:
            message["In-Reply-To"] = row.in_reply_to
            message["References"] = row.in_reply_to
        # RFC 3834: other robots must not answer us, so no mail loops.
        message["Auto-Submitted"] = "auto-replied" if row.in_reply_to else "auto-generated"
        # What the queue asked for besides (List-Unsubscribe, RFC 8058), never
        # in place of the headers above.
        for name, value in (row.headers or {}).items():
            if name not in message:
                message[name] = value
        message.set_content(row.body)
        return message

    def sent(self, outgoing_id: int, at: datetime, refused: list[str] | None = None) -> None:
        """The relay took the message; ``refused`` names the recipients it
        would not take (an arbiter's copy to a dead address), kept as the
        row's error: the main recipient has it, the others are not retried."""
        with self.ctx.db.write() as session:
            row = session.get(OutboundMessage, outgoing_id, with_for_update=True)
            if row is None or row.status == OutboundStatus.SENT:
                return
            row.status = OutboundStatus.SENT
            row.sent_at = at
            row.attempts += 1
            if refused:
                row.last_error = ("refused for: " + "; ".join(refused))[:2000]
            if row.kind == "forward" and row.game_id is not None and row.ply is not None:
                game = session.get(Game, row.game_id, with_for_update=True)
                if (
                    game is not None
                    and game.status == GameStatus.ONGOING
                    and game.ply_count == row.ply
                    and at > game.turn_started_at
                ):
                    # The partner received the move when the relay took it (§10.3).
                    game.turn_started_at = at

    def retry(self, outgoing_id: int, error: str) -> None:
        now = self.ctx.now()
        with self.ctx.db.write() as session:
            row = session.get(OutboundMessage, outgoing_id, with_for_update=True)
            if row is None or row.status == OutboundStatus.SENT:
                return
            row.attempts += 1
            row.last_error = error[:2000]
            if row.attempts >= MAX_ATTEMPTS:
                row.status = OutboundStatus.FAILED
                return
            row.status = OutboundStatus.QUEUED
            row.next_attempt_at = now + BACKOFF[min(row.attempts - 1, len(BACKOFF) - 1)]

    def failed(self, outgoing_id: int, error: str) -> None:
        with self.ctx.db.write() as session:
            row = session.get(OutboundMessage, outgoing_id, with_for_update=True)
            if row is None or row.status == OutboundStatus.SENT:
                return
            row.attempts += 1
            row.status = OutboundStatus.FAILED
            row.last_error = error[:2000]
