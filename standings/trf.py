"""FIDE's tournament report file (TRF-2016, with the TRF(x) lines the pairing
programs add): reading and writing it. Pure: text in, text out.

The player lines (001) are read by column, as FIDE lays them out and as
bbpPairings, the FIDE-endorsed pairing checker, reads them (columns counted
from 1):

=======  ===============================================================
1-3      ``001``
5-8      start number
10       sex (``m``/``w``)
11-13    title (``GM``, ``IM``, ``WGM`` ...)
15-47    name (``Surname, Given``)
49-52    rating
54-56    federation
58-68    FIDE id
70-79    birth date (``YYYY/MM/DD``)
81-84    points (``3.5``)
86-89    rank
92-      per round 10 columns: the opponent's start number (4 columns,
         ``0000`` for none), a space, the colour (``w``, ``b``, ``-``), a
         space, the result (:data:`RESULTS`), two spaces
=======  ===============================================================

The header lines 012 (name), 022 (city), 032 (federation), 042 and 052 (the
dates of start and end), 102 (the chief arbiter), 132 (the dates of the
rounds) are read; the others Swiss Manager and Vega write (062, 072, 082,
092, 112, 122 ...) and every line this module does not know are skipped.
The TRF(x) lines: ``XXR n`` (the number of rounds), ``XXC white1`` or
``black1`` (the colour of the first player in round 1), and bbpPairings'
point values ``BBW BBD BBL BBZ BBF BBU`` (a win, a draw, a played loss, a
zero-point bye, a forfeit loss, the pairing-allocated bye).

>>> text = write_trf(TrfTournament(
...     name="Cup", rounds=3, first_colour="w",
...     players=(
...         TrfPlayer(1, "Alpha, A", 2100, Fraction(1), 1, games=(TrfGame(1, 2, "w", "1"),)),
...         TrfPlayer(2, "Beta, B", 2000, Fraction(0), 2, games=(TrfGame(1, 1, "b", "0"),)),
...     )))
>>> print(text.splitlines()[-3])
001    2      Beta, B                           2000                             0.0    2     1 b 0
>>> read_trf(text) == TrfTournament(
...     name="Cup", rounds=3, first_colour="w",
...     players=(
...         TrfPlayer(1, "Alpha, A", 2100, Fraction(1), 1, games=(TrfGame(1, 2, "w", "1"),)),
...         TrfPlayer(2, "Beta, B", 2000, Fraction(0), 2, games=(TrfGame(1, 1, "b", "0"),)),
...     ))
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

#: a result as a round's cell gives it: played (``1 0 =`` and ``W L D``), by
#: forfeit (``+ -``), a bye (``H`` half, ``F`` full, ``U`` the pairing's,
#: ``Z`` zero), or none yet (a space)
RESULTS = frozenset("10=WLD+-HFUZ ")
#: results of a game played over the board
PLAYED = frozenset("10=WLD")
#: results of a round without an opponent
BYES = frozenset("HFUZ+-= ")
COLOURS = frozenset("wb- ")
#: the header lines read, by their code
_HEADERS = {
    "012": "name",
    "022": "city",
    "032": "federation",
    "042": "start",
    "052": "end",
    "102": "arbiter",
}
_FIRST_CELL = 91  # column 92 counted from 1
_CELL = 10


class TrfError(ValueError):
    """A line of a TRF that cannot be read (``line`` counts from 1; 0 for
    what a whole file lacks or a value that cannot be written)."""

    def __init__(self, line: int, reason: str) -> None:
        super().__init__(f"line {line}: {reason}" if line else reason)
        self.line = line
        self.reason = reason


@dataclass(frozen=True)
class TrfGame:
    """One round of a player: ``opponent`` None for a round without one
    (``0000``); ``colour`` ``w``, ``b``, ``-`` (no game) or a space; ``result``
    one character of :data:`RESULTS`, from this player's side."""

    round: int
    opponent: int | None
    colour: str
    result: str

    @property
    def played(self) -> bool:
        """A game over the board (not a forfeit, not a bye)."""
        return self.opponent is not None and self.result in PLAYED


