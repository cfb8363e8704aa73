"""The arbiter loads records from PGN in a real Chromium: a post game's
record pasted on the game's page (on a desktop, in English) and an event's
file uploaded on the event's page (on a phone, 390x844, in Russian), with a
refusal each. Screenshots go to ``test-artifacts/``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from tests.support.browser import ARTIFACTS, DESKTOP, PHONE, sign_in
from tests.support.served import ConsoleSite

pytest.importorskip("playwright.sync_api")

START = datetime.now(UTC).date() - timedelta(days=20)


def day(n: int) -> str:
    return (START + timedelta(days=n)).strftime("%Y.%m.%d")


def pgn(round_board: str, white: str, black: str, moves: str, result: str = "*") -> str:
    return (
        f'[Event "Почтовый кубок"]\n[Site "post"]\n[Date "{day(0)}"]\n[Round "{round_board}"]\n'
        f'[White "{white}"]\n[Black "{black}"]\n[Result "{result}"]\n\n{moves} {result}\n\n'
    )


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    site = ConsoleSite(tmp_path_factory.mktemp("site"))
    site.player("arb", "Arthur Arbiter", "en", "--role", "arbiter")
    site.player("arbru", "Арбитров Андрей", "ru", "--role", "arbiter")
    for login, name in (
        ("ivanov", "Иванов Иван"),
        ("petrova", "Петрова Анна"),
        ("smith", "Smith John"),
    ):
        site.player(login, name, "ru")
    for code, arbiter in (("POST-EN", "arb"), ("POST-RU", "arbru")):
        site.event(code, "Почтовый кубок", ("ivanov", "petrova", "smith"), "--tz",
                   "Europe/Moscow", mode="post", start=START, arbiter=arbiter)  # fmt: skip
    with site.served() as base:
        yield base, site.home


def fits(page: object) -> None:
    """Nothing wider than the screen."""
    overflow = page.evaluate(  # type: ignore[attr-defined]
        "document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    assert overflow <= 0, overflow


def test_a_game_record_pasted_on_a_desktop_in_english(
    server: tuple[str, Path], browser: object
) -> None:
    base, _home = server
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page = sign_in(browser, base, "arb", viewport=DESKTOP)
    page.goto(f"{base}/arbiter/events/POST-EN")  # type: ignore[attr-defined]
    href = page.locator("#event-games a").first.get_attribute("href")  # type: ignore[attr-defined]
    page.goto(base + str(href))  # type: ignore[attr-defined]
    # A move without its date: refused, naming the move, nothing stored.
    page.fill("#record-text", "1. e4 {[%ccsnt " + day(2) + "]} e5 *")  # type: ignore[attr-defined]
    page.click("#record-send")  # type: ignore[attr-defined]
    error = page.inner_text("#record-error")  # type: ignore[attr-defined]
    assert "move 1...e5 has no sending date" in error, error
    page.locator("#record-form").scroll_into_view_if_needed()  # type: ignore[attr-defined]
    page.screenshot(path=str(ARTIFACTS / "record-refused-en.png"), full_page=True)  # type: ignore[attr-defined]
    # The whole record, dated: loaded, and the schedule shows its dates.
    moves = (
        f"1. e4 {{[%ccsnt {day(2)}]}} e5 {{[%ccsnt {day(5)}]}} "
        f"2. Nf3 {{[%ccsnt {day(9)}]}} Nc6 {{[%ccsnt {day(12)}]}}"
    )
    page.fill("#record-text", moves + " *")  # type: ignore[attr-defined]
    page.click("#record-send")  # type: ignore[attr-defined]
    page.wait_for_url(re.compile(r".*done=record_loaded"))  # type: ignore[attr-defined]
    body = page.inner_text("body")  # type: ignore[attr-defined]
    assert "The record is loaded" in body
    assert page.locator("#record .move").all_inner_texts() == ["e4", "e5", "Nf3", "Nc6"]  # type: ignore[attr-defined]
    fits(page)
    page.screenshot(path=str(ARTIFACTS / "record-loaded-en.png"), full_page=True)  # type: ignore[attr-defined]


def test_an_event_file_uploaded_on_a_phone_in_russian(
    server: tuple[str, Path], browser: object
) -> None:
    base, home = server
    page = sign_in(browser, base, "arbru", viewport=PHONE)
    page.goto(f"{base}/arbiter/events/POST-RU")  # type: ignore[attr-defined]
    rows = page.locator("#event-games tbody tr").all_inner_texts()  # type: ignore[attr-defined]
    games = []
    for row in rows:
        cells = row.split("\t")
        games.append((cells[1].strip(), cells[2].strip()))
    # Round 1 board 1 is the first game listed (games in round.board order).
    (w1, b1), (w2, b2) = games[0], games[1]

    def surname_first(name: str) -> str:
        surname, given = name.split(" ", 1)
        return f"{surname}, {given}"

    moves = f"1. d4 {{[%ccsnt {day(1)}]}} d5 {{[%ccsnt {day(4)}]}} 2. c4 {{[%ccsnt {day(8)}]}}"
    good = pgn("1.1", surname_first(w1), surname_first(b1), moves)
    bad = pgn("2.1", surname_first(w2), surname_first(b2), f"1. e4 {{[%ccsnt {day(30)}]}}")
    upload = home / "event.pgn"
    upload.write_text(good + bad, encoding="utf-8")
    page.set_input_files("#record-file", str(upload))  # type: ignore[attr-defined]
    page.click("#record-send")  # type: ignore[attr-defined]
    error = page.inner_text("#record-error")  # type: ignore[attr-defined]
    assert "запись не загружена" in error and "позже сегодняшнего дня" in error, error
    fits(page)
    page.locator("#record-form").scroll_into_view_if_needed()  # type: ignore[attr-defined]
    page.screenshot(path=str(ARTIFACTS / "record-refused-ru-phone.png"), full_page=False)  # type: ignore[attr-defined]
    # The good game alone: loaded, said game by game.
    upload.write_text(good, encoding="utf-8")
    page.set_input_files("#record-file", str(upload))  # type: ignore[attr-defined]
    page.click("#record-send")  # type: ignore[attr-defined]
    loaded = page.inner_text("#record-loaded")  # type: ignore[attr-defined]
    assert "полуходов оставлено — 0, добавлено — 3" in loaded, loaded
    fits(page)
    page.locator("#record-loaded").scroll_into_view_if_needed()  # type: ignore[attr-defined]
    page.screenshot(path=str(ARTIFACTS / "record-loaded-ru-phone.png"), full_page=False)  # type: ignore[attr-defined]
    page.screenshot(path=str(ARTIFACTS / "record-event-ru-phone-full.png"), full_page=True)  # type: ignore[attr-defined]
