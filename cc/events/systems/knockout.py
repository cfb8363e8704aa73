"""Knockout events (Art. 26): the bracket on the database, match by match.

The bracket itself is :mod:`standings.knockout`; this module keeps what it
needs (the seeds as the section's starting numbers, the match rules, which
match each game belongs to) and acts on what it answers:

* at the start, the seeds are numbered by rating (a drawing of lots orders
  equal ratings when the organiser draws) and the first round's games are
  created with the event's other games (:meth:`EventService.start`);
* whenever a game ends (:mod:`cc.events.progression`), the matches it
  makes ready get their games at once, so two quick semi-finalists do not
  wait for the other half of the bracket; a tied match gets its extra pair
  the same way. A withdrawn player's match is forfeited (Art. 33).

The players of every new game are told of it (PAIRED, in their language,
by mail too where their choices or the event's mode say so).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from cc.base import errors
from cc.base.kinds import Door, EventSystem, GameResult, GameStatus
from cc.events.new_games import entries_to_pair, new_game, tell_paired
from cc.kernel.context import Actor, ServiceContext, audit, find_event
from cc.kernel.notifications import Notifications
from cc.ratings.periods import ranking_ratings
from cc.store import rows
from cc.store.models import (
    AuditEntry,
    Event,
    Game,
    KnockoutGame,
    KnockoutRules,
    Player,
    Section,
    SectionEntry,
)
from cc.text.i18n import N_
from standings.knockout import (
    Bracket,
    KnockoutError,
    MatchState,
    MatchStatus,
    Rules,
    Slot,
    TieBreak,
    play,
)
from timekeeping import start_of_day

#: the match rules an organiser may set (EventSpec.match_rules), with their defaults
MATCH_RULES: dict[str, object] = {
    "games_per_match": 2,
    "tie_break": TieBreak.EXTRA_PAIR.value,
    "extra_pairs": 2,
    "bracket_reset": False,
}

KNOCKOUT_SYSTEMS = (EventSystem.KNOCKOUT.value, EventSystem.DOUBLE_KNOCKOUT.value)
_SYSTEMS = KNOCKOUT_SYSTEMS

#: who acts when a finished game pairs the next match
_BRACKET = Actor.operator(Door.SYSTEM, label="knockout")

#: ``Game.round`` of a bracket's round: the winners' rounds 1.., the losers'
#: rounds 101.., the grand finals 201 and 202 (unique per section with the board)
_ROUND_BASE = {"W": 0, "L": 100, "F": 200}


def configure(session: Session, event: Event, overrides: Mapping[str, object]) -> None:
    """Keep a new knockout event's match rules; an unknown or bad one is refused."""
    values = dict(MATCH_RULES)
    for name, value in overrides.items():
        if name not in MATCH_RULES:
            raise errors.InvalidInput(
                field="match_rules",
                reason=N_("{name!r} is not a rule of knockout matches", name=name),
            )
        values[name] = value
    try:
        tie = TieBreak(str(values["tie_break"]))
        games = int(str(values["games_per_match"]))
        extra = int(str(values["extra_pairs"]))
        Rules(games_per_match=games, tie_break=tie, extra_pairs=extra)
    except (TypeError, ValueError):
        raise errors.InvalidInput(
            field="match_rules",
            reason=N_(
                "a match has at least 1 game, extra pairs are not negative, and a tie goes "
                "to extra_pair, higher_seed or lots"
            ),
        ) from None
    session.add(
        KnockoutRules(
            event_id=event.id,
            games_per_match=games,
            tie_break=tie.value,
            extra_pairs=extra,
            bracket_reset=bool(values["bracket_reset"]),
        )
    )


def rules_of(session: Session, event: Event) -> Rules:
    row = session.get(KnockoutRules, event.id)
    if row is None:  # an event made before its rules were kept: the defaults
        row = KnockoutRules(games_per_match=2, tie_break="extra_pair", extra_pairs=2)
        row.bracket_reset = False
    return Rules(
        double=event.system == EventSystem.DOUBLE_KNOCKOUT.value,
        games_per_match=row.games_per_match,
        tie_break=TieBreak(row.tie_break),
        extra_pairs=row.extra_pairs,
        bracket_reset=bool(row.bracket_reset),
        lots_seed=row.lots_seed or 0,
    )


