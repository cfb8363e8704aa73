"""The record as a way through the game, and the analysis board, in a real
Chromium on a real server.

After 1.e4 e5 2.Nf3 Nc6 3.Bb5 (played at the console) White reads the
record in numeric notation, each move with the day it was sent; a click on
a move shows its position on the board, the arrow keys step through the
record, and "back to the game" returns to the live position, where only
then may Black move again. On the analysis board White plays Black's
reply and White's answer, turns them into a conditional line and sends it:
the server lists it. Black, to move, puts a line of three moves into the
move form (the first as the move, the rest as the conditional line).
On a phone nothing is wider than the screen. Screenshots go to
``test-artifacts/``.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from typing import Any

import pytest

from cc.web.movelist import short_date
from tests.support.board import board_ready, click_square, drag, tab_to
from tests.support.browser import ARTIFACTS, sign_in, watch
from tests.support.served import ConsoleSite

playwright_api = pytest.importorskip("playwright.sync_api")
expect = playwright_api.expect

OPENING = ["e4", "e5", "Nf3", "Nc6", "Bb5"]
#: the board's pieces after each ply of the opening (FEN's first field)
AFTER = {
    0: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
    2: "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR",
    3: "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R",
    5: "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R",
}
#: no page is wider than the window
OVERFLOW = "() => document.documentElement.scrollWidth <= window.innerWidth"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    site = ConsoleSite(tmp_path_factory.mktemp("record"))
    players = [("rw", "Rita White", "en"), ("rb", "Роман Чёрный", "ru")]
    game = site.games(players, [("REC", "Record Cup", "rw", "rb")])["REC"]
    site.play(game, OPENING)
    with site.served() as base:
        yield {"base": base, "game": str(game["id"]), "white": game["white"],
               "black": game["black"]}  # fmt: skip


def notation(page: Any, base: str, style: str) -> None:
    """Sets the player's notation on the account page."""
    page.goto(f"{base}/account")
    page.select_option("select[name=notation]", style)
    page.click("form:has(select[name=notation]) button[type=submit]")
    page.wait_for_selector("#saved")


def shown(page: Any) -> str:
    """The pieces chessground draws (FEN's first field)."""
    return str(page.evaluate("() => document.querySelector('#board').chessground.getFen()"))


def movable(page: Any) -> str | None:
    """Whose pieces the board lets move (None: nobody's)."""
    return page.evaluate(  # type: ignore[no-any-return]
        "() => document.querySelector('#board').chessground.state.movable.color || null"
    )


def test_the_record_shows_every_position(site: dict[str, str], browser: object) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    base, url = site["base"], base_url(site)
    white = sign_in(browser, base, site["white"])
    problems = watch(white)
    notation(white, base, "numeric")
    white.goto(url)  # type: ignore[attr-defined]
    board_ready(white)
    record = white.locator("#record")  # type: ignore[attr-defined]
    moves = record.locator(".move")
    expect(moves).to_have_text(["5254", "5755", "7163", "2836", "6125"])
    # Each move with the day it was sent, short, in the reader's language.
    for day in record.locator("time").all():
        sent = date.fromisoformat(day.get_attribute("datetime"))
        assert day.inner_text() == short_date(sent, "en")
    assert white.get_attribute("#ply-5", "aria-current") == "step"  # type: ignore[attr-defined]
    assert shown(white) == AFTER[5]
    expect(white.locator("#board-live")).to_be_hidden()  # type: ignore[attr-defined]

    # A click shows the position after the move.
    white.click("#ply-2")  # type: ignore[attr-defined]
    assert shown(white) == AFTER[2]
    assert white.get_attribute("#board", "data-ply") == "2"  # type: ignore[attr-defined]
    assert white.get_attribute("#ply-2", "aria-current") == "step"  # type: ignore[attr-defined]
    assert white.get_attribute("#ply-5", "aria-current") is None  # type: ignore[attr-defined]
    label = white.locator("#board .cg-wrap").get_attribute("aria-label")  # type: ignore[attr-defined]
    assert label == "Chess board: the position after 1... 5755.", label
    expect(white.locator("#board-live")).to_be_visible()  # type: ignore[attr-defined]
    white.screenshot(path=str(ARTIFACTS / "record-review.png"))  # type: ignore[attr-defined]
    # The arrow keys step from there, Home goes to the start, End to the game.
    white.keyboard.press("ArrowRight")  # type: ignore[attr-defined]
    assert shown(white) == AFTER[3]
    assert white.evaluate("() => document.activeElement.id") == "ply-3"  # type: ignore[attr-defined]
    white.keyboard.press("Home")  # type: ignore[attr-defined]
    assert shown(white) == AFTER[0]
    white.keyboard.press("ArrowRight")  # type: ignore[attr-defined]
    white.keyboard.press("ArrowRight")  # type: ignore[attr-defined]
    assert shown(white) == AFTER[2]
    white.keyboard.press("End")  # type: ignore[attr-defined]
    assert shown(white) == AFTER[5]
    expect(white.locator("#board-live")).to_be_hidden()  # type: ignore[attr-defined]
    # The list is one Tab stop, on the move shown.
    tab_to(white, "#ply-5")
    assert problems == []


