"""The standings of an event's sections: the crosstable with its tie-breaks.

Gathers the games as :mod:`standings` needs them: a result given without play
(a withdrawal, a default) is "+"/"-"; a game annulled by an exclusion never
counts; games still running or awaiting adjudication are "*"; withdrawn
players per Art. 33 from their section entries. A team section gets the team
table instead (match and board points, Art. 38.7) with each board's scores.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import partial

from sqlalchemy import select
from sqlalchemy.orm import Session

from cc.base.kinds import EventSystem, GameStatus, ResultReason
from cc.events.systems.knockout import KNOCKOUT_SYSTEMS, SectionBracket, section_bracket
from cc.events.systems.knockout_text import bracket_text
from cc.kernel.context import ServiceContext, find_event
from cc.ratings.periods import ranking_ratings
from cc.store.models import Event, Game, Section, SectionEntry
from cc.text.i18n import DECIMAL_COMMA, DEFAULT_LANGUAGE, gettext
from cc.text.words import WORDS
from standings import Crosstable, GameRecord, TeamTable, crosstable, team_table
from standings.crosstable import _show
from standings.swiss import SwissEntrant, SwissGame, SwissTable, swiss_table

_UNPLAYED = (ResultReason.WITHDRAWAL, ResultReason.DEFAULT)


def _full(code: str, lang: str) -> str:
    """A tie-break's full name in ``lang``."""
    text = WORDS["tiebreak"].get(code)
    return gettext(lang, text) if text is not None else code


@dataclass(frozen=True)
class BoardScore:
    """One player's score on their board of a team section."""

    board: int
    team: str
    player: str
    points: Fraction
    games: int

    @property
    def points_text(self) -> str:
        return f"{_show(self.points)}/{self.games}"


@dataclass(frozen=True)
class TeamStandings:
    table: TeamTable
    #: team -> its players' logins in board order
    lineups: dict[str, list[str]]
    #: the players' scores, board by board, best first on each board
    boards: list[BoardScore] = field(default_factory=list)

    def text(
        self,
        names: dict[str, str],
        headings: Mapping[str, str] | None = None,
        *,
        decimal_comma: bool = False,
    ) -> str:
        lines = [self.table.text(headings, decimal_comma=decimal_comma), ""]
        for b in self.boards:
            lines.append(f"{b.board:>3}  {names[b.player]} ({b.team})  {b.points_text}")
        return "\n".join(lines)

    def as_dict(self, names: dict[str, str]) -> dict[str, object]:
        return {
            "ranking": [t.value for t in self.table.order],
            "teams": list(self.table.teams),
            "rows": [
                {
                    "place": r.place_text,
                    "team": r.team,
                    "number": self.table.teams.index(r.team) + 1,
                    "match_points": r.match_points,
                    "board_points": float(r.board_points),
                    "tiebreaks": {k: float(v) for k, v in r.tiebreaks.items()},
                    "players": self.lineups[r.team],
                    "matches": [
                        {
                            "round": m.round,
                            "opponent": m.opponent,
                            "board_points": float(m.board_points),
                            "match_points": m.match_points,
                            "complete": m.complete,
                            "unplayed": m.unplayed,
                            "text": m.text,
                        }
                        for m in r.matches
                    ],
                }
                for r in self.table.rows
            ],
            "boards": [
                {
                    "board": b.board,
                    "team": b.team,
                    "player": b.player,
                    "name": names[b.player],
                    "points": float(b.points),
                    "games": b.games,
                }
                for b in self.boards
            ],
        }


