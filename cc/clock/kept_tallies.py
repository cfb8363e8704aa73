"""When a game's kept tallies no longer hold: the flush listener that forgets them.

The store runs it before each flush of the site's sessions
(:meth:`cc.store.db.Database.listen_before_flush`); the services facade
hands it over (:class:`cc.app.services.Services`), the store knowing nothing
of the clock.
"""

from __future__ import annotations

from sqlalchemy import inspect, or_, update
from sqlalchemy.orm import Session, UOWTransaction

from cc.clock.known_leaves import forget_leaves
from cc.store.models import Case, Game, Move, PlayerLeave, TimeCharge

#: the columns whose change alters a past move's cost
_MOVE_DATES = ("received_at", "received_on", "sent_at", "sent_on", "ply", "game_id")
_LEAVE_DAYS = ("first_day", "last_day", "status", "player_id")
_DECISION = ("status", "decision", "appeal_decision", "details", "respondent_id", "kind")


def _changed(obj: object, names: tuple[str, ...]) -> bool:
    state = inspect(obj)
    return any(state.attrs[name].history.has_changes() for name in names)


def forget_stale_tallies(session: Session, _context: UOWTransaction, _instances: object) -> None:
    """Kept tallies no longer hold when a past input of the ledger changes:
    a charge laid, changed or taken back, a leave granted (late or not),
    changed or withdrawn (56.7.7), a move's dates corrected (55.2.2, 56.2.3),
    a time claim decided or reversed (55.6.4). Those are rare; the next
    :meth:`cc.clock.ledger.LedgerService.current` counts the game again.
    New moves are carried forward by
    :meth:`cc.clock.ledger.LedgerService.carry` instead."""
    games: set[int] = set()
    players: set[int] = set()
    for obj in session.new:
        if isinstance(obj, TimeCharge):
            games.add(obj.game_id)
        elif isinstance(obj, PlayerLeave):
            players.add(obj.player_id)
        elif isinstance(obj, Case) and obj.game_id is not None:
            games.add(obj.game_id)
    for obj in session.dirty:
        if isinstance(obj, TimeCharge) or (isinstance(obj, Move) and _changed(obj, _MOVE_DATES)):
            games.add(obj.game_id)
        elif isinstance(obj, PlayerLeave) and _changed(obj, _LEAVE_DAYS):
            players.add(obj.player_id)
        elif isinstance(obj, Case) and obj.game_id is not None and _changed(obj, _DECISION):
            games.add(obj.game_id)
    for obj in session.deleted:
        if isinstance(obj, (TimeCharge, Move)):
            games.add(obj.game_id)
        elif isinstance(obj, PlayerLeave):
            players.add(obj.player_id)
        elif isinstance(obj, Case) and obj.game_id is not None:
            games.add(obj.game_id)
    if players:
        forget_leaves(session)
    if not games and not players:
        return
    for obj in list(session.identity_map.values()):
        if isinstance(obj, Game) and (
            obj.id in games or obj.white_id in players or obj.black_id in players
        ):
            obj.ledger_state = None
    session.connection().execute(
        update(Game)
        .where(
            or_(
                Game.id.in_(sorted(games)),
                Game.white_id.in_(sorted(players)),
                Game.black_id.in_(sorted(players)),
            ),
            Game.ledger_state.is_not(None),
        )
        .values(ledger_state=None)
    )


__all__ = ["forget_stale_tallies"]
