"""Registered addresses whose mail bounces: a player's mail may be lost (56.1.6).

A permanent failure of our mail to a registered address (a 5.x.x report,
read by the email door) marks the address as failing, once: the audit log
records it, and the arbiter of each event in which its owner has a game
going is told, in their own language, through the notification centre (on
the site and by mail). A second bounce of an address already failing tells
nobody again; a delay (4.x.x) marks nothing.

The mark goes when a message from the address is received and processed
(the address works), when the address is changed (a new address is a new
row), or when the office marks it as working again.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from functools import cache
from typing import Any

from sqlalchemy import Select, bindparam, or_, select
from sqlalchemy.orm import Session, object_session
from sqlalchemy.orm.attributes import set_committed_value

from cc.base import errors
from cc.base.kinds import Door, GameStatus
from cc.kernel.context import Actor, ServiceContext, audit, find_player, require_admin
from cc.kernel.notifications import Kind, Notice
from cc.store import loads
from cc.store.memos import Memo
from cc.store.models import Event, Game, Player, PlayerEmail
from cc.text.i18n import N_, Text
from cc.text.words import WORDS

#: the longest reason kept with a failing address
REASON_CHARS = 500
#: who marks and clears an address when mail tells: the email door
GATEWAY = Actor.operator(Door.EMAIL, label="gateway")


SENDERS = Memo[dict[str, PlayerEmail | None]](
    "cc.accounts.addresses.senders",
    """:func:`registered_address`'s answers, by address in lower case; the
    email gateway drops them after each message.""",
)


def registered_address(session: Session, address: str) -> PlayerEmail | None:
    """The registration of ``address`` (any case), looked up once per
    session: the email gateway asks of a message's sender three times (its
    failing mark, its player, the message's record), and drops the memo
    after each message (:data:`SENDERS`). The row is held, and with it
    its player once read, so neither is read again in the message."""
    memo = SENDERS.setdefault(session, dict)
    key = address.lower()
    if key not in memo:
        rows = loads.read(session, _registered(), {"address": key})
        found = None
        if rows:
            (found, player), _ = loads.adopt_row(session, (PlayerEmail, Player), rows[0])
            found.__dict__.setdefault("player", player)
        memo[key] = found
    return memo[key]


def forget_senders(session: Session) -> None:
    """Drop the registrations looked up in the transaction (:data:`SENDERS`):
    the email gateway does after each message."""
    SENDERS.drop(session)


def read_emails(session: Session, player: Player) -> None:
    """Load the player's registered addresses, unless held, with a Core
    statement built once: what a notice by mail reads of its recipient, at
    a fraction of the cost of the collection's lazy load."""
    if "emails" in player.__dict__:
        return
    rows = loads.read(session, _emails(), {"player_id": player.id})
    held = [loads.adopt(session, PlayerEmail, row) for row in rows]
    set_committed_value(player, "emails", held)


@cache
def _emails() -> Select[Any]:
    emails = loads.columns_of(PlayerEmail)
    return (
        select(*emails.c)
        .where(emails.c.player_id == bindparam("player_id"))
        .order_by(emails.c.id)  # as the relationship orders them
    )


@cache
def _registered() -> Select[Any]:
    """An address's registration with its player, in one statement built
    once (read with Core: cc.store.loads)."""
    emails, players = loads.columns_of(PlayerEmail), loads.columns_of(Player)
    return (
        select(*emails.c, *players.c)
        .join(players, players.c.id == emails.c.player_id)
        .where(emails.c.address == bindparam("address"))
    )


@dataclass(frozen=True)
class FailingAddress:
    """A registered address whose mail bounces, as the office sees it."""

    address: str
    since: datetime
    #: what the report said: its status and the receiving server's words
    reason: str

    @property
    def status(self) -> str:
        """The report's status (RFC 3463), 5.1.1."""
        first = self.reason.split(" ", 1)[0]
        return first if first.count(".") == 2 else "5.0.0"

    @property
    def meaning(self) -> Text:
        """What the status means, in words (a catalog message)."""
        return status_meaning(self.status)

    @property
    def said(self) -> str:
        """The receiving server's own words."""
        first, _, rest = self.reason.partition(" ")
        return rest if first.count(".") == 2 else self.reason


