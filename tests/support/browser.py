"""What the browser tests share: Debian's Chromium driven by Playwright, the
screens they use, where screenshots go, and signing in to a site."""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from tests.support.paths import ROOT
from tests.support.served import PASSWORD

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARTIFACTS = Path(os.environ.get("CC_TEST_ARTIFACTS", ROOT / "test-artifacts"))
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
#: the window a page opens in unless a test asks for another
WINDOW = {"width": 1200, "height": 900}

#: the document's width against the window's, and what sticks out on the right
MEASURE = """() => {
  const width = window.innerWidth;
  const wide = [];
  for (const el of document.body.querySelectorAll("*")) {
    const box = el.getBoundingClientRect();
    if (box.right > width + 0.5 && el.getClientRects().length) {
      const cls = typeof el.className === "string" ? el.className.trim() : "";
      wide.push(el.tagName.toLowerCase() + (el.id ? "#" + el.id : "")
        + (cls ? "." + cls.split(/\\s+/).join(".") : "") + " " + Math.round(box.right));
    }
  }
  return {scroll: document.documentElement.scrollWidth, inner: width, wide: wide.slice(0, 8)};
}"""


@contextmanager
def chromium() -> Iterator[Any]:
    """Debian's Chromium, headless, for the block."""
    playwright_api = pytest.importorskip("playwright.sync_api")
    if not Path(CHROMIUM).exists():
        pytest.fail("Debian's chromium is missing: scripts/system-packages installs it")
    with playwright_api.sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


def sign_in(
    browser: Any,
    base: str,
    login: str,
    *,
    viewport: dict[str, int] = WINDOW,
    password: str = PASSWORD,
    lands: str = "games|arbiter",
    **context: Any,
) -> Any:
    """A page of its own (``context`` as Playwright's ``new_context`` takes it)
    signed in as ``login``, on the page it lands on: players on their games,
    officials on the arbiter's desk."""
    page = browser.new_context(viewport=viewport, **context).new_page()
    page.goto(f"{base}/login")
    page.fill("input[name=login]", login)
    page.fill("input[name=password]", password)
    page.click("button[type=submit] >> text=/Sign in|Вход/")
    page.wait_for_url(re.compile(re.escape(base) + f"/({lands})$"))
    return page


def watch(page: Any) -> list[str]:
    """Collects the page's script errors and Content Security Policy violations."""
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.on(
        "console",
        lambda msg: (
            problems.append(msg.text)
            if msg.type == "error" or "Content Security Policy" in msg.text
            else None
        ),
    )
    return problems


def fits(page: Any) -> None:
    """Nothing on the page is wider than the screen."""
    assert page.evaluate("() => document.documentElement.scrollWidth <= innerWidth")