def start_section(
    session: Session,
    event: Event,
    section: Section,
    rng: random.Random | None,
    seed: int | None,
) -> int:
    """Seed the section by rating and create its first round's games; how many.

    The seeds are the section's starting numbers (1 the top seed), by the
    rating a Swiss ranks by too (the federation's list, else the server's
    rating, the unrated last). Equal ratings keep the order of entry, or
    the drawing of lots when the organiser draws (Art. 31.1). The lots of
    tied matches are drawn from ``seed`` (a new one when the organiser drew
    none), kept with the rules.
    """
    entries = entries_to_pair(event, section, rng)
    ratings = ranking_ratings(session, [e.player_id for e in entries])
    entries.sort(key=lambda e: -(ratings[e.player_id] or 0))
    for number, entry in enumerate(entries, start=1):
        entry.number = number
    row = session.get(KnockoutRules, event.id)
    if row is None:
        configure(session, event, {})
        session.flush()
        row = session.get(KnockoutRules, event.id)
        assert row is not None
    if row.lots_seed is None:
        row.lots_seed = seed if seed is not None else random.SystemRandom().randrange(2**31)
    session.flush()
    bracket = _bracket(session, event, section)
    turn_start = start_of_day(event.start_date, event.timezone)
    return len(_create(session, event, section, bracket, turn_start, event.start_date))


def follow(
    session: Session,
    event: Event,
    game: Game,
    when: datetime,
    notifications: Notifications | None,
) -> None:
    """After ``game`` ended: decide what it decided, start what it made ready.

    The event's row is locked first, so two games ending at once in two
    transactions are read one after the other and the match they both feed
    is paired exactly once.
    """
    session.execute(select(Event.id).where(Event.id == event.id).with_for_update())
    link = session.get(KnockoutGame, game.id)
    if link is None:
        return
    section = session.get(Section, link.section_id)
    assert section is not None
    after = _bracket(session, event, section)
    # Each decision is audited once: by this result, or by a withdrawal
    # (Art. 33) that a later result brings to the bracket.
    # (What a batch of the daily run has audited is still waiting to be
    # written: it counts too, cc.store.rows.)
    written = session.scalars(
        select(AuditEntry).where(
            AuditEntry.event_id == event.id, AuditEntry.action == "knockout_match_decided"
        )
    )
    told = {
        entry.details.get("match")
        for entry in written
        if entry.details.get("section") == section.name
    }
    told |= {
        row["details"].get("match")
        for row in rows.waiting(session, AuditEntry)
        if row["event_id"] == event.id
        and row["action"] == "knockout_match_decided"
        and row["details"].get("section") == section.name
    }
    for m in after.matches:
        if m.status == MatchStatus.DECIDED and m.key not in told:
            top, bottom = m.score
            audit(
                session,
                _BRACKET,
                when,
                "knockout_match_decided",
                event_id=event.id,
                section=section.name,
                match=m.key,
                winner=m.winner,
                loser=m.loser,
                score=[top, bottom],
                decided_by=m.decided_by,
                lots_seed=after.rules.lots_seed if m.decided_by == "lots" else None,
            )
    # The new games start the next day in the event's zone: the players are
    # told today, and a whole day is theirs from the start (as at the start).
    local = when.astimezone(ZoneInfo(event.timezone)).date()
    day = max(local + timedelta(days=1), event.start_date)
    made = _create(session, event, section, after, start_of_day(day, event.timezone), day)
    if not made:
        return
    audit(
        session,
        _BRACKET,
        when,
        "knockout_games_paired",
        event_id=event.id,
        section=section.name,
        games=[
            {"game": g.id, "match": key, "white": g.white_id, "black": g.black_id}
            for key, g in made
        ],
    )
    if notifications is None:
        return
    for key, g in made:
        tell_paired(session, notifications, event, g, str(g.round), match=key)


def complete(session: Session, event: Event) -> bool:
    """Every section's bracket has its winner: no match is left to play.
    A bracket its stored games no longer fit is not complete: the event
    stays open for the arbiter (and the daily run goes on with the rest)."""
    try:
        return all(
            _bracket(session, event, section).finished
            for section in event.sections
            if section.entries
        )
    except errors.EventStateError:
        return False


