"""One-click unsubscribing from the mail a player chose (RFC 8058).

Every notice mailed because the player chose mail for its group carries
``List-Unsubscribe: <https://site/unsubscribe/TOKEN>`` with
``List-Unsubscribe-Post: List-Unsubscribe=One-Click``. A mail program then
POSTs that address once, with no cookie and no form token: the signed token
is the whole authority, and it can do one thing only, stop that group's
mail for that player. So the POST takes no sign-in and no CSRF token, and
answers 200, or 404 for a token that is not ours, never a server error.
A person who opens the link in a browser gets a page that says what it
stops, with a button that makes the same POST: a link scanner that fetches
it stops nothing.
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import Response

from cc.base import errors
from cc.kernel.notifications import Group
from cc.text.i18n import N_
from cc.web.context import services_of
from cc.web.rendering import render

router = APIRouter(include_in_schema=False)

#: where the player sets every channel (served by the notification pages)
SETTINGS_PAGE = "/notifications/settings"


@router.get("/unsubscribe/{token}")
def unsubscribe_page(request: Request, token: str) -> Response:
    """What the link stops, and the button that stops it."""
    _player_id, group = _read(request, token)
    return render(
        request, "unsubscribe.html", token=token, group=group.value, settings=SETTINGS_PAGE
    )


@router.post("/unsubscribe/{token}")
def unsubscribe(request: Request, token: str) -> Response:
    """Stop the token's group's mail. Doing it again changes nothing; the
    body (``List-Unsubscribe=One-Click``) is not needed to know what to do."""
    _player_id, group = services_of(request).centre.unsubscribe(token)
    return render(
        request,
        "unsubscribe.html",
        token=token,
        group=group.value,
        settings=SETTINGS_PAGE,
        done=True,
    )


def _read(request: Request, token: str) -> tuple[int, Group]:
    if len(token) > 200:
        raise errors.NotFound(kind="link", ref=N_("to stop emails"))
    return services_of(request).centre.read_token(token)
