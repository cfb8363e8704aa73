"""The game page's one state banner, and the move form only where a move
would be taken."""

from __future__ import annotations

from datetime import date

import pytest

from cc.app.services import Services
from cc.base.clock import FixedClock
from cc.base.kinds import Door
from cc.kernel.context import Actor
from cc.store.models import Player
from tests.support.cases import overstepped, setup_event
from tests.support.days import at
from tests.support.sites import give_passwords
from tests.support.web import client, csrf_of, sign_in

PASSWORD = "correct-horse"


def passwords(services: Services) -> None:
    give_passwords(services, PASSWORD)


@pytest.fixture
def server_game(services: Services, clock: FixedClock) -> None:
    """The cases event in server play, on 12 May, everyone with a password."""
    at(clock, date(2026, 5, 12))
    setup_event(services, mode="server")
    passwords(services)


def page(services: Services, login: str, lang: str = "en") -> str:
    with services.ctx.db.write() as session:
        player = session.query(Player).filter_by(login=login).one()
        player.lang = lang
    c = sign_in(services, login, PASSWORD)
    r = c.get("/games/1")
    assert r.status_code == 200, r.text
    return r.text


def me(ids: dict[str, int], login: str) -> Actor:
    return Actor.player(ids[login], Door.WEB)


def test_playing_shows_the_days_beside_the_board_and_the_form_to_the_player_to_move(
    services: Services, clock: FixedClock
) -> None:
    at(clock, date(2026, 5, 12))
    setup_event(services)  # 2 moves in 10 days from 10 May
    passwords(services)
    white = page(services, "p1")
    assert 'class="state state-playing"' in white and "Your move (1)" in white
    assert "2 days used, 8 left; the move is due by 2026-05-20." in white
    assert 'id="move-form"' in white
    black = page(services, "p2", "ru")
    assert 'id="move-form"' not in black and "Ожидается ход" in black
    assert "Использовано дней: 2, осталось: 8" in black


def test_before_the_start_no_form_but_the_day_it_starts(
    services: Services, clock: FixedClock
) -> None:
    at(clock, date(2026, 5, 1))
    ids = setup_event(services)  # starts on 10 May
    passwords(services)
    html = page(services, "p1")
    assert "The event starts on 2026-05-10: moves are taken from that day." in html
    assert 'id="move-form"' not in html and 'id="offer-draw"' not in html
    assert services.game_state.state(me(ids, "p1"), 1).kind == "not_started"


def test_suspended_by_a_claim_no_form_and_the_case_named(
    services: Services, clock: FixedClock
) -> None:
    ids = overstepped(services, clock)  # 11 days: over 10
    at(clock, date(2026, 5, 22))
    case = services.cases.file_time_claim(me(ids, "p2"), 1, "White took 11 days")
    passwords(services)
    html = page(services, "p2")  # Black's turn, but the game stands
    assert 'id="suspended"' in html and f'href="/cases/{case.id}"' in html
    assert "Your move" not in html and 'id="move-form"' not in html


def test_on_leave_the_player_to_move_has_no_form_and_the_partner_sees_until_when(
    services: Services, clock: FixedClock
) -> None:
    at(clock, date(2026, 5, 1))
    ids = setup_event(services)
    services.leaves.request(me(ids, "p1"), ids["p1"], date(2026, 5, 11), date(2026, 5, 15))
    at(clock, date(2026, 5, 12))
    passwords(services)
    white = page(services, "p1")
    assert "Player 1 is on leave until 2026-05-15" in white
    assert 'id="move-form"' not in white
    black = page(services, "p2", "ru")
    assert "Player 1 в перерыве до 2026-05-15" in black
    # The boundaries (56.7.4): no move from the first day to the last, a
    # move again the day after; the day before, play as usual.
    for day, kind in (
        (date(2026, 5, 10), "playing"),
        (date(2026, 5, 11), "on_leave"),
        (date(2026, 5, 15), "on_leave"),
        (date(2026, 5, 16), "playing"),
    ):
        at(clock, day)
        state = services.game_state.state(me(ids, "p1"), 1)
        assert (state.kind, state.can_move) == (kind, kind == "playing"), day


def test_over_the_limit_said_with_its_day_and_an_email_player_may_still_move(
    services: Services, clock: FixedClock
) -> None:
    at(clock, date(2026, 5, 1))
    setup_event(services)  # email: the partner may claim; play goes on
    at(clock, date(2026, 5, 22))
    passwords(services)
    html = page(services, "p1")
    assert 'class="state state-over_limit"' in html
    assert "Player 1 has been over the time limit since 2026-05-21." in html
    assert 'id="move-form"' in html


