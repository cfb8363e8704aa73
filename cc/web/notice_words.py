"""A stored notification said in words, and the page it is about.

The hub stores a notice as its kind and parameters (codes, numbers, names,
ISO dates), never as text, so each reader gets it in their own language:
here every :class:`~cc.kernel.notifications.Kind` has its one-line text,
a gettext message like the pages' own, and the codes it carries (how a game
ended, a decision) are said in words. The centre, the JSON API and anything
else that lists notices share it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol
from urllib.parse import quote

from cc.accounts.addresses import status_meaning
from cc.events.systems.knockout_text import paired_stage
from cc.kernel.notifications import Kind
from cc.text.i18n import N_, Text, code, join, word
from cc.text.words import WORDS

#: how much of a free-text summary (a statement, a protest) a line shows
SUMMARY_CHARS = 120


class NoticeLike(Protocol):
    """What a line needs of a notification (a NotificationView fits)."""

    @property
    def kind(self) -> str: ...
    @property
    def game_id(self) -> int | None: ...
    @property
    def case_id(self) -> int | None: ...
    @property
    def event_id(self) -> int | None: ...
    @property
    def params(self) -> Mapping[str, Any]: ...


#: how a game ended (cc.base.kinds.ResultReason), as a line says it
REASONS: Mapping[str, Text] = {
    "checkmate": N_("checkmate"),
    "resignation": N_("resignation"),
    "agreed_draw": N_("a draw by agreement"),
    "stalemate": N_("stalemate"),
    "insufficient_material": N_("insufficient material"),
    "threefold_repetition": N_("threefold repetition"),
    "fifty_moves": N_("the fifty-move rule"),
    "fivefold_repetition": N_("fivefold repetition"),
    "seventyfive_moves": N_("the seventy-five-move rule"),
    "time_forfeit": N_("lost on time"),
    "adjudication": N_("adjudication"),
    "withdrawal": N_("withdrawal"),
    "default": N_("by default"),
}


def reason_words(reason: str, lang: str) -> str:
    """How a game ended, in words (checkmate, lost on time, ...)."""
    text = REASONS.get(reason)
    return text.localize(lang) if text is not None else word("reason", reason, lang)


Params = dict[str, Any]
Saying = Callable[[Params], Text]


def _move(p: Params) -> Text:
    if p["fired"]:
        return N_(
            "{player} played {move} in game {game}; your conditional reply {fired} is played",
            **p,
        )
    if p["message"]:
        return N_('{player} played {move} in game {game}: "{message}"', **p)
    return N_("{player} played {move} in game {game}", **p)


def _draw_offered(p: Params) -> Text:
    if p["move"] != "?":
        return N_("{player} played {move} and offers a draw in game {game}", **p)
    return N_("{player} offers a draw in game {game}", **p)


def _bounce_reason(p: Params) -> Text:
    """Why mail bounced: its status in words, and the status itself."""
    status = p.get("status")
    status = status if isinstance(status, str) and status.count(".") == 2 else "5.0.0"
    return join(" ", [status_meaning(status), f"({status})"])


def _lapsed(p: Params) -> Text:
    if p["reason"] == "deviated":
        return N_(
            "Your conditional line {line} in game {game} is over: your opponent played {move}",
            **p,
        )
    if p["reason"] == "game_over":
        return N_("Your conditional line {line} in game {game} is over: the game ended", **p)
    return N_("Your conditional line {line} in game {game} ended unplayed", **p)


def _reminder(p: Params) -> Text:
    if p["move"] == "?":  # no move yet: White's first move has not come
        return N_(
            "Game {game}: you have the first move, and {days} days have passed since the "
            "start without it",
            **p,
        )
    return N_(
        "Game {game}: your opponent's move {move} is sent to you again after {days} days", **p
    )


def _deadline(p: Params) -> Text:
    if p["what"] == "appeal":
        return N_("Case {case}: the time to appeal ends on {until}", **p)
    return N_("Case {case}: the time to protest ends on {until}", **p)


def _appeal_decided(p: Params) -> Text:
    if p["verdict"] == "reversed":
        return N_("Case {case}: the appeal arbiter changed the decision to: {decision}", **p)
    return N_("Case {case}: the appeal arbiter confirmed the decision: {decision}", **p)


SAYINGS: Mapping[Kind, Saying] = {
    Kind.MOVE: _move,
    Kind.DRAW_OFFERED: _draw_offered,
    Kind.DRAW_ACCEPTED: lambda p: N_("{player} accepted your draw offer in game {game}", **p),
    Kind.DRAW_DECLINED: lambda p: N_("{player} declined your draw offer in game {game}", **p),
    Kind.RESIGNED: lambda p: N_("{player} resigned in game {game}: {result}", **p),
    Kind.GAME_OVER: lambda p: N_("Game {game} is over: {result}, {reason}", **p),
    Kind.CONDITIONAL_LAPSED: _lapsed,
    Kind.FORFEIT: lambda p: N_("{player} lost game {game} on time: {result}", **p),
    Kind.TIME_LOW: lambda p: N_(
        "Game {game}: your time is running low, {days_left} days left (until {deadline})", **p
    ),
    Kind.FIVE_DAYS: lambda p: N_(
        "Game {game}: {days_left} days or fewer left before the time control", **p
    ),
    Kind.NO_MOVE: lambda p: N_("Game {game}: no move for {days} days", **p),
    Kind.REMINDER: _reminder,
    Kind.POST_NO_REPLY: lambda p: N_(
        "Game {game}: your move {move} has had no answer for {days} days; repeat it by "
        "registered mail",
        **p,
    ),
    Kind.POST_NO_FIRST_MOVE: lambda p: N_(
        "Game {game}: White has made no first move in {days} days", **p
    ),
    Kind.OVERSTEP_OPEN: lambda p: N_(
        "Game {game}: {player} went over the time limit on {day}; you may claim it", **p
    ),
    Kind.LEAVE_RECORDED: lambda p: N_("{player} announced a leave from {first} to {last}", **p),
    Kind.LEAVE_STARTED: lambda p: N_("{player} is on leave from {first} to {last}", **p),
    Kind.LEAVE_ENDED: lambda p: N_("{player}'s leave ended on {last}", **p),
    Kind.LEAVE_WITHDRAWN: lambda p: N_("{player} withdrew the leave from {first} to {last}", **p),
    Kind.EVENT_STARTED: lambda p: (
        N_(
            "{event} has started; you have a bye in the first round: you will be told "
            "when your first match is paired",
            **p,
        )
        if p.get("bye")
        else N_("{event} has started; your games: {games}", **p)
    ),
    Kind.ENTRY_ACCEPTED: lambda p: N_("Your entry to {event} is accepted", **p),
    Kind.ENTRY_REFUSED: lambda p: N_("Your entry to {event} is not accepted", **p),
    Kind.PAIRED: lambda p: N_(
        "You are paired in game {game}: {white} – {black}, {stage}",
        **{**p, "stage": paired_stage(p)},
    ),
    Kind.BYE: lambda p: N_("{event}, round {round}: you have the bye ({points})", **p),
    Kind.EVENT_CLOSED: lambda p: N_("{event} is over: the final standings are out", **p),
    Kind.CLAIM_FILED: lambda p: N_(
        "Game {game}: {claimant} claims you went over the time limit (case {case}); "
        "you may protest until {until}",
        **p,
    ),
    Kind.CLAIM_RECEIVED: lambda p: N_(
        "Your time claim in game {game} is filed as case {case}", **p
    ),
    Kind.CASE_OPENED: lambda p: N_("Case {case} is opened in {event}: {summary}", **p),
    Kind.CASE_DECIDED: lambda p: N_(
        "Case {case}: the arbiter decided: {decision}; an appeal is possible until {until}", **p
    ),
    Kind.CASE_APPEALED: lambda p: N_("Case {case}: {player} appealed the decision", **p),
    Kind.APPEAL_DECIDED: _appeal_decided,
    Kind.CASE_CLOSED: lambda p: N_("Case {case} is closed: {decision}", **p),
    Kind.CASE_DEADLINE: _deadline,
    Kind.SILENCE: lambda p: N_(
        "Game {game}: no move for {days} days; the arbiter has case {case}", **p
    ),
    Kind.LOST_EMAIL: lambda p: N_(
        "Case {case}: {player} lost access to their email; it must be restored by {until}", **p
    ),
    Kind.LOST_EMAIL_EXPIRED: lambda p: N_(
        "Case {case}: {player} did not restore their email in time and is treated as "
        "withdrawn from {event}",
        **p,
    ),
    Kind.EMAIL_BOUNCED: lambda p: N_(
        "The email of {player} ({address}) bounced: {reason}; their mail may be lost (Art. 56.1.6)",
        **(p | {"reason": _bounce_reason(p)}),
    ),
    Kind.UNFINISHED: lambda p: N_(
        "Game {game} goes to adjudication (case {case}): send your materials by {until}", **p
    ),
    Kind.SUBMISSIONS_CLOSED: lambda p: N_(
        "Case {case}: the time for materials in game {game} is over", **p
    ),
}


class _Missing(dict[str, Any]):
    """The parameters of a line, with "?" for any a notice did not carry:
    a notice recorded by an older or newer version still says something."""

    def __missing__(self, key: str) -> str:
        return "?"


def _params(item: NoticeLike, events: Mapping[int, str]) -> Params:
    raw = dict(item.params)
    p: Params = _Missing({k: v for k, v in raw.items() if v is not None and v != ""})
    if item.game_id is not None:
        p.setdefault("game", item.game_id)
    if item.case_id is not None:
        p["case"] = item.case_id
    if item.event_id is not None and item.event_id in events:
        p.setdefault("event", events[item.event_id])
    for name in ("deadline", "until", "day", "first", "last"):
        if isinstance(p.get(name), str):
            p[name] = p[name][:10]  # an ISO instant: its day is enough for a line
    fired = p.get("fired")
    p["fired"] = " ".join(fired) if isinstance(fired, list) else (fired or "")
    p["message"] = p.get("message", "")
    summary = str(p.get("summary", "")).strip()
    if len(summary) > SUMMARY_CHARS:
        summary = summary[: SUMMARY_CHARS - 1].rstrip() + "…"
    p["summary"] = summary or "—"
    reason = p.get("reason")
    if isinstance(reason, str) and reason in REASONS and item.kind != Kind.CONDITIONAL_LAPSED:
        p["reason"] = REASONS[reason]
    result = p.get("result")
    if isinstance(result, str) and result in WORDS["result"]:
        p["result"] = code("result", result)
    decision = p.get("decision")
    if isinstance(decision, str) and decision in WORDS["decision"]:
        p["decision"] = Text(WORDS["decision"][decision])
    # Fill every placeholder a text may name, so N_ can render the English.
    return {k: p[k] for k in _PLACEHOLDERS} | {k: v for k, v in p.items()}


_PLACEHOLDERS = (
    "player",
    "move",
    "game",
    "case",
    "event",
    "result",
    "reason",
    "line",
    "fired",
    "message",
    "days",
    "days_left",
    "deadline",
    "day",
    "first",
    "last",
    "games",
    "white",
    "black",
    "round",
    "claimant",
    "until",
    "summary",
    "decision",
    "verdict",
    "what",
    "address",
    "points",
)


def text(item: NoticeLike, events: Mapping[int, str] | None = None) -> Text:
    """The notification as a :class:`Text` (English; ``.localize(lang)`` for another)."""
    p = _params(item, events or {})
    try:
        saying = SAYINGS[Kind(item.kind)]
    except (KeyError, ValueError):
        if p["game"] != "?":
            return N_("Something happened in game {game}", game=p["game"])
        return N_("Something happened that concerns you")
    return saying(p)


def say(item: NoticeLike, lang: str, events: Mapping[int, str] | None = None) -> str:
    """The notification in ``lang``, one line.

    ``events`` gives the names of the events that notices about a whole
    event name (by id).
    """
    return text(item, events).localize(lang)


def target(item: NoticeLike, events: Mapping[int, str] | None = None) -> str:
    """The page a notification is about: its case, its game, its event's
    crosstable, or else the list of notifications."""
    if item.case_id is not None:
        return f"/cases/{item.case_id}"
    if item.game_id is not None:
        return f"/games/{item.game_id}"
    code = (events or {}).get(item.event_id) if item.event_id is not None else None
    if code and item.kind == Kind.EMAIL_BOUNCED:
        return f"/arbiter/events/{quote(code, safe='')}"
    if code and item.kind in (Kind.ENTRY_ACCEPTED, Kind.ENTRY_REFUSED):
        return f"/events/{quote(code, safe='')}/regulations"
    if code:
        return f"/events/{quote(code, safe='')}/crosstable"
    return "/notifications"


__all__ = ["REASONS", "SAYINGS", "NoticeLike", "say", "target", "text"]
