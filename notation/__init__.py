"""Reading and writing chess moves in the notations correspondence players use.

Pure: python-chess only, no I/O. Every door reads moves through
:func:`read_move`, which tells apart the three faults the rules price
(Art. 55.3, 56.3): a text that is no notation at all (*illegible*), one that
reads but names no legal move (*impossible*), and one that fits more than one
legal move (*ambiguous*).
"""

from notation.errors import (
    AmbiguousMoveError,
    IllegibleMoveError,
    ImpossibleMoveError,
    NotationError,
)
from notation.reading import read_move

__all__ = [
    "AmbiguousMoveError",
    "IllegibleMoveError",
    "ImpossibleMoveError",
    "NotationError",
    "read_move",
]