@dataclass(frozen=True)
class TrfPlayer:
    number: int
    name: str
    rating: int | None = None
    points: Fraction = Fraction(0)
    rank: int | None = None
    sex: str = ""
    title: str = ""
    federation: str = ""
    fide_id: str = ""
    birth: str = ""
    games: tuple[TrfGame, ...] = ()

    def game(self, rnd: int) -> TrfGame | None:
        return next((g for g in self.games if g.round == rnd), None)


@dataclass(frozen=True)
class TrfPoints:
    """What each result scores (bbpPairings' BBW BBD BBL BBZ BBF BBU)."""

    win: Fraction = Fraction(1)
    draw: Fraction = Fraction(1, 2)
    loss: Fraction = Fraction(0)
    zero_bye: Fraction = Fraction(0)
    forfeit_loss: Fraction = Fraction(0)
    pab: Fraction = Fraction(1)

    def of(self, game: TrfGame) -> Fraction:
        """What ``game`` scored: H half a win... as bbpPairings counts."""
        r = game.result
        if r in "1W+FU":
            return self.pab if r == "U" else self.win
        if r in "=DH":
            return self.draw
        if r in "0L":
            return self.loss
        if r == "-" and game.opponent is not None:
            return self.forfeit_loss
        return self.zero_bye


@dataclass(frozen=True)
class TrfTournament:
    name: str = ""
    city: str = ""
    federation: str = ""
    start: str = ""
    end: str = ""
    arbiter: str = ""
    rounds: int | None = None
    first_colour: str | None = None
    points: TrfPoints = field(default_factory=TrfPoints)
    players: tuple[TrfPlayer, ...] = ()
    round_dates: tuple[str, ...] = ()
    #: the 092 line: the type of the tournament, free text ("Swiss", "Round robin")
    kind: str = ""

    @property
    def played_rounds(self) -> int:
        """The last round any player has a cell for."""
        return max((g.round for p in self.players for g in p.games), default=0)


_BB_CODES = {
    "BBW": "win",
    "BBD": "draw",
    "BBL": "loss",
    "BBZ": "zero_bye",
    "BBF": "forfeit_loss",
    "BBU": "pab",
}


def read_trf(text: str) -> TrfTournament:
    """The tournament of a TRF; :class:`TrfError` on a line it cannot read
    or on players' lines that contradict each other."""
    headers: dict[str, str] = {}
    rounds: int | None = None
    first_colour: str | None = None
    points: dict[str, Fraction] = {}
    players: list[TrfPlayer] = []
    lines: dict[int, int] = {}
    dates: tuple[str, ...] = ()
    kind = ""
    text = text.removeprefix("\ufeff")
    for number, raw in enumerate(text.replace("\r\n", "\n").replace("\r", "\n").split("\n"), 1):
        line = raw.rstrip()
        code = line[:3]
        if code == "001":
            player = _read_player(line, number)
            if player.number in lines:
                raise TrfError(
                    number,
                    f"start number {player.number} is already on line {lines[player.number]}",
                )
            lines[player.number] = number
            players.append(player)
        elif code in _HEADERS:
            headers[_HEADERS[code]] = line[4:].strip()
        elif code == "092":
            kind = line[4:].strip()
        elif code == "132":
            dates = _read_dates(line)
        elif code in ("XXR", "142"):
            value = line[3:].strip()
            if not value.isdigit() or int(value) < 1:
                raise TrfError(number, f"the number of rounds {value!r} is not a number above 0")
            rounds = int(value)
        elif code == "XXC":
            for token in line[3:].split():
                if token in ("white1", "black1"):
                    first_colour = token[0]
        elif code in _BB_CODES:
            points[_BB_CODES[code]] = _read_points(line[3:], number)
    if "win" in points and "pab" not in points:
        points["pab"] = points["win"]
    result = TrfTournament(
        name=headers.get("name", ""),
        city=headers.get("city", ""),
        federation=headers.get("federation", ""),
        start=headers.get("start", ""),
        end=headers.get("end", ""),
        arbiter=headers.get("arbiter", ""),
        rounds=rounds,
        first_colour=first_colour,
        points=TrfPoints(**points),
        players=tuple(players),
        round_dates=dates,
        kind=kind,
    )
    _check_pairs(result, lines)
    return result


