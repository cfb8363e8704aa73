"""Crosstables and tie-breaks against tables computed by hand (Art. 33, 37-39)."""

from __future__ import annotations

from datetime import date
from fractions import Fraction as F
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from sqlalchemy import select

from cc.app.services import Services
from cc.base.clock import FixedClock
from cc.store.models import Game
from standings import GameRecord, Tiebreak, crosstable
from tests.support.cases import player, setup_event
from tests.support.days import at
from tests.support.web import client, token_for


def g(white: str, black: str, result: str, **kw: bool) -> GameRecord:
    return GameRecord(white, black, result, **kw)


def summary(table: object) -> list[tuple[str, str, str]]:
    return [(r.place_text, r.player, str(r.points)) for r in table.rows]  # type: ignore[attr-defined]


def test_single_round_robin_with_draws_and_a_shared_place() -> None:
    table = crosstable(
        "abcd",
        [
            g("a", "b", "1-0"),
            g("a", "c", "1/2-1/2"),
            g("a", "d", "1-0"),
            g("b", "c", "1-0"),
            g("b", "d", "1/2-1/2"),
            g("c", "d", "0-1"),
        ],
    )
    assert summary(table) == [("1", "a", "5/2"), ("2-3", "b", "3/2"), ("2-3", "d", "3/2"),
                              ("4", "c", "1/2")]  # fmt: skip
    # SB 38.6.1: a beat b (1½) and d (1½), drew c (½ of ½).
    assert table.row("a").tiebreaks == {"head_to_head": 0, "wins": 2, "sonneborn_berger": F(13, 4),
                                        "koya": 2}  # fmt: skip
    # b and d drew their game and beat c; Koya counts a, b, d (1½ of 3 or more).
    for p in "bd":
        assert table.row(p).tiebreaks == {"head_to_head": F(1, 2), "wins": 1,
                                          "sonneborn_berger": F(5, 4), "koya": F(1, 2)}  # fmt: skip
    assert [str(c) for c in table.row("c").cells["a"]] == ["½"]
    text = table.text({"a": "Alpha"})
    assert "Alpha" in text and "2-3" in text and "2½" in text


def test_double_round_robin_sonneborn_berger() -> None:
    table = crosstable(
        "abc",
        [
            g("a", "b", "1-0"),
            g("b", "a", "1/2-1/2"),
            g("a", "c", "1-0"),
            g("c", "a", "0-1"),
            g("b", "c", "1/2-1/2"),
            g("c", "b", "1-0"),
        ],
        tiebreaks=["sonneborn_berger", "black"],
    )
    assert summary(table) == [("1", "a", "7/2"), ("2", "c", "3/2"), ("3", "b", "1")]
    # 38.6.2: points against each opponent times the opponent's score.
    sb = {r.player: r.tiebreaks["sonneborn_berger"] for r in table.rows}
    assert sb == {"a": F(9, 2), "b": F(5, 2), "c": F(3, 2)}
    assert {r.player: r.tiebreaks["black"] for r in table.rows} == {"a": 2, "b": 2, "c": 2}
    assert [str(c) for c in table.row("a").cells["b"]] == ["1", "½"]


PLAYED = [
    g("a", "b", "1-0"),
    g("a", "c", "1-0"),
    g("a", "d", "1/2-1/2"),
    g("b", "c", "1/2-1/2"),
    g("b", "d", "1-0"),
    g("c", "d", "1/2-1/2"),
]


def test_a_withdrawal_below_half_is_shown_but_not_counted() -> None:
    games = [
        *PLAYED,
        g("e", "a", "1-0"),  # e's only finished game
        g("b", "e", "1-0", played=False),
        g("e", "c", "0-1", played=False),
        g("d", "e", "1-0", played=False),
    ]
    table = crosstable("abcde", games, withdrawn=["e"])
    # c and d on 1 drew each other and won nothing; d drew a (2½), c drew b (1½):
    # Sonneborn-Berger 1¾ against 1¼.
    assert summary(table) == [("1", "a", "5/2"), ("2", "b", "3/2"), ("3", "d", "1"),
                              ("4", "c", "1"), ("5", "e", "0")]  # fmt: skip
    assert table.row("d").tiebreaks["sonneborn_berger"] == F(7, 4)
    e = table.row("e")
    assert e.not_counted and e.withdrawn
    assert [str(c) for c in table.row("a").cells["e"]] == ["(0)"]
    assert [str(c) for c in table.row("b").cells["e"]] == ["(+)"]
    assert [str(c) for c in e.cells["b"]] == ["(-)"]


def test_a_withdrawal_at_half_or_more_counts_with_unplayed_wins() -> None:
    games = [
        *PLAYED,
        g("e", "a", "1-0"),
        g("b", "e", "1-0"),
        g("e", "c", "0-1", played=False),
        g("d", "e", "1-0", played=False),
    ]
    table = crosstable("abcde", games, withdrawn=["e"])
    # a and b on 2½: a beat b head to head; c and d on 2: nothing separates them.
    assert summary(table) == [("1", "a", "5/2"), ("2", "b", "5/2"), ("3-4", "c", "2"),
                              ("3-4", "d", "2"), ("5", "e", "1")]  # fmt: skip
    for p in "cd":
        assert table.row(p).tiebreaks == {"head_to_head": F(1, 2), "wins": 1,
                                          "sonneborn_berger": F(13, 4), "koya": 1}  # fmt: skip
    assert [str(c) for c in table.row("c").cells["e"]] == ["+"]
    assert [str(c) for c in table.row("e").cells["c"]] == ["-"]
    assert not table.row("e").not_counted


