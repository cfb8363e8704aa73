"""Events: regulations, sections, entries, and the start that pairs them.

In correspondence play all the games of a section are created at once and
start on the official start date (spec §9); pairings and colours follow the
Berger tables (Art. 31.5, 31.6). A Swiss (Art. 26, 31.7) is numbered by
rating and paired one round at a time (:mod:`cc.events.systems.swiss`).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass, field
from datetime import date
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from sqlalchemy import select
from sqlalchemy.orm import Session

from cc.base import errors
from cc.base.kinds import EventStatus, EventSystem, Role
from cc.base.regulations import Mode, defaults_for
from cc.clock.leaves import check_entry
from cc.events.new_games import entries_to_pair, new_game
from cc.events.systems.berger import round_robin
from cc.events.systems.swiss import DUTCH, first_swiss_round, tell_bye
from cc.events.thematic import theme
from cc.kernel.context import (
    Actor,
    ServiceContext,
    audit,
    find_event,
    find_player,
    has_role,
    require_admin,
)
from cc.kernel.notifications import Kind, Notice, Value
from cc.store.models import Event, EventAppealArbiter, Game, Player, Section, SectionEntry, Team
from cc.text.i18n import N_, code, exc_text
from standings import Tiebreak
from standings.swiss import SWISS_TIEBREAKS, SwissTiebreak
from timekeeping import start_of_day

#: the Olympic systems (Art. 26), paired match by match by cc.events.systems.knockout
KNOCKOUTS = (EventSystem.KNOCKOUT.value, EventSystem.DOUBLE_KNOCKOUT.value)
#: the most rounds a Swiss may announce
MAX_SWISS_ROUNDS = 30


@dataclass(frozen=True)
class EventSpec:
    """What an organiser states when creating an event."""

    code: str
    name: str
    mode: Mode
    start_date: date
    end_date: date | None = None
    timezone: str = "UTC"
    arbiter: str | None = None
    adjudicator: str | None = None
    appeal_arbiters: tuple[str, ...] = ()
    cycles: int = 1
    #: an :class:`cc.base.kinds.EventSystem` value (Art. 26)
    system: str = "round_robin"
    #: a Swiss: its number of rounds, announced in advance (31.7)
    rounds: int | None = None
    #: overrides of the mode's default regulations (cc.base.regulations.Regulations fields)
    regulations: Mapping[str, object] = field(default_factory=dict)
    #: a thematic start (Art. 26; cc.events.thematic): a position, an
    #: opening line, or Chess960 drawn per round (from ``chess960_seed``)
    start_fen: str | None = None
    opening: str | None = None
    chess960: bool = False
    chess960_seed: str | None = None
    #: knockouts: overrides of the match rules (cc.events.systems.knockout.MATCH_RULES)
    match_rules: Mapping[str, object] = field(default_factory=dict)


class EventService:
    def __init__(self, ctx: ServiceContext) -> None:
        self.ctx = ctx

    def create(self, actor: Actor, spec: EventSpec) -> int:
        """Create an event in draft; returns its id."""
        with self.ctx.db.write() as session:
            return self.create_in(session, actor, spec).id

    def create_in(self, session: Session, actor: Actor, spec: EventSpec) -> Event:
        """:meth:`create` inside the caller's transaction (an event read from
        a TRF is created, filled and started in one, :mod:`cc.events.trf_import`)."""
        code = spec.code.strip()
        if not code or any(c.isspace() for c in code):
            raise errors.InvalidInput(
                field="code", reason=N_("{code!r} must be one word", code=code)
            )
        if not spec.name.strip():
            raise errors.InvalidInput(field="name", reason=N_("an event needs a name"))
        try:
            mode = Mode(spec.mode)
        except ValueError:
            raise errors.InvalidInput(
                field="mode",
                reason=N_("{mode!r} is not one of server, email, post", mode=spec.mode),
            ) from None
        try:
            ZoneInfo(spec.timezone)
        except (ZoneInfoNotFoundError, ValueError):
            raise errors.InvalidInput(
                field="timezone", reason=N_("{zone!r} is not a known time zone", zone=spec.timezone)
            ) from None
        if spec.end_date is not None and spec.end_date < spec.start_date:
            raise errors.InvalidInput(
                field="end_date",
                reason=N_(
                    "{end} is before the start date {start}",
                    end=spec.end_date,
                    start=spec.start_date,
                ),
            )
        if spec.cycles not in (1, 2):
            raise errors.InvalidInput(field="cycles", reason=N_("a round robin has 1 or 2 cycles"))
        try:
            system = EventSystem(spec.system)
        except ValueError:
            raise errors.InvalidInput(
                field="system",
                reason=N_(
                    "{system!r} is not one of round_robin, swiss, knockout, double_knockout",
                    system=spec.system,
                ),
            ) from None
        if spec.match_rules and system.value not in KNOCKOUTS:
            raise errors.InvalidInput(
                field="match_rules", reason=N_("only knockout events play matches")
            )
        changes = dict(spec.regulations)
        if system == EventSystem.SWISS:
            if spec.rounds is None or not 1 <= spec.rounds <= MAX_SWISS_ROUNDS:
                raise errors.InvalidInput(
                    field="rounds",
                    reason=N_(
                        "a Swiss announces its number of rounds, 1 to {most} (Art. 31.7)",
                        most=MAX_SWISS_ROUNDS,
                    ),
                )
            # 39.3.4 unless the regulations choose
            changes.setdefault("tiebreaks", ",".join(t.value for t in SWISS_TIEBREAKS))
        elif spec.rounds is not None:
            raise errors.InvalidInput(
                field="rounds", reason=N_("only a Swiss announces a number of rounds")
            )
        try:
            regulations = defaults_for(mode).with_changes(**changes)
        except (TypeError, ValueError) as exc:
            raise errors.InvalidInput(field="regulations", reason=exc_text(exc)) from None
        start = theme(spec.start_fen, spec.opening, spec.chess960, spec.chess960_seed)
        fitting = {t.value for t in (SwissTiebreak if system == EventSystem.SWISS else Tiebreak)}
        for name in regulations.tiebreaks.split(","):
            if name and name not in fitting:
                raise errors.InvalidInput(
                    field="tiebreaks",
                    reason=N_(
                        "{name!r} is not a tie-break of this system; choose from {known}",
                        name=name,
                        known=", ".join(sorted(fitting)),
                    ),
                )

        now = self.ctx.now()
        require_admin(session, actor, N_("create events"))
        if session.scalar(select(Event.id).where(Event.code == code)) is not None:
            raise errors.Conflict(what=N_("event code"), ref=code)
        arbiter = self._official(session, spec.arbiter, Role.ARBITER, "arbiter")
        adjudicator = self._official(
            session, spec.adjudicator, Role.ADJUDICATOR, "adjudicator", Role.ARBITER
        )
        appeal = [
            self._official(session, ref, Role.APPEAL_ARBITER, "appeal arbiter")
            for ref in spec.appeal_arbiters
        ]
        if arbiter is not None and any(a is not None and a.id == arbiter.id for a in appeal):
            # Art. 34.2: the event's arbiter may not decide appeals in it.
            raise errors.InvalidInput(
                field="appeal_arbiters",
                reason=N_(
                    "{login} is the event's arbiter and cannot also hear its appeals (Art. 34.2)",
                    login=arbiter.login,
                ),
            )
        event = Event(
            code=code,
            name=spec.name.strip(),
            mode=mode,
            status=EventStatus.DRAFT,
            start_date=spec.start_date,
            end_date=spec.end_date,
            timezone=spec.timezone,
            cycles=spec.cycles,
            system=system.value,
            rounds=spec.rounds,
            pairing_system=DUTCH if system == EventSystem.SWISS else None,
            arbiter_id=arbiter.id if arbiter else None,
            adjudicator_id=adjudicator.id if adjudicator else None,
            created_at=now,
            **asdict(start),
        )
        event.set_regulations(regulations)
        event.appeal_arbiters = [EventAppealArbiter(player_id=a.id) for a in appeal if a]
        session.add(event)
        session.flush()
        if system in KNOCKOUTS:
            from cc.events.systems import knockout

            knockout.configure(session, event, spec.match_rules)
        audit(
            session,
            actor,
            now,
            "event_created",
            event_id=event.id,
            code=code,
            mode=mode.value,
            system=system.value,
            rounds=spec.rounds,
            start_date=spec.start_date.isoformat(),
            end_date=spec.end_date.isoformat() if spec.end_date else None,
            timezone=spec.timezone,
            regulations={k: getattr(regulations, k) for k in regulations.__dataclass_fields__},
            **{k: v for k, v in asdict(start).items() if v},
        )
        return event

    @staticmethod
    def _official(
        session: Session, ref: str | None, role: Role, title: str, *also: Role
    ) -> Player | None:
        """The official named ``ref``, who must hold ``role`` (or ``also``, or admin)."""
        if ref is None:
            return None
        player = find_player(session, ref)
        if not has_role(session, player.id, role, *also, Role.ADMIN):
            raise errors.InvalidInput(
                field=title,
                reason=N_(
                    "{login} does not have the role {role}",
                    login=player.login,
                    role=code("role", role.value),
                ),
            )
        return player

    def add_players(
        self, actor: Actor, code: str, players: Iterable[str], *, section: str = "A"
    ) -> list[int]:
        """Enter players into a section of a draft event, in starting order."""
        refs = list(players)
        if not refs:
            raise errors.InvalidInput(field="players", reason=N_("name at least one player"))
        section_name = section.strip() or "A"
        now = self.ctx.now()
        with self.ctx.db.write() as session:
            require_admin(session, actor, N_("enter players into events"))
            event = find_event(session, code)
            if event.status != EventStatus.DRAFT:
                raise errors.EventStateError(
                    event=code, reason=N_("players can be entered only before the event starts")
                )
            target = section_named(event, section_name)
            if target.teams:
                raise errors.InvalidInput(
                    field="section",
                    reason=N_(
                        "section {section} is a team section: enter players with their team",
                        section=section_name,
                    ),
                )
            added: list[int] = []
            for ref in refs:
                enter_player(event, target, session, ref, added=added)
            session.flush()
            audit(
                session,
                actor,
                now,
                "players_entered",
                event_id=event.id,
                section=section_name,
                player_ids=added,
            )
            return added

    def add_team(
        self, actor: Actor, code: str, team: str, players: Iterable[str], *, section: str = "A"
    ) -> int:
        """Enter a team into a section of a draft event, its players in board order.

        A section holds either teams or individual players; all of its teams
        must field the same number of boards by the start (Art. 38.7 counts
        match points from the boards of each match). Returns the team's id.
        """
        refs = list(players)
        name = team.strip()
        if not name:
            raise errors.InvalidInput(field="team", reason=N_("a team needs a name"))
        if not refs:
            raise errors.InvalidInput(field="players", reason=N_("name the team's players"))
        section_name = section.strip() or "A"
        now = self.ctx.now()
        with self.ctx.db.write() as session:
            require_admin(session, actor, N_("enter teams into events"))
            event = find_event(session, code)
            if event.status != EventStatus.DRAFT:
                raise errors.EventStateError(
                    event=code, reason=N_("teams can be entered only before the event starts")
                )
            target = section_named(event, section_name)
            if target.entries and not target.teams:
                raise errors.InvalidInput(
                    field="section",
                    reason=N_(
                        "section {section} holds individual players, not teams",
                        section=section_name,
                    ),
                )
            if any(t.name == name for t in target.teams):
                raise errors.Conflict(
                    what=N_("team in section {section}", section=section_name), ref=name
                )
            new_team = Team(name=name)
            target.teams.append(new_team)
            added: list[int] = []
            for board, ref in enumerate(refs, start=1):
                entry = enter_player(event, target, session, ref, added=added)
                entry.team = new_team
                entry.board = board
            session.flush()
            audit(
                session,
                actor,
                now,
                "team_entered",
                event_id=event.id,
                section=section_name,
                team=name,
                player_ids=added,
            )
            return new_team.id

    def start(
        self, actor: Actor, code: str, *, draw_lots: bool = False, seed: int | None = None
    ) -> int:
        """Number the players, pair every section and create all its games.

        Starting numbers follow the order of entry, or a drawing of lots
        (Art. 31.1) with a recorded seed so the draw can be shown again; a
        Swiss's follow the ratings (its pairings depend on them), and only
        its first round is paired.
        Returns the number of games created.
        """
        now = self.ctx.now()
        with self.ctx.db.write() as session:
            require_admin(session, actor, N_("start events"))
            event = find_event(session, code, lock=True)
            if event.status != EventStatus.DRAFT:
                raise errors.EventStateError(event=code, reason=N_("it has already been started"))
            if not event.sections:
                raise errors.EventStateError(event=code, reason=N_("no players have been entered"))
            if event.system == EventSystem.SWISS:
                # Its numbers follow the ratings, its pairings too (31.7): no lots.
                draw_lots, seed = False, None
            if draw_lots and seed is None:
                seed = random.SystemRandom().randrange(2**31)
            rng = random.Random(seed)
            turn_start = start_of_day(event.start_date, event.timezone)
            swiss = event.system == EventSystem.SWISS
            created = 0
            numbering: dict[str, list[int]] = {}
            byes: dict[str, str] = {}
            for section in event.sections:
                if event.system in KNOCKOUTS and not section.teams:
                    from cc.events.systems import knockout

                    created += knockout.start_section(
                        session, event, section, rng if draw_lots else None, seed
                    )
                    numbering[section.name] = [
                        e.player_id for e in sorted(section.entries, key=lambda e: e.number or 0)
                    ]
                    continue
                if section.teams:
                    pairings = self._team_pairings(event, section, rng if draw_lots else None)
                elif swiss:
                    # A Swiss numbers by rating and pairs round 1 only (31.7)
                    pairings, bye = first_swiss_round(session, event, section)
                    if bye is not None:
                        byes[section.name] = bye
                else:
                    pairings = self._player_pairings(event, section, rng if draw_lots else None)
                numbering[section.name] = [
                    e.player_id for e in sorted(section.entries, key=lambda e: e.number or 0)
                ]
                for rnd, board, white_id, black_id in pairings:
                    new_game(session, event, section, rnd, board, white_id, black_id, turn_start)
                    created += 1
            event.status = EventStatus.STARTED
            event.started_at = now
            session.flush()
            audit(
                session,
                actor,
                now,
                "event_started",
                event_id=event.id,
                games=created,
                draw_lots=draw_lots,
                seed=seed,
                numbering=numbering,
                byes=byes,
                teams={
                    s.name: [t.name for t in sorted(s.teams, key=lambda t: t.number or 0)]
                    for s in event.sections
                    if s.teams
                },
            )
            self._tell_started(session, event)
            for section in event.sections:
                tell_bye(session, self.ctx.notifications, event, section, 1)
            return created

    def _tell_started(self, session: Session, event: Event) -> None:
        """EVENT_STARTED to each player: one notice with all their games.

        All the games of a correspondence section begin together on the
        official start date (spec §9), so a player hears of the start once,
        with their games (``games``) and opponents (``opponents``, White's
        games first: ``white`` of them), rather than one PAIRED notice per
        game: in a section of 15 that would be 14 notices at once, each
        saying less. Time counts from the official start, not from this
        notice (54.4.4, 56.4.5); in post play a late notice matters
        (55.4.6), so in email and post events it is mailed as
        correspondence.
        """
        games = session.scalars(
            select(Game).where(Game.event_id == event.id).order_by(Game.id)
        ).all()
        mine: dict[int, tuple[list[str], list[str]]] = {}
        for game in games:
            mine.setdefault(game.white_id, ([], []))[0].append(game.black.name)
            mine.setdefault(game.black_id, ([], []))[1].append(game.white.name)
        # A knockout's top seeds may have no match in the first round (a
        # bye, Art. 26): they hear of the start too, and that they wait for a match.
        byes = [
            e.player_id
            for section in event.sections
            for e in section.entries
            if event.system in KNOCKOUTS and not section.teams and e.player_id not in mine
        ]
        for player_id in [*mine, *byes]:
            as_white, as_black = mine.get(player_id, ([], []))
            params: dict[str, Value] = {
                "event": event.name,
                "code": event.code,
                "start": event.start_date.isoformat(),
                "games": len(as_white) + len(as_black),
                "white": len(as_white),
                "opponents": [*as_white, *as_black],
            }
            if player_id in byes:
                params["bye"] = True
            self.ctx.notifications.notify(
                session,
                Notice(
                    recipient_id=player_id,
                    kind=Kind.EVENT_STARTED,
                    event_id=event.id,
                    params=params,
                    key=f"event_started:{event.id}",
                ),
            )

    @staticmethod
    def _player_pairings(
        event: Event, section: Section, rng: random.Random | None
    ) -> list[tuple[int, int, int, int]]:
        """Number the section's players and pair them (Berger tables, 31.5-31.6).

        Returns (round, board, White's id, Black's id) for every game.
        """
        entries = entries_to_pair(event, section, rng)
        for number, entry in enumerate(entries, start=1):
            entry.number = number
        by_number = {e.number: e.player_id for e in entries}
        return [
            (p.round, p.board, by_number[p.white], by_number[p.black])
            for p in round_robin(len(entries), cycles=event.cycles)
        ]

    @staticmethod
    def _team_pairings(
        event: Event, section: Section, rng: random.Random | None
    ) -> list[tuple[int, int, int, int]]:
        """Number the teams, pair them by the Berger tables (Art. 31.5, 31.6), and
        each match board by board.

        In a match the team named first in the table has White on the odd
        boards and Black on the even ones, so both teams have White on half
        of the boards. A round's games are numbered match after match:
        board ``k`` of the ``m``-th match is game ``(m-1)*boards + k``.
        """
        teams = list(section.teams)
        if len(teams) < 2:
            raise errors.EventStateError(
                event=event.code,
                reason=N_("section {section} needs at least 2 teams", section=section.name),
            )
        sizes = {t.name: len(t.entries) for t in teams}
        if len(set(sizes.values())) != 1:
            listed = ", ".join(f"{name} {n}" for name, n in sizes.items())
            raise errors.EventStateError(
                event=event.code,
                reason=N_(
                    "the teams of section {section} must field the same number of boards "
                    "({listed})",
                    section=section.name,
                    listed=listed,
                ),
            )
        boards = next(iter(sizes.values()))
        if rng is not None:
            rng.shuffle(teams)
        for number, team in enumerate(teams, start=1):
            team.number = number
            for entry in team.entries:
                entry.number = (number - 1) * boards + (entry.board or 0)
        by_number = {t.number: [e.player_id for e in t.entries] for t in teams}
        matches: dict[int, int] = {}
        games = []
        for p in round_robin(len(teams), cycles=event.cycles):
            matches[p.round] = matches.get(p.round, 0) + 1
            first, second = by_number[p.white], by_number[p.black]
            for k in range(boards):
                white, black = (first[k], second[k]) if k % 2 == 0 else (second[k], first[k])
                games.append((p.round, (matches[p.round] - 1) * boards + k + 1, white, black))
        return games


def section_named(event: Event, name: str) -> Section:
    """The section of that name, created on first entry."""
    target = next((s for s in event.sections if s.name == name), None)
    if target is None:
        target = Section(name=name)
        event.sections.append(target)
    return target


def enter_player(
    event: Event, target: Section, session: Session, ref: str, *, added: list[int]
) -> SectionEntry:
    """A new entry for ``ref``, who must not be in the event yet nor its arbiter."""
    player = find_player(session, ref)
    entered = {e.player_id for s in event.sections for e in s.entries}
    if player.id in entered or player.id in added:
        raise errors.Conflict(what=N_("entry in event {code}", code=event.code), ref=player.login)
    if player.id == event.arbiter_id:
        raise errors.InvalidInput(
            field="players",
            reason=N_(
                "{login} is the arbiter of {code} and cannot play in it",
                login=player.login,
                code=event.code,
            ),
        )
    check_entry(session, player, event)
    entry = SectionEntry(player_id=player.id)
    target.entries.append(entry)
    added.append(player.id)
    return entry
