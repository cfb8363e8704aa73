"""The game's record as the game page lists it: move pairs in the reader's
notation, each with the day it was sent and the position after it.

The position (FEN) and the move (UCI) of every ply travel in the page, so
the board's script can show any earlier position without asking the
server again, and the list still reads as a record without script.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from typing import Protocol

import chess
from babel.dates import format_skeleton

import notation


class SentMove(Protocol):
    """What the list needs of a move (``cc.views.games.MoveView``)."""

    @property
    def uci(self) -> str: ...

    @property
    def sent_on(self) -> date: ...


@dataclass(frozen=True)
class ListedMove:
    #: 1 for White's first move, counting half-moves
    ply: int
    #: the move in the reader's notation
    text: str
    uci: str
    #: the position after the move
    fen: str
    sent: date
    #: the day and month in the reader's language: 11/23, 23.11
    sent_short: str


@dataclass(frozen=True)
class MoveRow:
    number: int
    white: ListedMove | None
    black: ListedMove | None


def short_date(day: date, lang: str) -> str:
    """Day and month as the reader's language writes them.

    >>> short_date(date(2026, 11, 23), "en"), short_date(date(2026, 11, 23), "ru")
    ('11/23', '23.11')
    """
    return str(format_skeleton("Md", day, locale=lang))


def move_rows(
    moves: Sequence[SentMove],
    style: str,
    lang: str,
    fen: str = chess.STARTING_FEN,
    *,
    chess960: bool = False,
) -> list[MoveRow]:
    """The moves from ``fen`` (a thematic game's start), one row per move number.

    >>> from types import SimpleNamespace as M
    >>> day = date(2026, 3, 5)
    >>> rows = move_rows([M(uci="e2e4", sent_on=day), M(uci="e7e5", sent_on=day),
    ...                   M(uci="g1f3", sent_on=day)], "numeric", "ru")
    >>> [(r.number, r.white and r.white.text, r.black and r.black.text) for r in rows]
    [(1, '5254', '5755'), (2, '7163', None)]
    >>> rows[1].white.ply, rows[1].white.sent_short, rows[0].black.fen.split()[0]
    (3, '05.03', 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR')
    """
    board = chess.Board(fen, chess960=chess960)
    rows: list[MoveRow] = []
    for ply, move in enumerate(moves, start=1):
        played = chess.Move.from_uci(move.uci)
        text = notation.write_move(board, played, style)
        white = board.turn == chess.WHITE
        number = board.fullmove_number
        board.push(played)
        listed = ListedMove(
            ply=ply,
            text=text,
            uci=move.uci,
            fen=board.fen(),
            sent=move.sent_on,
            sent_short=short_date(move.sent_on, lang),
        )
        if white or not rows:
            rows.append(MoveRow(number, listed if white else None, None if white else listed))
        else:
            rows[-1] = MoveRow(rows[-1].number, rows[-1].white, listed)
    return rows
