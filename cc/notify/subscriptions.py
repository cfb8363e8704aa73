"""The browsers a player allowed to be notified (Web Push, RFC 8030 and 8291).

A browser that subscribes gives an endpoint at its push service and two
keys to encrypt for it; they are kept here, one row per endpoint. The push
sender (a door, :mod:`cc.web.push_sender`) asks :meth:`PushSubscriptions.due` for the
notifications still to push with the recipient's browsers, sends each, and
reports back: pushed (:meth:`done`), or a browser gone for good (:meth:`drop`,
when its push service answers 404 or 410). Nothing here talks to a push
service.
"""

from __future__ import annotations

import binascii
from base64 import urlsafe_b64decode
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any
from urllib.parse import urlsplit

from sqlalchemy import delete, or_, select, update

from cc.base import errors
from cc.kernel.context import Actor, ServiceContext, audit
from cc.store.models import Event, Notification, Player, PushSubscription
from cc.text.i18n import N_

#: what a browser gives: an uncompressed P-256 point, and a 16-byte secret
P256DH_BYTES = 65
AUTH_BYTES = 16


#: how long one process holds a notice it is pushing
PUSH_LEASE = timedelta(minutes=2)


@dataclass(frozen=True)
class Browser:
    id: int
    endpoint: str
    p256dh: str
    auth: str


@dataclass(frozen=True)
class PushDue:
    """A notification still to push, with what the sender needs to say it."""

    notification_id: int
    kind: str
    params: Mapping[str, Any]
    game_id: int | None
    case_id: int | None
    event_code: str | None
    event_name: str | None
    lang: str
    browsers: tuple[Browser, ...]


