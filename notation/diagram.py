"""A position as a plain-text diagram, for mail read in any monospace font.

Eight rank lines between two lines of file letters, White at the bottom;
White's pieces in capitals, Black's in small letters, in the letters of the
reader's language (English K Q R B N P, Russian Кр Ф Л С К П). Every square
takes three characters, so the two-letter Russian king keeps the columns
straight.
"""

from __future__ import annotations

from typing import Final

import chess

from notation.kinds import EN_LETTERS, RU_LETTERS

_EMPTY: Final = "."
_WIDTH: Final = 3
_LETTERS: Final[dict[str, dict[chess.PieceType, str]]] = {
    "en": {**EN_LETTERS, chess.PAWN: "P"},
    "ru": {**RU_LETTERS, chess.PAWN: "П"},
}


def diagram(board: chess.Board, lang: str = "en") -> str:
    """``board``'s pieces as ten lines of text (English letters unless ``lang``
    is one with letters of its own).

    >>> print(diagram(chess.Board("4k3/8/8/8/8/8/4P3/4K2R w K - 0 1")))
       a  b  c  d  e  f  g  h
    8  .  .  .  .  k  .  .  .  8
    7  .  .  .  .  .  .  .  .  7
    6  .  .  .  .  .  .  .  .  6
    5  .  .  .  .  .  .  .  .  5
    4  .  .  .  .  .  .  .  .  4
    3  .  .  .  .  .  .  .  .  3
    2  .  .  .  .  P  .  .  .  2
    1  .  .  .  .  K  .  .  R  1
       a  b  c  d  e  f  g  h
    >>> print(diagram(chess.Board("3qk3/8/8/8/8/8/8/3QK3 b - - 0 1"), "ru"))
       a  b  c  d  e  f  g  h
    8  .  .  .  ф  кр .  .  .  8
    7  .  .  .  .  .  .  .  .  7
    6  .  .  .  .  .  .  .  .  6
    5  .  .  .  .  .  .  .  .  5
    4  .  .  .  .  .  .  .  .  4
    3  .  .  .  .  .  .  .  .  3
    2  .  .  .  .  .  .  .  .  2
    1  .  .  .  Ф  Кр .  .  .  1
       a  b  c  d  e  f  g  h
    """
    letters = _LETTERS.get(lang, _LETTERS["en"])
    files = " " * _WIDTH + "".join(name.ljust(_WIDTH) for name in chess.FILE_NAMES).rstrip()
    lines = [files]
    for rank in range(7, -1, -1):
        cells = []
        for file in range(8):
            piece = board.piece_at(chess.square(file, rank))
            if piece is None:
                cells.append(_EMPTY.ljust(_WIDTH))
                continue
            letter = letters[piece.piece_type]
            if piece.color == chess.WHITE:
                shown = letter[:1].upper() + letter[1:]  # Кр, not КР
            else:
                shown = letter.lower()
            cells.append(shown.ljust(_WIDTH))
        label = str(rank + 1)
        lines.append(f"{label.ljust(_WIDTH)}{''.join(cells)}{label}")
    lines.append(files)
    return "\n".join(lines)