@dataclass(frozen=True)
class SectionStandings:
    section: str
    #: the crosstable of an individual section (None in a team section)
    table: Crosstable | None
    #: login -> (name, starting number)
    names: dict[str, str]
    numbers: dict[str, int]
    #: games still to finish or adjudicate
    unfinished: int
    #: the team table of a team section
    teams: TeamStandings | None = None
    #: login -> opponent -> the ids of their games, in the order of the
    #: row's cells (so each cell can link its game)
    games: dict[str, dict[str, list[int]]] = field(default_factory=dict)
    #: a Swiss section's table (then ``table`` is None): rounds, points,
    #: tie-breaks (Art. 39.3.3, 39.3.4)
    swiss: SwissTable | None = None
    #: a Swiss: the rounds announced (31.7) and the pairing system
    rounds: int | None = None
    #: login -> round -> the id of the player's game in that round
    round_games: dict[str, dict[int, int]] = field(default_factory=dict)
    #: a knockout section's bracket (then ``table`` is None, Art. 26): its
    #: matches and final placing, not a crosstable of the games
    knockout: SectionBracket | None = None
    #: login -> the rating the player is ranked by (the federation's list,
    #: else the server's; None unrated), shown beside the name
    ratings: dict[str, int | None] = field(default_factory=dict)

    def game_of(self, player: str, opponent: str, index: int) -> int | None:
        """The game of the ``index``-th cell of ``player`` against ``opponent``."""
        ids = self.games.get(player, {}).get(opponent, [])
        return ids[index] if index < len(ids) else None

    @property
    def final(self) -> bool:
        return self.unfinished == 0

    def text(self, lang: str = DEFAULT_LANGUAGE) -> str:
        """The table as text, its column headings and its numbers in ``lang``."""
        # Short column headings, then a line saying what each stands for.
        columns = {code: gettext(lang, text) for code, text in WORDS["tiebreak_column"].items()}
        if self.knockout is not None:
            return bracket_text(self.knockout, lang)
        comma = lang in DECIMAL_COMMA
        if self.teams is not None:
            table = self.teams.text(self.names, columns, decimal_comma=comma)
            codes = [t.value for t in self.teams.table.order]
        elif self.swiss is not None:
            table = self.swiss.text(self.names, columns, decimal_comma=comma)
            codes = [t.value for t in self.swiss.tiebreaks]
        else:
            assert self.table is not None
            table = self.table.text(self.names, columns, decimal_comma=comma)
            codes = [t.value for t in self.table.tiebreaks]
        legend = "; ".join(
            f"{columns[code]}: {_full(code, lang)}"
            for code in codes
            if code in columns and columns[code] != _full(code, lang)
        )
        return f"{table}\n{legend}" if legend else table

    def as_dict(self) -> dict[str, object]:
        if self.knockout is not None:
            return {
                "section": self.section,
                "final": self.final,
                "kind": "knockout",
                "rounds": [
                    {
                        "bracket": r.bracket,
                        "round": r.round,
                        "matches": [
                            {
                                "match": m.key,
                                "top": m.top,
                                "bottom": m.bottom,
                                "score": list(m.score),
                                "winner": m.winner,
                                "decided_by": m.decided_by,
                                "games": [g.id for g in m.games],
                            }
                            for m in r.matches
                            if m.status != "empty"
                        ],
                    }
                    for r in self.knockout.rounds
                ],
                "placing": [
                    {"place": shown, "name": name} for _, shown, name in self.knockout.placings
                ],
            }
        if self.teams is not None:
            return {
                "section": self.section,
                "final": self.final,
                "kind": "team",
                **self.teams.as_dict(self.names),
            }
        if self.swiss is not None:
            return {
                "section": self.section,
                "final": self.final,
                "kind": "swiss",
                "rounds": self.rounds,
                "tiebreaks": [t.value for t in self.swiss.tiebreaks],
                "rows": [
                    {
                        "place": r.place_text,
                        "player": r.player,
                        "name": self.names[r.player],
                        "rating": self.ratings.get(r.player),
                        "number": r.number,
                        "points": float(r.points),
                        "tiebreaks": {k: float(v) for k, v in r.tiebreaks.items()},
                        "rounds": [
                            {
                                "round": c.round,
                                "opponent": c.opponent,
                                "opponent_number": c.opponent_number,
                                "colour": c.colour.lower() or None,
                                "result": c.result or None,
                                "bye": c.bye,
                                "game": self.round_games.get(r.player, {}).get(c.round),
                            }
                            for c in r.rounds
                        ],
                        "withdrawn": r.withdrawn,
                    }
                    for r in self.swiss.rows
                ],
            }
        assert self.table is not None
        return {
            "section": self.section,
            "final": self.final,
            "kind": "individual",
            "tiebreaks": [t.value for t in self.table.tiebreaks],
            "players": list(self.table.players),
            "rows": [
                {
                    "place": r.place_text,
                    "player": r.player,
                    "name": self.names[r.player],
                    "rating": self.ratings.get(r.player),
                    "number": self.numbers[r.player],
                    "points": float(r.points),
                    "tiebreaks": {k: float(v) for k, v in r.tiebreaks.items()},
                    "cells": {o: [str(c) for c in cs] for o, cs in r.cells.items()},
                    "games": {o: list(ids) for o, ids in self.games.get(r.player, {}).items()},
                    "withdrawn": r.withdrawn,
                    "not_counted": r.not_counted,
                }
                for r in self.table.rows
            ],
        }


