"""The browser tests' Chromium: one a module, each test opening its own pages."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.support.browser import chromium


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    with chromium() as launched:
        yield launched
