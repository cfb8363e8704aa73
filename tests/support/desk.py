"""Who plays which side of a game, by login: for the tests at the arbiter's desk."""

from __future__ import annotations

from cc.app.services import Services
from cc.store.models import Game


def sides(services: Services, game_id: int) -> tuple[str, str]:
    with services.ctx.db.read() as s:
        game = s.get(Game, game_id)
        assert game is not None
        return game.white.login, game.black.login
