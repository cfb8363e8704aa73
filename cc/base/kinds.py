"""The kinds of things the server stores: enums that need no database.

They live here, below the store, because the doors and the rules share them
and the tables only store them: a door names a game's status or a request's
door without reaching into the store.
"""

from __future__ import annotations

import enum


class Door(enum.StrEnum):
    """The way a request reached the services."""

    WEB = "web"
    API = "api"
    EMAIL = "email"
    XFCC = "xfcc"
    POST = "post"
    CLI = "cli"
    SYSTEM = "system"


class Role(enum.StrEnum):
    PLAYER = "player"
    ARBITER = "arbiter"
    ADJUDICATOR = "adjudicator"
    APPEAL_ARBITER = "appeal_arbiter"
    ADMIN = "admin"


class EventStatus(enum.StrEnum):
    DRAFT = "draft"
    STARTED = "started"
    FINISHED = "finished"


class EventSystem(enum.StrEnum):
    """How an event's games are paired (Art. 26), announced in advance (31.7)."""

    ROUND_ROBIN = "round_robin"
    SWISS = "swiss"
    #: Olympic system, out after the first lost match
    KNOCKOUT = "knockout"
    #: Olympic system, a loser's bracket: out after the second lost match
    DOUBLE_KNOCKOUT = "double_knockout"


class ApplicationStatus(enum.StrEnum):
    APPLIED = "applied"
    ACCEPTED = "accepted"
    REFUSED = "refused"
    #: the player took it back before it was decided
    WITHDRAWN = "withdrawn"


class GameStatus(enum.StrEnum):
    ONGOING = "ongoing"
    FINISHED = "finished"
    #: unfinished, handed to the adjudicator (the event's end, 56.9.4; a
    #: withdrawal decided so, 56.8)
    ADJUDICATION = "adjudication"
    #: not counted: its player was excluded with all unfinished games (56.8)
    ANNULLED = "annulled"


class GameResult(enum.StrEnum):
    WHITE_WINS = "1-0"
    BLACK_WINS = "0-1"
    DRAW = "1/2-1/2"
    UNFINISHED = "*"


class ResultReason(enum.StrEnum):
    CHECKMATE = "checkmate"
    RESIGNATION = "resignation"
    AGREED_DRAW = "agreed_draw"
    STALEMATE = "stalemate"
    INSUFFICIENT_MATERIAL = "insufficient_material"
    THREEFOLD_REPETITION = "threefold_repetition"
    FIFTY_MOVES = "fifty_moves"
    FIVEFOLD_REPETITION = "fivefold_repetition"
    SEVENTYFIVE_MOVES = "seventyfive_moves"
    TIME_FORFEIT = "time_forfeit"
    ADJUDICATION = "adjudication"
    WITHDRAWAL = "withdrawal"
    DEFAULT = "default"


class DrawOfferStatus(enum.StrEnum):
    OPEN = "open"
    ACCEPTED = "accepted"
    DECLINED = "declined"
    #: closed unanswered because the game ended otherwise
    LAPSED = "lapsed"


class LineStatus(enum.StrEnum):
    ACTIVE = "active"
    #: every move of it fired
    COMPLETED = "completed"
    CANCELLED = "cancelled"
    #: the partner played another move, or the game ended
    LAPSED = "lapsed"


class CaseKind(enum.StrEnum):
    #: a partner's time overstep claimed (56.6, 55.6)
    TIME_CLAIM = "time_claim"
    #: no move for 40 days by email (56.5.3), 3 months by post (55.5.2)
    SILENCE = "silence"
    #: a player lost their email (56.1.6): withdrawn unless restored in 30 days
    LOST_EMAIL = "lost_email"
    #: a player leaves the event (54.7, 55.8, 56.8)
    WITHDRAWAL = "withdrawal"
    #: a breach of the rules or of sporting ethics (54.1.2, 54.1.3)
    COMPLAINT = "complaint"
    #: a game unfinished at the event's end, or by a withdrawal (56.9.4-56.9.10)
    ADJUDICATION = "adjudication"


class CaseStatus(enum.StrEnum):
    OPEN = "open"
    #: the arbiter decided; it may be appealed within 14 days
    DECIDED = "decided"
    APPEALED = "appealed"
    #: the appeal arbiter decided, or the time to appeal ran out
    FINAL = "final"
    #: ended without a decision (an email restored, a case merged into another)
    CLOSED = "closed"


class LeaveStatus(enum.StrEnum):
    ACTIVE = "active"
    #: withdrawn before it began (56.7.3)
    CANCELLED = "cancelled"


class ChargeKind(enum.StrEnum):
    #: penalty days for an illegal, impossible or wrongly repeated move
    PENALTY = "penalty"
    #: days not counted: delay answering an impossible move, at most 3 (56.4.8)
    GRACE = "grace"
    #: any other correction by the arbiter, with its reason
    ADJUSTMENT = "adjustment"


class InboundStatus(enum.StrEnum):
    #: its move or request was applied
    APPLIED = "applied"
    #: a fault: answered with the reason, and charged where the mode says so
    REFUSED = "refused"
    #: not answered: automatic mail, our own mail, an unknown sender over the limit
    IGNORED = "ignored"
    #: failed to process, to be tried again
    RETRY = "retry"
    #: failed too often: set aside for the admin
    SET_ASIDE = "set_aside"
    #: its sender failed authentication: kept for the arbiter, nothing applied
    HELD = "held"


class OutboundStatus(enum.StrEnum):
    QUEUED = "queued"
    #: handed to the relay; a crash now leaves it to be sent again with its Message-ID
    SENDING = "sending"
    SENT = "sent"
    FAILED = "failed"
