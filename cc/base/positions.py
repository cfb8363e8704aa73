"""Boards by FEN, each parsed once per process.

Reading a FEN into a :class:`chess.Board` costs a move more than a tenth
of its processor time (python-chess builds the board square by square);
copying a board costs a fiftieth of that. A game's next move starts from
the position its last move left, so the board pushed by that move is kept
under the FEN stored with it, and the next move (and the pages that show
the game meanwhile) copy it instead of parsing. Kept per process and
bounded: a position not kept is parsed as before, with the same result.
"""

from __future__ import annotations

import threading
from collections import OrderedDict

import chess

#: how many positions a process keeps (a board is about a kilobyte)
LIMIT = 4096

_BOARDS: OrderedDict[tuple[str, bool], chess.Board] = OrderedDict()
_LOCK = threading.Lock()


def board(fen: str, chess960: bool = False) -> chess.Board:
    """A board of its own for ``fen``, as ``chess.Board(fen, chess960=...)``."""
    key = (fen, chess960)
    with _LOCK:
        kept = _BOARDS.get(key)
        if kept is not None:
            _BOARDS.move_to_end(key)
            return kept.copy(stack=False)
    parsed = chess.Board(fen, chess960=chess960)
    _keep(key, parsed.copy(stack=False))
    return parsed


def remember(fen: str, position: chess.Board) -> None:
    """Keep ``position`` (just pushed) as the board of ``fen``, its FEN.

    An en passant square no capture can use is dropped, as reading ``fen``
    (written with legal en passant squares only) would leave it."""
    kept = position.copy(stack=False)
    if kept.ep_square is not None and not kept.has_legal_en_passant():
        kept.ep_square = None
    _keep((fen, kept.chess960), kept)


def _keep(key: tuple[str, bool], position: chess.Board) -> None:
    with _LOCK:
        _BOARDS[key] = position
        _BOARDS.move_to_end(key)
        while len(_BOARDS) > LIMIT:
            _BOARDS.popitem(last=False)


__all__ = ["LIMIT", "board", "remember"]
