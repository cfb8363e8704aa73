"""The Swiss system (Art. 26, 31.7): the starting order, and the Swiss table
with the tie-breaks of Art. 39.3.3 and 39.3.4. Pure: no I/O, no clock.

Pairing the next round is the Dutch system of FIDE C.04.3, in
:mod:`standings.dutch`.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

WHITE = "W"
BLACK = "B"

_HALF = Fraction(1, 2)


def starting_order(players: Iterable[tuple[str, int | None, str]]) -> list[str]:
    """The starting ranks: ``(id, rating, name)`` by rating, highest first,
    then by name; the unrated last, by name.

    >>> starting_order([("a", None, "Ann"), ("b", 2100, "Bob"), ("c", 2100, "Ada")])
    ['c', 'b', 'a']
    """
    ranked = sorted(players, key=lambda p: (p[1] is None, -(p[1] or 0), p[2], p[0]))
    return [p[0] for p in ranked]


# --------------------------------------------------------------- the table


class SwissTiebreak(enum.StrEnum):
    """The tie-breaks of a Swiss (Art. 38, 39.3.3, 39.3.4)."""

    HEAD_TO_HEAD = "head_to_head"
    WINS = "wins"
    BLACK = "black"
    AVERAGE_RATING = "average_rating"
    BUCHHOLZ_CUT1 = "buchholz_cut1"
    BUCHHOLZ_MEDIAN1 = "buchholz_median1"
    BUCHHOLZ = "buchholz"
    SONNEBORN_BERGER = "sonneborn_berger"


#: Art. 39.3.4, a Swiss whose players' ratings differ widely
SWISS_TIEBREAKS: tuple[SwissTiebreak, ...] = (
    SwissTiebreak.HEAD_TO_HEAD,
    SwissTiebreak.WINS,
    SwissTiebreak.BLACK,
    SwissTiebreak.BUCHHOLZ_CUT1,
    SwissTiebreak.BUCHHOLZ,
    SwissTiebreak.SONNEBORN_BERGER,
)
#: Art. 39.3.3, a Swiss of players of close ratings
SWISS_TIEBREAKS_CLOSE: tuple[SwissTiebreak, ...] = (
    SwissTiebreak.HEAD_TO_HEAD,
    SwissTiebreak.WINS,
    SwissTiebreak.BLACK,
    SwissTiebreak.AVERAGE_RATING,
    SwissTiebreak.BUCHHOLZ_CUT1,
    SwissTiebreak.BUCHHOLZ,
    SwissTiebreak.SONNEBORN_BERGER,
)

_POINTS = {"1-0": (Fraction(1), Fraction(0)), "0-1": (Fraction(0), Fraction(1))}


@dataclass(frozen=True)
class SwissEntrant:
    id: str
    #: the starting rank, the number the table shows
    number: int
    rating: int | None = None
    withdrawn: bool = False


@dataclass(frozen=True)
class SwissGame:
    round: int
    white: str
    black: str
    #: "1-0", "0-1", "1/2-1/2", or "*" while it is played
    result: str
    #: False for a result given without play (a withdrawal, a default)
    played: bool = True
    #: not counted at all (an exclusion)
    annulled: bool = False


@dataclass(frozen=True)
class RoundCell:
    """A player's round as Swiss tables print it: the opponent's number, the
    colour and the result ("1", "½", "0", "+", "-", "*"); no opponent for a
    bye (``bye``) or a round not paired (after a withdrawal)."""

    round: int
    opponent: str | None
    opponent_number: int | None
    colour: str
    result: str
    points: Fraction
    bye: bool = False

    def __str__(self) -> str:
        if self.bye:
            return f"bye{self.result}"
        if self.opponent is None:
            return "-"
        return f"{self.opponent_number}{self.colour.lower()}{self.result}"


def _cell(cell: RoundCell, label: Callable[[str, str], str]) -> str:
    """A round's cell in a text table: the bye, or opponent, colour, result,
    with the reader's words for the bye and the colours."""
    if cell.bye:
        return label("bye", "bye")[:4] + cell.result
    if cell.opponent is None:
        return "-"
    colour = label("w", "w") if cell.colour == "W" else label("b", "b")
    return f"{cell.opponent_number}{colour}{cell.result}"


