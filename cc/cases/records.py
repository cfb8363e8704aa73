"""A case's rows: finding it, filing it with its frozen evidence, its entries and notices."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from cc.base import errors
from cc.base.json_values import as_json
from cc.base.kinds import CaseKind, CaseStatus
from cc.cases.parties import officials
from cc.cases.rules import local_day
from cc.clock.ledger import LedgerService
from cc.kernel.context import Actor, ServiceContext, audit, describe
from cc.kernel.notifications import Kind, Notice, Value
from cc.store.models import Case, CaseEntry, Event, Game, Player


def find_case(session: Session, case_id: int, *, lock: bool = False) -> Case:
    query = select(Case).where(Case.id == case_id)
    if lock:
        query = query.with_for_update()
    case = session.scalar(query)
    if case is None:
        raise errors.NotFound(kind="case", ref=case_id)
    return case


def add_entry(
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


class CaseRecords:
    """Files new cases (their evidence frozen from the ledgers) and tells people of them."""

    def __init__(self, ctx: ServiceContext, ledgers: LedgerService) -> None:
        self.ctx = ctx
        self.ledgers = ledgers

    def new_case(
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
            filed_on=local_day(event, now),
            statement=statement,
            details=details,
            evidence=evidence,
            effects=[],
        )
        session.add(case)
        session.flush()
        add_entry(session, case, actor, now, "filed", statement, **details)
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

    def notify(
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

    def tell_opened(self, session: Session, case: Case, summary: str, others: list[Player]) -> None:
        people = [*officials(case.event), *others]
        self.notify(session, case, people, Kind.CASE_OPENED, event=case.event.code, summary=summary)
