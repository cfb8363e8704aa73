"""The site in a real headless Chromium (Debian's), driven by Playwright.

Two players play a server game to mate on a real server process, by
clicking squares and by typing numeric and Russian moves, each sent and then
confirmed; an outsider is refused; the arbiter sees both ledgers.
Screenshots are kept in ``test-artifacts/`` (or ``$CC_TEST_ARTIFACTS``).
"""

from __future__ import annotations

import os
import re
import shutil
import sys
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from tests.support.board import board_ready, click_square
from tests.support.paths import ROOT
from tests.support.served import console, served

playwright_api = pytest.importorskip("playwright.sync_api")

CC = str(Path(sys.executable).parent / "cc")
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARTIFACTS = Path(
    os.environ.get("CC_TEST_ARTIFACTS", ROOT / "test-artifacts")
)
PASSWORD = "play-well-2026"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    home = tmp_path_factory.mktemp("site")
    env, cc = console(CC, home)

    def player(login: str, name: str, lang: str = "en", *options: str) -> None:
        cc("player", "add", login, "--name", name, "--lang", lang, *options,
           "--password-stdin", stdin=PASSWORD + "\n")  # fmt: skip

    cc("db", "upgrade")
    player("arb", "Главный арбитр", "en", "--role", "arbiter")
    player("white", "Wanda White")
    player("black", "Борис Чёрный", "ru")
    player("other", "Oscar Other")
    start = (datetime.now(UTC).date() - timedelta(days=1)).isoformat()
    cc(
        "event",
        "create",
        "WEB",
        "--name",
        "Browser Cup",
        "--mode",
        "server",
        "--start",
        start,
        "--arbiter",
        "arb",
    )
    cc("event", "add-player", "WEB", "white", "black", "other")
    cc("event", "start", "WEB")
    # An email event 20 days old whose White has not moved: over 10 days.
    player("apl", "Апелляционный арбитр", "ru", "--role", "appeal_arbiter")
    player("slow", "Sam Slow", "en", "--email", "slow@example.org")
    player("keen", "Ксения Зоркая", "ru", "--email", "keen@example.org")
    cc(
        "event",
        "create",
        "CLM",
        "--name",
        "Email Cup",
        "--mode",
        "email",
        "--tc",
        "10/10",
        "--start",
        (datetime.now(UTC).date() - timedelta(days=20)).isoformat(),
        "--arbiter",
        "arb",
        "--appeal-arbiter",
        "apl",
    )
    cc("event", "add-player", "CLM", "slow", "keen")
    cc("event", "start", "CLM")
    # An event that ended two days ago with its one game unfinished.
    player("adjr", "Судья Присуждения", "ru", "--role", "adjudicator")
    player("aw", "Anna White")
    player("ab", "Борис Бланк", "ru")
    today = datetime.now(UTC).date()
    cc(
        "event",
        "create",
        "ADJ",
        "--name",
        "Ended Cup",
        "--mode",
        "server",
        "--tc",
        "10/300",
        "--start",
        (today - timedelta(days=30)).isoformat(),
        "--end",
        (today - timedelta(days=2)).isoformat(),
        "--arbiter",
        "arb",
        "--adjudicator",
        "adjr",
        "--appeal-arbiter",
        "apl",
    )
    cc("event", "add-player", "ADJ", "aw", "ab")
    cc("event", "start", "ADJ")
    cc("daily")
    with served(CC, home, env) as base:
        yield base


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    if not Path(CHROMIUM).exists():
        pytest.fail("Debian's chromium is missing: scripts/system-packages installs it")
    with playwright_api.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


def sign_in(browser: object, base: str, login: str) -> object:
    context = browser.new_context(viewport={"width": 1200, "height": 900})  # type: ignore[attr-defined]
    page = context.new_page()
    page.goto(f"{base}/login")
    page.fill("input[name=login]", login)
    page.fill("input[name=password]", PASSWORD)
    page.click("button[type=submit] >> text=/Sign in|Вход/")
    page.wait_for_url(re.compile(r".*/(games|arbiter)$"))  # officials land on their desk
    return page


def game_of(page: object, base: str) -> str:
    page.goto(f"{base}/games")  # type: ignore[attr-defined]
    href = page.locator("tr[data-game] a").first.get_attribute("href")  # type: ignore[attr-defined]
    return str(href)


