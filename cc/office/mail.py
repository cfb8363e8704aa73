"""The mail as the office sees it: what came in and what became of it, and
what goes out, with the failures.

Every incoming message is kept with its outcome (:class:`InboundMessage`,
written by the gateway in the same transaction as what it did); here the
organiser reads all of them and an event's arbiter those of their events'
games, with the raw message. A message refused or set aside can be
processed again by the gateway (``MailGateway.process_again``) once its
cause is fixed, say a player's address: it then counts once, as any
message. An outgoing message that failed is queued again on request.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from email import message_from_bytes, policy

from sqlalchemy import select
from sqlalchemy.orm import Session

from cc.base import errors
from cc.base.kinds import InboundStatus, OutboundStatus
from cc.kernel.access import is_official_of
from cc.kernel.context import Actor, ServiceContext, audit, describe, is_admin
from cc.store.models import Event, Game, InboundMessage, OutboundMessage, Player
from cc.text.i18n import N_

#: the outcome of a held message released and not read yet
RELEASED = "released"
#: rows a page of either list shows
PAGE = 200
#: what may be processed again: anything not applied. A message left "to be
#: tried" (a process that died after marking it) may be asked for again too:
#: the gateway takes it under a row lock and only while it is still to be
#: tried, so it counts once however often it is asked.
AGAIN = (
    InboundStatus.REFUSED,
    InboundStatus.IGNORED,
    InboundStatus.SET_ASIDE,
    InboundStatus.RETRY,
    InboundStatus.HELD,
)


@dataclass(frozen=True)
class InboundRow:
    id: int
    arrived_at: datetime
    sender: str
    #: the registered person the address belongs to, if any
    sender_name: str | None
    subject: str
    status: str
    outcome: str
    detail: str | None
    game_id: int | None
    attempts: int
    #: the official who vouched for a held message's sender
    released_by: str | None = None

    @property
    def may_process_again(self) -> bool:
        return self.status in {s.value for s in AGAIN}

    @property
    def may_release(self) -> bool:
        return self.status == InboundStatus.HELD.value


@dataclass(frozen=True)
class InboundDetail:
    row: InboundRow
    #: the message's headers and text, as it arrived (None: too large to keep)
    raw: str | None
    #: the text part the gateway read
    text: str | None


@dataclass(frozen=True)
class OutboundRow:
    id: int
    created_at: datetime
    to_address: str
    subject: str
    kind: str
    status: str
    attempts: int
    last_error: str | None
    next_attempt_at: datetime
    sent_at: datetime | None
    game_id: int | None


class MailOffice:
    def __init__(self, ctx: ServiceContext) -> None:
        self.ctx = ctx

    def inbound(self, actor: Actor, status: str | None = None) -> list[InboundRow]:
        """The latest incoming messages ``actor`` may read, newest first."""
        with self.ctx.db.read() as session:
            games = self._games(session, actor)
            query = select(InboundMessage).order_by(InboundMessage.id.desc()).limit(PAGE)
            if status:
                query = query.where(InboundMessage.status == InboundStatus(status))
            if games is not None:
                query = query.where(InboundMessage.game_id.in_(games))
            rows = session.scalars(query).all()
            names = _names(session, {p for r in rows for p in (r.player_id, r.released_by_id) if p})
            return [_inbound(r, names) for r in rows]

    def inbound_message(self, actor: Actor, message_id: int) -> InboundDetail:
        with self.ctx.db.read() as session:
            row = self._readable(session, actor, message_id)
            names = _names(session, {p for p in (row.player_id, row.released_by_id) if p})
            raw = text = None
            if row.raw is not None:
                raw = row.raw.decode("utf-8", "replace")
                parsed = message_from_bytes(row.raw, policy=policy.default)
                body = parsed.get_body(preferencelist=("plain", "html"))
                if body is not None:
                    try:
                        text = body.get_content()
                    except (LookupError, ValueError):
                        text = None
            return InboundDetail(_inbound(row, names), raw, text)

    def check_process_again(self, session: Session, actor: Actor, message_id: int) -> bytes:
        """In the gateway's transaction: ``actor`` may have the message processed
        again, and it is marked to be; returns its raw bytes. A message
        applied (or in hand) is refused: it counts once."""
        row = self._readable(session, actor, message_id, lock=True)
        if row.status not in AGAIN:
            raise errors.InvalidInput(
                field="message",
                reason=N_("message {id} was applied already", id=row.id),
            )
        if row.raw is None:
            raise errors.InvalidInput(
                field="message", reason=N_("message {id} was too large to keep", id=row.id)
            )
        row.status = InboundStatus.RETRY
        row.outcome = "processing"
        audit(
            session,
            actor,
            self.ctx.now(),
            "mail_processed_again",
            game_id=row.game_id,
            message=row.id,
        )
        return bytes(row.raw)

    def check_release(self, session: Session, actor: Actor, message_id: int) -> bytes:
        """In the gateway's transaction: ``actor`` (the office, or the arbiter
        of the game the message names) vouches for the sender of a held
        message; it is marked to be processed without the sender check.
        Returns its raw bytes."""
        row = self._readable(session, actor, message_id, lock=True)
        if row.status != InboundStatus.HELD:
            raise errors.InvalidInput(
                field="message", reason=N_("message {id} is not held", id=row.id)
            )
        if row.raw is None:
            raise errors.InvalidInput(
                field="message", reason=N_("message {id} was too large to keep", id=row.id)
            )
        row.status = InboundStatus.RETRY
        # Read by the gateway as "vouched for", whoever released it (the
        # console's operator has no account of its own).
        row.outcome = RELEASED
        row.released_by_id = actor.player_id
        audit(
            session,
            actor,
            self.ctx.now(),
            "mail_released",
            game_id=row.game_id,
            message=row.id,
            sender=row.sender,
            evidence=row.detail,
        )
        return bytes(row.raw)

    def outbound(self, actor: Actor, failed_only: bool = False) -> list[OutboundRow]:
        with self.ctx.db.read() as session:
            games = self._games(session, actor)
            query = select(OutboundMessage).order_by(OutboundMessage.id.desc()).limit(PAGE)
            if failed_only:
                query = query.where(OutboundMessage.status == OutboundStatus.FAILED)
            if games is not None:
                query = query.where(OutboundMessage.game_id.in_(games))
            return [_outbound(r) for r in session.scalars(query)]

    def retry_outbound(self, actor: Actor, message_id: int) -> None:
        """Queue a failed outgoing message again, at once."""
        now = self.ctx.now()
        with self.ctx.db.write() as session:
            row = session.get(OutboundMessage, message_id, with_for_update=True)
            if row is None:
                raise errors.NotFound(kind="message", ref=message_id)
            games = self._games(session, actor)
            if games is not None and row.game_id not in games:
                raise errors.NotPermitted(
                    who=describe(session, actor), action=N_("send mail again")
                )
            if row.status != OutboundStatus.FAILED:
                raise errors.InvalidInput(
                    field="message", reason=N_("message {id} has not failed", id=row.id)
                )
            row.status = OutboundStatus.QUEUED
            row.next_attempt_at = now
            audit(session, actor, now, "mail_sent_again", game_id=row.game_id, message=row.id)

    # ------------------------------------------------------------- helpers

    @staticmethod
    def _games(session: Session, actor: Actor) -> set[int] | None:
        """The games whose mail ``actor`` reads; None: all mail (the office)."""
        if is_admin(session, actor):
            return None
        events = [e.id for e in session.scalars(select(Event)) if is_official_of(session, actor, e)]
        if not events:
            raise errors.NotPermitted(
                who=describe(session, actor), action=N_("read the site's mail")
            )
        return set(session.scalars(select(Game.id).where(Game.event_id.in_(events))))

    def _readable(
        self, session: Session, actor: Actor, message_id: int, *, lock: bool = False
    ) -> InboundMessage:
        row = session.get(InboundMessage, message_id, with_for_update=lock or None)
        if row is None:
            raise errors.NotFound(kind="message", ref=message_id)
        games = self._games(session, actor)
        if games is not None and row.game_id not in games:
            raise errors.NotPermitted(
                who=describe(session, actor), action=N_("read message {id}", id=message_id)
            )
        return row


def _names(session: Session, ids: set[int]) -> dict[int, str]:
    if not ids:
        return {}
    return dict(session.execute(select(Player.id, Player.name).where(Player.id.in_(ids))).all())


def _inbound(row: InboundMessage, names: dict[int, str]) -> InboundRow:
    return InboundRow(
        id=row.id,
        arrived_at=row.arrived_at,
        sender=row.sender,
        sender_name=names.get(row.player_id) if row.player_id else None,
        subject=row.subject,
        status=row.status.value,
        outcome=row.outcome,
        detail=row.detail,
        game_id=row.game_id,
        attempts=row.attempts,
        released_by=names.get(row.released_by_id) if row.released_by_id else None,
    )


def _outbound(row: OutboundMessage) -> OutboundRow:
    return OutboundRow(
        id=row.id,
        created_at=row.created_at,
        to_address=row.to_address,
        subject=row.subject,
        kind=row.kind,
        status=row.status.value,
        attempts=row.attempts,
        last_error=row.last_error,
        next_attempt_at=row.next_attempt_at,
        sent_at=row.sent_at,
        game_id=row.game_id,
    )
