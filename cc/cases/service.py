"""The arbiter's cases: from the player, through the arbiter, to the appeal arbiter.

A case is raised by a player (a time claim, 56.6.1; a complaint, 54.1.2; a
lost email, 56.1.6; their own withdrawal) or by the daily run (silence,
56.5.3 and 55.5.2; a lost email not restored in 30 days). Its evidence, the
ledgers and Art. 60 schedules of the games concerned, is frozen when it is
raised. The event's arbiter decides with written reasons; a party may appeal
within 14 days of the decision (54.1.4, 55.1.6, 56.1.10) to an appeal arbiter
of the event who is neither the deciding arbiter nor a party (34.2), whose
decision is final and is applied here: what a decision changed is kept in
``effects``, so a reversal puts every game back as it was before applying the
new decision (a reversed forfeit restores the game and its clocks).

A time claim suspends its game (56.6.3): no move is taken and neither clock
runs from the day after filing until the day play resumes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any

import chess
from sqlalchemy import or_, select
from sqlalchemy.orm import Session

from adjudication import engine as engine_mod
from adjudication import tablebase
from cc.base import errors
from cc.base.json_values import as_json
from cc.base.regulations import Mode
from cc.clock.ledger import LedgerService
from cc.games.moves import GameService
from cc.kernel.access import is_arbiter_of, is_official_of, require_official
from cc.kernel.context import (
    Actor,
    ServiceContext,
    audit,
    describe,
    find_event,
    find_game,
    find_player,
)
from cc.kernel.notifications import Kind, Notice, Value
from cc.store.models import (
    Case,
    CaseEntry,
    CaseKind,
    CaseStatus,
    ChargeKind,
    Door,
    Event,
    EventAppealArbiter,
    EventStatus,
    Game,
    GameResult,
    GameStatus,
    Move,
    Player,
    ResultReason,
    Section,
    SectionEntry,
    TimeCharge,
)
from cc.text.i18n import N_
from notation import start
from timekeeping import local_date

#: who acts when the daily run raises or moves a case on
DAILY_RUN = Actor.operator(Door.SYSTEM, label="daily run")
#: the accused's protest against a time claim (56.6.4)
PROTEST_DAYS = 14
#: an appeal against any decision (54.1.4, 55.1.6, 56.1.10; spec §10.7)
APPEAL_DAYS = 14
#: a lost email not restored in this many days means withdrawal (56.1.6)
LOST_EMAIL_DAYS = 30

DECISIONS: dict[CaseKind, tuple[str, ...]] = {
    CaseKind.TIME_CLAIM: ("upheld", "rejected"),
    CaseKind.SILENCE: ("loss_white", "loss_black", "dismissed"),
    CaseKind.WITHDRAWAL: ("loss", "adjudication", "exclusion"),
    CaseKind.COMPLAINT: ("dismissed", "warning", "exclusion"),
    CaseKind.LOST_EMAIL: (),
    CaseKind.ADJUDICATION: ("white_wins", "black_wins", "draw"),
}
#: materials for an adjudication are due within 14 days of the end (56.9.4)
SUBMISSION_DAYS = 14
_RESULTS = {
    "white_wins": GameResult.WHITE_WINS,
    "black_wins": GameResult.BLACK_WINS,
    "draw": GameResult.DRAW,
}
_DECISION_OF = {v.value: k for k, v in _RESULTS.items()}
_UNFINISHED = (GameStatus.ONGOING, GameStatus.ADJUDICATION)


@dataclass(frozen=True)
class ClaimBasis:
    """What the record shows for a time claim: the overstep and its window."""

    game_id: int
    accused: str
    accused_name: str
    #: the accused's move on which the limit was passed, and the limit
    move: int
    limit: int
    total: int
    overstep_on: date
    cycle: int
    #: the accused's control move: the claim is due by the reply to it (56.6.1)
    control_move: int
    #: loses the game if upheld (post play's first overstep restarts the count)
    decisive: bool
    #: the article that sets the claim's window: 56.6.1 by email, 55.6.3 by post
    article: str = "56.6.1"


@dataclass(frozen=True)
class CaseEntryView:
    at: datetime
    actor: str
    door: str
    action: str
    text: str | None
    details: dict[str, Any]


@dataclass(frozen=True)
class CaseSummary:
    id: int
    event: str
    kind: str
    status: str
    game_id: int | None
    claimant: str | None
    respondent: str | None
    filed_on: date
    decision: str | None
    appeal_decision: str | None


@dataclass(frozen=True)
class CaseView:
    id: int
    event: str
    event_name: str
    mode: str
    kind: str
    status: str
    game_id: int | None
    claimant: str | None
    claimant_name: str | None
    respondent: str | None
    respondent_name: str | None
    filed_on: date
    filed_at: datetime
    door: str
    statement: str | None
    details: dict[str, Any]
    #: frozen at filing: one Art. 60 schedule with both clocks per game
    evidence: list[dict[str, Any]]
    protest: str | None
    protest_until: date | None
    decision: str | None
    reasons: str | None
    decided_by: str | None
    decided_on: date | None
    appeal_until: date | None
    barred_cycle: int | None
    appellant: str | None
    appeal: str | None
    appeal_decision: str | None
    appeal_reasons: str | None
    appeal_decided_by: str | None
    #: the decisions open to the arbiter (and the appeal arbiter) in this case
    choices: tuple[str, ...]
    #: what the asking user may do now: protest, decide, appeal, decide_appeal,
    #: restore, submit
    actions: tuple[str, ...]
    #: the game's position now (the final position of an adjudication)
    fen: str | None = None
    #: the player to move in it, by login
    to_move: str | None = None
    entries: list[CaseEntryView] = field(default_factory=list)


def claim_article(mode: Mode) -> str:
    """The article that bounds a time claim: the reply to the control move."""
    return "55.6.3" if mode == Mode.POST else "56.6.1"


def appeal_article(mode: Mode) -> str:
    """The article of the mode's appeal to the appeal arbiter (14 days).

    >>> [appeal_article(m) for m in (Mode.SERVER, Mode.POST, Mode.EMAIL)]
    ['54.1.4', '55.1.6', '56.1.10']
    """
    return {Mode.SERVER: "54.1.4", Mode.POST: "55.1.6"}.get(Mode(mode), "56.1.10")


class CaseService:
    def __init__(
        self,
        ctx: ServiceContext,
        games: GameService,
        ledgers: LedgerService,
    ) -> None:
        self.ctx = ctx
        self.games = games
        self.ledgers = ledgers
        #: where the Syzygy tables are (the embedded 3-4 piece set by default)
        self.tablebases: list[Path] = [tablebase.EMBEDDED]
        #: the engine's fixed search depth, so its evidence is reproducible
        self.engine_depth = engine_mod.DEFAULT_DEPTH
        self.engine_path: Path | None = None

    # --------------------------------------------------------- time claims

    def claim_basis(self, actor: Actor, game_id: int) -> ClaimBasis | None:
        """The overstep ``actor`` may claim in the game now, or None."""
        with self.ctx.db.read() as session:
            game = find_game(session, game_id)
            if actor.player_id not in (game.white_id, game.black_id):
                return None
            try:
                return self._claim_basis(session, game, actor.player_id, self.ctx.now())
            except errors.ServiceError:
                return None

    def file_time_claim(
        self,
        actor: Actor,
        game_id: int,
        statement: str | None = None,
        *,
        as_player: int | None = None,
    ) -> CaseView:
        """56.6.1-56.6.3: the partner claims the overstep; the game stops."""
        now = self.ctx.now()
        with self.ctx.db.write() as session:
            game = find_game(session, game_id, lock=True)
            claimant = self.games._acting_player(
                session, actor, game, as_player, N_("claim an overstep for another player")
            )
            basis = self._claim_basis(session, game, claimant.id, now)
            accused = game.white if claimant.id == game.black_id else game.black
            case = self._new_case(
                session,
                actor,
                game.event,
                CaseKind.TIME_CLAIM,
                now,
                game=game,
                claimant=claimant,
                respondent=accused,
                statement=statement,
                details=as_json(basis),
                evidence_games=[game],
            )
            today = case.filed_on
            game.suspended_by_case_id = case.id
            game.pauses = [*(game.pauses or []), [(today + timedelta(days=1)).isoformat(), None]]
            game.next_deadline = None
            until = today + timedelta(days=PROTEST_DAYS)
            params: dict[str, Any] = {
                "game": game.id,
                "claimant": claimant.name,
                "player": accused.name,
                "total": basis.total,
                "limit": basis.limit,
                "move": basis.move,
                "until": until.isoformat(),
            }
            # 56.6.2: the accused and the arbiter get a copy.
            self._notify(session, case, [accused], Kind.CLAIM_FILED, copy_arbiter=True, **params)
            self._notify(session, case, [claimant], Kind.CLAIM_RECEIVED, **params)
            return self._view(session, case, actor)

    @staticmethod
    def _claim_basis(session: Session, game: Game, claimant_id: int, now: datetime) -> ClaimBasis:
        return claim_basis_of(session, game, claimant_id, now)

    # ------------------------------------------------- other ways to open a case

    def file_complaint(self, actor: Actor, game_id: int, statement: str) -> CaseView:
        """54.1.2: a player tells the arbiter of a partner's breach."""
        now = self.ctx.now()
        if not statement.strip():
            raise errors.InvalidInput(field="statement", reason=N_("say what happened"))
        with self.ctx.db.write() as session:
            game = find_game(session, game_id, lock=True)
            claimant = self.games._acting_player(session, actor, game, None, N_("complain"))
            partner = game.white if claimant.id == game.black_id else game.black
            case = self._new_case(
                session,
                actor,
                game.event,
                CaseKind.COMPLAINT,
                now,
                game=game,
                claimant=claimant,
                respondent=partner,
                statement=statement,
                details={},
                evidence_games=[game],
            )
            self._tell_opened(session, case, statement, [partner])
            return self._view(session, case, actor)

    def open_withdrawal(
        self, actor: Actor, event_code: str, player_ref: str, statement: str | None = None
    ) -> CaseView:
        """54.7, 55.8, 56.8: a player leaves the event, for the arbiter to decide
        what becomes of the unfinished games. The player, or the arbiter, opens it."""
        now = self.ctx.now()
        with self.ctx.db.write() as session:
            event = find_event(session, event_code, lock=True)
            player = find_player(session, player_ref)
            if actor.player_id != player.id:
                require_official(session, actor, event, N_("open a withdrawal"))
            self._require_entered(session, event, player)
            return self._view(
                session,
                self._withdrawal(session, actor, event, player, statement, now, {}),
                actor,
            )

    def _withdrawal(
        self,
        session: Session,
        actor: Actor,
        event: Event,
        player: Player,
        statement: str | None,
        now: datetime,
        details: dict[str, Any],
    ) -> Case:
        games = self._unfinished_games(session, event, player)
        case = self._new_case(
            session,
            actor,
            event,
            CaseKind.WITHDRAWAL,
            now,
            claimant=session.get(Player, actor.player_id) if actor.player_id else None,
            respondent=player,
            statement=statement,
            details={**details, "games": [g.id for g in games]},
            evidence_games=games,
        )
        self._tell_opened(session, case, statement or "", [player])
        return case

    def report_lost_email(
        self, actor: Actor, player_ref: str, statement: str | None = None
    ) -> list[CaseView]:
        """56.1.6: a player lost access to their email; unless it is restored in
        30 days they are treated as withdrawn. One case per event they play in."""
        now = self.ctx.now()
        with self.ctx.db.write() as session:
            player = find_player(session, player_ref)
            events = session.scalars(
                select(Event)
                .join(Section, Section.event_id == Event.id)
                .join(SectionEntry, SectionEntry.section_id == Section.id)
                .where(
                    SectionEntry.player_id == player.id,
                    Event.status == EventStatus.STARTED,
                    Event.mode == Mode.EMAIL,
                )
                .order_by(Event.id)
            ).all()
            if actor.player_id != player.id:
                for event in events:
                    require_official(session, actor, event, N_("report a lost email"))
            if not events:
                raise errors.InvalidInput(
                    field="player",
                    reason=N_("{login} plays in no running email event", login=player.login),
                )
            views = []
            for event in events:
                case = self._new_case(
                    session,
                    actor,
                    event,
                    CaseKind.LOST_EMAIL,
                    now,
                    claimant=player,
                    respondent=player,
                    statement=statement,
                    details={},
                    evidence_games=[],
                )
                case.due_on = case.filed_on + timedelta(days=LOST_EMAIL_DAYS + 1)
                self._notify(
                    session,
                    case,
                    self._officials(event),
                    Kind.LOST_EMAIL,
                    player=player.name,
                    day=case.filed_on.isoformat(),
                    until=(case.filed_on + timedelta(days=LOST_EMAIL_DAYS)).isoformat(),
                    event=event.code,
                )
                views.append(self._view(session, case, actor))
            return views

    def restore_email(self, actor: Actor, case_id: int, note: str | None = None) -> CaseView:
        """The lost email is back in time: the case closes."""
        now = self.ctx.now()
        with self.ctx.db.write() as session:
            case = self._find(session, case_id)
            if case.kind != CaseKind.LOST_EMAIL or case.status != CaseStatus.OPEN:
                raise errors.CaseState(
                    case_id=case.id, status=case.status.value, action=N_("restore the email")
                )
            if actor.player_id != case.respondent_id:
                require_official(session, actor, case.event, N_("close a lost-email case"))
            self._restored(session, case, actor, now, note)
            return self._view(session, case, actor)

    def email_changed(self, session: Session, actor: Actor, player: Player) -> None:
        """A new registered address restores a lost email (56.1.6)."""
        now = self.ctx.now()
        for case in session.scalars(
            select(Case).where(
                Case.kind == CaseKind.LOST_EMAIL,
                Case.status == CaseStatus.OPEN,
                Case.respondent_id == player.id,
            )
        ):
            self._restored(session, case, actor, now, "a new address was registered")

    def _restored(
        self, session: Session, case: Case, actor: Actor, now: datetime, note: str | None
    ) -> None:
        case.status = CaseStatus.CLOSED
        case.decision = "restored"
        case.decided_at = now
        case.decided_on = self._today(case.event, now)
        case.due_on = None
        self._entry(session, case, actor, now, "restored", note)

    # ------------------------------------------------------------- protest

    def protest(self, actor: Actor, case_id: int, text: str) -> CaseView:
        """56.6.4: the accused answers the claim to the arbiter within 14 days."""
        now = self.ctx.now()
        if not text.strip():
            raise errors.InvalidInput(field="protest", reason=N_("say why you disagree"))
        with self.ctx.db.write() as session:
            case = self._find(session, case_id, lock=True)
            if actor.player_id is None or actor.player_id != case.respondent_id:
                raise errors.NotPermitted(
                    who=describe(session, actor),
                    action=N_("protest in case {case_id}", case_id=case.id),
                )
            if case.status != CaseStatus.OPEN or case.protest is not None:
                raise errors.CaseState(
                    case_id=case.id, status=case.status.value, action=N_("protest")
                )
            today = self._today(case.event, now)
            until = case.filed_on + timedelta(days=PROTEST_DAYS)
            if case.kind == CaseKind.TIME_CLAIM and today > until:
                raise errors.ProtestTooLate(
                    case_id=case.id, until=until.isoformat(), today=today.isoformat()
                )
            case.protest = text
            case.protested_at = now
            self._entry(session, case, actor, now, "protested", text)
            self._notify(
                session,
                case,
                self._officials(case.event),
                Kind.CASE_OPENED,
                event=case.event.code,
                summary=text,
            )
            return self._view(session, case, actor)

    # ------------------------------------------------------------ decisions

    def decide(
        self,
        actor: Actor,
        case_id: int,
        decision: str,
        reasons: str,
        *,
        bar: bool = False,
        penalty_days: int = 0,
    ) -> CaseView:
        """The arbiter's decision, with written reasons, applied at once."""
        now = self.ctx.now()
        if not reasons.strip():
            raise errors.InvalidInput(field="reasons", reason=N_("a decision states its reasons"))
        with self.ctx.db.write() as session:
            case = self._find(session, case_id, lock=True)
            event = case.event
            self._require_decider(
                session, actor, case, N_("decide case {case_id}", case_id=case.id)
            )
            if case.status != CaseStatus.OPEN:
                raise errors.CaseState(
                    case_id=case.id, status=case.status.value, action=N_("decided")
                )
            self._check_decision(case, decision)
            today = self._today(event, now)
            if case.kind == CaseKind.TIME_CLAIM and case.protest is None:
                until = case.filed_on + timedelta(days=PROTEST_DAYS)
                if today <= until:
                    raise errors.ProtestWindowOpen(case_id=case.id, until=until.isoformat())
            if case.kind == CaseKind.ADJUDICATION:
                subs = case.details.get("submissions", {})
                due = date.fromisoformat(case.details["due"])
                # A position the tablebase decides may be ruled at once.
                if len(subs) < 2 and today <= due and not case.details.get("tablebase"):
                    raise errors.SubmissionsOpen(case_id=case.id, until=due.isoformat())
            if penalty_days and not (
                case.kind == CaseKind.TIME_CLAIM
                and decision == "rejected"
                and event.mode == Mode.POST
            ):
                raise errors.InvalidInput(
                    field="penalty_days",
                    reason=N_(
                        "penalty days go only to a post player whose claim is rejected "
                        "(Art. 55.6.10)"
                    ),
                )
            if bar and not (case.kind == CaseKind.TIME_CLAIM and decision == "rejected"):
                raise errors.InvalidInput(
                    field="bar", reason=N_("only a rejected time claim bars its claimant (56.6.7)")
                )
            case.effects = self._apply(
                session, actor, case, decision, now, today, bar=bar, penalty_days=penalty_days
            )
            self._tell_games_over(session, case, case.effects)
            case.decision = decision
            case.reasons = reasons
            case.decided_by_id = actor.player_id
            case.decided_at = now
            case.decided_on = today
            case.status = CaseStatus.DECIDED
            # The day after the appeal window: the decision becomes final.
            case.due_on = today + timedelta(days=APPEAL_DAYS + 1)
            self._entry(
                session,
                case,
                actor,
                now,
                "decided",
                reasons,
                decision=decision,
                bar=bar,
                penalty_days=penalty_days,
            )
            audit(
                session,
                actor,
                now,
                "case_decided",
                event_id=event.id,
                game_id=case.game_id,
                case_id=case.id,
                decision=decision,
            )
            appeal_by = (today + timedelta(days=APPEAL_DAYS)).isoformat()
            self._notify(
                session,
                case,
                self._parties(session, case),
                Kind.CASE_DECIDED,
                decision=decision,
                reasons=reasons,
                until=appeal_by,
            )
            return self._view(session, case, actor)

    def appeal(self, actor: Actor, case_id: int, text: str) -> CaseView:
        """54.1.4: a party appeals within 14 days of the decision's delivery."""
        now = self.ctx.now()
        if not text.strip():
            raise errors.InvalidInput(field="appeal", reason=N_("say why the decision is wrong"))
        with self.ctx.db.write() as session:
            case = self._find(session, case_id, lock=True)
            parties = self._parties(session, case)
            if actor.player_id is None or actor.player_id not in {p.id for p in parties}:
                raise errors.NotPermitted(
                    who=describe(session, actor),
                    action=N_("appeal in case {case_id}", case_id=case.id),
                )
            if case.status != CaseStatus.DECIDED:
                raise errors.CaseState(
                    case_id=case.id, status=case.status.value, action=N_("appealed")
                )
            if case.kind == CaseKind.ADJUDICATION and case.game is not None:
                color = "white" if actor.player_id == case.game.white_id else "black"
                if color not in case.details.get("submissions", {}):
                    raise errors.NoMaterials(case_id=case.id, who=describe(session, actor))
            assert case.decided_on is not None
            today = self._today(case.event, now)
            until = case.decided_on + timedelta(days=APPEAL_DAYS)
            if today > until:
                raise errors.AppealTooLate(
                    case_id=case.id,
                    decided_on=case.decided_on.isoformat(),
                    until=until.isoformat(),
                    today=today.isoformat(),
                    article=appeal_article(case.event.mode),
                )
            judges = self._appeal_arbiters(session, case)
            if not judges:
                raise errors.NoAppealArbiter(case_id=case.id, event=case.event.code)
            case.status = CaseStatus.APPEALED
            case.appellant_id = actor.player_id
            case.appeal = text
            case.appealed_at = now
            case.due_on = None
            self._entry(session, case, actor, now, "appealed", text)
            appellant = session.get(Player, actor.player_id)
            assert appellant is not None
            self._notify(
                session,
                case,
                [*parties, *judges],
                Kind.CASE_APPEALED,
                decision=case.decision or "",
                skip=appellant.id,
                player=appellant.name,
            )
            return self._view(session, case, actor)

    def decide_appeal(self, actor: Actor, case_id: int, decision: str, reasons: str) -> CaseView:
        """34.2: the appeal arbiter's decision is final and is applied here."""
        now = self.ctx.now()
        if not reasons.strip():
            raise errors.InvalidInput(field="reasons", reason=N_("a decision states its reasons"))
        with self.ctx.db.write() as session:
            case = self._find(session, case_id, lock=True)
            if case.status != CaseStatus.APPEALED:
                raise errors.CaseState(
                    case_id=case.id, status=case.status.value, action=N_("decided on appeal")
                )
            if actor.player_id not in {p.id for p in self._appeal_arbiters(session, case)}:
                raise errors.NotPermitted(
                    who=describe(session, actor),
                    action=N_("decide the appeal in case {case_id}", case_id=case.id),
                )
            self._check_decision(case, decision)
            today = self._today(case.event, now)
            verdict = "confirmed" if decision == case.decision else "reversed"
            if verdict == "reversed":
                self._undo(session, actor, case, now)
                case.barred_cycle = None
                case.effects = self._apply(session, actor, case, decision, now, today)
                self._tell_games_over(session, case, case.effects)
            case.appeal_decision = decision
            case.appeal_reasons = reasons
            case.appeal_decided_by_id = actor.player_id
            case.appeal_decided_at = now
            case.status = CaseStatus.FINAL
            self._entry(
                session,
                case,
                actor,
                now,
                "appeal_decided",
                reasons,
                decision=decision,
                verdict=verdict,
            )
            audit(
                session,
                actor,
                now,
                "appeal_decided",
                event_id=case.event_id,
                game_id=case.game_id,
                case_id=case.id,
                decision=decision,
                verdict=verdict,
            )
            self._notify(
                session,
                case,
                self._parties(session, case),
                Kind.APPEAL_DECIDED,
                decision=decision,
                verdict=verdict,
                copy_arbiter=True,
                reasons=reasons,
            )
            return self._view(session, case, actor)

    # --------------------------------------------------------- adjudication

    def open_adjudication(self, session: Session, game: Game, at: datetime, reason: str) -> Case:
        """56.9.4: both players are asked for their materials within 14 days;
        the record, the final position and the tablebase's verdict (where a
        table covers it) are attached by the server."""
        actor = DAILY_RUN
        today = self._today(game.event, at)
        due = today + timedelta(days=SUBMISSION_DAYS)
        case = self._new_case(
            session,
            actor,
            game.event,
            CaseKind.ADJUDICATION,
            at,
            game=game,
            statement=None,
            details={
                "reason": reason,
                "due": due.isoformat(),
                "submissions": {},
                "tablebase": self._tablebase(game.fen),
            },
            evidence_games=[game],
        )
        case.due_on = due + timedelta(days=1)
        people = [game.white, game.black, *self._officials(game.event, case)]
        self._notify(
            session,
            case,
            people,
            Kind.UNFINISHED,
            event=game.event.code,
            day=today.isoformat(),
            game=game.id,
            until=due.isoformat(),
        )
        return case

    def submit(
        self,
        actor: Actor,
        game_id: int,
        claim: str,
        reasoning: str,
        *,
        analysis: str | None = None,
        move: str | None = None,
    ) -> CaseView:
        """A player's materials for adjudication: the claimed result with its
        reasoning, optional analysis, and (the player to move) their move."""
        now = self.ctx.now()
        if claim not in ("win", "draw", "loss"):
            raise errors.InvalidInput(field="claim", reason=N_("claim a win, a draw or a loss"))
        if not reasoning.strip():
            raise errors.InvalidInput(field="reasoning", reason=N_("say why (Art. 56.9.4)"))
        with self.ctx.db.write() as session:
            game = find_game(session, game_id, lock=True)
            player = self.games._acting_player(session, actor, game, None, N_("submit"))
            case = session.scalar(
                select(Case)
                .where(
                    Case.game_id == game.id,
                    Case.kind == CaseKind.ADJUDICATION,
                    Case.status == CaseStatus.OPEN,
                )
                .with_for_update()
            )
            if case is None:
                raise errors.NotFound(
                    kind="case", ref=N_("adjudication of game {game_id}", game_id=game.id)
                )
            today = self._today(game.event, now)
            due = date.fromisoformat(case.details["due"])
            if today > due:
                raise errors.SubmissionTooLate(
                    case_id=case.id, until=due.isoformat(), today=today.isoformat()
                )
            color = "white" if player.id == game.white_id else "black"
            submissions = dict(case.details.get("submissions", {}))
            if color in submissions:
                raise errors.CaseState(
                    case_id=case.id, status="submitted", action=N_("submitted twice")
                )
            stated = None
            to_move = game.white_to_move == (color == "white")
            # Only the player to move when the game stopped states a move.
            stated_already = any(sub.get("move") for sub in submissions.values())
            if game.status == GameStatus.ADJUDICATION and to_move and not stated_already:
                if not (move and move.strip()):
                    raise errors.InvalidInput(
                        field="move",
                        reason=N_("the player to move states their move (Art. 56.9.4)"),
                    )
                stated = self.games.record_stated_move(session, actor, game, player, move, now)
            submissions[color] = {
                "claim": claim,
                "reasoning": reasoning,
                "analysis": analysis,
                "move": stated,
                "at": now.isoformat(),
            }
            details = {**case.details, "submissions": submissions}
            if stated is not None:
                details["tablebase"] = self._tablebase(game.fen)
            case.details = details
            self._entry(session, case, actor, now, "submitted", reasoning, claim=claim, move=stated)
            if game.status == GameStatus.FINISHED:
                # The stated move ended the game (mate, stalemate, ...).
                self._close(session, case, actor, now, _DECISION_OF[game.result.value], "over")
            elif len(submissions) == 2:
                agreed = {_claimed(c, s["claim"]) for c, s in submissions.items()}
                if len(agreed) == 1:
                    # 56.9.5: the claims agree: that is the result, no adjudication.
                    (result,) = agreed
                    reason = (
                        ResultReason.AGREED_DRAW
                        if result == GameResult.DRAW
                        else ResultReason.RESIGNATION
                    )
                    self.games._finish(session, actor, game, result, reason, now)
                    self._close(session, case, actor, now, _DECISION_OF[result.value], "agreed")
            return self._view(session, case, actor)

    def analyse(self, actor: Actor, case_id: int) -> CaseView:
        """Stockfish's evidence for the adjudicator: the final position
        assessed, and each player's analysis checked move by move. Computed
        outside the transaction (the engine takes its time), then stored."""
        with self.ctx.db.read() as session:
            case = self._find(session, case_id)
            if case.kind != CaseKind.ADJUDICATION or case.game is None:
                raise errors.CaseState(
                    case_id=case.id, status=case.status.value, action=N_("analysed by the engine")
                )
            self._require_decider(
                session, actor, case, N_("analyse case {case_id}", case_id=case.id)
            )
            fen = case.game.fen
            chess960 = case.game.chess960
            submissions = dict(case.details.get("submissions", {}))
        board = chess.Board(fen, chess960=chess960)
        with engine_mod.engine(self.engine_path, self.engine_depth) as stockfish:
            if stockfish is None:
                raise errors.InvalidInput(
                    field="engine",
                    reason=N_("Stockfish is not installed (apt-get install stockfish)"),
                )
            evidence: dict[str, Any] = {"position": as_json(stockfish.assess(board)), "checks": {}}
            for color, sub in submissions.items():
                moves = engine_mod.analysis_moves(sub.get("analysis") or "", board)
                if moves:
                    evidence["checks"][color] = as_json(stockfish.check_line(board, moves))
        now = self.ctx.now()
        with self.ctx.db.write() as session:
            case = self._find(session, case_id, lock=True)
            if case.game is None or case.game.fen != fen:
                raise errors.CaseState(
                    case_id=case.id, status="changed", action=N_("analysed: the position moved on")
                )
            case.details = {**case.details, "engine": evidence}
            self._entry(session, case, actor, now, "analysed", None, depth=self.engine_depth)
            return self._view(session, case, actor)

    def _close(
        self, session: Session, case: Case, actor: Actor, now: datetime, decision: str, how: str
    ) -> None:
        case.status = CaseStatus.CLOSED
        case.decision = decision
        case.decided_at = now
        case.decided_on = self._today(case.event, now)
        case.due_on = None
        self._entry(session, case, actor, now, how, None, decision=decision)
        self._notify(
            session,
            case,
            self._parties(session, case),
            Kind.CASE_CLOSED,
            decision=decision,
        )

    def _tablebase(self, fen: str) -> dict[str, Any] | None:
        verdict = tablebase.probe(fen, self.tablebases)
        return as_json(verdict) if verdict else None

    # -------------------------------------------------------- the daily run

    def raise_silence(self, session: Session, game: Game, days: int, at: datetime) -> Case:
        """56.5.3 (40 days), 55.5.2 (three months): a case for the arbiter."""
        actor = DAILY_RUN
        silent = game.white if game.white_to_move else game.black
        game.silence_ply = game.ply_count
        article = "55.5.2" if game.event.mode == Mode.POST else "56.5.3"
        case = self._new_case(
            session,
            actor,
            game.event,
            CaseKind.SILENCE,
            at,
            game=game,
            respondent=silent,
            statement=None,
            details={"days": days, "ply": game.ply_count, "article": article},
            evidence_games=[game],
        )
        people = [game.white, game.black, *self._officials(game.event)]
        self._notify(session, case, people, Kind.SILENCE, game=game.id, days=days, article=article)
        return case

    def due_cases(self, session: Session, day: date, last_id: int, limit: int) -> list[Case]:
        return list(
            session.scalars(
                select(Case)
                .where(Case.due_on <= day, Case.id > last_id)
                .order_by(Case.id)
                .limit(limit)
                .with_for_update(skip_locked=True)
            )
        )

    def handle_due(self, session: Session, case: Case, day: date, at: datetime) -> str | None:
        """A case whose day has come: a lost email unrestored, a decision final."""
        if case.due_on is None or case.due_on > day:
            return None
        actor = DAILY_RUN
        case.due_on = None
        if case.kind == CaseKind.LOST_EMAIL and case.status == CaseStatus.OPEN:
            player = case.respondent
            assert player is not None
            withdrawal = self._withdrawal(
                session,
                actor,
                case.event,
                player,
                None,
                at,
                {"lost_email_case": case.id, "article": "56.1.6"},
            )
            case.status = CaseStatus.CLOSED
            case.decision = "not_restored"
            case.decided_at = at
            case.decided_on = day
            self._entry(session, case, actor, at, "not_restored", None, withdrawal=withdrawal.id)
            self._notify(
                session,
                case,
                self._officials(case.event),
                Kind.LOST_EMAIL_EXPIRED,
                player=player.name,
                day=case.filed_on.isoformat(),
                event=case.event.code,
                withdrawal=withdrawal.id,
            )
            return "withdrawn"
        if case.kind == CaseKind.ADJUDICATION and case.status == CaseStatus.OPEN:
            self._entry(session, case, actor, at, "submissions_closed", None)
            self._notify(
                session,
                case,
                self._officials(case.event, case),
                Kind.SUBMISSIONS_CLOSED,
                event=case.event.code,
                game=case.game_id,
            )
            return "ready"
        if case.status == CaseStatus.DECIDED:
            case.status = CaseStatus.FINAL
            self._entry(session, case, actor, at, "final", None)
            return "final"
        return None

    # --------------------------------------------------------------- reads

    def cases(self, actor: Actor) -> list[CaseSummary]:
        """The cases ``actor`` takes part in, oversees, or may hear on appeal."""
        with self.ctx.db.read() as session:
            found: dict[int, Case] = {}
            if actor.player_id is not None:
                for case in session.scalars(
                    select(Case).where(
                        or_(
                            Case.claimant_id == actor.player_id,
                            Case.respondent_id == actor.player_id,
                            Case.game.has(
                                or_(
                                    Game.white_id == actor.player_id,
                                    Game.black_id == actor.player_id,
                                )
                            ),
                        )
                    )
                ):
                    found[case.id] = case
            for event in session.scalars(select(Event)):
                official = is_official_of(session, actor, event)
                appeals = actor.player_id is not None and any(
                    a.player_id == actor.player_id for a in event.appeal_arbiters
                )
                if not (official or appeals):
                    continue
                for case in session.scalars(select(Case).where(Case.event_id == event.id)):
                    if official or actor.player_id in {
                        p.id for p in self._appeal_arbiters(session, case)
                    }:
                        found[case.id] = case
            return [self._summary(c) for _, c in sorted(found.items(), reverse=True)]

    def case_to_answer(self, game_id: int, player_id: int, action: str) -> int | None:
        """The case in a game a player's words answer by email: the open claim
        against them (a protest), or the latest decision open to their appeal."""
        with self.ctx.db.read() as session:
            cases = session.scalars(
                select(Case).where(Case.game_id == game_id).order_by(Case.id.desc())
            ).all()
            for case in cases:
                if action == "submit" and case.kind == CaseKind.ADJUDICATION:
                    game = case.game
                    assert game is not None
                    color = "white" if player_id == game.white_id else "black"
                    waiting = color not in case.details.get("submissions", {})
                    if case.status == CaseStatus.OPEN and waiting:
                        return case.id
                protest = case.status == CaseStatus.OPEN and case.respondent_id == player_id
                if action == "protest" and protest:
                    return case.id
                appeal = case.status == CaseStatus.DECIDED and player_id in {
                    p.id for p in self._parties(session, case)
                }
                if action == "appeal" and appeal:
                    return case.id
            return None

    def suspending_case(self, game_id: int) -> int | None:
        """The case whose claim holds the game still, if any (56.6.3)."""
        with self.ctx.db.read() as session:
            return find_game(session, game_id).suspended_by_case_id

    def case(self, actor: Actor, case_id: int) -> CaseView:
        with self.ctx.db.read() as session:
            case = self._find(session, case_id)
            if not self._may_see(session, actor, case):
                raise errors.NotPermitted(
                    who=describe(session, actor), action=N_("see case {case_id}", case_id=case.id)
                )
            return self._view(session, case, actor)

    # ------------------------------------------------------------- helpers

    def _new_case(
        self,
        session: Session,
        actor: Actor,
        event: Event,
        kind: CaseKind,
        now: datetime,
        *,
        game: Game | None = None,
        claimant: Player | None = None,
        respondent: Player | None = None,
        statement: str | None,
        details: dict[str, Any],
        evidence_games: list[Game],
    ) -> Case:
        evidence = []
        for g in evidence_games:
            schedule = as_json(self.ledgers.schedule(g.id))
            evidence.append(schedule)
        case = Case(
            event_id=event.id,
            kind=kind,
            status=CaseStatus.OPEN,
            game_id=game.id if game else None,
            claimant_id=claimant.id if claimant else None,
            respondent_id=respondent.id if respondent else None,
            door=actor.door,
            filed_at=now,
            filed_on=self._today(event, now),
            statement=statement,
            details=details,
            evidence=evidence,
            effects=[],
        )
        session.add(case)
        session.flush()
        self._entry(session, case, actor, now, "filed", statement, **details)
        audit(
            session,
            actor,
            now,
            "case_filed",
            event_id=event.id,
            game_id=case.game_id,
            case_id=case.id,
            kind=kind.value,
        )
        return case

    def _notify(
        self,
        session: Session,
        case: Case,
        people: list[Player],
        kind: Kind,
        *,
        copy_arbiter: bool = False,
        skip: int | None = None,
        **params: Value,
    ) -> None:
        """Notify each of ``people`` (but ``skip``) about the case; a
        ``decision`` or ``verdict`` among ``params`` is its code."""
        for person in people:
            if person.id == skip:
                continue
            self.ctx.notifications.notify(
                session,
                Notice(
                    recipient_id=person.id,
                    kind=kind,
                    game_id=case.game_id,
                    case_id=case.id,
                    event_id=case.event_id,
                    params=params,
                    copy_arbiter=copy_arbiter,
                ),
            )

    def _tell_games_over(self, session: Session, case: Case, effects: list[dict[str, Any]]) -> None:
        """GAME_OVER to each player of a game the decision ended, who is not
        told that game's result by the decision itself.

        The decision goes to the case's parties (CASE_DECIDED, APPEAL_DECIDED),
        and for the case's own game (a time claim, a silence, an
        adjudication) it is that game's result: its players are not told
        twice. The respondent of a withdrawal or an exclusion is told the
        fate of all their games by the decision. Their opponents are told
        each game's own result here: a withdrawal's decision names no game
        (56.8, 33), and an exclusion by a complaint has them as no party.
        """
        for effect in effects:
            if "game" not in effect:
                continue
            game = session.get(Game, int(effect["game"]))
            if game is None or game.status not in (GameStatus.FINISHED, GameStatus.ANNULLED):
                continue
            if game.id == case.game_id:
                continue
            reason = game.result_reason.value if game.result_reason else game.status.value
            for player_id in (game.white_id, game.black_id):
                if player_id == case.respondent_id:
                    continue
                self.ctx.notifications.notify(
                    session,
                    Notice(
                        recipient_id=player_id,
                        kind=Kind.GAME_OVER,
                        game_id=game.id,
                        event_id=game.event_id,
                        params={
                            "result": game.result.value,
                            "reason": reason,
                            "status": game.status.value,
                            "case": case.id,
                        },
                    ),
                )

    def _tell_opened(
        self, session: Session, case: Case, summary: str, others: list[Player]
    ) -> None:
        people = [*self._officials(case.event), *others]
        self._notify(
            session, case, people, Kind.CASE_OPENED, event=case.event.code, summary=summary
        )

    def _apply(
        self,
        session: Session,
        actor: Actor,
        case: Case,
        decision: str,
        now: datetime,
        today: date,
        *,
        bar: bool = False,
        penalty_days: int = 0,
    ) -> list[dict[str, Any]]:
        """Carry out ``decision``; return what it changed, to undo on appeal."""
        effects: list[dict[str, Any]] = []
        kind = case.kind
        if kind == CaseKind.TIME_CLAIM:
            game = case.game
            assert game is not None
            effects.append(_snapshot(game))
            decisive = bool(case.details.get("decisive", True))
            if decision == "upheld" and decisive:
                loser_white = case.respondent_id == game.white_id
                game.suspended_by_case_id = None
                self.games._finish(
                    session,
                    actor,
                    game,
                    GameResult.BLACK_WINS if loser_white else GameResult.WHITE_WINS,
                    ResultReason.TIME_FORFEIT,
                    now,
                )
            else:
                # Rejected, or a post player's first overstep fixed (55.6.4):
                # play resumes; the days of the suspension count for no one.
                self._resume(session, game, today, now)
                if bar:
                    case.barred_cycle = int(case.details["cycle"])
                if penalty_days:
                    claimant = case.claimant
                    assert claimant is not None
                    color = chess.WHITE if claimant.id == game.white_id else chess.BLACK
                    first = chess.WHITE if game.plies_before % 2 == 0 else chess.BLACK
                    made = (game.ply_count + (0 if color == first else 1)) // 2
                    charge = TimeCharge(
                        game_id=game.id,
                        player_id=claimant.id,
                        move_number=made + 1,
                        days=penalty_days,
                        kind=ChargeKind.PENALTY,
                        reason=f"unfounded time claim, case {case.id} (Art. 55.6.10)",
                        on=today,
                        created_by_id=actor.player_id,
                        created_at=now,
                    )
                    session.add(charge)
                    session.flush()
                    effects.append({"charge": charge.id})
                    LedgerService.refresh_deadline(session, game, now)
        elif kind == CaseKind.ADJUDICATION:
            game = case.game
            assert game is not None
            effects.append(_snapshot(game))
            self.games._finish(
                session, actor, game, _RESULTS[decision], ResultReason.ADJUDICATION, now
            )
        elif kind == CaseKind.SILENCE and decision != "dismissed":
            game = case.game
            assert game is not None
            effects.append(_snapshot(game))
            result = GameResult.BLACK_WINS if decision == "loss_white" else GameResult.WHITE_WINS
            self.games._finish(session, actor, game, result, ResultReason.DEFAULT, now)
        elif kind == CaseKind.WITHDRAWAL or (
            kind == CaseKind.COMPLAINT and decision == "exclusion"
        ):
            player = case.respondent
            assert player is not None
            effects.extend(self._withdraw(session, actor, case.event, player, decision, now, today))
        return effects

    def _withdraw(
        self,
        session: Session,
        actor: Actor,
        event: Event,
        player: Player,
        decision: str,
        now: datetime,
        today: date,
    ) -> list[dict[str, Any]]:
        """56.8: one decision for all the player's unfinished games at once."""
        effects: list[dict[str, Any]] = []
        for entry in session.scalars(
            select(SectionEntry)
            .join(Section, Section.id == SectionEntry.section_id)
            .where(Section.event_id == event.id, SectionEntry.player_id == player.id)
        ):
            effects.append(
                {
                    "entry": entry.id,
                    "withdrawn_on": entry.withdrawn_on.isoformat() if entry.withdrawn_on else None,
                    "withdrawal": entry.withdrawal,
                }
            )
            entry.withdrawn_on = today
            entry.withdrawal = decision
        for game in self._unfinished_games(session, event, player):
            effects.append(_snapshot(game))
            game.suspended_by_case_id = None
            if decision == "loss":
                white_lost = game.white_id == player.id
                self.games._finish(
                    session,
                    actor,
                    game,
                    GameResult.BLACK_WINS if white_lost else GameResult.WHITE_WINS,
                    ResultReason.WITHDRAWAL,
                    now,
                )
            elif decision == "adjudication":
                self.games._finish(
                    session, actor, game, GameResult.UNFINISHED, ResultReason.ADJUDICATION, now
                )
                game.status = GameStatus.ADJUDICATION
                game.result_reason = None
                game.finished_at = None
                opened = self.open_adjudication(session, game, now, "withdrawal")
                effects.append({"opened_case": opened.id})
            else:
                self.games._finish(
                    session, actor, game, GameResult.UNFINISHED, ResultReason.WITHDRAWAL, now
                )
                game.status = GameStatus.ANNULLED
        return effects

    def _undo(self, session: Session, actor: Actor, case: Case, now: datetime) -> None:
        """Put back what the decision changed (the appeal reversed it)."""
        for effect in reversed(case.effects or []):
            if "game" in effect:
                game = find_game(session, int(effect["game"]), lock=True)
                game.status = GameStatus(effect["status"])
                game.result = GameResult(effect["result"])
                game.result_reason = (
                    ResultReason(effect["result_reason"]) if effect["result_reason"] else None
                )
                game.finished_at = (
                    datetime.fromisoformat(effect["finished_at"]) if effect["finished_at"] else None
                )
                game.suspended_by_case_id = effect["suspended_by_case_id"]
                game.pauses = effect["pauses"]
                LedgerService.refresh_deadline(session, game, now)
                audit(
                    session,
                    actor,
                    now,
                    "game_restored",
                    event_id=game.event_id,
                    game_id=game.id,
                    case_id=case.id,
                    status=game.status.value,
                )
            elif "entry" in effect:
                entry = session.get(SectionEntry, int(effect["entry"]))
                assert entry is not None
                entry.withdrawn_on = (
                    date.fromisoformat(effect["withdrawn_on"]) if effect["withdrawn_on"] else None
                )
                entry.withdrawal = effect["withdrawal"]
            elif "opened_case" in effect:
                opened = self._find(session, int(effect["opened_case"]), lock=True)
                if opened.status == CaseStatus.OPEN:
                    opened.status = CaseStatus.CLOSED
                    opened.due_on = None
                    self._entry(session, opened, actor, now, "withdrawn", None, by_case=case.id)
            elif "charge" in effect:
                charge = session.get(TimeCharge, int(effect["charge"]))
                if charge is not None:
                    session.delete(charge)
        session.flush()

    def _resume(self, session: Session, game: Game, today: date, now: datetime) -> None:
        """Play goes on: the suspension ends today (its days count for no one)."""
        game.suspended_by_case_id = None
        pauses = [list(p) for p in game.pauses or []]
        if pauses and pauses[-1][1] is None:
            first = date.fromisoformat(str(pauses[-1][0]))
            if first > today:
                pauses.pop()  # resumed on the day it was filed: no day stood still
            else:
                pauses[-1][1] = today.isoformat()
        game.pauses = pauses
        LedgerService.refresh_deadline(session, game, now)

    @staticmethod
    def _check_decision(case: Case, decision: str) -> None:
        choices = DECISIONS[case.kind]
        if decision not in choices:
            raise errors.BadDecision(
                decision=decision, kind=case.kind.value, choices=", ".join(choices) or "-"
            )

    def _unfinished_games(self, session: Session, event: Event, player: Player) -> list[Game]:
        return list(
            session.scalars(
                select(Game)
                .where(
                    Game.event_id == event.id,
                    or_(Game.white_id == player.id, Game.black_id == player.id),
                    Game.status.in_(_UNFINISHED),
                )
                .order_by(Game.id)
            )
        )

    @staticmethod
    def _require_entered(session: Session, event: Event, player: Player) -> None:
        entered = session.scalar(
            select(SectionEntry.id)
            .join(Section, Section.id == SectionEntry.section_id)
            .where(Section.event_id == event.id, SectionEntry.player_id == player.id)
        )
        if entered is None:
            raise errors.NotFound(
                kind="player", ref=N_("{login} in {code}", login=player.login, code=event.code)
            )

    def _parties(self, session: Session, case: Case) -> list[Player]:
        """Everyone the case concerns: claimant, respondent, the games' players."""
        ids: list[int] = []
        for pid in (case.claimant_id, case.respondent_id):
            if pid is not None:
                ids.append(pid)
        game_ids = [case.game_id] if case.game_id else list(case.details.get("games", []))
        for gid in game_ids:
            game = session.get(Game, gid)
            if game is not None:
                ids.extend((game.white_id, game.black_id))
        seen: list[Player] = []
        for pid in dict.fromkeys(ids):
            player = session.get(Player, pid)
            if player is not None:
                seen.append(player)
        return seen

    def _appeal_arbiters(self, session: Session, case: Case) -> list[Player]:
        """34.2: the event's appeal arbiters, less the deciding arbiter and the parties."""
        excluded = {p.id for p in self._parties(session, case)}
        excluded.update(x for x in (case.decided_by_id, case.event.arbiter_id) if x is not None)
        rows = session.scalars(
            select(EventAppealArbiter)
            .where(EventAppealArbiter.event_id == case.event_id)
            .order_by(EventAppealArbiter.player_id)
        )
        return [row.player for row in rows if row.player_id not in excluded]

    @staticmethod
    def _may_decide(session: Session, actor: Actor, case: Case) -> bool:
        """The event's arbiter (an admin, the operator); for an adjudication,
        its adjudicating arbiter too (56.9.6)."""
        adjudicator = case.event.adjudicator_id
        adjudicating = case.kind == CaseKind.ADJUDICATION and adjudicator is not None
        if adjudicating and actor.player_id == adjudicator:
            return True
        return is_arbiter_of(session, actor, case.event)

    def _require_decider(self, session: Session, actor: Actor, case: Case, action: str) -> None:
        if not self._may_decide(session, actor, case):
            raise errors.NotPermitted(who=describe(session, actor), action=action)

    def _officials(self, event: Event, case: Case | None = None) -> list[Player]:
        people = [event.arbiter] if event.arbiter is not None else []
        adjudicator = event.adjudicator
        adjudicating = case is not None and case.kind == CaseKind.ADJUDICATION
        if adjudicating and adjudicator is not None and adjudicator not in people:
            people.append(adjudicator)
        return people

    def _may_see(self, session: Session, actor: Actor, case: Case) -> bool:
        if is_official_of(session, actor, case.event):
            return True
        if actor.player_id in {p.id for p in self._parties(session, case)}:
            return True
        return actor.player_id in {p.id for p in self._appeal_arbiters(session, case)} or any(
            a.player_id == actor.player_id for a in case.event.appeal_arbiters
        )

    def _find(self, session: Session, case_id: int, *, lock: bool = False) -> Case:
        query = select(Case).where(Case.id == case_id)
        if lock:
            query = query.with_for_update()
        case = session.scalar(query)
        if case is None:
            raise errors.NotFound(kind="case", ref=case_id)
        return case

    @staticmethod
    def _today(event: Event, now: datetime) -> date:
        return local_date(now, event.timezone)

    @staticmethod
    def _entry(
        session: Session,
        case: Case,
        actor: Actor,
        at: datetime,
        action: str,
        text: str | None,
        **details: Any,
    ) -> None:
        session.add(
            CaseEntry(
                case_id=case.id,
                at=at,
                actor_id=actor.player_id,
                actor_label=actor.label or describe(session, actor),
                door=actor.door,
                action=action,
                text=text,
                details=as_json(details),
            )
        )

    @staticmethod
    def _summary(case: Case) -> CaseSummary:
        return CaseSummary(
            id=case.id,
            event=case.event.code,
            kind=case.kind.value,
            status=case.status.value,
            game_id=case.game_id,
            claimant=case.claimant.login if case.claimant else None,
            respondent=case.respondent.login if case.respondent else None,
            filed_on=case.filed_on,
            decision=case.decision,
            appeal_decision=case.appeal_decision,
        )

    def _view(self, session: Session, case: Case, actor: Actor) -> CaseView:
        session.flush()
        session.refresh(case)
        event = case.event
        today = self._today(event, self.ctx.now())
        protest_until = (
            case.filed_on + timedelta(days=PROTEST_DAYS)
            if case.kind == CaseKind.TIME_CLAIM
            else None
        )
        appeal_until = (
            case.decided_on + timedelta(days=APPEAL_DAYS)
            if case.decided_on and case.kind != CaseKind.LOST_EMAIL
            else None
        )
        actions: list[str] = []
        me = actor.player_id
        official = self._may_decide(session, actor, case)
        if case.status == CaseStatus.OPEN:
            may_protest = protest_until is None or today <= protest_until
            if (
                me is not None
                and me == case.respondent_id
                and case.protest is None
                and may_protest
                and case.kind != CaseKind.LOST_EMAIL
            ):
                actions.append("protest")
            if case.kind == CaseKind.ADJUDICATION and case.game is not None:
                color = "white" if me == case.game.white_id else "black"
                mine = me in (case.game.white_id, case.game.black_id)
                if mine and color not in case.details.get("submissions", {}):
                    actions.append("submit")
            if case.kind == CaseKind.LOST_EMAIL:
                if me == case.respondent_id or official:
                    actions.append("restore")
            elif official:
                actions.append("decide")
        in_time = appeal_until is not None and today <= appeal_until
        if (
            case.status == CaseStatus.DECIDED
            and in_time
            and me in {p.id for p in self._parties(session, case)}
        ):
            actions.append("appeal")
        if case.status == CaseStatus.APPEALED and me in {
            p.id for p in self._appeal_arbiters(session, case)
        }:
            actions.append("decide_appeal")

        def login(pid: int | None) -> str | None:
            if pid is None:
                return None
            player = session.get(Player, pid)
            return player.login if player else str(pid)

        return CaseView(
            id=case.id,
            event=event.code,
            event_name=event.name,
            mode=event.mode.value,
            kind=case.kind.value,
            status=case.status.value,
            game_id=case.game_id,
            claimant=case.claimant.login if case.claimant else None,
            claimant_name=case.claimant.name if case.claimant else None,
            respondent=case.respondent.login if case.respondent else None,
            respondent_name=case.respondent.name if case.respondent else None,
            filed_on=case.filed_on,
            filed_at=case.filed_at,
            door=case.door.value,
            statement=case.statement,
            details=dict(case.details or {}),
            evidence=list(case.evidence or []),
            protest=case.protest,
            protest_until=protest_until,
            decision=case.decision,
            reasons=case.reasons,
            decided_by=login(case.decided_by_id),
            decided_on=case.decided_on,
            appeal_until=appeal_until,
            barred_cycle=case.barred_cycle,
            appellant=login(case.appellant_id),
            appeal=case.appeal,
            appeal_decision=case.appeal_decision,
            appeal_reasons=case.appeal_reasons,
            appeal_decided_by=login(case.appeal_decided_by_id),
            choices=DECISIONS[case.kind],
            actions=tuple(actions),
            fen=case.game.fen if case.game else None,
            to_move=(
                (case.game.white if case.game.white_to_move else case.game.black).login
                if case.game
                else None
            ),
            entries=[
                CaseEntryView(e.at, e.actor_label, e.door.value, e.action, e.text, e.details)
                for e in case.entries
            ],
        )


