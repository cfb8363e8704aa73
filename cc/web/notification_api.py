"""The notification centre and its choices on the JSON API (/api/v1/me/...).

The same as the pages: the latest notifications, each said in the
caller's language with the page it is about; marking them read; the
channels per group, the digest's hour, the time zone and the "time running
low" share. ``/me/pulse`` is what an open page polls every few seconds: it
takes the site's session cookie as well as a token, being a read-only GET.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request, Response
from pydantic import BaseModel, Field

from cc.base import errors
from cc.kernel.context import Actor
from cc.kernel.notifications import Channel, Group
from cc.notify.centre import CENTRE_LIMIT, Preferences
from cc.text.i18n import N_
from cc.web import notice_words
from cc.web.api import Caller, _caller_language, api_actor
from cc.web.context import actor_of, services_of, viewer
from cc.web.notification_pages import event_codes

router = APIRouter(prefix="/api/v1")  # tags: cc.web.api_document

#: at most this many ids are marked read in one request
MAX_IDS = 500


def token_or_session(request: Request) -> Actor:
    """The caller by their token, or, in the site's own pages, by their session."""
    if request.headers.get("authorization"):
        return api_actor(request, request.headers["authorization"])
    info = viewer(request)
    if info is None:
        raise errors.NotSignedIn()
    request.state.api_lang = info.lang
    return actor_of(info)


Reader = Annotated[Actor, Depends(token_or_session)]


class NotificationOut(BaseModel):
    id: int
    kind: str = Field(description="What it tells (see the kinds in cc.kernel.notifications)")
    text: str = Field(description="Said in words, in the caller's language")
    url: str = Field(description="The site's page it is about (a path)")
    game_id: int | None
    case_id: int | None
    event_id: int | None
    params: dict[str, Any] = Field(description="Its codes, numbers, names and ISO dates")
    created_at: str
    read: bool


class NotificationsOut(BaseModel):
    unread: int
    items: list[NotificationOut]


class ReadIn(BaseModel):
    ids: list[int] | None = Field(
        default=None, description=f"The notifications to mark read (at most {MAX_IDS})"
    )
    all: bool = Field(default=False, description="Mark every notification read")


class ReadOut(BaseModel):
    marked: int = Field(description="How many were unread and are now read")
    unread: int


class SettingsOut(BaseModel):
    timezone: str = Field(description="An IANA time zone, e.g. Europe/Moscow")
    digest_hour: int = Field(description="The hour of the daily digest in that zone (0-23)")
    low_time_percent: int = Field(description="Told when this share of the period is left")
    channels: dict[str, list[str]] = Field(description="Per group, the channels that apply")
    chosen: list[str] = Field(description="The groups whose channels the player chose")
    push_available: bool = Field(description="Whether the site offers Web Push")
    groups: list[str]
    channels_offered: list[str]


class SettingsIn(BaseModel):
    timezone: str | None = None
    digest_hour: int | None = Field(default=None, description="0-23")
    low_time_percent: int | None = Field(default=None, description="5-75")
    channels: dict[str, list[str]] | None = Field(
        default=None,
        description='Per group to change, its channels: {"moves": ["centre", "push"]}',
    )


class PulseOut(BaseModel):
    unread: int
    latest: int = Field(description="The id of the newest notification (0: none)")
    games: dict[str, str] = Field(
        description="Per ongoing or lately finished game: a stamp that changes with every "
        "move, offer and result"
    )
    to_move: int = Field(
        default=0,
        description="How many games await my move (under way, my turn, not suspended by a "
        "claim): the header's count",
    )


@router.get(
    "/me/notifications",
    summary="My latest notifications, newest first, and how many are unread",
    response_model=NotificationsOut,
)
def my_notifications(request: Request, caller: Caller, limit: int = CENTRE_LIMIT) -> Any:
    if not 1 <= limit <= CENTRE_LIMIT:
        raise errors.InvalidInput(
            field="limit", reason=N_("from {low} to {high}", low=1, high=CENTRE_LIMIT)
        )
    svc = services_of(request)
    items = svc.centre.items(caller, limit)
    lang = _caller_language(request)
    events = event_codes(svc, (i for i in items if i.game_id is None and i.case_id is None))
    return {
        "unread": svc.centre.unread(caller.player_id or 0),
        "items": [
            {
                "id": i.id,
                "kind": i.kind,
                "text": notice_words.say(i, lang, events),
                "url": notice_words.target(i, events),
                "game_id": i.game_id,
                "case_id": i.case_id,
                "event_id": i.event_id,
                "params": dict(i.params),
                "created_at": i.created_at.isoformat(),
                "read": i.read,
            }
            for i in items
        ],
    }


@router.post(
    "/me/notifications/read",
    summary="Mark notifications read: the ones named, or all",
    response_model=ReadOut,
)
def mark_read(request: Request, caller: Caller, body: ReadIn) -> Any:
    if body.all == (body.ids is not None):
        raise errors.InvalidInput(field="ids", reason=N_('name the ids, or say "all": true'))
    if body.ids is not None and len(body.ids) > MAX_IDS:
        raise errors.InvalidInput(field="ids", reason=N_("at most {limit}", limit=MAX_IDS))
    svc = services_of(request)
    marked = svc.centre.mark_read(caller, None if body.all else body.ids)
    return {"marked": marked, "unread": svc.centre.unread(caller.player_id or 0)}


def _settings(prefs: Preferences) -> dict[str, Any]:
    offered = [c.value for c in Channel if c != Channel.PUSH or prefs.push_available]
    return {
        "timezone": prefs.timezone,
        "digest_hour": prefs.digest_hour,
        "low_time_percent": prefs.low_time_percent,
        "channels": {g.value: sorted(c.value for c in prefs.channels[g]) for g in Group},
        "chosen": sorted(g.value for g in prefs.chosen),
        "push_available": prefs.push_available,
        "groups": [g.value for g in Group],
        "channels_offered": offered,
    }


@router.get(
    "/me/notification-settings",
    summary="How I am told: channels per group, digest hour, time zone, low-time share",
    response_model=SettingsOut,
)
def my_settings(request: Request, caller: Caller) -> Any:
    return _settings(services_of(request).centre.preferences(caller))


@router.put(
    "/me/notification-settings",
    summary="Change how I am told (only the fields given; a refused one changes nothing)",
    response_model=SettingsOut,
)
def set_settings(request: Request, caller: Caller, body: SettingsIn) -> Any:
    centre = services_of(request).centre
    centre.set_preferences(
        caller,
        timezone=body.timezone,
        digest_hour=body.digest_hour,
        low_time_percent=body.low_time_percent,
        channels=body.channels,
    )
    return _settings(centre.preferences(caller))


@router.get(
    "/me/pulse",
    summary="What an open page polls: unread count, newest notification, game stamps, "
    "games awaiting my move",
    description="Also answers the site's own pages by their session cookie.",
    response_model=PulseOut,
)
def pulse(request: Request, response: Response, caller: Reader) -> Any:
    # Asked every few seconds: no cache on the way may answer for the server.
    response.headers["Cache-Control"] = "no-store"
    beat = services_of(request).centre.pulse(caller.player_id or 0)
    return {
        "unread": beat.unread,
        "latest": beat.latest,
        "games": {str(k): v for k, v in beat.games.items()},
        "to_move": beat.to_move,
    }


__all__ = ["router"]
