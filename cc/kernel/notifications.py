"""What a person should hear of: recorded by the rule services, delivered by the doors.

A service whose change someone should be told of calls
``ctx.notifications.notify(session, Notice(...))`` inside the transaction of
that change. A :class:`Notice` names its recipient, its kind (a code), the
game, case or event it is about, and its parameters: codes, numbers, ISO
dates and names, never rendered text, so each door puts it into words in
the recipient's language and its own form.

The hub stores each notice as a :class:`cc.store.models.Notification` row, with
the channels it goes to: the recipient's choice for the notice's
:class:`Group`, or the defaults of its event's mode. The row is the
notification centre's list, the digest's material and the Web Push queue.
Then the doors' handlers, subscribed where they are wired, get a
:class:`Delivery` in the same session (the email gateway queues its mail
there), so a notice goes out if and only if its change commits. The
services never import a door.

The daily digest takes the same seam: the digest service
(:mod:`cc.notify.digest`) gathers one player's day into a :class:`Digest`
value (their games to move, the notices routed to the digest, moves already
in the player's notation) and hands it, through :meth:`Notifications.digest`,
to the doors' digest handlers, in the transaction that records the day as
done. So the mail door writes and queues it exactly when that transaction
commits: never twice for one day, never lost.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from enum import StrEnum

from sqlalchemy import select
from sqlalchemy.orm import Session

from cc.base.clock import Clock
from cc.base.regulations import Mode
from cc.store import rows
from cc.store.loads import held
from cc.store.models import Case, Event, Game, Notification, Player

#: a parameter's value: what a notice may carry, all of it storable as JSON
Value = str | int | bool | list[str] | None


class Kind(StrEnum):
    """What a notice tells. The value names the text the doors say."""

    #: the partner moved (``player``, ``move`` in SAN, ``message`` if any;
    #: ``fired``: the moves that followed at once from conditional lines, in
    #: SAN, the recipient's first; ``draw_declined``: the move answered the
    #: recipient's draw offer)
    MOVE = "move"
    #: the partner offers a draw (``player``; ``move`` when made with a move,
    #: or when the partner's own offer stands as they move, told instead of
    #: MOVE, with ``draw_declined`` when the move also answered the
    #: recipient's offer, and ``message`` if any)
    DRAW_OFFERED = "draw_offered"
    #: the recipient's draw offer was accepted / declined (``player``)
    DRAW_ACCEPTED = "draw_accepted"
    DRAW_DECLINED = "draw_declined"
    #: the partner resigned (``player``, ``result``)
    RESIGNED = "resigned"
    #: the game ended other than by a move told as MOVE, a resignation or a
    #: loss on time (``result``, ``reason`` a code): a draw claimed by the
    #: partner (``player``, ``move`` when claimed with one), a decision that
    #: ends a game its players are not told of otherwise (``case``,
    #: ``status``)
    GAME_OVER = "game_over"
    #: the recipient's conditional line ended unplayed (``line``: its moves
    #: left, in SAN; ``reason`` a code: "deviated" with ``move``,
    #: "draw_offer" with ``move``, "game_over")
    CONDITIONAL_LAPSED = "conditional_lapsed"
    #: a server game lost on time, to both players (54.5.2)
    FORFEIT = "forfeit"
    #: the recipient's time in the period is running low (``days_left``,
    #: ``deadline`` ISO, ``percent``)
    TIME_LOW = "time_low"
    #: five days or fewer left before the control (56.4.10; ``days_left``)
    FIVE_DAYS = "five_days"
    #: no move for 14, 28 or 35 days (``days``; ``move`` the partner's last)
    NO_MOVE = "no_move"
    #: an email move unanswered for 14 days, sent again (56.5.1)
    REMINDER = "reminder"
    #: post: the recipient's move unanswered for 30 days (55.5.1)
    POST_NO_REPLY = "post_no_reply"
    #: post: White's first move missing 30 days after the start (55.5.1)
    POST_NO_FIRST_MOVE = "post_no_first_move"
    #: the partner went over the limit: a claim the recipient may file (§10.4)
    OVERSTEP_OPEN = "overstep_open"
    #: a partner's leave is recorded, announced in advance to the partners
    #: and the arbiter (56.7.2; ``player``, ``first``, ``last`` ISO)
    LEAVE_RECORDED = "leave_recorded"
    #: a partner's leave begins or ends (56.7.2)
    LEAVE_STARTED = "leave_started"
    LEAVE_ENDED = "leave_ended"
    #: a leave announced is withdrawn before it began (56.7.3)
    LEAVE_WITHDRAWN = "leave_withdrawn"
    #: the event began: the recipient's games are open (``event`` its name,
    #: ``code``, ``start`` ISO, ``games``: how many, ``opponents``: names,
    #: game by game, the ``white`` first ones with White)
    EVENT_STARTED = "event_started"
    #: the recipient is paired in a game (``white``, ``black``, ``round``;
    #: ``event``, ``code``): a Swiss round paired during the event, whose
    #: games begin at once
    PAIRED = "paired"
    #: the recipient has no game in a Swiss round: the bye (``event``,
    #: ``code``, ``round``, ``points`` as the regulations score it)
    BYE = "bye"
    #: the organiser accepted or refused the recipient's entry (``event``,
    #: ``code``, ``start`` ISO, ``note`` the organiser's words if any)
    ENTRY_ACCEPTED = "entry_accepted"
    ENTRY_REFUSED = "entry_refused"
    #: every game decided and every case final: the final standings
    EVENT_CLOSED = "event_closed"
    # The arbiter's cases: each names its case.
    CLAIM_FILED = "claim_filed"
    CLAIM_RECEIVED = "claim_received"
    CASE_OPENED = "case_opened"
    CASE_DECIDED = "case_decided"
    CASE_APPEALED = "case_appealed"
    APPEAL_DECIDED = "appeal_decided"
    CASE_CLOSED = "case_closed"
    #: a protest's or an appeal's time ends soon (``what``: "protest" or
    #: "appeal", ``until`` ISO)
    CASE_DEADLINE = "case_deadline"
    SILENCE = "silence"
    LOST_EMAIL = "lost_email"
    LOST_EMAIL_EXPIRED = "lost_email_expired"
    #: our mail to a player's address bounced for good, to the arbiter of
    #: each event the player has a game going in: their mail may be lost
    #: (56.1.6; ``player``, ``address``, ``status`` as 5.1.1, ``diagnostic``
    #: the receiving server's words)
    EMAIL_BOUNCED = "email_bounced"
    #: a game goes to adjudication: the players' materials are due (56.9.4)
    UNFINISHED = "unfinished"
    #: the time for an adjudication's materials is over, to the officials
    SUBMISSIONS_CLOSED = "submissions_closed"


class Group(StrEnum):
    """The kinds a player chooses channels for, together."""

    #: the partner's moves, draw offers and answers, conditional lines, results
    MOVES = "moves"
    #: time running low, reminders of a move not made
    TIME = "time"
    #: claims, protests, decisions, appeals and their deadlines
    CASES = "cases"
    #: partners' leaves
    LEAVES = "leaves"
    #: an event's start, pairings, final standings
    EVENTS = "events"


class Channel(StrEnum):
    #: a mail at once
    EMAIL = "email"
    #: told in the daily digest, at the player's hour
    DIGEST = "digest"
    #: listed in the site's notification centre, counted as unread
    CENTRE = "centre"
    #: pushed to the browsers the player allowed (Web Push)
    PUSH = "push"


GROUP_OF: Mapping[Kind, Group] = {
    **{
        k: Group.MOVES
        for k in (
            Kind.MOVE,
            Kind.DRAW_OFFERED,
            Kind.DRAW_ACCEPTED,
            Kind.DRAW_DECLINED,
            Kind.RESIGNED,
            Kind.GAME_OVER,
            Kind.CONDITIONAL_LAPSED,
            Kind.FORFEIT,
            Kind.OVERSTEP_OPEN,
        )
    },
    **{
        k: Group.TIME
        for k in (
            Kind.TIME_LOW,
            Kind.FIVE_DAYS,
            Kind.NO_MOVE,
            Kind.REMINDER,
            Kind.POST_NO_REPLY,
            Kind.POST_NO_FIRST_MOVE,
        )
    },
    Kind.LEAVE_RECORDED: Group.LEAVES,
    Kind.LEAVE_STARTED: Group.LEAVES,
    Kind.LEAVE_ENDED: Group.LEAVES,
    Kind.LEAVE_WITHDRAWN: Group.LEAVES,
    Kind.EVENT_STARTED: Group.EVENTS,
    Kind.ENTRY_ACCEPTED: Group.EVENTS,
    Kind.ENTRY_REFUSED: Group.EVENTS,
    Kind.PAIRED: Group.EVENTS,
    Kind.BYE: Group.EVENTS,
    Kind.EVENT_CLOSED: Group.EVENTS,
    **{
        k: Group.CASES
        for k in (
            Kind.CLAIM_FILED,
            Kind.CLAIM_RECEIVED,
            Kind.CASE_OPENED,
            Kind.CASE_DECIDED,
            Kind.CASE_APPEALED,
            Kind.APPEAL_DECIDED,
            Kind.CASE_CLOSED,
            Kind.CASE_DEADLINE,
            Kind.SILENCE,
            Kind.LOST_EMAIL,
            Kind.LOST_EMAIL_EXPIRED,
            Kind.EMAIL_BOUNCED,
            Kind.UNFINISHED,
            Kind.SUBMISSIONS_CLOSED,
        )
    },
}

#: In email and post events the mail is the rules' own transport: these go
#: by mail whatever the player chose (the move in the standard form, 56.2.1;
#: draw offers, their answers and resignations, which travel as moves do;
#: the repeated move, 56.5.1; the claim one may file, §10.4; partners'
#: leaves, 56.7.2; the start, from which the games' subjects are answered,
#: 55.4.6; ...).
CORRESPONDENCE_MAIL: frozenset[Kind] = frozenset(
    {
        Kind.MOVE,
        Kind.DRAW_OFFERED,
        Kind.DRAW_ACCEPTED,
        Kind.DRAW_DECLINED,
        Kind.RESIGNED,
        Kind.GAME_OVER,
        Kind.REMINDER,
        Kind.POST_NO_REPLY,
        Kind.POST_NO_FIRST_MOVE,
        Kind.OVERSTEP_OPEN,
        Kind.LEAVE_RECORDED,
        Kind.LEAVE_STARTED,
        Kind.LEAVE_ENDED,
        Kind.LEAVE_WITHDRAWN,
        Kind.EVENT_STARTED,
        Kind.EVENT_CLOSED,
    }
)


#: mailed whatever was chosen: a loss on time, and what an entrant must
#: hear wherever they play: their entry's answer and the start with their
#: games, and a Swiss round's game or bye (its time runs from the pairing)
ALWAYS_MAILED = frozenset(
    {
        Kind.FORFEIT,
        Kind.ENTRY_ACCEPTED,
        Kind.ENTRY_REFUSED,
        Kind.EVENT_STARTED,
        Kind.PAIRED,
        Kind.BYE,
    }
)


def is_formal(kind: Kind, mode: Mode | None) -> bool:
    """Mailed whatever the recipient chose: a case (its parties are told in
    writing, 54.1.2, and a decision starts the time to appeal), a loss on
    time (54.5.2), and the correspondence of email and post events."""
    if GROUP_OF[kind] == Group.CASES or kind in ALWAYS_MAILED:
        return True
    return mode in (Mode.EMAIL, Mode.POST) and kind in CORRESPONDENCE_MAIL


def default_channels(group: Group, mode: Mode | None) -> frozenset[Channel]:
    """Players of email and post events get their mail as they always did;
    players of server events get the digest and the centre."""
    if mode in (Mode.EMAIL, Mode.POST) or group == Group.CASES:
        return frozenset({Channel.EMAIL, Channel.CENTRE})
    return frozenset({Channel.DIGEST, Channel.CENTRE})


def chosen_channels(player: Player, group: Group, mode: Mode | None) -> frozenset[Channel]:
    """The channels ``player`` chose for ``group``, or the defaults."""
    choice = (player.notify_channels or {}).get(group.value)
    if choice is None:
        return default_channels(group, mode)
    return frozenset(Channel(c) for c in choice if c in Channel.__members__.values())


@dataclass(frozen=True)
class Notice:
    """One thing one person should hear of."""

    recipient_id: int
    kind: Kind
    game_id: int | None = None
    case_id: int | None = None
    event_id: int | None = None
    params: Mapping[str, Value] = field(default_factory=dict)
    #: the event's arbiter gets a copy (a fault near the control, 56.4.10; a
    #: claim filed, 56.6.2; a reminder, 56.5.1; ...)
    copy_arbiter: bool = False
    #: a notice that must come once only names itself ("no_move:12:28"): a
    #: second notice with the same key for the same person is dropped
    key: str | None = None


@dataclass(frozen=True)
class Delivery:
    """A stored notice, handed to the doors."""

    notice: Notice
    channels: frozenset[Channel]
    #: mailed whatever the recipient chose (:func:`is_formal`)
    formal: bool
    #: the mode of the notice's event, when it has one
    mode: Mode | None

    @property
    def by_email(self) -> bool:
        return self.formal or Channel.EMAIL in self.channels


Handler = Callable[[Session, Delivery], None]


@dataclass(frozen=True)
class DigestGame:
    """A game in which it is the digest's reader's move."""

    game_id: int
    event_code: str
    event_name: str
    opponent: str
    #: the reader plays White
    white: bool
    #: the reader's move number to make
    move_number: int
    #: days left before the control (the ledger's count, spec §3)
    days_left: int
    #: the last day the reader may think without going over the limit
    deadline: date
    #: the partner's last move, in the reader's notation (None: no move yet)
    last_move: str | None


@dataclass(frozen=True)
class DigestItem:
    """A stored notice told in the digest; moves in its parameters already
    in the reader's notation."""

    notification_id: int
    kind: Kind
    game_id: int | None
    case_id: int | None
    event_id: int | None
    params: Mapping[str, Value]
    created_at: datetime


