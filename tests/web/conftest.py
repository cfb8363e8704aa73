"""The web tests' usual site: event T1 of three players (``t1p1`` to ``t1p3``),
each signing in with ``PASSWORD``; a test file with other needs has its own."""

from __future__ import annotations

import pytest

from cc.app.services import Services
from tests.support.events import make_event
from tests.support.sites import give_passwords
from tests.support.web import PASSWORD


@pytest.fixture
def site(services: Services) -> Services:
    ids = make_event(services, 3)
    give_passwords(services, PASSWORD)
    services.ids = ids  # type: ignore[attr-defined]
    return services
