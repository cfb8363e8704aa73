"""The reference rounds of ``tests/standings/dutch_reference/``: each round's
state read from its TRF file as our pairing sees it, and bbpPairings' answer."""

from __future__ import annotations

import json
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from pathlib import Path

from standings.dutch_players import BLACK, WHITE, Entrant, Points, Round
from tests.support.paths import TESTS

DATA = TESTS / "standings" / "dutch_reference"


@dataclass(frozen=True)
class Game:
    opponent: int | None
    colour: str
    result: str


@dataclass(frozen=True)
class Tournament:
    rounds: int
    first: str
    points: Points
    players: dict[int, tuple[Game, ...]]


@dataclass(frozen=True)
class Case:
    """One round to replay: the file, the round, bbpPairings' pairs and bye."""

    file: str
    round: int
    pairs: tuple[tuple[int, int], ...]
    bye: int | None

    @property
    def name(self) -> str:
        return f"{self.file}:{self.round}"


def cases() -> list[Case]:
    out = []
    for line in (DATA / "rounds.jsonl").read_text().splitlines():
        row = json.loads(line)
        pairs = tuple((w, b) for w, b in row["pairs"])
        out.append(Case(row["file"], row["round"], pairs, row["bye"]))
    return out


@cache
def tournament(file: str) -> Tournament:
    rounds = 0
    first = WHITE
    win, draw, loss, bye = Fraction(1), Fraction(1, 2), Fraction(0), None
    players: dict[int, tuple[Game, ...]] = {}
    for line in (DATA / file).read_text().splitlines():
        if line.startswith("XXR"):
            rounds = int(line[3:])
        elif line.startswith("XXC"):
            first = WHITE if "white" in line else BLACK
        elif line.startswith("162"):
            for i in range(5, len(line), 9):
                code, value = line[i : i + 1], line[i + 2 : i + 6].strip()
                if value:
                    got = Fraction(value)
                    if code == "W":
                        win = got
                    elif code == "D":
                        draw = got
                    elif code == "L":
                        loss = got
                    elif code == "P":
                        bye = got
        elif line.startswith("001"):
            games = []
            for i in range(91, len(line), 10):
                cell = line[i : i + 8].ljust(8)
                opponent = cell[:4].strip()
                games.append(Game(int(opponent) or None if opponent else None, cell[5], cell[7]))
            players[int(line[4:8])] = tuple(games)
    points = Points(win=win, draw=draw, loss=loss, bye=win if bye is None else bye)
    return Tournament(rounds, first, points, players)


def _round(game: Game, points: Points) -> Round:
    res = game.result
    opponent = str(game.opponent) if game.opponent else None
    played = game.colour in "wb" and res in "10=WDL"
    if res == "U":
        score = points.bye
    elif res in "1W+F":
        score = points.win
    elif res in "=DH":
        score = points.draw
    elif res in "0L":
        score = points.loss
    else:
        score = Fraction(0)  # "-" forfeit loss, "Z" zero-point bye
    colour = (WHITE if game.colour == "w" else BLACK) if played else None
    return Round(opponent, colour, score, played, bye=res == "U")


def entrants(case: Case) -> tuple[Tournament, list[Entrant]]:
    """The state before ``case.round``: everyone's earlier rounds; those with
    an entry of their own in the round (a requested bye, absent) absent."""
    t = tournament(case.file)
    out = []
    for number, games in sorted(t.players.items()):
        record = tuple(_round(g, t.points) for g in games[: case.round - 1])
        now = games[case.round - 1] if len(games) >= case.round else None
        absent = now is None or (now.opponent is None and now.result != "U")
        out.append(Entrant(str(number), number, rounds=record, absent=absent))
    return t, out


def path(file: str) -> Path:
    return DATA / file