class StandingsService:
    def __init__(self, ctx: ServiceContext) -> None:
        self.ctx = ctx

    def event(self, code: str) -> list[SectionStandings]:
        """Each section's crosstable, as the results stand now."""
        with self.ctx.db.read() as session:
            event = find_event(session, code)
            order = [t for t in event.tiebreaks.split(",") if t]
            ranking = [t for t in event.team_ranking.split(",") if t]
            out = []
            for section in event.sections:
                entries = sorted(section.entries, key=lambda e: (e.number or 0, e.id))
                logins = [e.player.login for e in entries]
                games = session.scalars(
                    select(Game).where(Game.section_id == section.id).order_by(Game.id)
                ).all()
                records = []
                unfinished = 0
                ids: dict[str, dict[str, list[int]]] = {}
                for g in games:
                    # the cells' order: one per game, in the order of the games
                    ids.setdefault(g.white.login, {}).setdefault(g.black.login, []).append(g.id)
                    ids.setdefault(g.black.login, {}).setdefault(g.white.login, []).append(g.id)
                    done = g.status == GameStatus.FINISHED
                    unfinished += g.status in (GameStatus.ONGOING, GameStatus.ADJUDICATION)
                    records.append(
                        GameRecord(
                            g.white.login,
                            g.black.login,
                            g.result.value if done else "*",
                            played=g.result_reason not in _UNPLAYED,
                            annulled=g.status == GameStatus.ANNULLED,
                            round=g.round,
                        )
                    )
                names = {e.player.login: e.player.name for e in entries}
                numbers = {e.player.login: i + 1 for i, e in enumerate(entries)}
                rated = ranking_ratings(session, [e.player_id for e in entries])
                # What every kind of table has.
                standing = partial(
                    SectionStandings,
                    section=section.name,
                    names=names,
                    numbers=numbers,
                    unfinished=unfinished,
                    games=ids,
                    ratings={e.player.login: rated[e.player_id] for e in entries},
                )
                if event.system in KNOCKOUT_SYSTEMS and event.started_at is not None:
                    out.append(
                        standing(table=None, knockout=section_bracket(session, event, section))
                    )
                    continue
                if event.system == EventSystem.SWISS and not section.teams:
                    out.append(
                        _swiss_standings(
                            session, event, section, entries, games, names, numbers, order
                        )
                    )
                    continue
                if section.teams:
                    out.append(
                        standing(table=None, teams=_team_standings(section, records, ranking))
                    )
                    continue
                table = crosstable(
                    logins,
                    records,
                    withdrawn=[e.player.login for e in entries if e.withdrawn_on],
                    tiebreaks=order,
                )
                out.append(standing(table=table))
            return out


_POINTS = {"1-0": (Fraction(1), Fraction(0)), "0-1": (Fraction(0), Fraction(1))}


def _swiss_standings(
    session: Session,
    event: Event,
    section: Section,
    entries: list[SectionEntry],
    games: Sequence[Game],
    names: dict[str, str],
    numbers: dict[str, int],
    order: list[str],
) -> SectionStandings:
    """A Swiss section's table: points with the byes, withdrawn players kept
    with their points (33.2), the ratings players are ranked by (38.1)."""
    ratings = ranking_ratings(session, [e.player_id for e in entries])
    entrants = [
        SwissEntrant(
            e.player.login,
            e.number or numbers[e.player.login],
            ratings[e.player_id],
            withdrawn=e.withdrawn_on is not None,
        )
        for e in entries
    ]
    records = []
    round_games: dict[str, dict[int, int]] = {}
    unfinished = 0
    for g in games:
        done = g.status == GameStatus.FINISHED
        unfinished += g.status in (GameStatus.ONGOING, GameStatus.ADJUDICATION)
        round_games.setdefault(g.white.login, {})[g.round] = g.id
        round_games.setdefault(g.black.login, {})[g.round] = g.id
        records.append(
            SwissGame(
                g.round,
                g.white.login,
                g.black.login,
                g.result.value if done else "*",
                played=g.result_reason not in _UNPLAYED,
                annulled=g.status == GameStatus.ANNULLED,
            )
        )
    points = Fraction(event.bye_points)
    byes = {e.player.login: (e.bye_round, points) for e in entries if e.bye_round is not None}
    table = swiss_table(entrants, records, byes=byes, tiebreaks=order)
    played = max([r.round for r in records] + [r for r, _ in byes.values()] + [0])
    return SectionStandings(
        section=section.name,
        table=None,
        names=names,
        numbers={e.player.login: e.number or numbers[e.player.login] for e in entries},
        # rounds still to pair count as games to finish: the table is final
        # once the last round announced is over
        unfinished=unfinished
        + max((event.rounds or 0) - played, 0)
        * (sum(1 for e in entries if e.withdrawn_on is None) // 2),
        swiss=table,
        rounds=event.rounds,
        round_games=round_games,
        ratings={e.player.login: ratings[e.player_id] for e in entries},
    )


def _team_standings(
    section: Section, records: list[GameRecord], ranking: list[str]
) -> TeamStandings:
    """The team table and each board's scores of a team section."""
    teams = sorted(section.teams, key=lambda t: (t.number or 0, t.id))
    lineups = {t.name: [e.player.login for e in t.entries] for t in teams}
    team_of = {login: team for team, logins in lineups.items() for login in logins}
    table = team_table([t.name for t in teams], team_of, records, order=ranking)
    points = dict.fromkeys(team_of, Fraction(0))
    played = dict.fromkeys(team_of, 0)
    for r in records:
        if r.result == "*" or r.annulled:
            continue
        ws, bs = _POINTS.get(r.result, (Fraction(1, 2), Fraction(1, 2)))
        points[r.white] += ws
        points[r.black] += bs
        played[r.white] += 1
        played[r.black] += 1
    board_of = {e.player.login: e.board or 0 for t in teams for e in t.entries}
    scores = [BoardScore(board_of[p], team_of[p], p, points[p], played[p]) for p in team_of]
    scores.sort(key=lambda b: (b.board, -b.points, b.games, b.player))
    return TeamStandings(table=table, lineups=lineups, boards=scores)