def _snapshot(game: Game) -> dict[str, Any]:
    return {
        "game": game.id,
        "status": game.status.value,
        "result": game.result.value,
        "result_reason": game.result_reason.value if game.result_reason else None,
        "finished_at": game.finished_at.isoformat() if game.finished_at else None,
        "suspended_by_case_id": game.suspended_by_case_id,
        "pauses": [list(p) for p in game.pauses or []],
    }


__all__ = ["DECISIONS", "CaseService", "CaseSummary", "CaseView", "ClaimBasis", "claim_basis_of"]


def _claimed(color: str, claim: str) -> GameResult:
    """The game result a player's claim ("win", "draw", "loss") stands for."""
    if claim == "draw":
        return GameResult.DRAW
    white_wins = (claim == "win") == (color == "white")
    return GameResult.WHITE_WINS if white_wins else GameResult.BLACK_WINS


def claim_basis_of(session: Session, game: Game, claimant_id: int, now: datetime) -> ClaimBasis:
    """The overstep of the partner that ``claimant_id`` may claim in ``game``
    now (56.6.1, 55.6.1), or the refusal saying why none: a server game
    (54.5.2), a game over or suspended, a claim too late (no later than the
    reply to the control move) or barred (56.6.7), no overstep."""
    event = game.event
    if event.mode == Mode.SERVER:
        raise errors.ClaimNotInMode(game_id=game.id, mode=event.mode.value)
    if game.status != GameStatus.ONGOING:
        raise errors.GameOver(
            game_id=game.id,
            result=game.result.value,
            reason=game.result_reason.value if game.result_reason else game.status.value,
        )
    if game.suspended_by_case_id is not None:
        raise errors.CaseOpen(game_id=game.id, case_id=game.suspended_by_case_id)
    accused_white = claimant_id == game.black_id
    accused = game.white if accused_white else game.black
    claimant = game.black if accused_white else game.white
    color = chess.WHITE if accused_white else chess.BLACK
    ledger = LedgerService.compute(session, game, now)
    clock = ledger.player(accused_white)
    per = event.control_moves
    restart = event.mode == Mode.POST and not event.first_overstep_loses
    # Post play (55.6.4): an overstep already fixed is not claimed again,
    # and only an overstep after the restart can lose the game (55.6.6).
    fixed_before = clock.restarted_from_move or 0
    for over in reversed(clock.oversteps):
        if over.on > ledger.today or over.move_number < fixed_before:
            continue
        cycle = (over.move_number - 1) // per + 1
        control = cycle * per
        # the control counts the player's moves made in the game (Art. 26)
        reply_ply = start.nth_move_ply(control, color, game.plies_before) + 1
        if game.ply_count >= reply_ply:
            reply = session.scalar(
                select(Move).where(Move.game_id == game.id, Move.ply == reply_ply)
            )
            raise errors.ClaimTooLate(
                game_id=game.id,
                player=accused.login,
                control_move=control,
                replied_on=reply.sent_on.isoformat() if reply else "?",
                article=claim_article(event.mode),
            )
        barring = session.scalar(
            select(Case).where(
                Case.game_id == game.id,
                Case.kind == CaseKind.TIME_CLAIM,
                Case.claimant_id == claimant_id,
                Case.barred_cycle == cycle,
            )
        )
        if barring is not None:
            raise errors.ClaimBarred(
                who=claimant.login,
                game_id=game.id,
                first=control - per + 1,
                last=control,
                case_id=barring.id,
            )
        return ClaimBasis(
            game_id=game.id,
            accused=accused.login,
            accused_name=accused.name,
            move=over.move_number,
            limit=over.limit,
            # The days used up to and including the overstepping move:
            # what the record shows against its limit.
            total=clock.moves[over.move_number - 1].total,
            overstep_on=over.on,
            cycle=cycle,
            control_move=control,
            decisive=not (restart and clock.restarted_from_move is None),
            article=claim_article(event.mode),
        )
    raise errors.NoOverstep(
        game_id=game.id,
        player=accused.login,
        total=clock.total,
        limit=clock.total + clock.days_left,
    )
