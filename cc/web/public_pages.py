"""The pages anyone may read, signed in or not: the events, each event with
its games and regulations, and its crosstable.

A game's own page (``/games/{id}``, in :mod:`cc.web.game_pages`) is open on the
same terms: what the event's regulations make public
(:mod:`cc.kernel.access`).
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import Response

from cc.events.thematic import describe as describe_theme
from cc.web import flash
from cc.web.board_picture import board_svg
from cc.web.context import actor_of, language, services_of, viewer
from cc.web.notice_words import reason_words
from cc.web.rendering import form_of, render, signed_in

router = APIRouter(include_in_schema=False)


@router.get("/events")
def events_page(request: Request) -> Response:
    return render(request, "events.html", events=services_of(request).queries.public_events())


@router.get("/events/{code}")
def event_page(request: Request, code: str) -> Response:
    svc = services_of(request)
    event, games = svc.queries.public_event(code)
    lang = language(request)
    info = viewer(request)
    theme = describe_theme(event.start_fen, event.start_line, event.chess960)
    return render(
        request,
        "event.html",
        event=event,
        games=games,
        entry=svc.entries.state(actor_of(info) if info else None, code),
        arbiter_name=svc.office.regulations(actor_of(info) if info else None, code).arbiter_name,
        # a thematic event (Art. 26): its theme in words, and the position drawn
        theme=theme.localize(lang) if theme is not None else None,
        section_themes=[
            (name, text.localize(lang))
            for name, (fen, line) in event.section_themes.items()
            if (text := describe_theme(fen, line, False)) is not None
        ],
        theme_svg=board_svg(event.start_fen, flipped=False, size=180)
        if event.start_fen and not event.chess960
        else None,
        has_bracket=svc.knockout.is_knockout(code),
        reasons={
            g.result_reason: reason_words(g.result_reason, lang) for g in games if g.result_reason
        },
    )


@router.get("/events/{code}/crosstable")
def crosstable_page(request: Request, code: str) -> Response:
    svc = services_of(request)
    event, _games = svc.queries.public_event(code)
    return render(
        request,
        "crosstable_page.html",
        code=code,
        event=event,
        standings=svc.standings.event(code),
        # a game being played opens to the public only with a delay
        games_open=event.regulations["public_moves_behind"] is not None,
    )


@router.get("/events/{code}/bracket")
def bracket_page(request: Request, code: str) -> Response:
    """A knockout event's bracket (Art. 26): rounds, matches, games, placing."""
    return render(request, "bracket.html", view=services_of(request).knockout.bracket(code))


@router.post("/events/{code}/apply")
async def apply(request: Request, code: str) -> Response:
    """A signed-in player applies to an event open for entry."""
    info = signed_in(request)
    form = await form_of(request, info)
    services_of(request).entries.apply(actor_of(info), code, form.get("note") or None)
    return flash.redirect(f"/events/{code}", "applied")


@router.post("/events/{code}/withdraw")
async def withdraw(request: Request, code: str) -> Response:
    info = signed_in(request)
    await form_of(request, info)
    services_of(request).entries.withdraw(actor_of(info), code)
    return flash.redirect(f"/events/{code}", "withdrawn")
