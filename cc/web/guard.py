"""The front door's checks on every request, before any route sees it.

A request is refused with a 4xx in the door's own error form, never let
through to fail as a 500 deep inside, when it is larger than the door
takes, names an id no database column holds (2^31 and up), or carries a
character no record should hold (NUL, another control character but tab,
line feed and return, a lone surrogate, undecodable bytes),
a number JSON does not have (NaN, Infinity), or a text longer than a field
takes. The limits are named in the answer. Xfcc reads its own bodies
(bounded and parsed as XML, which admits none of these) and is passed by.
"""

from __future__ import annotations

import email.message
import json
import re
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any
from urllib.parse import parse_qsl, unquote_to_bytes

from starlette.requests import Request
from starlette.responses import Response

from cc.text.i18n import N_

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

#: the largest request body a page or the API takes
MAX_BODY = 256 * 1024
#: the longest text of any one field (a statement, a complaint, reasons)
MAX_TEXT = 20_000
#: ids and numbers beyond this fit no integer column
MAX_INT = 2**31 - 1
#: characters no text here may hold: NUL and lone surrogates no column
#: stores, and the other controls (but tab, line feed and return) and
#: non-characters XML 1.0 cannot carry, which Xfcc answers and PGN write
_UNSTORABLE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
#: a path segment naming an id: digits, perhaps with a file's suffix (``12.pgn``)
_ID_SEGMENT = re.compile(r"^([0-9]+)(\.[A-Za-z]+)?$")


class Refused(Exception):
    def __init__(self, status: int, code: str, params: dict[str, object]) -> None:
        super().__init__(code)
        self.status, self.code, self.params = status, code, params


def _text_problem(name: str, value: str) -> Refused | None:
    if _UNSTORABLE.search(value):
        return Refused(
            422,
            "invalid_input",
            {"field": name, "reason": N_("it holds a character that cannot be stored")},
        )
    if len(value) > MAX_TEXT:
        return Refused(
            422,
            "invalid_input",
            {"field": name, "reason": N_("at most {limit} characters", limit=MAX_TEXT)},
        )
    return None


def _no_constant(value: str) -> Any:
    raise Refused(
        422,
        "invalid_input",
        {"field": "body", "reason": N_("{value} is not a number", value=value)},
    )


def check_json(body: bytes) -> None:
    """Refuse values no column takes; anything else malformed is left to the
    route's own validation (which answers 422)."""
    try:
        data = json.loads(body, parse_constant=_no_constant)
    except (ValueError, RecursionError) as exc:
        if isinstance(exc, Refused):
            raise
        return
    stack: list[tuple[str, Any]] = [("body", data)]
    while stack:
        name, value = stack.pop()
        if isinstance(value, str):
            problem = _text_problem(name, value)
            if problem:
                raise problem
        elif isinstance(value, bool):
            continue
        elif isinstance(value, int) and abs(value) > MAX_INT:
            raise Refused(
                422,
                "invalid_input",
                {"field": name, "reason": N_("at most {limit}", limit=MAX_INT)},
            )
        elif isinstance(value, dict):
            for key, item in value.items():
                problem = _text_problem("body", key)
                if problem:
                    raise problem
                stack.append((key, item))
        elif isinstance(value, list):
            stack.extend((name, item) for item in value)


def check_pairs(encoded: bytes, field: str) -> None:
    """A form body or a query string: every name and value storable and within
    :data:`MAX_TEXT`."""
    try:
        pairs = parse_qsl(encoded.decode("utf-8"), keep_blank_values=True, errors="strict")
    except (UnicodeError, ValueError):
        raise Refused(
            422,
            "invalid_input",
            {"field": field, "reason": N_("it holds a character that cannot be stored")},
        ) from None
    for name, value in pairs:
        problem = _text_problem(name, value) or _text_problem(field, name)
        if problem:
            raise problem


def check_fields(fields: dict[str, str]) -> None:
    """A multipart form's text fields (which the door passes unread, files and
    all), checked as :func:`check_pairs` checks an encoded form."""
    for name, value in fields.items():
        problem = _text_problem(name, value)
        if problem:
            raise problem


def check_target(path: str, query: bytes) -> None:
    """A path naming an id no column holds, or holding bytes that are no text,
    names nothing here: 404. The refusal names the segment as text that can
    be written back (undecodable bytes shown as U+FFFD)."""
    for segment in path.split("/"):
        number = _ID_SEGMENT.match(segment)
        if (number and int(number.group(1)) > MAX_INT) or _UNSTORABLE.search(segment):
            shown = segment.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
            raise Refused(
                404, "not_found", {"kind": "page", "ref": _UNSTORABLE.sub("\ufffd", shown)}
            )
    if query:
        check_pairs(query, "query")


class InputGuard:
    """ASGI middleware: the checks above, the body replayed to the app."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["path"].startswith("/xfcc/"):
            await self.app(scope, receive, send)
            return
        try:
            raw_path = scope.get("raw_path") or scope["path"].encode()
            path = unquote_to_bytes(raw_path).decode("utf-8", errors="surrogateescape")
            check_target(path, scope.get("query_string", b""))
            body = await self._body(scope, receive)
            kind = _content_type(scope)
            if body and kind == "application/x-www-form-urlencoded":
                check_pairs(body, "form")
            elif body and _read_as_json(kind):
                check_json(body)
        except Refused as refused:
            await _refusal(scope, refused)(scope, receive, send)
            return
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)

    @staticmethod
    async def _body(scope: Scope, receive: Receive) -> bytes:
        for name, value in scope.get("headers", []):
            if name == b"content-length" and value.isdigit() and int(value) > MAX_BODY:
                raise Refused(413, "too_large", {"limit": MAX_BODY})
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                break
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > MAX_BODY:
                raise Refused(413, "too_large", {"limit": MAX_BODY})
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        return b"".join(chunks)


def _read_as_json(kind: str) -> bool:
    """Whether the framework reads a body of this type as JSON: with no type
    at all, ``application/json`` and every ``application/...+json``
    (``merge-patch+json``, ``problem+json`` ...). The guard must check each
    of them, or a text it refuses in one spelling is stored in another."""
    return (
        kind == ""
        or kind == "application/json"
        or (kind.startswith("application/") and kind.endswith("+json"))
    )


def _content_type(scope: Scope) -> str:
    """The body's media type, read as the framework reads it (the standard
    library's header parser), so both agree on what is JSON; "" for none."""
    for name, value in scope.get("headers", []):
        if name == b"content-type":
            if not value:
                return ""
            header = email.message.Message()
            header["content-type"] = value.decode("latin-1")
            return header.get_content_type()
    return ""


def _refusal(scope: Scope, refused: Refused) -> Response:
    from cc.web.failures import error_response_for

    request = Request(scope)
    return error_response_for(request, refused.status, refused.code, refused.params)