class PushSubscriptions:
    def __init__(self, ctx: ServiceContext) -> None:
        self.ctx = ctx

    def subscribe(self, actor: Actor, endpoint: str, p256dh: str, auth: str) -> int:
        """Keep a browser's subscription for the calling player; the same
        endpoint again (a browser that subscribed anew, or changed hands)
        replaces the old one. Returns its id."""
        player_id = _own(actor)
        if not self.ctx.notifications.push_enabled:
            raise errors.NotPermitted(
                who=N_("this site"), action=N_("send push notifications without VAPID keys")
            )
        _check(endpoint, p256dh, auth)
        now = self.ctx.now()
        with self.ctx.db.write() as session:
            row = session.scalar(
                select(PushSubscription).where(PushSubscription.endpoint == endpoint)
            )
            if row is None:
                row = PushSubscription(endpoint=endpoint, created_at=now)
                session.add(row)
            row.player_id, row.p256dh, row.auth = player_id, p256dh, auth
            session.flush()
            audit(session, actor, now, "push_subscribed", subscription=row.id)
            return row.id

    def unsubscribe(
        self, actor: Actor, *, endpoint: str | None = None, subscription_id: int | None = None
    ) -> None:
        """Forget one of the calling player's browsers, by endpoint or id."""
        player_id = _own(actor)
        with self.ctx.db.write() as session:
            query = select(PushSubscription).where(PushSubscription.player_id == player_id)
            if endpoint is not None:
                query = query.where(PushSubscription.endpoint == endpoint)
            elif subscription_id is not None:
                query = query.where(PushSubscription.id == subscription_id)
            else:
                raise errors.InvalidInput(field="endpoint", reason=N_("say which browser"))
            row = session.scalar(query)
            if row is None:
                raise errors.NotFound(kind="push subscription", ref=endpoint or subscription_id)
            session.delete(row)
            audit(session, actor, self.ctx.now(), "push_unsubscribed", subscription=row.id)

    def browsers(self, actor: Actor) -> list[Browser]:
        player_id = _own(actor)
        with self.ctx.db.read() as session:
            rows = session.scalars(
                select(PushSubscription)
                .where(PushSubscription.player_id == player_id)
                .order_by(PushSubscription.id)
            )
            return [_browser(r) for r in rows]

    # ------------------------------------------------------------ the sender

    def due(
        self, limit: int = 50, skip: Collection[int] = (), mine: Collection[int] = ()
    ) -> list[PushDue]:
        """Claim the oldest notifications still to push (but those in
        ``skip``, waiting for a retry; ``mine``: those this process held for
        a retry whose time has come), each with its recipient's browsers.

        A claim lasts :data:`PUSH_LEASE`: every server process pushes, and
        rows another process holds (locked, or claimed and not yet expired)
        are passed over, so a notice is pushed by one process only. One whose
        process died is taken by another when its claim runs out."""
        now = self.ctx.now()
        with self.ctx.db.write() as session:
            query = select(Notification).where(
                Notification.push_due.is_(True),
                or_(
                    Notification.push_claimed_until.is_(None),
                    Notification.push_claimed_until <= now,
                    Notification.id.in_(list(mine)),
                ),
            )
            if skip:
                query = query.where(Notification.id.notin_(list(skip)))
            rows = session.scalars(
                query.order_by(Notification.id).limit(limit).with_for_update(skip_locked=True)
            ).all()
            found: list[PushDue] = []
            for row in rows:
                row.push_claimed_until = now + PUSH_LEASE
                person = session.get(Player, row.recipient_id)
                event = session.get(Event, row.event_id) if row.event_id is not None else None
                subscriptions = session.scalars(
                    select(PushSubscription)
                    .where(PushSubscription.player_id == row.recipient_id)
                    .order_by(PushSubscription.id)
                )
                found.append(
                    PushDue(
                        notification_id=row.id,
                        kind=row.kind,
                        params=dict(row.params),
                        game_id=row.game_id,
                        case_id=row.case_id,
                        event_code=event.code if event else None,
                        event_name=event.name if event else None,
                        lang=person.lang if person else "en",
                        browsers=tuple(_browser(s) for s in subscriptions),
                    )
                )
            return found

    def hold(self, notification_id: int, until: datetime) -> None:
        """Keep the claim of a notice waiting for a retry until ``until``
        (and a lease beyond), so no other process takes it meanwhile."""
        with self.ctx.db.write() as session:
            session.execute(
                update(Notification)
                .where(Notification.id == notification_id)
                .values(push_claimed_until=until + PUSH_LEASE)
            )

    def done(self, notification_id: int) -> None:
        """Pushed to every browser that would take it, or given up."""
        with self.ctx.db.write() as session:
            session.execute(
                update(Notification)
                .where(Notification.id == notification_id)
                .values(push_due=False)
            )

    def drop(self, subscription_id: int) -> None:
        """A browser its push service says is gone (404, 410)."""
        with self.ctx.db.write() as session:
            session.execute(delete(PushSubscription).where(PushSubscription.id == subscription_id))


def _own(actor: Actor) -> int:
    if actor.player_id is None:
        raise errors.NotSignedIn()
    return actor.player_id


def _browser(row: PushSubscription) -> Browser:
    return Browser(row.id, row.endpoint, row.p256dh, row.auth)


def _check(endpoint: str, p256dh: str, auth: str) -> None:
    """What a browser's PushManager gives, and nothing else."""
    parts = urlsplit(endpoint)
    if parts.scheme not in ("https", "http") or not parts.netloc or len(endpoint) > 1000:
        raise errors.InvalidInput(field="endpoint", reason=N_("not a push service's address"))
    for name, value, size in (("p256dh", p256dh, P256DH_BYTES), ("auth", auth, AUTH_BYTES)):
        try:
            raw = urlsafe_b64decode(value + "=" * (-len(value) % 4))
        except (binascii.Error, ValueError):
            raw = b""
        if len(raw) != size:
            raise errors.InvalidInput(field=name, reason=N_("not a browser's push key"))


__all__ = ["Browser", "PushDue", "PushSubscriptions"]
