"""Reading and writing chess moves in the notations correspondence players use.

Pure: python-chess only, no I/O. Every door reads moves through
:func:`read_move` (one move) or :func:`read_move_list` (a numbered record),
which tell apart the three faults the rules price (Art. 55.3, 56.3): a text
that is no notation at all (*illegible*), one that reads but names no legal
move (*impossible*), and one that fits more than one legal move
(*ambiguous*). :func:`write_move` and :func:`write_moves` write any move or
game in every notation, numeric exactly as Art. 58 gives it; :func:`diagram`
draws a position as plain text.
"""

from notation.diagram import diagram
from notation.errors import (
    AmbiguousMoveError,
    IllegibleMoveError,
    ImpossibleMoveError,
    NotationError,
)
from notation.kinds import Notation
from notation.movelist import (
    ListedMove,
    ListFailure,
    MoveList,
    SequenceError,
    classify,
    detect_notation,
    read_move_list,
)
from notation.reading import read_move, read_move_as, unpunctuated
from notation.words import describe_move
from notation.writing import numeric, write_move, write_moves

__all__ = [
    "AmbiguousMoveError",
    "IllegibleMoveError",
    "ImpossibleMoveError",
    "ListFailure",
    "ListedMove",
    "MoveList",
    "Notation",
    "NotationError",
    "SequenceError",
    "classify",
    "describe_move",
    "detect_notation",
    "diagram",
    "numeric",
    "read_move",
    "read_move_as",
    "read_move_list",
    "unpunctuated",
    "write_move",
    "write_moves",
]