def test_finished_says_the_result_and_its_reason_in_words(
    services: Services, clock: FixedClock
) -> None:
    at(clock, date(2026, 5, 12))
    ids = setup_event(services, mode="server")
    services.games.resign(me(ids, "p1"), 1)
    passwords(services)
    html = page(services, "p2")
    assert '<strong id="result">0-1</strong>' in html and "resignation" in html
    assert 'id="move-form"' not in html and 'id="offer-draw"' not in html
    russian = page(services, "p2", "ru")
    assert "resignation" not in russian and "сдач" in russian


def test_a_leave_to_come_is_planned_not_in_force(services: Services, clock: FixedClock) -> None:
    at(clock, date(2026, 5, 1))
    ids = setup_event(services)
    services.leaves.request(me(ids, "p1"), ids["p1"], date(2026, 5, 18), date(2026, 5, 20))
    passwords(services)
    c = sign_in(services, "p1", PASSWORD)
    html = c.get("/leave").text
    assert '<td class="leave-status">planned</td>' in html
    at(clock, date(2026, 5, 19))
    assert '<td class="leave-status">in force</td>' in c.get("/leave").text


def test_a_missing_game_is_said_without_a_guess_at_its_gender(services: Services) -> None:
    setup_event(services)
    passwords(services)
    page(services, "p1", "ru")  # the player reads Russian
    c = sign_in(services, "p1", PASSWORD)
    html = c.get("/games/999").text
    assert "Партия 999 не найдена." in html and "(а)" not in html


def test_each_action_says_what_it_did_and_accepting_a_draw_is_asked_first(
    services: Services, server_game: None
) -> None:
    white = sign_in(services, "p1", PASSWORD)
    html = white.get("/games/1").text
    token = csrf_of(html)
    r = white.post("/games/1/confirm", data={"move": "e4", "move_number": "1", "csrf_token": token})
    assert r.status_code == 200 and str(r.url).endswith("/games/1?done=sent")
    assert (
        '<p class="flash" id="flash" role="status">Your move is sent to your opponent.</p>'
        in r.text
    )
    # A made-up code says nothing.
    assert 'id="flash"' not in white.get("/games/1?done=<b>hello</b>").text

    page(services, "p2", "ru")  # Black reads Russian
    black = sign_in(services, "p2", PASSWORD)
    html = black.get("/games/1").text
    r = black.post("/games/1/draw", data={"action": "offer", "csrf_token": csrf_of(html)})
    assert "Ваше предложение ничьей отправлено партнёру." in r.text

    html = white.get("/games/1").text
    assert 'id="draw-offer"' in html and 'href="/games/1/accept-draw"' in html
    asked = white.get("/games/1/accept-draw")
    assert "Accept the draw in game 1?" in asked.text and 'id="confirm-accept-draw"' in asked.text
    assert services.queries.game(1).status == "ongoing"  # asking changed nothing
    r = white.post("/games/1/draw", data={"action": "accept", "csrf_token": csrf_of(asked.text)})
    assert "The game is drawn by agreement." in r.text
    assert services.queries.game(1).result == "1/2-1/2"


def test_refusals_are_said_on_the_same_page_without_internal_names(
    services: Services, server_game: None
) -> None:
    page(services, "p1", "ru")
    c = sign_in(services, "p1", PASSWORD)
    token = csrf_of(c.get("/games/1").text)
    r = c.post("/games/1/send", data={"move": "e5", "csrf_token": token})
    assert r.status_code == 422 and 'id="move-error"' in r.text
    assert "rnbqkbnr" not in r.text.split('id="move-error"')[1].split("</p>")[0]
    assert 'data-page-url="/games/1"' in r.text  # the page shows its own address
    r = c.post("/leave", data={"first_day": "2026-05-20", "last_day": "", "csrf_token": token})
    assert r.status_code == 422 and 'id="leave-error"' in r.text
    assert "ГГГГ-ММ-ДД" in r.text and 'value="2026-05-20"' in r.text
    assert "Запрос отклонён" not in r.text
    r = c.post(
        "/leave",
        data={"first_day": "2026-05-20", "last_day": "2026-05-10", "csrf_token": token},
    )
    assert r.status_code == 422 and 'id="leave-error"' in r.text


def test_the_site_has_its_icon(services: Services) -> None:
    c = client(services)
    page_html = c.get("/login").text
    assert '<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">' in page_html
    r = c.get("/favicon.ico", follow_redirects=False)
    assert r.status_code == 301 and r.headers["location"] == "/static/favicon.svg"
    icon = c.get("/static/favicon.svg")
    assert icon.status_code == 200 and icon.text.startswith("<svg")
