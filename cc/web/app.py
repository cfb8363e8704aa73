"""The web application.

For now it serves a health check and a front page that says what the
server holds; the players' pages and the JSON API are built on the same
services.
"""

from __future__ import annotations

from html import escape

from fastapi import FastAPI
from fastapi.responses import HTMLResponse, JSONResponse
from sqlalchemy import func, select, text

from cc import __version__
from cc.models import Event, Game, Player
from cc.services import Services


def create_app(services: Services) -> FastAPI:
    app = FastAPI(title="Correspondence chess server", version=__version__)
    app.state.services = services

    @app.get("/healthz")
    def healthz() -> JSONResponse:
        """Up and able to read its database."""
        with services.ctx.db.read() as session:
            session.execute(text("SELECT 1"))
        return JSONResponse({"status": "ok", "version": __version__})

    @app.get("/", response_class=HTMLResponse)
    def home() -> str:
        with services.ctx.db.read() as session:
            counts = {
                "players": session.scalar(select(func.count()).select_from(Player)) or 0,
                "events": session.scalar(select(func.count()).select_from(Event)) or 0,
                "games": session.scalar(select(func.count()).select_from(Game)) or 0,
            }
        items = "".join(f"<li>{escape(k)}: {v}</li>" for k, v in counts.items())
        return (
            "<!doctype html><html lang='en'><head><meta charset='utf-8'>"
            "<title>Correspondence chess server</title></head><body>"
            "<h1>Correspondence chess server / Сервер игры по переписке</h1>"
            f"<ul>{items}</ul></body></html>"
        )

    return app
