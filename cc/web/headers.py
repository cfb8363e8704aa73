"""Security headers on every answer, and ``Secure`` on every cookie.

No script runs but the site's own files (the API docs included: served
from the site, never from a CDN); no page can be framed, so no other site
can make a signed-in player click "resign" inside a frame; no type
sniffing; no address leaks to other sites. Inline style attributes stay
allowed: the fallback SVG board and chessground's piece placing use them,
and styles cannot run code.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; font-src 'self'; connect-src 'self'; object-src 'none'; "
    "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
HEADERS: list[tuple[bytes, bytes]] = [
    (b"content-security-policy", CSP.encode()),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"permissions-policy", b"camera=(), microphone=(), geolocation=(), payment=()"),
]
HSTS = (b"strict-transport-security", b"max-age=31536000")


def secure_cookie(value: bytes) -> bytes:
    """Mark a Set-Cookie value Secure, once.

    >>> secure_cookie(b"lang=ru; Path=/; SameSite=lax")
    b'lang=ru; Path=/; SameSite=lax; Secure'
    >>> secure_cookie(b"s=1; Secure")
    b's=1; Secure'
    """
    parts = [p.strip().lower() for p in value.split(b";")]
    return value if b"secure" in parts else value + b"; Secure"


def with_security_headers(
    headers: list[tuple[bytes, bytes]], secure: bool
) -> list[tuple[bytes, bytes]]:
    """``headers`` with :data:`HEADERS` added where absent (and HSTS and
    ``Secure`` cookies on a secure site)."""
    out = [
        (name, secure_cookie(value) if secure and name == b"set-cookie" else value)
        for name, value in headers
    ]
    present = {name.lower() for name, _ in out}
    out.extend(h for h in HEADERS if h[0] not in present)
    if secure and HSTS[0] not in present:
        out.append(HSTS)
    return out


class SecurityHeaders:
    """ASGI middleware adding :data:`HEADERS` to every HTTP answer."""

    def __init__(self, app: ASGIApp, *, secure: bool = False) -> None:
        self.app = app
        self.secure = secure

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = with_security_headers(
                    list(message.get("headers", [])), self.secure
                )
            await send(message)

        await self.app(scope, receive, with_headers)
