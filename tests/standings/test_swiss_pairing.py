"""The Swiss system's pairings and tie-breaks, checked by hand (Art. 26, 31.7,
37, 38, 39.3.3-39.3.4; the Dutch system of FIDE C.04.3 in essence).

Sixteen players, numbered 1-16 by rating (``standings.swiss.starting_order``).
Each round's expected pairings below were worked out by hand from the rules
in the module docstring of :mod:`standings.swiss`, step by step:

- score groups top down, each ordered by starting number; S1 the upper half,
  S2 the lower half; S1[i] meets S2[i];
- a pair that met before is not made: S2 is transposed (its lowest players
  first) until the bracket pairs;
- fewer colour clashes (both players wanting the same colour) count more
  than the order, so a transposition or an exchange between the halves is
  made when it leaves fewer clashes;
- an odd group sends its lowest player down (or whoever else the colours
  require), who meets the highest player of the next group he has not met;
- colours: preferences from the colours so far (mild: the other colour than
  last time; strong: the colour difference is 1; absolute: 2, or the same
  colour twice running); in a clash the stronger preference wins, then the
  colours alternate from the last round the two had different colours, then
  the higher-ranked player (score, then number) has his way; in round 1 the
  higher-ranked player has White on odd boards, Black on even ones.
"""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from standings.dutch import PairingError, pair
from standings.dutch_players import BLACK, WHITE, Entrant, Round, preference
from standings.swiss import (
    SWISS_TIEBREAKS,
    SWISS_TIEBREAKS_CLOSE,
    SwissEntrant,
    SwissGame,
    SwissTable,
    SwissTiebreak,
    starting_order,
    swiss_table,
    virtual_opponent,
)

#: (name, rating): one unrated, two on equal rating (then by name)
ENTRANTS = [
    ("Ivanov", 2450),
    ("Petrov", 2420),
    ("Sidorov", 2400),
    ("Abramov", 2380),
    ("Kuznetsov", 2380),
    ("Smirnov", 2350),
    ("Popov", 2330),
    ("Vasiliev", 2300),
    ("Novikov", 2280),
    ("Fedorov", 2250),
    ("Morozov", 2230),
    ("Volkov", 2200),
    ("Alekseev", 2180),
    ("Lebedev", 2150),
    ("Semenov", 2100),
    ("Egorov", None),
]


def test_the_starting_order_is_by_rating_then_name_the_unrated_last() -> None:
    shuffled = list(reversed(ENTRANTS))
    assert starting_order([(name, rating, name) for name, rating in shuffled]) == [
        name for name, _ in ENTRANTS
    ]
    # Abramov before Kuznetsov on equal rating; Egorov unrated at the bottom.


# Each round: (white, black, result) by starting number, in board order.
ROUND_1 = [
    # one score group of 16: S1 = 1-8, S2 = 9-16; 1 meets 9, 2 meets 10 ...
    # With no colours yet, the higher-ranked player has White on odd boards.
    (1, 9, "1-0"),
    (10, 2, "0-1"),
    (3, 11, "1/2-1/2"),
    (12, 4, "0-1"),
    (5, 13, "1-0"),
    (14, 6, "1-0"),
    (7, 15, "1-0"),
    (16, 8, "1/2-1/2"),
]

ROUND_2 = [
    # 1 point: 1 2 4 5 7 14. S1 = 1 2 4, S2 = 5 7 14: 1-5, 2-7, 4-14. All of S2
    # had White and 1 too, so 1 clashes with whoever he meets (one clash is
    # unavoidable: four want Black, two White): the plain order stands.
    # 1-5: both had White in round 1 and never differed, so the
    # higher-ranked, 1, gets the Black he wants.
    (5, 1, "0-1"),
    (2, 7, "1-0"),
    (4, 14, "1/2-1/2"),
    # ½ point: 3 8 11 16. 3-11 and 8-16 met in round 1; the transposition
    # 3-16, 8-11 clashes twice (3 and 16 want Black, 8 and 11 White); the
    # exchange between the halves, 3-8 and 11-16, clashes nowhere: made.
    (8, 3, "0-1"),
    (11, 16, "1/2-1/2"),
    # 0 points: 6 9 10 12 13 15. S1 = 6 9 10, S2 = 12 13 15: 6-12, 9-13,
    # 10-15; 9-13 clash (both want White; four want White, two Black, so one
    # clash at least); same colours in round 1, so 9, the higher, has White.
    (6, 12, "1-0"),
    (9, 13, "1-0"),
    (15, 10, "1/2-1/2"),
]

