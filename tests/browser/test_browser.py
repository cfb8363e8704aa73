"""The site in a real headless Chromium (Debian's), driven by Playwright.

Two players play a server game to mate on a real server process, by
clicking squares and by typing numeric and Russian moves, each sent and then
confirmed; an outsider is refused; the arbiter sees both ledgers.
Screenshots are kept in ``test-artifacts/`` (or ``$CC_TEST_ARTIFACTS``).
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from tests.support.board import board_ready, click_square
from tests.support.browser import ARTIFACTS, sign_in
from tests.support.served import ConsoleSite

pytest.importorskip("playwright.sync_api")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    site = ConsoleSite(tmp_path_factory.mktemp("site"))
    site.player("arb", "Главный арбитр", "en", "--role", "arbiter")
    site.player("white", "Wanda White")
    site.player("black", "Борис Чёрный", "ru")
    site.player("other", "Oscar Other")
    site.event("WEB", "Browser Cup", ("white", "black", "other"))
    # An email event 20 days old whose White has not moved: over 10 days.
    site.player("apl", "Апелляционный арбитр", "ru", "--role", "appeal_arbiter")
    site.overdue_email_event("CLM", "--appeal-arbiter", "apl")
    # An event that ended two days ago with its one game unfinished.
    site.player("adjr", "Судья Присуждения", "ru", "--role", "adjudicator")
    site.player("aw", "Anna White")
    site.player("ab", "Борис Бланк", "ru")
    ended = datetime.now(UTC).date() - timedelta(days=2)
    site.event("ADJ", "Ended Cup", ("aw", "ab"), "--tc", "10/300", "--end", ended.isoformat(),
               "--adjudicator", "adjr", "--appeal-arbiter", "apl", start=-30)  # fmt: skip
    site.cc("daily")
    with site.served() as base:
        yield base


def send(page: Any, fill: dict[str, str], button: str, shows: str, check: str = "") -> str:
    """Checks ``check`` (a choice, if any), fills the fields of ``fill``
    (selector: text), clicks ``button`` and waits for ``shows``; returns what
    that says."""
    if check:
        page.check(check)
    for field, text in fill.items():
        page.fill(field, text)
    page.click(button)
    page.wait_for_selector(shows)
    return str(page.inner_text(shows))


def decide(page: Any, verdict: str, reasons: str, shot: str) -> tuple[str, str]:
    """The official decides the case open on ``page``: ``verdict``, for
    ``reasons``; returns what the decision and the case's status say (the
    page is kept in the screenshot ``shot``)."""
    decision = send(page, {"#decide-form textarea[name=reasons]": reasons}, "#decide",
                    "#decision", f"#decide-form input[value={verdict}]")  # fmt: skip
    status = str(page.inner_text("#case-status"))
    page.screenshot(path=str(ARTIFACTS / shot), full_page=True)
    return decision, status


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
    statement = {"#claim-form textarea[name=statement]": "Белые не ответили за 20 дней"}
    title = send(keen, statement, "#claim-overstep", "#case-title")
    case_url = keen.url  # type: ignore[attr-defined]
    assert "Заявление о просрочке времени" in title

    slow = sign_in(browser, server, "slow")  # White, the accused, reads English
    slow.goto(case_url)  # type: ignore[attr-defined]
    protest = {"#protest-form textarea": "The start notice reached me late"}
    send(slow, protest, "#protest-form button", "#protest")

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
    decision, status = decide(arbiter, "upheld", "20 дней при норме 10", "case-decided-ru.png")
    assert "удовлетворено" in decision
    assert "решено, можно обжаловать" in status
    keen.goto(game_url)  # type: ignore[attr-defined]
    assert "0-1" in keen.inner_text("#result")  # type: ignore[attr-defined]

    slow.goto(case_url)  # type: ignore[attr-defined]
    send(slow, {"#appeal-form textarea": "The overstep was the post office's"}, "#send-appeal",
         "#appeal")  # fmt: skip

    # The appeal arbiter, in Russian, reverses it: the game goes on.
    judge = sign_in(browser, server, "apl")
    judge.goto(case_url)  # type: ignore[attr-defined]
    assert "на апелляции" in judge.inner_text("#case-status")  # type: ignore[attr-defined]
    reasons = {"#appeal-decision-form textarea": "Извещение о старте пришло с опозданием"}
    decision = send(judge, reasons, "#decide-appeal", "#appeal-decision",
                    "#appeal-decision-form input[value=rejected]")  # fmt: skip
    assert "Решение окончательное" in decision
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
    materials = {
        "#submit-form input[name=move]": "e4",
        "#submit-form textarea[name=reasoning]": "Better development",
        "#submit-form textarea[name=analysis]": "1... e5 2. Nf3",
    }
    submitted = send(white, materials, "#send-materials", "#submissions",
                     "#submit-form input[value=win]")  # fmt: skip
    assert "e4" in submitted

    black = sign_in(browser, server, "ab")  # reads Russian
    black.goto(case_url)  # type: ignore[attr-defined]
    black.check("#submit-form input[value=draw]")  # type: ignore[attr-defined]
    assert black.locator("#submit-form input[name=move]").count() == 0  # type: ignore[attr-defined]
    reasoning = {"#submit-form textarea[name=reasoning]": "Позиция равная"}
    send(black, reasoning, "#send-materials", "#submissions")

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
    decision, status = decide(judge, "draw", "Equal: the engine agrees", "adjudication-en.png")
    assert "Draw" in decision
    assert "open to appeal" in status
