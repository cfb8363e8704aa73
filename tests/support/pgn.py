"""An event's games by round and board, and moves played in turn in one of them."""

from __future__ import annotations

from sqlalchemy import select

from cc.app.services import Services
from cc.store.models import Game
from tests.support.cases import player


def games(services: Services, code: str) -> dict[tuple[int, int], int]:
    with services.ctx.db.read() as session:
        return {
            (g.round, g.board): g.id
            for g in session.scalars(select(Game).order_by(Game.id))
            if g.event.code == code
        }


def play(services: Services, ids: dict[str, int], game_id: int, *moves: str) -> None:
    for move in moves:
        view = services.queries.game(game_id)
        mover = view.white if len(view.moves) % 2 == 0 else view.black
        services.games.submit_move(player(ids, mover), game_id, move)
