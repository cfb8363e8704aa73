"""A Swiss event's rounds (Art. 26, 31.7, 33.2), as ICCF runs its preliminaries:
all the games of a round begin together.

The number of rounds and the pairing system (FIDE's Dutch system,
:mod:`standings.dutch`) are announced with the event (31.7). The start numbers
each section by rating (the federation's, else the server's, the unrated last
by name) and pairs round 1 only; its games are made like every other game
(:func:`cc.events.new_games.new_game`). When the last game of a round ends,
in the transaction that ended it (:mod:`cc.events.progression`), the next
round is paired and its games begin at that moment, each player told as at
the start (a PAIRED notice with the game, or BYE), mailed whatever they chose:
their time runs from then. The arbiter may pair a round by hand
(:meth:`SwissService.pair_next`, ``cc event pair-next``) once every game of
the round before has ended; after the last round nothing more is paired.

A withdrawn player (his section entry's ``withdrawn_on``) is not paired
again; his points and his opponents' stay (33.2). A bye scores what the
regulations say (``bye_points``, an unplayed win of 1 point by default) and
comes to a player once, never to one who has won a game without playing
(C.04.3 C2).
"""

from __future__ import annotations

from datetime import datetime
from fractions import Fraction

from sqlalchemy import select
from sqlalchemy.orm import Session

from cc.base import errors
from cc.base.kinds import Door, EventStatus, EventSystem, GameResult, GameStatus, ResultReason
from cc.events.new_games import entries_to_pair, new_game, tell_paired
from cc.kernel.access import require_official
from cc.kernel.context import Actor, ServiceContext, audit, find_event
from cc.kernel.notifications import Kind, Notice, Notifications
from cc.ratings.periods import ranking_ratings
from cc.store.models import Event, Game, Section
from cc.text.i18n import N_
from standings.dutch import PairingError, pair
from standings.dutch_players import BLACK, WHITE, Entrant, Points, Round
from standings.swiss import starting_order
from timekeeping import local_date

#: the pairing system announced for a Swiss (31.7): :mod:`standings.dutch`
DUTCH = "dutch"
#: results given without play: no colour, no game played (37, 38.4)
UNPLAYED = (ResultReason.WITHDRAWAL, ResultReason.DEFAULT)

Pairings = list[tuple[int, int, int, int]]
#: who pairs a round when a result ends the one before
_PAIRING = Actor.operator(Door.SYSTEM, "swiss pairing")


def ended(game: Game) -> bool:
    """The game counts as over for the round: decided, or annulled. (A game
    annulled by an exclusion passes through FINISHED, its result "*", with
    the reason ``withdrawal``; a game sent to adjudication has not ended.)"""
    if game.status == GameStatus.ANNULLED:
        return True
    return game.status == GameStatus.FINISHED and (
        game.result != GameResult.UNFINISHED or game.result_reason == ResultReason.WITHDRAWAL
    )


def first_swiss_round(
    session: Session, event: Event, section: Section
) -> tuple[Pairings, str | None]:
    """Number the section by rating and pair round 1; returns (round, board,
    White's id, Black's id) for its games and the login of the bye, if any."""
    entries = entries_to_pair(event, section)
    ratings = ranking_ratings(session, [e.player_id for e in entries])
    order = starting_order(
        [(str(e.player_id), ratings[e.player_id], e.player.name) for e in entries]
    )
    by_id = {str(e.player_id): e for e in entries}
    for number, pid in enumerate(order, start=1):
        by_id[pid].number = number
    return _pair(session, event, section, 1)


def _pair(
    session: Session, event: Event, section: Section, rnd: int
) -> tuple[Pairings, str | None]:
    """Pair round ``rnd`` of the section; the bye is recorded on its entry."""
    entrants = entrants_before(session, event, section, rnd)
    pairing = pair(
        entrants,
        rounds=event.rounds or rnd,
        first_colour=first_colour(entrants),
        points=Points(bye=Fraction(event.bye_points)),
    )
    bye = None
    if pairing.bye is not None:
        entry = next(e for e in section.entries if str(e.player_id) == pairing.bye)
        entry.bye_round = rnd
        bye = entry.player.login
    return [(rnd, p.board, int(p.white), int(p.black)) for p in pairing.pairs], bye


