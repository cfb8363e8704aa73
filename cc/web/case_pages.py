"""The cases of players, arbiters and appeal arbiters: the list, a case
with its forms, and the claims, complaints and reports that open one."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import RedirectResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException

from cc.accounts.sessions import SessionInfo
from cc.base import errors
from cc.text.i18n import N_
from cc.web.board_picture import board_label, board_svg
from cc.web.context import actor_of, language, services_of
from cc.web.rendering import form_of, render, signed_in

router = APIRouter(include_in_schema=False)


@router.get("/cases")
def cases_page(request: Request) -> Response:
    info = signed_in(request)
    return render(request, "cases.html", cases=services_of(request).cases.cases(actor_of(info)))


@router.get("/cases/{case_id}")
def case_page(request: Request, case_id: int) -> Response:
    info = signed_in(request)
    view = services_of(request).cases.case(actor_of(info), case_id)
    return render(request, "case.html", case=view, **_case_board(request, view))


def _case_board(request: Request, view: Any) -> dict[str, Any]:
    """The adjudicated position: the server's picture, and its words for the board's script."""
    if view.kind != "adjudication" or not view.fen:
        return {"svg": None}
    return {
        "svg": board_svg(view.fen, flipped=False, size=320),
        "board_label": board_label(view.fen, language(request)),
    }


def _case_error(
    request: Request,
    info: SessionInfo,
    case_id: int,
    exc: errors.ServiceError,
    typed: dict[str, str] | None = None,
) -> Response:
    """The case again with the refusal, and what was chosen and typed kept."""
    view = services_of(request).cases.case(actor_of(info), case_id)
    return render(
        request,
        "case.html",
        status=409,
        case=view,
        error=exc.message(language(request)),
        typed=typed or {},
        **_case_board(request, view),
    )


@router.post("/games/{game_id}/time-claim")
async def time_claim(request: Request, game_id: int) -> Response:
    """56.6.1: the partner's overstep claimed to the arbiter; the game stops."""
    info = signed_in(request)
    form = await form_of(request, info)
    view = services_of(request).cases.file_time_claim(
        actor_of(info), game_id, form.get("statement") or None
    )
    return RedirectResponse(f"/cases/{view.id}", status_code=303)


@router.post("/games/{game_id}/complaint")
async def complaint(request: Request, game_id: int) -> Response:
    """54.1.2: a player tells the arbiter of a partner's breach."""
    info = signed_in(request)
    form = await form_of(request, info)
    view = services_of(request).cases.file_complaint(
        actor_of(info), game_id, form.get("statement", "")
    )
    return RedirectResponse(f"/cases/{view.id}", status_code=303)


@router.post("/account/lost-email")
async def lost_email(request: Request) -> Response:
    """56.1.6: the loss is reported; 30 days to restore it."""
    info = signed_in(request)
    form = await form_of(request, info)
    services_of(request).cases.report_lost_email(
        actor_of(info), info.login, form.get("statement") or None
    )
    return RedirectResponse("/cases", status_code=303)


@router.post("/cases/{case_id}/{action}")
async def case_action(request: Request, case_id: int, action: str) -> Response:
    """Protest, decision, appeal, appeal decision, restored email: one form each."""
    info = signed_in(request)
    form = await form_of(request, info)
    cases = services_of(request).cases
    actor = actor_of(info)
    text = form.get("text", "")
    try:
        if action == "protest":
            cases.protest(actor, case_id, text)
        elif action == "decide":
            cases.decide(
                actor,
                case_id,
                form.get("decision", ""),
                form.get("reasons", ""),
                bar=form.get("bar") == "1",
                penalty_days=int(form.get("penalty_days") or 0),
            )
        elif action == "appeal":
            cases.appeal(actor, case_id, text)
        elif action == "decide_appeal":
            cases.decide_appeal(actor, case_id, form.get("decision", ""), form.get("reasons", ""))
        elif action == "restore":
            cases.restore_email(actor, case_id)
        elif action == "analyse":
            cases.analyse(actor, case_id)
        elif action == "submit":
            view = cases.case(actor, case_id)
            if view.game_id is None:
                raise StarletteHTTPException(status_code=404)
            cases.submit(
                actor,
                view.game_id,
                form.get("claim", ""),
                form.get("reasoning", ""),
                analysis=form.get("analysis") or None,
                move=form.get("move") or None,
            )
        else:
            raise StarletteHTTPException(status_code=404)
    except ValueError as exc:
        if not isinstance(exc, errors.ServiceError):
            exc = errors.InvalidInput(field="penalty_days", reason=N_("a whole number of days"))
        return _case_error(request, info, case_id, exc, dict(form))
    return RedirectResponse(f"/cases/{case_id}", status_code=303)


@router.post("/arbiter/events/{code}/withdrawals")
async def open_withdrawal(request: Request, code: str) -> Response:
    info = signed_in(request)
    form = await form_of(request, info)
    view = services_of(request).cases.open_withdrawal(
        actor_of(info), code, form.get("player", ""), form.get("statement") or None
    )
    return RedirectResponse(f"/cases/{view.id}", status_code=303)
