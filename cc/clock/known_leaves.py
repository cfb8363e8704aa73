"""The players' leaves a session already knows, read once for the ledgers of many games.

The daily run reads the leaves of a whole batch's players in one statement
(:func:`read_leaves_once`); a move that found neither player on leave says
so (:func:`know_no_leaves`). The ledgers of those games then read no leave
of their own (:mod:`cc.clock.ledger_inputs`).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, timedelta

from sqlalchemy import select
from sqlalchemy.orm import Session

from cc.base.kinds import LeaveStatus
from cc.store.memos import Memo
from cc.store.models import Game, PlayerLeave
from timekeeping import Leave

KNOWN_LEAVES = Memo[tuple[date, dict[int, list[Leave]]]](
    "cc.clock.known_leaves.leaves",
    """The leaves read once for a batch of games: the day after which they
    were read (``date.min``: all of them, none found) and each player's
    active leaves. Dropped by :func:`forget_leaves`: at the end of the daily
    run's batch, between the email gateway's messages, and when a leave
    changes in the session (:mod:`cc.clock.kept_tallies`).""",
)


def read_leaves_once(session: Session, games: Sequence[Game]) -> None:
    """Read the leaves of a batch of games' players in one statement, for
    the ledgers of those games in this session (the daily run); a leave
    changed in the session forgets them."""
    if not games:
        return
    after = min(g.turn_started_at for g in games).date() - timedelta(days=2)
    known: dict[int, list[Leave]] = {}
    for game in games:
        known[game.white_id] = []
        known[game.black_id] = []
    for player_id, first, last in session.execute(
        select(PlayerLeave.player_id, PlayerLeave.first_day, PlayerLeave.last_day).where(
            PlayerLeave.player_id.in_(sorted(known)),
            PlayerLeave.status == LeaveStatus.ACTIVE,
            PlayerLeave.last_day > after,
        )
    ):
        known[player_id].append(Leave(first, last))
    KNOWN_LEAVES.put(session, (after, known))


def know_no_leaves(session: Session, game: Game) -> None:
    """Neither of ``game``'s players has a leave at all, as the caller read
    in this session: their ledgers read none (a leave changed in the session
    forgets it, as it does :func:`read_leaves_once`)."""
    known = KNOWN_LEAVES.get(session)
    if known is None:
        known = (date.min, {})
        KNOWN_LEAVES.put(session, known)
    elif known[0] != date.min:
        return  # a batch's read holds; it answers for its own games
    known[1][game.white_id] = []
    known[1][game.black_id] = []


def known_to_have_no_leaves(session: Session, game: Game) -> bool:
    """Whether this session already knows (:func:`know_no_leaves`) that
    neither of ``game``'s players has a leave."""
    known = KNOWN_LEAVES.get(session)
    return (
        known is not None
        and known[0] == date.min
        and not known[1].get(game.white_id, [None])
        and not known[1].get(game.black_id, [None])
    )


def forget_leaves(session: Session) -> None:
    KNOWN_LEAVES.drop(session)


__all__ = [
    "KNOWN_LEAVES",
    "forget_leaves",
    "know_no_leaves",
    "known_to_have_no_leaves",
    "read_leaves_once",
]
