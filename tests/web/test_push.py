"""Web Push: browsers subscribe, the sender encrypts and signs each push for
a real HTTP server on loopback standing in for the push service, drops the
browsers it says are gone, and tries the busy ones again."""

from __future__ import annotations

import asyncio
import json
import os
import threading
from base64 import urlsafe_b64decode, urlsafe_b64encode
from collections.abc import Iterator
from datetime import datetime, timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import aiohttp
import http_ece
import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from fastapi.testclient import TestClient
from sqlalchemy import select

from cc.app.services import Services
from cc.base.clock import FixedClock
from cc.base.kinds import Door
from cc.kernel.context import Actor
from cc.store.models import Notification, Player, PushSubscription
from cc.web.app import create_app
from cc.web.context import WebSettings
from cc.web.push_sender import PushSender, VapidSettings
from tests.support.events import make_event
from tests.support.sites import give_passwords
from tests.support.web import csrf_of, sign_in

SITE = "http://127.0.0.1:8000"


def b64(data: bytes) -> str:
    return urlsafe_b64encode(data).decode().rstrip("=")


def unb64(text: str) -> bytes:
    return urlsafe_b64decode(text + "=" * (-len(text) % 4))


class Browser:
    """What a browser's PushManager holds: its key pair and auth secret."""

    def __init__(self, endpoint: str) -> None:
        self.endpoint = endpoint
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.auth = os.urandom(16)

    @property
    def p256dh(self) -> str:
        return b64(
            self.key.public_key().public_bytes(
                serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
            )
        )

    def read(self, body: bytes) -> dict[str, Any]:
        plain = http_ece.decrypt(body, private_key=self.key, auth_secret=self.auth)
        return json.loads(plain)  # type: ignore[no-any-return]


class PushService:
    """A push service on loopback: records each POST; answers by path
    (``/ok/..`` 201, ``/gone/..`` 410, ``/busy/..`` 503 until told)."""

    def __init__(self) -> None:
        self.posts: list[tuple[str, dict[str, str], bytes]] = []
        self.busy = True
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                service.posts.append(
                    (self.path, {k.lower(): v for k, v in self.headers.items()}, body)
                )
                if self.path.startswith("/gone/"):
                    code = 410
                elif self.path.startswith("/busy/") and service.busy:
                    code = 503
                else:
                    code = 201
                self.send_response(code)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args: object) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def to(self, path: str) -> list[tuple[str, dict[str, str], bytes]]:
        return [p for p in self.posts if p[0] == path]


@pytest.fixture
def push_service() -> Iterator[PushService]:
    service = PushService()
    service.thread.start()
    try:
        yield service
    finally:
        service.server.shutdown()
        service.server.server_close()


def vapid_keys() -> tuple[str, str]:
    """A site's VAPID key pair: the private key (raw, base64url) and the
    public key browsers subscribe with."""
    key = ec.generate_private_key(ec.SECP256R1())
    private = b64(key.private_numbers().private_value.to_bytes(32, "big"))
    public = b64(
        key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
    )
    return private, public


def pushing(services: Services) -> dict[str, int]:
    services.notifications.push_enabled = True
    ids = make_event(services, 2)
    with services.ctx.db.write() as session:
        black = session.get(Player, ids["p2"])
        assert black is not None
        black.lang = "ru"
    services.centre.set_preferences(
        Actor.player(ids["p2"], Door.WEB), channels={"moves": ["push", "centre"]}
    )
    return ids


def subscribed(
    services: Services, push_service: PushService, *paths: str
) -> tuple[dict[str, int], list[Browser]]:
    """A site ``pushing``, where Black has subscribed from a browser at each of
    ``paths`` of the push service; the event's ids and those browsers."""
    ids = pushing(services)
    black = Actor.player(ids["p2"], Door.WEB)
    browsers = [Browser(f"{push_service.url}{path}") for path in paths]
    for b in browsers:
        services.push.subscribe(black, b.endpoint, b.p256dh, b64(b.auth))
    return ids, browsers


def due(services: Services) -> list[int]:
    with services.ctx.db.read() as session:
        return list(session.scalars(select(Notification.id).where(Notification.push_due)))


def run(sender: PushSender) -> int:
    async def once() -> int:
        async with aiohttp.ClientSession() as http:
            return await sender.send_due(http)

    return asyncio.run(once())


def test_a_move_is_pushed_encrypted_and_signed_and_a_gone_browser_is_dropped(
    services: Services, clock: FixedClock, push_service: PushService
) -> None:
    ids, (phone, _old) = subscribed(services, push_service, "/ok/phone", "/gone/old")
    services.games.submit_move(Actor.player(ids["p1"], Door.WEB), 1, "e4")
    assert len(due(services)) == 1
    private, public = vapid_keys()
    sender = PushSender(
        services.push, VapidSettings(private, "mailto:arbiter@example.org"), SITE, clock.now
    )
    assert run(sender) == 1
    [(_, headers, body)] = push_service.to("/ok/phone")
    # Signed with the site's key (RFC 8292), encrypted for the browser (RFC 8291).
    assert (
        headers["authorization"].startswith("vapid t=")
        and f"k={public}" in headers["authorization"]
    )
    assert headers["content-encoding"] == "aes128gcm" and int(headers["ttl"]) > 0
    shown = phone.read(body)
    assert shown["title"] == "Партия 1" and shown["lang"] == "ru"
    assert shown["body"].startswith("Player 1: ход e4 в партии 1")
    assert shown["url"] == f"{SITE}/games/1"
    # The push service said the old browser is gone: it is forgotten.
    assert len(push_service.to("/gone/old")) == 1
    with services.ctx.db.read() as session:
        left = session.scalars(select(PushSubscription.endpoint)).all()
    assert left == [phone.endpoint]
    assert due(services) == []
    assert run(sender) == 0 and len(push_service.posts) == 2  # nothing twice


