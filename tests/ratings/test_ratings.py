"""The server's rating: periods closed by the organiser, Glicko-2 over the
games played in them (33.2), each player's history, the list.

The ratings are checked against the library's own engine fed the same
results directly.
"""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
from datetime import UTC, date, datetime
from pathlib import Path

import pytest
from glicko2 import MatchResult, RatingEngine
from glicko2 import RatingPeriod as EnginePeriod
from glicko2.math.conversions import mu_to_rating, phi_to_rd
from sqlalchemy import select

from cc.accounts.hashing import hash_password
from cc.app.services import Services
from cc.base import errors
from cc.base.clock import FixedClock
from cc.base.kinds import Door
from cc.kernel.context import Actor
from cc.store.models import Game, Player, PlayerRating
from tests.support.events import OPERATOR, make_event
from tests.support.web import client, csrf_of, sign_in

CC = str(Path(sys.executable).parent / "cc")


def games_of(services: Services, code: str) -> list[Game]:
    with services.ctx.db.read() as session:
        return list(
            session.scalars(
                select(Game).join(Game.event).where(Game.event.has(code=code)).order_by(Game.id)
            )
        )


def logins(services: Services) -> dict[int, str]:
    with services.ctx.db.read() as session:
        return {p.id: p.login for p in session.scalars(select(Player))}


def enter(services: Services, game: Game, result: str) -> None:
    """The result as the players give it after a move each: a resignation,
    or a draw agreed."""
    services.games.submit_move(OPERATOR, game.id, "e4", as_player=game.white_id)
    services.games.submit_move(OPERATOR, game.id, "e5", as_player=game.black_id)
    if result == "1-0":
        services.games.resign(OPERATOR, game.id, as_player=game.black_id)
    elif result == "0-1":
        services.games.resign(OPERATOR, game.id, as_player=game.white_id)
    else:
        services.games.offer_draw(OPERATOR, game.id, as_player=game.white_id)
        services.games.accept_draw(OPERATOR, game.id, as_player=game.black_id)


def engine_ratings(
    results: list[tuple[str, str, float]], engine: RatingEngine | None = None
) -> tuple[RatingEngine, dict[str, tuple[float, float, float]]]:
    """What the library computes from the results directly: one period."""
    engine = engine or RatingEngine()
    period = EnginePeriod(id="p")
    for white, black, score in results:
        period.add_match(MatchResult(white, black, score))
    engine.process_period(period)
    return engine, {
        p.id: (mu_to_rating(p.mu), phi_to_rd(p.phi), p.sigma) for p in engine.pool.all()
    }


def server_ratings(services: Services) -> dict[str, tuple[float, float, float]]:
    out = {}
    for row in services.ratings.table().rows:
        history = services.ratings.history(row.login)
        assert history.current is not None
        out[row.login] = history
    return {
        login: (h.rows[-1].rating, h.rows[-1].deviation, h.rows[-1].volatility)
        for login, h in out.items()
    }


Figures = dict[str, tuple[float, float, float]]


def same(ours: Figures, theirs: Figures) -> None:
    assert ours.keys() == theirs.keys()
    for login, (rating, deviation, volatility) in theirs.items():
        # the list shows whole points; the volatility is kept as computed
        assert ours[login][0] == round(rating), login
        assert ours[login][1] == round(deviation), login
        assert ours[login][2] == pytest.approx(volatility, rel=1e-6), login


def test_a_double_round_robin_is_rated_as_the_library_rates_it(
    services: Services, clock: FixedClock
) -> None:
    make_event(services, 10, code="DR", cycles=2)
    games = games_of(services, "DR")
    assert len(games) == 90
    names = logins(services)
    draw = random.Random(23)
    results = []
    for game in games:
        result = draw.choice(["1-0", "0-1", "1/2-1/2"])
        enter(services, game, result)
        score = {"1-0": 1.0, "0-1": 0.0}.get(result, 0.5)
        results.append((names[game.white_id], names[game.black_id], score))
    assert services.ratings.table().rows == []  # nothing rated before a period closes

    closed = services.ratings.close_period(OPERATOR)
    assert (closed.games, closed.players, closed.until) == (90, 10, date(2026, 5, 11))
    engine, expected = engine_ratings(results)
    same(server_ratings(services), expected)
    # The database keeps the exact figures, not only the rounded ones (the
    # library's newcomer starts at a deviation rounded to 349.99995).
    with services.ctx.db.read() as session:
        kept = {names[r.player_id]: r.rating for r in session.scalars(select(PlayerRating))}
    assert kept == pytest.approx({k: v[0] for k, v in expected.items()}, rel=1e-7)

    table = services.ratings.table()
    assert [r.rank for r in table.rows] == list(range(1, 11))
    assert [r.rating for r in table.rows] == sorted((r.rating for r in table.rows), reverse=True)
    assert all(r.games == 18 for r in table.rows)
    assert table.last == (closed.number, date(2026, 5, 11))

    # The next period rates nothing new: everyone only grows less certain,
    # as the library's step 6 has it; the history keeps both periods.
    clock.set(datetime(2026, 6, 1, 9, 0, tzinfo=UTC))
    again = services.ratings.close_period(OPERATOR)
    assert (again.games, again.players) == (0, 10)
    _engine, idle = engine_ratings([], engine)
    same(server_ratings(services), idle)
    history = services.ratings.history(table.rows[0].login)
    assert [(r.until, r.games) for r in history.rows] == [
        (date(2026, 5, 11), 18),
        (date(2026, 6, 1), 0),
    ]
    assert history.rows[0].opponents_average == 1500  # all were unrated before (38.1)
    assert history.rows[1].opponents_average is None


