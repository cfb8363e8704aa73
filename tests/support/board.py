"""Moving on the game page's board (chessground) in Playwright: squares are
found from the drawn board's box and its orientation, then clicked or
dragged to with the mouse, as a player would."""

from __future__ import annotations

from typing import Any


def square_point(page: Any, key: str) -> tuple[float, float]:
    """The centre of square ``key`` (e.g. ``"e2"``) on the page's board."""
    box = page.locator("#board cg-board").bounding_box()
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
