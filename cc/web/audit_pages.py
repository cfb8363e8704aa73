"""The audit log on the site: a game's, a case's, an event's and a person's.

Read-only pages over :class:`cc.views.audit_log.AuditLog`, newest first,
a page at a time; who may read which log is the service's to say.
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import Response

from cc.text.i18n import word
from cc.views.audit_log import AuditPage
from cc.web.context import actor_of, language, services_of
from cc.web.notice_words import REASONS
from cc.web.rendering import render, signed_in

router = APIRouter(include_in_schema=False)


#: details whose values are codes, said in words
CODED = ("reason", "kind", "decision")


def _show(request: Request, page: AuditPage, back: str) -> Response:
    lang = language(request)

    def detail(key: str, value: object) -> str:
        """A detail's value as the reader reads it: codes in words, lists joined."""
        if isinstance(value, list | tuple):
            return ", ".join(str(v) for v in value)
        if key in CODED and isinstance(value, str):
            reason = REASONS.get(value) if key == "reason" else None
            if reason is not None:
                return reason.localize(lang)
            said = word(key, value, lang)
            return said if said != value else value.replace("_", " ")
        return str(value)

    return render(request, "audit.html", page=page, back=back, path=request.url.path, detail=detail)


@router.get("/audit/games/{game_id}")
def game_log(request: Request, game_id: int, before: int | None = None) -> Response:
    info = signed_in(request)
    page = services_of(request).audit_log.of_game(actor_of(info), game_id, before)
    return _show(request, page, f"/games/{game_id}")


@router.get("/audit/cases/{case_id}")
def case_log(request: Request, case_id: int, before: int | None = None) -> Response:
    info = signed_in(request)
    page = services_of(request).audit_log.of_case(actor_of(info), case_id, before)
    return _show(request, page, f"/cases/{case_id}")


@router.get("/audit/events/{code}")
def event_log(request: Request, code: str, before: int | None = None) -> Response:
    info = signed_in(request)
    page = services_of(request).audit_log.of_event(actor_of(info), code, before)
    return _show(request, page, f"/arbiter/events/{code}")


@router.get("/audit/players/{login}")
def player_log(request: Request, login: str, before: int | None = None) -> Response:
    info = signed_in(request)
    page = services_of(request).audit_log.of_player(actor_of(info), login, before)
    return _show(request, page, "/arbiter")
