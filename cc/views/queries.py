"""Read-side views of players, events and games, shared by every door.

:class:`QueryService` opens a read session per call; what each view holds
and how it is read are in :mod:`cc.views.players`, :mod:`cc.views.events`,
:mod:`cc.views.event_overview`, :mod:`cc.views.my_games`,
:mod:`cc.views.games` and :mod:`cc.views.pgn`.
"""

from __future__ import annotations

from sqlalchemy import or_, select

from cc.base import errors
from cc.kernel.access import Sight, game_sight
from cc.kernel.context import (
    Actor,
    ServiceContext,
    describe,
    find_event,
    find_game,
    find_player,
)
from cc.store.models import Event, Game, Player
from cc.views.event_overview import EventOverview, event_overview
from cc.views.events import (
    EventView,
    PublicGame,
    event_view,
    events_of_official,
    public_event,
    public_events,
)
from cc.views.games import GameSummary, GameView, game_summary, game_view
from cc.views.my_games import MyGameRow, my_games
from cc.views.pgn import game_pgn
from cc.views.players import PlayerView, player_view


class QueryService:
    def __init__(self, ctx: ServiceContext) -> None:
        self.ctx = ctx

    def players(self) -> list[PlayerView]:
        with self.ctx.db.read() as session:
            return [player_view(p) for p in session.scalars(select(Player).order_by(Player.id))]

    def player(self, ref: str | int) -> PlayerView:
        with self.ctx.db.read() as session:
            return player_view(find_player(session, ref))

    def events(self) -> list[EventView]:
        with self.ctx.db.read() as session:
            return [event_view(e) for e in session.scalars(select(Event).order_by(Event.id))]

    def event(self, code: str) -> EventView:
        with self.ctx.db.read() as session:
            return event_view(find_event(session, code))

    def game_for(self, actor: Actor | None, game_id: int) -> GameView:
        """A game as ``actor`` (None: a visitor not signed in) may see it.

        Its players and its event's officials see all of it; anyone else
        what the regulations make public (:func:`cc.kernel.access.game_sight`):
        a finished game whole, a game being played not at all or as it stood
        some moves ago, without its result or draw offers.
        """
        with self.ctx.db.read() as session:
            game = find_game(session, game_id)
            sight = game_sight(session, actor, game)
            return game_view(session, game, sight)

    def own_game(self, actor: Actor, game_id: int) -> GameView:
        """A game ``actor`` plays in (to resign it, to answer a draw offer)."""
        with self.ctx.db.read() as session:
            game = find_game(session, game_id)
            if actor.player_id not in (game.white_id, game.black_id):
                raise errors.NotYourGame(
                    game_id=game.id,
                    white=game.white.login,
                    black=game.black.login,
                    who=describe(session, actor),
                )
            return game_view(session, game, Sight(full=True, plies=game.ply_count))

    def pgn_for(self, actor: Actor | None, game_id: int) -> str:
        """The game in PGN as ``actor`` may see it (see :meth:`game_for`): the
        public's copy of a game being played stops where its view does, with
        the result "*"."""
        with self.ctx.db.read() as session:
            game = find_game(session, game_id)
            sight = game_sight(session, actor, game)
            return game_pgn(game, None if sight.full else sight.plies)

    def public_events(self) -> list[EventView]:
        """The events anyone may look at: all but those still in draft, unless
        they are open for entry."""
        with self.ctx.db.read() as session:
            return public_events(session)

    def public_event(self, code: str) -> tuple[EventView, list[PublicGame]]:
        """An event as anyone may see it, with its games (the result of each
        once it ends); an event in draft is the organisers' only."""
        with self.ctx.db.read() as session:
            return public_event(session, code)

    def events_of_official(self, actor: Actor) -> list[EventView]:
        """The events ``actor`` is arbiter or adjudicator of (all, for admins)."""
        with self.ctx.db.read() as session:
            return events_of_official(session, actor)

    def event_overview(self, actor: Actor, code: str) -> EventOverview:
        """An event's games with their clocks, and its players' leaves."""
        now = self.ctx.now()
        with self.ctx.db.read() as session:
            return event_overview(session, actor, code, now)

    def my_games(self, player_id: int) -> list[MyGameRow]:
        """A player's games: those awaiting their move first, the fewest days
        left first; then the others under way; then the finished ones, the
        latest first."""
        now = self.ctx.now()
        with self.ctx.db.read() as session:
            return my_games(session, player_id, now)

    def games(self, *, event: str | None = None, player: str | None = None) -> list[GameSummary]:
        with self.ctx.db.read() as session:
            query = select(Game).order_by(Game.event_id, Game.section_id, Game.round, Game.board)
            if event is not None:
                query = query.where(Game.event_id == find_event(session, event).id)
            if player is not None:
                pid = find_player(session, player).id
                query = query.where(or_(Game.white_id == pid, Game.black_id == pid))
            return [game_summary(g) for g in session.scalars(query)]

    def game(self, game_id: int) -> GameView:
        with self.ctx.db.read() as session:
            game = find_game(session, game_id)
            return game_view(session, game, Sight(full=True, plies=game.ply_count))

    def pgn(self, game_ids: list[int]) -> str:
        """The games in PGN, the server's own record (spec §6)."""
        with self.ctx.db.read() as session:
            return "\n\n".join(game_pgn(find_game(session, gid)) for gid in game_ids)
