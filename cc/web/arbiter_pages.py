"""The arbiter's desk at ``/arbiter``: their work first, their events below.

The page reads :class:`cc.views.arbiter_desk.ArbiterDesk` and links each
item to where the arbiter acts (the case, the game, the event's overview);
nothing here decides anything.
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import Response

from cc.web.context import actor_of, services_of
from cc.web.pages import render, signed_in

router = APIRouter(include_in_schema=False)


@router.get("/arbiter")
def arbiter_desk(request: Request) -> Response:
    info = signed_in(request)
    desk = services_of(request).desk.desk(actor_of(info))
    return render(request, "arbiter_desk.html", desk=desk)
