"""The mail door's usual site, an email event of two players started on
10 May, and an SMTP relay on loopback."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime

import pytest

from cc.app.services import Services
from cc.base.clock import FixedClock
from tests.support.events import make_event
from tests.support.relay import Relay, running_relay


@pytest.fixture
def site(services: Services, clock: FixedClock) -> Services:
    """Event T1 by email, White t1p1 and Black t1p2, started at 08:00 UTC on
    10 May (a test file that needs another site defines its own)."""
    clock.set(datetime(2026, 5, 10, 8, 0, tzinfo=UTC))
    make_event(services, 2, mode="email")
    return services


@pytest.fixture
def relay() -> Iterator[Relay]:
    """An SMTP relay on loopback, and its port."""
    with running_relay() as running:
        yield running
