"""What an event does when one of its games ends: the next round or match.

A round robin is paired in full at the start (Art. 31.5), so nothing follows
a result. A Swiss pairs its next round once every game of the round has ended
(Art. 26, 31.7); a knockout pairs the next match as soon as both matches
feeding it are decided. Each system keeps its own module; this one only
dispatches, inside the transaction that finished the game, so the next games
exist exactly when the result does.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy.orm import Session

from cc.base.kinds import EventSystem
from cc.kernel.notifications import Notifications
from cc.store.loads import held
from cc.store.models import Event, Game


def game_finished(
    session: Session, game: Game, when: datetime, notifications: Notifications | None = None
) -> None:
    """Let the game's event pair what the result makes ready, if anything.

    ``notifications`` tells the players of the games it creates.
    """
    event = held(session, Event, game.event_id)
    if event is None:
        return
    # Imported here: the systems' modules build on the game services that
    # call this.
    if event.system in (EventSystem.KNOCKOUT.value, EventSystem.DOUBLE_KNOCKOUT.value):
        from cc.events.systems import knockout

        knockout.follow(session, event, game, when, notifications)
    elif event.system == EventSystem.SWISS.value:
        from cc.events.systems import swiss

        swiss.follow(session, event, game, when, notifications)


def nothing_to_pair(session: Session, event: Event) -> bool:
    """Whether the event's system has no game left to pair, once its games
    are decided: a round robin's are all paired at the start, a Swiss's
    once its last round is, a knockout's once every bracket has its winner.
    The daily run closes an event only then (a Swiss between rounds whose
    next round could not be paired, or a knockout match awaiting a lot,
    still has games to come)."""
    if event.system in (EventSystem.KNOCKOUT.value, EventSystem.DOUBLE_KNOCKOUT.value):
        from cc.events.systems import knockout

        return knockout.complete(session, event)
    if event.system == EventSystem.SWISS.value:
        from cc.events.systems import swiss

        return swiss.complete(session, event)
    return True


__all__ = ["game_finished", "nothing_to_pair"]
