"""The arbiter loads a record from PGN on the game's page (one game) or the
event's page (a file of the event's games): the form posts here, and
:class:`cc.games.records.RecordService` does the checking (56.9.1)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response

from cc.base import errors
from cc.games.records import LoadedRecord
from cc.text.i18n import localize
from cc.web import flash
from cc.web.arbiter_pages import arbiter_event_context
from cc.web.context import actor_of, language, services_of
from cc.web.game_pages import game_context
from cc.web.rendering import render, signed_in
from cc.web.uploads import pasted_or_uploaded

router = APIRouter(include_in_schema=False)


async def _pgn_of(request: Request) -> tuple[str, dict[str, str]]:
    """The pasted PGN, or the uploaded file's."""
    return await pasted_or_uploaded(request, signed_in(request), "pgn")


def _lines(request: Request, loaded: list[LoadedRecord]) -> list[dict[str, Any]]:
    lang = language(request)
    return [
        {
            "game_id": r.game_id,
            "kept": r.kept,
            "added": r.added,
            "result": r.result,
            "note": localize(r.note, lang) if r.note is not None else None,
        }
        for r in loaded
    ]


@router.post("/games/{game_id}/record")
async def load_game_record(request: Request, game_id: int) -> Response:
    info = signed_in(request)
    text = ""
    try:
        text, _form = await _pgn_of(request)
        loaded = services_of(request).records.load_game(actor_of(info), game_id, text)
    except errors.ServiceError as exc:
        from cc.web.api import status_for

        return render(
            request,
            "game.html",
            status=status_for(exc),
            record_error=exc.message(language(request)),
            typed_pgn=text,
            **game_context(request, info, game_id),
        )
    if loaded.note is None:
        return flash.redirect(f"/games/{game_id}", "record_loaded")
    return render(
        request,
        "game.html",
        record_loaded=_lines(request, [loaded]),
        **game_context(request, info, game_id),
    )


@router.post("/arbiter/events/{code}/record")
async def load_event_record(request: Request, code: str) -> Response:
    info = signed_in(request)
    text = ""
    try:
        text, _form = await _pgn_of(request)
        loaded = services_of(request).records.load_event(actor_of(info), code, text)
    except errors.ServiceError as exc:
        from cc.web.api import status_for

        return render(
            request,
            "arbiter_event.html",
            status=status_for(exc),
            record_error=exc.message(language(request)),
            typed_pgn=text,
            **arbiter_event_context(request, info, code),
        )
    return render(
        request,
        "arbiter_event.html",
        record_loaded=_lines(request, loaded),
        **arbiter_event_context(request, info, code),
    )