def status_meaning(status: str) -> Text:
    """What a delivery status (RFC 3463) means, in words for any reader.

    >>> str(status_meaning("5.1.1")), str(status_meaning("5.7.26")), str(status_meaning("4.9.9"))
    ('no such mailbox', 'the receiving server refused it', 'delivery is delayed')
    """
    words = WORDS["bounce"]
    numbers = status.split(".")
    if len(numbers) == 3:
        for key in (f"x.{numbers[1]}.{numbers[2]}", f"x.{numbers[1]}.x", f"{numbers[0]}.x.x"):
            if key in words:
                return Text(words[key])
    return Text(words["5.x.x"])


def failing_of(player: Player) -> list[FailingAddress]:
    """The player's addresses that are failing, in their order."""
    return [
        FailingAddress(e.address, e.failing_since, e.failing_reason or "")
        for e in player.emails
        if e.failing_since is not None
    ]


def replace_addresses(player: Player, addresses: list[str]) -> None:
    """Give ``player`` these addresses, first one first. An address kept
    keeps its failing mark; a new one has none (a changed address is a new
    one), and a dropped one goes with its mark."""
    marks = {e.address: (e.failing_since, e.failing_reason) for e in player.emails}
    player.emails.clear()
    session = object_session(player)
    if session is not None:
        session.flush()
    for address in addresses:
        since, reason = marks.get(address, (None, None))
        player.emails.append(
            PlayerEmail(address=address, failing_since=since, failing_reason=reason)
        )


class AddressService:
    """Marks and clears failing addresses; the office's "it works again"."""

    def __init__(self, ctx: ServiceContext) -> None:
        self.ctx = ctx

    def bounced(
        self, session: Session, address: str, *, status: str, diagnostic: str, message_id: str
    ) -> bool:
        """In the caller's transaction: our message ``message_id`` to
        ``address`` failed for good. A registered address not yet failing is
        marked, audited, and the arbiters are told; True when it was."""
        row = session.scalar(select(PlayerEmail).where(PlayerEmail.address == address.lower()))
        if row is None or row.failing_since is not None:
            return False
        now = self.ctx.now()
        row.failing_since = now
        row.failing_reason = f"{status} {diagnostic}".strip()[:REASON_CHARS]
        player = row.player
        audit(
            session,
            GATEWAY,
            now,
            "email_failing",
            player_id=player.id,
            address=row.address,
            status=status,
            reason=row.failing_reason,
            message=message_id,
        )
        for event in self._events_in_play(session, player):
            if event.arbiter_id is None:
                continue
            self.ctx.notifications.notify(
                session,
                Notice(
                    event.arbiter_id,
                    Kind.EMAIL_BOUNCED,
                    event_id=event.id,
                    params={
                        "player": player.name,
                        "address": row.address,
                        "status": status,
                        "diagnostic": diagnostic[:REASON_CHARS],
                    },
                    # once per address and failure, whatever else happens
                    key=f"email_bounced:{row.id}:{event.id}:{now.timestamp():.0f}",
                ),
            )
        return True

    def heard_from(self, session: Session, address: str) -> bool:
        """In the caller's transaction: a message from ``address`` is being
        processed, so it works: a failing mark goes. True when it went."""
        row = registered_address(session, address)
        if row is None or row.failing_since is None:
            return False
        self._clear(session, GATEWAY, row, "mail_received")
        return True

    def works_again(self, actor: Actor, login: str, address: str) -> None:
        """The office says a failing address works again (the player told
        them, or the mailbox was restored)."""
        with self.ctx.db.write() as session:
            require_admin(session, actor, N_("edit people"))
            player = find_player(session, login)
            row = next((e for e in player.emails if e.address == address.strip().lower()), None)
            if row is None:
                raise errors.InvalidInput(
                    field="email", reason=N_("{address} is not registered", address=address)
                )
            if row.failing_since is not None:
                self._clear(session, actor, row, "office")

    def _clear(self, session: Session, actor: Actor, row: PlayerEmail, how: str) -> None:
        row.failing_since = None
        row.failing_reason = None
        audit(
            session,
            actor,
            self.ctx.now(),
            "email_working",
            player_id=row.player_id,
            address=row.address,
            how=how,
        )

    @staticmethod
    def _events_in_play(session: Session, player: Player) -> list[Event]:
        """The events in which ``player`` has a game going, by id."""
        ids = session.scalars(
            select(Game.event_id)
            .where(
                or_(Game.white_id == player.id, Game.black_id == player.id),
                Game.status == GameStatus.ONGOING,
            )
            .distinct()
        ).all()
        return list(session.scalars(select(Event).where(Event.id.in_(ids)).order_by(Event.id)))


__all__ = [
    "AddressService",
    "FailingAddress",
    "failing_of",
    "replace_addresses",
    "status_meaning",
]