def test_annulled_games_never_count() -> None:
    table = crosstable(
        "abc",
        [g("a", "b", "1-0"), g("a", "c", "*", annulled=True), g("c", "b", "*", annulled=True)],
        withdrawn=["c"],
    )
    assert [str(x) for x in table.row("a").cells["c"]] == ["(+)"]
    assert table.row("c").not_counted and table.row("a").points == 1


def test_bad_input_is_named() -> None:
    with pytest.raises(ValueError, match="'2-0' is not a game result"):
        g("a", "b", "2-0")
    with pytest.raises(ValueError, match="not in the section"):
        crosstable("ab", [g("a", "z", "1-0")])


@given(st.lists(st.sampled_from(["1-0", "0-1", "1/2-1/2", "*"]), min_size=10, max_size=10))
def test_points_add_up_to_the_games_decided(results: list[str]) -> None:
    players = "abcde"
    games = [g(w, b, r) for (w, b), r in zip(combinations(players, 2), results, strict=True)]
    table = crosstable(players, games, tiebreaks=list(Tiebreak))
    decided = sum(r != "*" for r in results)
    assert sum(r.points for r in table.rows) == decided
    places = [r.place for r in table.rows]
    assert places == sorted(places) and places[0] == 1


def test_an_event_s_crosstable_from_its_games(services: Services, clock: FixedClock) -> None:
    """The service reads results, unplayed wins and a withdrawal from the games."""
    at(clock, date(2026, 5, 11))
    ids = setup_event(services, 4, mode="server", control=None)
    with services.ctx.db.read() as session:
        pairs = {
            frozenset((g.white.login, g.black.login)): g.id for g in session.scalars(select(Game))
        }

    def lose(loser: str, winner: str) -> None:
        services.games.resign(player(ids, loser), pairs[frozenset((loser, winner))])

    def draw(a: str, b: str) -> None:
        game_id = pairs[frozenset((a, b))]
        services.games.offer_draw(player(ids, a), game_id)
        services.games.accept_draw(player(ids, b), game_id)

    lose("p2", "p1")
    draw("p1", "p3")
    lose("p3", "p2")
    draw("p2", "p4")
    lose("p3", "p4")
    # p1-p4 is still running: the table is provisional and shows it "*".
    (section,) = services.standings.event("C1")
    assert not section.final and section.unfinished == 1
    # p1, p2, p4 on 1½; not all met, so head-to-head does not separate them;
    # one win each; Sonneborn-Berger 1¾ (p1), 1¼, 1¼; Koya ½ and ½.
    assert summary(section.table) == [("1", "p1", "3/2"), ("2-3", "p2", "3/2"),
                                      ("2-3", "p4", "3/2"), ("4", "p3", "1/2")]  # fmt: skip
    assert [str(c) for c in section.table.row("p1").cells["p4"]] == ["*"]
    # p4 withdraws, losing the last game: 2 of 3 finished, so the results count.
    case = services.cases.open_withdrawal(player(ids, "arb"), "C1", "p4", "Left")
    services.cases.decide(player(ids, "arb"), case.id, "loss", "Gone")
    (section,) = services.standings.event("C1")
    assert section.final
    assert [str(c) for c in section.table.row("p1").cells["p4"]] == ["+"]
    p4 = section.table.row("p4")
    assert p4.withdrawn and not p4.not_counted
    assert summary(section.table)[0] == ("1", "p1", "5/2")
    api = client(services)
    data = api.get("/api/v1/events/C1/crosstable", headers=token_for(services, ids["p3"])).json()
    assert data[0]["final"] and data[0]["rows"][0]["player"] == "p1"
    assert data[0]["rows"][0]["cells"]["p4"] == ["+"]
    assert "Player 1" in section.text()
    from tests.support.sites import give_passwords
    from tests.support.web import PASSWORD, sign_in

    give_passwords(services, PASSWORD)
    page = sign_in(services, "arb", PASSWORD).get("/events/C1/crosstable")  # in Russian
    assert page.status_code == 200 and "Зонненборн-Бергер" in page.text
    assert page.text.index('data-player="p1"') < page.text.index('data-player="p3"')
    assert "(выбыл)" in page.text