ROUND_3 = [
    # 2 points: 1 (wants White) and 2 (Black).
    (1, 2, "1/2-1/2"),
    # 1½: 3 4 14, odd. S1 = 3, S2 = 4 14: 3-4 without a clash; 14 floats.
    (3, 4, "1-0"),
    # 1 point: 14 floats in and meets the group's highest, 5 (14 wants
    # White, 5 absolutely Black after two Whites). The rest, 6 7 9 11 16, is
    # odd: S1 = 6 7, S2 = 9 11 16. 6-9 clashes (both Black after White); the
    # first transposition without a clash is S2 = 16 9 11: 6-16 and 7-9,
    # and 11 floats down.
    (14, 5, "0-1"),
    (16, 6, "1-0"),
    (7, 9, "1/2-1/2"),
    # ½ point: 11 floats in; his first choice, 8, would leave 10-15, who met
    # in round 2, so he meets 10, and 8-15 (a clash: both Black last, both
    # White before; 8 the higher takes Black).
    (10, 11, "0-1"),
    (15, 8, "0-1"),
    # 0 points: 12-13; 13's absolute preference (two Blacks) beats 12's mild.
    (13, 12, "1/2-1/2"),
]

ROUND_4 = [
    # 2½: 1 2 3, odd. 1-2 met; 1-3 would clash (both strongly want Black,
    # two Whites to one), 2-3 does not: 2-3, and the top seed 1 floats.
    (2, 3, "1/2-1/2"),
    # 2 points: 1 floats in; 5, the highest, met him in round 2, so 1 meets
    # 11; 5-16 both strongly want Black: they differed last in round 3 (5
    # Black, 16 White), so they alternate: 5 White.
    (11, 1, "0-1"),
    (5, 16, "1/2-1/2"),
    # 1½: 4 7 8 9 14, odd; 1 point holds only 6, who met 14. S1 = 4 7,
    # S2 = 8 9 14: 7-9 met, 4-14 met; the transpositions that pair clash
    # (4 8 9 want White, 7 14 Black). The first exchange, 7 for 8, with S2
    # = 7 14 9, pairs 4-7 and 8-14 without a clash, and 9 floats to meet 6.
    (4, 7, "1-0"),
    (8, 14, "0-1"),
    # 9-6: both strongly want White and had the same colours every round:
    # 9, the higher-ranked (more points), has White.
    (9, 6, "1/2-1/2"),
    # ½ point: 10 12 13 15: S1 = 10 12, S2 = 13 15, no clash.
    (13, 10, "1-0"),
    (12, 15, "0-1"),
]

ROUNDS = [ROUND_1, ROUND_2, ROUND_3, ROUND_4]
_POINTS = {"1-0": (F(1), F(0)), "0-1": (F(0), F(1)), "1/2-1/2": (F(1, 2), F(1, 2))}


def records_after(rounds: list[list[tuple[int, int, str]]]) -> dict[int, list[Round]]:
    """Each player's rounds after the rounds given."""
    record: dict[int, list[Round]] = {n: [] for n in range(1, 17)}
    for games in rounds:
        for white, black, result in games:
            ws, bs = _POINTS[result]
            record[white].append(Round(str(black), WHITE, ws, played=True))
            record[black].append(Round(str(white), BLACK, bs, played=True))
    return record


