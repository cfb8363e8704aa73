"""A game's moves in order, read once per state of the game in a transaction.

A move's answers (the partner's notice, the mover's confirmation, the
59.1 form with its schedule) each number and write the game's moves: they
share one read. The key is the game and its ply count, so a move made in
the transaction is a new state read afresh, and a savepoint rolled back
returns to a state already read. The email gateway forgets the memo
between messages (:data:`UCIS`).
"""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import bindparam, select
from sqlalchemy.orm import Session

from cc.store import loads
from cc.store.memos import Memo
from cc.store.models import Game, Move

UCIS = Memo[dict[tuple[int, int], list[str]]](
    "cc.store.move_list.ucis",
    """Games' moves as UCI, by game and ply count, kept for the transaction;
    the email gateway drops them between messages.""",
)


def game_ucis(session: Session, game: Game) -> list[str]:
    """The game's moves as UCI, in order."""
    memo = UCIS.setdefault(session, dict)
    key = (game.id, game.ply_count)
    if key not in memo:
        rows = loads.read(session, _UCIS, {"game_id": game.id})
        memo[key] = [uci for (uci,) in rows]
    return list(memo[key])


_UCIS = select(Move.uci).where(Move.game_id == bindparam("game_id")).order_by(Move.ply)


def remember(session: Session, game_id: int, ucis: Sequence[str]) -> None:
    """Keep the whole of a game's moves, read by a caller for more than UCI."""
    memo = UCIS.setdefault(session, dict)
    memo[(game_id, len(ucis))] = list(ucis)


__all__ = ["UCIS", "game_ucis", "remember"]
