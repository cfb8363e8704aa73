"""The arbiter's desk at ``/arbiter``: their work first, their events below;
and the arbiter's page of an event, with its report and its FIDE report
file (TRF, :mod:`cc.events.trf`), and of a Swiss round.

The desk reads :class:`cc.views.arbiter_desk.ArbiterDesk` and links each
item to where the arbiter acts (the case, the game, the event's overview);
nothing here decides anything.
"""

from __future__ import annotations

import re
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import PlainTextResponse, Response

from cc.accounts.sessions import SessionInfo
from cc.web.context import actor_of, language, services_of
from cc.web.rendering import render, signed_in

router = APIRouter(include_in_schema=False)


@router.get("/arbiter")
def arbiter_desk(request: Request) -> Response:
    info = signed_in(request)
    desk = services_of(request).desk.desk(actor_of(info))
    return render(request, "arbiter_desk.html", desk=desk)


@router.get("/arbiter/events/{code}")
def arbiter_event(request: Request, code: str) -> Response:
    info = signed_in(request)
    return render(request, "arbiter_event.html", **arbiter_event_context(request, info, code))


def arbiter_event_context(request: Request, info: SessionInfo, code: str) -> dict[str, Any]:
    """The arbiter's page of an event: its games with their clocks, leaves,
    cases, the report and the crosstable."""
    svc = services_of(request)
    overview = svc.queries.event_overview(actor_of(info), code)
    cases = [c for c in svc.cases.cases(actor_of(info)) if c.event == code]
    players = sorted(
        {(g.white_name, g.white) for g in overview.games}
        | {(g.black_name, g.black) for g in overview.games}
    )
    return {
        "overview": overview,
        "cases": cases,
        "players": players,
        "standings": svc.standings.event(code),
        "report": svc.event_report.report(actor_of(info), code, language(request)),
        "trf_sections": svc.trf.sections(actor_of(info), code),
        "paired_rounds": svc.round_report.paired_rounds(actor_of(info), code),
    }


@router.get("/arbiter/events/{code}/rounds/{number:int}")
def arbiter_round(request: Request, code: str, number: int, section: str | None = None) -> Response:
    """A Swiss round's pairs and why each is what it is, for the event's officials."""
    info = signed_in(request)
    view = services_of(request).round_report.round(actor_of(info), code, number, section)
    return render(request, "arbiter_round.html", view=view)


@router.get("/arbiter/events/{code}/report.txt")
def event_report(request: Request, code: str) -> Response:
    info = signed_in(request)
    text = services_of(request).event_report.report(actor_of(info), code, language(request))
    return PlainTextResponse(
        text,
        headers={"Content-Disposition": f'attachment; filename="{code}-report.txt"'},
    )


@router.get("/events/{code}/trf")
def event_trf(request: Request, code: str, section: str | None = None) -> Response:
    """A section as FIDE's TRF, for the event's officials (the first section
    unless ``section`` names one)."""
    info = signed_in(request)
    text = services_of(request).trf.export(actor_of(info), code, section)
    name = re.sub(r"[^A-Za-z0-9_.-]", "_", code if section is None else f"{code}-{section}")
    return PlainTextResponse(
        text,
        media_type="text/plain; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="{name}.trf"'},
    )
