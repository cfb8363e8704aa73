"""Who is asking, through which door, and the shared lookups of the services."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import BindParameter, Select, select
from sqlalchemy.orm import Session, joinedload

from cc.base import errors
from cc.base.clock import Clock
from cc.base.kinds import Door, Role
from cc.kernel.notifications import Notifications
from cc.store import rows
from cc.store.db import Database
from cc.store.models import AuditEntry, Event, Game, Player, PlayerRole
from cc.text.i18n import N_


@dataclass(frozen=True)
class Actor:
    """The caller of a service.

    ``player_id`` is None for the server's operator at the console (the admin
    CLI), who may do anything; everyone else acts as a registered player with
    the rights of their roles.
    """

    player_id: int | None
    door: Door
    label: str = ""
    #: a door the server runs itself (the email gateway), trusted to date a
    #: player's move by its arrival (§10.3); it still acts only as that player
    trusted: bool = False

    @classmethod
    def operator(cls, door: Door = Door.CLI, label: str = "operator") -> Actor:
        return cls(player_id=None, door=door, label=label)

    @classmethod
    def player(cls, player_id: int, door: Door) -> Actor:
        return cls(player_id=player_id, door=door, label=f"player:{player_id}")

    @property
    def is_operator(self) -> bool:
        return self.player_id is None


@dataclass
class ServiceContext:
    db: Database
    clock: Clock
    #: where the services record what people should hear of; the doors
    #: subscribe to it (:mod:`cc.kernel.notifications`)
    notifications: Notifications = field(default_factory=Notifications)

    def __post_init__(self) -> None:
        self.notifications.clock = self.clock

    def now(self) -> datetime:
        return self.clock.now()


def find_player(session: Session, ref: str | int) -> Player:
    """A player by id or login (a login that is all digits is tried as one too)."""
    text = str(ref).strip()
    player = session.scalar(select(Player).where(Player.login == text))
    if player is None and text.isascii() and text.isdigit():
        player = session.get(Player, int(text))
    if player is None:
        raise errors.NotFound(kind="player", ref=text)
    return player


def find_event(session: Session, code: str, *, lock: bool = False) -> Event:
    query = select(Event).where(Event.code == code)
    if lock:
        query = query.with_for_update()
    event = session.scalar(query)
    if event is None:
        raise errors.NotFound(kind="event", ref=code)
    return event


def game_query(game_id: int | BindParameter[int], *, lock: bool = False) -> Select[Game]:
    """The statement :func:`find_game` runs."""
    query = select(Game).where(Game.id == game_id)
    if lock:
        # PostgreSQL: one writer per game at a time; SQLite writers already
        # hold the database lock (BEGIN IMMEDIATE). A change to a game
        # nearly always reads its event and players: one statement for all.
        query = query.options(
            joinedload(Game.event, innerjoin=True),
            joinedload(Game.white, innerjoin=True),
            joinedload(Game.black, innerjoin=True),
        ).with_for_update(of=Game)
    return query


def find_game(session: Session, game_id: int, *, lock: bool = False) -> Game:
    # Unlocked, a game the transaction already holds is not read again (an
    # email's answers ask for the game they answer about after the move).
    game = (
        session.get(Game, game_id) if not lock else session.scalar(game_query(game_id, lock=lock))
    )
    if game is None:
        raise errors.NotFound(kind="game", ref=game_id)
    return game


def has_role(session: Session, player_id: int, *roles: Role) -> bool:
    found = session.scalar(
        select(PlayerRole.role).where(PlayerRole.player_id == player_id, PlayerRole.role.in_(roles))
    )
    return found is not None


def is_admin(session: Session, actor: Actor) -> bool:
    return actor.is_operator or has_role(session, actor.player_id or 0, Role.ADMIN)


def require_admin(session: Session, actor: Actor, action: str) -> None:
    if not is_admin(session, actor):
        raise errors.NotPermitted(who=describe(session, actor), action=action)


def describe(session: Session, actor: Actor) -> str:
    if actor.player_id is None:
        return actor.label or "operator"
    player = session.get(Player, actor.player_id)
    return player.login if player else N_("player {id}", id=actor.player_id)


def audit(
    session: Session,
    actor: Actor,
    at: datetime,
    action: str,
    *,
    event_id: int | None = None,
    game_id: int | None = None,
    note: str | None = None,
    **details: Any,
) -> None:
    """Append one entry to the audit log, in the caller's transaction."""
    rows.add(
        session,
        AuditEntry,
        {
            "at": at,
            "actor_id": actor.player_id,
            "actor_label": actor.label or describe(session, actor),
            "door": actor.door,
            "action": action,
            "event_id": event_id,
            "game_id": game_id,
            "details": details,
            "note": note,
        },
    )