def first_colour(entrants: list[Entrant]) -> str:
    """The colour the top-ranked player had in round 1 (TRF's XXC), as
    bbpPairings infers it from a file without one: in the first round with a
    game, the first player by start number to have a game, his colour, the
    other colour if he stands at an odd place among those paired by then.
    White for a Swiss started here (and before round 1)."""
    ranked = sorted(entrants, key=lambda e: e.number)
    games = [i for e in ranked for i, r in enumerate(e.rounds) if r.opponent is not None]
    if not games:
        return WHITE
    first = min(games)
    place = 0
    for e in ranked:
        if not any(r.opponent is not None or r.bye for r in e.rounds[: first + 1]):
            continue
        r = e.rounds[first]
        if r.opponent is not None:
            mine = r.colour or WHITE
            return mine if place % 2 == 0 else (BLACK if mine == WHITE else WHITE)
        place += 1
    return WHITE


def entrants_before(session: Session, event: Event, section: Section, rnd: int) -> list[Entrant]:
    """The section's players as the pairing of round ``rnd`` sees them, after
    the rounds before it: each round's opponent, colour and points; a game
    decided without play (a default, a withdrawal, an annulled game) is no
    game played (C.04.1: such players may meet again), a bye scores the
    regulations' points."""
    rounds = rnd - 1
    bye_points = Fraction(event.bye_points)
    games = session.scalars(
        select(Game).where(Game.section_id == section.id, Game.round <= rounds)
    ).all()
    record: dict[int, list[Round]] = {e.player_id: [Round()] * rounds for e in section.entries}
    for g in games:
        white = black = Fraction(0)
        if g.status == GameStatus.FINISHED and g.result != GameResult.UNFINISHED:
            if g.result == GameResult.DRAW:
                white = black = Fraction(1, 2)
            elif g.result == GameResult.WHITE_WINS:
                white = Fraction(1)
            else:
                black = Fraction(1)
        played = g.status != GameStatus.ANNULLED and g.result_reason not in UNPLAYED
        record[g.white_id][g.round - 1] = Round(str(g.black_id), WHITE, white, played)
        record[g.black_id][g.round - 1] = Round(str(g.white_id), BLACK, black, played)
    for e in section.entries:
        if e.bye_round is not None and e.bye_round <= rounds:
            record[e.player_id][e.bye_round - 1] = Round(points=bye_points, bye=True)
    return [
        Entrant(
            id=str(e.player_id),
            number=e.number or 0,
            rounds=tuple(record[e.player_id]),
            absent=e.withdrawn_on is not None,
        )
        for e in section.entries
    ]


def current_round(session: Session, section: Section) -> int:
    """The last round paired in the section (0 before the start)."""
    games = session.scalar(
        select(Game.round).where(Game.section_id == section.id).order_by(Game.round.desc()).limit(1)
    )
    byes = [e.bye_round for e in section.entries if e.bye_round is not None]
    return max([games or 0, *byes])


def complete(session: Session, event: Event) -> bool:
    """Every section's last round (Art. 31.7: announced in advance) is paired."""
    rounds = event.rounds or 0
    return all(
        section.teams or current_round(session, section) >= rounds for section in event.sections
    )


def _round_over(session: Session, section: Section, rnd: int) -> bool:
    games = session.scalars(
        select(Game).where(Game.section_id == section.id, Game.round == rnd)
    ).all()
    return all(ended(g) for g in games)


def tell_bye(
    session: Session, hub: Notifications, event: Event, section: Section, rnd: int
) -> None:
    """BYE to the player who has no game in round ``rnd``."""
    for entry in section.entries:
        if entry.bye_round == rnd:
            hub.notify(
                session,
                Notice(
                    recipient_id=entry.player_id,
                    kind=Kind.BYE,
                    event_id=event.id,
                    params={
                        "event": event.name,
                        "code": event.code,
                        "round": rnd,
                        "points": event.bye_points.replace("1/2", "½"),  # ½ in either language
                    },
                    key=f"bye:{event.id}:{section.id}:{rnd}",
                ),
            )


