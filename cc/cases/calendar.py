"""What the daily run does with cases: raises silence, and moves due cases on."""

from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from cc.base.kinds import CaseKind, CaseStatus
from cc.base.regulations import Mode
from cc.cases.filing import Filing
from cc.cases.parties import officials
from cc.cases.records import CaseRecords, add_entry
from cc.cases.rules import DAILY_RUN
from cc.kernel.notifications import Kind
from cc.store.models import Case, Game


class CaseCalendar:
    """The cases' part of the day: a silence to raise, a case whose day has come."""

    def __init__(self, records: CaseRecords, filing: Filing) -> None:
        self.records = records
        self.filing = filing

    def raise_silence(self, session: Session, game: Game, days: int, at: datetime) -> Case:
        """56.5.3 (40 days), 55.5.2 (three months): a case for the arbiter."""
        actor = DAILY_RUN
        silent = game.white if game.white_to_move else game.black
        game.silence_ply = game.ply_count
        article = "55.5.2" if game.event.mode == Mode.POST else "56.5.3"
        case = self.records.new_case(
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
        people = [game.white, game.black, *officials(game.event)]
        self.records.notify(
            session, case, people, Kind.SILENCE, game=game.id, days=days, article=article
        )
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
            withdrawal = self.filing.withdrawal(
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
            add_entry(session, case, actor, at, "not_restored", None, withdrawal=withdrawal.id)
            self.records.notify(
                session,
                case,
                officials(case.event),
                Kind.LOST_EMAIL_EXPIRED,
                player=player.name,
                day=case.filed_on.isoformat(),
                event=case.event.code,
                withdrawal=withdrawal.id,
            )
            return "withdrawn"
        if case.kind == CaseKind.ADJUDICATION and case.status == CaseStatus.OPEN:
            add_entry(session, case, actor, at, "submissions_closed", None)
            self.records.notify(
                session,
                case,
                officials(case.event, case),
                Kind.SUBMISSIONS_CLOSED,
                event=case.event.code,
                game=case.game_id,
            )
            return "ready"
        if case.status == CaseStatus.DECIDED:
            case.status = CaseStatus.FINAL
            add_entry(session, case, actor, at, "final", None)
            return "final"
        return None
