"""The Swiss system (Art. 26, 31.7): pairing the next round, and the Swiss table
with the tie-breaks of Art. 39.3.3 and 39.3.4. Pure: no I/O, no clock.

Pairing: the Dutch system in essence (FIDE C.04.3), announced in advance as
the regulations require (31.7). The players still in the event are ranked by
score, then by starting rank (the starting list is ordered by rating, then
name). Of all the pairings of the round, the one chosen is the best by these
criteria, each one counting before all those after it:

1. Absolute: two players never meet twice, and no player gets the bye twice.
   No player's colour difference (Whites minus Blacks) goes beyond +2 or -2,
   and nobody gets the same colour three times running; if a round can only
   be paired by breaking this, it is broken as few times as possible.
2. The bye (an odd number of players) goes to the lowest-ranked player of
   the lowest score group who has not had one (and whose taking it leaves
   the others pairable).
3. Score groups, top down. In each score group as many players as possible
   are paired within it; those who cannot be (an odd group, or no opponent
   left they have not met) float down to the next group, as few and as
   little far as possible. Then as few pairs as possible in the group in
   which both players want the same colour.
4. Within each group, the top half against the bottom half in ranking order
   (1st against the first of the lower half, 2nd against the second ...); a
   player floating down meets the highest-ranked player of the group he
   joins; the player who floats out of an odd group is its lowest-ranked. A
   change needed by 1-3 is made as low down as it can be: the
   higher-ranked player keeps the opponent the rule gives him, and his
   partner is changed only if no lower change works (the Dutch system's
   transpositions in S2, then exchanges between the halves).

Where this is not FIDE's text to the letter: exchanges are ordered by the
rule just given (the highest-ranked player keeps his partner first) rather
than by FIDE's sums of pairing numbers, and the criteria on repeated floats
(C.04.3 C.14-C.21) are not applied; the choice of a floater considers the
next group only through its colour clashes.

The search is one maximum-weight matching (:func:`networkx.max_weight_matching`
with ``maxcardinality``: every player is paired if the round can be paired at
all) over the pairs allowed by 1, each pair weighted so that the criteria above
weigh in strict lexicographic order: each criterion is a "digit" of a number
whose base exceeds whatever all the lower digits of a whole round can add up to.
Who floats from and into each group is settled by a first matching without the
criteria of 4, whose outcome fixes the halves of each group for the second.

Colours (FIDE C.04.3 E): a player's preference comes from his played games:
absolute (colour difference beyond 1 either way, or the same colour in the
last two games), strong (difference 1), mild (difference 0: the other colour
than last time). Both players get their preference when they differ; in a
clash the stronger preference wins, then the colours alternate from the last
round in which the two had different colours, and then the higher-ranked
player's preference wins. With no preference on either side (the first
round), the higher-ranked player has White on odd boards and Black on even
boards.

>>> players = [SwissPlayer(str(i), i) for i in range(1, 5)]
>>> [(p.white, p.black) for p in pair_round(players).pairs]
[('1', '3'), ('4', '2')]
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import networkx as nx

WHITE = "W"
BLACK = "B"
#: a round with no game for the player (a bye, or not paired after withdrawing)
NO_GAME = "-"

_HALF = Fraction(1, 2)


class PairingError(ValueError):
    """The round cannot be paired without breaking an absolute rule (a repeat
    pairing, a second bye)."""


@dataclass(frozen=True)
class SwissPlayer:
    """A player as the pairing of the next round sees him."""

    id: str
    #: starting rank: 1 the highest (by rating, then name)
    rank: int
    score: Fraction = Fraction(0)
    #: the colour of each round so far, "W", "B" or "-" (no game played)
    colours: str = ""
    #: whom he has met (a game decided without play counts as met)
    opponents: frozenset[str] = frozenset()
    had_bye: bool = False
    #: withdrawn players are not paired again (33.2)
    withdrawn: bool = False
    rating: int | None = None


@dataclass(frozen=True)
class Pair:
    board: int
    white: str
    black: str


@dataclass(frozen=True)
class RoundPairing:
    pairs: tuple[Pair, ...]
    #: the player with the bye, if the number of players is odd
    bye: str | None = None


class Strength(enum.IntEnum):
    NONE = 0
    MILD = 1
    STRONG = 2
    ABSOLUTE = 3


@dataclass(frozen=True)
class Preference:
    colour: str | None
    strength: Strength


def preference(colours: str) -> Preference:
    """A player's colour preference from the colours of his rounds (C.04.3 A.6).

    >>> preference(""), preference("W-"), preference("WB")
    (Preference(colour=None, strength=<Strength.NONE: 0>), \
Preference(colour='B', strength=<Strength.STRONG: 2>), \
Preference(colour='W', strength=<Strength.MILD: 1>))
    >>> preference("WBB").strength.name, preference("WW").colour
    ('ABSOLUTE', 'B')
    """
    played = colours.replace(NO_GAME, "")
    if not played:
        return Preference(None, Strength.NONE)
    diff = played.count(WHITE) - played.count(BLACK)
    last = played[-1]
    other = BLACK if last == WHITE else WHITE
    if diff > 1:
        return Preference(BLACK, Strength.ABSOLUTE)
    if diff < -1:
        return Preference(WHITE, Strength.ABSOLUTE)
    if len(played) >= 2 and played[-1] == played[-2]:
        return Preference(other, Strength.ABSOLUTE)
    if diff == 1:
        return Preference(BLACK, Strength.STRONG)
    if diff == -1:
        return Preference(WHITE, Strength.STRONG)
    return Preference(other, Strength.MILD)


def starting_order(players: Iterable[tuple[str, int | None, str]]) -> list[str]:
    """The starting ranks: ``(id, rating, name)`` by rating, highest first,
    then by name; the unrated last, by name.

    >>> starting_order([("a", None, "Ann"), ("b", 2100, "Bob"), ("c", 2100, "Ada")])
    ['c', 'b', 'a']
    """
    ranked = sorted(players, key=lambda p: (p[1] is None, -(p[1] or 0), p[2], p[0]))
    return [p[0] for p in ranked]


def pair_round(players: Iterable[SwissPlayer]) -> RoundPairing:
    """Pair the next round among the players not withdrawn (see the module)."""
    order = sorted((p for p in players if not p.withdrawn), key=lambda p: (-p.score, p.rank))
    ids = [p.id for p in order]
    if len(set(ids)) != len(ids):
        raise ValueError(f"players listed twice: {ids!r}")
    if len(order) < 2:
        raise PairingError("fewer than two players left to pair")
    plan = _Plan(order)
    first = plan.match(with_order=False)
    plan.settle_halves(first)
    best = plan.match(with_order=True)
    return plan.pairing(best)


_BYE = "\x00bye"


class _Plan:
    """One round's matching: the players, their groups, the pairs allowed."""

    def __init__(self, order: list[SwissPlayer]) -> None:
        self.order = order
        self.by_id = {p.id: p for p in order}
        self.pos = {p.id: i for i, p in enumerate(order)}
        scores = sorted({p.score for p in order}, reverse=True)
        self.groups = len(scores)
        self.group = {p.id: scores.index(p.score) for p in order}
        self.prefs = {p.id: preference(p.colours) for p in order}
        self.odd = len(order) % 2 == 1
        n = len(order)
        # the most pairs (and so terms of each digit) in one round
        self.terms = n // 2 + 1
        top = max(p.score for p in order) - min(p.score for p in order)
        self.max_diff = int(2 * top) + 1
        #: per group: residents in ranking order (the bye's taker left out),
        #: how many float in and out (set by settle_halves)
        self.residents: dict[int, list[str]] = {}
        self.floats_in: dict[int, int] = {}
        self.floats_out: dict[int, int] = {}

    # -- the digits, most significant first ------------------------------
    # 0: absolute colour clashes; 1: the bye; then per group (float count,
    # float score differences, colour clashes); then one digit per player
    # in ranking order (his partner against the Dutch order).

    def _radices(self, with_order: bool) -> list[int]:
        n = len(self.order)
        maxima = [1, self.groups * (n + 1)]
        for _ in range(self.groups):
            maxima += [1, self.max_diff, 1]
        if with_order:
            maxima += [4 * n] * n
        return [m * self.terms + 1 for m in maxima]

    def _weigh(self, digits: dict[int, int], radices: list[int]) -> int:
        cost = 0
        for radix, index in zip(radices, range(len(radices)), strict=True):
            cost = cost * radix + digits.get(index, 0)
        return cost

    def match(self, *, with_order: bool) -> set[tuple[str, str]]:
        # Imported here: networkx takes longer to import than the whole
        # console takes to start, and only pairing needs it.
        import networkx as nx

        radices = self._radices(with_order)
        total = 1
        for r in radices:
            total *= r
        graph: nx.Graph[str] = nx.Graph()
        for i, a in enumerate(self.order):
            for b in self.order[i + 1 :]:
                if b.id in a.opponents or a.id in b.opponents:
                    continue  # never a repeat pairing (absolute)
                digits = self._pair_digits(a, b, with_order)
                graph.add_edge(a.id, b.id, weight=total - self._weigh(digits, radices))
            if self.odd and not a.had_bye:
                digits = {1: self._bye_cost(a)}
                graph.add_edge(a.id, _BYE, weight=total - self._weigh(digits, radices))
        matching = nx.max_weight_matching(graph, maxcardinality=True)
        wanted = (len(self.order) + 1) // 2
        if len(matching) < wanted:
            raise PairingError(
                "the round cannot be paired without a repeat pairing or a second bye"
            )
        return {_ordered(a, b, self.pos) for a, b in matching}

    def _bye_cost(self, p: SwissPlayer) -> int:
        n = len(self.order)
        return (self.groups - 1 - self.group[p.id]) * (n + 1) + (n - self.pos[p.id])

    def _pair_digits(self, a: SwissPlayer, b: SwissPlayer, with_order: bool) -> dict[int, int]:
        """``a`` ranks above ``b``."""
        digits: dict[int, int] = {}
        pa, pb = self.prefs[a.id], self.prefs[b.id]
        clash = pa.colour is not None and pa.colour == pb.colour
        if clash and pa.strength == pb.strength == Strength.ABSOLUTE:
            digits[0] = 1
        ga, gb = self.group[a.id], self.group[b.id]
        base = 2 + 3 * ga
        if ga != gb:
            digits[base] = 1
            digits[base + 1] = int(2 * (a.score - b.score))
        if clash:
            digits[2 + 3 * gb + 2] = 1
        if with_order:
            digits[2 + 3 * self.groups + self.pos[a.id]] = self._order_cost(a, b)
        return digits

    def settle_halves(self, matching: set[tuple[str, str]]) -> None:
        """From a first matching: who floats out of and into each group, and
        so the halves of what is paired within it."""
        bye = next((a for a, b in matching if b == _BYE), None)
        self.floats_in = dict.fromkeys(range(self.groups), 0)
        self.floats_out = dict.fromkeys(range(self.groups), 0)
        for a, b in matching:
            if b != _BYE and self.group[a] != self.group[b]:
                self.floats_out[self.group[a]] += 1
                self.floats_in[self.group[b]] += 1
        self.residents = {g: [] for g in range(self.groups)}
        for p in self.order:
            if p.id != bye:
                self.residents[self.group[p.id]].append(p.id)

    def _regions(self, g: int) -> tuple[int, int, int, int]:
        """Group ``g``'s residents: [0, k) meet those floating in, [k, k+h) the
        upper half, [k+h, n-f) the lower half, [n-f, n) float out."""
        n = len(self.residents[g])
        k, f = self.floats_in[g], self.floats_out[g]
        half = max(n - k - f, 0) // 2
        return k, half, n - f, n

    def _order_cost(self, a: SwissPlayer, b: SwissPlayer) -> int:
        """How far the pair a-b is from the Dutch order, on ``a``'s digit."""
        n = len(self.order)
        exchange = 2 * n
        ga, gb = self.group[a.id], self.group[b.id]
        ia = self.residents[ga].index(a.id) if a.id in self.residents[ga] else n
        ib = self.residents[gb].index(b.id) if b.id in self.residents[gb] else n
        k, half, stay, _ = self._regions(ga)
        if ga != gb:
            # a floats down: he should be one of his group's lowest (an upper
            # player is floated only when no exchange pairs him), and meet
            # the highest of the group he joins
            return (0 if ia >= stay else 3 * n) + ib
        if k <= ia < k + half and ib >= k + half:
            return ib - (k + half)  # a transposition in the lower half
        return exchange + ib

    def pairing(self, matching: set[tuple[str, str]]) -> RoundPairing:
        bye = next((a for a, b in matching if b == _BYE), None)
        pairs = [(self.by_id[a], self.by_id[b]) for a, b in matching if b != _BYE]
        pairs.sort(
            key=lambda ab: (
                -max(ab[0].score, ab[1].score),
                -(ab[0].score + ab[1].score),
                self.pos[ab[0].id],
            )
        )
        out = []
        for board, (a, b) in enumerate(pairs, start=1):
            a_white = _a_has_white(a, b, self.prefs[a.id], self.prefs[b.id], board)
            white, black = (a, b) if a_white else (b, a)
            out.append(Pair(board, white.id, black.id))
        return RoundPairing(tuple(out), bye)


