"""A player's leave: the days taken and left, a request, an early end."""

from __future__ import annotations

from datetime import date

from fastapi import APIRouter, Request
from fastapi.responses import Response

from cc.base import errors
from cc.text.i18n import N_
from cc.web import flash
from cc.web.context import actor_of, language, services_of
from cc.web.rendering import form_of, render, signed_in

router = APIRouter(include_in_schema=False)


@router.get("/leave")
def leave_page(request: Request) -> Response:
    info = signed_in(request)
    svc = services_of(request)
    return render(
        request,
        "leave.html",
        leaves=svc.leaves.leaves(info.player_id),
        balance=svc.leaves.balance(info.player_id),
    )


@router.post("/leave")
async def take_leave(request: Request) -> Response:
    info = signed_in(request)
    form = await form_of(request, info)
    try:
        first = date.fromisoformat(form.get("first_day", ""))
        last = date.fromisoformat(form.get("last_day", ""))
        services_of(request).leaves.request(actor_of(info), info.player_id, first, last)
    except errors.ServiceError as exc:  # a ValueError too: caught first
        error: str = exc.message(language(request))
    except ValueError:
        error = errors.InvalidInput(
            field="dates", reason=N_("give both days as YYYY-MM-DD")
        ).message(language(request))
    else:
        return flash.redirect("/leave", "leave_taken")
    # Refused: the same page, the error beside the form, the days as typed.
    svc = services_of(request)
    return render(
        request,
        "leave.html",
        status=422,
        leave_error=error,
        typed=form,
        leaves=svc.leaves.leaves(info.player_id),
        balance=svc.leaves.balance(info.player_id),
    )


@router.post("/leave/{leave_id}/end")
async def end_leave(request: Request, leave_id: int) -> Response:
    info = signed_in(request)
    await form_of(request, info)
    services_of(request).leaves.end_early(actor_of(info), leave_id)
    return flash.redirect("/leave", "leave_ended")
