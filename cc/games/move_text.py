"""A move's text read against the position, and why the notation refused it."""

from __future__ import annotations

import chess

import notation
from cc.base import errors
from cc.store.models import Game
from cc.text.i18n import N_, Text, code


def notation_reason(error: notation.NotationError) -> Text:
    """Why the notation refused a move text, to be shown in the reader's language."""
    if isinstance(error, notation.SequenceError):
        return N_(
            "the record is at move {number} for {side} here",
            number=error.number,
            side=code("color", "white" if error.color == chess.WHITE else "black"),
        )
    return code("reason", error.reason)


def read_move(board: chess.Board, text: str, game: Game) -> chess.Move:
    """``text`` read as a move from ``board``, or refused with the reason."""
    try:
        return notation.read_move(board, text)
    except notation.IllegibleMoveError as exc:
        raise errors.IllegibleMove(
            text=exc.text, game_id=game.id, fen=exc.fen, reason=notation_reason(exc)
        ) from None
    except notation.AmbiguousMoveError as exc:
        raise errors.AmbiguousMove(
            text=exc.text, game_id=game.id, fen=exc.fen, reason=notation_reason(exc)
        ) from None
    except notation.ImpossibleMoveError as exc:
        raise errors.ImpossibleMove(
            text=exc.text, game_id=game.id, fen=exc.fen, reason=notation_reason(exc)
        ) from None


__all__ = ["notation_reason", "read_move"]
