"""A federation's office runs an event in a real Chromium: the organiser (in
Russian, and again in English) invites three players and imports ten from a CSV, creates an email
event with its regulations, opens it for entry; two invited players (one in
English, one in Russian, on phones) choose their passwords from the mailed
links and apply; the organiser accepts them, enters two more, forms two
sections by rating and starts; the players get their games by mail and see
them on the site."""

from __future__ import annotations

import re
from datetime import date
from typing import Any

import pytest

from cc.app.services import Services
from cc.base.clock import FixedClock
from cc.store.models import OutboundMessage
from tests.support.browser import ARTIFACTS, DESKTOP, PHONE, fits, sign_in
from tests.support.events import OPERATOR
from tests.support.in_process import serving
from tests.support.mail import outbox as all_mail
from tests.support.sites import give_passwords

pytest.importorskip("playwright.sync_api")

PASSWORD = "office-pass-1"
LIST = "name,email,lang,rating\n" + "\n".join(
    f"Импорт {i},imp{i}@example.ru,ru,{2000 + 10 * i}" for i in range(10)
)
INVITED = [("Archer", "Alice", "alice@example.org", "en"),
           ("Бойко", "Борис Борисович", "boris@example.ru", "ru"),
           ("Cook", "Carl", "carl@example.org", "en")]  # fmt: skip


@pytest.fixture
def backend() -> str:
    return "sqlite"


def outbox(services: Services, to: str) -> list[OutboundMessage]:
    return [m for m in all_mail(services) if m.to_address == to]


def signed_in_office(browser: object, base: str, viewport: dict[str, int]) -> Any:
    """A page of the organiser ``office``, signed in (their desk opens)."""
    return sign_in(browser, base, "office", viewport=viewport, password=PASSWORD, lands="arbiter")


