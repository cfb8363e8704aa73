"""Web Push on the site: a browser's subscription, and the service worker.

A page's "Notify this browser" button (``_push.html``, ``static/push.js``)
registers ``/sw.js``, asks the browser for a push subscription with the
site's VAPID public key, and hands it to ``POST /api/v1/me/push-subscriptions``.
That route takes a personal token like the rest of the API, or the page's
own session with its CSRF token in ``X-CSRF-Token`` (a script cannot post
a form token in JSON otherwise). The service worker shows what the push
sender (:mod:`cc.web.push_sender`) sends and opens its link on a click.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

from fastapi import APIRouter, Depends, Header, Request
from fastapi.responses import FileResponse, JSONResponse, Response
from pydantic import BaseModel, Field

from cc.base import errors
from cc.base.kinds import Door
from cc.kernel.context import Actor
from cc.web.api import api_actor
from cc.web.api_document import IdOut, returns
from cc.web.context import actor_of, check_csrf, services_of, viewer

router = APIRouter()
SERVICE_WORKER = Path(__file__).parent / "static" / "sw.js"


def push_actor(
    request: Request,
    authorization: Annotated[str | None, Header()] = None,
    x_csrf_token: Annotated[str | None, Header()] = None,
) -> Actor:
    """A personal token, or the signed-in page with its CSRF token."""
    if authorization:
        return api_actor(request, authorization)
    info = viewer(request)
    if info is None:
        raise errors.NotSignedIn()
    check_csrf(info.csrf_token, x_csrf_token)
    request.state.api_lang = info.lang
    return actor_of(info, Door.WEB)


PushCaller = Annotated[Actor, Depends(push_actor)]


class Keys(BaseModel):
    p256dh: str = Field(max_length=200, description="The browser's P-256 key, base64url")
    auth: str = Field(max_length=100, description="The browser's auth secret, base64url")


class SubscriptionIn(BaseModel):
    endpoint: str = Field(max_length=1000, description="The push service's address for it")
    keys: Keys


class EndpointIn(BaseModel):
    endpoint: str = Field(max_length=1000)


@router.post(
    "/api/v1/me/push-subscriptions",
    summary="Notify this browser (a Web Push subscription)",
    status_code=201,
    responses=returns(IdOut, 201),
)
def add_subscription(request: Request, caller: PushCaller, body: SubscriptionIn) -> JSONResponse:
    push = services_of(request).push
    ident = push.subscribe(caller, body.endpoint, body.keys.p256dh, body.keys.auth)
    return JSONResponse({"id": ident}, status_code=201)


@router.delete(
    "/api/v1/me/push-subscriptions",
    summary="Stop notifying a browser, named by its endpoint",
    status_code=204,
)
def remove_subscription(request: Request, caller: PushCaller, body: EndpointIn) -> Response:
    services_of(request).push.unsubscribe(caller, endpoint=body.endpoint)
    return Response(status_code=204)


@router.delete(
    "/api/v1/me/push-subscriptions/{subscription_id}",
    summary="Stop notifying a browser, named by its number",
    status_code=204,
)
def remove_subscription_by_id(
    request: Request, caller: PushCaller, subscription_id: int
) -> Response:
    services_of(request).push.unsubscribe(caller, subscription_id=subscription_id)
    return Response(status_code=204)


@router.get("/sw.js", include_in_schema=False)
def service_worker() -> Response:
    """The service worker, at the root so its scope is the whole site."""
    return FileResponse(
        SERVICE_WORKER,
        media_type="text/javascript",
        headers={"Service-Worker-Allowed": "/", "Cache-Control": "no-cache"},
    )