def click_move(page: object, frm: str, to: str) -> None:
    board_ready(page)
    click_square(page, frm)
    click_square(page, to)
    page.wait_for_selector("#confirm")  # type: ignore[attr-defined]


def type_move(page: object, text: str) -> None:
    page.fill("#move-input", text)  # type: ignore[attr-defined]
    page.click("#send")  # type: ignore[attr-defined]
    page.wait_for_selector("#confirm")  # type: ignore[attr-defined]


def confirm(page: object) -> None:
    page.click("#confirm")  # type: ignore[attr-defined]
    page.wait_for_selector("#board")  # type: ignore[attr-defined]


def test_two_players_play_to_mate_in_the_browser(server: str, browser: object) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    white = sign_in(browser, server, "white")
    black = sign_in(browser, server, "black")
    # The game of white and black: find it from White's list.
    white.goto(f"{server}/games")  # type: ignore[attr-defined]
    row = white.locator("tr[data-game]", has_text="Борис Чёрный")  # type: ignore[attr-defined]
    url = server + row.locator("a").first.get_attribute("href")
    white.screenshot(path=str(ARTIFACTS / "my-games.png"), full_page=True)  # type: ignore[attr-defined]

    white.goto(url)  # type: ignore[attr-defined]
    click_move(white, "f2", "f3")  # by clicking squares
    assert "White pawn from f2 to f3" in white.inner_text("#move-words")  # type: ignore[attr-defined]
    confirm(white)
    assert "f3" in white.inner_text("#record")  # type: ignore[attr-defined]

    black.goto(url)  # type: ignore[attr-defined]
    assert "Ваш ход" in black.inner_text("#turn")  # type: ignore[attr-defined]
    type_move(black, "5755")  # numeric notation
    assert "Чёрные: пешка с e7 на e5" in black.inner_text("#move-words")  # type: ignore[attr-defined]
    black.click("#cancel")  # type: ignore[attr-defined]  # not made until confirmed
    black.wait_for_selector("#move-input")  # type: ignore[attr-defined]
    assert "e5" not in black.inner_text("#record")  # type: ignore[attr-defined]
    type_move(black, "5755")
    confirm(black)

    white.goto(url)  # type: ignore[attr-defined]
    type_move(white, "g2-g4")
    confirm(white)

    black.goto(url)  # type: ignore[attr-defined]
    type_move(black, "Фh4")  # Russian piece letters
    assert "мат" in black.inner_text("#move-words")  # type: ignore[attr-defined]
    confirm(black)
    assert "0-1" in black.inner_text("#result")  # type: ignore[attr-defined]
    black.screenshot(path=str(ARTIFACTS / "game-board.png"), full_page=True)  # type: ignore[attr-defined]

    white.goto(url)  # type: ignore[attr-defined]
    assert "0-1" in white.inner_text("#result")  # type: ignore[attr-defined]
    assert white.locator("#move-input").count() == 0  # type: ignore[attr-defined]
    record = white.locator("#record .move").all_inner_texts()  # type: ignore[attr-defined]
    assert record == ["f3", "e5", "g4", "Qh4#"], record

    # Finished, the game is public (the default regulations): another player
    # reads it with no form to act in, and a move sent anyway is refused.
    other = sign_in(browser, server, "other")
    response = other.goto(url)  # type: ignore[attr-defined]
    assert response.status == 200
    assert "0-1" in other.inner_text("#result")  # type: ignore[attr-defined]
    assert other.locator("main form").count() == 0  # type: ignore[attr-defined]
    status = other.evaluate(  # type: ignore[attr-defined]
        """async (url) => (await fetch(url + '/send', {method: 'POST',
             headers: {'Content-Type': 'application/x-www-form-urlencoded'},
             body: 'move=e4&csrf_token=x'})).status""",
        url,
    )
    assert status == 403

    # The arbiter sees both players' ledgers.
    arbiter = sign_in(browser, server, "arb")
    arbiter.goto(url)  # type: ignore[attr-defined]
    clocks = arbiter.locator("ul.clocks li")  # type: ignore[attr-defined]
    assert clocks.count() == 2
    assert "white" in clocks.nth(0).inner_text() and "black" in clocks.nth(1).inner_text()
    arbiter.goto(f"{server}/arbiter/events/WEB")  # type: ignore[attr-defined]
    assert arbiter.locator("#event-games tbody tr").count() == 3  # type: ignore[attr-defined]
    assert (ARTIFACTS / "game-board.png").stat().st_size > 10_000


