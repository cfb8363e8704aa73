"""Team events: teams with their boards, paired match by match, ranked by match points.

Three teams of two boards play a single round robin (Art. 26, 31.5); the
table counts match points 2/1/0 and board points (38.7) with the tie-breaks
of 39.3.2, on the pages, in the API, at the console and in the PGN.
"""

from __future__ import annotations

from datetime import date

import pytest
from sqlalchemy import select

from cc.app.services import Services
from cc.base import errors
from cc.base.clock import FixedClock
from cc.store.models import Game
from tests.support.cases import player
from tests.support.days import at
from tests.support.events import OPERATOR, create_event
from tests.support.web import assert_documented, client, token_for

START = date(2026, 5, 10)
LINEUPS = {"Aces": ["a1", "a2"], "Bishops": ["b1", "b2"], "Castles": ["c1", "c2"]}


def setup_teams(services: Services, *, start: bool = True) -> dict[str, int]:
    ids = {
        "arb": services.players.add(
            OPERATOR, login="arb", name="Arbiter", roles=["arbiter"], lang="ru"
        )
    }
    for lineup in LINEUPS.values():
        for login in lineup:
            ids[login] = services.players.add(
                OPERATOR, login=login, name=login.upper(), emails=[f"{login}@example.org"]
            )
    create_event(services, "TEAMS", "Club Teams", START, arbiter="arb")
    for team, lineup in LINEUPS.items():
        services.events.add_team(OPERATOR, "TEAMS", team, lineup)
    if start:
        services.events.start(OPERATOR, "TEAMS")
    return ids


def games_by_pair(services: Services) -> dict[frozenset[str], Game]:
    with services.ctx.db.read() as session:
        games = session.scalars(select(Game).order_by(Game.id)).all()
        for g in games:
            _ = (g.white.login, g.black.login)
        return {frozenset((g.white.login, g.black.login)): g for g in games}


def test_teams_are_paired_match_by_match_with_colours_alternating_by_board(
    services: Services, clock: FixedClock
) -> None:
    at(clock, START)
    setup_teams(services)
    with services.ctx.db.read() as session:
        games = [
            (g.round, g.board, g.white.login, g.black.login)
            for g in session.scalars(select(Game).order_by(Game.round, Game.board))
        ]
    # Berger table for 4 (3 teams and a bye): round 1 2-3, round 2 1-2,
    # round 3 3-1; the team named first has White on board 1, Black on 2.
    assert games == [
        (1, 1, "b1", "c1"),
        (1, 2, "c2", "b2"),
        (2, 1, "a1", "b1"),
        (2, 2, "b2", "a2"),
        (3, 1, "c1", "a1"),
        (3, 2, "a2", "c2"),
    ]
    event = services.queries.event("TEAMS")
    assert event.teams == {"A": LINEUPS}
    assert event.sections["A"] == ["a1", "a2", "b1", "b2", "c1", "c2"]
    pgn = services.queries.pgn([games_by_pair(services)[frozenset(("a1", "b1"))].id])
    assert '[WhiteTeam "Aces"]' in pgn and '[BlackTeam "Bishops"]' in pgn


def test_team_entries_are_checked(services: Services, clock: FixedClock) -> None:
    at(clock, START)
    setup_teams(services, start=False)
    with pytest.raises(errors.Conflict):
        services.events.add_team(OPERATOR, "TEAMS", "Aces", ["arb"])
    with pytest.raises(errors.Conflict):  # a player in two teams
        services.events.add_team(OPERATOR, "TEAMS", "Dragons", ["a1", "x"])
    with pytest.raises(errors.InvalidInput, match="team section"):
        services.events.add_players(OPERATOR, "TEAMS", ["arb"])
    with pytest.raises(errors.InvalidInput, match="arbiter"):
        services.events.add_team(OPERATOR, "TEAMS", "Dragons", ["arb"])
    services.players.add(OPERATOR, login="d1", name="D1")
    services.events.add_team(OPERATOR, "TEAMS", "Dragons", ["d1"])
    with pytest.raises(errors.EventStateError, match="same number of boards"):
        services.events.start(OPERATOR, "TEAMS")
    # A section of individual players takes no teams.
    services.players.add(OPERATOR, login="solo", name="Solo")
    services.events.add_players(OPERATOR, "TEAMS", ["solo"], section="B")
    with pytest.raises(errors.InvalidInput, match="individual players"):
        services.events.add_team(OPERATOR, "TEAMS", "Eagles", ["d1"], section="B")