@dataclass(frozen=True)
class SwissRow:
    player: str
    number: int
    place: int
    place_to: int
    points: Fraction
    tiebreaks: dict[str, Fraction]
    rounds: tuple[RoundCell, ...]
    withdrawn: bool = False

    @property
    def place_text(self) -> str:
        return str(self.place) if self.place == self.place_to else f"{self.place}-{self.place_to}"


@dataclass(frozen=True)
class SwissTable:
    rows: tuple[SwissRow, ...]
    tiebreaks: tuple[SwissTiebreak, ...]
    rounds: int

    def row(self, player: str) -> SwissRow:
        for row in self.rows:
            if row.player == player:
                return row
        raise KeyError(player)

    def text(
        self,
        names: Mapping[str, str] | None = None,
        headings: Mapping[str, str] | None = None,
        *,
        decimal_comma: bool = False,
    ) -> str:
        """The table as plain text, in final order: place, number, name, each
        round (opponent, colour, result), points and the tie-breaks."""
        from standings.crosstable import _show

        names = names or {}
        label = (headings or {}).get
        width = max([len(names.get(r.player, r.player)) for r in self.rows] + [4])
        head = f"{'':>5} {'':>3} {'':<{width}} " + " ".join(
            f"{r:>6}" for r in range(1, self.rounds + 1)
        )
        head += f" {label('points', 'Pts')[:5]:>5} " + " ".join(
            f"{label(t.value, t.value)[:6]:>6}" for t in self.tiebreaks
        )
        lines = [head]
        for row in self.rows:
            cells = " ".join(f"{_cell(c, label):>6}" for c in row.rounds)
            mark = "*" if row.withdrawn else " "
            tbs = " ".join(
                f"{_show(row.tiebreaks[t.value], decimal_comma):>6}" for t in self.tiebreaks
            )
            lines.append(
                f"{row.place_text:>5} {row.number:>3} {names.get(row.player, row.player):<{width}} "
                f"{cells} {_show(row.points, decimal_comma):>5}{mark}{tbs}"
            )
        return "\n".join(lines)


