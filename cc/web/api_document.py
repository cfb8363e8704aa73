"""The API's OpenAPI document, as client generators and contract tests read it.

Each route names the type it answers with (:func:`returns`): the service's
own view dataclass, whose JSON schema pydantic draws; the route itself still
answers ``as_json`` of the view, unchecked on the way out, so the document
costs the busy routes nothing. :func:`install` then adds what is the same for
every operation: the bearer scheme and which operations need it, the error
answers in the API's one form (``{"error": {"code", "message", "params"}}``)
in place of the framework's ``{"detail": [...]}``, and a tag per domain, in
the order a reader wants them.
"""

from __future__ import annotations

import re
from typing import Any

from fastapi import FastAPI
from fastapi.openapi.utils import get_openapi
from pydantic import BaseModel, Field

from cc.web.context import SESSION_COOKIE


class ErrorBody(BaseModel):
    code: str = Field(description="A stable code, e.g. not_found, not_your_turn, invalid_input")
    message: str = Field(description="Said in words, in the caller's language")
    params: dict[str, str] = Field(
        default_factory=dict, description="What the message names, each as text"
    )


class ErrorOut(BaseModel):
    """Every refusal and failure of the API."""

    error: ErrorBody


class IdOut(BaseModel):
    id: int = Field(description="The number of what was made")


def returns(model: Any, status: int = 200, description: str = "Done") -> dict[int | str, Any]:
    """A route's ``responses``: its success answer as ``model`` (a view
    dataclass, a list of them, or a pydantic model)."""
    return {status: {"model": model, "description": description}}


#: the tags in the order they are shown, each with what it holds
TAGS: list[tuple[str, str]] = [
    ("games", "My games: the position, the record, moves, offers and results"),
    ("conditional moves", "Lines that answer the partner's move at once (54.3.3)"),
    ("cases", "Claims, complaints, withdrawals, protests, decisions, appeals, adjudication"),
    ("leave", "Leaves and the days used and allowed (54.6, 55.7, 56.7)"),
    ("events", "Events, their regulations, games and crosstables: public"),
    ("arbiter", "The events one oversees, their clocks, leaves and report"),
    ("notifications", "The notification centre, its settings, the page's pulse and Web Push"),
    ("account", "The caller: language, notation, addresses, API tokens"),
]
#: a path under /api/v1 takes the tag of the first pattern it matches
_MATCH: list[tuple[str, str]] = [
    (r"^/games/\{game_id\}/conditionals", "conditional moves"),
    (r"^/games/\{game_id\}/(time-claim|complaints|adjudication)", "cases"),
    (r"^/cases|^/me/lost-email|^/arbiter/events/\{code\}/withdrawals", "cases"),
    (r"^/games", "games"),
    (r"^/leaves", "leave"),
    (r"^/events", "events"),
    (r"^/arbiter", "arbiter"),
    (r"^/me/(notifications|notification-settings|pulse|push-subscriptions)", "notifications"),
    (r"^/me", "account"),
]

#: operations anyone may call, a token only widening what they see
PUBLIC = {
    ("get", "/api/v1/games/{game_id}"),
    ("get", "/api/v1/games/{game_id}/ledger"),
    ("get", "/api/v1/games/{game_id}/pgn"),
    ("get", "/api/v1/events"),
    ("get", "/api/v1/events/{code}"),
    ("get", "/api/v1/events/{code}/crosstable"),
}
#: operations the site's own pages call with their session cookie
SESSION_TOO = {
    ("get", "/api/v1/me/pulse"),
    ("post", "/api/v1/me/push-subscriptions"),
    ("delete", "/api/v1/me/push-subscriptions"),
    ("delete", "/api/v1/me/push-subscriptions/{subscription_id}"),
}

_ERRORS: dict[str, str] = {
    "400": "The body cannot be read (not JSON in UTF-8, or nested too deep)",
    "401": "No token, or not a valid one",
    "403": "Not permitted, or not public yet",
    "404": "No such game, event, case or other thing",
    "409": "Not now: not your turn, the game is over, a state that refuses it",
    "413": "The body is larger than the API takes",
    "422": "A value is refused: the reason names the field",
    "429": "Too many attempts lately: wait as Retry-After says",
    "500": "The server failed; nothing was changed",
    "503": "The database cannot be reached now; nothing was changed",
}
_READ_ERRORS = ("401", "403", "404", "422", "500", "503")
_WRITE_ERRORS = ("400", "401", "403", "404", "409", "413", "422", "429", "500", "503")


def _tag(path: str) -> str:
    relative = path.removeprefix("/api/v1")
    return next((tag for pattern, tag in _MATCH if re.search(pattern, relative)), "account")


def install(app: FastAPI) -> None:
    """Make ``app.openapi`` build the document described above, once."""

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is not None:
            return app.openapi_schema
        document = get_openapi(
            title=app.title,
            version=app.version,
            description=app.description,
            routes=app.routes,
            tags=[{"name": name, "description": text} for name, text in TAGS],
        )
        components = document.setdefault("components", {})
        schemas = components.setdefault("schemas", {})
        schemas.update(
            ErrorOut.model_json_schema(ref_template="#/components/schemas/{model}")["$defs"]
        )
        schemas["ErrorOut"] = {
            k: v
            for k, v in ErrorOut.model_json_schema(
                ref_template="#/components/schemas/{model}"
            ).items()
            if k != "$defs"
        }
        for name in ("HTTPValidationError", "ValidationError"):
            schemas.pop(name, None)
        components["securitySchemes"] = {
            "bearer": {
                "type": "http",
                "scheme": "bearer",
                "description": "A personal token made on the Account page "
                "(`Authorization: Bearer <token>`)",
            },
            "session": {
                "type": "apiKey",
                "in": "cookie",
                "name": SESSION_COOKIE,
                "description": "The site's own pages, signed in",
            },
        }
        error = {"application/json": {"schema": {"$ref": "#/components/schemas/ErrorOut"}}}
        for path, operations in document.get("paths", {}).items():
            for method, operation in operations.items():
                key = (method, path)
                if key in PUBLIC:
                    operation["security"] = [{}, {"bearer": []}]
                elif key in SESSION_TOO:
                    operation["security"] = [{"bearer": []}, {"session": []}]
                else:
                    operation["security"] = [{"bearer": []}]
                operation["tags"] = [_tag(path)]
                responses = operation.setdefault("responses", {})
                codes = _READ_ERRORS if method == "get" else _WRITE_ERRORS
                for status in codes:
                    responses[status] = {"description": _ERRORS[status], "content": error}
        app.openapi_schema = document
        return document

    app.openapi = openapi  # type: ignore[method-assign]
