"""The one state a game page shows, and whether its viewer may move now.

A player opening a game wants one answer first: can I move, and if not,
why not. The reasons follow the order the move service refuses in, so the
page never offers a move the service would turn down: the game is over; it
is suspended by a time claim (56.6.3); the event has not begun (or is not
running); the player to move is on leave (56.7.4); they are over the time
limit (a server game is then lost when the next request comes, 54.5.2; in
an email or post game the partner may claim it, §10.4). Whoever sees only
the public's view of a game being played (:mod:`cc.kernel.access`) is told
just that: its state is shown once it ends.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date, timedelta
from enum import StrEnum

from sqlalchemy import select

from cc.base.kinds import EventStatus, GameStatus, LeaveStatus
from cc.base.regulations import Mode
from cc.clock.ledger import LedgerService
from cc.kernel.access import require_view_game
from cc.kernel.context import Actor, ServiceContext, find_game
from cc.store.models import PlayerLeave
from timekeeping import local_date
from timekeeping.ledger import overstep_deadline


class StateKind(StrEnum):
    PLAYING = "playing"
    FINISHED = "finished"
    SUSPENDED = "suspended"
    NOT_STARTED = "not_started"
    ON_LEAVE = "on_leave"
    OVER_LIMIT = "over_limit"
    #: the public's view of a game being played: no state until it ends
    PUBLIC = "public"


@dataclass(frozen=True)
class GameState:
    kind: StateKind
    #: the viewer is a player of the game, it is their turn, and a move
    #: made now would be taken
    can_move: bool
    #: not started: its first day; on leave: the leave's last day; over the
    #: limit: the day of the overstep
    day: date | None = None
    #: suspended: the case
    case_id: int | None = None
    #: on leave or over the limit: the player's name
    who: str | None = None
    #: finished: the result and the reason's code
    result: str | None = None
    reason: str | None = None
    #: the player to move: days used and left in this period, and the last
    #: day they may send their move in it
    days_used: int | None = None
    days_left: int | None = None
    deadline: date | None = None
    #: public: the regulations' delay in moves
    moves_behind: int | None = None


class GameStateService:
    def __init__(self, ctx: ServiceContext) -> None:
        self.ctx = ctx

    def state(self, actor: Actor | None, game_id: int) -> GameState:
        """The game's state as ``actor`` (None: a visitor) may see it."""
        now = self.ctx.now()
        with self.ctx.db.read() as session:
            game = find_game(session, game_id)
            sight = require_view_game(session, actor, game)
            if not sight.full:
                return GameState(StateKind.PUBLIC, False, moves_behind=sight.moves_behind)
            event = game.event
            if game.status != GameStatus.ONGOING:
                reason = game.result_reason.value if game.result_reason else game.status.value
                return GameState(StateKind.FINISHED, False, result=game.result.value, reason=reason)
            to_move = game.white if game.white_to_move else game.black
            mine = actor is not None and actor.player_id == to_move.id
            if game.suspended_by_case_id is not None:
                return GameState(StateKind.SUSPENDED, False, case_id=game.suspended_by_case_id)
            today = local_date(now, event.timezone)
            if event.status != EventStatus.STARTED or today < event.start_date:
                return GameState(StateKind.NOT_STARTED, False, day=event.start_date)
            leave = session.scalar(
                select(PlayerLeave).where(
                    PlayerLeave.player_id == to_move.id,
                    PlayerLeave.status == LeaveStatus.ACTIVE,
                    PlayerLeave.first_day <= today,
                    PlayerLeave.last_day >= today,
                )
            )
            ledger = LedgerService.compute(session, game, now)
            clock = ledger.player(game.white_to_move)
            playing = GameState(
                StateKind.PLAYING,
                mine,
                days_used=clock.total,
                days_left=clock.days_left,
                # The last day before the first day over the limit.
                deadline=(
                    overstep_deadline(clock, ledger.today) - timedelta(days=1)
                    if clock.days_left >= 0
                    else None
                ),
            )
            if leave is not None:
                return replace(
                    playing,
                    kind=StateKind.ON_LEAVE,
                    can_move=False,
                    day=leave.last_day,
                    who=to_move.name,
                )
            if clock.overstep_on is not None and clock.days_left < 0:
                # A server game is lost at the next request (54.5.2); by email
                # or post the player plays on, and the partner may claim.
                return replace(
                    playing,
                    kind=StateKind.OVER_LIMIT,
                    can_move=mine and event.mode != Mode.SERVER,
                    day=clock.overstep_on,
                    who=to_move.name,
                )
            return playing


__all__ = ["GameState", "GameStateService", "StateKind"]
