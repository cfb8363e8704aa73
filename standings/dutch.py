"""The Dutch system of FIDE C.04.3 (the Handbook's text in force from 2025):
the next round of a Swiss. Pure: no I/O, no clock.

It is made to give, round after round, exactly the pairing of bbpPairings,
the FIDE-endorsed program (https://github.com/BieremaBoyzProgramming/bbpPairings,
Apache-2.0), whose design it follows: every criterion of C.04.3 is a group of
binary digits of one edge weight, the most important highest, and a maximum
weight matching (:mod:`standings.matching`) chooses among all pairings of the
round the best by all criteria at once; the brackets are then settled top down,
and within a bracket the order of transpositions and exchanges (C.04.3 D) is
fixed player by player, each time by nudging the last digits of one player's
edges and asking the matching again. ``tests/standings/dutch_reference/``
replays rounds paired by bbpPairings against this module.

The criteria, in C.04.3's order, and where each one is weighed
(:func:`_edge_weight`, highest digits first):

- C1-C3, absolute: no two players meet twice (only games played count), the
  pairing-allocated bye only to a player who has neither had one nor scored
  a win without playing, and no two players with the same absolute colour
  preference (except topscorers in the last round): an edge is not there.
- C4, completion: the round is paired, every player but the bye: the top digit
  counts pairs.
- C5-C8: the most pairs in the current bracket, the highest scores paired in
  it, then the same for the next bracket.
- C9: the bye to a player with the fewest played games, when it falls to the
  one player who floats down from the first bracket.
- C10-C13: colours: no absolute imbalance, no absolute preference (C11 with
  the rule on who of two absolute players gets his way), the most colour
  preferences met, the most strong ones.
- C14-C21: downfloaters and upfloaters repeated from the previous round and
  the round before, then their scores.
- D: the remainder's exchanges (fewest, then the smallest difference of the
  exchanged players' numbers) and transpositions, in the ordering digits.

The players' records, their colour preferences, floats and the colours of a
pair (C.04.3 E): :mod:`standings.dutch_players`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from standings.dutch_players import (
    DOWN,
    UP,
    WHITE,
    Entrant,
    Player,
    Points,
    colour_of,
    compatible_colours,
    float_of,
    invert,
    players,
)
from standings.matching import Matcher


class PairingError(ValueError):
    """The round cannot be paired without breaking an absolute criterion."""


@dataclass(frozen=True)
class Pair:
    board: int
    white: str
    black: str


@dataclass(frozen=True)
class RoundPairing:
    pairs: tuple[Pair, ...]
    #: the player with the pairing-allocated bye, if any
    bye: str | None = None


def _bits(n: int) -> int:
    return max(n, 0).bit_length()


class _Round:
    """One round's pairing: the players, the weights' layout, the matcher."""

    def __init__(
        self,
        players: list[Player],
        by_id: dict[str, Player],
        played_rounds: int,
        total_rounds: int,
        points: Points,
        forbidden: set[frozenset[str]],
    ) -> None:
        self.sorted = sorted(players, key=lambda p: (-p.score, p.rank))
        self.by_id = by_id
        self.played_rounds = played_rounds
        self.total_rounds = total_rounds
        self.points = points
        self.forbidden = forbidden
        top_tenths = int(played_rounds * max(points.win, points.draw) * 10)
        self.top_threshold = Fraction(top_tenths >> 1, 10)
        # bits per score group (C5-C8 weigh scores by their group's digit)
        self.shifts: dict[Fraction, int] = {}
        shift = 0
        largest = 0
        count = 0
        for i in range(len(self.sorted) - 1, -1, -1):
            count += 1
            score = self.sorted[i].score
            if i == 0 or score < self.sorted[i - 1].score:
                self.shifts[score] = shift
                largest = max(largest, count)
                shift += _bits(count)
                count = 0
        self.groups_shift = shift
        self.size_bits = _bits(largest)
        self.bye_score = Fraction(0)
        self.single_downfloater_bye = False
        self.unplayed_ranks: dict[int, int] = {}

    # -- the criteria ------------------------------------------------------

    def compatible(self, a: Player, b: Player) -> bool:
        if frozenset((a.id, b.id)) in self.forbidden:
            return False
        if not (a.absolute and b.absolute and a.preference == b.preference):
            return True
        # C3's exception: topscorers in the last round
        return self.played_rounds >= self.total_rounds - 1 and (
            a.score > self.top_threshold or b.score > self.top_threshold
        )

    def float_of(self, p: Player, back: int) -> str:
        """How ``p`` floated ``back`` rounds ago (a bye or a win without play
        is a downfloat)."""
        return float_of(p, back, self.by_id, self.points)

    def bye_candidate(self, p: Player) -> bool:
        return p.eligible and p.score <= self.bye_score

    def total_shift(self) -> int:
        """The number of binary digits below the top one of every weight."""
        s, g = self.size_bits, self.groups_shift
        total = s + g + s + g + 2 * s + 4 * s
        if self.played_rounds:
            total += 2 * s + 2 * g
        if self.played_rounds > 1:
            total += 2 * s + 2 * g
        return total + 3 * s + 1

    def edge_weight(self, h: Player, lo: Player, current: bool, following: bool) -> int:
        """The weight of ``h``-``lo`` (``h`` above ``lo`` in the order), ``lo``
        in the current bracket or the next (see the module's list)."""
        if not self.compatible(h, lo):
            return 0
        s, g = self.size_bits, self.groups_shift
        w = 1 + (not self.bye_candidate(h)) + (not self.bye_candidate(lo))
        w = (w << s) | current
        w <<= g
        if current:
            w |= 1 << self.shifts[h.score]
        w = (w << s) | following
        w <<= g
        if following:
            w |= 1 << self.shifts[h.score]
        w <<= 2 * s
        if self.single_downfloater_bye:
            if h.score == self.bye_score:
                w |= self.unplayed_ranks[h.played]
            if lo.score == self.bye_score:
                w += self.unplayed_ranks[lo.played]
        w = self._colour_digits(w, lo, h, current)
        rounds = self.played_rounds
        for back in (1, 2):
            if rounds >= back:
                w <<= s
                if current:
                    w |= self.float_of(lo, back) == DOWN
                    w += h.score <= lo.score and self.float_of(h, back) == DOWN
                w <<= s
                if current:
                    w |= not (h.score > lo.score and self.float_of(lo, back) == UP)
        for back in (1, 2):
            if rounds >= back:
                w <<= g
                if current:
                    w += (self.float_of(lo, back) == DOWN) << self.shifts[lo.score]
                    w += (self.float_of(h, back) == DOWN) << self.shifts[h.score]
                w <<= g
                if current and not (self.float_of(lo, back) == UP and h.score > lo.score):
                    w |= 1 << self.shifts[h.score]
        # room for the ordering of transpositions and exchanges
        return w << (3 * s + 1)

    def _colour_digits(self, w: int, p: Player, o: Player, current: bool) -> int:
        s = self.size_bits
        w <<= s
        w |= current and (
            not p.absolute_imbalance or not o.absolute_imbalance or p.preference != o.preference
        )
        w <<= s
        if p.imbalance == o.imbalance:
            rule = p.repeated is None or p.repeated != o.repeated
        else:
            rule = (o if p.imbalance > o.imbalance else p).repeated != invert(p.preference)
        w |= current and (not p.absolute or not o.absolute or p.preference != o.preference or rule)
        w <<= s
        w |= current and compatible_colours(p.preference, o.preference)
        w <<= s
        w |= current and (
            (not p.strong and not p.absolute)
            or (not o.strong and not o.absolute)
            or (p.absolute and o.absolute)
            or p.preference != o.preference
        )
        return w


def pair(
    entrants: Iterable[Entrant],
    *,
    rounds: int,
    first_colour: str = WHITE,
    points: Points | None = None,
    forbidden: Iterable[tuple[str, str]] = (),
) -> RoundPairing:
    """Pair the next round of a tournament of ``rounds`` rounds among the
    entrants not absent (see the module). ``first_colour`` is the colour of
    the first-ranked player in the first round (TRF's XXC)."""
    points = points or Points()
    everyone = list(entrants)
    by_id = players(everyone, points)
    played_rounds = max((len(p.rounds) for p in by_id.values()), default=0)
    pairs_forbidden = {frozenset(ab) for ab in forbidden}
    for p in by_id.values():
        for r in p.rounds:
            if r.played and r.opponent is not None:
                pairs_forbidden.add(frozenset((p.id, r.opponent)))
    present = [by_id[e.id] for e in sorted(everyone, key=lambda e: e.number) if not e.absent]
    if len(present) < 2:
        raise PairingError("fewer than two players to pair")
    state = _Round(present, by_id, played_rounds, rounds, points, pairs_forbidden)
    mates = _match(state)
    return _boards(state, mates, first_colour)


def _match(st: _Round) -> list[int]:
    """bbpPairings' ``computeMatching`` step by step; returns each sorted
    player's partner (his own index for the bye)."""
    order = st.sorted
    n = len(order)
    m = Matcher(n)
    s = st.size_bits
    top = order[0].score
    # First: can the round be paired at all, and at what score is the bye?
    for pi in range(n):
        for oi in range(pi):
            p, o = order[pi], order[oi]
            if n & 1:
                w = 0
                if st.compatible(p, o):
                    w = 1 + (not p.eligible) + (not o.eligible)
                    w <<= st.groups_shift
                    w |= st.shifts[p.score] + st.shifts[o.score]
                    w <<= s
                    w |= p.score >= top
            else:
                w = st.edge_weight(o, p, False, False)
            m.set(pi, oi, w)
    mates = m.mates()
    unmatched = [i for i in range(n) if mates[i] == i]
    if len(unmatched) > 1 or any(not order[i].eligible for i in unmatched):
        raise PairingError(
            "the players cannot all be paired without a repeat pairing, a second bye"
            " or two players of the same absolute colour preference meeting"
        )
    if n & 1:
        st.bye_score = order[unmatched[0]].score
        st.single_downfloater_bye = st.bye_score >= top and all(
            order[mates[i]].score >= top for i in range(n) if order[i].score >= top
        )
        counts = sorted((p.played for p in order if p.score == st.bye_score), reverse=True)
        st.unplayed_ranks = {c: r for r, c in enumerate(counts)}
        for pi in range(n):
            for oi in range(pi):
                m.set(pi, oi, st.edge_weight(order[oi], order[pi], False, False))
    return _brackets(st, m)


def _brackets(st: _Round, m: Matcher) -> list[int]:
    """The brackets top down (C.04.3 B): who of those moved down is paired in
    the bracket and with whom, then the remainder's exchanges and
    transpositions, each fixed before the next is asked."""
    order = st.sorted
    n = len(order)
    s = st.size_bits
    top = order[0].score
    vx: list[int] = []  # the bracket's and the next group's players (sorted index)
    nxt = 0
    while nxt < n and order[nxt].score >= top:
        vx.append(nxt)
        nxt += 1
    matched = [False] * n
    pair_of = list(range(n))
    sgb = 0  # players moved down into the bracket: vx[:sgb]
    sgbv = 0  # the bracket's own score group starts at this sorted index
    while len(vx) > 1 or nxt < n:
        nsgb = len(vx)
        nsgbv = sgbv + (nsgb - sgb)
        group_start = nxt
        while nxt < n and order[nxt].score >= order[group_start].score:
            vx.append(nxt)
            nxt += 1
        base: list[list[int]] = [[] for _ in vx]
        for big in range(sgb, len(vx)):
            lo = order[vx[big]]
            base[big] = [
                st.edge_weight(order[vx[small]], lo, big < nsgb, big >= nsgb)
                for small in range(big)
            ]
        for big, row in enumerate(base):
            for small, w in enumerate(row):
                m.set(vx[big], vx[small], w)

        def reordered(
            small: int, big: int, index: int, pairs: int, base: list[list[int]] = base
        ) -> int:
            w = base[big][small]
            if w:
                addend = int(index < pairs)
                addend <<= 2 * s
                addend -= index
                w += addend << 1
            return w

        def inside(mate: int, low: int = sgbv, high: int = nsgbv) -> bool:
            return low <= mate < high

        stable = m.mates()
        # Which players moved down are paired in the bracket (C6-C8).
        score = Fraction(0)
        left = left_matched = 0
        for pi in range(sgb):
            pv = vx[pi]
            if pi == 0 or order[pv].score < score:
                score = order[pv].score
                left = left_matched = 0
                j = pi
                while j < len(vx) and order[vx[j]].score >= score:
                    left += 1
                    left_matched += inside(stable[vx[j]])
                    j += 1
            if not left_matched:
                continue
            if left <= left_matched:
                matched[pv] = True
                continue
            left -= 1
            if not inside(stable[pv]):
                for oi in range(sgb, nsgb):
                    w = base[oi][pi]
                    if w:
                        m.set(pv, vx[oi], w | 1)
                stable = m.mates()
            if inside(stable[pv]):
                matched[pv] = True
                left_matched -= 1
                for oi in range(sgb, nsgb):
                    w = base[oi][pi]
                    if w:
                        m.set(pv, vx[oi], (w | (nsgb - sgb)) + 1)
        # Their opponents: the highest possible.
        for pi in range(sgb):
            pv = vx[pi]
            if not matched[pv]:
                continue
            addend = len(vx)
            for oi in range(nsgb - 1, sgb - 1, -1):
                ov = vx[oi]
                if matched[ov]:
                    continue
                w = base[oi][pi]
                if w:
                    m.set(pv, ov, w + addend)
                    addend += 1
            stable = m.mates()
            mv = stable[pv]
            matched[mv] = True
            m.fix(pv, mv)
        # The remainder: S1 its first ``pairs`` players, S2 the rest.
        remainder: list[int] = []
        pairs = 0
        for pi in range(sgb, nsgb):
            pv = vx[pi]
            if stable[pv] < sgbv:
                continue
            remainder.append(pi)
            pairs += stable[pv] < pv
        for oi in remainder:
            for index, pi in enumerate(remainder):
                if oi <= pi:
                    break
                m.set(vx[pi], vx[oi], reordered(pi, oi, index, pairs))
        stable = m.mates()
        exchanges = 0
        if remainder:
            first_s2 = remainder[pairs] if pairs < len(remainder) else n
            for pi in remainder:
                if pi >= first_s2:
                    break
                pv = vx[pi]
                exchanges += stable[pv] <= pv or stable[pv] >= nsgbv
        # The lowest of S1 moved to S2 first (D.2) ...
        remaining = exchanges
        index = pairs
        pos = pairs
        while pos > 0 and remaining:
            start = pos
            index -= 1
            pos -= 1
            pi = remainder[pos]
            pv = vx[pi]
            if pv < stable[pv] < nsgbv:
                for oi in remainder[start:]:
                    w = reordered(pi, oi, index, pairs)
                    if w:
                        m.set(pv, vx[oi], w - 1)
                stable = m.mates()
            exchange = stable[pv] <= pv or stable[pv] >= nsgbv
            remaining -= exchange
            for oi in remainder[pos + 1 :]:
                if exchange:
                    base[oi][pi] = 0
                m.set(pv, vx[oi], reordered(pi, oi, index, pairs))
        # ... and the highest of S2 moved to S1.
        remaining = exchanges
        index = pairs
        for pos in range(pairs, len(remainder)):
            if remaining <= 1:
                break
            pi = remainder[pos]
            pv = vx[pi]
            already = pv < stable[pv] < nsgbv
            if not already:
                for oi in remainder[pos + 1 :]:
                    w = reordered(pi, oi, index, pairs)
                    if w:
                        m.set(pv, vx[oi], w + 1)
                stable = m.mates()
            if pv < stable[pv] < nsgbv:
                remaining -= 1
                for oi in remainder[:pos]:
                    base[pi][oi] = 0
                    m.set(pv, vx[oi], 0)
                for oi in range(nsgb, len(vx)):
                    base[oi][pi] = 0
                    m.set(pv, vx[oi], 0)
            if not already:
                for oi in remainder[pos + 1 :]:
                    m.set(pv, vx[oi], reordered(pi, oi, index, pairs))
            index += 1
        for pos, pi in enumerate(remainder):
            pv = vx[pi]
            for oi in remainder[pos + 1 :]:
                ov = vx[oi]
                if stable[pv] <= pv or stable[pv] >= nsgbv or (ov < stable[ov] < nsgbv):
                    base[oi][pi] = 0
                m.set(pv, ov, base[oi][pi])
        # S1's partners, the highest first in each one's order (D.1).
        for pi in remainder:
            pv = vx[pi]
            if pv < stable[pv] < nsgbv:
                addend = 0
                for oi in reversed(remainder):
                    ov = vx[oi]
                    if oi <= pi or matched[ov]:
                        continue
                    w = base[oi][pi]
                    if w:
                        m.set(pv, ov, w + addend)
                    addend += 1
                stable = m.mates()
                mv = stable[pv]
                matched[pv] = matched[mv] = True
                m.fix(pv, mv)
        # The next bracket: the players not paired move down into it.
        group_score = order[group_start].score if group_start < n else None
        single = bool(n & 1) and group_score is not None and st.bye_score >= group_score
        new_vx: list[int] = []
        new_sgb = 0
        for pi, pv in enumerate(vx):
            if pi < nsgb and matched[pv]:
                pair_of[pv] = stable[pv]
                pair_of[stable[pv]] = pv
            else:
                new_vx.append(pv)
                if pi < nsgb:
                    new_sgb += 1
                if single and group_score is not None and order[stable[pv]].score < group_score:
                    single = False
        st.single_downfloater_bye = single
        vx = new_vx
        sgb = new_sgb
        sgbv = nsgbv
    return pair_of


def _boards(st: _Round, mates: list[int], first: str) -> RoundPairing:
    """The pairs with their colours (E), on boards as bbpPairings lists
    them: by the higher player's score, the lower's, then the higher's rank."""
    order = st.sorted
    byes = [order[i].id for i in range(len(order)) if mates[i] == i]
    if len(byes) > 1:
        raise PairingError("the players cannot all be paired")
    found: list[tuple[Player, Player]] = []
    for i, j in enumerate(mates):
        if i < j:
            a, b = order[i], order[j]
            p, o = (a, b) if a.number < b.number else (b, a)
            white, black = (p, o) if colour_of(p, o, first) == WHITE else (o, p)
            found.append((white, black))

    def key(pair: tuple[Player, Player]) -> tuple[Fraction, Fraction, int]:
        hi, lo = sorted(pair, key=lambda q: (-q.score, q.rank))
        return (-hi.score, -lo.score, hi.rank)

    found.sort(key=key)
    return RoundPairing(
        tuple(Pair(board, w.id, b.id) for board, (w, b) in enumerate(found, start=1)),
        byes[0] if byes else None,
    )
