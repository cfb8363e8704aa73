"""The arbiter's report of a Dutch round (:mod:`standings.dutch_report`): the
rules of C.04.3 E it names give the colours the pairing gave, on rounds
paired by bbpPairings and on small cases worked by hand."""

from __future__ import annotations

import json
from fractions import Fraction as F
from pathlib import Path

import pytest

from standings.dutch import Pair, pair
from standings.dutch_players import (
    ALTERNATION,
    BLACK,
    BOTH,
    DOWN,
    HIGHER,
    NONE,
    NUMBER,
    STRONGER,
    WHITE,
    WIDER,
    Entrant,
    Points,
    Round,
    colour_of,
    colour_reason,
    players,
)
from standings.dutch_report import explain_round

DATA = Path(__file__).parent / "dutch_reference"
#: tournaments scored 1/½/0 with a bye worth a win (no 162 line)
FILES = ["t007-p9-r5.trf", "t013-p12-r5.trf", "t016-p7-r5.trf", "t001-p23-r8.trf"]
RESULT = {"1": F(1), "0": F(0), "=": F(1, 2), "+": F(1), "-": F(0)}


def reference(name: str) -> tuple[int, str, dict[int, str]]:
    """The rounds (XXR), the first colour (XXC) and the 001 lines of a file."""
    rounds, first, lines = 0, WHITE, {}
    for line in (DATA / name).read_text().splitlines():
        if line.startswith("XXR"):
            rounds = int(line[3:])
        elif line.startswith("XXC"):
            first = BLACK if "black" in line else WHITE
        elif line.startswith("001"):
            lines[int(line[4:8])] = line
    return rounds, first, lines


def before(lines: dict[int, str], rnd: int, away: set[int]) -> list[Entrant]:
    """The entrants before round ``rnd`` as the file has them."""
    entrants = []
    for number, line in lines.items():
        record = []
        for k in range(1, rnd):
            text = line[91 + 10 * (k - 1) : 99 + 10 * (k - 1)]
            opponent, colour, result = text[0:4].strip(), text[5], text[7]
            if opponent == "0000":
                bye = result == "U"
                score = F(1) if bye else F(1, 2) if result == "H" else F(0)
                record.append(Round(points=score, bye=bye))
            else:
                played = result not in "+-"
                record.append(
                    Round(opponent, colour.upper() if played else None, RESULT[result], played)
                )
        entrants.append(Entrant(str(number), number, rounds=tuple(record), absent=number in away))
    return entrants


def reference_rounds() -> list[tuple[str, dict[str, object]]]:
    found = []
    for text in (DATA / "rounds.jsonl").read_text().splitlines():
        item = json.loads(text)
        if item["file"] in FILES:
            found.append((item["file"], item))
    return found


@pytest.mark.parametrize(("name", "item"), reference_rounds())
def test_the_rules_named_give_the_reference_colours(name: str, item: dict) -> None:
    rounds, first, lines = reference(name)
    rnd = item["round"]
    away = set(item["half_point_byes"]) | set(item["zero_point_byes"])
    entrants = before(lines, rnd, away)
    pairs = [Pair(board, str(w), str(b)) for board, (w, b) in enumerate(item["pairs"], 1)]
    bye = str(item["bye"]) if item["bye"] is not None else None
    # the pairing gives the reference round ...
    paired = pair(entrants, rounds=rounds, first_colour=first)
    assert [(p.white, p.black) for p in paired.pairs] == [(p.white, p.black) for p in pairs]
    assert paired.bye == bye
    # ... and the report names a rule giving each board its colours
    report = explain_round(entrants, pairs, bye, rounds=rounds, first_colour=first)
    assert [b.as_the_rules for b in report.boards] == [True] * len(pairs)
    assert report.round == rnd
    assert (report.bye.id if report.bye else None) == bye
    assert sorted(int(p.id) for p in report.absent) == sorted(away)
    by_id = players(entrants, Points())
    for p in pairs:
        w, b = by_id[p.white], by_id[p.black]
        assert colour_reason(w, b, first).colour == colour_of(w, b, first) == WHITE
        assert colour_reason(b, w, first).colour == colour_of(b, w, first) == BLACK
    for board in report.boards:
        assert board.bracket == max(board.white.score, board.black.score)
        assert len(board.white.floats) == min(rnd - 1, 2)


def game(opponent: str, colour: str, points: F = F(1, 2)) -> Round:
    return Round(opponent, colour, points, played=True)


W, B = WHITE, BLACK


def rule_of(a: tuple[str, ...], b: tuple[str, ...], white: str) -> tuple[str, str | None]:
    """The rule giving ``white`` White between players 1 and 2 whose colours
    so far are ``a`` and ``b`` (draws against others)."""
    one = Entrant("1", 1, rounds=tuple(game("x", c) for c in a))
    two = Entrant("2", 2, rounds=tuple(game("y", c) for c in b))
    others = [
        Entrant("x", 3, rounds=(Round(),) * len(a)),
        Entrant("y", 4, rounds=(Round(),) * len(b)),
    ]
    pairs = [Pair(1, white, "2" if white == "1" else "1")]
    report = explain_round([one, two, *others], pairs, None, rounds=9)
    board = report.boards[0]
    assert board.as_the_rules
    return board.rule, board.favoured


def test_each_rule_of_e_by_hand() -> None:
    # E.1: both granted (1 wants Black, 2 White)
    assert rule_of((W,), (B,), "2") == (BOTH, None)
    # E.2: both want Black: 2's strong preference (one White more) over 1's mild one
    assert rule_of((B, W), (W, B, W), "1") == (STRONGER, "2")
    # E.2: two absolute preferences for Black, 2's colour difference the wider
    assert rule_of((B, W, W), (W, W, W), "1") == (WIDER, "2")
    # E.3: both want White (mildly); the latest games with different
    # colours, two back: 1 had White, 2 Black; so now 1 has Black
    assert rule_of((B, W, W, B), (W, B, W, B), "2") == (ALTERNATION, None)
    # E.4: both want Black, equally strong, the same colours: 1 ranks higher
    assert rule_of((B, W), (B, W), "2") == (HIGHER, "1")
    # E.5: no games yet: the first-ranked has the first colour
    assert rule_of((), (), "1") == (NUMBER, "1")


def test_floats_the_bye_and_the_absent() -> None:
    # round 1: 1 beat 3, 2 drew with 4, 5 had the bye, 6 absent
    r1 = {
        "1": game("3", W, F(1)),
        "3": game("1", B, F(0)),
        "2": game("4", B),
        "4": game("2", W),
        "5": Round(points=F(1), bye=True),
        "6": Round(),
    }
    entrants = [Entrant(k, int(k), rounds=(r,), absent=k == "6") for k, r in sorted(r1.items())]
    # round 2: 5-1 (1 point each), 2 (½) meets 3 (0), 4 the bye
    pairs = [Pair(1, "5", "1"), Pair(2, "2", "3")]
    report = explain_round(entrants, pairs, "4", rounds=3)
    one, two = report.boards
    assert one.bracket == F(1) and one.down is None and one.up is None
    assert one.black.floats == (NONE,) and one.white.floats == (DOWN,)  # the bye floats down
    assert two.bracket == F(1, 2) and two.down == "2" and two.up == "3"
    assert report.bye is not None and report.bye.id == "4" and report.bye.bye_eligible
    assert one.white.bye_eligible is False
    assert [p.id for p in report.absent] == ["6"]
    assert report.round == 2 and report.rounds == 3
    assert two.white.floats == two.black.floats == (NONE,)
