"""Getting in: the home page's redirect, signing in and out, the language,
and choosing a password from a mailed link (a reset or an invitation)."""

from __future__ import annotations

import secrets

from fastapi import APIRouter, Request
from fastapi.responses import RedirectResponse, Response

from cc.accounts.throttle import DEVICE_DAYS
from cc.base import errors
from cc.web.context import (
    DEVICE_COOKIE,
    LANG_COOKIE,
    PRE_CSRF_COOKIE,
    RESET_COOKIE,
    SESSION_COOKIE,
    actor_of,
    check_csrf,
    client_address,
    language,
    services_of,
    settings_of,
    viewer,
)
from cc.web.i18n import pick_language
from cc.web.rendering import OFFICIAL_ROLES, form_of, render, signed_in

router = APIRouter(include_in_schema=False)
#: how long a reset link's form may stay open once the link is followed
RESET_COOKIE_SECONDS = 30 * 60


@router.get("/")
def home(request: Request) -> Response:
    """Players land on their games, officials on their desk."""
    info = viewer(request)
    if info is None:
        return RedirectResponse("/login", status_code=303)
    return RedirectResponse(
        "/arbiter" if OFFICIAL_ROLES & info.roles else "/games", status_code=303
    )


@router.get("/login")
def login_page(request: Request, next: str = "/") -> Response:
    token = secrets.token_urlsafe(32)
    response = render(request, "login.html", pre_csrf=token, next=_safe_next(next))
    response.set_cookie(
        PRE_CSRF_COOKIE,
        token,
        httponly=True,
        samesite="lax",
        secure=settings_of(request).secure_cookies,
    )
    return response


def _safe_next(target: str) -> str:
    """Only local paths: no open redirect."""
    return target if target.startswith("/") and not target.startswith("//") else "/"


@router.post("/login")
async def login(request: Request) -> Response:
    form = await form_of(request, None)
    check_csrf(request.cookies.get(PRE_CSRF_COOKIE), form.get("csrf_token"))
    accounts = services_of(request).accounts
    login, device = form.get("login", ""), request.cookies.get(DEVICE_COOKIE)
    try:
        ticket = accounts.sign_in(login, form.get("password", ""), client_address(request), device)
    except (errors.BadCredentials, errors.TooManyAttempts) as exc:
        token = secrets.token_urlsafe(32)
        response = render(
            request,
            "login.html",
            status=429 if isinstance(exc, errors.TooManyAttempts) else 401,
            pre_csrf=token,
            next=_safe_next(form.get("next", "/")),
            error=exc.message(language(request)),
            login=login,
        )
        if isinstance(exc, errors.TooManyAttempts):
            response.headers["Retry-After"] = str(exc.retry_after)
        response.set_cookie(
            PRE_CSRF_COOKIE,
            token,
            httponly=True,
            samesite="lax",
            secure=settings_of(request).secure_cookies,
        )
        return response
    redirect = RedirectResponse(_safe_next(form.get("next", "/")), status_code=303)
    redirect.set_cookie(
        SESSION_COOKIE,
        ticket.token,
        httponly=True,
        samesite="lax",
        secure=settings_of(request).secure_cookies,
        max_age=int((ticket.expires_at - services_of(request).ctx.now()).total_seconds()),
    )
    redirect.set_cookie(
        DEVICE_COOKIE,
        accounts.remember_device(login, device),
        httponly=True,
        samesite="lax",
        secure=settings_of(request).secure_cookies,
        max_age=DEVICE_DAYS * 86400,
    )
    redirect.delete_cookie(PRE_CSRF_COOKIE)
    return redirect


@router.post("/logout")
async def logout(request: Request) -> Response:
    info = signed_in(request)
    await form_of(request, info)
    services_of(request).accounts.sign_out(request.cookies.get(SESSION_COOKIE, ""))
    response = RedirectResponse("/login", status_code=303)
    response.delete_cookie(SESSION_COOKIE)
    return response


