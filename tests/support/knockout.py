"""A knockout cup run through the services, for its event's and its pages' tests."""

from __future__ import annotations

from datetime import date

from sqlalchemy import select

from cc.app.services import Services
from cc.base.kinds import GameStatus
from cc.store.models import Game, KnockoutGame, Player
from tests.support.cases import player
from tests.support.events import OPERATOR, create_event

START = date(2026, 5, 10)


def setup_cup(
    services: Services,
    players: int = 16,
    *,
    system: str = "knockout",
    russian: tuple[str, ...] = (),
    **rules: object,
) -> dict[str, int]:
    ids = {"arb": services.players.add(OPERATOR, login="arb", name="Arbiter", roles=["arbiter"])}
    for i in range(1, players + 1):
        ids[f"p{i}"] = services.players.add(
            OPERATOR, login=f"p{i}", name=f"Player {i}", emails=[f"p{i}@example.org"]
        )
    with services.ctx.db.write() as session:
        for i in range(1, players + 1):
            person = session.get(Player, ids[f"p{i}"])
            assert person is not None
            person.rating = 2500 - 10 * i  # p1 the best
            if f"p{i}" in russian:
                person.lang = "ru"
    create_event(
        services,
        "CUP",
        "Federation Cup",
        START,
        timezone="Europe/Moscow",
        arbiter="arb",
        system=system,
        match_rules=rules,
    )
    # Entered weakest first: the seeds come from the ratings, not the order.
    services.events.add_players(OPERATOR, "CUP", [f"p{i}" for i in range(players, 0, -1)])
    services.events.start(OPERATOR, "CUP")
    return ids


def matches(services: Services) -> dict[str, list[Game]]:
    """Every match's games so far, in order."""
    with services.ctx.db.read() as session:
        found: dict[str, list[Game]] = {}
        for link, game in session.execute(
            select(KnockoutGame, Game)
            .join(Game, Game.id == KnockoutGame.game_id)
            .order_by(KnockoutGame.game_index)
        ).all():
            _ = (game.white.login, game.black.login)
            found.setdefault(link.match, []).append(game)
        return found


def win_by_better_seed(services: Services, ids: dict[str, int], key: str) -> None:
    """The better-rated player wins the match 1.5-0.5: a resignation, an agreed draw."""
    games = matches(services)[key]
    for index, game in enumerate(games):
        if game.status != GameStatus.ONGOING:
            continue
        logins = sorted((game.white.login, game.black.login), key=number)
        better, worse = logins
        if index % 2 == 0:
            services.games.resign(player(ids, worse), game.id)
        else:
            services.games.offer_draw(player(ids, worse), game.id)
            services.games.accept_draw(player(ids, better), game.id)


def number(login: str) -> int:
    return int(login[1:])
