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

from datetime import date, datetime
from pathlib import Path

from sqlalchemy.orm import Session

from cc.cases.adjudication import Adjudication
from cc.cases.calendar import CaseCalendar
from cc.cases.decisions import Decisions
from cc.cases.effects import DecisionEffects
from cc.cases.filing import Filing
from cc.cases.oversteps import ClaimBasis
from cc.cases.records import CaseRecords
from cc.cases.views import CaseReader, CaseSummary, CaseView
from cc.clock.ledger import LedgerService
from cc.games.moves import GameService
from cc.kernel.context import Actor, ServiceContext
from cc.store.models import Case, Game, Player


class CaseService:
    """The one door to the cases: each call goes to the part of the case it concerns."""

    def __init__(
        self,
        ctx: ServiceContext,
        games: GameService,
        ledgers: LedgerService,
    ) -> None:
        self.ctx = ctx
        self.games = games
        self.ledgers = ledgers
        self.records = CaseRecords(ctx, ledgers)
        self.reader = CaseReader(ctx)
        self.adjudication = Adjudication(ctx, games, self.records, self.reader)
        self.effects = DecisionEffects(ctx, games, self.adjudication)
        self.filing = Filing(ctx, games, self.records, self.reader)
        self.decisions = Decisions(ctx, self.records, self.reader, self.effects)
        self.calendar = CaseCalendar(self.records, self.filing)

    # The adjudication's tables and engine (see Adjudication), set by the site.

    @property
    def tablebases(self) -> list[Path]:
        return self.adjudication.tablebases

    @tablebases.setter
    def tablebases(self, paths: list[Path]) -> None:
        self.adjudication.tablebases = paths

    @property
    def engine_depth(self) -> int:
        return self.adjudication.engine_depth

    @engine_depth.setter
    def engine_depth(self, depth: int) -> None:
        self.adjudication.engine_depth = depth

    @property
    def engine_path(self) -> Path | None:
        return self.adjudication.engine_path

    @engine_path.setter
    def engine_path(self, path: Path | None) -> None:
        self.adjudication.engine_path = path

    # ------------------------------------------------------------- filing

    def claim_basis(self, actor: Actor, game_id: int) -> ClaimBasis | None:
        return self.filing.claim_basis(actor, game_id)

    def file_time_claim(
        self,
        actor: Actor,
        game_id: int,
        statement: str | None = None,
        *,
        as_player: int | None = None,
    ) -> CaseView:
        return self.filing.file_time_claim(actor, game_id, statement, as_player=as_player)

    def file_complaint(self, actor: Actor, game_id: int, statement: str) -> CaseView:
        return self.filing.file_complaint(actor, game_id, statement)

    def open_withdrawal(
        self, actor: Actor, event_code: str, player_ref: str, statement: str | None = None
    ) -> CaseView:
        return self.filing.open_withdrawal(actor, event_code, player_ref, statement)

    def report_lost_email(
        self, actor: Actor, player_ref: str, statement: str | None = None
    ) -> list[CaseView]:
        return self.filing.report_lost_email(actor, player_ref, statement)

    def restore_email(self, actor: Actor, case_id: int, note: str | None = None) -> CaseView:
        return self.filing.restore_email(actor, case_id, note)

    def email_changed(self, session: Session, actor: Actor, player: Player) -> None:
        self.filing.email_changed(session, actor, player)

    # ---------------------------------------------------------- decisions

    def protest(self, actor: Actor, case_id: int, text: str) -> CaseView:
        return self.decisions.protest(actor, case_id, text)

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
        return self.decisions.decide(
            actor, case_id, decision, reasons, bar=bar, penalty_days=penalty_days
        )

    def appeal(self, actor: Actor, case_id: int, text: str) -> CaseView:
        return self.decisions.appeal(actor, case_id, text)

    def decide_appeal(self, actor: Actor, case_id: int, decision: str, reasons: str) -> CaseView:
        return self.decisions.decide_appeal(actor, case_id, decision, reasons)

    # ------------------------------------------------------- adjudication

    def open_adjudication(self, session: Session, game: Game, at: datetime, reason: str) -> Case:
        return self.adjudication.open_adjudication(session, game, at, reason)

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
        return self.adjudication.submit(
            actor, game_id, claim, reasoning, analysis=analysis, move=move
        )

    def analyse(self, actor: Actor, case_id: int) -> CaseView:
        return self.adjudication.analyse(actor, case_id)

    # ------------------------------------------------------ the daily run

    def raise_silence(self, session: Session, game: Game, days: int, at: datetime) -> Case:
        return self.calendar.raise_silence(session, game, days, at)

    def due_cases(self, session: Session, day: date, last_id: int, limit: int) -> list[Case]:
        return self.calendar.due_cases(session, day, last_id, limit)

    def handle_due(self, session: Session, case: Case, day: date, at: datetime) -> str | None:
        return self.calendar.handle_due(session, case, day, at)

    # -------------------------------------------------------------- reads

    def cases(self, actor: Actor) -> list[CaseSummary]:
        return self.reader.cases(actor)

    def case_to_answer(self, game_id: int, player_id: int, action: str) -> int | None:
        return self.reader.case_to_answer(game_id, player_id, action)

    def suspending_case(self, game_id: int) -> int | None:
        return self.reader.suspending_case(game_id)

    def case(self, actor: Actor, case_id: int) -> CaseView:
        return self.reader.case(actor, case_id)
