"""The audit log, read: who did what, when, and through which door.

Every change is appended to ``audit_log`` in its own transaction (see
:func:`cc.kernel.context.audit`); this reads it back for the people who
answer for an event: its arbiter and adjudicator see the log of its games,
cases and the event itself, an admin (the federation's office) sees
everything, including a person's own history. Players do not read the log:
it holds their partners' conditional lines before they are played (54.3.3).

Entries come newest first, a page at a time (``before`` an entry's id).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Select, or_, select
from sqlalchemy.orm import Session

from cc.base import errors
from cc.kernel.access import is_official_of
from cc.kernel.context import (
    Actor,
    ServiceContext,
    describe,
    find_event,
    find_game,
    find_player,
    require_admin,
)
from cc.store.models import AuditEntry, Case, Player
from cc.text.i18n import N_, Text

#: entries a page shows
PAGE = 100

#: details that may be shown beside an entry; the rest stay in the log
#: (conditional lines above all: they are secret until played, 54.3.3)
SHOWN = (
    "san",
    "move",
    "ply",
    "days",
    "reason",
    "decision",
    "kind",
    "case_id",
    "first_day",
    "last_day",
    "result",
    "text",
    "login",
    "players",
    "received",
    "address",
)


@dataclass(frozen=True)
class AuditRow:
    id: int
    at: datetime
    #: the person's name, or what acted when no person did ("daily run", ...)
    who: str
    door: str
    action: str
    event_id: int | None
    game_id: int | None
    case_id: int | None
    details: dict[str, Any]
    note: str | None


@dataclass(frozen=True)
class AuditPage:
    """One page of a log: its subject, the rows, and where the next page starts."""

    subject: str
    ref: str
    rows: list[AuditRow]
    #: the id to ask ``before`` for the next (older) page; None on the last
    older: int | None


class AuditLog:
    def __init__(self, ctx: ServiceContext) -> None:
        self.ctx = ctx

    def of_game(self, actor: Actor, game_id: int, before: int | None = None) -> AuditPage:
        with self.ctx.db.read() as session:
            game = find_game(session, game_id)
            self._require(
                session,
                actor,
                is_official_of(session, actor, game.event),
                N_("read the audit log of game {id}", id=game.id),
            )
            query = select(AuditEntry).where(AuditEntry.game_id == game.id)
            return self._page(session, "game", str(game.id), query, before)

    def of_event(self, actor: Actor, code: str, before: int | None = None) -> AuditPage:
        with self.ctx.db.read() as session:
            event = find_event(session, code)
            self._require(
                session,
                actor,
                is_official_of(session, actor, event),
                N_("read the audit log of event {code}", code=event.code),
            )
            query = select(AuditEntry).where(AuditEntry.event_id == event.id)
            return self._page(session, "event", event.code, query, before)

    def of_case(self, actor: Actor, case_id: int, before: int | None = None) -> AuditPage:
        with self.ctx.db.read() as session:
            case = session.get(Case, case_id)
            if case is None:
                raise errors.NotFound(kind="case", ref=case_id)
            self._require(
                session,
                actor,
                is_official_of(session, actor, case.event),
                N_("read the audit log of case {id}", id=case.id),
            )
            query = select(AuditEntry).where(
                AuditEntry.event_id == case.event_id,
                AuditEntry.details["case_id"].as_integer() == case.id,
            )
            return self._page(session, "case", str(case.id), query, before)

    def of_player(self, actor: Actor, ref: str | int, before: int | None = None) -> AuditPage:
        """What a person did, and what was done to them (an admin's view)."""
        with self.ctx.db.read() as session:
            require_admin(session, actor, N_("read a person's audit log"))
            player = find_player(session, ref)
            query = select(AuditEntry).where(
                or_(
                    AuditEntry.actor_id == player.id,
                    AuditEntry.details["player_id"].as_integer() == player.id,
                )
            )
            return self._page(session, "player", player.login, query, before)

    @staticmethod
    def _require(session: Session, actor: Actor, allowed: bool, action: Text) -> None:
        if not allowed:
            raise errors.NotPermitted(who=describe(session, actor), action=action)

    @staticmethod
    def _page(
        session: Session,
        subject: str,
        ref: str,
        query: Select[AuditEntry],
        before: int | None,
    ) -> AuditPage:
        if before is not None:
            query = query.where(AuditEntry.id < before)
        entries = session.scalars(query.order_by(AuditEntry.id.desc()).limit(PAGE + 1)).all()
        names = {
            p.id: p.name
            for p in session.scalars(
                select(Player).where(Player.id.in_({e.actor_id for e in entries if e.actor_id}))
            )
        }
        rows = [
            AuditRow(
                id=e.id,
                at=e.at,
                who=names.get(e.actor_id or 0, e.actor_label),
                door=e.door.value,
                action=e.action,
                event_id=e.event_id,
                game_id=e.game_id,
                case_id=_int(e.details.get("case_id")),
                details={k: e.details[k] for k in SHOWN if k in e.details},
                note=e.note,
            )
            for e in entries[:PAGE]
        ]
        older = rows[-1].id if len(entries) > PAGE else None
        return AuditPage(subject=subject, ref=ref, rows=rows, older=older)


def _int(value: object) -> int | None:
    return value if isinstance(value, int) else None
