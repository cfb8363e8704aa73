"""Tablebase evidence: the exact result of a position with few pieces.

A Syzygy probe (python-chess ``chess.syzygy``) gives the result with best
play from the position, from the side to move's point of view. A cursed win
or a blessed loss (won or lost only beyond the 50-move rule) is a draw, as
the rules of play count it. The 3- and 4-piece tables ship with the server
(``tablebases/``); a federation points ``CC_TABLEBASES`` at its full 6- or
7-piece set. Reading the tables is the only I/O here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import chess
import chess.syzygy

#: the 3- and 4-piece tables shipped with the server
EMBEDDED = Path(__file__).resolve().parent / "tablebases"


@dataclass(frozen=True)
class TablebaseVerdict:
    fen: str
    pieces: int
    #: 2 win, 1 cursed win, 0 draw, -1 blessed loss, -2 loss (side to move)
    wdl: int
    #: distance to a zeroing move (capture or pawn move), as Syzygy counts it
    dtz: int
    #: the result with best play: "1-0", "0-1" or "1/2-1/2"
    result: str


def probe(fen: str, paths: Sequence[Path] = (EMBEDDED,)) -> TablebaseVerdict | None:
    """The tablebase verdict on ``fen``, or None where no table covers it.

    >>> probe("8/8/8/4k3/8/8/8/KQ6 w - - 0 1").result
    '1-0'
    >>> probe("8/8/8/4k3/8/8/8/KQ6 b - - 0 1").wdl
    -2
    >>> probe("8/8/8/4k3/8/8/8/KN6 w - - 0 1").result
    '1/2-1/2'
    >>> probe(chess.STARTING_FEN) is None
    True
    """
    board = chess.Board(fen)
    pieces = chess.popcount(board.occupied)
    existing = [p for p in paths if Path(p).is_dir()]
    if not existing or pieces > chess.syzygy.TBPIECES:
        return None
    with chess.syzygy.Tablebase() as tables:
        for path in existing:
            tables.add_directory(str(path))
        try:
            wdl = tables.probe_wdl(board)
            dtz = tables.probe_dtz(board)
        except (KeyError, chess.syzygy.MissingTableError):
            return None
    if wdl in (2, -2):
        mover_wins = wdl == 2
        white_wins = mover_wins == (board.turn == chess.WHITE)
        result = "1-0" if white_wins else "0-1"
    else:
        result = "1/2-1/2"
    return TablebaseVerdict(fen=board.fen(), pieces=pieces, wdl=wdl, dtz=dtz, result=result)
