"""An event's section as FIDE's tournament report file (TRF), for a federation's
rating report or a pairing program (Swiss Manager, Vega, bbpPairings), and a
Swiss started or continued from one (:mod:`cc.events.trf_import`).

A TRF has no mark for a game still being played: only the rounds whose games
have all ended are written (a Swiss's finished rounds; a round robin's rounds
once all their games are over), the others left empty for every player. In a
written round a player has his game (``1 0 =`` played, ``+ -`` decided
without play, Art. 37; ``- -`` both for a game annulled by an exclusion),
the pairing's bye (``0000 - U``, scoring the event's ``bye_points``), or
nothing: absent (``0000 - -``, a withdrawn player's later rounds, 33.2).
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction

from sqlalchemy import select
from sqlalchemy.orm import Session

from cc.base import errors
from cc.base.kinds import EventStatus, EventSystem, GameResult, GameStatus
from cc.events.lifecycle import EventService
from cc.events.systems.swiss import UNPLAYED, SwissService, ended
from cc.events.trf_import import ImportRequest, TrfImport, import_swiss, parse
from cc.kernel.access import is_arbiter_of, require_official
from cc.kernel.context import Actor, ServiceContext, find_event, require_admin
from cc.ratings.periods import ranking_ratings
from cc.store.models import Event, Game, Section, SectionEntry
from cc.text.i18n import N_
from standings.trf import TrfGame, TrfPlayer, TrfPoints, TrfTournament, write_trf

#: what the 092 line says of each system
_KINDS = {
    EventSystem.SWISS: "Swiss (Dutch system)",
    EventSystem.ROUND_ROBIN: "Round robin",
}


def section_of(event: Event, name: str | None) -> Section:
    """The section called ``name``; without a name the first (or only) one."""
    if not event.sections:
        raise errors.EventStateError(event=event.code, reason=N_("no players have been entered"))
    if name is None:
        return event.sections[0]
    found = next((s for s in event.sections if s.name == name), None)
    if found is None:
        raise errors.NotFound(kind="section", ref=name)
    return found


def event_trf(session: Session, event: Event, section_name: str | None = None) -> TrfTournament:
    """The TRF of one section (:func:`section_of`) of a started Swiss or round robin."""
    if event.system not in _KINDS:
        raise errors.EventStateError(
            event=event.code, reason=N_("only a Swiss or a round robin can be written as a TRF")
        )
    if event.status == EventStatus.DRAFT:
        raise errors.EventStateError(event=event.code, reason=N_("it has not started"))
    section = section_of(event, section_name)
    if section.teams:
        raise errors.EventStateError(
            event=event.code,
            reason=N_("section {section} is a team section", section=section.name),
        )
    games = session.scalars(
        select(Game).where(Game.section_id == section.id).order_by(Game.round, Game.board)
    ).all()
    by_round: dict[int, list[Game]] = defaultdict(list)
    for g in games:
        by_round[g.round].append(g)
    byes = {e.bye_round for e in section.entries if e.bye_round is not None}
    paired = max([*by_round, *byes], default=0)
    written = [r for r in range(1, paired + 1) if all(ended(g) for g in by_round.get(r, []))]
    if event.system == EventSystem.SWISS:
        rounds = event.rounds
        # a Swiss's rounds follow each other: those before the first one in play
        written = [r for i, r in enumerate(written, start=1) if r == i]
    else:
        rounds = paired
    points = TrfPoints(pab=Fraction(event.bye_points))
    entries = sorted(section.entries, key=lambda e: e.number or 0)
    number = {e.player_id: e.number or 0 for e in entries}
    ratings = ranking_ratings(session, [e.player_id for e in entries])
    rows = []
    for e in entries:
        cells = tuple(_cell(e, r, by_round.get(r, []), number) for r in written)
        rows.append((e, cells, sum((points.of(c) for c in cells), Fraction(0))))
    order = sorted(rows, key=lambda row: (-row[2], number[row[0].player_id]))
    rank = {row[0].player_id: place for place, row in enumerate(order, start=1)}
    players = tuple(
        TrfPlayer(
            number=number[e.player_id],
            name=_trf_name(e),
            rating=ratings[e.player_id],
            points=score,
            rank=rank[e.player_id],
            federation=e.player.country or "",
            fide_id=_fide_id(e.player.federation_id),
            games=cells,
        )
        for e, cells, score in rows
    )
    return TrfTournament(
        name=event.name,
        start=event.start_date.strftime("%Y/%m/%d"),
        end=event.end_date.strftime("%Y/%m/%d") if event.end_date else "",
        arbiter=event.arbiter.name if event.arbiter is not None else "",
        rounds=rounds,
        first_colour=_first_colour(players),
        points=points,
        players=players,
        kind=_KINDS[EventSystem(event.system)]
        + (" (double)" if event.system == EventSystem.ROUND_ROBIN and event.cycles == 2 else ""),
    )


def _cell(entry: SectionEntry, rnd: int, games: list[Game], number: dict[int, int]) -> TrfGame:
    """The player's round ``rnd``: his game, his bye, or absent."""
    me = entry.player_id
    game = next((g for g in games if me in (g.white_id, g.black_id)), None)
    if game is None:
        return TrfGame(rnd, None, "-", "U" if entry.bye_round == rnd else "-")
    white = game.white_id == me
    opponent = number[game.black_id if white else game.white_id]
    if game.status == GameStatus.ANNULLED or game.result == GameResult.UNFINISHED:
        return TrfGame(rnd, opponent, "-", "-")  # annulled by an exclusion: nobody scores
    colour = "w" if white else "b"
    won = game.result == (GameResult.WHITE_WINS if white else GameResult.BLACK_WINS)
    if game.result == GameResult.DRAW:
        return TrfGame(rnd, opponent, colour, "=")
    if game.result_reason in UNPLAYED:
        return TrfGame(rnd, opponent, colour, "+" if won else "-")
    return TrfGame(rnd, opponent, colour, "1" if won else "0")


