"""Knockout brackets (Art. 26, the Olympic systems): pure, no I/O, no clock.

Two of the systems of Art. 26 are played here:

* out after the first lost match (single elimination);
* out after the second lost match: a player who loses a match of the
  winners' bracket drops into the losers' bracket, and is out after losing
  there; the winners' bracket champion meets the losers' bracket champion
  in the grand final.

Every pairing is a *match* ("матчевая встреча", Art. 26) of
``games_per_match`` games with the colours swapped from game to game; the
higher seed of the first round (the *top* player of every match) has White
in the first game. In correspondence play the games of a match are played
at once, not one after another: a correspondence game lasts months, and
ICCF's knockout cups play a match's games together for that reason. The
match is won on the sum of its points; a tie is broken as the regulations
say (Art. 26: "назначение дополнительных микроматчей"):

* ``extra_pair``: a pair of games, colours swapped, repeated until one
  decides, at most ``extra_pairs`` times; a tie after the last is drawn by
  lot;
* ``higher_seed``: the better-seeded player goes through;
* ``lots``: a drawing of lots.

The lot is a seeded draw (``lots_seed`` and the match's key), so it can be
shown again: the caller records the seed where the event's audit keeps it.

**Bracket reset.** In a double knockout the grand final is one match. When
``bracket_reset`` is set and the losers' bracket champion wins it, the
winners' bracket champion has then lost only once, so a second final
(``GF2``) is played; without it (the default) the grand final decides.

Seeding: the players come in seed order (the caller seeds them by rating);
the bracket's size is the next power of two, and the missing seeds are
byes, so the byes go to the top seeds (seed ``s`` meets seed ``size+1-s``
in the first round).

The losers' bracket: its first round pairs the losers of the first round
of the winners' bracket in order (matches 1 and 2, 3 and 4, ...); each
later round of the winners' bracket drops its losers in reverse order onto
the survivors of the losers' bracket (the loser of the last winners' match
of a round meets the winner of the first losers' match), so nobody meets at
once the player they have just played; between two drops the losers'
bracket plays a round among itself.

A withdrawn player (Art. 33) forfeits the match being played and every
later one; a match a player has already won stays won.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

__all__ = [
    "Bracket",
    "KnockoutError",
    "MatchSpec",
    "MatchState",
    "MatchStatus",
    "NewGame",
    "Rules",
    "Slot",
    "TieBreak",
    "bracket_layout",
    "play",
]


class KnockoutError(ValueError):
    """A bracket asked of inputs that cannot make one; the message names the input."""


class TieBreak(enum.StrEnum):
    """How a tied match is decided (Art. 26, the regulations choose)."""

    EXTRA_PAIR = "extra_pair"
    HIGHER_SEED = "higher_seed"
    LOTS = "lots"


@dataclass(frozen=True)
class Rules:
    """The regulations of a knockout event that shape its bracket."""

    #: out after two lost matches (a losers' bracket) rather than one
    double: bool = False
    games_per_match: int = 2
    tie_break: TieBreak = TieBreak.EXTRA_PAIR
    #: the most extra pairs played before the lot decides (``extra_pair`` only)
    extra_pairs: int = 2
    #: double knockout: a second final if the losers' bracket champion wins the first
    bracket_reset: bool = False
    #: the seed of every drawing of lots in the event
    lots_seed: int = 0

    def __post_init__(self) -> None:
        if self.games_per_match < 1:
            raise KnockoutError(f"games_per_match must be at least 1, got {self.games_per_match}")
        if self.extra_pairs < 0:
            raise KnockoutError(f"extra_pairs cannot be negative, got {self.extra_pairs}")


@dataclass(frozen=True)
class Slot:
    """Where a match's player comes from: a seed, or a match's winner or loser."""

    kind: str  # "seed", "winner", "loser"
    seed: int = 0
    match: str = ""


@dataclass(frozen=True)
class MatchSpec:
    """One match of the bracket, before anyone is known.

    ``key`` is ``W<round>-<n>`` (winners' bracket, or the only bracket),
    ``L<round>-<n>`` (losers' bracket), ``GF`` or ``GF2`` (grand finals).
    """

    key: str
    bracket: str  # "W", "L" or "F"
    round: int
    number: int
    top: Slot
    bottom: Slot


class MatchStatus(enum.StrEnum):
    #: a player is not known yet: a feeding match is not decided
    WAITING = "waiting"
    #: both players known, games to be played or being played
    PLAYING = "playing"
    #: decided, on the board or by forfeit, tie-break or lot
    DECIDED = "decided"
    #: one player only: they go through without a game
    BYE = "bye"
    #: nobody to play (two byes, or a bracket reset not needed)
    EMPTY = "empty"


@dataclass(frozen=True)
class NewGame:
    """A game the bracket now needs: its match, number in the match, colours."""

    match: str
    index: int
    white: int
    black: int


@dataclass(frozen=True)
class MatchState:
    spec: MatchSpec
    top: int | None
    bottom: int | None
    status: MatchStatus
    #: how many games the match has needed so far (regular and extra)
    games_needed: int = 0
    #: the top player's points in each game so far (None: unfinished)
    games: tuple[float | None, ...] = ()
    winner: int | None = None
    loser: int | None = None
    #: "games", "extra_pair", "higher_seed", "lots", "forfeit", "bye"
    decided_by: str | None = None

    @property
    def key(self) -> str:
        return self.spec.key

    @property
    def score(self) -> tuple[float, float]:
        """Both players' points over every finished game of the match."""
        done = [p for p in self.games if p is not None]
        return sum(done), len(done) - sum(done)

    def white_of(self, index: int) -> int | None:
        """White in the match's game ``index`` (0-based): colours swap game to game."""
        return self.top if index % 2 == 0 else self.bottom


@dataclass(frozen=True)
class Bracket:
    rules: Rules
    seeds: tuple[int, ...]
    matches: tuple[MatchState, ...]
    #: the player's elimination: the key of the match that put them out
    out: Mapping[int, str] = field(default_factory=dict)
    champion: int | None = None
    #: the final placing, ``(first, last)`` place shared, once the event is over
    placings: Mapping[int, tuple[int, int]] | None = None

    def match(self, key: str) -> MatchState:
        for m in self.matches:
            if m.key == key:
                return m
        raise KnockoutError(f"no match {key!r} in this bracket")

    @property
    def finished(self) -> bool:
        return self.champion is not None

    def playing(self) -> list[MatchState]:
        """The matches whose games are to be played now."""
        return [m for m in self.matches if m.status == MatchStatus.PLAYING]

    def new_games(self) -> list[NewGame]:
        """The games the results so far make ready and that do not exist yet."""
        wanted: list[NewGame] = []
        for m in self.playing():
            assert m.top is not None and m.bottom is not None
            for i in range(len(m.games), m.games_needed):
                white = m.white_of(i)
                black = m.bottom if white == m.top else m.top
                assert white is not None and black is not None
                wanted.append(NewGame(m.key, i, white, black))
        return wanted


def _size(players: int) -> int:
    size = 1
    while size < players:
        size *= 2
    return size


def _seed_order(size: int) -> list[int]:
    """Seeds in bracket order, top seed first: 1 v size, and halves kept apart.

    >>> _seed_order(8)
    [1, 8, 4, 5, 2, 7, 3, 6]
    """
    order = [1]
    while len(order) < size:
        n = 2 * len(order)
        order = [x for s in order for x in (s, n + 1 - s)]
    return order


def bracket_layout(players: int, *, double: bool, bracket_reset: bool = False) -> list[MatchSpec]:
    """Every match of a bracket of ``players``, in the order they can be played."""
    if players < 2:
        raise KnockoutError(f"players: a knockout needs at least 2, got {players}")
    size = _size(players)
    rounds = size.bit_length() - 1
    order = _seed_order(size)
    specs: list[MatchSpec] = []
    for n in range(1, size // 2 + 1):
        specs.append(
            MatchSpec(
                f"W1-{n}", "W", 1, n, Slot("seed", seed=order[2 * n - 2]),
                Slot("seed", seed=order[2 * n - 1]),
            )
        )  # fmt: skip
    for r in range(2, rounds + 1):
        for n in range(1, size // 2**r + 1):
            specs.append(
                MatchSpec(
                    f"W{r}-{n}", "W", r, n, Slot("winner", match=f"W{r - 1}-{2 * n - 1}"),
                    Slot("winner", match=f"W{r - 1}-{2 * n}"),
                )
            )  # fmt: skip
    if not double:
        return specs
    lower: list[MatchSpec] = []
    if rounds == 1:
        lb_champion = Slot("loser", match="W1-1")
    else:
        for n in range(1, size // 4 + 1):
            lower.append(
                MatchSpec(
                    f"L1-{n}", "L", 1, n, Slot("loser", match=f"W1-{2 * n - 1}"),
                    Slot("loser", match=f"W1-{2 * n}"),
                )
            )  # fmt: skip
        for j in range(1, rounds):
            # Round 2j: the survivors meet the losers of winners' round j+1,
            # dropped in reverse order.
            count = size // 2 ** (j + 1)
            for n in range(1, count + 1):
                lower.append(
                    MatchSpec(
                        f"L{2 * j}-{n}", "L", 2 * j, n, Slot("winner", match=f"L{2 * j - 1}-{n}"),
                        Slot("loser", match=f"W{j + 1}-{count + 1 - n}"),
                    )
                )  # fmt: skip
            if j < rounds - 1:
                for n in range(1, count // 2 + 1):
                    lower.append(
                        MatchSpec(
                            f"L{2 * j + 1}-{n}", "L", 2 * j + 1, n,
                            Slot("winner", match=f"L{2 * j}-{2 * n - 1}"),
                            Slot("winner", match=f"L{2 * j}-{2 * n}"),
                        )
                    )  # fmt: skip
        lb_champion = Slot("winner", match=f"L{2 * (rounds - 1)}-1")
    specs += lower
    specs.append(MatchSpec("GF", "F", 1, 1, Slot("winner", match=f"W{rounds}-1"), lb_champion))
    if bracket_reset:
        specs.append(
            MatchSpec("GF2", "F", 2, 1, Slot("winner", match="GF"), Slot("loser", match="GF"))
        )
    return specs


_PENDING = object()


def play(
    seeds: Sequence[int],
    rules: Rules,
    games: Mapping[str, Sequence[float | None]] | None = None,
    withdrawn: frozenset[int] = frozenset(),
) -> Bracket:
    """The bracket as the results so far make it.

    ``seeds`` are the players' ids, best seed first. ``games[key]`` are the
    match's games so far in order, each the *top* player's points (1, 0.5,
    0) or None while it is played. Returns every match's players and
    state, the games now needed, who is out, and the placing at the end.
    """
    if len(set(seeds)) != len(seeds):
        raise KnockoutError("seeds: a player is seeded twice")
    games = games or {}
    specs = bracket_layout(len(seeds), double=rules.double, bracket_reset=rules.bracket_reset)
    known = {s.key for s in specs}
    for key in games:
        if key not in known:
            raise KnockoutError(f"games: no match {key!r} in this bracket")
    rank = {p: i for i, p in enumerate(seeds)}
    states: dict[str, MatchState] = {}

    def resolve(slot: Slot) -> object:
        if slot.kind == "seed":
            return seeds[slot.seed - 1] if slot.seed <= len(seeds) else None
        feeder = states[slot.match]
        if feeder.status in (MatchStatus.WAITING, MatchStatus.PLAYING):
            return _PENDING
        return feeder.winner if slot.kind == "winner" else feeder.loser

    for spec in specs:
        top, bottom = resolve(spec.top), resolve(spec.bottom)
        if top is _PENDING or bottom is _PENDING:
            # The side already known is shown while the other is awaited.
            shown = (
                top if isinstance(top, int) else None,
                bottom if isinstance(bottom, int) else None,
            )
            states[spec.key] = MatchState(spec, *shown, MatchStatus.WAITING)
            continue
        assert (top is None or isinstance(top, int)) and (bottom is None or isinstance(bottom, int))
        if spec.key == "GF2" and states["GF"].winner == states["GF"].top:
            # The winners' bracket champion won the final: no reset needed.
            states[spec.key] = MatchState(spec, None, None, MatchStatus.EMPTY)
            continue
        states[spec.key] = _match(
            spec, top, bottom, rules, games.get(spec.key, ()), withdrawn, rank
        )
    return _finish(tuple(seeds), rules, [states[s.key] for s in specs])


def _match(
    spec: MatchSpec,
    top: int | None,
    bottom: int | None,
    rules: Rules,
    played: Sequence[float | None],
    withdrawn: frozenset[int],
    rank: Mapping[int, int],
) -> MatchState:
    """One match with both its players known: who wins, how, what is still to play."""
    if top is None and bottom is None:
        return MatchState(spec, None, None, MatchStatus.EMPTY)
    if top is None or bottom is None:
        alone = top if top is not None else bottom
        return MatchState(spec, top, bottom, MatchStatus.BYE, winner=alone, decided_by="bye")
    points = tuple(played)

    def decided(winner: int, how: str, needed: int) -> MatchState:
        loser = bottom if winner == top else top
        return MatchState(
            spec, top, bottom, MatchStatus.DECIDED, needed, points, winner, loser, how
        )  # fmt: skip

    start, end, stage = 0, rules.games_per_match, 0
    while True:
        part = [points[i] if i < len(points) else None for i in range(start, end)]
        mine = sum(p for p in part if p is not None)
        theirs = sum(1 - p for p in part if p is not None)
        left = sum(1 for p in part if p is None)
        how = "games" if stage == 0 else "extra_pair"
        if mine - theirs > left:
            return decided(top, how, end)
        if theirs - mine > left:
            return decided(bottom, how, end)
        if left:
            # Art. 33: a withdrawn player forfeits the match being played.
            if top in withdrawn and bottom in withdrawn:
                return MatchState(
                    spec, top, bottom, MatchStatus.DECIDED, end, points, None, None, "forfeit"
                )  # fmt: skip
            if top in withdrawn:
                return decided(bottom, "forfeit", end)
            if bottom in withdrawn:
                return decided(top, "forfeit", end)
            return MatchState(spec, top, bottom, MatchStatus.PLAYING, end, points)
        # A tie (Art. 26): the regulations' rule.
        if rules.tie_break == TieBreak.EXTRA_PAIR and stage < rules.extra_pairs:
            start, end, stage = end, end + 2, stage + 1
            continue
        if rules.tie_break == TieBreak.HIGHER_SEED:
            return decided(top if rank[top] < rank[bottom] else bottom, "higher_seed", end)
        draw = random.Random(f"{rules.lots_seed}:{spec.key}").random()
        return decided(top if draw < 0.5 else bottom, "lots", end)


def _finish(seeds: tuple[int, ...], rules: Rules, matches: list[MatchState]) -> Bracket:
    """Who is out where, the champion, and the placing once the last match is decided."""
    out: dict[int, str] = {}
    tier: dict[str, int] = {}
    for m in matches:
        spec = m.spec
        if spec.bracket == "F":
            tier[spec.key] = 1000 + spec.round
        elif spec.bracket == "L" or not rules.double:
            tier[spec.key] = spec.round
        else:
            tier[spec.key] = 0
        if m.status != MatchStatus.DECIDED:
            continue
        losers = [m.loser] if m.winner is not None else [m.top, m.bottom]
        for p in losers:
            if p is None:
                continue
            if spec.bracket == "W" and rules.double and m.winner is not None:
                continue  # drops to the losers' bracket
            out[p] = spec.key
    last = matches[-1]
    if rules.double:
        gf = next(m for m in matches if m.key == "GF")
        if last.key == "GF2" and last.status == MatchStatus.EMPTY:
            last = gf  # the winners' champion won the final: no reset
        elif last.key == "GF2" and last.status != MatchStatus.WAITING:
            assert gf.loser is not None
            if out.get(gf.loser) == "GF":
                del out[gf.loser]  # the reset gives the winners' champion another match
    champion: int | None = None
    if last.status in (MatchStatus.DECIDED, MatchStatus.BYE):
        champion = last.winner
    if champion is None:
        return Bracket(rules, seeds, tuple(matches), out)
    groups: dict[int, list[int]] = {}
    for player, key in out.items():
        groups.setdefault(tier[key], []).append(player)
    placings: dict[int, tuple[int, int]] = {champion: (1, 1)}
    place = 2
    for t in sorted(groups, reverse=True):
        group = sorted(groups[t], key=seeds.index)
        for p in group:
            placings[p] = (place, place + len(group) - 1)
        place += len(group)
    return Bracket(rules, seeds, tuple(matches), out, champion, placings)