@dataclass(frozen=True)
class Digest:
    """One player's daily digest, for their own local ``day``."""

    recipient_id: int
    day: date
    #: fewest days left first
    games: tuple[DigestGame, ...]
    #: oldest first
    items: tuple[DigestItem, ...]
    #: games to move beyond those listed
    more: int = 0
    #: counting stopped at ``more``: there are more than that
    more_than: bool = False


DigestHandler = Callable[[Session, Digest], None]


def mode_of(session: Session, notice: Notice) -> Mode | None:
    """The mode of the event the notice is about, if any."""
    event: Event | None = None
    if notice.case_id is not None:
        case = held(session, Case, notice.case_id)
        event = case.event if case is not None else None
    if event is None and notice.game_id is not None:
        game = held(session, Game, notice.game_id)
        event = game.event if game is not None else None
    if event is None and notice.event_id is not None:
        event = held(session, Event, notice.event_id)
    return event.mode if event is not None else None


def recipient(session: Session, notice: Notice) -> Player | None:
    """The player a notice is for; None once they are gone."""
    return held(session, Player, notice.recipient_id)


def subjects(session: Session, notice: Notice) -> tuple[Game | None, Case | None, Event | None]:
    """What a notice is about: its game, its case, and the event of its
    case, else of its game, else its own."""
    game = held(session, Game, notice.game_id) if notice.game_id is not None else None
    case = held(session, Case, notice.case_id) if notice.case_id is not None else None
    event: Event | None = None
    if case is not None:
        event = case.event
    elif game is not None:
        event = game.event
    elif notice.event_id is not None:
        event = held(session, Event, notice.event_id)
    return game, case, event