def entrants_after(rounds: list[list[tuple[int, int, str]]]) -> list[Entrant]:
    """The players as the pairing sees them after the rounds given."""
    record = records_after(rounds)
    return [Entrant(str(n), n, rounds=tuple(record[n])) for n in range(1, 17)]


@pytest.mark.parametrize("number", [1, 2, 3, 4])
def test_each_round_is_paired_as_worked_out_by_hand(number: int) -> None:
    # bbpPairings, the FIDE-endorsed program, pairs each round the same way.
    pairing = pair(entrants_after(ROUNDS[: number - 1]), rounds=5)
    assert pairing.bye is None
    got = [(int(p.white), int(p.black)) for p in pairing.pairs]
    assert got == [(w, b) for w, b, _ in ROUNDS[number - 1]]
    assert [p.board for p in pairing.pairs] == list(range(1, 9))


def test_colour_preferences_after_three_rounds() -> None:
    record = records_after(ROUNDS[:3])
    assert preference(record[5]) == preference([*record[5]])
    assert [r.colour for r in record[5]] == ["W", "W", "B"]
    assert preference(record[5]).colour == "B"  # strong: one White more
    assert preference(record[5]).strength == "strong"
    assert preference(record[12]).strength == "absolute"  # W B B: two Blacks running
    assert preference(record[15]).colour == "B"  # B W W
    assert preference(record[1][:1]) == preference([Round("9", WHITE, played=True)])
    assert preference([]).strength == "none"


def test_nobody_meets_twice_and_colours_stay_within_two() -> None:
    pairing = pair(entrants_after(ROUNDS), rounds=5)  # round 5 too
    seen = set()
    for games in [*ROUNDS, [(int(p.white), int(p.black), "*") for p in pairing.pairs]]:
        for white, black, _ in games:
            assert frozenset((white, black)) not in seen
            seen.add(frozenset((white, black)))
    colours = {n: "".join(r.colour or "" for r in rs) for n, rs in records_after(ROUNDS).items()}
    for p in pairing.pairs:
        colours[int(p.white)] += "W"
        colours[int(p.black)] += "B"
    for played in colours.values():
        assert abs(played.count("W") - played.count("B")) <= 2
        assert "WWW" not in played and "BBB" not in played


def test_an_odd_number_gives_the_lowest_ranked_of_the_lowest_group_the_bye_once() -> None:
    # Fifteen players: round 1's bye goes to 15, the lowest-ranked of the one
    # score group.
    fifteen = [Entrant(str(n), n) for n in range(1, 16)]
    first = pair(fifteen, rounds=5)
    assert first.bye == "15"
    assert [(p.white, p.black) for p in first.pairs][:2] == [("1", "8"), ("9", "2")]
    # Round 2: the higher-ranked won every game; 15 had the bye. The lowest
    # group's lowest-ranked who has not had a bye takes it: 14.
    record: dict[str, list[Round]] = {e.id: [] for e in fifteen}
    for p in first.pairs:
        w, b = int(p.white), int(p.black)
        record[p.white].append(Round(p.black, WHITE, F(int(w < b)), played=True))
        record[p.black].append(Round(p.white, BLACK, F(int(b < w)), played=True))
    record["15"].append(Round(points=F(1), bye=True))
    after = [Entrant(e.id, e.number, rounds=tuple(record[e.id])) for e in fifteen]
    second = pair(after, rounds=5)
    assert second.bye == "14"
    # A player who won without playing (a forfeit) cannot have the bye (C2).
    record["14"][0] = Round("7", None, F(1))
    forfeit = [Entrant(e.id, e.number, rounds=tuple(record[e.id])) for e in fifteen]
    assert pair(forfeit, rounds=5).bye not in ("14", "15", None)
    # A withdrawn player is not paired again (33.2).
    gone = [Entrant(e.id, e.number, absent=e.id == "1") for e in fifteen]
    second = pair(gone, rounds=5)
    assert second.bye is None
    assert all("1" not in (p.white, p.black) for p in second.pairs)