def _ordered(a: str, b: str, pos: Mapping[str, int]) -> tuple[str, str]:
    """The pair with the higher-ranked player first, the bye last."""
    if a == _BYE or (b != _BYE and pos[b] < pos[a]):
        return b, a
    return a, b


def _a_has_white(
    a: SwissPlayer, b: SwissPlayer, pa: Preference, pb: Preference, board: int
) -> bool:
    """Colours of a pair, ``a`` the higher-ranked (C.04.3 E)."""
    if pa.colour is None and pb.colour is None:
        return board % 2 == 1
    if pa.colour is None:
        return pb.colour == BLACK
    if pb.colour is None or pa.colour != pb.colour:
        return pa.colour == WHITE
    # a clash: the stronger preference wins
    if pa.strength != pb.strength:
        return (pa.colour == WHITE) == (pa.strength > pb.strength)
    # then alternate from the last round in which they had different colours
    for ca, cb in zip(reversed(a.colours), reversed(b.colours), strict=False):
        if NO_GAME not in (ca, cb) and ca != cb:
            return ca == BLACK
    # then the higher-ranked player's preference
    return pa.colour == WHITE


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
    "NO_GAME",
    "SWISS_TIEBREAKS",
    "SWISS_TIEBREAKS_CLOSE",
    "WHITE",
    "Pair",
    "PairingError",
    "Preference",
    "RoundCell",
    "RoundPairing",
    "Strength",
    "SwissEntrant",
    "SwissGame",
    "SwissPlayer",
    "SwissRow",
    "SwissTable",
    "SwissTiebreak",
    "pair_round",
    "preference",
    "starting_order",
    "swiss_table",
    "virtual_opponent",
]
