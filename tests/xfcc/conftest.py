"""The Xfcc tests' endpoint: the application served on loopback."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from cc.app.services import Services
from tests.support.in_process import serving


@pytest.fixture
def endpoint(services: Services) -> Iterator[str]:
    """The application served on loopback, as desktop programs reach it."""
    with serving(services, own_url=True) as base:
        yield f"{base}/xfcc/xfccbasic.asmx"