@pytest.mark.parametrize("decision", ["loss", "exclusion"])
def test_games_not_played_change_no_rating(services: Services, decision: str) -> None:
    """A withdrawal decided as lost games (33.2) or as annulled games rates
    only the game actually played, exactly as if the rest never existed."""
    ids = make_event(services, 4, code="WD")
    names = logins(services)
    games = games_of(services, "WD")
    mine = [g for g in games if ids["p1"] in (g.white_id, g.black_id)]
    others = [g for g in games if g not in mine]
    enter(services, mine[0], "1/2-1/2")
    enter(services, others[0], "1-0")
    arbiter = Actor.player(ids["arb"], Door.WEB)
    case = services.cases.open_withdrawal(arbiter, "WD", "wdp1", "Ill health")
    services.cases.decide(arbiter, case.id, decision, "Medical certificate")
    unplayed = {services.queries.game(g.id).result_reason for g in mine[1:]}
    assert unplayed == {"withdrawal"}

    closed = services.ratings.close_period(OPERATOR)
    assert closed.games == 2
    played = [
        (names[g.white_id], names[g.black_id], s) for g, s in ((mine[0], 0.5), (others[0], 1.0))
    ]
    _engine, expected = engine_ratings(played)
    same(server_ratings(services), expected)
    # Whoever played no rated game has no server rating at all.
    assert len(services.ratings.table().rows) == len({p for g in played for p in g[:2]})


def test_a_period_is_closed_by_the_office_only_and_never_backwards(
    services: Services, clock: FixedClock
) -> None:
    ids = make_event(services, 2, code="PB")
    player = Actor.player(ids["p1"], Door.WEB)
    with pytest.raises(errors.NotPermitted):
        services.ratings.close_period(player)
    with pytest.raises(errors.InvalidInput, match="2026-05-12"):
        services.ratings.close_period(OPERATOR, date(2026, 5, 12))
    (game,) = games_of(services, "PB")
    enter(services, game, "1-0")
    # A period that ended before the game finished leaves it to the next one.
    assert services.ratings.close_period(OPERATOR, date(2026, 5, 10)).games == 0
    with pytest.raises(errors.InvalidInput, match="2026-05-10"):
        services.ratings.close_period(OPERATOR, date(2026, 5, 9))
    assert services.ratings.close_period(OPERATOR, date(2026, 5, 11)).games == 1
    # Each game is rated once, and a day is closed once: closing it again
    # would only make everyone less certain.
    with pytest.raises(errors.InvalidInput, match="2026-05-11"):
        services.ratings.close_period(OPERATOR, date(2026, 5, 11))
    with pytest.raises(errors.NotFound):
        services.ratings.history("nobody")


def test_a_player_on_the_federation_list_starts_at_that_rating(services: Services) -> None:
    """A newcomer with a federation rating is rated here from it (with a
    newcomer's deviation), not from 1500; the others from 1500, as the
    library starts them."""
    from glicko2.math.conversions import rating_to_mu

    make_event(services, 3, code="FS")
    with services.ctx.db.write() as session:
        session.scalars(select(Player).where(Player.login == "fsp1")).one().rating = 2200
    names = logins(services)
    results = []
    for game, result in zip(games_of(services, "FS"), ["1-0", "1/2-1/2", "0-1"], strict=True):
        enter(services, game, result)
        score = {"1-0": 1.0, "0-1": 0.0}.get(result, 0.5)
        results.append((names[game.white_id], names[game.black_id], score))
    services.ratings.close_period(OPERATOR)
    engine = RatingEngine()
    engine.pool.get_or_create("fsp1", mu=rating_to_mu(2200))
    _engine, expected = engine_ratings(results, engine)
    same(server_ratings(services), expected)
    history = services.ratings.history("fsp2")
    assert history.rows[0].opponents_average == (2200 + 1500) / 2  # 38.1, before the period