def _trf_name(entry: SectionEntry) -> str:
    """ "Surname, Given names", as FIDE's lists write a name."""
    p = entry.player
    return f"{p.surname}, {p.given_names}" if p.given_names else p.surname or p.name


def _fide_id(federation_id: str | None) -> str:
    """The federation's id where it can be a FIDE id (digits, 11 at most)."""
    value = (federation_id or "").strip()
    return value if value.isdigit() and len(value) <= 11 else ""


def _first_colour(players: tuple[TrfPlayer, ...]) -> str | None:
    """XXC: the colour the first player had in round 1, if he played it."""
    first = min(players, key=lambda p: p.number, default=None)
    game = first.game(1) if first is not None else None
    return game.colour if game is not None and game.colour in ("w", "b") else None


class TrfService:
    def __init__(self, ctx: ServiceContext, events: EventService, swiss: SwissService) -> None:
        self.ctx = ctx
        self.events = events
        self.swiss = swiss

    def export(self, actor: Actor, code: str, section: str | None = None) -> str:
        """The TRF of a section (the first without a name), for the event's
        officials: its arbiter, the office."""
        with self.ctx.db.read() as session:
            event = find_event(session, code)
            require_official(session, actor, event, N_("export the event as a TRF"))
            return write_trf(event_trf(session, event, section))

    def sections(self, actor: Actor, code: str) -> list[str]:
        """The sections the actor may have as a TRF: none unless he is the
        event's arbiter or of the office and it is a started Swiss or round robin."""
        with self.ctx.db.read() as session:
            event = find_event(session, code)
            if (
                not is_arbiter_of(session, actor, event)
                or event.system not in _KINDS
                or event.status == EventStatus.DRAFT
            ):
                return []
            return [s.name for s in event.sections if not s.teams]

    def import_swiss(self, actor: Actor, text: str, request: ImportRequest) -> TrfImport:
        """The office starts or continues a Swiss from a TRF
        (:mod:`cc.events.trf_import`), then the next round is paired as any
        Swiss's is; ``paired`` says which, or ``not_paired`` why not."""
        now = self.ctx.now()
        with self.ctx.db.write() as session:
            require_admin(session, actor, N_("import events from a TRF"))
            t = parse(text)
            done = import_swiss(session, self.events, actor, now, t, request)
        if done.played < done.rounds:
            try:
                done.paired = self.swiss.pair_next(actor, done.code).get("A")
            except errors.EventStateError as exc:
                done.not_paired = exc
        return done
