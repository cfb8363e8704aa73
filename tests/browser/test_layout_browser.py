"""Every page fits the screen, a phone's as a desktop's, in a real Chromium.

A player and an arbiter of a real server process visit each page they use
at 390x844 and at 1280x900: the page never scrolls sideways (wide tables
scroll inside their own box, the board shrinks to the screen), and the
board still takes clicks on a phone. Screenshots go to ``test-artifacts/``.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.support.board import board_ready, click_square
from tests.support.browser import ARTIFACTS, DESKTOP, MEASURE, PHONE, sign_in
from tests.support.served import ConsoleSite

pytest.importorskip("playwright.sync_api")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    site = ConsoleSite(tmp_path_factory.mktemp("layout"))
    site.player("arb", "Главный арбитр Турнирной Комиссии", "en", "--role", "arbiter")
    site.player("white", "Wanda Whitehead-Montgomery")
    site.player("black", "Борис Чёрный-Длиннофамильный", "ru")
    site.event("PHONE", "Mobile Correspondence Championship", ("white", "black"),
               "--public-games", "1")  # fmt: skip
    # An email event 20 days old whose White has not moved: Black may claim.
    site.overdue_email_event("MAIL")
    # A game White has won already: the list's table of finished games.
    site.event("DONE", "Finished Friendly Match With A Long Name", ("white", "black"))
    site.cc("game", "resign", "3", "--player", "black")
    site.cc("daily")
    with site.served() as base:
        yield base


def play(page: object, url: str, move: str) -> None:
    page.goto(url)  # type: ignore[attr-defined]
    page.fill("#move-input", move)  # type: ignore[attr-defined]
    page.click("#send")  # type: ignore[attr-defined]
    page.click("#confirm")  # type: ignore[attr-defined]
    page.wait_for_selector("#board")  # type: ignore[attr-defined]


#: how many rows the header's items stand in (items whose tops differ)
HEADER_LINES = """() => new Set([...document.querySelectorAll(
  "header .brand, header .links > *, header .controls > *")]
  .filter(el => el.getClientRects().length)
  .map(el => Math.round(el.getBoundingClientRect().top / 8))).size"""


class Fits:
    """Measures pages and keeps what did not fit, to report all at once."""

    def __init__(self) -> None:
        self.failures: list[str] = []
        self.seen = 0

    def check(self, page: object, name: str) -> None:
        page.wait_for_load_state("load")  # type: ignore[attr-defined]
        size = page.viewport_size  # type: ignore[attr-defined]
        shot = ARTIFACTS / f"layout-{name}-{size['width']}.png"
        page.screenshot(path=str(shot), full_page=True)  # type: ignore[attr-defined]
        got = page.evaluate(MEASURE)  # type: ignore[attr-defined]
        self.seen += 1
        if got["scroll"] > got["inner"]:
            self.failures.append(
                f"{name} at {size['width']}: {got['scroll']} > {got['inner']}: {got['wide']}"
            )
        # The header keeps to two lines, on a phone too (its links scroll in a row).
        lines = page.evaluate(HEADER_LINES)  # type: ignore[attr-defined]
        if lines > 2:
            self.failures.append(f"{name} at {size['width']}: the header takes {lines} lines")

    def visit(self, page: object, url: str, name: str, ready: str = "main") -> None:
        response = page.goto(url)  # type: ignore[attr-defined]
        assert response is not None and response.status == 200, (url, response and response.status)
        page.wait_for_selector(ready)  # type: ignore[attr-defined]
        self.check(page, name)


def test_every_page_fits_a_phone_and_a_desktop(server: str, browser: object) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    white = sign_in(browser, server, "white", viewport=PHONE)
    black = sign_in(browser, server, "black", viewport=PHONE)
    white.goto(f"{server}/games")  # type: ignore[attr-defined]
    # The list's new parts are there to be measured: the finished games, the
    # button to the next game, the count in the header.
    assert white.locator("#finished tr[data-game]").count() == 1  # type: ignore[attr-defined]
    assert white.locator("#next-game").count() == 1  # type: ignore[attr-defined]
    assert white.locator("#to-move-count").is_visible()  # type: ignore[attr-defined]
    game = server + str(white.locator("tr[data-game] a").first.get_attribute("href"))  # type: ignore[attr-defined]

    # A few moves played on a phone, the first by clicking the shrunken board.
    white.goto(game)  # type: ignore[attr-defined]
    board_ready(white)
    width = white.evaluate(
        "() => document.querySelector('#board cg-board').getBoundingClientRect().width"
    )  # type: ignore[attr-defined]
    assert width <= PHONE["width"], width
    click_square(white, "e2")
    click_square(white, "e4")
    white.wait_for_selector("#confirm")  # type: ignore[attr-defined]
    assert "e2 to e4" in white.inner_text("#move-words")  # type: ignore[attr-defined]
    white.click("#confirm")  # type: ignore[attr-defined]
    white.wait_for_selector("#board")  # type: ignore[attr-defined]
    for mover, move in (
        (black, "c5"),
        (white, "Nf3"),
        (black, "d6"),
        (white, "d4"),
        (black, "cxd4"),
    ):
        play(mover, game, move)
    black.goto(game)  # type: ignore[attr-defined]
    black.fill("#line-input", "Nxd4 Nf6 Nc3 a6 Be3 e5 Nb3 Be6 f3 Be7 Qd2 O-O O-O-O Nbd7")  # type: ignore[attr-defined]
    black.click("#add-line")  # type: ignore[attr-defined]

    # Black claims White's overstep in the email event: a case to look at.
    keen = sign_in(browser, server, "keen", viewport=PHONE)
    keen.goto(f"{server}/games")  # type: ignore[attr-defined]
    mail_game = server + str(keen.locator("tr[data-game] a").first.get_attribute("href"))  # type: ignore[attr-defined]
    keen.goto(mail_game)  # type: ignore[attr-defined]
    keen.fill("#claim-form textarea[name=statement]", "Белые-не-ответили-за-двадцать-дней-" * 4)  # type: ignore[attr-defined]
    keen.click("#claim-overstep")  # type: ignore[attr-defined]
    keen.wait_for_selector("#case-title")  # type: ignore[attr-defined]
    case = keen.url  # type: ignore[attr-defined]

    arbiter = sign_in(browser, server, "arb", viewport=PHONE)
    anonymous = browser.new_context(viewport=PHONE).new_page()  # type: ignore[attr-defined]
    fits = Fits()
    for viewport in (PHONE, DESKTOP):
        for page in (white, arbiter, anonymous, keen):
            page.set_viewport_size(viewport)  # type: ignore[attr-defined]
        for path, name in (
            ("/games", "games"),
            (game, "game"),
            ("/account", "account"),
            ("/leave", "leave"),
            ("/notifications", "notifications"),
            ("/notifications/settings", "notification-settings"),
            ("/cases", "cases"),
            ("/events/PHONE/crosstable", "crosstable"),
            ("/events", "events"),
        ):
            fits.visit(white, path if path.startswith("http") else server + path, f"player-{name}")
        white.goto(game)  # type: ignore[attr-defined]
        white.fill("#move-input", "Nxd4")  # type: ignore[attr-defined]
        white.fill("#conditional-input", "Nf6 Nc3 a6 Be3 e5 Nb3 Be6 f3 Be7 Qd2 O-O O-O-O")  # type: ignore[attr-defined]
        white.click("#send")  # type: ignore[attr-defined]
        white.wait_for_selector("#confirm, .error")  # type: ignore[attr-defined]
        assert white.locator("#confirm").count(), white.inner_text("main")  # type: ignore[attr-defined]
        fits.check(white, "player-confirm")
        white.click("#cancel")  # type: ignore[attr-defined]
        fits.visit(keen, case, "player-case")
        fits.visit(keen, mail_game, "player-suspended-game")
        for path, name in (
            ("/arbiter", "arbiter-desk"),
            ("/arbiter/events/PHONE", "arbiter-event"),
            ("/arbiter/events/MAIL", "arbiter-mail-event"),
            ("/cases", "arbiter-cases"),
            (case, "arbiter-case"),
            (game, "arbiter-game"),
        ):
            fits.visit(arbiter, path if path.startswith("http") else server + path, name)
        fits.visit(anonymous, server + "/login", "login")
        for path, name in (
            ("/events", "events"),
            ("/events/PHONE", "event"),
            ("/events/PHONE/crosstable", "crosstable"),
            (game, "game"),
        ):
            fits.visit(
                anonymous, path if path.startswith("http") else server + path, f"public-{name}"
            )
        fits.visit(anonymous, server + "/reset", "reset-request")
        fits.visit(anonymous, server + "/api/docs", "api-docs", ready=".swagger-ui .opblock")
    assert fits.seen == 2 * 25
    assert not fits.failures, "\n".join(fits.failures)
