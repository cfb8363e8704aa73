"""The read side of the cases: what a user sees of a case and what they may do in it."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from typing import Any

from sqlalchemy import or_, select
from sqlalchemy.orm import Session

from cc.base import errors
from cc.base.kinds import CaseKind, CaseStatus
from cc.cases.parties import appeal_arbiters, may_decide, may_see, parties_of
from cc.cases.records import find_case
from cc.cases.rules import APPEAL_DAYS, DECISIONS, PROTEST_DAYS, local_day
from cc.kernel.access import is_official_of
from cc.kernel.context import Actor, ServiceContext, describe, find_game
from cc.store.models import Case, Event, Game, Player
from cc.text.i18n import N_


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
    #: for the arbiter of a time claim still in its protest period (56.6.4):
    #: the first day the decision is open, unless the protest comes sooner
    decide_from: date | None = None


def summary(case: Case) -> CaseSummary:
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


class CaseReader:
    """The cases a user may see, each as they see it."""

    def __init__(self, ctx: ServiceContext) -> None:
        self.ctx = ctx

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
                        p.id for p in appeal_arbiters(session, case)
                    }:
                        found[case.id] = case
            return [summary(c) for _, c in sorted(found.items(), reverse=True)]

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
                    p.id for p in parties_of(session, case)
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
            case = find_case(session, case_id)
            if not may_see(session, actor, case):
                raise errors.NotPermitted(
                    who=describe(session, actor), action=N_("see case {case_id}", case_id=case.id)
                )
            return self.view(session, case, actor)

    def view(self, session: Session, case: Case, actor: Actor) -> CaseView:
        session.flush()
        session.refresh(case)
        event = case.event
        today = local_day(event, self.ctx.now())
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
        decide_from: date | None = None
        me = actor.player_id
        official = may_decide(session, actor, case)
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
                waiting = (
                    case.kind == CaseKind.TIME_CLAIM
                    and case.protest is None
                    and protest_until is not None
                    and today <= protest_until
                )
                if waiting and protest_until is not None:
                    decide_from = protest_until + timedelta(days=1)
                else:
                    actions.append("decide")
        in_time = appeal_until is not None and today <= appeal_until
        if (
            case.status == CaseStatus.DECIDED
            and in_time
            and me in {p.id for p in parties_of(session, case)}
        ):
            actions.append("appeal")
        if case.status == CaseStatus.APPEALED and me in {
            p.id for p in appeal_arbiters(session, case)
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
            decide_from=decide_from,
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