#: what the organiser reads at each step, in their language
SAYS = {
    "ru": {
        "people": "Люди",
        "invited": "Приглашение отправлено",
        "imported": "добавлено 10",
        "control": "10 ходов за 40 дней",
        "open": "Приём заявок открыт",
    },
    "en": {
        "people": "People",
        "invited": "The invitation is mailed",
        "imported": "10 added",
        "control": "10 moves in 40 days",
        "open": "open for entry",
    },
}


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_an_organiser_runs_entry_to_start_in_the_browser(
    services: Services, clock: FixedClock, browser: object, lang: str
) -> None:
    says = SAYS[lang]
    services.players.add(
        OPERATOR, login="office", name="Ольга Оргкомитет", roles=["admin"], lang=lang
    )
    services.players.add(OPERATOR, login="judge", name="Иван Судья", roles=["arbiter"])
    give_passwords(services, PASSWORD)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with serving(services) as base:
        office = signed_in_office(browser, base, DESKTOP)
        office.click("#nav-office")
        office.click("#people-link")
        assert says["people"] in office.inner_text("h1")
        for surname, given_names, email, invite_lang in INVITED:
            if not office.is_visible("#invite-form"):
                office.click("#invite summary")
            office.fill("#invite-surname", surname)
            office.fill("#invite-given-names", given_names)
            office.fill("#invite-email", email)
            office.select_option("#invite-lang", invite_lang)
            office.click("#send-invite")
            assert says["invited"] in office.inner_text("#flash")
        office.click("#import summary")
        office.fill("#import-text", LIST)
        office.click("#import-send")
        assert says["imported"] in office.inner_text("#import-report")
        assert office.locator("#people tbody tr").count() == 2 + 3 + 10
        office.click("#never-link")
        office.wait_for_url(re.compile(r".*never=1$"))
        office.wait_for_load_state()
        assert office.locator("#people tbody tr").count() == 1 + 3 + 10  # the judge too
        fits(office)
        office.screenshot(path=str(ARTIFACTS / f"office-people-{lang}.png"), full_page=True)

        # The event from the form, then open for entry.
        office.goto(f"{base}/office/events/new")
        office.fill("#f-code", "AUT")
        office.fill("#f-name", "Осенний кубок")
        office.select_option("#f-mode", "email")
        office.fill("#f-start", "2026-06-01")
        office.select_option("#f-arbiter", "judge")
        office.fill("#f-control_days", "40")
        office.check("input[name=no_engines]")
        office.click("#create-event")
        assert says["control"] in office.inner_text("#r-control")
        office.goto(f"{base}/office/events/AUT")
        office.fill("#closes-on", "2026-05-30")
        office.click("#open-entry")
        assert says["open"] in office.inner_text("#flash")

        # Two invited players choose a password from their mail and apply.
        players = {}
        for _surname, _given, email, player_lang in INVITED[:2]:
            [mail] = outbox(services, email)
            link = re.search(r"https?://\S+(/reset/\S+)", mail.body)
            assert link, mail.body
            player = browser.new_context(viewport=PHONE).new_page()  # type: ignore[attr-defined]
            players[player_lang] = player
            player.goto(base + link.group(1))
            player.fill("input[name=password]", "chosen-pass-1")
            player.click("form.stack button[type=submit]")
            player.wait_for_url(re.compile(r".*/login"))
            login = email.split("@")[0]
            player.fill("input[name=login]", login)
            player.fill("input[name=password]", "chosen-pass-1")
            player.click("button[type=submit]")
            player.wait_for_url(re.compile(r".*/games$"))
            player.goto(f"{base}/events/AUT")
            player.click("#apply")
            said = player.inner_text("#entry-state")
            assert ("waiting" in said) if player_lang == "en" else ("ждёт ответа" in said)
            fits(player)
            shot = ARTIFACTS / f"entry-applied-{player_lang}.png"
            player.screenshot(path=str(shot), full_page=True)

        # Accepted, two more entered, two sections by rating, started.
        office.goto(f"{base}/office/events/AUT")
        for login in ("alice", "boris"):
            office.click(f"tr[data-player={login}] button.accept")
        for login in ("imp9", "imp8"):
            office.select_option("#enter-player", login)
            office.click("#enter")
        assert office.locator("#applications tbody tr").count() == 4
        office.fill("#section-size", "2")
        office.click("#form-by-rating")
        assert office.locator("#sections li").count() == 2
        office.click("#start-event")
        office.wait_for_url(re.compile(r".*/arbiter/events/AUT.*"))
        office.screenshot(path=str(ARTIFACTS / f"office-started-{lang}.png"), full_page=True)
        for player_lang, player in players.items():
            player.goto(f"{base}/games")
            assert player.locator("tr[data-game]").count() == 1
            fits(player)
            shot = ARTIFACTS / f"entry-games-{player_lang}.png"
            player.screenshot(path=str(shot), full_page=True)

    # Everyone entered is told: the answer, then the games with their subjects.
    for email in ("alice@example.org", "boris@example.ru", "imp9@example.ru"):
        kinds = [m.kind for m in outbox(services, email)]
        assert kinds[-1] == "start", kinds
        assert (
            "[cc]" in outbox(services, email)[-1].body or "AUT" in outbox(services, email)[-1].body
        )
    assert services.queries.event("AUT").status == "started"
    games = services.queries.my_games(services.queries.player("alice").id)
    assert len(games) == 1  # a section of two: one game
    assert date(2026, 6, 1) == services.queries.event("AUT").start_date


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_event_form_shows_what_the_chosen_system_uses(
    services: Services, browser: object, lang: str
) -> None:
    services.players.add(
        OPERATOR, login="office", name="Ольга Оргкомитет", roles=["admin"], lang=lang
    )
    give_passwords(services, PASSWORD)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    shown = {
        "round_robin": {"#f-cycles"},
        "swiss": {"#f-swiss"},
        "knockout": {"#f-matches"},
        "double_knockout": {"#f-matches", "#f-reset"},
    }
    parts = ("#f-cycles", "#f-swiss", "#f-matches", "#f-reset")
    with serving(services) as base:
        # Russian on a phone, English on a desktop.
        page = signed_in_office(browser, base, PHONE if lang == "ru" else DESKTOP)
        page.goto(f"{base}/office/events/new")
        for system, visible in shown.items():
            page.select_option("#f-system", system)
            for part in parts:
                assert page.is_visible(part) == (part in visible), (system, part)
            fits(page)
            shot = ARTIFACTS / f"event-form-{system}-{lang}.png"
            page.screenshot(path=str(shot), full_page=True)
        # What the chosen system uses is typed in and sent.
        page.select_option("#f-system", "swiss")
        typed = {"code": "SW1", "name": "Швейцарка", "start": "2026-06-01", "rounds": "5"}
        for field, value in typed.items():
            page.fill(f"#f-{field}", value)
        page.click("#create-event")
        page.wait_for_url(re.compile(r".*/events/SW1/regulations\?done=event_created$"))
        said = {"ru": "Швейцарская система, 5 туров", "en": "Swiss system, 5 rounds"}
        assert said[lang] in page.inner_text("main")
    event = services.queries.event("SW1")
    assert (event.system, event.rounds) == ("swiss", 5)
