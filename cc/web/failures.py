"""What the web doors answer when the server itself fails.

A database that cannot be reached, is full or is read-only is temporary:
503 with ``Retry-After``, in the API's documented error form
(``{"error": {"code", "message"}}``), as a page in the visitor's language,
or as an Xfcc ``ServerError``. Any other unexpected failure is 500 in the
same forms, logged with its traceback. Nothing here reads the database:
these answers must work while it is down.
"""

from __future__ import annotations

import logging

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from sqlalchemy import exc as sa_exc
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import compile_path

from cc.kernel.outages import unavailable
from cc.text.i18n import N_
from cc.text.i18n import render as render_message
from cc.web.access_log import redact
from cc.web.context import LANG_COOKIE
from cc.web.headers import with_security_headers
from cc.web.i18n import accepted_language, pick_language, translations
from cc.web.rendering import templates
from cc.xfcc import soap

log = logging.getLogger(__name__)
RETRY_AFTER = "30"


def _language(request: Request) -> str:
    """The visitor's language without asking the database who they are."""
    accept = request.headers.get("accept-language")
    if request.url.path.startswith("/api/"):
        api_lang = getattr(request.state, "api_lang", None)
        return accepted_language(accept) or pick_language(api_lang, None, None)
    known = getattr(request.state, "viewer", None)
    return pick_language(getattr(known, "lang", None), request.cookies.get(LANG_COOKIE), accept)


def failure_response(request: Request, error: BaseException) -> Response:
    """503 for a database that cannot serve now, 500 for anything else."""
    if isinstance(error, sa_exc.DataError | OverflowError):
        # A value the database cannot hold (too long, out of range): the
        # front door's limits should have caught it; still the caller's.
        log.warning(
            "%s %s: value refused by the database: %s",
            request.method,
            redact(request.url.path),
            error,
        )
        reason = N_("a value does not fit: it is too long or too large")
        return error_response_for(
            request, 422, "invalid_input", {"field": "body", "reason": reason}
        )
    temporary = unavailable(error)
    status, code = (503, "unavailable") if temporary else (500, "internal_error")
    logged_path = redact(request.url.path)
    if temporary:
        log.warning("%s %s: database unavailable: %s", request.method, logged_path, error)
    else:
        log.error(
            "%s %s failed",
            request.method,
            logged_path,
            exc_info=(type(error), error, error.__traceback__),
        )
    headers = {"Retry-After": RETRY_AFTER} if temporary else {}
    lang = _language(request)
    message = render_message(code, lang, {})
    path = request.url.path
    if path.startswith("/xfcc/"):
        body = soap.fault(soap.MakeAMoveResult.SERVER_ERROR, client=False)
        return Response(
            body, status_code=500, headers={"Content-Type": soap.CONTENT_TYPE, **headers}
        )
    if path.startswith("/api/") or path == "/healthz":
        return JSONResponse(
            {"error": {"code": code, "message": message, "params": {}}},
            status_code=status,
            headers=headers,
        )
    return _page(request, lang, status, code, message, headers)


def error_response_for(
    request: Request, status: int, code: str, params: dict[str, object]
) -> Response:
    """A refusal made before any route ran, in the door's own form."""
    lang = _language(request)
    message = render_message(code, lang, params)
    if request.url.path.startswith("/api/"):
        return JSONResponse(
            {
                "error": {
                    "code": code,
                    "message": message,
                    "params": {k: str(v) for k, v in params.items()},
                }
            },
            status_code=status,
        )
    return _page(request, lang, status, code, message, {})


def _page(
    request: Request, lang: str, status: int, code: str, message: str, headers: dict[str, str]
) -> Response:
    tr = translations(lang)
    return templates.TemplateResponse(
        request,
        "failure.html" if status >= 500 else "error.html",
        {
            "_": tr.gettext,
            "lang": lang,
            "viewer": None,
            "csrf": "",
            "is_arbiter": False,
            "is_admin": False,
            "message": message,
            "code": code,
        },
        status_code=status,
        headers=headers,
    )


def api_framework_refusal(request: Request, error: StarletteHTTPException) -> Response:
    """The framework's own refusals on the API (no such route, a method the
    route does not take, a body it cannot parse) in the API's ``{"error": ...}``
    form, in the caller's language, its headers (``Allow``) kept."""
    response = error_response_for(request, *_framework_refusal(request, error))
    for name, value in (error.headers or {}).items():
        response.headers[name] = value
    if error.status_code == 405:
        response.headers["Allow"] = ", ".join(_allowed_methods(request))
    return response


def _allowed_methods(request: Request) -> list[str]:
    """Every method the API takes at this path, as its document lists them:
    the framework names only the first route's, though ``GET /me`` and
    ``PATCH /me`` are two routes."""
    path = request.url.path
    for template, operations in request.app.openapi().get("paths", {}).items():
        if compile_path(template)[0].match(path):
            methods = {method.upper() for method in operations}
            return sorted(methods | ({"HEAD"} if "GET" in methods else set()))
    return []


def _framework_refusal(
    request: Request, error: StarletteHTTPException
) -> tuple[int, str, dict[str, object]]:
    """The status, code and params of a refusal the framework made itself."""
    status = error.status_code
    if status == 404:
        return 404, "not_found", {"kind": "page", "ref": _shown_path(request)}
    if status == 405:
        return 405, "method_not_allowed", {"method": request.method}
    if status == 400:
        reason = N_("the body cannot be read: it is not JSON in UTF-8, or nested too deep")
        return 400, "invalid_input", {"field": "body", "reason": reason}
    return status, "invalid_input", {"field": "request", "reason": str(error.detail)[:200]}


def _shown_path(request: Request) -> str:
    """The path as text that can be written back into an answer."""
    path = request.url.path
    return path.encode("utf-8", "surrogateescape").decode("utf-8", "replace")


def install_failure_handlers(app: FastAPI) -> None:
    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, error: RequestValidationError) -> Response:
        """The route's own validation, in the documented form; the value
        itself is never echoed (it may be NaN, or a secret)."""
        first = (error.errors() or [{}])[0]
        location = [str(part) for part in first.get("loc", ()) if part != "body"]
        reason = N_("not a valid value ({detail})", detail=str(first.get("msg", ""))[:200])
        field = location[-1] if location else "body"
        return error_response_for(request, 422, "invalid_input", {"field": field, "reason": reason})

    @app.exception_handler(sa_exc.SQLAlchemyError)
    async def database_failed(request: Request, error: sa_exc.SQLAlchemyError) -> Response:
        return failure_response(request, error)

    @app.exception_handler(OverflowError)
    async def overflow(request: Request, error: OverflowError) -> Response:
        return failure_response(request, error)

    @app.exception_handler(Exception)
    async def failed(request: Request, error: Exception) -> Response:
        """Run outside every middleware (Starlette's outermost layer turns an
        uncaught error into this answer), so the security headers the
        middleware gives every other answer are put on here."""
        response = failure_response(request, error)
        settings = getattr(request.app.state, "settings", None)
        secure = bool(getattr(settings, "secure_cookies", False))
        response.raw_headers = with_security_headers(response.raw_headers, secure)
        return response
