"""The Web Push door: notifications pushed to the browsers players allowed.

A supervised loop in ``cc serve``, like the mail sender: it takes the
notifications whose ``push_due`` is set (:meth:`PushSubscriptions.due`),
says each in the recipient's language (the gateway's texts,
:func:`mailgate.replies.say_notice`), encrypts it for each of the player's
browsers (RFC 8291) and posts it to the browser's push service, signed with
the site's VAPID key (RFC 8292), through pywebpush. Then:

- 201 (or any 2xx): that browser has it;
- 404 or 410: the browser is gone for good, its subscription is dropped;
- 429, 5xx, or no answer: tried again later with a growing pause, the
  browsers that took it not sent it twice (within this process);
- any other answer: that browser will not take it, and it is not retried.

A notification pushed to every browser, or given up after
:data:`MAX_ATTEMPTS` rounds or :data:`GIVE_UP_AFTER`, has ``push_due``
cleared. Nothing here decides who hears what: the services chose the
channels when they recorded the notice.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

import aiohttp
from py_vapid import Vapid, Vapid01
from pywebpush import WebPushException, webpush_async

from cc.base.health import Heartbeat
from cc.notify.subscriptions import Browser, PushDue, PushSubscriptions
from mailgate.replies import say_notice

log = logging.getLogger(__name__)

#: rounds a notification is tried before it is given up
MAX_ATTEMPTS = 8
#: a push older than this tells nothing any more
GIVE_UP_AFTER = timedelta(days=1)
#: how long the push service keeps it for a browser that is offline (s)
TTL = 24 * 3600
BACKOFF = (
    timedelta(seconds=30),
    timedelta(minutes=2),
    timedelta(minutes=10),
    timedelta(minutes=30),
)
TITLES = {
    "en": {"game": "Game {n}", "case": "Case {n}", "site": "Correspondence chess"},
    "ru": {"game": "Партия {n}", "case": "Дело {n}", "site": "Заочные шахматы"},
}


@dataclass(frozen=True)
class VapidSettings:
    #: the private key: base64url (raw or DER) or PEM
    private_key: str
    #: who push services may contact about us ("mailto:...")
    subject: str


def load_key(text: str) -> Vapid01:
    """The site's VAPID key from its configured text."""
    if "BEGIN" in text:
        return Vapid.from_pem(text.encode())
    return Vapid.from_string(text)


def page(item: PushDue) -> str:
    """The site's page a notification is about (a path)."""
    if item.case_id is not None:
        return f"/cases/{item.case_id}"
    if item.game_id is not None:
        return f"/games/{item.game_id}"
    if item.event_code is not None:
        return f"/events/{item.event_code}/crosstable"
    return "/notifications"


def payload(item: PushDue, site_url: str) -> dict[str, str]:
    """What the service worker shows: a title, the words, the link."""
    lang = item.lang if item.lang in TITLES else "en"
    link = f"{site_url.rstrip('/')}{page(item)}"
    params: dict[str, object] = {k: v for k, v in item.params.items() if v is not None}
    for name, value in list(params.items()):
        if isinstance(value, list):
            params[name] = " ".join(str(v) for v in value)
    if item.game_id is not None:
        params.setdefault("game", item.game_id)
    if item.case_id is not None:
        params.setdefault("case", item.case_id)
    if item.event_name is not None:
        params.setdefault("event", item.event_name)
    params.setdefault("link", link)
    if item.case_id is not None:
        title = TITLES[lang]["case"].format(n=item.case_id)
    elif item.game_id is not None:
        title = TITLES[lang]["game"].format(n=item.game_id)
    else:
        title = item.event_name or TITLES[lang]["site"]
    return {
        "title": title,
        "body": say_notice(lang, item.kind, **params),
        "url": link,
        "tag": f"cc-{item.notification_id}",
        "lang": lang,
    }


@dataclass
class _Pending:
    """A notification some browser has still to take (this process only)."""

    attempts: int = 0
    next_at: datetime | None = None
    first_at: datetime | None = None
    taken: set[int] = field(default_factory=set)


