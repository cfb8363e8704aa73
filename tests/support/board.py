"""Moving on the game page's board (chessground) in Playwright: squares are
found from the drawn board's box and its orientation, then clicked or
dragged to with the mouse, as a player would; and the board tests' site."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from tests.support.served import ConsoleSite

#: to a position where White's b7 pawn promotes (b8 or bxa8)
TO_PROMOTION = ["b4", "a5", "bxa5", "b6", "axb6", "Ba6", "b7", "Nc6"]


def board_site(folder: str, players: list[tuple[str, str, str]], fresh: str, promotion: str) -> Any:
    """A module's fixture: a served site (in a temporary ``folder``) of two
    server games, event ``fresh``'s between the first two of ``players``
    (login, name, language) at the start, and event ``promotion``'s between
    the other two brought to White's promotion. It gives ``base`` (the URL)
    and each game's ``id``, ``white`` and ``black`` under ``<event>_id`` and
    so on."""

    @pytest.fixture(scope="module")
    def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
        with served_games(tmp_path_factory.mktemp(folder), players, fresh, promotion) as site:
            yield site

    return site


@contextmanager
def served_games(
    home: Path, players: list[tuple[str, str, str]], fresh: str, promotion: str
) -> Iterator[dict[str, str]]:
    site = ConsoleSite(home)
    (one, *_), (two, *_), (three, *_), (four, *_) = players
    games = site.games(players, [(fresh, fresh, one, two), (promotion, promotion, three, four)])
    site.play(games[promotion], TO_PROMOTION)
    with site.served() as base:
        ids = {f"{e}_{k}": str(g[k]) for e, g in games.items() for k in ("id", "white", "black")}
        yield {"base": base, **ids}


def square_point(page: Any, key: str) -> tuple[float, float]:
    """The centre of square ``key`` (e.g. ``"e2"``) on the page's board,
    brought into view first (a button under the board may have scrolled it away)."""
    board = page.locator("#board cg-board")
    board.scroll_into_view_if_needed()
    # chessground learns of a scroll from its scroll event, a frame later
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    box = board.bounding_box()
    assert box is not None, "the board is not drawn"
    white = page.get_attribute("#board", "data-orientation") != "black"
    file, rank = ord(key[0]) - ord("a"), int(key[1]) - 1
    col = file if white else 7 - file
    row = 7 - rank if white else rank
    size = box["width"] / 8
    return box["x"] + (col + 0.5) * size, box["y"] + (row + 0.5) * size


def click_square(page: Any, key: str) -> None:
    page.mouse.click(*square_point(page, key))


def drag(page: Any, frm: str, to: str) -> None:
    x, y = square_point(page, frm)
    page.mouse.move(x, y)
    page.mouse.down()
    tx, ty = square_point(page, to)
    page.mouse.move((x + tx) / 2, (y + ty) / 2, steps=4)
    page.mouse.move(tx, ty, steps=4)
    page.mouse.up()


def board_ready(page: Any) -> None:
    page.wait_for_selector("#board cg-board piece")


# ------------------------------------------------------------ by keyboard

#: the key that moves the board's cursor one square up, down, left, right
#: as White sees the board; Black's board turns them round
ARROWS = {(0, 1): "ArrowUp", (0, -1): "ArrowDown", (-1, 0): "ArrowLeft", (1, 0): "ArrowRight"}


def tab_to(page: Any, selector: str, *, limit: int = 80) -> None:
    """Press Tab until the element of ``selector`` has the focus."""
    for _ in range(limit):
        if page.evaluate("(s) => document.activeElement === document.querySelector(s)", selector):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


def cursor_of(page: Any) -> str:
    """The square under the board's keyboard cursor ("" while the board has no focus)."""
    return str(page.get_attribute("#board .cg-wrap", "data-cursor") or "")


def cursor_to(page: Any, key: str) -> None:
    """Walk the board's cursor (the board has the focus) to square ``key`` with arrow keys."""
    at = cursor_of(page)
    assert at, "the board has no cursor"
    sign = -1 if page.get_attribute("#board", "data-orientation") == "black" else 1
    files = ord(key[0]) - ord(at[0])
    ranks = int(key[1]) - int(at[1])
    for (df, dr), count in (((1, 0), files), ((0, 1), ranks)):
        way = sign if count > 0 else -sign
        for _ in range(abs(count)):
            page.keyboard.press(ARROWS[(df * way, dr * way)])
    assert cursor_of(page) == key, (cursor_of(page), key)


def key_move(page: Any, frm: str, to: str) -> None:
    """A move made with the board's cursor: Enter on the piece, Enter on its square."""
    cursor_to(page, frm)
    page.keyboard.press("Enter")
    cursor_to(page, to)
    page.keyboard.press("Enter")


def spoken(page: Any) -> str:
    """What the board last said to screen readers."""
    return str(page.inner_text("#board-speech")).strip()
