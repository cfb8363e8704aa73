"""The mail as the office and the arbiters see it: incoming messages with
what became of them and their raw text, processed again once their cause is
fixed; outgoing failures queued again. The work is the gateway's and the
services' (:mod:`cc.office.mail`); these pages only ask."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import Response

from cc.base import errors
from cc.web import flash
from cc.web.context import actor_of, language, services_of
from cc.web.rendering import form_of, render, signed_in

router = APIRouter(include_in_schema=False)


def _list(request: Request, status: int = 200, error: str | None = None) -> Response:
    info = signed_in(request)
    office = services_of(request).mail_office
    wanted = request.query_params.get("status") or None
    if wanted not in (None, "applied", "refused", "ignored", "retry", "set_aside", "held"):
        wanted = None
    return render(
        request,
        "mail.html",
        status=status,
        inbound=office.inbound(actor_of(info), wanted),
        outbound=office.outbound(actor_of(info), failed_only=True),
        wanted=wanted,
        error=error,
    )


@router.get("/office/mail")
def mail_page(request: Request) -> Response:
    return _list(request)


@router.get("/office/mail/{message_id}")
def message_page(request: Request, message_id: int) -> Response:
    info = signed_in(request)
    detail = services_of(request).mail_office.inbound_message(actor_of(info), message_id)
    return render(request, "mail_message.html", detail=detail, m=detail.row)


async def _by_gateway(request: Request, message_id: int, act: str, done: str) -> Response:
    """Have the gateway (the email door the site wires beside the services)
    read a message again (``act``: ``process_again`` or ``release``)."""
    info = signed_in(request)
    await form_of(request, info)
    gateway = getattr(services_of(request), "mail", None)
    if gateway is None:
        return _list(request, 503)
    try:
        getattr(gateway, act)(actor_of(info), message_id)
    except errors.NotPermitted:
        raise
    except errors.ServiceError as exc:
        return _list(request, 422, exc.message(language(request)))
    return flash.redirect(f"/office/mail/{message_id}", done)


@router.post("/office/mail/{message_id}/again")
async def process_again(request: Request, message_id: int) -> Response:
    return await _by_gateway(request, message_id, "process_again", "processed_again")


@router.post("/office/mail/{message_id}/release")
async def release(request: Request, message_id: int) -> Response:
    """The official vouches for a held message's sender: it is applied."""
    return await _by_gateway(request, message_id, "release", "released")


@router.post("/office/mail/out/{message_id}/retry")
async def send_again(request: Request, message_id: int) -> Response:
    info = signed_in(request)
    await form_of(request, info)
    try:
        services_of(request).mail_office.retry_outbound(actor_of(info), message_id)
    except errors.NotPermitted:
        raise
    except errors.ServiceError as exc:
        return _list(request, 422, exc.message(language(request)))
    return flash.redirect("/office/mail", "sent_again")