def test_the_team_table_on_the_page_in_the_api_and_in_the_report(
    services: Services, clock: FixedClock
) -> None:
    at(clock, START)
    ids = setup_teams(services)
    pairs = games_by_pair(services)

    def win(winner: str, loser: str) -> None:
        services.games.resign(player(ids, loser), pairs[frozenset((winner, loser))].id)

    def draw(a: str, b: str) -> None:
        game_id = pairs[frozenset((a, b))].id
        services.games.offer_draw(player(ids, a), game_id)
        services.games.accept_draw(player(ids, b), game_id)

    win("a1", "b1")
    draw("a2", "b2")  # Aces 1½-½ Bishops
    win("b1", "c1")
    win("b2", "c2")  # Bishops 2-0 Castles
    win("c1", "a1")  # Castles-Aces: board 2 still running
    (section,) = services.standings.event("TEAMS")
    assert section.table is None and section.teams is not None and not section.final
    rows = section.teams.table.rows
    # The running match gives board points but no match points yet: Bishops
    # 2 MP and 2½ BP before Aces 2 MP and 1½; Castles 0 MP, 1 BP.
    assert [(r.place_text, r.team, r.match_points, float(r.board_points)) for r in rows] == [
        ("1", "Bishops", 2, 2.5),
        ("2", "Aces", 2, 1.5),
        ("3", "Castles", 0, 1.0),
    ]
    assert [m.text for m in section.teams.table.row("Aces").against("Castles")] == ["0*"]
    win("a2", "c2")  # Aces 1-1 Castles: a drawn match
    (section,) = services.standings.event("TEAMS")
    assert section.final
    assert section.teams is not None
    rows = section.teams.table.rows
    # MP: Aces 2+1 = 3, Bishops 0+2 = 2, Castles 1+0 = 1; BP 2½, 2½, 1.
    assert [(r.place_text, r.team, r.match_points, float(r.board_points)) for r in rows] == [
        ("1", "Aces", 3, 2.5),
        ("2", "Bishops", 2, 2.5),
        ("3", "Castles", 1, 1.0),
    ]
    boards = [(b.board, b.player, b.points_text) for b in section.teams.boards]
    assert boards == [
        (1, "a1", "1/2"),
        (1, "b1", "1/2"),
        (1, "c1", "1/2"),
        (2, "a2", "1½/2"),
        (2, "b2", "1½/2"),
        (2, "c2", "0/2"),
    ]
    text = section.text()
    assert text.splitlines()[1].split()[:2] == ["1", "Aces"]

    api = client(services)
    answer = api.get("/api/v1/events/TEAMS/crosstable", headers=token_for(services, ids["c1"]))
    assert_documented(api, "GET", "/api/v1/events/{code}/crosstable", answer)
    data = answer.json()
    assert data[0]["kind"] == "team" and data[0]["final"]
    aces = data[0]["rows"][0]
    assert (aces["team"], aces["match_points"], aces["board_points"]) == ("Aces", 3, 2.5)
    assert aces["players"] == ["a1", "a2"]
    assert [(m["opponent"], m["text"]) for m in aces["matches"]] == [
        ("Bishops", "1½"),
        ("Castles", "1"),
    ]

    from tests.support.sites import give_passwords
    from tests.support.web import PASSWORD, sign_in

    give_passwords(services, PASSWORD)
    page = sign_in(services, "arb", PASSWORD).get("/events/TEAMS/crosstable")  # in Russian
    assert page.status_code == 200
    assert "Матчевые очки" in page.text and "Очки по доскам" in page.text
    assert page.text.index('data-team="Aces"') < page.text.index('data-team="Castles"')

    report = services.event_report.report(player(ids, "arb"), "TEAMS")
    assert "Aces" in report and '[WhiteTeam "' in report