def test_two_who_met_are_not_paired_again() -> None:
    met = [
        Entrant("a", 1, rounds=(Round("b", WHITE, F(1), played=True),)),
        Entrant("b", 2, rounds=(Round("a", BLACK, F(0), played=True),)),
    ]
    with pytest.raises(PairingError, match="repeat"):
        pair(met, rounds=2)
    # a game lost by default was not played: they may meet (C.04.1)
    forfeited = [
        Entrant("a", 1, rounds=(Round("b", None, F(1)),)),
        Entrant("b", 2, rounds=(Round("a", None, F(0)),)),
    ]
    assert [(p.white, p.black) for p in pair(forfeited, rounds=2).pairs] == [("a", "b")]


# ------------------------------------------------------------ tie-breaks


def table_after_four(order: tuple[SwissTiebreak, ...]) -> SwissTable:
    return swiss_table(
        [SwissEntrant(str(n), n, ENTRANTS[n - 1][1]) for n in range(1, 17)],
        [
            SwissGame(r, str(w), str(b), result)
            for r, games in enumerate(ROUNDS, start=1)
            for w, b, result in games
        ],
        tiebreaks=order,
    )


# Rounds 1-4 player by player (opponent, colour, result), all games played:
#  1: 9w1 5b1 2w½ 11b1  3½     9: 1b0 13w1 7b½ 6w½  2
#  2: 10b1 7w1 1b½ 3w½  3     10: 2w0 15b½ 11w0 13b0  ½
#  3: 11w½ 8b1 4w1 2b½  3     11: 3b½ 16w½ 10b1 1w0  2
#  4: 12b1 14w½ 3b0 7w1  2½   12: 4w0 6b0 13b½ 15w0  ½
#  5: 13w1 1w0 14b1 16w½  2½  13: 5b0 9b0 12w½ 10w1  1½
#  6: 14b0 12w1 16b0 9b½  1½  14: 6w1 4b½ 5w0 8b1  2½
#  7: 15w1 2b0 9w½ 4b0  1½    15: 7b0 10w½ 8w0 12b1  1½
#  8: 16b½ 3w0 15b1 14w0  1½  16: 8w½ 11b½ 6w1 5b½  2½
# Buchholz (the opponents' scores; nobody has an unplayed game):
#  1: 2 + 2½ + 3 + 2 = 9½, cut-1 7½ (less 2), median-1 4½ (less 3 and 2)
#  2: ½ + 1½ + 3½ + 3 = 8½, cut-1 8;   3: 2 + 1½ + 2½ + 3 = 9, cut-1 7½
#  4: ½ + 2½ + 3 + 1½ = 7½, cut-1 7;   5: 1½ + 3½ + 2½ + 2½ = 10, cut-1 8½
# 14: 1½ + 2½ + 2½ + 1½ = 8, cut-1 6½; 16: 1½ + 2 + 1½ + 2½ = 7½, cut-1 6


