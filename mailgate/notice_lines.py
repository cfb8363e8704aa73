"""A notice in one line of words: the body of the mail for the kinds that
need no more, and a line of the daily digest.

Kept apart from :mod:`mailgate.notices`, which decides what goes by mail
and writes the letters, because these are only words: a notice's
parameters put into the reader's language.
"""

from __future__ import annotations

from cc.base.kinds import GameStatus
from cc.events.model import Event
from cc.events.systems.knockout_text import paired_stage
from cc.games.model import Game
from cc.kernel.notifications import (
    DigestItem,
    Kind,
    Notice,
    Value,
)
from cc.text.i18n import word
from cc.text.mail import TEXTS
from mailgate.replies import say, text_of

#: the kinds :func:`said` puts into words (their parameters are codes or lists)
SAID = frozenset(
    {
        Kind.MOVE,
        Kind.DRAW_OFFERED,
        Kind.DRAW_ACCEPTED,
        Kind.DRAW_DECLINED,
        Kind.RESIGNED,
        Kind.GAME_OVER,
        Kind.CONDITIONAL_LAPSED,
        Kind.EVENT_STARTED,
    }
)


def said(lang: str, notice: Notice, game: int | None = None) -> str:
    """A notice of a game or an event's start in ``lang``: codes said in
    words, lists written out, the variant of the text its parameters call
    for."""
    params = dict(notice.params)
    kind = notice.kind
    if kind == Kind.MOVE:
        fired = listed(params.get("fired"))
        text = say(lang, "move", player=params["player"], move=params["move"], game=game)
        if fired:
            text = say(
                lang,
                "forward_fired",
                player=params["player"],
                move=params["move"],
                game=game,
                fired=" ".join(fired),
            )
        if params.get("draw_declined"):
            text += " " + say(lang, "declined_by_move", player=params["player"])
    elif kind == Kind.DRAW_OFFERED:
        text = say(lang, "draw_offered", player=params["player"], game=game)
        if "move" in params:
            text = say(lang, "move", player=params["player"], move=params["move"], game=game)
            if params.get("draw_declined"):
                text += " " + say(lang, "declined_by_move", player=params["player"])
            text += " " + say(lang, "offer_with_move", player=params["player"])
        elif params.get("partner_to_move") is False:
            text += " " + say(lang, "draw_answer_wait", player=params["player"])
        else:
            text += " " + say(lang, "draw_answer")
    elif kind == Kind.GAME_OVER:
        reason = word("reason", str(params.get("reason") or ""), lang)
        if params.get("status") == GameStatus.ANNULLED.value:
            text = say(lang, "game_annulled", game=game, case=params.get("case"))
        elif "case" in params:
            text = say(
                lang,
                "game_over_case",
                game=game,
                case=params["case"],
                result=params["result"],
                reason=reason,
            )
        elif "player" in params:
            key = "draw_claimed_move" if params.get("move") else "draw_claimed"
            text = say(
                lang,
                key,
                game=game,
                player=params["player"],
                move=params.get("move"),
                reason=reason,
            )
        else:
            text = say(lang, "game_over", game=game, result=params["result"], reason=reason)
    elif kind == Kind.CONDITIONAL_LAPSED:
        text = say(
            lang,
            f"lapsed_{params['reason']}",
            game=game,
            line=params["line"],
            move=params.get("move"),
        )
    elif kind == Kind.EVENT_STARTED and params.get("bye"):
        text = say(lang, "event_started_bye", event=params["event"], start=params["start"])
    elif kind == Kind.EVENT_STARTED:
        # Each opponent once (a double round robin meets each twice).
        opponents = ", ".join(dict.fromkeys(listed(params.get("opponents"))))
        text = say(
            lang,
            "event_started",
            event=params["event"],
            start=params["start"],
            games=params["games"],
            white=params["white"],
            opponents=opponents,
        )
    else:
        text = say(lang, kind.value, game=game, **params)
    if params.get("message"):
        text += "\n" + say(lang, "message", player=params.get("player"), message=params["message"])
    return text


class _Filled(dict[str, object]):
    """A notice's parameters for a one-line text: what is missing shows as "-"."""

    def __missing__(self, key: str) -> str:
        return "-"


def digest_line(lang: str, item: DigestItem) -> str:
    """One notice as one line of the digest, in ``lang``."""
    params: dict[str, object] = {k: v for k, v in item.params.items() if v is not None}
    fired = params.pop("fired", None)
    what = params.get("what")
    if isinstance(what, str) and f"what_{what}" in TEXTS:
        params["what"] = text_of(lang, f"what_{what}")
    line = params.get("line")
    if isinstance(line, list):
        params["line"] = " ".join(str(m) for m in line)
    key = f"d_{item.kind.value}"
    if item.kind == Kind.PAIRED:
        params["stage"] = paired_stage(item.params).localize(lang)
    if item.kind == Kind.DRAW_OFFERED and params.get("move"):
        key = "d_draw_offered_move"
    elif item.kind == Kind.REMINDER and "move" not in params:
        key = "d_reminder_first"  # White's first move has not come
    elif item.kind == Kind.EVENT_STARTED and params.get("bye"):
        key = "d_event_started_bye"  # a knockout's first-round bye
    text = text_of(lang, key if key in TEXTS else "d_other").format_map(_Filled(params))
    if item.kind == Kind.MOVE and isinstance(fired, list) and fired:
        text += text_of(lang, "d_fired").format(fired=" ".join(str(f) for f in fired))
    if item.case_id is not None:
        return text_of(lang, "digest_case_prefix").format(case=item.case_id) + text
    if item.game_id is not None:
        return text_of(lang, "digest_game_prefix").format(game=item.game_id) + text
    return text[:1].upper() + text[1:]


def listed(value: Value) -> list[str]:
    """A list parameter's items (none when it is absent)."""
    return [str(v) for v in value] if isinstance(value, list) else []


def notice_page(notice: Notice, game: Game | None, event: Event | None) -> str:
    """The site's page a notice is about (a path)."""
    if notice.case_id is not None:
        return f"/cases/{notice.case_id}"
    if game is not None:
        return f"/games/{game.id}"
    if event is not None:
        return f"/events/{event.code}/crosstable"
    return "/notifications"
