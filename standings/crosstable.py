"""The crosstable of a round-robin section, with the tie-breaks of Art. 38-39.

Pure: players and finished games in, a :class:`Crosstable` out.

Scores count 1, ½ and 0. A game decided without play (a withdrawal or a
default) is shown "+" for the winner and "-" for the loser and scores like a
win (Art. 33.1). A withdrawn player who finished fewer than half of their
games (33.1.1) keeps their results in the table, but nothing scored by them
or against them counts in the final standings: such cells are shown in
brackets. Games annulled by an exclusion are shown "-"/"+" and never count.

Tie-breaks, in the order the regulations give (39.3.1 recommends head-to-head,
wins, Sonneborn-Berger, Koya):

- ``head_to_head`` (38.5): when all the tied players met each other, the
  points they scored in those games; otherwise it does not separate them.
- ``wins`` (39.3.1.2): games won, unplayed wins included.
- ``sonneborn_berger`` (38.6.1, 38.6.2): the sum over opponents of the points
  scored against them times their score (single round: beaten opponents'
  scores plus half of drawn ones'; double round: the same product over both
  games); unplayed games count as played (37.2).
- ``koya`` (38.3): points scored against opponents who made 50% or more.
- ``black`` (38.4): games played with Black (unplayed games count as White).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction


class Tiebreak(enum.StrEnum):
    HEAD_TO_HEAD = "head_to_head"
    WINS = "wins"
    SONNEBORN_BERGER = "sonneborn_berger"
    KOYA = "koya"
    BLACK = "black"


#: Art. 39.3.1, individual round robins
DEFAULT_TIEBREAKS: tuple[Tiebreak, ...] = (
    Tiebreak.HEAD_TO_HEAD,
    Tiebreak.WINS,
    Tiebreak.SONNEBORN_BERGER,
    Tiebreak.KOYA,
)

_SCORES = {"1-0": (Fraction(1), Fraction(0)), "0-1": (Fraction(0), Fraction(1))}
_HALF = Fraction(1, 2)


@dataclass(frozen=True)
class GameRecord:
    """One game of the section as the table needs it.

    ``result`` is "1-0", "0-1", "1/2-1/2", or "*" for a game not (yet)
    decided; ``played`` is False for a result given without play (a
    withdrawal, a default); ``annulled`` for a game not counted at all.
    ``round`` tells the matches of a team event apart (two teams meet once a
    cycle); individual tables do not need it.
    """

    white: str
    black: str
    result: str
    played: bool = True
    annulled: bool = False
    round: int = 0

    def __post_init__(self) -> None:
        if self.result not in ("1-0", "0-1", "1/2-1/2", "*"):
            raise ValueError(f"{self.result!r} is not a game result (1-0, 0-1, 1/2-1/2, *)")
        if self.white == self.black:
            raise ValueError(f"{self.white!r} cannot play themself")


@dataclass(frozen=True)
class Cell:
    """One game in one player's row: "1", "½", "0", "+", "-", or "*"."""

    text: str
    counted: bool

    def __str__(self) -> str:
        return self.text if self.counted or self.text == "*" else f"({self.text})"


@dataclass(frozen=True)
class Row:
    player: str
    #: 1-based places; equal for players the tie-breaks do not separate
    place: int
    place_to: int
    points: Fraction
    tiebreaks: dict[str, Fraction]
    #: cells by opponent, one per game against them (two in a double round)
    cells: dict[str, tuple[Cell, ...]]
    games_counted: int
    #: withdrawn with fewer than half of their games finished (33.1.1)
    not_counted: bool = False
    withdrawn: bool = False

    @property
    def place_text(self) -> str:
        return str(self.place) if self.place == self.place_to else f"{self.place}-{self.place_to}"


