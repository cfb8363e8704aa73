"""The Xfcc endpoint: SOAP over HTTP at ``/xfcc/xfccbasic.asmx``.

Reads the request (bounded in size), hands it to :mod:`cc.xfcc.soap` and
:class:`cc.xfcc.service.XfccService`, and writes the answer as
``text/xml; charset=utf-8``. A request is read in the charset its
Content-Type or its XML declaration names, and read as well as it can be
where its bytes are not what it declares (:mod:`cc.xfcc.soap` says how);
what had to be mended is logged. The calls are dispatched on the body's element,
not on the SOAPAction header, which some clients leave out. Faults are
answered with HTTP 500, as SOAP 1.1 asks, their faultstring starting with
one of the protocol's codes (``ServerError`` for a request that is not
well-formed XML), which is what clients show.
"""

from __future__ import annotations

import logging

from fastapi import APIRouter, Request
from fastapi.responses import Response
from starlette.concurrency import run_in_threadpool

from cc.base import errors
from cc.web.context import settings_of
from cc.xfcc import soap
from cc.xfcc.service import MoveRequest, XfccService

log = logging.getLogger(__name__)
router = APIRouter(include_in_schema=False)
PATHS = ("/xfcc/xfccbasic.asmx", "/xfcc/XfccBasic.asmx")


def _xml(body: bytes, status: int = 200) -> Response:
    return Response(
        body, status_code=status, media_type=None, headers={"Content-Type": soap.CONTENT_TYPE}
    )


async def wsdl(request: Request) -> Response:
    if not any(key.lower() == "wsdl" for key in request.query_params):
        return Response(
            "Xfcc (XfccBasic, SOAP 1.1). Add this address to your correspondence "
            "program; its description is at ?wsdl.\n",
            media_type="text/plain; charset=utf-8",
        )
    base = settings_of(request).base_url.rstrip("/")
    return _xml(soap.wsdl(base + request.url.path))


async def call(request: Request) -> Response:
    length = request.headers.get("content-length", "")
    if length.isdigit() and int(length) > soap.MAX_REQUEST_BYTES:
        return _xml(soap.fault(soap.MakeAMoveResult.SERVER_ERROR, "the request is too large"), 413)
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > soap.MAX_REQUEST_BYTES:
            return _xml(
                soap.fault(soap.MakeAMoveResult.SERVER_ERROR, "the request is too large"), 413
            )
    try:
        parsed = soap.parse_request(
            body, request.headers.get("soapaction"), request.headers.get("content-type")
        )
    except soap.BadRequest as exc:
        return _xml(soap.fault(soap.MakeAMoveResult.SERVER_ERROR, str(exc)), 500)
    door: XfccService = request.app.state.xfcc
    address = request.client.host if request.client else ""
    username, password = parsed.text("username"), parsed.text("password")
    if parsed.mended:
        log.info(
            "Xfcc %s of %r (%s) was mended to be read: %s",
            parsed.operation,
            username,
            request.headers.get("user-agent", ""),
            "; ".join(parsed.mended),
        )
    if parsed.operation == "GetMyGames":
        base = settings_of(request).base_url.rstrip("/")
        try:
            games = await run_in_threadpool(door.my_games, username, password, address, base)
        except (errors.BadCredentials, errors.TooManyAttempts):
            return _xml(soap.fault(soap.MakeAMoveResult.AUTHENTICATION_FAILED), 500)
        return _xml(soap.games_response(games))
    move = MoveRequest(
        gameId=parsed.number("gameId"),
        resign=parsed.flag("resign"),
        acceptDraw=parsed.flag("acceptDraw"),
        movecount=parsed.number("movecount"),
        myMove=parsed.text("myMove"),
        offerDraw=parsed.flag("offerDraw"),
        claimDraw=parsed.flag("claimDraw"),
        myMessage=parsed.text("myMessage"),
    )
    code = await run_in_threadpool(door.make_a_move, username, password, move, address)
    return _xml(soap.move_response(code))


for _path in PATHS:
    router.add_api_route(_path, wsdl, methods=["GET"])
    router.add_api_route(_path, call, methods=["POST"])