@router.get("/lang")
def set_visitor_language(request: Request, lang: str = "en", next: str = "/") -> Response:
    """A visitor's language: only a cookie changes, nothing is stored."""
    response = RedirectResponse(_safe_next(next), status_code=303)
    if lang in ("en", "ru"):
        response.set_cookie(LANG_COOKIE, lang, samesite="lax")
    return response


@router.post("/lang")
async def set_language(request: Request) -> Response:
    """A signed-in player's language: stored as their setting."""
    info = signed_in(request)
    form = await form_of(request, info)
    lang = form.get("lang", "en")
    services_of(request).accounts.set_preferences(actor_of(info), lang=lang)
    response = RedirectResponse(_safe_next(form.get("next", "/")), status_code=303)
    if lang in ("en", "ru"):
        response.set_cookie(LANG_COOKIE, lang, samesite="lax")
    return response


@router.get("/reset")
def reset_request_page(request: Request) -> Response:
    token = secrets.token_urlsafe(32)
    response = render(request, "reset_request.html", pre_csrf=token)
    response.set_cookie(PRE_CSRF_COOKIE, token, httponly=True, samesite="lax")
    return response


@router.post("/reset")
async def reset_request(request: Request) -> Response:
    form = await form_of(request, None)
    check_csrf(request.cookies.get(PRE_CSRF_COOKIE), form.get("csrf_token"))
    try:
        services_of(request).accounts.request_reset(
            form.get("login", ""), settings_of(request).base_url, client_address(request)
        )
    except errors.TooManyResetRequests as exc:
        response = render(
            request,
            "reset_request.html",
            status=429,
            pre_csrf=request.cookies.get(PRE_CSRF_COOKIE, ""),
            error=exc.message(language(request)),
        )
        response.headers["Retry-After"] = str(exc.retry_after)
        return response
    return render(request, "reset_request.html", sent=True, pre_csrf="")


# The link in the mail carries the token in its path. Its first use moves the
# token into a short-lived cookie and sends the browser on to /reset/new, so
# the token is not left in the address bar or sent on as a Referer, and the
# access log hides the path of that one request (cc.web.access_log).


@router.get("/reset/new")
def reset_page(request: Request) -> Response:
    """A mailed link to choose a password: a reset, or a new account's invitation."""
    token = request.cookies.get(RESET_COOKIE)
    link = services_of(request).accounts.reset_link(token) if token else None
    if link is None:
        return render(request, "reset.html", status=410, link=None, pre_csrf="")
    pre = secrets.token_urlsafe(32)
    # In the language of the mail that brought the player here, unless they
    # chose another on the site.
    lang = pick_language(request.cookies.get(LANG_COOKIE), link.lang, None)
    response = render(request, "reset.html", lang=lang, link=link, pre_csrf=pre)
    response.set_cookie(PRE_CSRF_COOKIE, pre, httponly=True, samesite="lax")
    return response


@router.post("/reset/new")
async def reset(request: Request) -> Response:
    form = await form_of(request, None)
    check_csrf(request.cookies.get(PRE_CSRF_COOKIE), form.get("csrf_token"))
    services_of(request).accounts.reset_password(
        request.cookies.get(RESET_COOKIE, ""),
        form.get("password", ""),
        keep_tokens=form.get("keep_tokens") == "1",
    )
    response = RedirectResponse("/login", status_code=303)
    response.delete_cookie(RESET_COOKIE, path="/reset")
    # Whatever session this browser had ended with the new password.
    response.delete_cookie(SESSION_COOKIE)
    return response


@router.get("/reset/{token}")
def reset_link(request: Request, token: str) -> Response:
    response = RedirectResponse("/reset/new", status_code=303)
    response.set_cookie(
        RESET_COOKIE,
        token,
        max_age=RESET_COOKIE_SECONDS,
        path="/reset",
        httponly=True,
        samesite="lax",
        secure=settings_of(request).secure_cookies,
    )
    return response