def _bracket(session: Session, event: Event, section: Section) -> Bracket:
    """The section's bracket from its games, its seeds and its withdrawals."""
    entries = sorted(section.entries, key=lambda e: e.number or 0)
    seeds = [e.player_id for e in entries]
    withdrawn = frozenset(e.player_id for e in entries if e.withdrawn_on is not None)
    linked = session.execute(
        select(KnockoutGame, Game)
        .join(Game, Game.id == KnockoutGame.game_id)
        .where(KnockoutGame.section_id == section.id)
        .order_by(KnockoutGame.match, KnockoutGame.game_index)
    ).all()
    played: dict[str, list[tuple[int, Game]]] = {}
    for link, game in linked:
        played.setdefault(link.match, []).append((link.game_index, game))
    rules = rules_of(session, event)
    # The top player of each match is known from its first game: White in it.
    games: dict[str, list[float | None]] = {}
    for key, listed in played.items():
        first = min(listed, key=lambda x: x[0])[1]
        top = first.white_id
        points: list[float | None] = [None] * (max(i for i, _ in listed) + 1)
        for index, game in listed:
            points[index] = _points(game, top)
        games[key] = points
    try:
        return play(seeds, rules, games, withdrawn)
    except KnockoutError as exc:  # stored games that no longer fit the bracket
        raise errors.EventStateError(event=event.code, reason=str(exc)) from None


def _points(game: Game, player_id: int) -> float | None:
    """``player_id``'s points in a finished game; None while it is not decided."""
    if game.status != GameStatus.FINISHED or game.result == GameResult.UNFINISHED:
        return None
    if game.result == GameResult.DRAW:
        return 0.5
    white_won = game.result == GameResult.WHITE_WINS
    return 1.0 if white_won == (game.white_id == player_id) else 0.0


def _create(
    session: Session,
    event: Event,
    section: Section,
    bracket: Bracket,
    turn_start: datetime,
    day: date,
) -> list[tuple[str, Game]]:
    """Create the games the bracket needs and does not have yet."""
    wanted = bracket.new_games()
    if not wanted:
        return []
    made: list[tuple[str, Game]] = []
    for g in wanted:
        spec = bracket.match(g.match).spec
        rnd = _ROUND_BASE[spec.bracket] + spec.round
        last = session.scalar(
            select(func.max(Game.board)).where(Game.section_id == section.id, Game.round == rnd)
        )
        game = new_game(session, event, section, rnd, (last or 0) + 1, g.white, g.black, turn_start)
        session.flush()
        session.add(
            KnockoutGame(game_id=game.id, section_id=section.id, match=g.match, game_index=g.index)
        )
        made.append((g.match, game))
    session.flush()
    return made


# ------------------------------------------------------------------ the page


@dataclass(frozen=True)
class GameCell:
    id: int
    white: str
    black: str
    #: "1-0", "0-1", "1/2-1/2", or "*" while played
    result: str


@dataclass(frozen=True)
class MatchView:
    key: str
    top: str | None
    bottom: str | None
    #: a :class:`standings.knockout.MatchStatus` value
    status: str
    score: tuple[float, float]
    #: where a player not yet known comes from: ("winner" or "loser", match key)
    top_from: tuple[str, str] | None
    bottom_from: tuple[str, str] | None
    #: "top", "bottom" or None
    winner: str | None
    decided_by: str | None
    games: tuple[GameCell, ...]


@dataclass(frozen=True)
class RoundView:
    #: "W", "L" or "F"
    bracket: str
    round: int
    #: of the bracket's rounds, how many come after this one (0: its last)
    to_go: int
    matches: tuple[MatchView, ...]


@dataclass(frozen=True)
class SectionBracket:
    name: str
    double: bool
    games_per_match: int
    tie_break: str
    rounds: tuple[RoundView, ...]
    #: (place, "first-last" when shared, player's name), once decided
    placings: tuple[tuple[int, str, str], ...]


@dataclass(frozen=True)
class BracketView:
    code: str
    name: str
    system: str
    sections: tuple[SectionBracket, ...]


