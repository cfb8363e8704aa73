"""What every page needs: the site's templates and the context each page is
rendered with, the signed-in viewer, and the posted form with its CSRF token
checked."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi import Request
from fastapi.responses import HTMLResponse
from fastapi.templating import Jinja2Templates
from jinja2 import pass_context
from jinja2.runtime import Context

from cc.accounts.sessions import SessionInfo
from cc.text import i18n
from cc.text.i18n import word
from cc.web import flash
from cc.web.context import check_csrf, language, services_of, viewer
from cc.web.i18n import translations

templates = Jinja2Templates(directory=Path(__file__).parent / "templates")


@pass_context
def _number(context: Context, value: object) -> str:
    """``{{ points|number }}``: a score or a tie-break as the page's language
    writes it (2.5, 2,5)."""
    return i18n.number(value, context.get("lang", i18n.DEFAULT_LANGUAGE))


@pass_context
def _result(context: Context, value: object) -> str:
    """``{{ game.result|result }}``: a result as the page's language writes it (½–½)."""
    return word("result", str(value), context.get("lang", i18n.DEFAULT_LANGUAGE))


templates.env.filters["number"] = _number
templates.env.filters["result"] = _result
#: the roles whose holders land on the arbiter's desk rather than their games
OFFICIAL_ROLES = frozenset({"arbiter", "adjudicator", "appeal_arbiter", "admin"})


class SignInRequired(Exception):
    """Raised by pages that need a signed-in player; answered with a redirect."""


def render(
    request: Request, name: str, status: int = 200, *, lang: str | None = None, **context: Any
) -> HTMLResponse:
    lang = lang or language(request)
    tr = translations(lang)
    info = viewer(request)
    # What the header counts and what live.js compares the page with.
    pulse = getattr(request.state, "pulse", None)
    if pulse is None and info:
        pulse = services_of(request).centre.pulse(info.player_id)
    return templates.TemplateResponse(
        request,
        name,
        {
            "_": tr.gettext,
            "ngettext": tr.ngettext,
            "lang": lang,
            "viewer": info,
            "csrf": info.csrf_token if info else "",
            "is_arbiter": bool(info and (OFFICIAL_ROLES & info.roles)),
            "is_admin": bool(info and "admin" in info.roles),
            "pulse": pulse,
            "unread": pulse.unread if pulse else 0,
            "to_move": pulse.to_move if pulse else 0,
            "flash": flash.said(request, lang),
            **context,
        },
        status_code=status,
    )


def signed_in(request: Request) -> SessionInfo:
    info = viewer(request)
    if info is None:
        raise SignInRequired()
    return info


async def form_of(request: Request, info: SessionInfo | None) -> dict[str, str]:
    """The posted form, after checking its CSRF token."""
    form = {k: str(v) for k, v in (await request.form()).items()}
    if info is not None:
        check_csrf(info.csrf_token, form.get("csrf_token"))
    return form