@dataclass(frozen=True)
class Crosstable:
    #: the players in starting order (the table's columns)
    players: tuple[str, ...]
    rows: tuple[Row, ...]
    tiebreaks: tuple[Tiebreak, ...] = field(default=DEFAULT_TIEBREAKS)

    def row(self, player: str) -> Row:
        for row in self.rows:
            if row.player == player:
                return row
        raise KeyError(player)

    def text(
        self,
        names: dict[str, str] | None = None,
        headings: Mapping[str, str] | None = None,
        *,
        decimal_comma: bool = False,
    ) -> str:
        """The table as plain text, in final order, for mail and the console.

        ``headings`` names the columns in the reader's language: ``points`` and
        each tie-break by its code (default "Pts" and the codes, cut to 6);
        ``decimal_comma`` writes fractions as that language does.
        """
        names = names or {}
        label = (headings or {}).get
        number = {p: i + 1 for i, p in enumerate(self.players)}
        width = max([len(names.get(p, p)) for p in self.players] + [4])
        head = f"{'':>5} {'':<{width}} " + " ".join(f"{number[p]:>4}" for p in self.players)
        head += f"{label('points', 'Pts')[:5]:>6} " + " ".join(
            f"{label(t.value, t.value)[:6]:>6}" for t in self.tiebreaks
        )
        lines = [head]
        for row in self.rows:
            cells = []
            for p in self.players:
                mine = row.cells.get(p)
                cells.append(
                    f"{'X':>4}" if p == row.player else f"{''.join(map(str, mine or ())):>4}"
                )
            mark = "*" if row.not_counted else " "
            tbs = " ".join(
                f"{_show(row.tiebreaks[t.value], decimal_comma):>6}" for t in self.tiebreaks
            )
            lines.append(
                f"{row.place_text:>5} {names.get(row.player, row.player):<{width}} "
                + " ".join(cells)
                + f" {_show(row.points, decimal_comma):>5}{mark}"
                + tbs
            )
        return "\n".join(lines)


def _show(value: Fraction, decimal_comma: bool = False) -> str:
    """A score as tables print it: halves as "½", other fractions as decimals,
    with a comma where the reader's language writes one.

    >>> _show(Fraction(5, 2)), _show(Fraction(1, 4)), _show(Fraction(1, 4), decimal_comma=True)
    ('2½', '0.25', '0,25')
    """
    whole, part = divmod(value, 1)
    if part == 0:
        return str(int(whole))
    if part == _HALF:
        return ("" if whole == 0 else str(int(whole))) + "½"
    shown = f"{float(value):g}"
    return shown.replace(".", ",") if decimal_comma else shown


