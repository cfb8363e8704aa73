"""Bounces of our own mail, and the other mail the gateway does not answer.

The gateway asks :func:`take` first, for every message, in the transaction
that records it:

- a bounce (read by :mod:`mailgate.dsn`) is matched with the message we
  sent by its ``Message-ID`` and with the recipient that failed; a
  permanent failure (5.x.x) marks that registered address as failing, and
  its arbiters are told once (:class:`cc.accounts.addresses.AddressService`);
  a delay (4.x.x) is recorded and marks nothing, and so is a bounce of mail
  we never sent;
- other automatic mail (auto-replies, lists) and our own are recorded with
  the header that makes them so, and never answered;
- any other message is a person's, to be read: when its address was
  failing, it works again.

Each outcome is kept with a detail the office reads whatever its
language: the addresses, the status codes, the receiving server's own
words and the returned message's ``Message-ID``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from sqlalchemy.orm import Session

from cc.accounts.addresses import AddressService
from cc.base.kinds import InboundStatus
from cc.kernel.context import ServiceContext
from cc.office import queue
from mailgate.dsn import Bounce, Recipient
from mailgate.letters import Letter, safe_text


@dataclass(frozen=True)
class Taken:
    """What became of a message the gateway does not read as a player's."""

    status: InboundStatus
    #: bounce (a permanent failure of our mail), bounce_delay (4.x.x),
    #: delivery_report (nothing failed), bounce_unmatched (not about mail we
    #: sent, or no recipient of it named), automatic
    outcome: str
    #: for the office: addresses, status codes, the server's words
    detail: str
    #: the game of the message that bounced
    game_id: int | None = None


def take(ctx: ServiceContext, session: Session, letter: Letter, own_address: str) -> Taken | None:
    """What becomes of ``letter`` before it is read as a player's; None
    when it is to be read."""
    addresses = AddressService(ctx)
    if letter.bounce is not None:
        return _bounce(addresses, session, letter.bounce)
    if letter.automatic:
        return Taken(InboundStatus.IGNORED, "automatic", letter.automatic_reason or "-")
    if letter.sender == own_address.lower():
        return Taken(InboundStatus.IGNORED, "automatic", f"From: {letter.sender}")
    addresses.heard_from(session, letter.sender)
    return None


def _bounce(addresses: AddressService, session: Session, bounce: Bounce) -> Taken:
    sent = None
    if bounce.original_id:
        sent = queue.sent_message(session, bounce.original_id)
    if sent is None:
        return Taken(
            InboundStatus.IGNORED,
            "bounce_unmatched",
            _detail(bounce.recipients, bounce, bounce.original_id),
        )
    ours = list(dict.fromkeys(a.lower() for a in [sent.to_address, *(sent.cc or [])]))
    said = _ours(bounce, ours)
    failed = [r for r in said if r.failed]
    for recipient in failed:
        addresses.bounced(
            session,
            recipient.address,
            status=recipient.status,
            diagnostic=recipient.diagnostic,
            message_id=sent.message_id,
        )
    if failed:
        outcome = "bounce"
    elif any(r.delayed for r in said):
        outcome = "bounce_delay"
    elif said:
        outcome = "delivery_report"
    else:
        outcome = "bounce_unmatched"
    detail = _detail(tuple(said) or bounce.recipients, bounce, sent.message_id)
    return Taken(InboundStatus.IGNORED, outcome, detail, sent.game_id)


def _ours(bounce: Bounce, ours: list[str]) -> list[Recipient]:
    """The recipients of our message the bounce speaks of, each under the
    address we sent to: as given, as last tried, or (a message to one
    address, a report of one) that one address."""
    found: dict[str, Recipient] = {}
    for r in bounce.recipients:
        if r.address in ours:
            found.setdefault(r.address, r)
        elif r.final in ours:
            found.setdefault(r.final, replace(r, address=r.final))
        elif len(ours) == 1 and len(bounce.recipients) == 1:
            found.setdefault(ours[0], replace(r, address=ours[0]))
    if not bounce.recipients and len(ours) == 1:
        found[ours[0]] = Recipient(ours[0], ours[0], bounce.status, bounce.diagnostic)
    return list(found.values())


def _detail(recipients: tuple[Recipient, ...], bounce: Bounce, message_id: str | None) -> str:
    said = [f"{r.address or '-'} {r.status}: {r.diagnostic or '-'}" for r in recipients]
    if not said:
        said = [f"{bounce.status}: {bounce.diagnostic or '-'}"]
    return safe_text(f"{'; '.join(said)} [{message_id or '-'}]")


__all__ = ["Taken", "take"]