def test_a_claim_decided_by_the_arbiter_and_reversed_on_appeal_in_russian(
    server: str, browser: object
) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    keen = sign_in(browser, server, "keen")  # Black, reads Russian
    keen.goto(f"{server}/games")  # type: ignore[attr-defined]
    row = keen.locator("tr[data-game]", has_text="Sam Slow")  # type: ignore[attr-defined]
    game_url = server + row.locator("a").first.get_attribute("href")
    keen.goto(game_url)  # type: ignore[attr-defined]
    assert "лимит времени превышен" in keen.inner_text("#claim-form")  # type: ignore[attr-defined]
    keen.fill("#claim-form textarea[name=statement]", "Белые не ответили за 20 дней")  # type: ignore[attr-defined]
    keen.click("#claim-overstep")  # type: ignore[attr-defined]
    keen.wait_for_selector("#case-title")  # type: ignore[attr-defined]
    case_url = keen.url  # type: ignore[attr-defined]
    assert "Заявление о просрочке времени" in keen.inner_text("#case-title")  # type: ignore[attr-defined]

    slow = sign_in(browser, server, "slow")  # White, the accused, reads English
    slow.goto(case_url)  # type: ignore[attr-defined]
    slow.fill("#protest-form textarea", "The start notice reached me late")  # type: ignore[attr-defined]
    slow.click("#protest-form button")  # type: ignore[attr-defined]
    slow.wait_for_selector("#protest")  # type: ignore[attr-defined]

    # The arbiter switches to Russian and decides from the case's evidence.
    arbiter = sign_in(browser, server, "arb")
    arbiter.click("#switch-lang")  # type: ignore[attr-defined]
    arbiter.click("#nav-cases")  # type: ignore[attr-defined]
    arbiter.wait_for_selector("#cases")  # type: ignore[attr-defined]
    assert "Дела" in arbiter.inner_text("h1")  # type: ignore[attr-defined]
    arbiter.click("#cases tbody tr[data-case] a")  # type: ignore[attr-defined]
    arbiter.wait_for_selector("#decide-form")  # type: ignore[attr-defined]
    assert "Доказательства на момент подачи" in arbiter.inner_text("main")  # type: ignore[attr-defined]
    assert "The start notice reached me late" in arbiter.inner_text("#protest")  # type: ignore[attr-defined]
    arbiter.check("#decide-form input[value=upheld]")  # type: ignore[attr-defined]
    arbiter.fill("#decide-form textarea[name=reasons]", "20 дней при норме 10")  # type: ignore[attr-defined]
    arbiter.click("#decide")  # type: ignore[attr-defined]
    arbiter.wait_for_selector("#decision")  # type: ignore[attr-defined]
    assert "удовлетворено" in arbiter.inner_text("#decision")  # type: ignore[attr-defined]
    assert "решено, можно обжаловать" in arbiter.inner_text("#case-status")  # type: ignore[attr-defined]
    arbiter.screenshot(path=str(ARTIFACTS / "case-decided-ru.png"), full_page=True)  # type: ignore[attr-defined]
    keen.goto(game_url)  # type: ignore[attr-defined]
    assert "0-1" in keen.inner_text("#result")  # type: ignore[attr-defined]

    slow.goto(case_url)  # type: ignore[attr-defined]
    slow.fill("#appeal-form textarea", "The overstep was the post office's")  # type: ignore[attr-defined]
    slow.click("#send-appeal")  # type: ignore[attr-defined]
    slow.wait_for_selector("#appeal")  # type: ignore[attr-defined]

    # The appeal arbiter, in Russian, reverses it: the game goes on.
    judge = sign_in(browser, server, "apl")
    judge.goto(case_url)  # type: ignore[attr-defined]
    assert "на апелляции" in judge.inner_text("#case-status")  # type: ignore[attr-defined]
    judge.check("#appeal-decision-form input[value=rejected]")  # type: ignore[attr-defined]
    judge.fill("#appeal-decision-form textarea", "Извещение о старте пришло с опозданием")  # type: ignore[attr-defined]
    judge.click("#decide-appeal")  # type: ignore[attr-defined]
    judge.wait_for_selector("#appeal-decision")  # type: ignore[attr-defined]
    assert "Решение окончательное" in judge.inner_text("#appeal-decision")  # type: ignore[attr-defined]
    assert "окончательно" in judge.inner_text("#case-status")  # type: ignore[attr-defined]
    judge.screenshot(path=str(ARTIFACTS / "appeal-decided-ru.png"), full_page=True)  # type: ignore[attr-defined]
    slow.goto(game_url)  # type: ignore[attr-defined]
    assert "Your move" in slow.inner_text("#turn")  # type: ignore[attr-defined]


