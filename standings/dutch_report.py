"""Why a round of the Dutch system (FIDE C.04.3) is paired as it is: for the
arbiter, each pair's score group, its floaters, both players' colour
preferences and recent floats, and the rule of C.04.3 E that gave the colours.
Pure: no I/O, no clock.

It reads the record before the round as :func:`standings.dutch.pair` does,
through :mod:`standings.dutch_players`, so what it says is what the pairing
weighed.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from standings.dutch import Pair
from standings.dutch_players import (
    BLACK,
    WHITE,
    Entrant,
    Player,
    Points,
    Preference,
    colour_reason,
    float_of,
    players,
    preference_of,
)


@dataclass(frozen=True)
class PlayerLine:
    """A player as the round's pairing read him."""

    id: str
    #: the pairing (start) number
    number: int
    #: his place in the pairing order of those in the tournament, from 1
    #: (the pairing number when nobody has left before being paired)
    rank: int
    score: Fraction
    preference: Preference
    #: how he floated in the last round, then in the one before (``"down"``,
    #: ``"up"``, ``"none"``; a bye or a win without play is a downfloat), as
    #: far back as there were rounds: what C14-C21 weigh
    floats: tuple[str, ...]
    #: may have the pairing-allocated bye: none yet, nor a win without play (C2)
    bye_eligible: bool


@dataclass(frozen=True)
class BoardReport:
    """One pair of the round and why it is what it is."""

    board: int
    white: PlayerLine
    black: PlayerLine
    #: the bracket the pair was made in: the higher of the two scores
    bracket: Fraction
    #: with different scores, who floated down (the higher) and up (the lower)
    down: str | None
    up: str | None
    #: the rule of C.04.3 E that gave the colours (``standings.dutch_players``'
    #: ``BOTH`` ... ``NUMBER``) and whom it favoured (``None`` for E.1, E.3)
    rule: str
    favoured: str | None
    #: the rules give the colours the round has (``False``: the record read
    #: now is not the one paired, e.g. a result changed since)
    as_the_rules: bool


@dataclass(frozen=True)
class RoundReport:
    #: the round explained, of ``rounds``
    round: int
    rounds: int
    boards: tuple[BoardReport, ...]
    #: the player with the pairing-allocated bye
    bye: PlayerLine | None
    #: the players not paired in the round (withdrawn, on leave of the round)
    absent: tuple[PlayerLine, ...]


def explain_round(
    entrants: Iterable[Entrant],
    pairs: Iterable[Pair],
    bye: str | None,
    *,
    rounds: int,
    first_colour: str = WHITE,
    points: Points | None = None,
) -> RoundReport:
    """The report of a round: ``entrants`` as they stood before it (what
    :func:`standings.dutch.pair` is given), the round's ``pairs`` and ``bye``.
    A player paired in the round counts as present in it, whatever he is now.

    >>> from standings.dutch_players import Round
    >>> a, b = Entrant("a", 1), Entrant("b", 2)
    >>> report = explain_round([a, b], [Pair(1, "a", "b")], None, rounds=3)
    >>> report.boards[0].rule, report.boards[0].favoured, report.boards[0].as_the_rules
    ('E.5', 'a', True)
    """
    points = points or Points()
    pairs = list(pairs)
    paired = {p.white for p in pairs} | {p.black for p in pairs} | {bye}
    everyone = [dataclasses.replace(e, absent=False) if e.id in paired else e for e in entrants]
    by_id = players(everyone, points)  # in pairing-number order
    away = {e.id for e in everyone if e.absent}
    played = max((len(p.rounds) for p in by_id.values()), default=0)

    def line(p: Player) -> PlayerLine:
        return PlayerLine(
            id=p.id,
            number=p.number,
            rank=p.rank + 1,
            score=p.score,
            preference=preference_of(p),
            floats=tuple(float_of(p, back, by_id, points) for back in (1, 2) if back <= played),
            bye_eligible=p.eligible,
        )

    boards = []
    for pair in sorted(pairs, key=lambda p: p.board):
        white, black = by_id[pair.white], by_id[pair.black]
        # the lower number's colour is chosen first, as the pairing does
        first, other = (white, black) if white.number < black.number else (black, white)
        reason = colour_reason(first, other, first_colour)
        given = WHITE if first is white else BLACK
        high, low = (white, black) if white.score >= black.score else (black, white)
        differ = high.score != low.score
        boards.append(
            BoardReport(
                board=pair.board,
                white=line(white),
                black=line(black),
                bracket=high.score,
                down=high.id if differ else None,
                up=low.id if differ else None,
                rule=reason.rule,
                favoured=reason.by,
                as_the_rules=reason.colour == given,
            )
        )
    return RoundReport(
        round=played + 1,
        rounds=rounds,
        boards=tuple(boards),
        bye=line(by_id[bye]) if bye is not None else None,
        absent=tuple(line(p) for p in by_id.values() if p.id in away),
    )