def test_an_earlier_position_takes_no_move(site: dict[str, str], browser: object) -> None:
    base = site["base"]
    black = sign_in(browser, base, site["black"])
    problems = watch(black)
    black.goto(base_url(site))  # type: ignore[attr-defined]
    board_ready(black)
    # Russian dates and SAN for a reader with the default notation.
    expect(black.locator("#record .move")).to_have_text(["e4", "e5", "Nf3", "Nc6", "Bb5"])  # type: ignore[attr-defined]
    sent = date.fromisoformat(black.get_attribute("#record time", "datetime"))  # type: ignore[attr-defined]
    assert black.inner_text("#record time >> nth=0") == sent.strftime("%d.%m")  # type: ignore[attr-defined]
    assert movable(black) == "black"
    black.click("#ply-1")  # type: ignore[attr-defined]
    assert movable(black) is None
    drag(black, "a7", "a6")
    assert black.input_value("#move-input") == ""  # type: ignore[attr-defined]
    # From the board, Shift with an arrow steps; End is the game again, movable.
    tab_to(black, "#board .cg-wrap")
    black.keyboard.press("Shift+ArrowRight")  # type: ignore[attr-defined]
    assert shown(black) == AFTER[2]
    black.keyboard.press("End")  # type: ignore[attr-defined]
    assert movable(black) == "black"
    black.click("#ply-3")  # type: ignore[attr-defined]
    black.click("#board-live")  # type: ignore[attr-defined]
    assert shown(black) == AFTER[5] and movable(black) == "black"
    click_square(black, "a7")
    click_square(black, "a6")
    black.wait_for_selector("#confirm")  # type: ignore[attr-defined]
    assert "a7" in black.inner_text("#move-words")  # type: ignore[attr-defined]
    black.click("#cancel")  # type: ignore[attr-defined]
    assert problems == []


