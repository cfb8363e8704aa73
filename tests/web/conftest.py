"""The web tests' usual site: event T1 of three players (``t1p1`` to ``t1p3``),
each signing in with ``PASSWORD``; a test file with other needs has its own."""

from __future__ import annotations

import pytest

from cc.app.services import Services
from tests.support.web import three_players


@pytest.fixture
def site(services: Services) -> Services:
    return three_players(services)
