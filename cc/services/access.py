"""Who may see what: a player their own games, an arbiter their events' games.

Every door asks here before showing a game; acting in a game is checked by
the move service itself.
"""

from __future__ import annotations

from sqlalchemy.orm import Session

from cc import errors
from cc.i18n import N_
from cc.models import Event, Game, Role
from cc.services.context import Actor, describe, has_role


def is_official_of(session: Session, actor: Actor, event: Event) -> bool:
    """The operator, an admin, or the event's own arbiter or adjudicator."""
    if actor.is_operator:
        return True
    assert actor.player_id is not None
    if actor.player_id in (event.arbiter_id, event.adjudicator_id):
        return True
    return has_role(session, actor.player_id, Role.ADMIN)


def is_arbiter_of(session: Session, actor: Actor, event: Event) -> bool:
    """The operator, an admin, or this event's own arbiter: who decides in it."""
    if actor.is_operator or actor.player_id == event.arbiter_id:
        return True
    return actor.player_id is not None and has_role(session, actor.player_id, Role.ADMIN)


def require_official(session: Session, actor: Actor, event: Event, action: str) -> None:
    """The operator, an admin, or this event's own arbiter may ``action``."""
    if not is_arbiter_of(session, actor, event):
        raise errors.NotPermitted(who=describe(session, actor), action=action)


def can_view_game(session: Session, actor: Actor, game: Game) -> bool:
    if actor.player_id in (game.white_id, game.black_id):
        return True
    return is_official_of(session, actor, game.event)


def require_view_game(session: Session, actor: Actor, game: Game) -> None:
    if not can_view_game(session, actor, game):
        raise errors.NotPermitted(
            who=describe(session, actor), action=N_("see game {game_id}", game_id=game.id)
        )
