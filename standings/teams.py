"""Team round robins: match points 2/1/0 and board points (Art. 38.7, 39.3.2).

Pure: the games with each player's team in, the team table out. A match is
the set of games two teams play in one round; it is won by the team that
scored more than half of the board points (2 match points), drawn at exactly
half (1), lost otherwise (0). A match with a board still to be decided gives
no match points yet. Board points count game by game as they are decided.

The ranking follows the order the regulations give, the first entry being the
main score (38.7.1 match points, or 38.7.2 board points) and the rest the
tie-breaks of 39.3.2:

- ``match_points`` and ``board_points``;
- ``head_to_head``: among teams still tied, if all of them met each other,
  the match points they scored in those matches;
- ``sonneborn_berger`` (38.6.2, team form): the sum over the opposing teams of
  their match points times the board points scored against them.

Unplayed games (a withdrawal, a default) are marked "+"/"-" and a match none
of whose games was played is marked as unplayed (33.3).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from standings.crosstable import GameRecord, _show

_SCORES = {
    "1-0": (Fraction(1), Fraction(0)),
    "0-1": (Fraction(0), Fraction(1)),
    "1/2-1/2": (Fraction(1, 2), Fraction(1, 2)),
}


class TeamTiebreak(enum.StrEnum):
    MATCH_POINTS = "match_points"
    BOARD_POINTS = "board_points"
    HEAD_TO_HEAD = "head_to_head"
    SONNEBORN_BERGER = "sonneborn_berger"


#: 38.7.1 match points first, then 39.3.2: board points, head-to-head, SB
DEFAULT_TEAM_ORDER: tuple[TeamTiebreak, ...] = (
    TeamTiebreak.MATCH_POINTS,
    TeamTiebreak.BOARD_POINTS,
    TeamTiebreak.HEAD_TO_HEAD,
    TeamTiebreak.SONNEBORN_BERGER,
)


@dataclass(frozen=True)
class MatchResult:
    """One team's side of one match (one round against one opponent)."""

    team: str
    opponent: str
    round: int
    board_points: Fraction
    #: boards of the match, and those decided so far
    boards: int
    decided: int
    #: games of the match actually played (0: an unplayed match, 33.3)
    played: int

    @property
    def complete(self) -> bool:
        return self.decided == self.boards

    @property
    def unplayed(self) -> bool:
        return self.complete and self.played == 0

    @property
    def match_points(self) -> int:
        if not self.complete:
            return 0
        half = Fraction(self.boards, 2)
        return 2 if self.board_points > half else 1 if self.board_points == half else 0

    @property
    def text(self) -> str:
        """The cell of a team crosstable: "1½", "+2" for an unplayed match, "*"."""
        if not self.complete:
            return "*" if self.decided == 0 else f"{_show(self.board_points)}*"
        if self.unplayed:
            return ("+" if self.match_points else "-") + _show(self.board_points)
        return _show(self.board_points)


@dataclass(frozen=True)
class TeamRow:
    team: str
    place: int
    place_to: int
    match_points: int
    board_points: Fraction
    sonneborn_berger: Fraction
    matches: tuple[MatchResult, ...]
    tiebreaks: dict[str, Fraction] = field(default_factory=dict)

    @property
    def place_text(self) -> str:
        return str(self.place) if self.place == self.place_to else f"{self.place}-{self.place_to}"

    def against(self, opponent: str) -> tuple[MatchResult, ...]:
        return tuple(m for m in self.matches if m.opponent == opponent)


@dataclass(frozen=True)
class TeamTable:
    #: the teams in starting order (the table's columns)
    teams: tuple[str, ...]
    rows: tuple[TeamRow, ...]
    order: tuple[TeamTiebreak, ...] = DEFAULT_TEAM_ORDER

    def row(self, team: str) -> TeamRow:
        for row in self.rows:
            if row.team == team:
                return row
        raise KeyError(team)

    def text(
        self, headings: Mapping[str, str] | None = None, *, decimal_comma: bool = False
    ) -> str:
        """The team crosstable as plain text: board points per match, then the ranking.

        ``headings`` names the ranking's columns by their codes (default: the
        codes); ``decimal_comma`` writes fractions as the reader's language does.
        """
        label = (headings or {}).get
        number = {t: i + 1 for i, t in enumerate(self.teams)}
        width = max([len(t) for t in self.teams] + [4])
        head = f"{'':>5} {'':<{width}} " + " ".join(f"{number[t]:>9}" for t in self.teams)
        head += " " + " ".join(f"{label(t.value, t.value)[:6]:>6}" for t in self.order)
        lines = [head]
        for row in self.rows:
            cells = []
            for t in self.teams:
                text = "X" if t == row.team else " ".join(m.text for m in row.against(t))
                cells.append(f"{text:>9}")
            values = " ".join(
                f"{_show(row.tiebreaks[t.value], decimal_comma):>6}" for t in self.order
            )
            lines.append(
                f"{row.place_text:>5} {row.team:<{width}} " + " ".join(cells) + " " + values
            )
        return "\n".join(lines)


