"""What Xfcc reads of a player's games: the games it lists, their open offers,
the partner's last word, the last move, a conditional line set."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import or_, select
from sqlalchemy.orm import Session

from cc.base.kinds import DrawOfferStatus, LineStatus
from cc.store.models import AuditEntry, ConditionalLine, DrawOffer, Game, Move


def games_of(session: Session, player_id: int) -> Sequence[Game]:
    """Every game the player plays, by id."""
    return session.scalars(
        select(Game)
        .where(or_(Game.white_id == player_id, Game.black_id == player_id))
        .order_by(Game.id)
    ).all()


def game(session: Session, game_id: int) -> Game | None:
    """The game with that id, or None."""
    return session.get(Game, game_id)


def open_offer(session: Session, game_id: int) -> DrawOffer | None:
    """The game's open draw offer, if any."""
    return session.scalar(
        select(DrawOffer).where(
            DrawOffer.game_id == game_id, DrawOffer.status == DrawOfferStatus.OPEN
        )
    )


def own_offer_open(session: Session, player_id: int, game_id: int) -> bool:
    """Whether the player's own draw offer in the game is still open."""
    mine = session.scalar(
        select(DrawOffer.id).where(
            DrawOffer.game_id == game_id,
            DrawOffer.status == DrawOfferStatus.OPEN,
            DrawOffer.offered_by_id == player_id,
        )
    )
    return mine is not None


def partners_message(session: Session, game: Game, player_id: int) -> str | None:
    """What the partner wrote since the last move, if anything.

    A message belongs to its move: the one sent with the partner's last
    move, or one sent with an offer after the last move of either side.
    Once a later move is made it is not sent again, so clients do not
    copy it onto later moves of their PGN.
    """
    last = session.scalars(
        select(Move).where(Move.game_id == game.id).order_by(Move.ply.desc()).limit(1)
    ).first()
    query = select(AuditEntry).where(
        AuditEntry.game_id == game.id, AuditEntry.action == "message_sent"
    )
    if last is not None:
        query = query.where(AuditEntry.at > last.recorded_at)
    for entry in session.scalars(query.order_by(AuditEntry.id.desc())):
        if entry.details.get("player_id") != player_id:
            return str(entry.details.get("text", ""))
    if last is not None and last.player_id != player_id and last.message:
        return last.message
    return None


def move_san(session: Session, game_id: int, ply: int) -> str | None:
    """The SAN of the game's move at ``ply``, if it was played."""
    return session.scalar(select(Move.san).where(Move.game_id == game_id, Move.ply == ply))


def has_line(session: Session, player_id: int, game_id: int) -> bool:
    """Whether the player has a conditional line active in the game."""
    return (
        session.scalar(
            select(ConditionalLine.id).where(
                ConditionalLine.game_id == game_id,
                ConditionalLine.player_id == player_id,
                ConditionalLine.status == LineStatus.ACTIVE,
            )
        )
        is not None
    )
