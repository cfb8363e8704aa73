"""The Dutch system's players (FIDE C.04.3): the record the pairing reads of
each, and what it gives: colour preferences (A.6), floats (A.4), and the
colour of two paired players (E), with the rule that decides it. Pure."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction

WHITE = "W"
BLACK = "B"


def invert(colour: str | None) -> str | None:
    return None if colour is None else (BLACK if colour == WHITE else WHITE)


@dataclass(frozen=True)
class Points:
    """What each outcome scores (TRF's BBW, BBD, BBL, BBZ/BBF, BBU)."""

    win: Fraction = Fraction(1)
    draw: Fraction = Fraction(1, 2)
    loss: Fraction = Fraction(0)
    forfeit_loss: Fraction = Fraction(0)
    zero_bye: Fraction = Fraction(0)
    bye: Fraction = Fraction(1)


@dataclass(frozen=True)
class Round:
    """One round of a player's record."""

    #: the opponent's id; ``None`` when he had no opponent (a bye, absent)
    opponent: str | None = None
    #: ``"W"`` or ``"B"``: the side of the game (only a game played counts
    #: for the colour criteria)
    colour: str | None = None
    points: Fraction = Fraction(0)
    #: the game was played on the board (a forfeit was not)
    played: bool = False
    #: the pairing-allocated bye
    bye: bool = False


@dataclass(frozen=True)
class Entrant:
    """A player of the tournament as the next round's pairing sees him."""

    id: str
    #: the pairing number (the start number); of two players, the lower
    #: number's colour is chosen first (as bbpPairings does)
    number: int
    #: the player's score; the sum of his rounds' points when not given
    score: Fraction | None = None
    #: one entry per round so far
    rounds: tuple[Round, ...] = ()
    #: not to be paired this round (withdrawn, on a requested bye)
    absent: bool = False


DOWN, UP, NONE = "down", "up", "none"


@dataclass
class Player:
    """An entrant with what the criteria read of him (computed once)."""

    id: str
    number: int
    rank: int
    score: Fraction
    rounds: tuple[Round, ...]
    played: int = 0
    imbalance: int = 0
    preference: str | None = None
    repeated: str | None = None
    strong: bool = False
    eligible: bool = True
    floats: dict[int, str] = field(default_factory=dict)

    @property
    def absolute_imbalance(self) -> bool:
        return self.imbalance > 1

    @property
    def absolute(self) -> bool:
        return self.imbalance > 1 or self.repeated is not None


def players(everyone: list[Entrant], points: Points) -> dict[str, Player]:
    """The entrants as the criteria read them, by id, in pairing-number order;
    each record filled up to the longest with rounds of no game."""
    played_rounds = max((len(e.rounds) for e in everyone), default=0)
    by_id: dict[str, Player] = {}
    rank = 0
    for e in sorted(everyone, key=lambda e: e.number):
        record = e.rounds + (Round(),) * (played_rounds - len(e.rounds))
        score = e.score if e.score is not None else sum((r.points for r in record), Fraction(0))
        p = Player(e.id, e.number, rank, score, record)
        colour_data(p, points)
        by_id[e.id] = p
        # the rank counts those in the tournament: present, or paired before
        if not e.absent or any(r.opponent is not None or r.bye for r in record):
            rank += 1
    if len(by_id) != len(everyone):
        raise ValueError("an entrant is listed twice")
    return by_id


@dataclass(frozen=True)
class Preference:
    """A player's colour preference (C.04.3 A.6): ``colour`` and how strong:
    ``"absolute"`` (a colour difference beyond 1 either way, or the same
    colour in the last two games played), ``"strong"`` (a difference of 1),
    ``"mild"`` (the other colour than last time), ``"none"`` (no game yet)."""

    colour: str | None
    strength: str


def preference(rounds: Iterable[Round]) -> Preference:
    """The colour preference a record gives (C.04.3 A.6).

    >>> W, B = Round("x", WHITE, played=True), Round("y", BLACK, played=True)
    >>> preference([W, B]), preference([W, Round(), W]).strength
    (Preference(colour='W', strength='mild'), 'absolute')
    """
    p = Player("", 0, 0, Fraction(0), tuple(rounds))
    colour_data(p, Points())
    return preference_of(p)


def preference_of(p: Player) -> Preference:
    """The colour preference the criteria read of ``p``."""
    strength = (
        "absolute"
        if p.absolute
        else "strong"
        if p.strong
        else "mild"
        if p.preference is not None
        else "none"
    )
    return Preference(p.preference, strength)


def colour_data(p: Player, points: Points) -> None:
    whites = blacks = run = 0
    last: str | None = None
    for r in p.rounds:
        if r.played:
            p.played += 1
            if r.colour == WHITE:
                whites += 1
            else:
                blacks += 1
            run = 1 if not run or r.colour != last else run + 1
            last = r.colour
        elif r.points >= points.win or r.bye:
            p.eligible = False  # C.04.3 C2: a bye or a win without playing
    lower = BLACK if whites > blacks else WHITE
    p.imbalance = abs(whites - blacks)
    if p.imbalance > 1:
        p.preference = lower
    elif run > 1:
        p.preference = invert(last)
    elif p.imbalance > 0:
        p.preference = lower
    elif run:
        p.preference = invert(last)
    p.repeated = last if run > 1 else None
    p.strong = not p.absolute and p.imbalance > 0


def score_back(p: Player, back: int) -> Fraction:
    """``p``'s score before the last ``back`` rounds."""
    score = p.score
    for r in p.rounds[len(p.rounds) - back :]:
        score -= r.points
    return score


def float_of(p: Player, back: int, by_id: dict[str, Player], points: Points) -> str:
    """How ``p`` floated ``back`` rounds ago (C.04.3 A.4): ``DOWN``, ``UP``
    or ``NONE``; a bye or a win without play is a downfloat."""
    if back in p.floats:
        return p.floats[back]
    r = p.rounds[len(p.rounds) - back]
    if not r.played:
        result = DOWN if r.points > points.loss else NONE
    else:
        mine = score_back(p, back)
        assert r.opponent is not None
        theirs = score_back(by_id[r.opponent], back)
        result = DOWN if mine > theirs else UP if mine < theirs else NONE
    p.floats[back] = result
    return result


def compatible_colours(a: str | None, b: str | None) -> bool:
    return a != b or a is None or b is None


def _first_difference(a: Player, b: Player) -> tuple[str | None, str | None]:
    """The colours of the two players' latest played games in which they had
    different colours, going back game by game (E.3)."""
    ca = [r.colour for r in reversed(a.rounds) if r.played]
    cb = [r.colour for r in reversed(b.rounds) if r.played]
    for x, y in zip(ca, cb, strict=False):
        if x != y:
            return x, y
    return None, None


#: The rules of C.04.3 E that give the colours, each with what decided it.
BOTH = "E.1"  # both preferences granted (or the one preference there is)
STRONGER = "E.2"  # the stronger preference: absolute over strong over mild
WIDER = "E.2 difference"  # of two absolute preferences, the wider colour difference
ALTERNATION = "E.3"  # alternating from the latest games with different colours
HIGHER = "E.4"  # the higher-ranked player's preference
NUMBER = "E.5"  # no preference: the higher-ranked player's rank and the first colour


@dataclass(frozen=True)
class ColourReason:
    """``p``'s colour against ``o``, the rule of C.04.3 E that gave it (one of
    :data:`BOTH` ... :data:`NUMBER`) and the id of the player it favoured:
    whose preference was granted, or the higher-ranked (``None`` for E.1 and
    E.3, which favour neither)."""

    colour: str
    rule: str
    by: str | None = None


def _neutral_colour(p: Player, o: Player) -> ColourReason | None:
    """``p``'s colour against ``o`` by the preferences alone (E.1-E.3), or
    ``None`` when they do not decide."""
    if compatible_colours(p.preference, o.preference):
        if p.preference is not None:
            return ColourReason(p.preference, BOTH)
        if o.preference is not None:
            return ColourReason(_inv(o.preference), BOTH)
        return None
    if p.absolute and (p.imbalance > o.imbalance or not o.absolute):
        return ColourReason(_granted(p), WIDER if o.absolute else STRONGER, p.id)
    if o.absolute and (o.imbalance > p.imbalance or not p.absolute):
        return ColourReason(_inv(o.preference), WIDER if p.absolute else STRONGER, o.id)
    if p.strong and not o.strong:
        return ColourReason(_granted(p), STRONGER, p.id)
    if o.strong and not p.strong:
        return ColourReason(_inv(o.preference), STRONGER, o.id)
    cp, co = _first_difference(p, o)
    if cp is not None and co is not None:
        return ColourReason(co, ALTERNATION)
    return None


def ranked_below(a: Player, b: Player) -> bool:
    """``a`` comes after ``b`` in the bracket order: lower score, or the same
    score and a later rank."""
    return (a.score, b.rank) < (b.score, a.rank)


def colour_reason(p: Player, o: Player, first: str) -> ColourReason:
    """``p``'s colour against ``o`` (C.04.3 E) and the rule that gives it: the
    preferences (E.1-E.3); then the higher-ranked player's preference (E.4);
    with none, the higher-ranked player has ``first`` when his rank is odd
    (1st, 3rd ...), the other colour when even (E.5)."""
    reason = _neutral_colour(p, o)
    if reason is not None:
        return reason
    if p.preference is None:
        if ranked_below(p, o):
            return ColourReason(first if o.rank & 1 else _inv(first), NUMBER, o.id)
        return ColourReason(_inv(first) if p.rank & 1 else first, NUMBER, p.id)
    if ranked_below(p, o):
        return ColourReason(_inv(o.preference), HIGHER, o.id)
    return ColourReason(p.preference, HIGHER, p.id)


def colour_of(p: Player, o: Player, first: str) -> str:
    """``p``'s colour against ``o`` (C.04.3 E): :func:`colour_reason`'s."""
    return colour_reason(p, o, first).colour


def _inv(colour: str | None) -> str:
    return BLACK if colour == WHITE else WHITE


def _granted(p: Player) -> str:
    """``p``'s preference, which he has (a strong or absolute one)."""
    assert p.preference is not None
    return p.preference
