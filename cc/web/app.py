"""The web application: player and arbiter pages, and the JSON API.

Routes only translate HTTP to service calls and back; every rule, every
permission check and every state change is the services'.
"""

from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from sqlalchemy import text

from cc import __version__
from cc.services import Services
from cc.web import api, pages, xfcc
from cc.web.context import WebSettings

STATIC_DIR = Path(__file__).parent / "static"


def create_app(services: Services, settings: WebSettings | None = None) -> FastAPI:
    app = FastAPI(
        title="Correspondence chess server",
        version=__version__,
        description="Players play, arbiters rule: the JSON API of the server. "
        "Authenticate with a personal token: `Authorization: Bearer <token>`.",
        docs_url="/api/docs",
        openapi_url="/api/v1/openapi.json",
        redoc_url=None,
    )
    app.state.services = services
    app.state.settings = settings or WebSettings()
    app.mount("/static", StaticFiles(directory=STATIC_DIR), name="static")

    @app.get("/healthz", include_in_schema=False)
    def healthz(request: Request) -> JSONResponse:
        """Up and able to read its database."""
        with services.ctx.db.read() as session:
            session.execute(text("SELECT 1"))
        return JSONResponse({"status": "ok", "version": __version__})

    app.include_router(api.router)
    app.include_router(pages.router)
    app.include_router(xfcc.router)
    pages.install_error_pages(app)
    return app
