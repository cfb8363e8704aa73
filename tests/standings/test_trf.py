"""FIDE's TRF read and written (:mod:`standings.trf`): column by column, the
files bbpPairings' generator writes read back, and what the server writes
read by bbpPairings' checker with no complaint."""

from __future__ import annotations

from fractions import Fraction as F
from pathlib import Path

import pytest

from standings.trf import (
    TrfError,
    TrfGame,
    TrfPlayer,
    TrfPoints,
    TrfTournament,
    read_trf,
    write_trf,
)
from tests.support.bbp import complaints, generate, needs_bbp
from tests.support.paths import TESTS

DATA = TESTS / "data" / "trf"

#: four players, three rounds: a draw, a forfeit, a withdrawal, the
#: pairing's bye and a half-point bye asked for
SMALL = TrfTournament(
    name="Autumn Swiss",
    city="Kazan",
    federation="RUS",
    start="2026/09/01",
    end="2026/12/01",
    arbiter="Ivanov, Ivan",
    rounds=4,
    first_colour="w",
    players=(
        TrfPlayer(
            1,
            "Алексеев, Пётр",
            2210,
            F(5, 2),
            1,
            sex="m",
            title="FM",
            federation="RUS",
            fide_id="24100000",
            birth="1990/05/04",
            games=(TrfGame(1, 3, "w", "1"), TrfGame(2, 2, "b", "="), TrfGame(3, 4, "w", "+")),
        ),
        TrfPlayer(
            2,
            "Smith, John",
            2150,
            F(2),
            2,
            games=(TrfGame(1, 4, "b", "1"), TrfGame(2, 1, "w", "="), TrfGame(3, None, "-", "H")),
        ),
        TrfPlayer(
            3,
            "Brown, Ann",
            None,
            F(1),
            3,
            sex="w",
            games=(TrfGame(1, 1, "b", "0"), TrfGame(2, None, "-", "U")),
        ),
        TrfPlayer(
            4,
            "Doe, Jane",
            1900,
            F(0),
            4,
            games=(
                TrfGame(1, 2, "w", "0"),
                TrfGame(2, None, "-", "-"),
                TrfGame(3, 1, "b", "-"),
            ),
        ),
    ),
    round_dates=("26/09/01", "26/10/01", "26/11/01"),
    kind="Swiss",
)


def test_a_tournament_reads_back_as_written() -> None:
    text = write_trf(SMALL)
    assert read_trf(text) == SMALL
    assert read_trf(text.replace("\n", "\r\n")) == SMALL


def test_the_player_lines_are_column_exact() -> None:
    line = next(x for x in write_trf(SMALL).splitlines() if x.startswith("001    1"))
    assert line[0:3] == "001"
    assert line[4:8] == "   1"
    assert line[9] == "m"
    assert line[10:13] == "FM "
    assert line[14:47].rstrip() == "Алексеев, Пётр"
    assert line[48:52] == "2210"
    assert line[53:56] == "RUS"
    assert line[57:68] == "   24100000"
    assert line[69:79] == "1990/05/04"
    assert line[80:84] == " 2.5"
    assert line[85:89] == "   1"
    assert line[89:] == "     3 w 1     2 b =     4 w +"


def test_the_header_and_extension_lines() -> None:
    text = write_trf(SMALL)
    lines = text.splitlines()
    assert lines[:9] == [
        "012 Autumn Swiss",
        "022 Kazan",
        "032 RUS",
        "042 2026/09/01",
        "052 2026/12/01",
        "062 4",
        "072 3",
        "092 Swiss",
        "102 Ivanov, Ivan",
    ]
    assert lines[9][91:] == "26/09/01  26/10/01  26/11/01"
    assert lines[-2:] == ["XXR 4", "XXC white1"]


def test_point_values_other_than_the_usual_are_written_and_read() -> None:
    three = TrfPoints(win=F(3), draw=F(1), pab=F(3))
    t = TrfTournament(name="Football", points=three)
    text = write_trf(t)
    assert "BBW  3.0" in text.splitlines()
    assert "BBD  1.0" in text.splitlines()
    assert "BBU" not in text  # a bye scores a win unless BBU says otherwise
    assert read_trf(text).points == three
    assert "BB" not in write_trf(TrfTournament(name="Usual"))


