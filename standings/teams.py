"""Team round robins: match points 2/1/0 and board points (Art. 38.7).

Pure: the games with each player's team in, the team table out. A match is
won by the team that scored more than half of the board points (2 match
points), drawn at exactly half (1), lost otherwise (0). Teams are ranked by
match points, then board points (38.7.2), then the team Sonneborn-Berger of
38.6.2: the sum, over the opposing teams, of their match points times the
board points scored against them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from standings.crosstable import GameRecord

_SCORES = {
    "1-0": (Fraction(1), Fraction(0)),
    "0-1": (Fraction(0), Fraction(1)),
    "1/2-1/2": (Fraction(1, 2), Fraction(1, 2)),
}


@dataclass(frozen=True)
class MatchResult:
    team: str
    opponent: str
    board_points: Fraction
    boards: int

    @property
    def match_points(self) -> int:
        half = Fraction(self.boards, 2)
        return 2 if self.board_points > half else 1 if self.board_points == half else 0


@dataclass(frozen=True)
class TeamRow:
    team: str
    place: int
    place_to: int
    match_points: int
    board_points: Fraction
    sonneborn_berger: Fraction
    matches: tuple[MatchResult, ...]


def team_table(
    teams: Sequence[str], players: Mapping[str, str], games: Iterable[GameRecord]
) -> tuple[TeamRow, ...]:
    """The team table; ``players`` maps each player to their team.

    >>> rows = team_table(["A", "B"], {"a1": "A", "a2": "A", "b1": "B", "b2": "B"},
    ...     [GameRecord("a1", "b1", "1-0"), GameRecord("b2", "a2", "1/2-1/2")])
    >>> [(r.team, r.match_points, str(r.board_points)) for r in rows]
    [('A', 2, '3/2'), ('B', 0, '1/2')]
    """
    scored: dict[tuple[str, str], Fraction] = {}
    boards: dict[tuple[str, str], int] = {}
    for g in games:
        if g.result not in _SCORES or g.annulled:
            continue
        white, black = players[g.white], players[g.black]
        if white == black:
            raise ValueError(f"{g.white} and {g.black} play for the same team {white!r}")
        ws, bs = _SCORES[g.result]
        for team, other, points in ((white, black, ws), (black, white, bs)):
            scored[team, other] = scored.get((team, other), Fraction(0)) + points
            boards[team, other] = boards.get((team, other), 0) + 1
    matches = {
        t: tuple(MatchResult(t, o, scored[t, o], boards[t, o]) for o in teams if (t, o) in scored)
        for t in teams
    }
    mp = {t: sum(m.match_points for m in matches[t]) for t in teams}
    bp = {t: sum((m.board_points for m in matches[t]), Fraction(0)) for t in teams}
    sb = {t: sum((m.board_points * mp[m.opponent] for m in matches[t]), Fraction(0)) for t in teams}

    def key(t: str) -> tuple[int, Fraction, Fraction]:
        return (-mp[t], -bp[t], -sb[t])

    ranked = sorted(teams, key=lambda t: (key(t), list(teams).index(t)))
    rows = []
    for t in ranked:
        tied = [i for i, o in enumerate(ranked) if key(o) == key(t)]
        rows.append(TeamRow(t, tied[0] + 1, tied[-1] + 1, mp[t], bp[t], sb[t], matches[t]))
    return tuple(rows)
