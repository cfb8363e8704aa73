"""What a test reads back from the site's database: a player's notices, a game's row."""

from __future__ import annotations

from sqlalchemy import select

from cc.app.services import Services
from cc.store.models import Game, Notification


def notices(services: Services, player_id: int, *kinds: str) -> list[Notification]:
    """The player's notifications of ``kinds`` (all kinds if none), oldest first."""
    with services.ctx.db.read() as session:
        rows = session.scalars(
            select(Notification)
            .where(Notification.recipient_id == player_id)
            .order_by(Notification.id)
        ).all()
        return [r for r in rows if not kinds or r.kind in kinds]


def game_row(services: Services, game_id: int = 1) -> Game:
    """The game's row, detached from its session."""
    with services.ctx.db.read() as session:
        game = session.get(Game, game_id)
        assert game is not None
        session.expunge(game)
        return game
