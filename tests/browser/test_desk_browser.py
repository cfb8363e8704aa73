"""An arbiter at their desk in a real Chromium: the desk lists a case due
tomorrow and the games over the limit, and the arbiter decides the case
from there, in Russian, on a phone."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from cc.app.services import Services
from cc.base.clock import FixedClock
from cc.cases.rules import PROTEST_DAYS
from tests.support.browser import ARTIFACTS, PHONE, fits, sign_in
from tests.support.cases import player, setup_event
from tests.support.days import at
from tests.support.desk import sides
from tests.support.in_process import serving
from tests.support.sites import give_passwords

pytest.importorskip("playwright.sync_api")

PASSWORD = "desk-pass-1"
CLAIMED = date(2026, 5, 22)


@pytest.fixture
def backend() -> str:
    """One database is enough to drive the page (the desk's queries run on both
    in test_arbiter_desk)."""
    return "sqlite"


def test_the_arbiter_decides_a_case_from_the_desk(
    services: Services, clock: FixedClock, browser: object
) -> None:
    at(clock, date(2026, 5, 1))
    ids = setup_event(services, 4)
    white, black = sides(services, 1)
    at(clock, date(2026, 5, 21))
    services.games.submit_move(player(ids, white), 1, "e4")  # over the limit of 10 days
    at(clock, CLAIMED)
    services.cases.file_time_claim(player(ids, black), 1, "Белые думали 11 дней")
    at(clock, CLAIMED + timedelta(days=PROTEST_DAYS - 1))  # the protest time ends tomorrow
    give_passwords(services, PASSWORD)

    with serving(services) as base:
        page = sign_in(browser, base, "arb", viewport=PHONE, password=PASSWORD, lands="arbiter")
        page.wait_for_selector("#desk-cases")
        assert page.url == f"{base}/arbiter"
        case_line = page.inner_text("#desk-cases li")
        assert "завтра" in case_line and "Заявление о просрочке" in case_line
        assert page.locator("#desk-over-limit li").count() == 5
        assert page.locator("#desk-suspended li[data-game='1']").count() == 1
        fits(page)
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "arbiter-desk-ru-phone.png"), full_page=True)

        # The accused answers; the arbiter may decide now (56.6.4).
        services.cases.protest(player(ids, white), 1, "Ход был отправлен вовремя")
        page.reload()
        assert "подано" in page.inner_text("#desk-cases li")
        page.click("#desk-cases li a")
        page.wait_for_selector("#decide-form")
        page.check("#decide-form input[value=upheld]")
        page.fill("#decide-form textarea[name=reasons]", "11 дней при норме 10")
        page.click("#decide")
        page.wait_for_selector("#decision, .error")
        assert page.locator("#decision").count(), page.inner_text("main")
        page.goto(f"{base}/arbiter")
        # The case is decided and the game ended: neither waits any more.
        assert page.locator("#desk-cases").count() == 0
        assert page.locator("#desk-suspended").count() == 0
        assert page.locator("#desk-over-limit li").count() == 5
