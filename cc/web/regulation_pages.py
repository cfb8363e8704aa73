"""An event's regulations as a readable page: what a player agrees to.

Public like the event's crosstable once the event is open for entry or
started (a draft is the office's): the dates, the officials by name, the
time control, leave, penalties, day counting, the aids forbidden and the
tie-breaks, each in words, in the reader's language, with the articles.
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import Response

from cc.web.context import actor_of, services_of, viewer
from cc.web.rendering import render

router = APIRouter(include_in_schema=False)


@router.get("/events/{code}/regulations")
def regulations_page(request: Request, code: str) -> Response:
    info = viewer(request)
    event = services_of(request).office.regulations(actor_of(info) if info else None, code)
    knockout = services_of(request).knockout.rules(code)
    return render(
        request, "regulations.html", event=event, regs=event.regulations, knockout=knockout
    )