def swiss_table(
    players: Sequence[SwissEntrant],
    games: Iterable[SwissGame],
    *,
    byes: Mapping[str, tuple[int, Fraction]] | None = None,
    rounds: int | None = None,
    tiebreaks: Sequence[SwissTiebreak | str] = SWISS_TIEBREAKS,
) -> SwissTable:
    """The Swiss table after ``rounds`` rounds (default: the last round with a
    game or a bye), ranked by points and then ``tiebreaks`` in order.

    ``byes``: player -> (round, points) of his bye. A withdrawn player keeps
    his points and his opponents theirs (33.2).

    The tie-breaks (every one counts higher as better):

    - ``head_to_head`` (38.5): among the players on equal points, if all of
      them met each other, the points they scored in those games.
    - ``wins``: games won, with or without play, and a bye worth a win.
    - ``black`` (38.4): games played with Black; unplayed ones count as White.
    - ``average_rating`` (38.1): the sum of the ratings of the opponents met
      in games actually played, divided by the number of those games (the
      unrated left out), rounded to a whole number.
    - ``buchholz`` (38.2), ``buchholz_cut1`` (38.2.3: less the lowest
      opponent's score), ``buchholz_median1`` (38.2.1: less the highest and
      the lowest): each opponent's score with his unplayed games counted as
      draws (37.1); a round the player did not play (a bye, a result given
      without play, a round not paired after withdrawing) counts a virtual
      opponent with ``SPR + (1 - SfPR) + 0.5 * (n - R)`` (37.1): the
      player's points before that round R, the complement of what he got in
      it, and a draw in every later round up to the last, ``n``.
    - ``sonneborn_berger`` (38.6.1): the sum of the points scored against
      each opponent times that opponent's score; unplayed games count as
      played, with their results (37.2), and a bye as a game against the
      virtual opponent of 37.1, scored as the bye was.
    """
    by_id = {p.id: p for p in players}
    if len(by_id) != len(players):
        raise ValueError("players listed twice")
    chosen = tuple(SwissTiebreak(t) for t in tiebreaks)
    given = dict(byes or {})
    all_games = [g for g in games if not g.annulled]
    for g in all_games:
        if g.white not in by_id or g.black not in by_id:
            raise ValueError(f"game {g.white}-{g.black} has a player not in the section")
    last = max([g.round for g in all_games] + [r for r, _ in given.values()] + [0])
    n = last if rounds is None else rounds

    # Each player's rounds 1..n.
    cells: dict[str, dict[int, RoundCell]] = {p.id: {} for p in players}
    # (opponent, points scored, played, finished) by round
    for g in all_games:
        if g.round > n:
            continue
        done = g.result != "*"
        ws, bs = _POINTS.get(g.result, (_HALF, _HALF)) if done else (Fraction(0), Fraction(0))
        for me, them, colour, mine in (
            (g.white, g.black, WHITE, ws),
            (g.black, g.white, BLACK, bs),
        ):
            cells[me][g.round] = RoundCell(
                round=g.round,
                opponent=them,
                opponent_number=by_id[them].number,
                colour=colour,
                result=_result_text(g, mine) if done else "*",
                points=mine,
            )
    for player, (rnd, pts) in given.items():
        if rnd <= n:
            cells[player][rnd] = RoundCell(
                round=rnd,
                opponent=None,
                opponent_number=None,
                colour="",
                result=_bye_text(pts),
                points=pts,
                bye=True,
            )
    rows_cells = {
        p.id: tuple(
            cells[p.id].get(r, RoundCell(r, None, None, "", "", Fraction(0)))
            for r in range(1, n + 1)
        )
        for p in players
    }
    points = {pid: sum((c.points for c in cs), Fraction(0)) for pid, cs in rows_cells.items()}

    def played(c: RoundCell) -> bool:
        return c.opponent is not None and c.result in ("1", "½", "0")

    def running(c: RoundCell) -> bool:
        return c.result == "*"  # a game still being played counts nothing yet

    # 37.1: an opponent's score for Buchholz, his unplayed rounds as draws
    adjusted = {
        pid: sum((c.points if played(c) else _HALF for c in cs if not running(c)), Fraction(0))
        for pid, cs in rows_cells.items()
    }

    def virtual(cs: tuple[RoundCell, ...], c: RoundCell) -> Fraction:
        before = sum((x.points for x in cs[: c.round - 1]), Fraction(0))
        return virtual_opponent(before, c.points, c.round, n)

    values: dict[str, dict[str, Fraction]] = {p.id: {} for p in players}
    for p in players:
        cs = rows_cells[p.id]
        bh_terms = [
            adjusted[c.opponent] if played(c) and c.opponent is not None else virtual(cs, c)
            for c in cs
            if not running(c)
        ]
        sb = Fraction(0)
        for c in cs:
            if c.opponent is not None and c.result != "*":
                sb += c.points * points[c.opponent]
            elif c.bye:
                sb += c.points * virtual(cs, c)
        rated = [
            by_id[c.opponent].rating
            for c in cs
            if played(c) and c.opponent is not None and by_id[c.opponent].rating is not None
        ]
        v = values[p.id]
        for t in chosen:
            if t == SwissTiebreak.WINS:
                v[t.value] = Fraction(sum(1 for c in cs if c.points == 1))
            elif t == SwissTiebreak.BLACK:
                v[t.value] = Fraction(sum(1 for c in cs if played(c) and c.colour == BLACK))
            elif t == SwissTiebreak.AVERAGE_RATING:
                total = sum(r for r in rated if r is not None)
                v[t.value] = (
                    Fraction(_round_half_up(Fraction(total, len(rated)))) if rated else Fraction(0)
                )
            elif t == SwissTiebreak.BUCHHOLZ:
                v[t.value] = sum(bh_terms, Fraction(0))
            elif t == SwissTiebreak.BUCHHOLZ_CUT1:
                v[t.value] = sum(bh_terms, Fraction(0)) - min(bh_terms, default=Fraction(0))
            elif t == SwissTiebreak.BUCHHOLZ_MEDIAN1:
                cut = min(bh_terms, default=Fraction(0)) + max(bh_terms, default=Fraction(0))
                v[t.value] = sum(bh_terms, Fraction(0)) - (cut if len(bh_terms) > 1 else 0)
            elif t == SwissTiebreak.SONNEBORN_BERGER:
                v[t.value] = sb
    if SwissTiebreak.HEAD_TO_HEAD in chosen:
        groups: dict[Fraction, list[str]] = {}
        for p in players:
            groups.setdefault(points[p.id], []).append(p.id)
        for group in groups.values():
            met: dict[str, dict[str, Fraction]] = {pid: {} for pid in group}
            for pid in group:
                for c in rows_cells[pid]:
                    if c.opponent in met and c.result != "*":
                        met[pid][c.opponent] = met[pid].get(c.opponent, Fraction(0)) + c.points
            all_met = all(o in met[pid] for pid in group for o in group if o != pid)
            for pid in group:
                score = sum(met[pid].values(), Fraction(0)) if all_met else Fraction(0)
                values[pid][SwissTiebreak.HEAD_TO_HEAD.value] = score

    def key(pid: str) -> tuple[Fraction, ...]:
        return (-points[pid], *(-values[pid][t.value] for t in chosen))

    ranked = sorted((p.id for p in players), key=lambda pid: (key(pid), by_id[pid].number))
    rows: list[SwissRow] = []
    i = 0
    while i < len(ranked):
        j = i
        while j + 1 < len(ranked) and key(ranked[j + 1]) == key(ranked[i]):
            j += 1
        for pid in ranked[i : j + 1]:
            rows.append(
                SwissRow(
                    player=pid,
                    number=by_id[pid].number,
                    place=i + 1,
                    place_to=j + 1,
                    points=points[pid],
                    tiebreaks=values[pid],
                    rounds=rows_cells[pid],
                    withdrawn=by_id[pid].withdrawn,
                )
            )
        i = j + 1
    return SwissTable(rows=tuple(rows), tiebreaks=chosen, rounds=n)