def _read_player(line: str, number: int) -> TrfPlayer:
    if len(line) < 84:
        raise TrfError(number, "a player's line (001) ends before the points (columns 81-84)")
    start = _read_number(line[4:8], number, "start number")
    if start is None or start == 0:
        raise TrfError(number, "the start number (columns 5-8) is missing")
    rating = _read_number(line[48:52], number, "rating")
    rank = _read_number(line[85:89], number, "rank")
    score = _read_points(line[80:84], number)
    games: list[TrfGame] = []
    pos = _FIRST_CELL
    while pos - 2 < len(line):
        if line[pos - 2 : pos].strip():
            raise TrfError(number, f"column {pos - 1}: expected the spaces between two rounds")
        if pos >= len(line):
            break
        cell = line[pos : pos + 8].ljust(8)
        rnd = (pos - _FIRST_CELL) // _CELL + 1
        game = _read_cell(cell, rnd, start, number)
        if game is not None:
            games.append(game)
        pos += _CELL
    return TrfPlayer(
        number=start,
        name=line[14:47].strip(),
        rating=rating or None,
        points=score,
        rank=rank,
        sex=line[9].strip(),
        title=line[10:13].strip(),
        federation=line[53:56].strip(),
        fide_id=line[57:68].strip(),
        birth=line[69:79].strip(),
        games=tuple(games),
    )


def _read_cell(cell: str, rnd: int, player: int, number: int) -> TrfGame | None:
    where = f"round {rnd} (column {_FIRST_CELL + 1 + (rnd - 1) * _CELL})"
    if not cell.strip():
        return None
    if cell[4] != " " or cell[6] != " ":
        raise TrfError(number, f"{where}: {cell!r} is not 'oooo c r'")
    opp = cell[:4]
    colour = cell[5]
    result = cell[7].upper()
    if colour not in COLOURS:
        raise TrfError(number, f"{where}: colour {colour!r} is not w, b or -")
    if result not in RESULTS:
        raise TrfError(number, f"{where}: result {cell[7]!r} is not one of 1 0 = + - W L D H F U Z")
    opponent = _read_number(opp, number, f"{where}: opponent")
    if opponent == 0:
        opponent = None
    if opponent == player:
        raise TrfError(number, f"{where}: the player meets himself")
    if opponent is None:
        if colour in "wb":
            raise TrfError(number, f"{where}: a colour without an opponent")
        if result not in BYES:
            raise TrfError(number, f"{where}: result {result!r} without an opponent")
    elif result in "HFUZ":
        raise TrfError(number, f"{where}: a bye ({result}) against player {opponent}")
    elif result in PLAYED and colour not in "wb":
        raise TrfError(number, f"{where}: a game played without a colour")
    elif result == " ":
        raise TrfError(number, f"{where}: a pairing without a result")
    return TrfGame(rnd, opponent, colour, result)


def _read_number(text: str, number: int, what: str) -> int | None:
    value = text.strip()
    if not value:
        return None
    if not value.isdigit():
        raise TrfError(number, f"{what} {value!r} is not a number")
    return int(value)


def _read_points(text: str, number: int) -> Fraction:
    value = text.strip()
    try:
        if not value or not value.replace(".", "", 1).isdigit():
            raise ValueError(value)
        return Fraction(value)
    except ValueError:
        raise TrfError(number, f"points {value!r} are not a number like 2.5") from None


def _read_dates(line: str) -> tuple[str, ...]:
    dates: list[str] = []
    pos = _FIRST_CELL
    while pos < len(line):
        dates.append(line[pos : pos + 8].strip())
        pos += _CELL
    return tuple(dates)