class SwissService:
    def __init__(self, ctx: ServiceContext) -> None:
        self.ctx = ctx

    def pair_next(self, actor: Actor, code: str) -> dict[str, int]:
        """The arbiter pairs the next round by hand: each section whose round
        has ended. Returns section -> the round paired."""
        now = self.ctx.now()
        with self.ctx.db.write() as session:
            event = find_event(session, code, lock=True)
            require_official(session, actor, event, N_("pair the next round"))
            if event.system != EventSystem.SWISS:
                raise errors.EventStateError(event=code, reason=N_("it is not a Swiss"))
            if event.status != EventStatus.STARTED:
                raise errors.EventStateError(event=code, reason=N_("it is not under way"))
            paired: dict[str, int] = {}
            for section in event.sections:
                if not section.teams:
                    rnd = _next(
                        session,
                        self.ctx.notifications,
                        event,
                        section,
                        now,
                        actor,
                        strict=len(event.sections) == 1,
                    )
                    if rnd is not None:
                        paired[section.name] = rnd
            if not paired:
                raise errors.EventStateError(
                    event=code, reason=N_("no section has a round to pair")
                )
            return paired


def follow(
    session: Session,
    event: Event,
    game: Game,
    when: datetime,
    notifications: Notifications | None,
) -> None:
    """Pair the next round of ``game``'s section if it ended the round (the
    result that ends a round's last game, :mod:`cc.events.progression`)."""
    section = game.section
    if section.teams or game.round != current_round(session, section):
        return
    try:
        _next(session, notifications or Notifications(), event, section, when, None)
    except (PairingError, errors.EventStateError) as exc:
        # The result stands; the arbiter pairs by hand (cc event pair-next).
        audit(
            session,
            _PAIRING,
            when,
            "swiss_round_not_paired",
            event_id=event.id,
            section=section.name,
            reason=str(exc),
        )


def _next(
    session: Session,
    hub: Notifications,
    event: Event,
    section: Section,
    when: datetime,
    actor: Actor | None,
    *,
    strict: bool = False,
) -> int | None:
    """Pair the round after the section's current one, if it has ended and
    rounds remain; the games begin at ``when``."""
    rnd = current_round(session, section)
    if event.rounds is None or rnd >= event.rounds:
        if strict:
            raise errors.EventStateError(
                event=event.code,
                reason=N_("all {rounds} rounds are paired", rounds=event.rounds or rnd),
            )
        return None
    if event.end_date is not None and local_date(when, event.timezone) > event.end_date:
        # past the end its unfinished games are adjudicated (56.9.4): no new round
        if strict:
            raise errors.EventStateError(
                event=event.code,
                reason=N_("its end date {day} has passed", day=event.end_date.isoformat()),
            )
        return None
    if not _round_over(session, section, rnd):
        if strict:
            raise errors.EventStateError(
                event=event.code,
                reason=N_("round {round} has games still being played", round=rnd),
            )
        return None
    try:
        pairings, bye = _pair(session, event, section, rnd + 1)
    except PairingError as exc:
        raise errors.EventStateError(event=event.code, reason=str(exc)) from None
    games = [
        new_game(session, event, section, r, board, white, black, when)
        for r, board, white, black in pairings
    ]
    session.flush()
    audit(
        session,
        actor or _PAIRING,
        when,
        "swiss_round_paired",
        event_id=event.id,
        section=section.name,
        round=rnd + 1,
        games=[g.id for g in games],
        bye=bye,
    )
    _tell(session, hub, event, section, games, rnd + 1)
    return rnd + 1


def _tell(
    session: Session,
    hub: Notifications,
    event: Event,
    section: Section,
    games: list[Game],
    rnd: int,
) -> None:
    """PAIRED to both players of each new game, BYE to the bye: as at the
    start, mailed whatever they chose (their time runs from now)."""
    for game in games:
        tell_paired(session, hub, event, game, str(rnd))
    tell_bye(session, hub, event, section, rnd)
