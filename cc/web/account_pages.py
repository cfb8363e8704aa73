"""A player's account: preferences, addresses, password and API tokens."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import RedirectResponse, Response

from cc.accounts.preferences import NOTATIONS
from cc.accounts.sessions import SessionInfo
from cc.base import errors
from cc.web.context import SESSION_COOKIE, actor_of, language, services_of
from cc.web.rendering import form_of, render, signed_in

router = APIRouter(include_in_schema=False)


@router.get("/account")
def account_page(request: Request) -> Response:
    info = signed_in(request)
    return _account(request, info)


def _account(request: Request, info: SessionInfo, status: int = 200, **context: Any) -> Response:
    svc = services_of(request)
    return render(
        request,
        "account.html",
        status=status,
        notations=NOTATIONS,
        emails=svc.queries.player(info.player_id).emails,
        tokens=svc.accounts.tokens(actor_of(info)),
        **context,
    )


@router.post("/account")
async def account(request: Request) -> Response:
    info = signed_in(request)
    form = await form_of(request, info)
    svc = services_of(request)
    action = form.get("action", "")
    target = "/account?saved=1"
    try:
        if action == "preferences":
            svc.accounts.set_preferences(
                actor_of(info),
                lang=form.get("lang") or None,
                notation=form.get("notation") or None,
                mail_moves=form.get("mail_moves") == "1",
            )
        elif action == "emails":
            svc.accounts.set_emails(
                actor_of(info),
                [e.strip() for e in form.get("emails", "").replace(";", ",").split(",")],
                current_password=form.get("password", ""),
            )
            target += "#addresses"
        elif action == "password":
            ended = svc.accounts.change_password(
                actor_of(info),
                form.get("old", ""),
                form.get("new", ""),
                keep_session=request.cookies.get(SESSION_COOKIE),
                keep_tokens=form.get("keep_tokens") == "1",
            )
            target = f"/account?saved=password&sessions={ended.sessions}&tokens={ended.tokens}"
        elif action == "token":
            token = svc.accounts.create_token(actor_of(info), form.get("name") or "api")
            return _account(request, info, token=token)
        elif action == "revoke":
            token_id = form.get("token_id", "")
            if not token_id.isdigit():
                raise errors.NotFound(kind="token", ref=token_id)
            svc.accounts.revoke_token(actor_of(info), int(token_id))
            target = "/account?saved=revoked#tokens"
    except (errors.InvalidInput, errors.Conflict, errors.NotFound) as exc:
        from cc.web.api import status_for

        typed = {"typed_emails": form.get("emails", "")} if action == "emails" else {}
        return _account(
            request,
            info,
            status=status_for(exc),
            failed=action,
            error=exc.message(language(request)),
            **typed,
        )
    return RedirectResponse(target, status_code=303)