def team_table(
    teams: Sequence[str],
    players: Mapping[str, str],
    games: Iterable[GameRecord],
    *,
    order: Sequence[TeamTiebreak | str] = DEFAULT_TEAM_ORDER,
) -> TeamTable:
    """The team table; ``players`` maps each player to their team.

    Games are grouped into matches by their teams and ``round``.

    >>> rows = team_table(["A", "B"], {"a1": "A", "a2": "A", "b1": "B", "b2": "B"},
    ...     [GameRecord("a1", "b1", "1-0"), GameRecord("b2", "a2", "1/2-1/2")])
    >>> [(r.team, r.match_points, str(r.board_points)) for r in rows.rows]
    [('A', 2, '3/2'), ('B', 0, '1/2')]
    """
    listed = tuple(teams)
    if len(set(listed)) != len(listed):
        raise ValueError(f"teams listed twice: {listed!r}")
    chosen = tuple(TeamTiebreak(t) for t in order)
    if not chosen:
        raise ValueError("a team table needs at least one score to rank by")
    scored: dict[tuple[str, str, int], Fraction] = {}
    boards: dict[tuple[str, str, int], int] = {}
    decided: dict[tuple[str, str, int], int] = {}
    played: dict[tuple[str, str, int], int] = {}
    for g in games:
        if g.annulled:
            continue
        white, black = players[g.white], players[g.black]
        if white == black:
            raise ValueError(f"{g.white} and {g.black} play for the same team {white!r}")
        for team, other in ((white, black), (black, white)):
            k = (team, other, g.round)
            boards[k] = boards.get(k, 0) + 1
            scored.setdefault(k, Fraction(0))
            decided.setdefault(k, 0)
            played.setdefault(k, 0)
            if g.result in _SCORES:
                ws, bs = _SCORES[g.result]
                scored[k] += ws if team == white else bs
                decided[k] += 1
                played[k] += g.played
    matches = {
        t: tuple(
            MatchResult(
                t, o, r, scored[t, o, r], boards[t, o, r], decided[t, o, r], played[t, o, r]
            )
            for (tt, o, r) in sorted(boards, key=lambda k: (k[2], listed.index(k[1])))
            if tt == t
        )
        for t in listed
    }
    mp = {t: sum(m.match_points for m in matches[t]) for t in listed}
    bp = {t: sum((m.board_points for m in matches[t]), Fraction(0)) for t in listed}
    sb = {
        t: sum((m.board_points * mp[m.opponent] for m in matches[t] if m.complete), Fraction(0))
        for t in listed
    }
    values: dict[str, dict[str, Fraction]] = {
        t: {
            TeamTiebreak.MATCH_POINTS.value: Fraction(mp[t]),
            TeamTiebreak.BOARD_POINTS.value: bp[t],
            TeamTiebreak.SONNEBORN_BERGER.value: sb[t],
        }
        for t in listed
    }
    if TeamTiebreak.HEAD_TO_HEAD in chosen:
        before = chosen[: chosen.index(TeamTiebreak.HEAD_TO_HEAD)]
        groups: dict[tuple[Fraction, ...], list[str]] = {}
        for t in listed:
            groups.setdefault(tuple(values[t][b.value] for b in before), []).append(t)
        for group in groups.values():
            met_all = all(
                any(m.opponent == o and m.complete for m in matches[t])
                for t in group
                for o in group
                if o != t
            )
            for t in group:
                h2h = (
                    sum((m.match_points for m in matches[t] if m.opponent in group), 0)
                    if met_all
                    else 0
                )
                values[t][TeamTiebreak.HEAD_TO_HEAD.value] = Fraction(h2h)

    def key(t: str) -> tuple[Fraction, ...]:
        return tuple(-values[t][b.value] for b in chosen)

    ranked = sorted(listed, key=lambda t: (key(t), listed.index(t)))
    rows = []
    for t in ranked:
        tied = [i for i, o in enumerate(ranked) if key(o) == key(t)]
        rows.append(
            TeamRow(
                t,
                tied[0] + 1,
                tied[-1] + 1,
                mp[t],
                bp[t],
                sb[t],
                matches[t],
                {b.value: values[t][b.value] for b in chosen},
            )
        )
    return TeamTable(teams=listed, rows=tuple(rows), order=chosen)
