"""The notification centre and the player's choices of how to be told.

``/notifications`` lists the player's latest notices in their language,
newest first; following one marks it read and opens the page it is about.
``/notifications/settings`` is where a player picks, per group of kinds,
the channels (mail at once, the daily digest, the centre, the browser), the
digest's hour in their own time zone and when "time running low" is said.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from functools import cache
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from fastapi import APIRouter, Request
from fastapi.responses import RedirectResponse, Response

from cc.app.services import Services
from cc.base import errors
from cc.kernel.notifications import Channel, Group
from cc.notify.centre import NotificationView, Preferences
from cc.text.i18n import N_
from cc.web import notice_words
from cc.web.context import actor_of, check_csrf, language, services_of
from cc.web.rendering import render, signed_in

router = APIRouter(include_in_schema=False)

#: the order the settings page shows the groups and channels in
GROUPS = tuple(Group)
CHANNELS = (Channel.CENTRE, Channel.DIGEST, Channel.EMAIL, Channel.PUSH)


@cache
def time_zones() -> tuple[str, ...]:
    """The IANA zones a player may choose, sorted (read once)."""
    return tuple(sorted(z for z in available_timezones() if "/" in z or z == "UTC"))


def event_codes(services: Services, items: Iterable[Any]) -> dict[int, str]:
    """The codes of the events that notices about a whole event name."""
    wanted = {i.event_id for i in items if i.event_id is not None}
    if not wanted:
        return {}
    return {e.id: e.code for e in services.queries.events() if e.id in wanted}


def local_time(at: datetime, zone: str) -> datetime:
    """``at`` in the player's zone (UTC if the zone is unknown here)."""
    try:
        return at.astimezone(ZoneInfo(zone))
    except (ZoneInfoNotFoundError, ValueError):
        return at


@router.get("/notifications")
def centre_page(request: Request) -> Response:
    info = signed_in(request)
    svc = services_of(request)
    actor = actor_of(info)
    items = svc.centre.items(actor)
    events = event_codes(svc, (i for i in items if i.game_id is None and i.case_id is None))
    zone = svc.centre.preferences(actor).timezone
    lang = language(request)
    lines = [
        {
            "id": item.id,
            "text": notice_words.say(item, lang, events),
            "at": local_time(item.created_at, zone),
            "read": item.read,
        }
        for item in items
    ]
    return render(request, "notifications.html", lines=lines, zone=zone)


@router.get("/notifications/{notification_id:int}")
def open_notification(request: Request, notification_id: int) -> Response:
    """Follow a notice: it is marked read and its page opens."""
    info = signed_in(request)
    svc = services_of(request)
    view: NotificationView = svc.centre.open(actor_of(info), notification_id)
    events = event_codes(svc, [view]) if view.game_id is None and view.case_id is None else {}
    return RedirectResponse(notice_words.target(view, events), status_code=303)


@router.post("/notifications/read")
async def mark_all_read(request: Request) -> Response:
    info = signed_in(request)
    form = await request.form()
    check_csrf(info.csrf_token, _one(form.get("csrf_token")))
    services_of(request).centre.mark_read(actor_of(info))
    return RedirectResponse("/notifications", status_code=303)


# ------------------------------------------------------------------ settings


@router.get("/notifications/settings")
def settings_page(request: Request) -> Response:
    info = signed_in(request)
    prefs = services_of(request).centre.preferences(actor_of(info))
    return _settings(request, prefs)


def _settings(request: Request, prefs: Preferences, status: int = 200, **context: Any) -> Response:
    channels = [c for c in CHANNELS if c != Channel.PUSH or prefs.push_available]
    chosen = {g.value: sorted(c.value for c in prefs.channels[g]) for g in GROUPS}
    return render(
        request,
        "notification_settings.html",
        status=status,
        prefs=prefs,
        groups=GROUPS,
        channels=channels,
        chosen=context.pop("typed_channels", chosen),
        zones=time_zones(),
        **context,
    )


@router.post("/notifications/settings")
async def save_settings(request: Request) -> Response:
    """Save the choices; a refused one is shown by its field, nothing saved."""
    info = signed_in(request)
    form = await request.form()
    check_csrf(info.csrf_token, _one(form.get("csrf_token")))
    svc = services_of(request)
    actor = actor_of(info)
    prefs = svc.centre.preferences(actor)
    offered = {c.value for c in CHANNELS if c != Channel.PUSH or prefs.push_available}
    typed_channels = {
        g.value: sorted({str(v) for v in form.getlist(f"channels_{g.value}")}) for g in GROUPS
    }
    # A group left as it was shown keeps following its defaults (which
    # depend on the event's mode); only what the player changed is chosen.
    changed: dict[str, list[str]] = {}
    for group in GROUPS:
        shown = sorted(c.value for c in prefs.channels[group] if c.value in offered)
        kept = sorted(c.value for c in prefs.channels[group] if c.value not in offered)
        picked = typed_channels[group.value]
        if group in prefs.chosen or picked != shown:
            changed[group.value] = sorted({*picked, *kept})
    typed = {
        "timezone": _one(form.get("timezone")).strip(),
        "digest_hour": _one(form.get("digest_hour")).strip(),
        "low_time_percent": _one(form.get("low_time_percent")).strip(),
    }
    try:
        svc.centre.set_preferences(
            actor,
            timezone=typed["timezone"] or None,
            digest_hour=_number("digest_hour", typed["digest_hour"]),
            low_time_percent=_number("low_time_percent", typed["low_time_percent"]),
            channels=changed,
        )
    except errors.InvalidInput as exc:
        return _settings(
            request,
            prefs,
            status=422,
            error=exc.message(language(request)),
            failed=str(exc.params.get("field", "")),
            typed=typed,
            typed_channels=typed_channels,
        )
    return RedirectResponse("/notifications/settings?saved=1", status_code=303)


def _one(value: Any) -> str:
    return value if isinstance(value, str) else ""


def _number(field: str, text: str) -> int | None:
    """A whole number from a form field (None when left empty)."""
    if not text:
        return None
    if not (text.isascii() and text.lstrip("-").isdigit()) or len(text) > 6:
        raise errors.InvalidInput(field=field, reason=N_("a whole number"))
    return int(text)


__all__ = ["router", "time_zones"]
