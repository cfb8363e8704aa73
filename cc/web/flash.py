"""What a page says after an action: "your move is sent", "the draw is
offered", ...

A form's POST redirects to the page with ``?done=CODE``; the page says the
code's sentence in the viewer's language. Only the codes listed here are
said, so a link cannot make the site say anything else.
"""

from __future__ import annotations

from collections.abc import Mapping

from fastapi import Request
from fastapi.responses import RedirectResponse

from cc.text.i18n import N_, Text

SAID: Mapping[str, Text] = {
    "sent": N_("Your move is sent to your opponent."),
    "sent_fired": N_("Your move is sent; your opponent's conditional reply followed at once."),
    "offered": N_("Your draw offer is sent to your opponent."),
    "declined": N_("You declined the draw offer."),
    "drawn": N_("The game is drawn by agreement."),
    "claimed": N_("Your draw claim is recorded."),
    "resigned": N_("You resigned the game."),
    "line_saved": N_("Your conditional line is saved; it stays private until it fires."),
    "line_cancelled": N_("Your conditional line is cancelled."),
    "receipt": N_("The receipt is recorded."),
    "record_loaded": N_("The record is loaded: its moves and their dates are in the schedule."),
    "leave_taken": N_("Your leave is recorded; your partners and the arbiter are told."),
    "leave_ended": N_("Your leave is ended."),
    "processed_again": N_("The message was read again; what became of it is below."),
    "released": N_("The message was released and read; what became of it is below."),
    "sent_again": N_("The message is queued again."),
    "invited": N_("The invitation is mailed: a link to choose a password, valid once."),
    "person_saved": N_("The changes are saved."),
    "address_works": N_("The address is marked as working again."),
    "merged": N_("The duplicate account is merged into this one."),
    "applied": N_("Your entry is sent; the organiser's answer comes by mail."),
    "withdrawn": N_("Your entry is withdrawn."),
    "entry_opened": N_("The event is open for entry."),
    "entry_closed": N_("The entry is closed."),
    "entry_decided": N_("The answer is recorded; the player is told by mail."),
    "entered": N_("The player is entered and told by mail."),
    "sections_formed": N_("The sections are formed."),
    "started": N_("The event has started; every player is told their games by mail."),
    "period_closed": N_("The rating period is closed: the games played in it are rated."),
    "event_created": N_("The event is created as a draft: enter its players, then start it."),
}


def redirect(path: str, done: str) -> RedirectResponse:
    """After an action: back to ``path``, saying ``done``."""
    assert done in SAID, done
    return RedirectResponse(f"{path}?done={done}", status_code=303)


def said(request: Request, lang: str) -> str | None:
    """The sentence the page was asked to say, if it is one of ours."""
    text = SAID.get(request.query_params.get("done", ""))
    return text.localize(lang) if text is not None else None


__all__ = ["SAID", "redirect", "said"]
