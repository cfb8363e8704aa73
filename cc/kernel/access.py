"""Who may see what: a game's players and its event's officials all of it,
everyone else what the event's regulations make public.

Every door asks here before showing a game; acting in a game is checked by
the move service itself.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy.orm import Session

from cc.base import errors
from cc.base.kinds import GameStatus, Role
from cc.kernel.context import Actor, describe, has_role
from cc.store.models import Event, Game


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


@dataclass(frozen=True)
class Sight:
    """How much of a game its viewer sees."""

    #: everything: the record, the state, the clocks and the schedule
    full: bool
    #: the plies of the record shown (all of them when ``full``)
    plies: int
    #: the public's view of a game still being played: the regulations'
    #: delay in moves (None when the view is not the public's)
    moves_behind: int | None = None


def sees_everything(session: Session, actor: Actor | None, game: Game) -> bool:
    """The game's players, and the officials of its event: its arbiter and
    adjudicator, its appeal arbiters (Art. 34), the organisers (admins, the
    operator). ``actor`` None is a visitor who has not signed in."""
    if actor is None:
        return False
    if actor.player_id in (game.white_id, game.black_id):
        return True
    if is_official_of(session, actor, game.event):
        return True
    return any(a.player_id == actor.player_id for a in game.event.appeal_arbiters)


def ended(game: Game) -> bool:
    """Over, its result known: from then on the game is public. A game
    awaiting adjudication (56.9) is not yet."""
    return game.status in (GameStatus.FINISHED, GameStatus.ANNULLED)


def game_sight(session: Session, actor: Actor | None, game: Game) -> Sight:
    """What ``actor`` sees of ``game``; :class:`errors.GameNotPublic` when
    nothing yet.

    The public's view is a setting of the event's regulations
    (``public_moves_behind``): by default a game is shown once it ends; with
    a delay of N moves, as it stood N moves (2N plies) ago while it is
    played, its result and state shown when it ends.
    """
    if sees_everything(session, actor, game) or ended(game):
        return Sight(full=True, plies=game.ply_count)
    behind = game.event.public_moves_behind
    if behind is None:
        raise errors.GameNotPublic(game_id=game.id, event=game.event.code)
    return Sight(full=False, plies=max(0, game.ply_count - 2 * behind), moves_behind=behind)


def can_view_game(session: Session, actor: Actor | None, game: Game) -> bool:
    """Whether ``actor`` sees anything of ``game`` (perhaps a delayed record)."""
    try:
        game_sight(session, actor, game)
    except errors.GameNotPublic:
        return False
    return True


def require_view_game(session: Session, actor: Actor | None, game: Game) -> Sight:
    """What ``actor`` sees of ``game``, refused when nothing (see :func:`game_sight`)."""
    return game_sight(session, actor, game)


def require_full_view(session: Session, actor: Actor | None, game: Game) -> None:
    """The clocks and the schedule: shown to whoever sees everything of the
    game, and to the public once it ends."""
    sight = game_sight(session, actor, game)
    if not sight.full:
        raise errors.GameNotPublic(game_id=game.id, event=game.event.code)


__all__ = [
    "Sight",
    "can_view_game",
    "ended",
    "game_sight",
    "is_arbiter_of",
    "is_official_of",
    "require_full_view",
    "require_official",
    "require_view_game",
    "sees_everything",
]
