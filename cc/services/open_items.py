"""Which games of a batch have conditional lines or draw offers open.

A game that ends lapses its open lines and offers (:meth:`GameService._finish`),
which costs two queries per game. The daily run, which may end hundreds of
games in one transaction, reads both for its whole batch in two statements
instead; a game outside the batch, or with no batch read, is queried as
before. The run creates neither lines nor offers, so what it read holds until
it forgets it at the end of the batch.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from sqlalchemy import select
from sqlalchemy.orm import Session

from cc.models import ConditionalLine, DrawOffer, DrawOfferStatus, LineStatus

_KEY = "cc.open_items"

Item = Literal["lines", "offers"]


def read_open_once(session: Session, game_ids: Sequence[int]) -> None:
    """Read which of ``game_ids`` have an active line or an open offer."""
    ids = sorted(set(game_ids))
    lines = set(
        session.scalars(
            select(ConditionalLine.game_id).where(
                ConditionalLine.game_id.in_(ids), ConditionalLine.status == LineStatus.ACTIVE
            )
        )
    )
    offers = set(
        session.scalars(
            select(DrawOffer.game_id).where(
                DrawOffer.game_id.in_(ids), DrawOffer.status == DrawOfferStatus.OPEN
            )
        )
    )
    session.info[_KEY] = (frozenset(ids), {"lines": lines, "offers": offers})


def may_have_open(session: Session, game_id: int, item: Item) -> bool:
    """False only when a batch read says the game has no open ``item``."""
    known = session.info.get(_KEY)
    if known is None or game_id not in known[0]:
        return True
    return game_id in known[1][item]


def forget_open(session: Session) -> None:
    session.info.pop(_KEY, None)


__all__ = ["forget_open", "may_have_open", "read_open_once"]
