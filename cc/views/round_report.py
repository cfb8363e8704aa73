"""The arbiter's view of a Swiss round: each pair's score group, its floaters
and the rule that gave the colours (FIDE C.04.3, :mod:`standings.dutch_report`),
so an official can see why a pairing is what it is."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from sqlalchemy import select
from sqlalchemy.orm import Session

from cc.base import errors
from cc.base.kinds import EventSystem
from cc.events.systems.swiss import current_round, entrants_before, first_colour
from cc.kernel.access import is_official_of
from cc.kernel.context import Actor, ServiceContext, describe, find_event
from cc.store.models import Event, Game, Section
from cc.text.i18n import N_, Text
from standings.crosstable import _show
from standings.dutch import Pair
from standings.dutch_players import (
    ALTERNATION,
    BOTH,
    DOWN,
    HIGHER,
    NUMBER,
    STRONGER,
    UP,
    WHITE,
    WIDER,
    Points,
)
from standings.dutch_report import BoardReport, PlayerLine, explain_round

#: a colour preference in words: (colour, strength) -> text
PREFERENCES = {
    (WHITE, "absolute"): N_("White, absolute"),
    (WHITE, "strong"): N_("White, strong"),
    (WHITE, "mild"): N_("White, mild"),
    ("B", "absolute"): N_("Black, absolute"),
    ("B", "strong"): N_("Black, strong"),
    ("B", "mild"): N_("Black, mild"),
}
#: how a player floated, as the table marks it
ARROWS = {DOWN: "↓", UP: "↑"}


@dataclass(frozen=True)
class RoundPlayer:
    login: str
    name: str
    #: the pairing (start) number
    number: int
    #: his score before the round, as tables write it ("1½")
    score: str
    #: the colour preference in words; "-" with none
    preference: Text
    #: his floats in the rounds before, the latest first: (round, "↓" down,
    #: "↑" up, "-" none)
    floats: tuple[tuple[int, str], ...]

    @property
    def floats_text(self) -> str:
        """The rounds he floated in, latest first: "↓2 ↑1"; "–" for none."""
        return " ".join(f"{mark}{rnd}" for rnd, mark in self.floats if mark != "-") or "–"


@dataclass(frozen=True)
class RoundBoard:
    board: int
    game_id: int | None
    white: RoundPlayer
    black: RoundPlayer
    #: the score group the pair was made in: the higher score
    bracket: str
    #: who floated down and up in this pair (logins), when their scores differ
    down: str | None
    up: str | None
    #: the floaters in words ("" when the two had the same score)
    floaters: Text | str
    #: the rule of C.04.3 E that gave the colours, in words
    colours: Text
    #: the rules give the colours the round has (else the record changed since)
    as_the_rules: bool


@dataclass(frozen=True)
class RoundView:
    code: str
    name: str
    section: str
    round: int
    rounds: int
    boards: list[RoundBoard]
    bye: RoundPlayer | None
    #: why the bye is his, in words
    bye_reason: Text | None
    absent: list[RoundPlayer]


class RoundReportService:
    def __init__(self, ctx: ServiceContext) -> None:
        self.ctx = ctx

    def paired_rounds(self, actor: Actor, code: str) -> dict[str, int]:
        """A Swiss's sections -> the rounds paired in each (none for other
        systems), for its officials."""
        with self.ctx.db.read() as session:
            event = _official_event(session, actor, code)
            if event.system != EventSystem.SWISS:
                return {}
            return {s.name: current_round(session, s) for s in event.sections if not s.teams}

    def round(self, actor: Actor, code: str, rnd: int, section: str | None = None) -> RoundView:
        """Round ``rnd`` of a Swiss section (the only one, or ``section``)
        explained for its officials."""
        with self.ctx.db.read() as session:
            event = _official_event(session, actor, code)
            if event.system != EventSystem.SWISS:
                raise errors.EventStateError(event=code, reason=N_("it is not a Swiss"))
            chosen = _section(event, section)
            if not 1 <= rnd <= (event.rounds or rnd):
                raise errors.EventStateError(
                    event=code,
                    reason=N_("it has {rounds} rounds", rounds=event.rounds or 0),
                )
            if rnd > current_round(session, chosen):
                raise errors.EventStateError(
                    event=code, reason=N_("round {round} is not paired", round=rnd)
                )
            return _round_view(session, event, chosen, rnd)


def _official_event(session: Session, actor: Actor, code: str) -> Event:
    event = find_event(session, code)
    if not is_official_of(session, actor, event):
        raise errors.NotPermitted(
            who=describe(session, actor),
            action=N_("see the pairings' reasons of event {code}", code=code),
        )
    return event


def _section(event: Event, name: str | None) -> Section:
    sections = [s for s in event.sections if not s.teams]
    for s in sections:
        if name is None or s.name == name:
            return s
    raise errors.NotFound(kind="section", ref=name or event.code)


def _round_view(session: Session, event: Event, section: Section, rnd: int) -> RoundView:
    games = session.scalars(
        select(Game).where(Game.section_id == section.id, Game.round == rnd).order_by(Game.board)
    ).all()
    bye = next((str(e.player_id) for e in section.entries if e.bye_round == rnd), None)
    entrants = entrants_before(session, event, section, rnd)
    report = explain_round(
        entrants,
        [Pair(g.board, str(g.white_id), str(g.black_id)) for g in games],
        bye,
        rounds=event.rounds or rnd,
        first_colour=first_colour(entrants),
        points=Points(bye=Fraction(event.bye_points)),
    )
    people = {str(e.player_id): e.player for e in section.entries}
    game_of = {g.board: g.id for g in games}

    def person(line: PlayerLine) -> RoundPlayer:
        p = line.preference
        return RoundPlayer(
            login=people[line.id].login,
            name=people[line.id].name,
            number=line.number,
            score=_show(line.score),
            preference=PREFERENCES.get((p.colour or "", p.strength), N_("none")),
            floats=tuple(
                (rnd - back, ARROWS.get(f, "-")) for back, f in enumerate(line.floats, start=1)
            ),
        )

    def name(pid: str | None) -> str:
        return people[pid].name if pid is not None else ""

    boards = []
    for b in report.boards:
        white, black = person(b.white), person(b.black)
        boards.append(
            RoundBoard(
                board=b.board,
                game_id=game_of.get(b.board),
                white=white,
                black=black,
                bracket=_show(b.bracket),
                down=people[b.down].login if b.down else None,
                up=people[b.up].login if b.up else None,
                floaters=(
                    N_("{down} floats down, {up} up", down=name(b.down), up=name(b.up))
                    if b.down
                    else ""
                ),
                colours=_colours(b, name(b.favoured)),
                as_the_rules=b.as_the_rules,
            )
        )
    the_bye = person(report.bye) if report.bye else None
    bye_reason = None
    if report.bye is not None:
        score = _show(report.bye.score)
        bye_reason = (
            N_(
                "pairing-allocated bye: score {score}, eligible"
                " (no earlier bye or win without play)",
                score=score,
            )
            if report.bye.bye_eligible
            else N_(
                "pairing-allocated bye: score {score}, though a bye or a win"
                " without play came before",
                score=score,
            )
        )
    return RoundView(
        code=event.code,
        name=event.name,
        section=section.name,
        round=rnd,
        rounds=report.rounds,
        boards=boards,
        bye=the_bye,
        bye_reason=bye_reason,
        absent=[person(p) for p in report.absent],
    )


def _colours(b: BoardReport, favoured: str) -> Text:
    """The rule of C.04.3 E that gave the board's colours, in words;
    ``favoured``: the name of the player it favoured."""
    if b.rule == BOTH:
        return N_("E.1: both preferences granted")
    if b.rule == STRONGER:
        return N_("E.2: the stronger preference granted ({name})", name=favoured)
    if b.rule == WIDER:
        return N_("E.2: both absolute; the wider colour difference granted ({name})", name=favoured)
    if b.rule == ALTERNATION:
        return N_("E.3: colours alternated from the latest games with different colours")
    if b.rule == HIGHER:
        return N_("E.4: the higher-ranked player's preference granted ({name})", name=favoured)
    assert b.rule == NUMBER
    if b.favoured == b.white.id:
        return N_(
            "E.5: neither has a preference; {name}, ranked higher, has White: the"
            " top seed's colour of round 1 goes to the odd places of the ranking,"
            " the other to the even places",
            name=favoured,
        )
    return N_(
        "E.5: neither has a preference; {name}, ranked higher, has Black: the"
        " top seed's colour of round 1 goes to the odd places of the ranking,"
        " the other to the even places",
        name=favoured,
    )
