"""The public pages and the player's table as a browser client sees them.

Events, an event's games and its crosstable open to anyone, signed in or
not; a game's page, its PGN and the API's game follow the event's
regulations, with no form for whoever does not play in it; "not found" and
"not public yet" are two answers, in both languages. The list of games
marks what waits for the player, and the header counts the games awaiting
their move.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest

from cc.app.services import Services
from cc.base.clock import FixedClock
from tests.support.public_games import play, setup_event, sides, who
from tests.support.sites import give_passwords
from tests.support.web import assert_documented, client, csrf_of, sign_in, token_for

PASSWORD = "correct-horse"


@pytest.fixture
def site(services: Services, clock: FixedClock) -> Services:
    """Event P1 (games public once they end) and P2 (two moves behind)."""
    clock.set(datetime(2026, 5, 10, 9, 0, tzinfo=UTC))
    services.ids = setup_event(services)  # type: ignore[attr-defined]
    services.ids2 = setup_event(services, code="P2", behind=2)  # type: ignore[attr-defined]
    give_passwords(services, PASSWORD)
    clock.set(datetime(2026, 5, 11, 9, 0, tzinfo=UTC))
    return services


def login(site: Services, ids: dict[str, int], name: str) -> str:
    return site.queries.player(ids[name]).login


FORMS = ('id="move-form"', 'id="offer-draw"', 'id="complaint"', 'id="line-form"',
         'id="lines"', 'id="resign"', 'id="claim-form"', 'id="accept-draw"')  # fmt: skip


def test_events_and_crosstables_are_open_to_anyone(site: Services) -> None:
    ids = site.ids  # type: ignore[attr-defined]
    _white, black, _ = sides(site, ids, 1)
    play(site, ids, 1, "e4")
    site.games.resign(who(ids, black), 1)
    anon = client(site)
    events = anon.get("/events")
    assert events.status_code == 200
    assert 'href="/events/P1"' in events.text and 'href="/events/P2"' in events.text
    assert 'id="sign-in"' in events.text
    event = anon.get("/events/P1")
    assert event.status_code == 200 and "Games are shown to the public once they end." in event.text
    # Only the finished game links to its page; the others say "*".
    assert 'href="/games/1"' in event.text and 'href="/games/2"' not in event.text
    assert "resignation" in event.text
    delayed = anon.get("/events/P2")
    assert "shown to the public 2 moves behind" in delayed.text
    table = anon.get("/events/P1/crosstable")
    assert table.status_code == 200 and 'id="sign-in"' in table.text
    assert table.text.count('<a href="/games/1" data-game="1">') == 2  # both players' rows
    assert 'data-game="2"' not in table.text
    p2 = anon.get("/events/P2/crosstable")
    assert p2.text.count("data-game=") == 2 * len(site.queries.games(event="P2"))
    assert anon.get("/events/NOPE").status_code == 404
    assert anon.get("/events/NOPE/crosstable").status_code == 404
    for template, path in (
        ("/api/v1/events", "/api/v1/events"),
        ("/api/v1/events/{code}", "/api/v1/events/P1"),
        ("/api/v1/events/{code}/crosstable", "/api/v1/events/P1/crosstable"),
        ("/api/v1/events/{code}/crosstable", "/api/v1/events/NOPE/crosstable"),
        ("/api/v1/games/{game_id}", "/api/v1/games/1"),
        ("/api/v1/games/{game_id}", "/api/v1/games/2"),
        ("/api/v1/games/{game_id}/ledger", "/api/v1/games/1/ledger"),
    ):
        assert_documented(anon, "GET", template, anon.get(path))
    ru = anon.get("/events/P1", headers={"Accept-Language": "ru"})
    assert "Партии открываются для всех после их окончания." in ru.text


def test_a_game_not_public_yet_is_told_apart_from_a_missing_one(site: Services) -> None:
    ids = site.ids  # type: ignore[attr-defined]
    white, _black, other = sides(site, ids, 1)
    anon = client(site)
    # A visitor is asked to sign in: they may play in it.
    r = anon.get("/games/1", follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == "/login?next=/games/1"
    assert anon.get("/games/1.pgn", follow_redirects=False).status_code == 303
    missing = anon.get("/games/999")
    assert missing.status_code == 404 and "No game 999 here." in missing.text
    c = sign_in(site, login(site, ids, other), PASSWORD)
    refused = c.get("/games/1")
    assert refused.status_code == 403
    assert "Game 1 of event P1 is not public yet" in refused.text
    assert c.get("/games/1.pgn").status_code == 403
    assert c.get("/games/999").status_code == 404
    csrf = csrf_of(c.get("/games").text)
    c.post("/lang", data={"lang": "ru", "csrf_token": csrf, "next": "/games"})
    assert "пока не открыта для всех" in c.get("/games/1").text
    assert "Партия 999 не найдена." in c.get("/games/999").text
    # The arbiter and the appeal arbiter see it.
    for name in ("arb", "apl"):
        assert sign_in(site, login(site, ids, name), PASSWORD).get("/games/1").status_code == 200
    assert sign_in(site, login(site, ids, white), PASSWORD).get("/games/1").status_code == 200


def test_a_finished_game_is_public_with_no_forms(site: Services) -> None:
    ids = site.ids  # type: ignore[attr-defined]
    _white, black, other = sides(site, ids, 1)
    play(site, ids, 1, "e4", "e5")
    site.games.resign(who(ids, black), 1)
    anon = client(site)
    page = anon.get("/games/1")
    assert page.status_code == 200 and 'id="result"' in page.text and "1-0" in page.text
    assert 'id="sign-in"' in page.text and 'id="schedule"' in page.text
    assert 'name="csrf_token"' not in page.text and not [f for f in FORMS if f in page.text]
    assert "live.js" not in page.text
    pgn = anon.get("/games/1.pgn")
    assert pgn.status_code == 200 and '[Result "1-0"]' in pgn.text
    outsider = sign_in(site, login(site, ids, other), PASSWORD)
    page = outsider.get("/games/1")
    assert page.status_code == 200 and not [f for f in FORMS if f in page.text]
    # The confirmation pages are the players' own.
    assert outsider.get("/games/1/resign").status_code == 403
    assert outsider.get("/games/1/accept-draw").status_code == 403


def test_the_public_sees_a_delayed_game_without_its_state(site: Services) -> None:
    ids = site.ids2  # type: ignore[attr-defined]
    g = _game_of(site, "P2")
    white, black, other = sides(site, ids, g)
    play(site, ids, g, "e4", "e5", "Nf3", "Nc6", "Bb5")
    site.games.offer_draw(who(ids, black), g)
    outsider = sign_in(site, login(site, ids, other), PASSWORD)
    for c in (client(site), outsider):
        page = c.get(f"/games/{g}")
        assert page.status_code == 200
        record = re.findall(r'<span class="move" id="ply-(\d+)"[^>]*>([^<]*)</span>', page.text)
        assert record == [("1", "e4")], record
        assert 'id="public-view"' in page.text and "2 moves behind" in page.text
        assert 'id="schedule"' not in page.text and 'id="draw-offer"' not in page.text
        assert 'id="days"' not in page.text
        assert not [f for f in FORMS if f in page.text]
        pgn = c.get(f"/games/{g}.pgn").text
        assert "Nf3" not in pgn and pgn.rstrip().endswith("*")
    # The API: the same view, with a token or none; the schedule is refused.
    api = client(site)
    game = api.get(f"/api/v1/games/{g}").json()
    assert (game["ply_count"], game["moves_behind"], game["result"]) == (1, 2, "*")
    assert game["draw_offer_by"] is None and len(game["moves"]) == 1
    ledger = api.get(f"/api/v1/games/{g}/ledger")
    assert ledger.status_code == 403 and ledger.json()["error"]["code"] == "game_not_public"
    assert "Nf3" not in api.get(f"/api/v1/games/{g}/pgn").text
    mine = api.get(f"/api/v1/games/{g}", headers=token_for(site, ids[white])).json()
    assert mine["ply_count"] == 5 and mine["moves_behind"] is None
    wrong = api.get(f"/api/v1/games/{g}", headers={"Authorization": "Bearer nope"})
    assert wrong.status_code == 401
    hidden = api.get("/api/v1/games/1", headers={"Accept-Language": "ru"})
    assert hidden.status_code == 403 and "пока не открыта" in hidden.json()["error"]["message"]
    assert [e["code"] for e in api.get("/api/v1/events").json()] == ["P1", "P2"]
    event = api.get("/api/v1/events/P2").json()
    assert event["regulations"]["public_moves_behind"] == 2 and event["games"][0]["result"] == "*"
    (section,) = api.get("/api/v1/events/P2/crosstable").json()
    assert section["rows"][0]["games"]


def _game_of(site: Services, code: str) -> int:
    return site.queries.games(event=code)[0].id


def test_my_games_marks_what_waits_and_the_header_counts_it(site: Services) -> None:
    ids = site.ids  # type: ignore[attr-defined]
    me = login(site, ids, "p1")
    rows = site.queries.my_games(ids["p1"])
    as_black = next(r.id for r in rows if r.color == "black")
    as_white = next(r.id for r in rows if r.color == "white")
    # The opponent moves and offers a draw in one game; the other is mine to finish.
    w, _b, _ = sides(site, ids, as_black)
    site.games.submit_move(who(ids, w), as_black, "e4", offer_draw=True)
    c = sign_in(site, me, PASSWORD)
    page = c.get("/games")
    waiting = site.centre.pulse(ids["p1"]).to_move
    assert waiting == 2
    assert re.search(r'id="to-move-count"[^>]*><span class="long">2 to move</span>', page.text)
    assert "<title>(1) 2 to move · My games · Correspondence chess</title>" in page.text
    assert f'href="/games/{as_black}#draw-offer">Draw offered to you' in page.text
    assert re.search(r'id="next-game" href="/games/\d+"', page.text)
    assert "2026-05-11" in page.text  # the opponent's last move
    assert 'id="finished"' not in page.text
    # The other pages carry the count too.
    assert 'id="to-move-count"' in c.get("/events").text
    # A game finished: it moves to its own table, said in words.
    _w2, b2, _ = sides(site, ids, as_white)
    site.games.submit_move(who(ids, "p1"), as_white, "d4")
    site.games.resign(who(ids, b2), as_white)
    page = c.get("/games")
    finished = page.text.split('id="finished"', 1)
    assert len(finished) == 2 and f'data-game="{as_white}" data-outcome="won"' in finished[1]
    assert "You won" in finished[1] and "resignation" in finished[1]
    assert re.search(r'id="to-move-count"[^>]*><span class="long">1 to move</span>', page.text)
    assert f'id="next-game" href="/games/{as_black}"' in page.text
    csrf = csrf_of(page.text)
    c.post("/lang", data={"lang": "ru", "csrf_token": csrf, "next": "/games"})
    ru = c.get("/games").text
    assert "ждут хода: 1" in ru and "Оконченные партии" in ru and "Победа" in ru
    assert "сдача" in ru and "resignation" not in ru
    # The API says the same.
    api = client(site)
    listed = api.get("/api/v1/games", headers=token_for(site, ids["p1"])).json()
    row = next(r for r in listed if r["id"] == as_black)
    assert row["draw_offer_to_me"] and row["waiting"] and row["opponent_last_move_on"]
    assert next(r for r in listed if r["id"] == as_white)["outcome"] == "won"
    pulse = api.get("/api/v1/me/pulse", headers=token_for(site, ids["p1"])).json()
    assert pulse["to_move"] == 1


def test_the_next_game_button_is_absent_when_nothing_waits(site: Services) -> None:
    ids = site.ids  # type: ignore[attr-defined]
    c = sign_in(site, login(site, ids, "p1"), PASSWORD)
    for game in site.queries.my_games(ids["p1"]):
        if game.waiting:
            site.games.submit_move(who(ids, "p1"), game.id, "e4")
    page = c.get("/games")
    assert 'id="next-game"' not in page.text
    assert re.search(r'id="to-move-count"[^>]* hidden>', page.text)
    assert "to move ·" not in page.text.split("</title>")[0]


def test_a_claimable_overstep_links_to_the_claim_form(site: Services, clock: FixedClock) -> None:
    clock.set(datetime(2026, 5, 10, 9, 0, tzinfo=UTC))
    setup_event(site, code="M1", mode="email", control=(2, 10), players=2)
    give_passwords(site, PASSWORD)
    game = _game_of(site, "M1")
    clock.set(datetime(2026, 5, 22, 9, 0, tzinfo=UTC))  # White used 12 days of 10
    black = site.queries.game(game).black
    page = sign_in(site, black, PASSWORD).get("/games")
    assert f'href="/games/{game}#claim-form">Overstep: claim it' in page.text
    assert 'id="claim-form"' in sign_in(site, black, PASSWORD).get(f"/games/{game}").text