def virtual_opponent(before: Fraction, got: Fraction, rnd: int, rounds: int) -> Fraction:
    """Art. 37.1: the score after ``rounds`` rounds of the virtual opponent of a
    player who had none in round ``rnd``, having ``before`` points before it
    and getting ``got`` in it: ``SPR + (1 - SfPR) + 0.5 * (n - R)``."""
    return before + (1 - got) + _HALF * (rounds - rnd)


def _result_text(game: SwissGame, points: Fraction) -> str:
    if points == _HALF:
        return "½"
    if game.played:
        return "1" if points == 1 else "0"
    return "+" if points == 1 else "-"


def _bye_text(points: Fraction) -> str:
    return {Fraction(1): "+", _HALF: "½", Fraction(0): "-"}.get(points, str(points))


def _round_half_up(value: Fraction) -> int:
    """A whole number, halves up.

    >>> _round_half_up(Fraction(5, 2)), _round_half_up(Fraction(7, 3))
    (3, 2)
    """
    return int((value + _HALF) // 1)


__all__ = [
    "BLACK",
    "SWISS_TIEBREAKS",
    "SWISS_TIEBREAKS_CLOSE",
    "WHITE",
    "RoundCell",
    "SwissEntrant",
    "SwissGame",
    "SwissRow",
    "SwissTable",
    "SwissTiebreak",
    "starting_order",
    "swiss_table",
    "virtual_opponent",
]