def crosstable(
    players: Sequence[str],
    games: Iterable[GameRecord],
    *,
    withdrawn: Iterable[str] = (),
    tiebreaks: Sequence[Tiebreak | str] = DEFAULT_TIEBREAKS,
) -> Crosstable:
    """The crosstable of a round robin among ``players`` (in starting order).

    >>> t = crosstable(["a", "b", "c"], [GameRecord("a", "b", "1-0"),
    ...     GameRecord("b", "c", "1/2-1/2"), GameRecord("c", "a", "0-1")])
    >>> [(r.player, r.place, str(r.points)) for r in t.rows]
    [('a', 1, '2'), ('b', 2, '1/2'), ('c', 2, '1/2')]
    """
    order = tuple(players)
    if len(set(order)) != len(order):
        raise ValueError(f"players listed twice: {order!r}")
    known = set(order)
    gone = set(withdrawn)
    chosen = tuple(Tiebreak(t) for t in tiebreaks)
    all_games = list(games)
    for g in all_games:
        if g.white not in known or g.black not in known:
            raise ValueError(f"game {g.white}-{g.black} has a player not in the section")

    # 33.1: a withdrawn player who finished fewer than half of their games.
    excluded: set[str] = set()
    for p in gone:
        theirs = [g for g in all_games if p in (g.white, g.black)]
        finished = sum(1 for g in theirs if g.played and g.result != "*" and not g.annulled)
        if theirs and 2 * finished < len(theirs):
            excluded.add(p)

    cells: dict[str, dict[str, list[Cell]]] = {p: {} for p in order}
    # points scored against each opponent in counted games
    against: dict[str, dict[str, Fraction]] = {p: {} for p in order}
    counted_games: dict[str, int] = dict.fromkeys(order, 0)
    wins: dict[str, int] = dict.fromkeys(order, 0)
    blacks: dict[str, int] = dict.fromkeys(order, 0)
    for g in all_games:
        counted = not g.annulled and g.result != "*" and not ({g.white, g.black} & excluded)
        if g.annulled:
            w_text, b_text = ("-", "+") if g.white in gone else ("+", "-")
            if g.white in gone and g.black in gone:
                w_text = b_text = "-"
        elif g.result == "*":
            w_text = b_text = "*"
        elif g.result == "1/2-1/2":
            w_text = b_text = "½"
        else:
            white_won = g.result == "1-0"
            if g.played:
                w_text, b_text = ("1", "0") if white_won else ("0", "1")
            else:
                w_text, b_text = ("+", "-") if white_won else ("-", "+")
        cells[g.white].setdefault(g.black, []).append(Cell(w_text, counted))
        cells[g.black].setdefault(g.white, []).append(Cell(b_text, counted))
        if not counted:
            continue
        ws, bs = _SCORES.get(g.result, (_HALF, _HALF))
        against[g.white][g.black] = against[g.white].get(g.black, Fraction(0)) + ws
        against[g.black][g.white] = against[g.black].get(g.white, Fraction(0)) + bs
        counted_games[g.white] += 1
        counted_games[g.black] += 1
        wins[g.white] += ws == 1
        wins[g.black] += bs == 1
        blacks[g.black] += g.played

    points = {p: sum(against[p].values(), Fraction(0)) for p in order}
    values: dict[str, dict[str, Fraction]] = {p: {} for p in order}
    for p in order:
        for t in chosen:
            if t == Tiebreak.WINS:
                values[p][t.value] = Fraction(wins[p])
            elif t == Tiebreak.BLACK:
                values[p][t.value] = Fraction(blacks[p])
            elif t == Tiebreak.SONNEBORN_BERGER:
                values[p][t.value] = sum(
                    (s * points[o] for o, s in against[p].items()), Fraction(0)
                )
            elif t == Tiebreak.KOYA:
                values[p][t.value] = sum(
                    (
                        s
                        for o, s in against[p].items()
                        if counted_games[o] and 2 * points[o] >= counted_games[o]
                    ),
                    Fraction(0),
                )
    if Tiebreak.HEAD_TO_HEAD in chosen:
        _head_to_head(order, points, against, values, excluded)

    def key(p: str) -> tuple[object, ...]:
        return (p in excluded, -points[p], *(-values[p][t.value] for t in chosen))

    ranked = sorted(order, key=lambda p: (key(p), order.index(p)))
    rows: list[Row] = []
    i = 0
    while i < len(ranked):
        j = i
        while j + 1 < len(ranked) and key(ranked[j + 1]) == key(ranked[i]):
            j += 1
        for p in ranked[i : j + 1]:
            rows.append(
                Row(
                    player=p,
                    place=i + 1,
                    place_to=j + 1,
                    points=points[p],
                    tiebreaks=values[p],
                    cells={o: tuple(c) for o, c in cells[p].items()},
                    games_counted=counted_games[p],
                    not_counted=p in excluded,
                    withdrawn=p in gone,
                )
            )
        i = j + 1
    return Crosstable(players=order, rows=tuple(rows), tiebreaks=chosen)


def _head_to_head(
    order: Sequence[str],
    points: dict[str, Fraction],
    against: dict[str, dict[str, Fraction]],
    values: dict[str, dict[str, Fraction]],
    excluded: set[str],
) -> None:
    """38.5: within each group on equal points, if all of them met each other."""
    groups: dict[Fraction, list[str]] = {}
    for p in order:
        if p not in excluded:
            groups.setdefault(points[p], []).append(p)
    for p in excluded:
        values[p][Tiebreak.HEAD_TO_HEAD.value] = Fraction(0)
    for group in groups.values():
        met_all = all(o in against[p] for p in group for o in group if o != p)
        for p in group:
            score = sum((against[p][o] for o in group if o != p), Fraction(0)) if met_all else 0
            values[p][Tiebreak.HEAD_TO_HEAD.value] = Fraction(score)
