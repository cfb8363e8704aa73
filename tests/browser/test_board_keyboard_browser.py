"""The board by keyboard only, in a real Chromium on a real server.

Fool's mate is played with the keys alone: each player tabs to the board,
walks the cursor with the arrows, takes the piece and puts it down with
Enter or Space, tabs to "Confirm" and presses Enter; what the cursor is on
is said to screen readers in the reader's language. A pawn is promoted by
keyboard, on the analysis board and then in the game: the chooser takes
the focus, Escape takes the move back to the board, the arrows go from
piece to piece and Enter chooses. Screenshots go
to ``test-artifacts/``.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.board import (
    board_ready,
    board_site,
    cursor_of,
    cursor_to,
    key_move,
    spoken,
    tab_to,
)
from tests.support.browser import ARTIFACTS, sign_in, watch

playwright_api = pytest.importorskip("playwright.sync_api")
expect = playwright_api.expect


PLAYERS = [("kw", "Kim White", "en"), ("kb", "Ксения Чёрная", "ru"),
           ("qw", "Quinn White", "en"), ("qb", "Quentin Black", "en")]  # fmt: skip
site = board_site("keys", PLAYERS, "KEYS", "QUEEN")


def to_board(page: Any, url: str) -> None:
    page.goto(url)
    board_ready(page)
    tab_to(page, "#board .cg-wrap")


def confirm_by_keys(page: Any) -> str:
    """Tabs to "Confirm" on the confirmation page and presses Enter; returns what was confirmed."""
    page.wait_for_selector("#confirm")
    words = str(page.inner_text("#move-words"))
    tab_to(page, "#confirm")
    page.keyboard.press("Enter")
    page.wait_for_selector("#board cg-board piece")
    return words


def test_fools_mate_by_keyboard_only(site: dict[str, str], browser: object) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    base, game = site["base"], site["KEYS_id"]
    white = sign_in(browser, base, site["KEYS_white"])
    black = sign_in(browser, base, site["KEYS_black"])
    problems = watch(white) + watch(black)
    url = f"{base}/games/{game}"

    to_board(white, url)
    # The cursor starts on the king's pawn, framed, and says what is there.
    assert cursor_of(white) == "e2"
    assert spoken(white) == "e2, white pawn"
    expect(white.locator("#board square.kb-cursor:visible")).to_have_count(1)  # type: ignore[attr-defined]
    cursor_to(white, "e7")
    assert spoken(white) == "e7, black pawn"
    cursor_to(white, "e4")
    assert spoken(white) == "e4, empty"
    # The partner's pawn is not taken; the own one is, and shows its squares.
    cursor_to(white, "d7")
    white.keyboard.press("Enter")  # type: ignore[attr-defined]
    expect(white.locator("#board square.selected:visible")).to_have_count(0)  # type: ignore[attr-defined]
    cursor_to(white, "g2")
    white.keyboard.press("Enter")  # type: ignore[attr-defined]
    assert spoken(white) == "g2, white pawn, selected"
    expect(white.locator("#board square.move-dest:visible")).to_have_count(2)  # type: ignore[attr-defined]
    white.screenshot(path=str(ARTIFACTS / "board-keys-selected.png"))  # type: ignore[attr-defined]
    # Escape puts it back; then f2-f3 with Space for the piece and Enter for its square.
    white.keyboard.press("Escape")  # type: ignore[attr-defined]
    expect(white.locator("#board square.selected:visible")).to_have_count(0)  # type: ignore[attr-defined]
    cursor_to(white, "f2")
    white.keyboard.press(" ")  # type: ignore[attr-defined]
    cursor_to(white, "f3")
    white.keyboard.press("Enter")  # type: ignore[attr-defined]
    assert "White pawn from f2 to f3" in confirm_by_keys(white)

    # Black, in Russian, on a board seen from Black's side: up is towards White.
    to_board(black, url)
    assert black.get_attribute("#board", "data-orientation") == "black"  # type: ignore[attr-defined]
    assert cursor_of(black) == "f3" and spoken(black) == "f3, белая пешка"
    black.keyboard.press("ArrowUp")  # type: ignore[attr-defined]
    assert cursor_of(black) == "f2"
    key_move(black, "e7", "e5")
    assert "пешка с e7 на e5" in confirm_by_keys(black)

    to_board(white, url)
    key_move(white, "g2", "g4")
    confirm_by_keys(white)

    to_board(black, url)
    key_move(black, "d8", "h4")
    assert "мат" in confirm_by_keys(black)
    assert "0-1" in black.inner_text("#result")  # type: ignore[attr-defined]
    black.screenshot(path=str(ARTIFACTS / "board-keys-mate.png"), full_page=True)  # type: ignore[attr-defined]
    assert problems == []


def test_a_promotion_by_keyboard(site: dict[str, str], browser: object) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    base, game = site["base"], site["QUEEN_id"]
    white = sign_in(browser, base, site["QUEEN_white"])
    problems = watch(white)
    url = f"{base}/games/{game}"
    # On the analysis board first, opened from the keyboard: it takes the focus.
    white.goto(url)  # type: ignore[attr-defined]
    board_ready(white)
    tab_to(white, "#board-analyse")
    white.keyboard.press("Enter")  # type: ignore[attr-defined]
    assert white.evaluate("() => document.activeElement.classList.contains('cg-wrap')")  # type: ignore[attr-defined]
    key_move(white, "b7", "b8")
    white.wait_for_selector("#promotion-chooser")  # type: ignore[attr-defined]
    white.keyboard.press("Enter")  # type: ignore[attr-defined]
    expect(white.locator("#analysis-line")).to_have_text("5. b8=Q")  # type: ignore[attr-defined]
    assert white.input_value("#move-input") == ""  # type: ignore[attr-defined]
    white.click("#analysis-close")  # type: ignore[attr-defined]

    to_board(white, url)
    key_move(white, "b7", "b8")
    white.wait_for_selector("#promotion-chooser")  # type: ignore[attr-defined]
    # The chooser has the focus, on the queen; nothing is sent yet.
    assert white.evaluate("() => document.activeElement.dataset.role") == "queen"  # type: ignore[attr-defined]
    assert white.input_value("#move-input") == ""  # type: ignore[attr-defined]
    white.screenshot(path=str(ARTIFACTS / "board-keys-promotion.png"))  # type: ignore[attr-defined]
    # Escape takes the move back, and the focus goes back to the board.
    white.keyboard.press("Escape")  # type: ignore[attr-defined]
    expect(white.locator("#promotion-chooser")).to_have_count(0)  # type: ignore[attr-defined]
    assert white.evaluate("() => document.activeElement.classList.contains('cg-wrap')")  # type: ignore[attr-defined]
    expect(white.locator("#board cg-board piece.pawn.white")).to_have_count(8)  # type: ignore[attr-defined]
    # By a capture with Space this time; the arrows go to the knight, Enter takes it.
    cursor_to(white, "b7")
    white.keyboard.press(" ")  # type: ignore[attr-defined]
    cursor_to(white, "a8")
    white.keyboard.press(" ")  # type: ignore[attr-defined]
    white.wait_for_selector("#promotion-chooser")  # type: ignore[attr-defined]
    assert white.locator("#promotion-chooser").count() == 1  # the Space did not choose
    for _ in range(3):
        white.keyboard.press("ArrowRight")  # type: ignore[attr-defined]
    assert white.evaluate("() => document.activeElement.dataset.role") == "knight"  # type: ignore[attr-defined]
    white.keyboard.press("Enter")  # type: ignore[attr-defined]
    words = confirm_by_keys(white)
    assert "taking the rook, promoting to a knight" in words, words
    assert "bxa8=N" in white.inner_text("#record")  # type: ignore[attr-defined]
    assert problems == []