def _check_pairs(t: TrfTournament, lines: dict[int, int]) -> None:
    """Each game with an opponent appears on the opponent's line too, the
    other colour, the other result."""
    by_number = {p.number: p for p in t.players}
    for p in t.players:
        for g in p.games:
            if g.opponent is None:
                continue
            where = f"round {g.round}: player {p.number} meets {g.opponent}"
            other = by_number.get(g.opponent)
            if other is None:
                raise TrfError(lines[p.number], f"{where}, who has no line")
            back = other.game(g.round)
            if back is None or back.opponent != p.number:
                raise TrfError(lines[p.number], f"{where}, whose line says otherwise")
            if g.played and (back.colour == g.colour or not back.played):
                raise TrfError(lines[p.number], f"{where}: the colours or results disagree")


def write_trf(t: TrfTournament) -> str:
    """The TRF of ``t``, column-exact; players in start-number order."""
    out: list[str] = []
    head = [
        ("012", t.name),
        ("022", t.city),
        ("032", t.federation),
        ("042", t.start),
        ("052", t.end),
        ("062", str(len(t.players))),
        ("072", str(sum(1 for p in t.players if p.rating))),
        ("092", t.kind),
        ("102", t.arbiter),
    ]
    out += [f"{code} {_one_line(value)}" for code, value in head if value]
    if t.round_dates:
        row = "132" + " " * (_FIRST_CELL - 3)
        out.append((row + "".join(f"{d:<8}  " for d in t.round_dates)).rstrip())
    out += [_player_line(p) for p in sorted(t.players, key=lambda p: p.number)]
    if t.rounds is not None:
        out.append(f"XXR {t.rounds}")
    if t.first_colour is not None:
        out.append("XXC " + {"w": "white1", "b": "black1"}[t.first_colour])
    out += _point_lines(t.points)
    return "\n".join(out) + "\n"


def _one_line(value: str) -> str:
    return " ".join(value.split())


def _player_line(p: TrfPlayer) -> str:
    if not 0 < p.number <= 9999:
        raise TrfError(0, f"start number {p.number} does not fit in 4 columns")
    fields = [
        "001",
        f"{p.number:>4}",
        f"{_fit(p.sex, 1):<1}{_fit(p.title, 3):<3}",
        f"{_fit(_one_line(p.name), 33):<33}",
        f"{p.rating or '':>4}",
        f"{_fit(p.federation, 3):<3}",
        f"{_fit(p.fide_id, 11):>11}",
        f"{_fit(p.birth, 10):<10}",
        f"{_points(p.points):>4}",
        f"{p.rank or '':>4}",
    ]
    line = " ".join(fields)
    last = max((g.round for g in p.games), default=0)
    cells = []
    for rnd in range(1, last + 1):
        g = p.game(rnd)
        if g is None:
            cells.append(" " * 8)
        else:
            opp = "0000" if g.opponent is None else f"{g.opponent:>4}"
            cells.append(f"{opp} {g.colour} {g.result}")
    return (line + " " + "".join(f" {c} " for c in cells)).rstrip()


def _fit(value: str, width: int) -> str:
    return value.strip()[:width]


def _points(value: Fraction) -> str:
    tenths = value * 10
    if tenths.denominator != 1 or tenths < 0 or tenths > 999:
        raise TrfError(0, f"points {value} cannot be written as 0.0 to 99.9")
    return f"{tenths.numerator // 10}.{tenths.numerator % 10}"


def _point_lines(points: TrfPoints) -> list[str]:
    """The BB lines of the point values that differ from bbpPairings' defaults
    (a pairing-allocated bye scores a win unless BBU says otherwise)."""
    defaults = {
        "win": Fraction(1),
        "draw": Fraction(1, 2),
        "loss": Fraction(0),
        "zero_bye": Fraction(0),
        "forfeit_loss": Fraction(0),
        "pab": points.win,
    }
    return [
        f"{code} {_points(getattr(points, name)):>4}"
        for code, name in _BB_CODES.items()
        if getattr(points, name) != defaults[name]
    ]
