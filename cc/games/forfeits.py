"""Server games lost on time (54.5.2), decided by the record alone.

On the server the overstep decides the game on the day it happens, whatever
arrives after it. The daily run finds it on that day, or when an arbiter
catches up a missed day; a move, offer or resignation that comes later finds
it first, and is refused with the loss recorded in the same transaction.
Either way the loss is dated on the day of the overstep, and its evidence
counts the running move up to that day (limit + 1 on a calendar day), never
up to the day the server happened to notice.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime

from sqlalchemy.orm import Session

from cc.base.kinds import Door, GameResult, GameStatus, ResultReason
from cc.base.regulations import Mode
from cc.clock.ledger import LedgerService
from cc.kernel.context import Actor, audit
from cc.kernel.notifications import Kind, Notice, Notifications
from cc.store.models import Game
from timekeeping import end_of_day

#: who records a loss found while answering a late request
SERVER_CLOCK = Actor.operator(Door.SYSTEM, label="server clock")


@dataclass(frozen=True)
class Forfeit:
    """A loss on time: who, on which day, and the evidence counted to it."""

    game_id: int
    loser_id: int
    on: date
    total: int
    limit: int
    result: GameResult


Finish = Callable[[Session, Actor, Game, GameResult, ResultReason, datetime], None]


class Forfeits:
    def __init__(self, finish: Finish, notifications: Notifications) -> None:
        self._finish = finish
        self.notifications = notifications

    def settle(
        self, session: Session, game: Game, day: date, now: datetime, actor: Actor = SERVER_CLOCK
    ) -> Forfeit | None:
        """Record the loss of a server game whose player to move is over the
        limit on or before ``day``; None when nobody is.

        The game's next deadline is never later than the overstep (leave can
        only postpone it), so a game whose deadline is after ``day`` costs no
        ledger at all.
        """
        event = game.event
        if (
            event.mode != Mode.SERVER
            or game.status != GameStatus.ONGOING
            or game.next_deadline is None
            or game.next_deadline > day
        ):
            return None
        white = game.white_to_move
        zone = event.timezone
        clock = LedgerService.current(session, game, end_of_day(day, zone, now)).player(white)
        on = clock.overstep_on
        if on is None or on > day:
            return None
        at = end_of_day(on, zone, now)
        evidence = clock if on == day else LedgerService.current(session, game, at).player(white)
        loser = game.white if white else game.black
        forfeit = Forfeit(
            game_id=game.id,
            loser_id=loser.id,
            on=on,
            total=evidence.total,
            limit=evidence.total + evidence.days_left,
            result=GameResult.BLACK_WINS if white else GameResult.WHITE_WINS,
        )
        audit(
            session,
            actor,
            now,
            "time_forfeit",
            event_id=event.id,
            game_id=game.id,
            player_id=loser.id,
            overstep_on=on.isoformat(),
            total=forfeit.total,
            limit=forfeit.limit,
        )
        self._finish(session, actor, game, forfeit.result, ResultReason.TIME_FORFEIT, at)
        # Both players hear of it; the loser's copy goes to the arbiter too.
        for player_id in (game.white_id, game.black_id):
            self.notifications.notify(
                session,
                Notice(
                    recipient_id=player_id,
                    kind=Kind.FORFEIT,
                    game_id=game.id,
                    event_id=event.id,
                    params={
                        "player": loser.name,
                        "day": on.isoformat(),
                        "total": forfeit.total,
                        "limit": forfeit.limit,
                        "result": forfeit.result.value,
                    },
                    copy_arbiter=player_id == loser.id,
                ),
            )
        return forfeit