def test_standings_and_tie_breaks_after_four_rounds_by_hand() -> None:
    table = table_after_four(SWISS_TIEBREAKS)  # 39.3.4
    assert [(r.place_text, r.player, r.points) for r in table.rows[:9]] == [
        ("1", "1", F(7, 2)),
        # 2 and 3 drew each other (head-to-head ½ each), won 2 games each,
        # had Black twice each: Buchholz cut-1, 8 against 7½.
        ("2", "2", F(3)),
        ("3", "3", F(3)),
        # 4, 5, 14, 16 on 2½ did not all meet (head-to-head 0 each). Wins:
        # 4 two (12, 7), 5 two (13, 14), 14 two (6, 8), 16 one (6). Black:
        # 4 two (rounds 1, 3), 14 two (2, 4), 5 one (3). Cut-1: 4 7, 14 6½.
        ("4", "4", F(5, 2)),
        ("5", "14", F(5, 2)),
        ("6", "5", F(5, 2)),
        ("7", "16", F(5, 2)),
        # 9 and 11 did not meet; one win each; Black twice each (rounds 1
        # and 3); cut-1: 11 (3 3, 16 2½, 10 ½, 1 3½: 9½) 9, 9 (1 3½, 13 1½,
        # 7 1½, 6 1½: 8) 6½.
        ("8", "11", F(2)),
        ("9", "9", F(2)),
    ]
    rows = {r.player: r for r in table.rows}
    assert rows["1"].tiebreaks == {
        "head_to_head": 0,
        "wins": 3,  # 9, 5, 11
        "black": 2,  # rounds 2 and 4
        "buchholz_cut1": F(15, 2),
        "buchholz": F(19, 2),
        # beat 9 (2), 5 (2½), 11 (2): 6½; drew 2 (3): 1½
        "sonneborn_berger": F(8),
    }
    assert rows["2"].tiebreaks["head_to_head"] == rows["3"].tiebreaks["head_to_head"] == F(1, 2)
    assert [rows[p].tiebreaks["buchholz_cut1"] for p in ("2", "3", "4", "5", "14", "16")] == [
        F(8),
        F(15, 2),
        F(7),
        F(17, 2),
        F(13, 2),
        F(6),
    ]
    assert (rows["11"].tiebreaks["buchholz_cut1"], rows["9"].tiebreaks["buchholz_cut1"]) == (
        F(9),
        F(13, 2),
    )
    # 2: beat 10 (½) and 7 (1½): 2; drew 1 (3½) and 3 (3): 3¼
    assert rows["2"].tiebreaks["sonneborn_berger"] == F(21, 4)
    # 5: beat 13 (1½) and 14 (2½): 4; drew 16 (2½): 1¼
    assert rows["5"].tiebreaks["sonneborn_berger"] == F(21, 4)
    assert [str(c) for c in rows["1"].rounds] == ["9w1", "5b1", "2w½", "11b1"]
    assert rows["1"].rounds[0].opponent_number == 9


def test_the_close_ratings_order_counts_the_opponents_average_rating() -> None:
    table = table_after_four(SWISS_TIEBREAKS_CLOSE)  # 39.3.3
    rows = {r.player: r for r in table.rows}
    # 38.1: 1 met 9, 5, 2, 11: (2280 + 2380 + 2420 + 2230) / 4 = 2327½, rounded 2328
    assert rows["1"].tiebreaks["average_rating"] == 2328
    # 4 met 12, 14, 3, 7: 9080 / 4 = 2270; 14 met 6, 4, 5, 8: 9410 / 4 = 2352½
    assert (rows["4"].tiebreaks["average_rating"], rows["14"].tiebreaks["average_rating"]) == (
        2270,
        2353,
    )
    # so 14 passes 4 before Buchholz is reached
    assert [r.player for r in table.rows[3:5]] == ["14", "4"]
    # median-1 (38.2.1), offered too: 1's 9½ less 3 and 2
    median = table_after_four((SwissTiebreak.BUCHHOLZ_MEDIAN1,))
    assert median.row("1").tiebreaks["buchholz_median1"] == F(9, 2)


def test_the_virtual_opponent_of_art_37_1_examples() -> None:
    # Example 1: P absent in round 3 of 9, 1½ after two rounds.
    assert virtual_opponent(F(3, 2), F(0), 3, 3) == F(5, 2)
    assert virtual_opponent(F(3, 2), F(0), 3, 9) == F(11, 2)
    # Example 2: P's opponent absent in round 6 of 9, P 3½ after five.
    assert virtual_opponent(F(7, 2), F(1), 6, 6) == F(7, 2)
    assert virtual_opponent(F(7, 2), F(1), 6, 9) == F(5)