def test_an_adjudicator_rules_in_russian_and_english(server: str, browser: object) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    white = sign_in(browser, server, "aw")
    white.click("#nav-cases")  # type: ignore[attr-defined]
    white.click("#cases tbody tr[data-case] a")  # type: ignore[attr-defined]
    white.wait_for_selector("#submit-form")  # type: ignore[attr-defined]
    case_url = white.url  # type: ignore[attr-defined]
    white.check("#submit-form input[value=win]")  # type: ignore[attr-defined]
    white.fill("#submit-form input[name=move]", "e4")  # type: ignore[attr-defined]
    white.fill("#submit-form textarea[name=reasoning]", "Better development")  # type: ignore[attr-defined]
    white.fill("#submit-form textarea[name=analysis]", "1... e5 2. Nf3")  # type: ignore[attr-defined]
    white.click("#send-materials")  # type: ignore[attr-defined]
    white.wait_for_selector("#submissions")  # type: ignore[attr-defined]
    assert "e4" in white.inner_text("#submissions")  # type: ignore[attr-defined]

    black = sign_in(browser, server, "ab")  # reads Russian
    black.goto(case_url)  # type: ignore[attr-defined]
    black.check("#submit-form input[value=draw]")  # type: ignore[attr-defined]
    assert black.locator("#submit-form input[name=move]").count() == 0  # type: ignore[attr-defined]
    black.fill("#submit-form textarea[name=reasoning]", "Позиция равная")  # type: ignore[attr-defined]
    black.click("#send-materials")  # type: ignore[attr-defined]
    black.wait_for_selector("#submissions")  # type: ignore[attr-defined]

    judge = sign_in(browser, server, "adjr")  # Russian first
    judge.goto(case_url)  # type: ignore[attr-defined]
    assert "Присуждение" in judge.inner_text("#case-title")  # type: ignore[attr-defined]
    # The adjudicated position on the page's board, for reading only.
    board_ready(judge)
    assert judge.locator("#final-position .cg-wrap.manipulable").count() == 0  # type: ignore[attr-defined]
    assert "Позиция равная" in judge.inner_text("#submissions")  # type: ignore[attr-defined]
    judge.click("#analyse")  # type: ignore[attr-defined]
    judge.wait_for_selector("#engine")  # type: ignore[attr-defined]
    assert "Stockfish, глубина" in judge.inner_text("#engine")  # type: ignore[attr-defined]
    judge.screenshot(path=str(ARTIFACTS / "adjudication-ru.png"), full_page=True)  # type: ignore[attr-defined]
    judge.click("#switch-lang")  # type: ignore[attr-defined]  # and on in English
    judge.wait_for_selector("#decide-form")  # type: ignore[attr-defined]
    assert "Adjudication" in judge.inner_text("#case-title")  # type: ignore[attr-defined]
    judge.check("#decide-form input[value=draw]")  # type: ignore[attr-defined]
    judge.fill("#decide-form textarea[name=reasons]", "Equal: the engine agrees")  # type: ignore[attr-defined]
    judge.click("#decide")  # type: ignore[attr-defined]
    judge.wait_for_selector("#decision")  # type: ignore[attr-defined]
    assert "Draw" in judge.inner_text("#decision")  # type: ignore[attr-defined]
    assert "open to appeal" in judge.inner_text("#case-status")  # type: ignore[attr-defined]
    judge.screenshot(path=str(ARTIFACTS / "adjudication-en.png"), full_page=True)  # type: ignore[attr-defined]
