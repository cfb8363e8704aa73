"""The rules a case keeps to: its periods, its articles, the decisions open to it."""

from __future__ import annotations

from datetime import date, datetime

from cc.base import errors
from cc.base.kinds import CaseKind, Door, GameResult
from cc.base.regulations import Mode
from cc.kernel.context import Actor
from cc.store.models import Case, Event
from timekeeping import local_date

#: who acts when the daily run raises or moves a case on
DAILY_RUN = Actor.operator(Door.SYSTEM, label="daily run")
#: the accused's protest against a time claim (56.6.4)
PROTEST_DAYS = 14
#: an appeal against any decision (54.1.4, 55.1.6, 56.1.10; spec §10.7)
APPEAL_DAYS = 14
#: a lost email not restored in this many days means withdrawal (56.1.6)
LOST_EMAIL_DAYS = 30

DECISIONS: dict[CaseKind, tuple[str, ...]] = {
    CaseKind.TIME_CLAIM: ("upheld", "rejected"),
    CaseKind.SILENCE: ("loss_white", "loss_black", "dismissed"),
    CaseKind.WITHDRAWAL: ("loss", "adjudication", "exclusion"),
    CaseKind.COMPLAINT: ("dismissed", "warning", "exclusion"),
    CaseKind.LOST_EMAIL: (),
    CaseKind.ADJUDICATION: ("white_wins", "black_wins", "draw"),
}
#: materials for an adjudication are due within 14 days of the end (56.9.4)
SUBMISSION_DAYS = 14
#: an adjudication's decision and the game result it stands for
RESULTS = {
    "white_wins": GameResult.WHITE_WINS,
    "black_wins": GameResult.BLACK_WINS,
    "draw": GameResult.DRAW,
}
DECISION_OF = {v.value: k for k, v in RESULTS.items()}


def claim_article(mode: Mode) -> str:
    """The article that bounds a time claim: the reply to the control move."""
    return "55.6.3" if mode == Mode.POST else "56.6.1"


def appeal_article(mode: Mode) -> str:
    """The article of the mode's appeal to the appeal arbiter (14 days).

    >>> [appeal_article(m) for m in (Mode.SERVER, Mode.POST, Mode.EMAIL)]
    ['54.1.4', '55.1.6', '56.1.10']
    """
    return {Mode.SERVER: "54.1.4", Mode.POST: "55.1.6"}.get(Mode(mode), "56.1.10")


def check_decision(case: Case, decision: str) -> None:
    choices = DECISIONS[case.kind]
    if decision not in choices:
        raise errors.BadDecision(
            decision=decision, kind=case.kind.value, choices=", ".join(choices) or "-"
        )


def claimed(color: str, claim: str) -> GameResult:
    """The game result a player's claim ("win", "draw", "loss") stands for."""
    if claim == "draw":
        return GameResult.DRAW
    white_wins = (claim == "win") == (color == "white")
    return GameResult.WHITE_WINS if white_wins else GameResult.BLACK_WINS


def local_day(event: Event, now: datetime) -> date:
    """The day ``now`` falls on in the event's time zone."""
    return local_date(now, event.timezone)
