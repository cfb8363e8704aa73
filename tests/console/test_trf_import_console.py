"""``cc event import-trf`` at the console: a Swiss moved in from another
program's TRF, its players found or registered, its results kept, its next
round paired; and the files it refuses, each with the reason."""

from __future__ import annotations

from fractions import Fraction as F

from standings.trf import TrfGame, TrfPlayer, TrfTournament, read_trf, write_trf
from tests.support.console import Console
from tests.support.paths import TESTS


def _p(
    number: int, name: str, rating: int, points: F, *games: TrfGame, fide: str = ""
) -> TrfPlayer:
    return TrfPlayer(number, name, rating, points, fide_id=fide, federation="RUS", games=games)


#: six players, two of four rounds played: a win, a draw, a game won without
#: play; then the pairing's bye and an absence
MOVED_IN = TrfTournament(
    name="Kazan Open",
    start="2026/05/10",
    rounds=4,
    first_colour="w",
    players=(
        _p(1, "Alpha, Anna", 2300, F(2), TrfGame(1, 4, "w", "1"), TrfGame(2, None, "-", "U")),
        _p(
            2,
            "Smith, John",
            2250,
            F(3, 2),
            TrfGame(1, 5, "b", "="),
            TrfGame(2, 3, "w", "1"),
            fide="24100002",
        ),
        _p(3, "Петров, Пётр", 2200, F(1), TrfGame(1, 6, "w", "+"), TrfGame(2, 2, "b", "0")),
        _p(4, "Brown, Ann", 2150, F(0), TrfGame(1, 1, "b", "0"), TrfGame(2, 5, "w", "0")),
        _p(5, "Doe, Jane", 2100, F(3, 2), TrfGame(1, 2, "w", "="), TrfGame(2, 4, "b", "1")),
        _p(6, "Roe, Rick", 2050, F(0), TrfGame(1, 3, "b", "-"), TrfGame(2, None, "-", "-")),
    ),
)


def test_a_swiss_moved_in_from_a_trf(console: Console) -> None:
    console.run("db", "upgrade")
    console.run("player", "add", "arb", "--name", "Chief Arbiter", "--role", "arbiter")
    console.run("player", "add", "brown", "--name", "Brown Ann")
    (console.home / "people.csv").write_text(
        "login,surname,given_names,email,federation_id,rating\n"
        "smith,Smith,John,js@example.org,24100002,2000\n"
    )
    console.run("player", "import", "people.csv")
    (console.home / "kazan.trf").write_text(write_trf(MOVED_IN), encoding="utf-8")

    said = console.run("event", "import-trf", "kazan.trf", "--code", "KZ", "--arbiter", "arb")
    assert "event KZ imported: 2 of 4 rounds played; 4 players registered, 2 found" in said.stdout
    assert "round 3 paired" in said.stdout

    shown = console.json("event", "show", "KZ")
    assert isinstance(shown, dict)
    assert (shown["name"], shown["system"], shown["rounds"]) == ("Kazan Open", "swiss", 4)
    assert shown["start_date"] == "2026-05-10" and shown["status"] == "started"
    logins = shown["sections"]["A"]
    assert logins[1] == "smith" and logins[3] == "brown"  # found by FIDE id, by name
    games = console.json("game", "list", "--event", "KZ")
    assert isinstance(games, list)
    played = sorted(
        (g["round"], g["white"], g["black"], g["result"], g["result_reason"])
        for g in games
        if g["round"] <= 2
    )
    a, s, p, b, d, r = logins
    assert played == sorted(
        [
            (1, a, b, "1-0", None),
            (1, d, s, "1/2-1/2", None),
            (1, p, r, "1-0", "default"),
            (2, s, p, "1-0", None),
            (2, b, d, "0-1", None),
        ]
    )
    assert sum(1 for g in games if g["round"] == 3) == 3
    assert all(g["ply_count"] == 0 for g in games)

    # Written out again, the rounds read in are as the file had them
    again = read_trf(console.run("event", "trf", "KZ").stdout)
    assert again.played_rounds == 2 and again.rounds == 4
    for old, new in zip(MOVED_IN.players, again.players, strict=True):
        # the file's rating is now the federation's (smith had 2000)
        assert (new.number, new.name, new.rating, new.points) == (
            old.number,
            old.name,
            old.rating,
            old.points,
        )
        assert new.games == old.games


def test_what_an_import_refuses(console: Console) -> None:
    console.run("db", "upgrade")
    lacking = TESTS / "data" / "trf" / "bbp-8-players-4-rounds.trf"
    said = console.refused(
        "event", "import-trf", str(lacking), "--code", "G1", code="invalid_input"
    )
    assert "how many rounds" in said
    # bbpPairings' generator writes half-point byes asked for (H)
    generated = TESTS / "data" / "trf" / "bbp-11-players-5-rounds.trf"
    (console.home / "h.trf").write_text(generated.read_text(encoding="utf-8") + "\rXXR 7\r")
    said = console.refused("event", "import-trf", "h.trf", "--code", "G2", code="invalid_input")
    assert "player 1 (Test0001 Player0001), round 3: a requested bye (H)" in said
    (console.home / "bad.trf").write_text("012 Bad\n001    1  x\n")
    said = console.refused(
        "--lang", "ru", "event", "import-trf", "bad.trf", "--code", "G3", code="invalid_input"
    )
    assert "строка 2" in said
    # bytes that are no text in either encoding get an answer, not a traceback
    (console.home / "binary.trf").write_bytes(b"012 \x98\x98\n")
    said = console.refused(
        "event", "import-trf", "binary.trf", "--code", "G5", code="invalid_input"
    )
    assert "neither UTF-8 nor Windows-1251" in said
    assert console.json("event", "list") == []

    # the generated file with the number of rounds added: 4 of 6 played, round 5 paired
    (console.home / "g.trf").write_text(lacking.read_text(encoding="utf-8") + "\rXXR 6\r")
    said = console.run("event", "import-trf", "g.trf", "--code", "G4").stdout
    assert "4 of 6 rounds played; 8 players registered" in said and "round 5 paired" in said