def test_what_a_game_scores() -> None:
    p = TrfPoints()
    assert p.of(TrfGame(1, 2, "w", "1")) == 1
    assert p.of(TrfGame(1, 2, "w", "=")) == F(1, 2)
    assert p.of(TrfGame(1, None, "-", "H")) == F(1, 2)
    assert p.of(TrfGame(1, None, "-", "U")) == 1
    assert p.of(TrfGame(1, 2, "b", "-")) == 0


def test_lines_it_does_not_know_are_skipped() -> None:
    text = "\n".join(
        [
            "012 Open",
            "082 0",
            "112 Deputy, A",
            "122 90 min + 30 s",
            "013 Team A    1    2",
            "XXS something",
            write_trf(SMALL),
        ]
    )
    assert read_trf(text).players == SMALL.players


def _player_line(rest: str) -> str:
    return "001    1      Alpha, A" + " " * 26 + "2000" + " " * 28 + " 1.0    1" + rest


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("001    1      Short", "ends before the points"),
        ("001    x" + _player_line("")[8:], "start number 'x' is not a number"),
        (_player_line("  0002 x 1"), "colour 'x'"),
        (_player_line("  0002 w Q"), "result 'Q'"),
        (_player_line("  0000 w 1"), "a colour without an opponent"),
        (_player_line("     1 w 1"), "meets himself"),
        (_player_line("     2 w  "), "a pairing without a result"),
        (_player_line("  0000 - 1"), "result '1' without an opponent"),
        (_player_line("     2 w 1xx"), "expected the spaces"),
        ("XXR many", "the number of rounds 'many'"),
        ("BBW x", "points 'x'"),
        (_player_line("").replace(" 1.0", "1,00"), "points '1,00'"),
    ],
)
def test_a_bad_line_is_named_with_its_reason(line: str, reason: str) -> None:
    with pytest.raises(TrfError, match=reason) as caught:
        read_trf("012 Open\n" + line + "\n")
    assert caught.value.line == 2
    assert str(caught.value).startswith("line 2: ")


def test_players_who_contradict_each_other_are_refused() -> None:
    twice = write_trf(SMALL).replace("001    4", "001    3", 1)
    with pytest.raises(TrfError, match="start number 3 is already on line 13"):
        read_trf(twice)
    lone = SMALL.players[0]
    with pytest.raises(TrfError, match="player 1 meets 3, who has no line"):
        read_trf(write_trf(TrfTournament(players=(lone,))))
    same = TrfTournament(
        players=(
            TrfPlayer(1, "A", games=(TrfGame(1, 2, "w", "1"),)),
            TrfPlayer(2, "B", games=(TrfGame(1, 1, "w", "0"),)),
        )
    )
    with pytest.raises(TrfError, match="the colours or results disagree"):
        read_trf(write_trf(same))


def test_points_that_cannot_be_written_are_refused() -> None:
    with pytest.raises(TrfError, match="cannot be written"):
        write_trf(TrfTournament(players=(TrfPlayer(1, "A", points=F(1, 3)),)))


@pytest.mark.parametrize("name", sorted(p.name for p in DATA.glob("*.trf")))
def test_files_bbppairings_generated_read_and_write_back(name: str) -> None:
    text = (DATA / name).read_text(encoding="utf-8")
    t = read_trf(text)
    assert t.players and [p.number for p in t.players] == list(range(1, len(t.players) + 1))
    for p in t.players:
        assert sum((t.points.of(g) for g in p.games), F(0)) == p.points
    assert read_trf(write_trf(t)) == t


@needs_bbp
def test_bbppairings_reads_what_is_written(tmp_path: Path) -> None:
    assert complaints(write_trf(SMALL), tmp_path) == []
    for name in sorted(p.name for p in DATA.glob("*.trf")):
        t = read_trf((DATA / name).read_text(encoding="utf-8"))
        assert complaints(write_trf(t), tmp_path, name.removesuffix(".trf")) == []


@needs_bbp
@pytest.mark.parametrize("seed", [3, 17])
def test_a_fresh_generated_tournament_reads_and_checks(tmp_path: Path, seed: int) -> None:
    config = "PlayersNumber=15\nRoundsNumber=6\nForfeitRate=8\nHalfPointByeRate=10\n"
    t = read_trf(generate(tmp_path, config, seed))
    assert len(t.players) == 15 and t.played_rounds == 6
    assert complaints(write_trf(t), tmp_path) == []
