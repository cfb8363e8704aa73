"""Open pages follow the game in a real Chromium, without reloading.

Two players sit on their game's page in two browsers on a real server
process: a move by one shows on the other's board and in their unread count
within seconds; a player typing a conditional line is not interrupted but
offered the new state; the list of games follows too; and the notification
in the centre opens the game. Screenshots go to ``test-artifacts/``.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator

import pytest

from tests.support.board import board_ready, drag
from tests.support.browser import ARTIFACTS, sign_in
from tests.support.served import ConsoleSite

pytest.importorskip("playwright.sync_api")

#: how soon the partner's move must show on an open page
WITHIN = 3.0


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    site = ConsoleSite(tmp_path_factory.mktemp("live"))
    players = [("wanda", "Wanda White", "en"), ("boris", "Борис Чёрный", "ru")]
    site.games(players, [("LIVE", "Live Cup", "wanda", "boris")])
    with site.served() as base:
        yield base


def until(check: Callable[[], bool], what: str, within: float = WITHIN) -> float:
    """Wait for ``check`` (polled from here: the pages' CSP forbids eval); the time taken."""
    start = time.monotonic()
    while not check():
        assert time.monotonic() - start < within, f"not within {within} s: {what}"
        time.sleep(0.05)
    return time.monotonic() - start


def play(page: object, text: str) -> None:
    page.fill("#move-input", text)  # type: ignore[attr-defined]
    page.click("#send")  # type: ignore[attr-defined]
    page.wait_for_selector("#confirm")  # type: ignore[attr-defined]
    page.click("#confirm")  # type: ignore[attr-defined]
    page.wait_for_selector("#board")  # type: ignore[attr-defined]


def test_the_partners_move_shows_on_the_open_page_and_in_the_count(
    server: str, browser: object
) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    wanda = sign_in(browser, server, "wanda")
    boris = sign_in(browser, server, "boris")
    boris.set_viewport_size({"width": 390, "height": 844})  # type: ignore[attr-defined]
    for page in (wanda, boris):
        # The event's start is news already read: from here each count is one move.
        page.goto(server + "/notifications")  # type: ignore[attr-defined]
        if page.locator("#mark-all-read").count():  # type: ignore[attr-defined]
            page.click("#mark-all-read")  # type: ignore[attr-defined]
    wanda.goto(server + "/games")  # type: ignore[attr-defined]
    url = server + str(wanda.locator("tr[data-game] a").first.get_attribute("href"))  # type: ignore[attr-defined]
    wanda.goto(url)  # type: ignore[attr-defined]
    boris.goto(url)  # type: ignore[attr-defined]
    loads: list[str] = []
    boris.on("framenavigated", lambda frame: loads.append(frame.url))  # type: ignore[attr-defined]
    assert "Ожидается ход" in boris.inner_text("#turn")  # type: ignore[attr-defined]
    assert boris.locator("#unread-count").is_hidden()  # type: ignore[attr-defined]
    assert boris.locator("#to-move-count").is_hidden()  # type: ignore[attr-defined]
    assert wanda.inner_text("#to-move-count .long") == "1 to move"  # type: ignore[attr-defined]

    play(wanda, "e4")
    took = until(lambda: "e4" in boris.inner_text("#record"), "the move on the board")  # type: ignore[attr-defined]
    until(lambda: boris.inner_text("#unread-count") == "1", "the unread count")  # type: ignore[attr-defined]
    assert boris.title().startswith("(1) ждут хода: 1 · ")  # type: ignore[attr-defined]
    # The games awaiting the move are counted apart, in the header and the title.
    assert boris.inner_text("#to-move-count .long") == "ждут хода: 1"  # type: ignore[attr-defined]
    until(lambda: wanda.locator("#to-move-count").is_hidden(), "White's count of games to move")  # type: ignore[attr-defined]
    assert "to move" not in wanda.title()  # type: ignore[attr-defined]
    assert "Ваш ход" in boris.inner_text("#turn")  # type: ignore[attr-defined]
    assert boris.get_attribute("#board", "data-interactive") == "1"  # type: ignore[attr-defined]
    assert loads == [], loads  # swapped in place, not reloaded
    assert took < WITHIN
    boris.screenshot(path=str(ARTIFACTS / "live-game-phone.png"), full_page=True)  # type: ignore[attr-defined]

    # The swapped-in board takes moves: Boris answers by dragging a pawn.
    board_ready(boris)
    drag(boris, "e7", "e5")
    boris.wait_for_selector("#confirm")  # type: ignore[attr-defined]
    boris.click("#confirm")  # type: ignore[attr-defined]
    boris.wait_for_selector("#board")  # type: ignore[attr-defined]
    until(lambda: "e5" in wanda.inner_text("#record"), "Black's answer on White's page")  # type: ignore[attr-defined]
    until(lambda: wanda.inner_text("#unread-count") == "1", "White's count")  # type: ignore[attr-defined]

    # Boris types a conditional line: the page waits for him, and says so.
    boris.fill("#line-input", "Nc3 Nf6")  # type: ignore[attr-defined]
    play(wanda, "Nf3")
    until(lambda: boris.locator("#live-notice").is_visible(), "the notice")  # type: ignore[attr-defined]
    assert "В партии новый ход" in boris.inner_text("#live-notice")  # type: ignore[attr-defined]
    assert "Nf3" not in boris.inner_text("#record")  # type: ignore[attr-defined]
    assert boris.input_value("#line-input") == "Nc3 Nf6"  # type: ignore[attr-defined]
    boris.screenshot(path=str(ARTIFACTS / "live-notice-phone.png"))  # type: ignore[attr-defined]
    boris.click("#live-notice button")  # type: ignore[attr-defined]
    until(lambda: "Nf3" in boris.inner_text("#record"), "the new state shown on asking")  # type: ignore[attr-defined]
    assert boris.locator("#live-notice").is_hidden()  # type: ignore[attr-defined]
    until(lambda: boris.inner_text("#unread-count") == "2", "two unread")  # type: ignore[attr-defined]

    # White's list of games follows Black's move too.
    wanda.goto(f"{server}/games")  # type: ignore[attr-defined]
    row = wanda.locator("tr[data-game]").first  # type: ignore[attr-defined]
    assert "Opponent's move" in row.inner_text()
    boris.goto(url)  # type: ignore[attr-defined]
    play(boris, "Nc6")
    until(lambda: "Your move" in row.inner_text(), "the list of games")

    # The centre: in Russian, newest first; the notification opens the game.
    boris.goto(f"{server}/notifications")  # type: ignore[attr-defined]
    first = boris.locator("#notifications li").first  # type: ignore[attr-defined]
    assert "Wanda White: ход Nf3 в партии" in first.inner_text()
    assert "новое" in first.inner_text()
    boris.screenshot(path=str(ARTIFACTS / "notifications-phone.png"), full_page=True)  # type: ignore[attr-defined]
    first.locator("a").click()
    boris.wait_for_url(url)  # type: ignore[attr-defined]
    assert boris.inner_text("#unread-count") == "1"  # type: ignore[attr-defined]
    wanda.goto(f"{server}/notifications")  # type: ignore[attr-defined]
    newest = wanda.locator("#notifications li").first  # type: ignore[attr-defined]
    assert "Борис Чёрный played Nc6 in game" in newest.inner_text()
    wanda.screenshot(path=str(ARTIFACTS / "notifications-desktop.png"), full_page=True)  # type: ignore[attr-defined]
