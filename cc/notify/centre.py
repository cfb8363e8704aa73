"""The player's side of notifications: the centre, the choices, unsubscribing.

The hub (:mod:`cc.kernel.notifications`) records each notice with the
channels it goes to; here a player reads the ones meant for the centre,
marks them read, and chooses per group of kinds which channels they want,
the hour of their daily digest in their own zone, and when "time running
low" is said. An unsubscribe link in a mail carries a token signed for
one player and one group, so one POST, with no sign-in, stops that group's
mail (RFC 8058). :meth:`NotificationCentre.pulse` is what an open page asks
every few seconds to know whether anything changed.
"""

from __future__ import annotations

import hashlib
import hmac
from base64 import urlsafe_b64decode, urlsafe_b64encode
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from sqlalchemy import func, or_, select, update
from sqlalchemy.orm import Session

from cc.base import errors
from cc.base.kinds import Door, EventStatus, GameStatus
from cc.kernel.context import Actor, ServiceContext, audit
from cc.kernel.notifications import Channel, Group, chosen_channels
from cc.store.models import DrawOffer, Event, Game, Notification, Player
from cc.text.i18n import N_
from cc.views.my_games import awaits_move
from timekeeping import local_date

#: how many notifications the centre lists
CENTRE_LIMIT = 50
#: bounds of the "time running low" share a player may choose (%)
LOW_TIME_BOUNDS = (5, 75)


@dataclass(frozen=True)
class NotificationView:
    id: int
    kind: str
    game_id: int | None
    case_id: int | None
    event_id: int | None
    params: Mapping[str, Any]
    created_at: datetime
    read: bool


@dataclass(frozen=True)
class Preferences:
    timezone: str
    digest_hour: int
    low_time_percent: int
    #: per group, the channels that apply (the defaults where none was chosen)
    channels: Mapping[Group, frozenset[Channel]]
    #: the groups whose channels the player chose themselves
    chosen: frozenset[Group]
    push_available: bool


@dataclass(frozen=True)
class Pulse:
    """What an open page compares with what it shows."""

    unread: int
    #: the newest notification of the player (0: none)
    latest: int
    #: per ongoing or lately finished game of the player: a stamp that
    #: changes with every move, offer and result
    games: Mapping[int, str]
    #: the games awaiting the player's move (the header's count)
    to_move: int = 0


