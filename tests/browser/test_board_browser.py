"""The game board (chessground) in a real Chromium, on a real server.

Fool's mate is played with White clicking (changing the piece picked
on the way) and Black dragging on a phone-sized screen; neither can move the
partner's pieces, and no promotion is asked for. In a game brought to a
promotion through the console, White is asked for the piece only when the
pawn reaches the last rank, may take it back, and sends a knight. No page
breaks the Content Security Policy. Screenshots go to ``test-artifacts/``.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.board import board_ready, board_site, click_square, drag
from tests.support.browser import ARTIFACTS, sign_in, watch

playwright_api = pytest.importorskip("playwright.sync_api")
expect = playwright_api.expect


PLAYERS = [("fw", "Fay White", "en"), ("fb", "Фёдор Чёрный", "ru"),
           ("pw", "Pia White", "en"), ("pb", "Pavel Black", "en")]  # fmt: skip
site = board_site("board", PLAYERS, "FOOL", "PROM")


def white_of(page: Any, base: str, game: str) -> bool:
    page.goto(f"{base}/games/{game}")
    board_ready(page)
    return bool(page.get_attribute("#board", "data-color") == "white")


def sent(page: Any) -> str:
    page.wait_for_selector("#confirm")
    return str(page.inner_text("#move-words"))


def test_fools_mate_by_clicks_and_drags(site: dict[str, str], browser: object) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    base, game = site["base"], site["FOOL_id"]
    one, two = sign_in(browser, base, "fw"), sign_in(browser, base, "fb")
    white, black = (one, two) if white_of(one, base, game) else (two, one)
    black.set_viewport_size({"width": 390, "height": 844})  # type: ignore[attr-defined]
    problems_w, problems_b = watch(white), watch(black)
    url = f"{base}/games/{game}"

    white.goto(url)  # type: ignore[attr-defined]
    board_ready(white)
    assert white.locator("#promotion").is_hidden()  # type: ignore[attr-defined]
    label = white.locator("#board .cg-wrap").get_attribute("aria-label")  # type: ignore[attr-defined]
    assert label.startswith("Chess board. White: King e1; Queen d1;") and "White to move" in label
    # The partner's pawn does not move, by drag or by clicks.
    drag(white, "e7", "e5")
    click_square(white, "d7")
    click_square(white, "d5")
    assert white.input_value("#move-input") == ""  # type: ignore[attr-defined]
    expect(white.locator("#board cg-board square.selected")).to_have_count(0)  # type: ignore[attr-defined]
    # g2 picked, then f2 instead: the move is f2-f3, with its legal squares shown.
    click_square(white, "g2")
    expect(white.locator("#board square.move-dest")).to_have_count(2)  # type: ignore[attr-defined]
    click_square(white, "f2")
    white.screenshot(path=str(ARTIFACTS / "board-picked.png"))  # type: ignore[attr-defined]
    click_square(white, "f3")
    assert "White pawn from f2 to f3" in sent(white)
    assert white.locator("#promotion-chooser").count() == 0  # type: ignore[attr-defined]
    white.screenshot(path=str(ARTIFACTS / "board-confirm.png"))  # type: ignore[attr-defined]
    assert white.locator("#board cg-board square.last-move").count() == 2  # type: ignore[attr-defined]
    white.click("#confirm")  # type: ignore[attr-defined]
    board_ready(white)
    # Now it is Black's turn: White's board moves nothing.
    drag(white, "g2", "g4")
    assert white.locator("#move-input").count() == 0  # type: ignore[attr-defined]
    assert "/confirm" not in white.url and "#confirm" not in white.content()  # type: ignore[attr-defined]

    # Black, on a phone, drags: the board fits the screen, seen from Black's side.
    black.goto(url)  # type: ignore[attr-defined]
    board_ready(black)
    box = black.locator("#board cg-board").bounding_box()  # type: ignore[attr-defined]
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390 and box["width"] > 300, box
    assert black.get_attribute("#board", "data-orientation") == "black"  # type: ignore[attr-defined]
    black.screenshot(path=str(ARTIFACTS / "board-phone-black.png"), full_page=True)  # type: ignore[attr-defined]
    drag(black, "f3", "f5")  # White's pawn stays
    assert black.input_value("#move-input") == ""  # type: ignore[attr-defined]
    drag(black, "e7", "e5")
    assert "пешка с e7 на e5" in sent(black)
    black.click("#confirm")  # type: ignore[attr-defined]
    board_ready(black)

    white.goto(url)  # type: ignore[attr-defined]
    board_ready(white)
    click_square(white, "g2")
    click_square(white, "g4")
    sent(white)
    white.click("#confirm")  # type: ignore[attr-defined]

    black.goto(url)  # type: ignore[attr-defined]
    board_ready(black)
    # The flip button turns the board; moves still land on the right squares.
    black.click("#board-flip")  # type: ignore[attr-defined]
    assert black.get_attribute("#board", "data-orientation") == "white"  # type: ignore[attr-defined]
    drag(black, "d8", "h4")
    assert "мат" in sent(black)
    assert black.locator("#board cg-board square.check").count() == 1  # type: ignore[attr-defined]
    black.click("#confirm")  # type: ignore[attr-defined]
    black.wait_for_selector("#result")  # type: ignore[attr-defined]
    assert "0-1" in black.inner_text("#result")  # type: ignore[attr-defined]
    board_ready(black)
    assert black.locator("#board cg-board square.check").count() == 1  # type: ignore[attr-defined]
    black.screenshot(path=str(ARTIFACTS / "board-mate-phone.png"), full_page=True)  # type: ignore[attr-defined]
    assert problems_w + problems_b == []


def test_a_promotion_is_asked_for_only_on_the_last_rank(
    site: dict[str, str], browser: object
) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    base, game = site["base"], site["PROM_id"]
    white = sign_in(browser, base, site["PROM_white"])
    problems = watch(white)
    white.goto(f"{base}/games/{game}")  # type: ignore[attr-defined]
    board_ready(white)
    assert white.locator("#promotion-chooser").count() == 0  # type: ignore[attr-defined]
    click_square(white, "b7")
    click_square(white, "b8")
    white.wait_for_selector("#promotion-chooser")  # type: ignore[attr-defined]
    assert white.input_value("#move-input") == ""  # type: ignore[attr-defined]
    white.screenshot(path=str(ARTIFACTS / "board-promotion.png"))  # type: ignore[attr-defined]
    # Taken back: the pawn is on b7 again and nothing was sent.
    white.click("#promotion-chooser .promote-cancel")  # type: ignore[attr-defined]
    assert white.locator("#promotion-chooser").count() == 0  # type: ignore[attr-defined]
    assert white.locator("#board cg-board piece.pawn.white").count() == 8  # type: ignore[attr-defined]
    # By a capture this time, and to a knight.
    drag(white, "b7", "a8")
    white.click("#promotion-chooser button[data-role=knight]")  # type: ignore[attr-defined]
    words = sent(white)
    assert "taking the rook, promoting to a knight" in words, words
    white.screenshot(path=str(ARTIFACTS / "board-promotion-confirm.png"))  # type: ignore[attr-defined]
    white.click("#confirm")  # type: ignore[attr-defined]
    white.wait_for_selector("#record")  # type: ignore[attr-defined]
    assert "bxa8=N" in white.inner_text("#record")  # type: ignore[attr-defined]
    assert problems == []
