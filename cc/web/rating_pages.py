"""The server's rating on the site: the list and each player's history, open
to anyone; the office's button that closes a rating period.

The figures come from :class:`cc.ratings.periods.RatingService`, which the
console's ``cc rating`` calls too.
"""

from __future__ import annotations

from datetime import date

from fastapi import APIRouter, Request
from fastapi.responses import Response

from cc.base import errors
from cc.text.i18n import DECIMAL_COMMA, N_
from cc.web import flash
from cc.web.context import actor_of, language, services_of
from cc.web.rendering import form_of, render, signed_in

router = APIRouter(include_in_schema=False)


def _points(value: float) -> str:
    """1, 1½, ½ as a crosstable writes points."""
    whole, half = divmod(round(value * 2), 2)
    return (str(whole) if whole or not half else "") + ("½" if half else "")


@router.get("/ratings")
def ratings_page(request: Request) -> Response:
    return render(request, "ratings.html", table=services_of(request).ratings.table())


@router.get("/ratings/{login}")
def rating_history_page(request: Request, login: str) -> Response:
    return render(
        request,
        "rating_history.html",
        history=services_of(request).ratings.history(login),
        points=_points,
        decimal_comma=language(request) in DECIMAL_COMMA,
    )


@router.post("/office/ratings/close")
async def close_period(request: Request) -> Response:
    """The organiser closes a rating period: up to a day, today by default."""
    info = signed_in(request)
    form = await form_of(request, info)
    svc = services_of(request)
    try:
        text = form.get("until", "").strip()
        try:
            until = date.fromisoformat(text) if text else None
        except ValueError:
            raise errors.InvalidInput(
                field="until", reason=N_("give a day as YYYY-MM-DD")
            ) from None
        svc.ratings.close_period(actor_of(info), until)
    except errors.NotPermitted:
        raise
    except errors.ServiceError as exc:
        return render(
            request,
            "office.html",
            status=422,
            events=svc.office.events(actor_of(info)),
            ratings=svc.ratings.table(),
            error=exc.message(language(request)),
        )
    return flash.redirect("/office", "period_closed")