class NotificationCentre:
    def __init__(self, ctx: ServiceContext, secret: bytes) -> None:
        self.ctx = ctx
        self.secret = secret

    # ------------------------------------------------------------- the centre

    def unread(self, player_id: int) -> int:
        with self.ctx.db.read() as session:
            return _unread(session, player_id)

    def items(self, actor: Actor, limit: int = CENTRE_LIMIT) -> list[NotificationView]:
        """The player's latest notifications meant for the centre, newest first."""
        player_id = _own(actor)
        with self.ctx.db.read() as session:
            rows = session.scalars(
                select(Notification)
                .where(Notification.recipient_id == player_id)
                .order_by(Notification.id.desc())
                .limit(limit * 4)
            ).all()
            return [_view(n) for n in rows if Channel.CENTRE.value in n.channels][:limit]

    def open(self, actor: Actor, notification_id: int) -> NotificationView:
        """One of the player's notifications, marked read (following its link)."""
        player_id = _own(actor)
        with self.ctx.db.write() as session:
            row = session.get(Notification, notification_id)
            if row is None or row.recipient_id != player_id:
                raise errors.NotFound(kind="notification", ref=notification_id)
            if row.read_at is None:
                row.read_at = self.ctx.now()
            return _view(row)

    def mark_read(self, actor: Actor, ids: list[int] | None = None) -> int:
        """Mark the given notifications (all when None) read; returns how many."""
        player_id = _own(actor)
        with self.ctx.db.write() as session:
            query = update(Notification).where(
                Notification.recipient_id == player_id, Notification.read_at.is_(None)
            )
            if ids is not None:
                query = query.where(Notification.id.in_(ids))
            result = session.execute(query.values(read_at=self.ctx.now()))
            return int(result.rowcount or 0)  # type: ignore[attr-defined]

    def pulse(self, player_id: int) -> Pulse:
        """One cheap read for every page's header and every poll: the unread
        count, the newest notification, the games' stamps, and how many games
        await the player's move (as :func:`cc.views.my_games.awaits_move`
        says for the list of games)."""
        now = self.ctx.now()
        since = now - timedelta(days=7)
        with self.ctx.db.read() as session:
            latest = session.scalar(
                select(func.max(Notification.id)).where(Notification.recipient_id == player_id)
            )
            offers = (
                select(func.count(DrawOffer.id))
                .where(DrawOffer.game_id == Game.id)
                .correlate(Game)
                .scalar_subquery()
            )
            games = session.execute(
                select(
                    Game.id,
                    Game.ply_count,
                    Game.status,
                    Game.result,
                    Game.suspended_by_case_id,
                    offers,
                    Game.white_id,
                    Event.status,
                    Event.start_date,
                    Event.timezone,
                    Game.fen,
                )
                .join(Event, Event.id == Game.event_id)
                .where(
                    or_(Game.white_id == player_id, Game.black_id == player_id),
                    or_(Game.status == GameStatus.ONGOING, Game.finished_at >= since),
                )
            ).all()
            stamps = {row[0]: ":".join(str(v) for v in row[1:6]) for row in games}
            to_move = sum(
                awaits_move(
                    GameStatus(status),
                    # White to move in the current position (a thematic
                    # start may give Black the first move)
                    (white_id == player_id) == (fen.split()[1] == "w"),
                    case is not None,
                    EventStatus(event_status),
                    start,
                    local_date(now, zone),
                )
                for _id, _p, status, _r, case, _o, white_id, event_status, start, zone, fen in games
            )
            return Pulse(_unread(session, player_id), latest or 0, stamps, to_move)

    # ------------------------------------------------------------ preferences

    def preferences(self, actor: Actor) -> Preferences:
        player_id = _own(actor)
        with self.ctx.db.read() as session:
            player = session.get(Player, player_id)
            if player is None:
                raise errors.NotSignedIn()
            chosen = frozenset(Group(g) for g in (player.notify_channels or {}) if g in _GROUPS)
            return Preferences(
                timezone=player.timezone,
                digest_hour=player.digest_hour,
                low_time_percent=player.low_time_percent,
                channels={g: chosen_channels(player, g, None) for g in Group},
                chosen=chosen,
                push_available=self.ctx.notifications.push_enabled,
            )

    def set_preferences(
        self,
        actor: Actor,
        *,
        timezone: str | None = None,
        digest_hour: int | None = None,
        low_time_percent: int | None = None,
        channels: Mapping[str, list[str]] | None = None,
    ) -> None:
        """The player's own choices; each checked, refused whole with the field named."""
        player_id = _own(actor)
        if timezone is not None:
            try:
                ZoneInfo(timezone)
            except (ZoneInfoNotFoundError, ValueError):
                raise errors.InvalidInput(
                    field="timezone", reason=N_("{zone!r} is not a time zone", zone=timezone)
                ) from None
        if digest_hour is not None and not 0 <= digest_hour <= 23:
            raise errors.InvalidInput(field="digest_hour", reason=N_("an hour is 0 to 23"))
        low, high = LOW_TIME_BOUNDS
        if low_time_percent is not None and not low <= low_time_percent <= high:
            raise errors.InvalidInput(
                field="low_time_percent",
                reason=N_("a share from {low} to {high} %", low=low, high=high),
            )
        clean: dict[str, list[str]] = {}
        for group, names in (channels or {}).items():
            if group not in _GROUPS:
                raise errors.InvalidInput(
                    field="channels", reason=N_("{group!r} is not a group", group=group)
                )
            bad = [n for n in names if n not in _CHANNELS]
            if bad:
                raise errors.InvalidInput(
                    field="channels", reason=N_("{name!r} is not a channel", name=bad[0])
                )
            clean[group] = sorted(set(names))
        with self.ctx.db.write() as session:
            player = session.get(Player, player_id)
            if player is None:
                raise errors.NotSignedIn()
            if timezone is not None:
                player.timezone = timezone
            if digest_hour is not None:
                player.digest_hour = digest_hour
            if low_time_percent is not None:
                player.low_time_percent = low_time_percent
            if clean:
                player.notify_channels = {**(player.notify_channels or {}), **clean}
            audit(
                session,
                actor,
                self.ctx.now(),
                "notifications_set",
                timezone=timezone,
                digest_hour=digest_hour,
                low_time_percent=low_time_percent,
                channels=clean or None,
            )

    # ------------------------------------------------------------ unsubscribe

    def unsubscribe_token(self, player_id: int, group: Group) -> str:
        """A token that stops ``group``'s mail for ``player_id``, and only that."""
        payload = f"{player_id}.{group.value}"
        return f"{_b64(payload.encode())}.{self._sign(payload)}"

    def unsubscribe(self, token: str) -> tuple[int, Group]:
        """Stop the mail of the token's group (RFC 8058 one-click): the
        group keeps its other channels. Doing it twice changes nothing."""
        player_id, group = self.read_token(token)
        with self.ctx.db.write() as session:
            player = session.get(Player, player_id)
            if player is None:
                raise errors.NotFound(kind="player", ref=player_id)
            now = chosen_channels(player, group, None)
            current = (player.notify_channels or {}).get(group.value)
            if current is None or Channel.EMAIL.value in current:
                keep = sorted(c.value for c in now if c != Channel.EMAIL) or [Channel.CENTRE.value]
                player.notify_channels = {**(player.notify_channels or {}), group.value: keep}
                audit(
                    session,
                    Actor.player(player_id, Door.WEB),
                    self.ctx.now(),
                    "unsubscribed",
                    group=group.value,
                )
        return player_id, group

    def read_token(self, token: str) -> tuple[int, Group]:
        """The player and group an unsubscribe token names, if it is ours."""
        encoded, _, signature = token.partition(".")
        try:
            payload = urlsafe_b64decode(encoded + "=" * (-len(encoded) % 4)).decode()
            ident, _, group = payload.partition(".")
            valid = hmac.compare_digest(signature, self._sign(payload))
            if valid and group in _GROUPS:
                return int(ident), Group(group)
        except (ValueError, UnicodeDecodeError):
            pass
        raise errors.NotFound(kind="link", ref=N_("to stop emails"))

    def _sign(self, payload: str) -> str:
        digest = hmac.new(self.secret, b"unsubscribe:" + payload.encode(), hashlib.sha256)
        return _b64(digest.digest()[:18])


_GROUPS = frozenset(g.value for g in Group)
_CHANNELS = frozenset(c.value for c in Channel)


def _b64(data: bytes) -> str:
    return urlsafe_b64encode(data).decode().rstrip("=")


def _own(actor: Actor) -> int:
    if actor.player_id is None:
        raise errors.NotSignedIn()
    return actor.player_id


def _unread(session: Session, player_id: int) -> int:
    """Unread in the centre (a notice not meant for the centre is stored read)."""
    count = session.scalar(
        select(func.count(Notification.id)).where(
            Notification.recipient_id == player_id, Notification.read_at.is_(None)
        )
    )
    return int(count or 0)


def _view(row: Notification) -> NotificationView:
    return NotificationView(
        id=row.id,
        kind=row.kind,
        game_id=row.game_id,
        case_id=row.case_id,
        event_id=row.event_id,
        params=dict(row.params),
        created_at=row.created_at,
        read=row.read_at is not None,
    )


__all__ = ["NotificationCentre", "NotificationView", "Preferences", "Pulse"]
