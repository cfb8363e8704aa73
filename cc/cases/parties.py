"""Who a case concerns: its parties, its officials, who may decide, hear or see it."""

from __future__ import annotations

from sqlalchemy import or_, select
from sqlalchemy.orm import Session

from cc.base import errors
from cc.base.kinds import CaseKind, GameStatus
from cc.kernel.access import is_arbiter_of, is_official_of
from cc.kernel.context import Actor, describe
from cc.store.models import Case, Event, EventAppealArbiter, Game, Player, Section, SectionEntry
from cc.text.i18n import N_

_UNFINISHED = (GameStatus.ONGOING, GameStatus.ADJUDICATION)


def parties_of(session: Session, case: Case) -> list[Player]:
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


def appeal_arbiters(session: Session, case: Case) -> list[Player]:
    """34.2: the event's appeal arbiters, less the deciding arbiter and the parties."""
    excluded = {p.id for p in parties_of(session, case)}
    excluded.update(x for x in (case.decided_by_id, case.event.arbiter_id) if x is not None)
    rows = session.scalars(
        select(EventAppealArbiter)
        .where(EventAppealArbiter.event_id == case.event_id)
        .order_by(EventAppealArbiter.player_id)
    )
    return [row.player for row in rows if row.player_id not in excluded]


def may_decide(session: Session, actor: Actor, case: Case) -> bool:
    """The event's arbiter (an admin, the operator); for an adjudication,
    its adjudicating arbiter too (56.9.6)."""
    adjudicator = case.event.adjudicator_id
    adjudicating = case.kind == CaseKind.ADJUDICATION and adjudicator is not None
    if adjudicating and actor.player_id == adjudicator:
        return True
    return is_arbiter_of(session, actor, case.event)


def require_decider(session: Session, actor: Actor, case: Case, action: str) -> None:
    if not may_decide(session, actor, case):
        raise errors.NotPermitted(who=describe(session, actor), action=action)


def officials(event: Event, case: Case | None = None) -> list[Player]:
    people = [event.arbiter] if event.arbiter is not None else []
    adjudicator = event.adjudicator
    adjudicating = case is not None and case.kind == CaseKind.ADJUDICATION
    if adjudicating and adjudicator is not None and adjudicator not in people:
        people.append(adjudicator)
    return people


def may_see(session: Session, actor: Actor, case: Case) -> bool:
    if is_official_of(session, actor, case.event):
        return True
    if actor.player_id in {p.id for p in parties_of(session, case)}:
        return True
    return actor.player_id in {p.id for p in appeal_arbiters(session, case)} or any(
        a.player_id == actor.player_id for a in case.event.appeal_arbiters
    )


def unfinished_games(session: Session, event: Event, player: Player) -> list[Game]:
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


def require_entered(session: Session, event: Event, player: Player) -> None:
    entered = session.scalar(
        select(SectionEntry.id)
        .join(Section, Section.id == SectionEntry.section_id)
        .where(Section.event_id == event.id, SectionEntry.player_id == player.id)
    )
    if entered is None:
        raise errors.NotFound(
            kind="player", ref=N_("{login} in {code}", login=player.login, code=event.code)
        )
