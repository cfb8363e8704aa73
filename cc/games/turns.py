"""Whose turn it is and who acts: the checks a move, a conditional line and
an offer or resignation share, before anything is stored.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime

import chess
from sqlalchemy import select
from sqlalchemy.orm import Session

from cc.base import errors
from cc.base.kinds import DrawOfferStatus, EventStatus, GameStatus, LeaveStatus
from cc.base.regulations import Mode
from cc.games.forfeits import Forfeits
from cc.kernel.access import require_official
from cc.kernel.context import Actor, ServiceContext, find_game
from cc.store.models import DrawOffer, Event, Game, Player, PlayerLeave
from cc.text.i18n import N_
from notation import start
from timekeeping import local_date


def ply_of(move_number: int, color: chess.Color, before: int = 0) -> int:
    """The game's ply of full move ``move_number`` for ``color``; ``before``
    is :attr:`Game.plies_before`, the half-moves a thematic start stands for
    (Art. 26), so a game started at Black's move 12 has that move as ply 1.

    >>> ply_of(1, chess.WHITE), ply_of(1, chess.BLACK), ply_of(10, chess.BLACK)
    (1, 2, 20)
    >>> ply_of(12, chess.BLACK, 23), ply_of(13, chess.WHITE, 23)
    (1, 2)
    """
    return start.ply_at(move_number, color, before)


def move_number_of(ply: int, before: int = 0) -> int:
    """The full-move number of the game's ``ply``, counted from its start
    position (``before``: :attr:`Game.plies_before`).

    >>> move_number_of(1), move_number_of(2), move_number_of(3)
    (1, 1, 2)
    >>> move_number_of(1, 23), move_number_of(2, 23)
    (12, 13)
    """
    return start.move_number(ply, before)


def color_name(color: chess.Color) -> str:
    return "white" if color == chess.WHITE else "black"


def to_move(game: Game) -> chess.Color:
    return chess.WHITE if game.white_to_move else chess.BLACK


def not_your_turn(game: Game, player: Player) -> errors.NotYourTurn:
    mover = game.white if game.white_to_move else game.black
    return errors.NotYourTurn(
        game_id=game.id,
        to_move=mover.login,
        move_number=move_number_of(game.ply_count + 1, game.plies_before),
        who=player.login,
    )


def acting_player(
    session: Session,
    actor: Actor,
    game: Game,
    as_player: int | None,
    action: str,
) -> Player:
    """The player in whose name the request acts; checks the actor may."""
    player_id = as_player if as_player is not None else actor.player_id
    if player_id is None:
        raise errors.InvalidInput(field="player", reason=N_("say which player acts"))
    player = session.get(Player, player_id)
    if player is None:
        raise errors.NotFound(kind="player", ref=player_id)
    if player_id not in (game.white_id, game.black_id):
        raise errors.NotYourGame(
            game_id=game.id, white=game.white.login, black=game.black.login, who=player.login
        )
    if actor.player_id != player_id:
        require_official(session, actor, game.event, action)
    return player


def require_playable(game: Game, event: Event, now: datetime) -> None:
    if game.status != GameStatus.ONGOING:
        raise errors.GameOver(
            game_id=game.id,
            result=game.result.value,
            reason=game.result_reason.value if game.result_reason else game.status.value,
        )
    if game.suspended_by_case_id is not None:
        raise errors.GameSuspended(game_id=game.id, case_id=game.suspended_by_case_id)
    if event.status != EventStatus.STARTED:
        raise errors.EventNotRunning(event=event.code, status=event.status.value)
    if local_date(now, event.timezone) < event.start_date:
        # No time before the official start counts (54.4.4, 55.4.5, 56.4.5).
        article = {Mode.SERVER: "54.4.4", Mode.POST: "55.4.5"}.get(Mode(event.mode), "56.4.5")
        raise errors.EventNotStarted(
            event=event.code, start_date=event.start_date.isoformat(), article=article
        )


def refuse_if_lost(
    forfeits: Forfeits, session: Session, game: Game, when: datetime, now: datetime
) -> None:
    """54.5.2: a request sent once the player to move is over the limit
    finds the game lost: the loss is recorded (dated on the overstep) and
    the request refused, in one transaction."""
    day = local_date(when, game.event.timezone)
    forfeit = forfeits.settle(session, game, day, now)
    if forfeit is not None:
        loser = game.white if forfeit.loser_id == game.white_id else game.black
        raise errors.LostOnTime(
            game_id=game.id,
            player=loser.login,
            day=forfeit.on.isoformat(),
            total=forfeit.total,
            limit=forfeit.limit,
        )


def require_not_on_leave(session: Session, game: Game, player: Player, now: datetime) -> None:
    """56.7.4: during a leave the player's clocks stand, so no move of theirs
    is made, by any door and whoever enters it, until they end it (56.7.3).
    ``now`` is when the move was made: one an arbiter dates before the leave
    began is recorded."""
    today = local_date(now, game.event.timezone)
    leave = session.scalar(
        select(PlayerLeave).where(
            PlayerLeave.player_id == player.id,
            PlayerLeave.status == LeaveStatus.ACTIVE,
            PlayerLeave.first_day <= today,
            PlayerLeave.last_day >= today,
        )
    )
    if leave is not None:
        raise errors.OnLeave(
            player=player.login,
            first=leave.first_day.isoformat(),
            last=leave.last_day.isoformat(),
        )


def open_offer(session: Session, game: Game) -> DrawOffer | None:
    return session.scalar(
        select(DrawOffer).where(
            DrawOffer.game_id == game.id, DrawOffer.status == DrawOfferStatus.OPEN
        )
    )


@contextmanager
def playing(
    ctx: ServiceContext,
    forfeits: Forfeits,
    actor: Actor,
    game_id: int,
    as_player: int | None,
    action: str,
) -> Iterator[tuple[Session, Game, Player, datetime]]:
    """One locked transaction on a playable game, in a player's name."""
    now = ctx.now()
    with ctx.db.write() as session:
        game = find_game(session, game_id, lock=True)
        player = acting_player(session, actor, game, as_player, action)
        require_playable(game, game.event, now)
        refuse_if_lost(forfeits, session, game, now, now)
        yield session, game, player, now


__all__ = [
    "acting_player",
    "color_name",
    "move_number_of",
    "not_your_turn",
    "open_offer",
    "playing",
    "ply_of",
    "refuse_if_lost",
    "require_not_on_leave",
    "require_playable",
    "to_move",
]