class KnockoutService:
    """The bracket of a knockout event as its public page shows it."""

    def __init__(self, ctx: ServiceContext) -> None:
        self.ctx = ctx

    def is_knockout(self, code: str) -> bool:
        """Whether the event is played by one of the knockout systems."""
        with self.ctx.db.read() as session:
            return find_event(session, code).system in _SYSTEMS

    def rules(self, code: str) -> dict[str, object] | None:
        """A knockout event's system and match rules, for its regulations; else None."""
        with self.ctx.db.read() as session:
            event = find_event(session, code)
            if event.system not in _SYSTEMS:
                return None
            rules = rules_of(session, event)
            return {
                "system": event.system,
                "games_per_match": rules.games_per_match,
                "tie_break": rules.tie_break.value,
                "extra_pairs": rules.extra_pairs,
                "bracket_reset": rules.bracket_reset,
            }

    def bracket(self, code: str) -> BracketView:
        with self.ctx.db.read() as session:
            event = find_event(session, code)
            if event.system not in _SYSTEMS:
                raise errors.NotFound(kind="bracket", ref=code)
            sections = tuple(
                section_bracket(session, event, s) for s in event.sections if event.started_at
            )
            return BracketView(event.code, event.name, event.system, sections)


def section_bracket(session: Session, event: Event, section: Section) -> SectionBracket:
    """A section's bracket as shown: rounds, matches with names, scores and
    games, and the final placing once decided."""
    bracket = _bracket(session, event, section)
    names = {
        p.id: p.name
        for p in session.scalars(
            select(Player).join(SectionEntry).where(SectionEntry.section_id == section.id)
        )
    }
    cells: dict[str, list[GameCell]] = {}
    for link, game in session.execute(
        select(KnockoutGame, Game)
        .join(Game, Game.id == KnockoutGame.game_id)
        .where(KnockoutGame.section_id == section.id)
        .order_by(KnockoutGame.game_index)
    ).all():
        cells.setdefault(link.match, []).append(
            GameCell(
                game.id,
                names.get(game.white_id, ""),
                names.get(game.black_id, ""),
                game.result.value if game.status == GameStatus.FINISHED else "*",
            )
        )
    rounds: dict[tuple[str, int], list[MatchView]] = {}
    for m in bracket.matches:
        rounds.setdefault((m.spec.bracket, m.spec.round), []).append(
            _match_view(m, names, cells.get(m.key, []))
        )
    last = {b: max(r for bb, r in rounds if bb == b) for b, _ in rounds}
    views = tuple(
        RoundView(b, r, last[b] - r, tuple(ms))
        for (b, r), ms in sorted(rounds.items(), key=lambda kv: ("WLF".index(kv[0][0]), kv[0][1]))
        if any(m.status != MatchStatus.EMPTY.value for m in ms)
    )
    placings: list[tuple[int, str, str]] = []
    if bracket.placings is not None:
        for player, (first, lastp) in sorted(
            bracket.placings.items(), key=lambda kv: (kv[1], bracket.seeds.index(kv[0]))
        ):
            shown = str(first) if first == lastp else f"{first}–{lastp}"
            placings.append((first, shown, names.get(player, "")))
    return SectionBracket(
        section.name,
        bracket.rules.double,
        bracket.rules.games_per_match,
        bracket.rules.tie_break.value,
        views,
        tuple(placings),
    )


def _match_view(m: MatchState, names: Mapping[int, str], games: list[GameCell]) -> MatchView:
    winner = None
    if m.winner is not None:
        winner = "top" if m.winner == m.top else "bottom"
    return MatchView(
        m.key,
        names.get(m.top) if m.top is not None else None,
        names.get(m.bottom) if m.bottom is not None else None,
        m.status.value,
        m.score,
        _source(m.spec.top),
        _source(m.spec.bottom),
        winner,
        m.decided_by,
        tuple(games),
    )


def _source(slot: Slot) -> tuple[str, str] | None:
    return None if slot.kind == "seed" else (slot.kind, slot.match)


__all__ = [
    "KNOCKOUT_SYSTEMS",
    "MATCH_RULES",
    "BracketView",
    "KnockoutService",
    "configure",
    "follow",
    "rules_of",
    "section_bracket",
    "start_section",
]