def digest_recipient(session: Session, digest: Digest) -> Player | None:
    """The player a digest is for; None once they are gone."""
    return session.get(Player, digest.recipient_id)


def item_event(session: Session, item: DigestItem) -> Event | None:
    """The event a digest's item names, if any."""
    return session.get(Event, item.event_id) if item.event_id is not None else None


class Notifications:
    """The hub: services notify, the hub stores, the doors' handlers deliver."""

    def __init__(self, clock: Clock | None = None) -> None:
        self._handlers: list[Handler] = []
        self._digest_handlers: list[DigestHandler] = []
        #: the services' clock (set by :class:`cc.kernel.context.ServiceContext`)
        self.clock = clock
        #: Web Push is offered only when the site has VAPID keys
        self.push_enabled = False

    def subscribe(self, handler: Handler) -> None:
        self._handlers.append(handler)

    def subscribe_digest(self, handler: DigestHandler) -> None:
        self._digest_handlers.append(handler)

    def digest(self, session: Session, digest: Digest) -> None:
        """Hand one player's digest to the doors, in the caller's transaction
        (the one that records the player's day as done)."""
        for handler in self._digest_handlers:
            handler(session, digest)

    def notify(self, session: Session, notice: Notice) -> Delivery | None:
        """Store ``notice`` and hand it to every handler, in the caller's
        transaction. None when the recipient is gone or a notice with the
        same key was already recorded for them."""
        person = held(session, Player, notice.recipient_id)
        if person is None:
            return None
        if notice.key is not None:
            seen = session.scalar(
                select(Notification.id).where(
                    Notification.recipient_id == person.id, Notification.key == notice.key
                )
            )
            if seen is not None or any(
                r["recipient_id"] == person.id and r["key"] == notice.key
                for r in rows.waiting(session, Notification)
            ):
                return None
        mode = mode_of(session, notice)
        channels = chosen_channels(person, GROUP_OF[notice.kind], mode)
        if not self.push_enabled:
            channels = channels - {Channel.PUSH}
        now = self.clock.now() if self.clock is not None else datetime.now(UTC)
        formal = is_formal(notice.kind, mode)
        by_email = formal or Channel.EMAIL in channels
        row = {
            "recipient_id": person.id,
            "kind": notice.kind.value,
            "game_id": notice.game_id,
            "case_id": notice.case_id,
            "event_id": notice.event_id,
            "params": dict(notice.params),
            "channels": sorted(c.value for c in channels),
            "key": notice.key,
            "created_at": now,
            # Only the centre's notices count as unread, and only the
            # digest's wait for it (a notice mailed at once is not said
            # again): the digest reads the rows not yet digested.
            "read_at": None if Channel.CENTRE in channels else now,
            "digested_at": None if Channel.DIGEST in channels and not by_email else now,
            "push_due": Channel.PUSH in channels,
            "push_claimed_until": None,
        }
        # Not flushed here: a run that notifies many (the daily run) writes
        # its rows together at the end of its batch.
        rows.add(session, Notification, row)
        delivery = Delivery(notice, channels, formal, mode)
        for handler in self._handlers:
            handler(session, delivery)
        return delivery


__all__ = [
    "CORRESPONDENCE_MAIL",
    "GROUP_OF",
    "Channel",
    "Delivery",
    "Digest",
    "DigestGame",
    "DigestHandler",
    "DigestItem",
    "Group",
    "Handler",
    "Kind",
    "Notice",
    "Notifications",
    "Value",
    "chosen_channels",
    "default_channels",
    "is_formal",
    "mode_of",
]
