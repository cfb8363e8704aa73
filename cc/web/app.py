"""The web application: player and arbiter pages, and the JSON API.

Routes only translate HTTP to service calls and back; every rule, every
permission check and every state change is the services'.
"""

from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from sqlalchemy import text

from cc import __version__
from cc.app.services import Services
from cc.base.health import Health
from cc.kernel.outages import unavailable
from cc.web import (
    account_pages,
    api,
    api_document,
    arbiter_pages,
    audit_pages,
    case_api,
    case_pages,
    error_pages,
    game_pages,
    leave_pages,
    mail_pages,
    notification_api,
    notification_pages,
    office_pages,
    people_pages,
    public_pages,
    push,
    rating_pages,
    record_pages,
    regulation_pages,
    rendering,
    sign_in_pages,
    trf_import_pages,
    unsubscribe,
    xfcc,
)
from cc.web.access_log import hide_secrets
from cc.web.context import WebSettings
from cc.web.failures import failure_response, install_failure_handlers
from cc.web.guard import InputGuard
from cc.web.headers import SecurityHeaders
from cc.xfcc.service import XfccService

STATIC_DIR = Path(__file__).parent / "static"


def create_app(
    services: Services, settings: WebSettings | None = None, health: Health | None = None
) -> FastAPI:
    app = FastAPI(
        title="Correspondence chess server",
        version=__version__,
        description="Players play, arbiters rule: the JSON API of the server. "
        "Authenticate with a personal token: `Authorization: Bearer <token>`.",
        docs_url=None,
        openapi_url="/api/v1/openapi.json",
        redoc_url=None,
    )
    hide_secrets()
    app.state.services = services
    # The Xfcc door over the same services, for its route (cc.web.xfcc).
    app.state.xfcc = XfccService(services.ctx, services.games, services.accounts, services.messages)
    # Links the site writes start where the mail's links do.
    app.state.settings = settings = settings or WebSettings(
        base_url=services.mail_settings.site_url
    )
    # Outermost first: the headers go on every answer, the guard's refusals too.
    app.add_middleware(InputGuard)
    app.add_middleware(SecurityHeaders, secure=settings.secure_cookies)
    app.mount("/static", StaticFiles(directory=STATIC_DIR), name="static")

    app.state.health = health = health or Health()

    @app.get("/healthz", include_in_schema=False)
    def healthz(request: Request) -> Response:
        """Up, able to read its database, and no mail worker failing for minutes.

        Reports each worker's last success and, while it fails, since when
        and why; 503 once the database cannot be read or a worker has
        failed for longer than the grace period without a success.
        """
        try:
            with services.ctx.db.read() as session:
                session.execute(text("SELECT 1"))
        except Exception as error:
            if not unavailable(error):
                raise
            return failure_response(request, error)
        failing = health.unhealthy()
        body: dict[str, object] = {
            "status": "failing" if failing else "ok",
            "version": __version__,
            "workers": health.report(),
        }
        if failing:
            body["failing"] = failing
        return JSONResponse(body, status_code=503 if failing else 200)

    @app.get("/api/docs", include_in_schema=False)
    def api_docs(request: Request) -> Response:
        """The API's browsable description, from the site's own files."""
        return rendering.render(request, "api_docs.html", openapi_url=app.openapi_url)

    @app.get("/favicon.ico", include_in_schema=False)
    def favicon() -> Response:
        """Browsers ask for it whatever the page links: the site's icon."""
        return RedirectResponse("/static/favicon.svg", status_code=301)

    app.include_router(push.router)
    app.include_router(unsubscribe.router)
    app.include_router(api.router)
    app.include_router(case_api.router)
    app.include_router(notification_api.router)
    app.include_router(sign_in_pages.router)
    app.include_router(game_pages.router)
    app.include_router(leave_pages.router)
    app.include_router(account_pages.router)
    app.include_router(case_pages.router)
    app.include_router(arbiter_pages.router)
    app.include_router(record_pages.router)
    app.include_router(audit_pages.router)
    # before the office's pages: /office/events/import is no event's code
    app.include_router(trf_import_pages.router)
    app.include_router(office_pages.router)
    app.include_router(people_pages.router)
    app.include_router(mail_pages.router)
    app.include_router(regulation_pages.router)
    app.include_router(public_pages.router)
    app.include_router(rating_pages.router)
    app.include_router(notification_pages.router)
    app.include_router(xfcc.router)
    api_document.install(app)
    error_pages.install_error_pages(app)
    install_failure_handlers(app)
    return app