class PushSender:
    def __init__(
        self,
        push: PushSubscriptions,
        vapid: VapidSettings,
        site_url: str,
        now: Callable[[], datetime],
        timeout: float = 20,
    ) -> None:
        self.push = push
        self.key = load_key(vapid.private_key)
        self.subject = vapid.subject
        self.site_url = site_url
        self.now = now
        self.timeout = timeout
        self._pending: dict[int, _Pending] = {}

    async def send_due(self, http: aiohttp.ClientSession) -> int:
        """Push what is due once; returns how many browsers took a push."""
        now = self.now()
        waiting = {n for n, p in self._pending.items() if p.next_at and p.next_at > now}
        ready = set(self._pending) - waiting  # held by this process for its retry
        taken = 0
        for item in await asyncio.to_thread(self.push.due, 50, waiting, ready):
            state = self._pending.setdefault(item.notification_id, _Pending(first_at=now))
            data = json.dumps(payload(item, self.site_url), ensure_ascii=False)
            again = False
            for browser in item.browsers:
                if browser.id in state.taken:
                    continue
                outcome = await self._send(http, browser, data)
                if outcome == "taken":
                    taken += 1
                    state.taken.add(browser.id)
                elif outcome == "gone":
                    await asyncio.to_thread(self.push.drop, browser.id)
                elif outcome == "later":
                    again = True
                else:
                    state.taken.add(browser.id)  # refused: not asked again
            state.attempts += 1
            too_old = state.first_at is not None and now - state.first_at > GIVE_UP_AFTER
            if again and state.attempts < MAX_ATTEMPTS and not too_old:
                state.next_at = now + BACKOFF[min(state.attempts - 1, len(BACKOFF) - 1)]
                await asyncio.to_thread(self.push.hold, item.notification_id, state.next_at)
                continue
            if again:
                log.warning("push %s given up after %s tries", item.notification_id, state.attempts)
            await asyncio.to_thread(self.push.done, item.notification_id)
            self._pending.pop(item.notification_id, None)
        return taken

    async def _send(self, http: aiohttp.ClientSession, browser: Browser, data: str) -> str:
        """One encrypted post: "taken", "gone", "later" or "refused"."""
        info: dict[str, Any] = {
            "endpoint": browser.endpoint,
            "keys": {"p256dh": browser.p256dh, "auth": browser.auth},
        }
        try:
            await webpush_async(
                info,
                data=data,
                vapid_private_key=self.key,
                # A fresh dict each time: pywebpush fills in the audience of
                # the endpoint's push service.
                vapid_claims={"sub": self.subject},
                ttl=TTL,
                timeout=self.timeout,
                aiohttp_session=http,
            )
        except WebPushException as exc:
            status = _status(exc)
            if status in (404, 410):
                log.info("push subscription %s is gone (%s)", browser.id, status)
                return "gone"
            if status is None or status == 429 or status >= 500:
                log.info("push to %s to be tried again: %s", browser.id, status)
                return "later"
            log.warning("push to %s refused: %s", browser.id, exc)
            return "refused"
        except (aiohttp.ClientError, TimeoutError, OSError) as exc:
            log.info("push to %s to be tried again: %s", browser.id, exc)
            return "later"
        return "taken"


def _status(exc: WebPushException) -> int | None:
    response = exc.response
    status = getattr(response, "status", None) or getattr(response, "status_code", None)
    return int(status) if status is not None else None


async def run_push(
    sender: PushSender,
    interval: float = 5.0,
    heartbeat: Heartbeat | None = None,
    max_backoff: float = 60.0,
) -> None:
    """Push forever, every ``interval`` seconds; nothing but cancellation
    stops it. A failed round (the database down) is logged and tried again
    with a pause that grows to ``max_backoff``."""
    beat = heartbeat or Heartbeat("push")
    pause = interval
    async with aiohttp.ClientSession() as http:
        while True:
            try:
                await sender.send_due(http)
                beat.ok()
                pause = interval
            except Exception as exc:
                pause = min(max(pause, 1.0) * 2, max_backoff)
                if beat.failing_since is None:
                    log.exception("push round failed; tried again in %.0f s", pause)
                else:
                    log.error("push round failed again: %s: %s", type(exc).__name__, exc)
                beat.failed(f"{type(exc).__name__}: {exc}")
            await asyncio.sleep(pause)


__all__ = ["PushSender", "VapidSettings", "load_key", "payload", "run_push"]
