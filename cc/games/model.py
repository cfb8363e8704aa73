"""The games' public vocabulary: the stored game and its list of moves, as
the doors name them (the tables themselves are the store's)."""

from __future__ import annotations

from sqlalchemy.orm import Session

from cc.store import move_list
from cc.store.models import Game as Game
from cc.store.move_list import game_ucis as game_ucis


def forget_move_lists(session: Session) -> None:
    """Drop the games' move lists read in the transaction (:func:`game_ucis`),
    so that the next message of an email batch reads them afresh."""
    move_list.UCIS.drop(session)