def test_a_busy_push_service_is_tried_again_later(
    services: Services, clock: FixedClock, push_service: PushService
) -> None:
    ids, _browsers = subscribed(services, push_service, "/ok/phone", "/busy/l")
    services.games.submit_move(Actor.player(ids["p1"], Door.WEB), 1, "e4")
    private, _public = vapid_keys()
    now = [datetime(2026, 5, 11, 9, 0).astimezone()]
    sender = PushSender(
        services.push, VapidSettings(private, "mailto:a@example.org"), SITE, lambda: now[0]
    )
    assert run(sender) == 1
    assert len(due(services)) == 1  # the laptop's service was busy
    assert run(sender) == 0 and len(push_service.posts) == 2  # not before its pause
    push_service.busy = False
    now[0] += timedelta(minutes=1)
    assert run(sender) == 1
    assert len(push_service.to("/ok/phone")) == 1  # the phone had it already
    assert len(push_service.to("/busy/l")) == 2
    assert due(services) == []


def test_subscribing_a_browser_from_the_page_and_the_service_worker(
    services: Services,
) -> None:
    ids = make_event(services, 2)
    give_passwords(services, "correct-horse")
    browser = Browser("https://push.example.net/send/abc")
    body = {
        "endpoint": browser.endpoint,
        "keys": {"p256dh": browser.p256dh, "auth": b64(browser.auth)},
    }
    app = create_app(services, WebSettings(base_url=SITE, vapid_public_key="BPUBLIC"))
    c = sign_in(services, "t1p1", "correct-horse")
    csrf = csrf_of(c.get("/account").text)
    # No VAPID keys: no push.
    r = c.post("/api/v1/me/push-subscriptions", json=body, headers={"X-CSRF-Token": csrf})
    assert r.status_code == 403
    services.notifications.push_enabled = True
    assert c.post("/api/v1/me/push-subscriptions", json=body).status_code == 403  # no CSRF
    r = c.post("/api/v1/me/push-subscriptions", json=body, headers={"X-CSRF-Token": csrf})
    assert r.status_code == 201, r.text
    bad = {**body, "keys": {"p256dh": "short", "auth": "x"}}
    r = c.post("/api/v1/me/push-subscriptions", json=bad, headers={"X-CSRF-Token": csrf})
    assert r.status_code == 422
    assert [b.endpoint for b in services.push.browsers(Actor.player(ids["p1"], Door.WEB))] == [
        browser.endpoint
    ]
    r = c.request(
        "DELETE",
        "/api/v1/me/push-subscriptions",
        json={"endpoint": browser.endpoint},
        headers={"X-CSRF-Token": csrf},
    )
    assert r.status_code == 204
    assert services.push.browsers(Actor.player(ids["p1"], Door.WEB)) == []
    anonymous = TestClient(app)
    assert anonymous.post("/api/v1/me/push-subscriptions", json=body).status_code == 401
    worker = anonymous.get("/sw.js")
    assert worker.status_code == 200 and "showNotification" in worker.text
    assert worker.headers["Service-Worker-Allowed"] == "/"
    assert worker.headers["content-type"].startswith("text/javascript")


def test_the_push_button_is_in_both_languages_when_push_is_on(services: Services) -> None:
    from types import SimpleNamespace

    from cc.web.i18n import translations
    from cc.web.rendering import templates

    services.notifications.push_enabled = True
    settings = WebSettings(vapid_public_key="BKEY")
    state = SimpleNamespace(settings=settings, services=services)
    request = SimpleNamespace(app=SimpleNamespace(state=state))
    partial = templates.get_template("_push.html")
    for lang, words in (("en", "Notify this browser"), ("ru", "Уведомлять в этом браузере")):
        html = partial.render(
            request=request, viewer=object(), csrf="t", _=translations(lang).gettext
        )
        assert words in html and 'data-key="BKEY"' in html and "/static/push.js" in html
    settings = WebSettings()
    request.app.state.settings = settings
    assert "push" not in partial.render(request=request, viewer=object(), csrf="t", _=str)


def test_several_server_processes_push_each_notice_once(
    services: Services, clock: FixedClock, push_service: PushService
) -> None:
    """Every process of a site runs a push sender; a claim in the database
    (with a lease) keeps them from pushing the same notice twice, and one
    whose process died is taken by another when the lease runs out."""
    ids, _browsers = subscribed(services, push_service, "/busy/laptop")
    clock.set(datetime(2026, 5, 11, 9, 0).astimezone())
    services.games.submit_move(Actor.player(ids["p1"], Door.WEB), 1, "e4")
    private, _public = vapid_keys()
    vapid = VapidSettings(private, "mailto:a@example.org")
    first, second = (PushSender(services.push, vapid, SITE, clock.now) for _ in range(2))
    assert run(first) == 0 and len(push_service.posts) == 1  # busy: held for a retry
    assert run(second) == 0 and len(push_service.posts) == 1  # the claim is the first's
    push_service.busy = False
    clock.set(clock.now() + timedelta(minutes=1))
    assert run(second) == 0 and len(push_service.posts) == 1  # still held for the retry
    assert run(first) == 1 and len(push_service.to("/busy/laptop")) == 2
    assert due(services) == []
    # A claim whose process died runs out, and another process takes it.
    services.games.submit_move(Actor.player(ids["p2"], Door.WEB), 1, "e5")
    services.games.submit_move(Actor.player(ids["p1"], Door.WEB), 1, "Nf3")
    [claimed] = services.push.due()
    assert services.push.due() == []
    clock.set(clock.now() + timedelta(minutes=3))
    assert [d.notification_id for d in services.push.due()] == [claimed.notification_id]
