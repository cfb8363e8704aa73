"""Every page a player, an arbiter or the office uses passes axe-core and
fits the screen, light and dark, on a phone and a desktop; and the API's
description works offline.

axe-core (the version frontend/package.json locks, copied by
scripts/build-assets to tests/support/vendor/, never served by the site) is
injected into each page of a real server process in Debian's Chromium at
390x844 and 1280x900, with the system's colour scheme light and then dark;
no violation of impact "serious" or "critical" may remain (contrast, names
of controls and links, labels, landmarks, the document's language ...). The
site's Content-Security-Policy runs no inline script, so the browser
contexts bypass it for the injected checker only.

``/api/docs`` is then opened with every request to another host aborted:
Swagger UI comes from the site's own files, so the operations still show.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any
from urllib.parse import urlsplit

import pytest

from tests.support.board import board_ready
from tests.support.browser import ARTIFACTS, DESKTOP, PHONE, sign_in
from tests.support.paths import TESTS
from tests.support.served import ConsoleSite

pytest.importorskip("playwright.sync_api")

AXE = TESTS / "support" / "vendor" / "axe-core" / "axe.min.js"
#: the impacts a page must not have
BLOCKING = ("serious", "critical")

#: axe's run over the whole document, reduced to what a failure report needs
RUN_AXE = """() => axe.run(document, {resultTypes: ["violations"]}).then(result =>
  result.violations.map(v => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 4).map(n => n.target.join(" ") + ": "
      + (n.failureSummary || "").replace(/\\s+/g, " ").slice(0, 240)),
  })))"""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    site = ConsoleSite(tmp_path_factory.mktemp("accessible"))
    site.player("arb", "Главный арбитр", "en", "--role", "arbiter")
    site.player("office", "Ольга Оргкомитет", "ru", "--role", "admin")
    site.player("white", "Wanda White")
    site.player("black", "Борис Чёрный", "ru")
    site.event("AXE", "Accessible Cup", ("white", "black"))
    # An email event 20 days old whose White has not moved: Black claims it.
    site.overdue_email_event("MAIL")
    site.cc("daily")
    games = {g["event"]: g["id"] for g in json.loads(site.cc("game", "list", "--json"))}
    for who, move in (("white", "e4"), ("black", "c5"), ("white", "Nf3")):
        site.cc("game", "move", str(games["AXE"]), "--player", who, "--move", move)
    site.cc("case", "claim", str(games["MAIL"]), "--by", "keen", "--statement", "Двадцать дней")
    # Next season's event, still a draft: the office opens it for entry.
    site.event("NEXT", "Next Cup", mode="email", start=40)
    with site.served() as base:
        yield base


def new_page(browser: Any) -> Any:
    return browser.new_context(viewport=PHONE, bypass_csp=True).new_page()


class Audit:
    """Runs axe on pages and keeps every blocking violation, to report all at once."""

    def __init__(self) -> None:
        self.script = AXE.read_text()
        self.failures: list[str] = []
        self.seen = 0

    def check(self, page: object, name: str) -> None:
        page.wait_for_load_state("load")  # type: ignore[attr-defined]
        # The page fits the screen: no sideways scrolling, on a phone too.
        wide = page.evaluate("() => document.documentElement.scrollWidth - innerWidth")  # type: ignore[attr-defined]
        if wide > 0:
            self.failures.append(f"{name}: {wide} px wider than the screen")
        page.add_script_tag(content=self.script)  # type: ignore[attr-defined]
        violations = page.evaluate(RUN_AXE)  # type: ignore[attr-defined]
        self.seen += 1
        for v in violations:
            if v["impact"] in BLOCKING:
                self.failures.append(f"{name}: {v['id']} ({v['impact']}) {v['help']}")
                self.failures += [f"    {node}" for node in v["nodes"]]

    def visit(self, page: object, url: str, name: str, ready: str = "main") -> None:
        response = page.goto(url)  # type: ignore[attr-defined]
        assert response is not None and response.status == 200, (url, response and response.status)
        page.wait_for_selector(ready)  # type: ignore[attr-defined]
        if ready == "#board":
            board_ready(page)
        self.check(page, name)


def test_every_page_passes_axe_light_and_dark_on_a_phone_and_a_desktop(
    server: str, browser: object
) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    # The checker is let in past the pages' Content-Security-Policy.
    white, black, keen, arbiter, office = (
        sign_in(browser, server, login, viewport=PHONE, bypass_csp=True)
        for login in ("white", "black", "keen", "arb", "office")
    )
    visitor = new_page(browser)
    office.goto(f"{server}/office/events/NEXT")  # type: ignore[attr-defined]
    office.fill("#closes-on", (datetime.now(UTC).date() + timedelta(days=30)).isoformat())  # type: ignore[attr-defined]
    office.click("#open-entry")  # type: ignore[attr-defined]
    office.wait_for_selector("#entry-open")  # type: ignore[attr-defined]
    white.goto(f"{server}/events/NEXT")  # type: ignore[attr-defined]
    white.click("#apply")  # type: ignore[attr-defined]
    white.wait_for_selector("#entry-state")  # type: ignore[attr-defined]
    white.goto(f"{server}/games")  # type: ignore[attr-defined]
    game = server + str(white.locator("tr[data-game] a").first.get_attribute("href"))  # type: ignore[attr-defined]
    keen.goto(f"{server}/cases")  # type: ignore[attr-defined]
    case = server + str(keen.locator("#cases tbody a").first.get_attribute("href"))  # type: ignore[attr-defined]
    mail_game = server + str(keen.locator("#cases tbody a").nth(1).get_attribute("href"))  # type: ignore[attr-defined]
    # Black, to move, has White's draw offer waiting.
    white.goto(game)  # type: ignore[attr-defined]
    white.click("#offer-draw")  # type: ignore[attr-defined]
    white.wait_for_selector("#flash")  # type: ignore[attr-defined]

    audit = Audit()
    started = time.monotonic()
    for scheme in ("light", "dark"):
        for viewport in (PHONE, DESKTOP):
            for page in (white, black, keen, arbiter, office, visitor):
                page.set_viewport_size(viewport)  # type: ignore[attr-defined]
                page.emulate_media(color_scheme=scheme)  # type: ignore[attr-defined]
            size = f"{scheme}-{viewport['width']}"
            for path, name in (
                ("/games", "games"),
                ("/account", "account"),
                ("/leave", "leave"),
                ("/notifications", "notifications"),
                ("/notifications/settings", "notification-settings"),
                ("/cases", "cases"),
                ("/events/AXE/crosstable", "crosstable"),
            ):
                audit.visit(white, server + path, f"player {name} {size}")
            audit.visit(white, game, f"player game {size}", ready="#board")
            audit.visit(black, game, f"player game with an offer {size}", ready="#board")
            audit.visit(black, f"{game}/accept-draw", f"player accept-draw {size}")
            audit.visit(black, f"{game}/resign", f"player resign {size}")
            black.goto(game)  # type: ignore[attr-defined]
            black.fill("#move-input", "Nc6")  # type: ignore[attr-defined]
            black.click("#send")  # type: ignore[attr-defined]
            black.wait_for_selector("#confirm")  # type: ignore[attr-defined]
            board_ready(black)
            audit.check(black, f"player confirm {size}")
            black.screenshot(path=str(ARTIFACTS / f"axe-confirm-{size}.png"), full_page=True)  # type: ignore[attr-defined]
            audit.visit(keen, case, f"player case {size}")
            audit.visit(keen, mail_game, f"player suspended game {size}", ready="#board")
            audit.visit(arbiter, case, f"arbiter case {size}")
            audit.visit(arbiter, mail_game, f"arbiter game {size}", ready="#board")
            for official, path, name in (
                (arbiter, "/arbiter", "arbiter desk"),
                (arbiter, "/arbiter/events/AXE", "arbiter event"),
                (arbiter, "/arbiter/events/MAIL", "arbiter mail event"),
                (arbiter, "/cases", "arbiter cases"),
                (arbiter, "/audit/events/AXE", "arbiter audit log"),
                (arbiter, "/events/AXE/regulations", "arbiter regulations"),
                (office, "/office", "office"),
                (office, "/office/events/new", "office new event"),
                (office, "/office/events/NEXT", "office entries"),
                (office, "/office/events/AXE", "office started event"),
                (office, "/office/people", "office people"),
                (office, "/office/people/white", "office person"),
                (office, "/office/mail", "office mail"),
                (office, "/audit/players/white", "office person's log"),
            ):
                audit.visit(official, server + path, f"{name} {size}")
            audit.visit(white, f"{server}/events/NEXT", f"player entry {size}")
            audit.visit(visitor, f"{server}/login", f"login {size}")
            audit.visit(visitor, f"{server}/reset", f"reset {size}")
            audit.visit(visitor, f"{server}/events", f"public events {size}")
            audit.visit(visitor, f"{server}/events/AXE", f"public event {size}")
            audit.visit(visitor, f"{server}/ratings", f"public ratings {size}")
            audit.visit(visitor, f"{server}/ratings/white", f"public rating history {size}")
            white.screenshot(path=str(ARTIFACTS / f"axe-game-{size}.png"), full_page=True)  # type: ignore[attr-defined]
    assert audit.seen == 4 * 37
    elapsed = time.monotonic() - started
    assert not audit.failures, "\n".join(audit.failures)
    assert elapsed < 4 * 37 * 5, elapsed  # a few seconds a page at most


def test_the_api_docs_render_with_no_other_host_reachable(server: str, browser: object) -> None:
    page = new_page(browser)
    site = urlsplit(server).netloc
    elsewhere: list[str] = []

    def only_the_site(route: object) -> None:
        url = route.request.url  # type: ignore[attr-defined]
        if urlsplit(url).netloc == site:
            route.continue_()  # type: ignore[attr-defined]
        else:
            elsewhere.append(url)
            route.abort()  # type: ignore[attr-defined]

    page.route("**/*", only_the_site)  # type: ignore[attr-defined]
    response = page.goto(f"{server}/api/docs")  # type: ignore[attr-defined]
    assert response is not None and response.status == 200
    page.wait_for_selector(".swagger-ui .opblock", timeout=20_000)  # type: ignore[attr-defined]
    operations = page.locator(".swagger-ui .opblock").count()  # type: ignore[attr-defined]
    assert operations >= 10, operations
    assert "/api/v1/games/{game_id}/moves" in page.inner_text(".swagger-ui")  # type: ignore[attr-defined]
    assert page.title().endswith("Correspondence chess"), page.title()  # type: ignore[attr-defined]
    assert elsewhere == [], elsewhere
