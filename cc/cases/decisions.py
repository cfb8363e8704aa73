"""The arbiter's side of a case: the protest, the decision, the appeal and its decision."""

from __future__ import annotations

from datetime import date, timedelta

from cc.base import errors
from cc.base.kinds import CaseKind, CaseStatus
from cc.base.regulations import Mode
from cc.cases.effects import DecisionEffects
from cc.cases.parties import appeal_arbiters, officials, parties_of, require_decider
from cc.cases.records import CaseRecords, add_entry, find_case
from cc.cases.rules import (
    APPEAL_DAYS,
    PROTEST_DAYS,
    appeal_article,
    check_decision,
    local_day,
)
from cc.cases.views import CaseReader, CaseView
from cc.kernel.context import Actor, ServiceContext, audit, describe
from cc.kernel.notifications import Kind
from cc.store.models import Player
from cc.text.i18n import N_


class Decisions:
    """Hears the accused, decides with reasons, and takes the appeal to its end (34.2)."""

    def __init__(
        self,
        ctx: ServiceContext,
        records: CaseRecords,
        reader: CaseReader,
        effects: DecisionEffects,
    ) -> None:
        self.ctx = ctx
        self.records = records
        self.reader = reader
        self.effects = effects

    def protest(self, actor: Actor, case_id: int, text: str) -> CaseView:
        """56.6.4: the accused answers the claim to the arbiter within 14 days."""
        now = self.ctx.now()
        if not text.strip():
            raise errors.InvalidInput(field="protest", reason=N_("say why you disagree"))
        with self.ctx.db.write() as session:
            case = find_case(session, case_id, lock=True)
            if actor.player_id is None or actor.player_id != case.respondent_id:
                raise errors.NotPermitted(
                    who=describe(session, actor),
                    action=N_("protest in case {case_id}", case_id=case.id),
                )
            if case.status != CaseStatus.OPEN or case.protest is not None:
                raise errors.CaseState(
                    case_id=case.id, status=case.status.value, action=N_("protest")
                )
            today = local_day(case.event, now)
            until = case.filed_on + timedelta(days=PROTEST_DAYS)
            if case.kind == CaseKind.TIME_CLAIM and today > until:
                raise errors.ProtestTooLate(
                    case_id=case.id, until=until.isoformat(), today=today.isoformat()
                )
            case.protest = text
            case.protested_at = now
            add_entry(session, case, actor, now, "protested", text)
            self.records.notify(
                session,
                case,
                officials(case.event),
                Kind.CASE_OPENED,
                event=case.event.code,
                summary=text,
            )
            return self.reader.view(session, case, actor)

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
            case = find_case(session, case_id, lock=True)
            event = case.event
            require_decider(session, actor, case, N_("decide case {case_id}", case_id=case.id))
            if case.status != CaseStatus.OPEN:
                raise errors.CaseState(
                    case_id=case.id, status=case.status.value, action=N_("decided")
                )
            check_decision(case, decision)
            today = local_day(event, now)
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
            case.effects = self.effects.apply(
                session, actor, case, decision, now, today, bar=bar, penalty_days=penalty_days
            )
            self.effects.tell_games_over(session, case, case.effects)
            case.decision = decision
            case.reasons = reasons
            case.decided_by_id = actor.player_id
            case.decided_at = now
            case.decided_on = today
            case.status = CaseStatus.DECIDED
            # The day after the appeal window: the decision becomes final.
            case.due_on = today + timedelta(days=APPEAL_DAYS + 1)
            add_entry(
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
            self.records.notify(
                session,
                case,
                parties_of(session, case),
                Kind.CASE_DECIDED,
                decision=decision,
                reasons=reasons,
                until=appeal_by,
            )
            return self.reader.view(session, case, actor)

    def appeal(self, actor: Actor, case_id: int, text: str) -> CaseView:
        """54.1.4: a party appeals within 14 days of the decision's delivery."""
        now = self.ctx.now()
        if not text.strip():
            raise errors.InvalidInput(field="appeal", reason=N_("say why the decision is wrong"))
        with self.ctx.db.write() as session:
            case = find_case(session, case_id, lock=True)
            parties = parties_of(session, case)
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
            today = local_day(case.event, now)
            until = case.decided_on + timedelta(days=APPEAL_DAYS)
            if today > until:
                raise errors.AppealTooLate(
                    case_id=case.id,
                    decided_on=case.decided_on.isoformat(),
                    until=until.isoformat(),
                    today=today.isoformat(),
                    article=appeal_article(case.event.mode),
                )
            judges = appeal_arbiters(session, case)
            if not judges:
                raise errors.NoAppealArbiter(case_id=case.id, event=case.event.code)
            case.status = CaseStatus.APPEALED
            case.appellant_id = actor.player_id
            case.appeal = text
            case.appealed_at = now
            case.due_on = None
            add_entry(session, case, actor, now, "appealed", text)
            appellant = session.get(Player, actor.player_id)
            assert appellant is not None
            self.records.notify(
                session,
                case,
                [*parties, *judges],
                Kind.CASE_APPEALED,
                decision=case.decision or "",
                skip=appellant.id,
                player=appellant.name,
            )
            return self.reader.view(session, case, actor)

    def decide_appeal(self, actor: Actor, case_id: int, decision: str, reasons: str) -> CaseView:
        """34.2: the appeal arbiter's decision is final and is applied here."""
        now = self.ctx.now()
        if not reasons.strip():
            raise errors.InvalidInput(field="reasons", reason=N_("a decision states its reasons"))
        with self.ctx.db.write() as session:
            case = find_case(session, case_id, lock=True)
            if case.status != CaseStatus.APPEALED:
                raise errors.CaseState(
                    case_id=case.id, status=case.status.value, action=N_("decided on appeal")
                )
            if actor.player_id not in {p.id for p in appeal_arbiters(session, case)}:
                raise errors.NotPermitted(
                    who=describe(session, actor),
                    action=N_("decide the appeal in case {case_id}", case_id=case.id),
                )
            check_decision(case, decision)
            today = local_day(case.event, now)
            verdict = "confirmed" if decision == case.decision else "reversed"
            if verdict == "reversed":
                self.effects.undo(session, actor, case, now)
                case.barred_cycle = None
                case.effects = self.effects.apply(session, actor, case, decision, now, today)
                self.effects.tell_games_over(session, case, case.effects)
            case.appeal_decision = decision
            case.appeal_reasons = reasons
            case.appeal_decided_by_id = actor.player_id
            case.appeal_decided_at = now
            case.status = CaseStatus.FINAL
            add_entry(
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
            self.records.notify(
                session,
                case,
                parties_of(session, case),
                Kind.APPEAL_DECIDED,
                decision=decision,
                verdict=verdict,
                copy_arbiter=True,
                reasons=reasons,
            )
            return self.reader.view(session, case, actor)