def test_unplayed_games_byes_and_a_withdrawal_in_the_tie_breaks() -> None:
    # Five players, two rounds. Round 1: a-b 1-0, c-d ½, e the bye (1 point).
    # Round 2: e-a 0-1; b-c not played, c wins by default (b withdrew, 33.2:
    # his and his opponents' points stay); d the bye.
    entrants = [
        SwissEntrant("a", 1, 2200),
        SwissEntrant("b", 2, 2150, withdrawn=True),
        SwissEntrant("c", 3, 2100),
        SwissEntrant("d", 4, None),
        SwissEntrant("e", 5, 2000),
    ]
    games = [
        SwissGame(1, "a", "b", "1-0"),
        SwissGame(1, "c", "d", "1/2-1/2"),
        SwissGame(2, "e", "a", "0-1"),
        SwissGame(2, "b", "c", "0-1", played=False),
    ]
    table = swiss_table(
        entrants, games, byes={"e": (1, F(1)), "d": (2, F(1))}, tiebreaks=list(SwissTiebreak)
    )
    rows = {r.player: r for r in table.rows}
    assert {p: r.points for p, r in rows.items()} == {
        "a": 2,
        "b": 0,
        "c": F(3, 2),
        "d": F(3, 2),
        "e": 1,
    }
    assert rows["b"].withdrawn
    # 37.1: an opponent's unplayed games count as draws: b 0 + ½ = ½,
    # c ½ + ½ = 1, d ½ + ½ = 1, e ½ + 0 = ½. A round without an opponent
    # counts the virtual opponent SPR + (1 - SfPR) + ½ (n - R), n = 2.
    # a: b ½ + e ½ = 1
    # b: a 2 + virtual (0 + 1 - 0 + 0) 1 = 3
    # c: d 1 + virtual (½ + 1 - 1 + 0) ½ = 1½
    # d: c 1 + virtual for the bye (½ + 0 + 0) ½ = 1½
    # e: virtual for the bye (0 + 0 + ½ × 1) ½ + a 2 = 2½
    assert {p: r.tiebreaks["buchholz"] for p, r in rows.items()} == {
        "a": 1,
        "b": 3,
        "c": F(3, 2),
        "d": F(3, 2),
        "e": F(5, 2),
    }
    # 37.2, 38.6.1: unplayed games with their results; a bye as a win over
    # the virtual opponent. a: b 0 + e 1; c: ½ × d 1½ + 1 × b 0;
    # d: ½ × c 1½ + 1 × ½; e: 1 × ½ + 0.
    assert {p: r.tiebreaks["sonneborn_berger"] for p, r in rows.items()} == {
        "a": 1,
        "b": 0,
        "c": F(3, 4),
        "d": F(5, 4),
        "e": F(1, 2),
    }
    # wins count the default and the byes; Black counts only games played
    assert {p: r.tiebreaks["wins"] for p, r in rows.items()} == {
        "a": 2,
        "b": 0,
        "c": 1,
        "d": 1,
        "e": 1,
    }
    assert {p: r.tiebreaks["black"] for p, r in rows.items()} == {
        "a": 1,
        "b": 1,
        "c": 0,
        "d": 1,
        "e": 0,
    }
    # 38.1, played games only, the unrated d left out: c met d (unrated)
    # and b without play: no average; d met c: 2100
    assert rows["c"].tiebreaks["average_rating"] == 0
    assert rows["d"].tiebreaks["average_rating"] == 2100
    assert [str(c) for c in rows["b"].rounds] == ["1b0", "3w-"]
    assert [str(c) for c in rows["c"].rounds] == ["4w½", "2b+"]
    assert [str(c) for c in rows["e"].rounds] == ["bye+", "1w0"]
    # a first; c and d on 1½ drew each other (head-to-head ½ each) ...
    assert [(r.place_text, r.player) for r in table.rows] == [
        ("1", "a"),
        ("2", "d"),  # ... and each won once (the bye, the default); d had Black
        ("3", "c"),
        ("4", "e"),
        ("5", "b"),
    ]
