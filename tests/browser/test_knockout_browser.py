"""The bracket page fits a phone and a desktop, in a real Chromium.

A six-player cup with long names (two byes, one match decided) is set up at
the console; its bracket is measured at 390 px and 1280 px: the page never
scrolls sideways, and on a desktop the rounds stand side by side.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.support.browser import ARTIFACTS, DESKTOP, MEASURE, PHONE
from tests.support.served import ConsoleSite

pytest.importorskip("playwright.sync_api")

NAMES = [
    "Wanda Whitehead-Montgomery",
    "Борис Чёрный-Длиннофамильный",
    "Konstantin Konstantinopolsky",
    "Анастасия Александровна Преображенская",
    "Li Wei",
    "Bartholomew Fitzgerald-Smythe",
]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    site = ConsoleSite(tmp_path_factory.mktemp("bracket"))
    for i, name in enumerate(NAMES, start=1):
        site.player(f"k{i}", name)
    site.event("KO", "Federation Cup With A Rather Long Name",
               tuple(f"k{i}" for i in range(1, 7)), "--system", "double_knockout",
               "--games-per-match", "4", arbiter=None)  # fmt: skip
    with site.served() as base:
        yield base


def test_the_bracket_fits_a_phone_and_a_desktop(server: str, browser: Any) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page = browser.new_context(viewport=PHONE).new_page()
    for viewport in (PHONE, DESKTOP):
        page.set_viewport_size(viewport)
        response = page.goto(f"{server}/events/KO/bracket")
        assert response is not None and response.status == 200
        page.wait_for_selector(".bracket .match")
        page.screenshot(
            path=str(ARTIFACTS / f"layout-bracket-{viewport['width']}.png"),
            full_page=True,
        )
        got = page.evaluate(MEASURE)
        assert got["scroll"] <= got["inner"], got
        tops = page.evaluate(
            """() => [...document.querySelectorAll('.bracket')[0]
                .querySelectorAll(':scope > .round')]
                .map(r => Math.round(r.getBoundingClientRect().top))"""
        )
        assert len(tops) == 3
        if viewport is PHONE:
            assert tops == sorted(tops) and len(set(tops)) == 3  # one under another
        else:
            assert len(set(tops)) == 1  # side by side
    # In Russian on a phone: the longer words still fit.
    russian = browser.new_context(viewport=PHONE, locale="ru-RU").new_page()
    russian.goto(f"{server}/events/KO/bracket")
    russian.wait_for_selector(".bracket .match")
    assert "Верхняя сетка" in russian.inner_text("main")
    russian.screenshot(path=str(ARTIFACTS / "layout-bracket-ru-390.png"), full_page=True)
    got = russian.evaluate(MEASURE)
    assert got["scroll"] <= got["inner"], got