def test_team_round_robin_match_and_board_points() -> None:
    from standings.teams import team_table

    teams = ["A", "B", "C"]
    players = {f"{t.lower()}{b}": t for t in teams for b in (1, 2)}
    games = [
        # A 1½ - ½ B: A wins the match
        g("a1", "b1", "1-0"),
        g("b2", "a2", "1/2-1/2"),
        # A 1 - 1 C: drawn
        g("a1", "c1", "0-1"),
        g("c2", "a2", "0-1"),
        # B 2 - 0 C
        g("b1", "c1", "1-0"),
        g("c2", "b2", "0-1"),
    ]
    rows = team_table(teams, players, games).rows
    # Match points: A 2+1 = 3, B 0+2 = 2, C 1+0 = 1; board points 2½, 2½, 1.
    assert [(r.team, r.match_points, r.board_points) for r in rows] == [
        ("A", 3, F(5, 2)),
        ("B", 2, F(5, 2)),
        ("C", 1, F(1)),
    ]
    # Team Sonneborn-Berger (38.6.2): A: 1½x2 (B) + 1x1 (C) = 4; B: ½x3 + 2x1 = 3½;
    # C: 1x3 (A) + 0x2 (B) = 3.
    assert {r.team: r.sonneborn_berger for r in rows} == {"A": 4, "B": F(7, 2), "C": 3}
    with pytest.raises(ValueError, match="same team"):
        team_table(teams, players, [g("a1", "a2", "1-0")])


def match(a: str, b: str, rnd: int, first: str, second: str, **kw: bool) -> list[GameRecord]:
    """Two boards of a match: ``a`` has White on board 1, ``b`` on board 2."""
    return [
        GameRecord(f"{a}1", f"{b}1", first, round=rnd, **kw),
        GameRecord(f"{b}2", f"{a}2", second, round=rnd, **kw),
    ]


def test_team_head_to_head_separates_teams_equal_on_match_and_board_points() -> None:
    from standings.teams import team_table

    teams = ["A", "B", "C", "D"]
    players = {f"{t.lower()}{b}": t for t in teams for b in (1, 2)}
    games = [
        *match("a", "b", 1, "1-0", "1/2-1/2"),  # A 1½-½ B
        *match("c", "d", 1, "1/2-1/2", "1/2-1/2"),  # C 1-1 D
        *match("a", "c", 2, "1-0", "1-0"),  # A 1-1 C
        *match("b", "d", 2, "1/2-1/2", "1/2-1/2"),  # B 1-1 D
        *match("a", "d", 3, "0-1", "1/2-1/2"),  # A ½-1½ D
        *match("b", "c", 3, "1-0", "1/2-1/2"),  # B 1½-½ C
    ]
    table = team_table(teams, players, games)
    # MP: A 2+1+0 = 3, B 0+1+2 = 3, C 1+1+0 = 2, D 1+1+2 = 4; BP: A 3, B 3, C 2½, D 3½.
    assert [(r.place_text, r.team, r.match_points, r.board_points) for r in table.rows] == [
        ("1", "D", 4, F(7, 2)),
        ("2", "A", 3, F(3)),
        ("3", "B", 3, F(3)),
        ("4", "C", 2, F(5, 2)),
    ]
    assert table.row("A").tiebreaks["head_to_head"] == 2
    assert table.row("B").tiebreaks["head_to_head"] == 0
    # Board points first (38.7.2) puts D first, then A and B still split by head-to-head.
    by_board = team_table(teams, players, games, order=["board_points", "head_to_head"])
    assert [r.team for r in by_board.rows] == ["D", "A", "B", "C"]
    # Without head-to-head A and B share the place.
    shared = team_table(teams, players, games, order=["match_points", "board_points"])
    assert [(r.place_text, r.team) for r in shared.rows][1:3] == [("2-3", "A"), ("2-3", "B")]
    text = table.text()
    assert text.splitlines()[1].split()[:2] == ["1", "D"]
    assert "1½" in text.splitlines()[2]


def test_team_double_round_unfinished_and_unplayed_matches() -> None:
    from standings.teams import team_table

    players = {f"{t.lower()}{b}": t for t in "AB" for b in (1, 2)}
    # Two cycles: A wins the first match 2-0, B the second 1½-½.
    games = [*match("a", "b", 1, "1-0", "0-1"), *match("b", "a", 2, "1-0", "1/2-1/2")]
    table = team_table(["A", "B"], players, games)
    a = table.row("A")
    assert [(m.round, m.board_points, m.match_points) for m in a.matches] == [
        (1, 2, 2),
        (2, F(1, 2), 0),
    ]
    assert (a.match_points, a.board_points, table.row("B").match_points) == (2, F(5, 2), 2)
    assert table.rows[0].team == "A"  # equal match points, more board points

    # A match with a board still running gives board points but no match points.
    running = team_table(["A", "B"], players, match("a", "b", 1, "1-0", "*"))
    assert (running.row("A").match_points, running.row("A").board_points) == (0, 1)
    assert running.row("A").matches[0].text == "1*"
    # A match none of whose games was played is marked so (33.3).
    forfeited = team_table(["A", "B"], players, match("a", "b", 1, "1-0", "0-1", played=False))
    assert forfeited.row("A").matches[0].text == "+2"
    assert forfeited.row("B").matches[0].text == "-0"
    assert forfeited.row("A").match_points == 2
    with pytest.raises(ValueError, match="not_a_tiebreak"):
        team_table(["A", "B"], players, games, order=["not_a_tiebreak"])
