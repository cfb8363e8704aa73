"""The bbpPairings reference data of the Dutch system is whole and coherent, without bbpPairings.

The data in ``dutch_reference/`` is made by ``scripts/dutch-reference``; see its README.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

DATA = Path(__file__).parent / "dutch_reference"
FIRST_GAME_COLUMN = 91  # 0-based; each round takes 10 columns


@cache
def tournament(name: str) -> tuple[int, dict[int, str], dict[str, int]]:
    """The rounds (XXR), each player's 001 line, and the points (in tenths) of a file."""
    rounds = 0
    players = {}
    points = {"W": 10, "D": 5, "L": 0, "P": 10}
    pab_given = False
    for line in (DATA / name).read_text().splitlines():
        if line.startswith("XXR"):
            rounds = int(line[3:])
        elif line.startswith("001"):
            players[int(line[4:8])] = line
        elif line.startswith("162"):
            for start in range(5, len(line) - 4, 9):
                code, value = line[start], round(float(line[start + 1 : start + 5]) * 10)
                points[code] = value
                if code == "W" and not pab_given:
                    points["P"] = value
                pab_given = pab_given or code == "P"
    return rounds, players, points


def entry(line: str, rnd: int) -> str:
    start = FIRST_GAME_COLUMN + 10 * (rnd - 1)
    return line[start : start + 8]


def fields(line: str, rnd: int) -> tuple[str, str, str]:
    """Round rnd of a 001 line: opponent (4 columns), colour, result."""
    text = entry(line, rnd)
    assert text[4] == text[6] == " "
    return text[0:4].strip(), text[5], text[7]


def entries() -> list[dict]:
    return [json.loads(line) for line in (DATA / "rounds.jsonl").read_text().splitlines()]


def test_every_round_of_every_file_has_one_entry() -> None:
    files = sorted(path.name for path in DATA.glob("*.trf"))
    expected = {(name, rnd) for name in files for rnd in range(1, tournament(name)[0] + 1)}
    listed = [(item["file"], item["round"]) for item in entries()]
    assert len(listed) == len(set(listed))
    assert set(listed) == expected


def test_each_file_is_well_formed() -> None:
    for path in DATA.glob("*.trf"):
        rounds, players, points = tournament(path.name)
        _, size, length = path.stem.split("-")
        assert (int(size[1:]), int(length[1:])) == (len(players), rounds), path.name
        assert sorted(players) == list(range(1, len(players) + 1)), path.name
        for number, line in players.items():
            assert len(line) == FIRST_GAME_COLUMN - 2 + 10 * rounds, (path.name, number)
            score = 0
            for rnd in range(1, rounds + 1):
                opponent, colour, result = fields(line, rnd)
                if opponent == "0000":
                    assert (colour, result) in {("-", "U"), ("-", "H"), ("-", "Z")}
                    score += {"U": points["P"], "H": points["D"], "Z": 0}[result]
                else:
                    other = entry(players[int(opponent)], rnd)
                    assert int(other[0:4]) == number, (path.name, number, rnd)
                    assert {colour, other[5]} == {"w", "b"}, (path.name, number, rnd)
                    pair = result + other[7]
                    assert pair in {"10", "01", "==", "+-", "-+", "--"}, (path.name, number, rnd)
                    score += {"1": points["W"], "=": points["D"], "0": points["L"]}.get(result, 0)
                    score += points["W"] if result == "+" else 0
            assert float(line[80:84]) * 10 == score, (path.name, number)


def test_rounds_match_the_files() -> None:
    for item in entries():
        rounds, players, _ = tournament(item["file"])
        assert 1 <= item["round"] <= rounds
        assert item["players"] == len(players)
        pairs, bye, half, zero = set(), None, [], []
        for number in sorted(players):
            opponent, colour, result = fields(players[number], item["round"])
            if opponent != "0000" and colour == "w":
                pairs.add((number, int(opponent)))
            elif result == "U":
                bye = number
            elif result == "H":
                half.append(number)
            elif result == "Z":
                zero.append(number)
        where = (item["file"], item["round"])
        assert {tuple(pair) for pair in item["pairs"]} == pairs, where
        assert len(item["pairs"]) == len(pairs), where
        assert item["bye"] == bye, where
        assert item["half_point_byes"] == half, where
        assert item["zero_point_byes"] == zero, where
        present = len(players) - len(half) - len(zero)
        assert 2 * len(pairs) + (bye is not None) == present, where
        assert (bye is not None) == (present % 2 == 1), where


def test_the_data_set_covers_enough() -> None:
    items = entries()
    assert len(items) >= 1100
    assert {item["players"] for item in items} == set(range(7, 61))
    big = sum(1 for item in items if item["players"] > 30)
    assert 0.25 <= big / len(items) <= 0.45
    assert sum(1 for item in items if item["bye"] is not None) >= 300
    assert sum(1 for item in items if item["half_point_byes"]) >= 200
    assert sum(1 for item in items if item["zero_point_byes"]) >= 150
    assert {item["points"] for item in items} >= {"1/0.5/0", "3/1/0"}
    results = "".join(
        entry(line, rnd)[7]
        for path in DATA.glob("*.trf")
        for line in tournament(path.name)[1].values()
        for rnd in range(1, tournament(path.name)[0] + 1)
    )
    assert results.count("=") >= 1000
    assert results.count("+") >= 300
    assert sum(path.stat().st_size for path in DATA.iterdir()) < 3_000_000
