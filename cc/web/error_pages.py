"""The site's refusals as pages: a page that needs a signed-in player sends
the visitor to sign in; a refusal or an HTTP error shows the error page (on
the API, its own form)."""

from __future__ import annotations

from fastapi import FastAPI, Request
from fastapi.responses import RedirectResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException

from cc.base import errors
from cc.web.context import language
from cc.web.failures import api_framework_refusal
from cc.web.i18n import translations
from cc.web.rendering import SignInRequired, render


def install_error_pages(app: FastAPI) -> None:
    @app.exception_handler(SignInRequired)
    async def to_sign_in(request: Request, _exc: SignInRequired) -> Response:
        return RedirectResponse(f"/login?next={request.url.path}", status_code=303)

    @app.exception_handler(errors.ServiceError)
    async def refused(request: Request, exc: errors.ServiceError) -> Response:
        from cc.web.api import error_response, retry_headers, status_for

        if request.url.path.startswith("/api/"):
            return error_response(request, exc)
        response = render(
            request,
            "error.html",
            status=status_for(exc),
            message=exc.message(language(request)),
            code=exc.code,
        )
        response.headers.update(retry_headers(exc))
        return response

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
        if request.url.path.startswith("/api/"):
            return api_framework_refusal(request, exc)
        tr = translations(language(request))
        return render(
            request,
            "error.html",
            status=exc.status_code,
            message=tr.gettext("Page not found.") if exc.status_code == 404 else str(exc.detail),
            code=str(exc.status_code),
        )