def test_two_officials_closing_the_same_day_at_once_close_it_once(services: Services) -> None:
    import threading

    make_event(services, 2, code="TW")
    (game,) = games_of(services, "TW")
    enter(services, game, "1-0")
    start = threading.Barrier(2)
    outcomes: list[object] = []

    def close() -> None:
        start.wait()
        try:
            outcomes.append(services.ratings.close_period(OPERATOR, date(2026, 5, 11)).games)
        except errors.InvalidInput as refusal:
            outcomes.append(refusal)

    threads = [threading.Thread(target=close) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    closed = [o for o in outcomes if o == 1]
    refused = [o for o in outcomes if isinstance(o, errors.InvalidInput)]
    assert (len(closed), len(refused)) == (1, 1), outcomes
    assert [r.games for r in services.ratings.table().rows] == [1, 1]


# ------------------------------------------------------------------- the doors

PASSWORD = "correct-horse"


def rated_site(services: Services) -> dict[str, int]:
    """Three players with passwords, one of them on the federation's list; an admin."""
    ids = make_event(services, 3, code="RS")
    ids["admin"] = services.players.add(OPERATOR, login="office", name="Office", roles=["admin"])
    with services.ctx.db.write() as session:
        for p in session.scalars(select(Player)):
            p.password_hash = hash_password(PASSWORD)
            if p.login == "rsp1":
                p.name, p.rating, p.country = "Ёлкина Алёна", 2345, "RUS"
            if p.login == "office":
                p.lang = "ru"
    return ids


def test_the_list_and_a_history_are_public_in_both_languages(services: Services) -> None:
    rated_site(services)
    for game, result in zip(games_of(services, "RS"), ["1-0", "1/2-1/2", "0-1"], strict=True):
        enter(services, game, result)
    anon = client(services)
    empty = anon.get("/ratings")
    assert empty.status_code == 200 and "No one is rated yet." in empty.text
    services.ratings.close_period(OPERATOR)

    page = anon.get("/ratings")
    assert page.status_code == 200 and 'id="sign-in"' in page.text
    assert 'name="viewport"' in page.text and 'class="scroll"' in page.text  # phones
    assert page.text.count("data-player=") == 3
    assert "Ёлкина Алёна" in page.text and "2345" in page.text and "(RUS)" in page.text
    assert "after rating period 1, up to 2026-05-11" in page.text and "33.2" in page.text
    ru = anon.get("/ratings", headers={"Accept-Language": "ru"})
    assert "Рейтинги" in ru.text and "Рейтинг федерации" in ru.text
    assert "после рейтингового периода 1, по 2026-05-11" in ru.text

    history = anon.get("/ratings/rsp1")
    assert history.status_code == 200 and "Ёлкина Алёна" in history.text
    assert "Server rating:" in history.text and "Federation rating: 2345." in history.text
    assert history.text.count("data-period=") == 1 and "38.1" in history.text
    assert "1½" in history.text  # a win and a draw
    ru_history = anon.get("/ratings/rsp1", headers={"Accept-Language": "ru"})
    assert "Рейтинг на сервере:" in ru_history.text and "Волатильность" in ru_history.text
    assert re.search(r"<td>0,0\d{4}</td>", ru_history.text)  # a decimal comma
    assert anon.get("/ratings/nobody").status_code == 404
    unrated = anon.get("/ratings/office", headers={"Accept-Language": "ru"})
    assert unrated.status_code == 200 and "Рейтинга на сервере пока нет." in unrated.text


def test_the_office_closes_a_period_with_its_button(services: Services) -> None:
    rated_site(services)
    enter(services, games_of(services, "RS")[0], "1-0")
    anon = client(services).post("/office/ratings/close", follow_redirects=False)
    assert anon.status_code in (303, 401, 403) and services.ratings.table().rows == []
    player = sign_in(services, "rsp1", PASSWORD)
    token = csrf_of(player.get("/ratings").text)
    refused = player.post("/office/ratings/close", data={"csrf_token": token})
    assert refused.status_code == 403 and services.ratings.table().rows == []

    office = sign_in(services, "office", PASSWORD)
    page = office.get("/office")  # in the organiser's own language
    assert 'id="close-period"' in page.text and "Закрыть рейтинговый период" in page.text
    token = csrf_of(page.text)
    late = office.post(
        "/office/ratings/close",
        data={"csrf_token": token, "until": "2026-06-01"},
    )
    assert late.status_code == 422 and "день 2026-06-01 ещё не наступил" in late.text
    done = office.post("/office/ratings/close", data={"csrf_token": token}, follow_redirects=False)
    assert done.status_code == 303 and done.headers["location"] == "/office?done=period_closed"
    after = office.get(done.headers["location"])
    assert "сыгранные в нём партии обсчитаны" in after.text
    assert "Последний рейтинговый период: 1, по 2026-05-11." in after.text
    assert len(services.ratings.table().rows) == 2


def test_the_console_closes_a_period_and_lists_the_ratings(
    services: Services, db_url: str, tmp_path: Path
) -> None:
    ids = rated_site(services)
    game = next(g for g in games_of(services, "RS") if ids["p1"] in (g.white_id, g.black_id))
    enter(services, game, "1/2-1/2")
    env = {**os.environ, "CC_DATABASE_URL": db_url, "CC_HOME": str(tmp_path)}
    env.pop("CC_CONFIG", None)

    def cc(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [CC, *args], env=env, cwd=tmp_path, capture_output=True, text=True, timeout=120
        )

    assert "No one is rated yet." in cc("rating", "list").stdout
    refused = cc("--lang", "ru", "rating", "close-period", "--until", "2099-01-01")
    assert refused.returncode == 1 and "день 2099-01-01 ещё не наступил" in refused.stderr
    closed = cc("rating", "close-period", "--until", "2026-05-11")
    assert closed.returncode == 0, closed.stderr
    assert "rating period 1 closed up to 2026-05-11: 1 games rated, 2 players" in closed.stdout
    ru = cc("--lang", "ru", "rating", "close-period")
    assert "обсчитано партий — 0, игроков — 2" in ru.stdout
    listed = cc("rating", "list").stdout.splitlines()
    # A draw between the federation's 2345 (started there) and a newcomer at 1500.
    assert len(listed) == 2
    assert re.search(r"^ +1 +2140 ±\d+ +1 +2345  rsp1  Ёлкина Алёна$", listed[0]), listed
    assert re.search(r"^ +2 +1705 ±\d+ +1 +—  rsp2  Player 2$", listed[1]), listed
    rows = json.loads(cc("rating", "list", "--json").stdout)["rows"]
    assert "rsp1" in {r["login"] for r in rows} and len(rows) == 2


def test_a_game_in_which_a_player_made_no_move_is_not_rated(services: Services) -> None:
    """Only games actually played are rated (33.2): not one resigned, or
    agreed drawn, before each player made a move."""
    make_event(services, 4, code="NM")
    games = games_of(services, "NM")
    names = logins(services)
    services.games.resign(OPERATOR, games[0].id, as_player=games[0].black_id)  # no move at all
    services.games.submit_move(OPERATOR, games[1].id, "d4", as_player=games[1].white_id)
    services.games.resign(OPERATOR, games[1].id, as_player=games[1].black_id)  # White's only
    enter(services, games[2], "0-1")  # a move each: rated
    closed = services.ratings.close_period(OPERATOR)
    assert closed.games == 1
    _engine, expected = engine_ratings([(names[games[2].white_id], names[games[2].black_id], 0.0)])
    same(server_ratings(services), expected)


def test_the_crosstable_shows_the_ratings_players_are_ranked_by(services: Services) -> None:
    """Beside each name: the federation's rating, else the server's, else a
    dash; in the page, the API's table and both languages."""
    ids = make_event(services, 3, code="RT")
    games = games_of(services, "RT")
    enter(services, games[0], "1-0")
    services.ratings.close_period(OPERATOR)  # rates the first game's two players
    with services.ctx.db.write() as session:
        listed = session.get(Player, ids["p1"])
        assert listed is not None
        listed.rating = 2310  # on the federation's list
    (section,) = services.standings.event("RT")
    server = {r.login: r.rating for r in services.ratings.table().rows}
    names = logins(services)
    p2 = names[ids["p2"]]
    p1, p3 = names[ids["p1"]], names[ids["p3"]]
    expected = {p1: 2310, p2: server.get(p2), p3: server.get(p3)}
    assert section.ratings == expected
    rows = {row["player"]: row["rating"] for row in section.as_dict()["rows"]}  # type: ignore[union-attr]
    assert rows == expected
    c = client(services)
    for lang, heading in (("en", ">Rating<"), ("ru", ">Рейтинг<")):
        page = c.get("/events/RT/crosstable", headers={"Accept-Language": lang}).text
        assert heading in page and ">2310<" in page
