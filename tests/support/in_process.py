"""The application of a test's own services served on loopback by uvicorn in
a thread: a real browser can then use a site whose clock the test holds."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import uvicorn

from cc.app.services import Services
from cc.web.app import create_app
from cc.web.context import WebSettings
from tests.support.postgres import free_port


@contextmanager
def serving(
    services: Services, *, log_level: str = "warning", own_url: bool = False
) -> Iterator[str]:
    """Serve ``services`` until the block ends; yields the base URL, which the
    application's settings name as its own when ``own_url``."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    app = create_app(services, WebSettings(base_url=base) if own_url else None)
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level=log_level))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "the site did not start"
        time.sleep(0.05)
    try:
        yield base
    finally:
        server.should_exit = True
        thread.join(timeout=10)
