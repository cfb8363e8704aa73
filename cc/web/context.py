"""Per-request context shared by the pages and the API: who, which language."""

from __future__ import annotations

import hmac
from dataclasses import dataclass

from fastapi import Request

from cc.accounts.sessions import SessionInfo
from cc.app.services import Services
from cc.base import errors
from cc.base.kinds import Door
from cc.kernel.context import Actor
from cc.text.i18n import N_
from cc.web.i18n import pick_language

SESSION_COOKIE = "cc_session"
PRE_CSRF_COOKIE = "cc_csrf"
LANG_COOKIE = "lang"
#: signed marks of the logins this browser signed in to (cc.accounts.throttle)
DEVICE_COOKIE = "cc_device"
#: a reset link's token, moved out of the address bar (and the logs)
RESET_COOKIE = "cc_reset"
#: every PGN download: the text is UTF-8 (names in Cyrillic), said so, as a
#: type outside text/ gets no charset by default
PGN_MEDIA_TYPE = "application/x-chess-pgn; charset=utf-8"


@dataclass(frozen=True)
class WebSettings:
    #: mark cookies Secure (behind HTTPS); off for the embedded http default
    secure_cookies: bool = False
    #: the address players reach the site at, for links in mail
    base_url: str = "http://127.0.0.1:8000"
    #: the VAPID public key browsers subscribe to Web Push with ("": no push)
    vapid_public_key: str = ""


def services_of(request: Request) -> Services:
    return request.app.state.services  # type: ignore[no-any-return]


def settings_of(request: Request) -> WebSettings:
    return request.app.state.settings  # type: ignore[no-any-return]


def viewer(request: Request) -> SessionInfo | None:
    """The signed-in player of this request, if any (looked up once)."""
    if not hasattr(request.state, "viewer"):
        token = request.cookies.get(SESSION_COOKIE)
        request.state.viewer = services_of(request).accounts.session(token)
    return request.state.viewer  # type: ignore[no-any-return]


def language(request: Request) -> str:
    info = viewer(request)
    return pick_language(
        info.lang if info else None,
        request.cookies.get(LANG_COOKIE),
        request.headers.get("accept-language"),
    )


def client_address(request: Request) -> str:
    """The client's address (behind a proxy, the one uvicorn takes from it)."""
    return request.client.host if request.client else ""


def actor_of(info: SessionInfo, door: Door = Door.WEB) -> Actor:
    return Actor(player_id=info.player_id, door=door, label=info.login)


def check_csrf(expected: str | None, given: str | None) -> None:
    """Every state-changing form carries the session's synchronizer token."""
    if not expected or not given or not hmac.compare_digest(expected, given):
        raise errors.NotPermitted(who="this form", action=N_("be accepted without its CSRF token"))