def test_the_analysis_board_makes_a_conditional_line(site: dict[str, str], browser: object) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    base = site["base"]
    white = sign_in(browser, base, site["white"])  # numeric, from the first test
    problems = watch(white)
    notation(white, base, "numeric")
    white.goto(base_url(site))  # type: ignore[attr-defined]
    board_ready(white)
    expect(white.locator("#analysis")).to_be_hidden()  # type: ignore[attr-defined]
    assert movable(white) is None  # Black is to move
    white.click("#board-analyse")  # type: ignore[attr-defined]
    expect(white.locator("#analysis")).to_be_visible()  # type: ignore[attr-defined]
    assert movable(white) == "both"
    expect(white.locator("#analysis-to-line")).to_be_disabled()  # type: ignore[attr-defined]
    # Black's reply, then White's answer; a move undone and made again.
    drag(white, "a7", "a6")
    click_square(white, "b5")
    click_square(white, "c6")
    expect(white.locator("#analysis-line")).to_have_text("3. ... 1716 4. 2536")  # type: ignore[attr-defined]
    # While there is a line, a change in the game does not replace the page (live.js).
    assert white.get_attribute("#board", "data-live-hold") == "1"  # type: ignore[attr-defined]
    white.click("#analysis-undo")  # type: ignore[attr-defined]
    expect(white.locator("#analysis-line")).to_have_text("3. ... 1716")  # type: ignore[attr-defined]
    expect(white.locator("#analysis-to-line")).to_be_disabled()  # type: ignore[attr-defined]
    click_square(white, "b5")
    click_square(white, "a4")
    expect(white.locator("#analysis-line")).to_have_text("3. ... 1716 4. 2514")  # type: ignore[attr-defined]
    # A move the rules do not allow is not made.
    click_square(white, "a4")
    click_square(white, "a8")
    expect(white.locator("#analysis-line")).to_have_text("3. ... 1716 4. 2514")  # type: ignore[attr-defined]
    assert shown(white) == "r1bqkbnr/1ppp1ppp/p1n5/4p3/B3P3/5N2/PPPP1PPP/RNBQK2R"
    white.screenshot(path=str(ARTIFACTS / "analysis.png"), full_page=True)  # type: ignore[attr-defined]
    # The line goes into the form; nothing is sent until the player sends it.
    white.click("#analysis-to-line")  # type: ignore[attr-defined]
    assert white.input_value("#line-input") == "1716 2514"  # type: ignore[attr-defined]
    assert white.evaluate("() => document.activeElement.id") == "line-input"  # type: ignore[attr-defined]
    assert "None." in white.inner_text("#lines")  # type: ignore[attr-defined]
    white.click("#add-line")  # type: ignore[attr-defined]
    white.wait_for_selector("#flash")  # type: ignore[attr-defined]
    # Saved, it reads as it was made: in the player's notation.
    assert "3. ... 1716 4. 2514" in white.inner_text("#lines")  # type: ignore[attr-defined]
    # Reset and closing give the game back.
    board_ready(white)
    white.click("#board-analyse")  # type: ignore[attr-defined]
    drag(white, "g8", "f6")
    white.click("#analysis-reset")  # type: ignore[attr-defined]
    expect(white.locator("#analysis-line")).to_have_text("No moves yet.")  # type: ignore[attr-defined]
    assert shown(white) == AFTER[5]
    white.click("#analysis-close")  # type: ignore[attr-defined]
    expect(white.locator("#analysis")).to_be_hidden()  # type: ignore[attr-defined]
    assert movable(white) is None
    assert problems == []


def test_on_my_move_the_line_fills_the_move_form_on_a_phone(
    site: dict[str, str], browser: object
) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    base = site["base"]
    black = sign_in(browser, base, site["black"])
    black.set_viewport_size({"width": 390, "height": 844})  # type: ignore[attr-defined]
    problems = watch(black)
    notation(black, base, "san-ru")
    black.goto(base_url(site))  # type: ignore[attr-defined]
    board_ready(black)
    assert black.evaluate(OVERFLOW)  # type: ignore[attr-defined]
    black.click("#board-analyse")  # type: ignore[attr-defined]
    expect(black.locator("#analysis-to-line")).to_be_hidden()  # type: ignore[attr-defined]
    for frm, to in (("a7", "a6"), ("b5", "a4"), ("g8", "f6")):
        click_square(black, frm)
        click_square(black, to)
    expect(black.locator("#analysis-line")).to_have_text("3. ... a6 4. Сa4 Кf6")  # type: ignore[attr-defined]
    assert black.evaluate(OVERFLOW)  # type: ignore[attr-defined]
    black.screenshot(path=str(ARTIFACTS / "analysis-phone.png"), full_page=True)  # type: ignore[attr-defined]
    black.click("#analysis-to-move")  # type: ignore[attr-defined]
    assert black.input_value("#move-input") == "a6"  # type: ignore[attr-defined]
    assert black.input_value("#conditional-input") == "Сa4 Кf6"  # type: ignore[attr-defined]
    black.click("#send")  # type: ignore[attr-defined]
    black.wait_for_selector("#confirm")  # type: ignore[attr-defined]
    assert "Сa4 Кf6" in black.inner_text("#confirm-line")  # type: ignore[attr-defined]
    black.click("#cancel")  # type: ignore[attr-defined]
    board_ready(black)
    black.click("#ply-2")  # type: ignore[attr-defined]
    assert black.evaluate(OVERFLOW)  # type: ignore[attr-defined]
    black.screenshot(path=str(ARTIFACTS / "record-phone.png"), full_page=True)  # type: ignore[attr-defined]
    assert problems == []


def base_url(site: dict[str, str]) -> str:
    return f"{site['base']}/games/{site['game']}"
