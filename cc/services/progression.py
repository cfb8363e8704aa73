"""What an event does when one of its games ends: the next round or match.

A round robin is paired in full at the start (Art. 31.5), so nothing follows
a result. A Swiss pairs its next round once every game of the round has ended
(Art. 26, 31.7); a knockout pairs the next match as soon as both matches
feeding it are decided. Each system keeps its own module; this one only
dispatches, inside the transaction that finished the game, so the next games
exist exactly when the result does.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from sqlalchemy.orm import Session

from cc.models import Event, EventSystem, Game
from cc.services.notifications import Notifications

#: ``(session, event, game, when)``: called once the game's result is set
Follower = Callable[[Session, Event, Game, datetime], None]

_FOLLOWERS: dict[str, Follower] = {}


def follow(system: EventSystem, follower: Follower) -> None:
    """Register what ``system`` does after a game ends (one per system)."""
    _FOLLOWERS[system.value] = follower


def game_finished(
    session: Session, game: Game, when: datetime, notifications: Notifications | None = None
) -> None:
    """Let the game's event pair what the result makes ready, if anything.

    ``notifications`` tells the players of the games it creates.
    """
    event = session.get(Event, game.event_id)
    if event is None:
        return
    if event.system in (EventSystem.KNOCKOUT.value, EventSystem.DOUBLE_KNOCKOUT.value):
        from cc.services import knockout

        knockout.follow(session, event, game, when, notifications)
        return
    follower = _FOLLOWERS.get(event.system)
    if follower is not None:
        follower(session, event, game, when)
        session.flush()
        # The games just paired start from the event's theme (Art. 26).
        from cc.services.thematic import place_starts

        place_starts(session, None, event, when)


__all__ = ["Follower", "follow", "game_finished"]
