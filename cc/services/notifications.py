"""What a person should hear of: recorded by the rule services, delivered by the doors.

A service whose change someone should be told of calls
``ctx.notifications.notify(session, Notice(...))`` inside the transaction of
that change. A :class:`Notice` names its recipient, its kind (a code), the
game, case or event it is about, and its parameters: codes, numbers, ISO
dates and names, never rendered text, so each door puts it into words in
the recipient's language and its own form. The doors subscribe handlers
where they are wired; a handler works in the notifying session (the email
gateway queues its mail there), so a notice goes out if and only if its
change commits. The services never import a door.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from sqlalchemy.orm import Session

#: a parameter's value: what a notice may carry, all of it storable as JSON
Value = str | int | bool | list[str] | None


class Kind(StrEnum):
    """What a notice tells. The value names the text the doors say."""

    #: the partner moved (``player``, ``move`` in SAN; ``fired``: the
    #: recipient's own conditional replies it set off, in SAN)
    MOVE = "move"
    #: a server game lost on time, to both players (54.5.2)
    FORFEIT = "forfeit"
    #: an email move unanswered for 14 days, sent again (56.5.1)
    REMINDER = "reminder"
    #: post: the recipient's move unanswered for 30 days (55.5.1)
    POST_NO_REPLY = "post_no_reply"
    #: post: White's first move missing 30 days after the start (55.5.1)
    POST_NO_FIRST_MOVE = "post_no_first_move"
    #: the partner went over the limit: a claim the recipient may file (§10.4)
    OVERSTEP_OPEN = "overstep_open"
    #: a partner's leave begins or ends (56.7.2)
    LEAVE_STARTED = "leave_started"
    LEAVE_ENDED = "leave_ended"
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
    SILENCE = "silence"
    LOST_EMAIL = "lost_email"
    LOST_EMAIL_EXPIRED = "lost_email_expired"
    #: a game goes to adjudication: the players' materials are due (56.9.4)
    UNFINISHED = "unfinished"
    #: the time for an adjudication's materials is over, to the officials
    SUBMISSIONS_CLOSED = "submissions_closed"


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


Handler = Callable[[Session, Notice], None]


class Notifications:
    """The hub: services notify, the doors' handlers deliver."""

    def __init__(self) -> None:
        self._handlers: list[Handler] = []

    def subscribe(self, handler: Handler) -> None:
        self._handlers.append(handler)

    def notify(self, session: Session, notice: Notice) -> None:
        """Hand ``notice`` to every handler, in the caller's transaction."""
        for handler in self._handlers:
            handler(session, notice)


__all__ = ["Handler", "Kind", "Notice", "Notifications", "Value"]
